"""Rollout: one step of lookahead with a base heuristic's exact cost-to-go (Algorithm 1).

At a state S (stage k >= 2; the opener is fixed) the rollout policy looks one guess ahead and
uses the base heuristic H as the cost-to-go approximation (Bhambri et al., Eqs. (4), (5),
(17), (18)). The Q-factor of a guess u averages, over the candidates m in S, the number of
guesses needed when u is played now and H plays on with m the mystery word:

    Q(u) = (1/|S|) sum_{m in S} Q(m, u) = (|S| + sum_{f != all green} T_H(S_f(u))) / |S|,

with ``T_H`` the base policy's total from ``evaluate.PolicyValues``. Rollout plays
``argmin_u Q(u)`` over a shortlist (the paper's top-10, Section 2.1):

1. the base heuristic's own choice, always (so ties in Q go to it and rollout deviates from
   the base only when that is strictly better);
2. the k guesses with the best one-step score of the heuristic; among equal scores candidates
   come first, then list order.

Point 1 makes the rollout policy never worse than its base (policy improvement: rollout is one
step of policy iteration, the paper's "Newton step"). Point 2 matters for MIG, whose own ties
go to list order: with two candidates left, hundreds of words split them equally well, and a
shortlist of the first ten in alphabetical order would never contain the candidates, the only
options that can win at once. Measured from salet, easy mode: with candidates first 7946
(published 7951); in plain list order 8251.

The shortlist may be ranked by another heuristic than the one that plays on
(``shortlist_heuristic``). ``rollout-gep-published`` needs it: Algorithm 1 shortlists the
guesses with the *largest* scores, so the paper's sign error (``gep-published`` plays the
smallest GEP score) was in the play-on only. Shortlisting by GEP and playing on with
``gep-published`` gives 3.5482 from salet (strict), near the published 3.5352; inverting the
shortlist too would give 4.3469.
"""

from __future__ import annotations

import numpy as np

from .errors import WordlekitError
from .evaluate import PerGame, PolicyValues, play_out
from .heuristics import EXCLUDED, best_positions
from .game import Game, State

DEFAULT_TOP_K = 10


class Rollout:
    """The rollout policy over a base heuristic.

    Parameters
    ----------
    base_heuristic : Heuristic, or any policy with ``choose(game, state)``
        Plays on after each shortlisted guess; its values ``T_H`` are memoised per game.
    top_k : int
        How many of the heuristic's best guesses get an exact Q-factor (default 10).
    shortlist_heuristic : Heuristic, optional
        Ranks the shortlist by its ``keys``; by default the base heuristic itself (which must
        then be a Heuristic). Give one to roll out over a policy that has no keys, such as
        another ``Rollout``.
    prior : prior.Prior, optional
        Weigh the Q-factors by a non-uniform prior over the answers: Q(u) is then the expected
        number of guesses under the posterior, ``(W(S) + sum_f T^w_H(S_f)) / W(S)`` (see
        ``wordlekit.prior``). None (default): the papers' uniform prior.
    favourite : bool
        With a prior, add to the shortlist the candidate strictly likelier than every other one
        (default True). The heuristics' one-step scores never value winning at once, so under a
        skewed prior the shortlist would otherwise miss the obvious guess: measured on the
        original lists from salet with Norvig's counts, rollout on MIG expects 3.156 guesses
        without it and 2.842 with it (notebook 11).
    """

    def __init__(self, base_heuristic, top_k: int = DEFAULT_TOP_K, shortlist_heuristic=None,
                 prior=None, favourite: bool = True):
        if isinstance(top_k, bool) or not isinstance(top_k, (int, np.integer)) or top_k < 1:
            raise WordlekitError(f"top-k {top_k!r} is not a whole number >= 1")
        self.base_heuristic = base_heuristic
        self.shortlist_heuristic = shortlist_heuristic or base_heuristic
        self.top_k = int(top_k)
        self.prior = prior
        self.favourite = favourite
        self.name = f"rollout-{base_heuristic.name}"
        if prior is not None and not base_heuristic.name.endswith(f"[{prior.name}]"):
            self.name += f"[{prior.name}]"
        if prior is not None and not favourite:
            self.name += "-no-favourite"
        self.base_values = PerGame(lambda game: PolicyValues(
            game, base_heuristic, None if prior is None else prior.weights_for(game)))
        self._choices = PerGame(lambda game: {})

    def __repr__(self) -> str:
        return (f"Rollout({self.base_heuristic!r}, top_k={self.top_k}, "
                f"shortlist_heuristic={self.shortlist_heuristic!r}, prior={self.prior!r}, "
                f"favourite={self.favourite})")

    def q_factors(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """Exact Q-factors of the top-k guesses at ``state``.

        Returns
        -------
        options : numpy.ndarray of int, the shortlisted guess indices (see ``shortlist``)
        totals : numpy.ndarray of int64, ``|S| * Q(u)`` for each option (guesses summed over the
            candidates); divide by ``len(state)`` for the average Q-factor of Eq. (4). With a
            prior, ``W(S) * Q(u)``: divide by ``base_values(game).mass(state)``.
        """
        values = self.base_values(game)
        options = self.shortlist(game, state)
        totals = np.empty(len(options), dtype=np.int64)
        for i, guess in enumerate(options):
            total = values.mass(state)
            for pattern, child in game.children(state, int(guess)):
                if pattern != game.solved:
                    total += values.total(child)
            totals[i] = total
        return options, totals

    def q_factor_table(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """``Q(m, u)`` of Eq. (4) for every shortlisted guess u and candidate m.

        Returns
        -------
        options : numpy.ndarray of int, the shortlist (see ``shortlist``)
        q : numpy.ndarray of int64, shape (len(options), len(state)): guesses needed for
            mystery word m when u is played now and the base heuristic plays on. Row means are
            the average Q-factors; row sums the totals of ``q_factors``.
        """
        options = self.shortlist(game, state)
        q = np.ones((len(options), len(state.candidates)), dtype=np.int64)
        for i, guess in enumerate(options):
            for pattern, child in game.children(state, int(guess)):
                if pattern != game.solved:
                    where = np.searchsorted(state.candidates, child.candidates)
                    q[i, where] = 1 + play_out(game, self.base_heuristic, child)
        return options, q

    def shortlist(self, game: Game, state: State) -> np.ndarray:
        """Guesses that get a Q-factor: the base's choice, then the top k by one-step score."""
        allowed = game.allowed_guesses(state)
        keys = self.shortlist_heuristic.keys(game, state)
        # Among equal scores, candidates first: key -> 2 * key + (guess is not a candidate).
        outside = ~np.isin(allowed, game.guess_of_answer[state.candidates], assume_unique=True)
        ranked = np.where(keys == EXCLUDED, EXCLUDED, 2 * keys + outside)
        base_choice = self.base_heuristic.choose(game, state)
        top = allowed[best_positions(ranked, self.top_k)]
        options = [base_choice] + [g for g in top.tolist() if g != base_choice]
        if self.favourite and self.prior is not None:
            # The one-step scores ignore the chance of winning at once, which a skewed prior
            # makes large: also try the favourite, the candidate likelier than any other (none
            # under a uniform prior, so the uniform case is the papers' rollout exactly).
            w = self.prior.weights_for(game)[state.candidates]
            top = np.argmax(w)
            if (w == w[top]).sum() == 1:
                favourite = int(game.guess_of_answer[state.candidates[top]])
                if favourite not in options:
                    options.append(favourite)
        return np.array(options, dtype=np.int64)

    def choose(self, game: Game, state: State) -> int:
        """The guess with the smallest Q-factor (ties: the heuristic's better-ranked guess)."""
        candidates = state.candidates
        if len(candidates) == 1:
            return int(game.guess_of_answer[candidates[0]])
        choices = self._choices(game)
        guess = choices.get(state.key)
        if guess is None:
            options, totals = self.q_factors(game, state)
            guess = int(options[int(np.argmin(totals))])
            choices[state.key] = guess
        return guess
