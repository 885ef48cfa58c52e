"""Rollout: one step of lookahead with a base heuristic's exact cost-to-go (Algorithm 1).

At a state S (stage k >= 2; the opener is fixed) the rollout policy looks one guess ahead and
uses the base heuristic H as the cost-to-go approximation (Bhambri et al., Eqs. (4), (5),
(17), (18)). The Q-factor of a guess u averages, over the candidates m in S, the number of
guesses needed when u is played now and H plays on with m the answer (the paper's *mystery
word*; here, as everywhere in wordlekit, the hidden word is the answer):

    Q(u) = (1/|S|) sum_{m in S} Q(m, u) = (|S| + sum_{f != all green} T_H(S_f(u))) / |S|,

with ``T_H`` the base policy's total from ``evaluation.PolicyValues``. Rollout plays
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

**Every guess** (``top_k=None``): Eq. (5) exactly, the minimum over every allowed guess, with
no shortlist. Pricing every guess at every state means some six million Q-factors from salet in
easy mode (notebook 06); the choice is the same when a guess is priced only if it can still win,
by a bound that needs no play-out (there: 72,872 priced).
Any policy needs at least ``2|S'| - 1`` guesses summed over a set S' (at most one candidate is
won by the next guess, every other needs two or more), so

    |S| Q(u) >= |S| + sum_{f != all green} (2 |S_f(u)| - 1) = 3|S| - parts(u) - in_set(u),

with ``parts`` the feedback buckets and ``in_set`` 1 if u is a candidate (``buckets``). Guesses
are priced in increasing order of that bound until it exceeds the best total found; ties go to
the earlier guess of the full shortlist (the base's choice, then the heuristic's ranking), as
if every guess were priced. ``priced`` counts the Q-factors computed.

**One base policy per hypothesis** (``PerAnswerRollout``, Eqs. (16)-(17)): the paper's rollout
uses one base policy for every candidate (pi^i = pi, Eq. (18)). Eq. (17) allows a policy per
candidate theta^i; here each candidate is charged the best of several heuristics *for that
answer* (``lookahead.PerAnswerPolicyCost``), over the same shortlist as ``Rollout``.

**Algorithm 1 as printed** (``Algorithm1``): the pseudocode, line by line, with two slips the
text around it does not have. The running ``score`` is never reset (line 11 adds to it, no line
sets it to 0), so each candidate's "Q-factor" carries every earlier candidate's and every
earlier choice's guesses; then the average of a later choice is never below an earlier one's
and line 18's argmin is always 0: the top-scored word, the base heuristic's own choice. And
line 19 returns ``U_i[min_index]``, an index into the shortlist read in the allowed list: the
``min_index``-th allowed word, alphabetical. Together: the first allowed word, every time
(``aahed`` in easy mode, where a game then never ends). ``Algorithm1`` has a flag for each slip,
so all four readings can be played; with both fixed it is rollout with the shortlist in plain
score order (ties to list order, no preference for candidates).

Rollout is one instance of approximation in value space (``wordlekit.lookahead``):
``Lookahead(PolicyCost(H), depth=1)`` with H's choice heading the shortlist. ``Rollout`` adds
the prior's favourite to the shortlist and ``q_factor_table``; ``SampledRollout`` estimates the
Q-factors from a seeded sample of the candidates (simplified rollout, below).

References
----------
- [bhambri2022]_, Algorithm 1, Eqs. (4), (5), (16), (17) and (18), Tables 1 and 2: rollout
  over a base heuristic, its top-10 shortlist.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .buckets import bucket_stats
from .checks import whole_number
from .contracts import Model as Game
from .contracts import ModelState as State
from .errors import WordlekitError
from .evaluation import PerModel, line, play_out
from .game import Game as OneBoard
from .lookahead import DEFAULT_TOP_K, Lookahead, PerAnswerPolicyCost, PolicyCost, PolicyDepths
from .prior import Weights

__all__ = [
    "DEFAULT_TOP_K",
    "Algorithm1",
    "Algorithm1Trace",
    "PerAnswerRollout",
    "Rollout",
    "SampledRollout",
]


class Rollout(Lookahead):
    """The rollout policy over a base heuristic.

    Parameters
    ----------
    base_heuristic : Heuristic, or any policy with ``choose(game, state)``
        Plays on after each shortlisted guess; its values ``T_H`` are memoised per game.
    top_k : int or None
        How many of the heuristic's best guesses get an exact Q-factor (default 10); None:
        every allowed guess, Eq. (5) exactly (one board, uniform prior: see the module
        docstring).
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

    def __init__(
        self,
        base_heuristic,
        top_k: int = DEFAULT_TOP_K,
        shortlist_heuristic=None,
        prior=None,
        favourite: bool = True,
    ):
        whole_number(top_k, "top-k", none="every guess")
        if top_k is None and prior is not None:
            raise WordlekitError(
                "rollout over every guess (top-k None) is for the uniform prior; "
                "expected a whole top-k with a prior"
            )
        super().__init__(
            PolicyCost(base_heuristic, prior),
            depth=1,
            top_k=top_k,
            shortlist_heuristic=shortlist_heuristic or base_heuristic,
            base_policy=base_heuristic,
        )
        self.base_heuristic = base_heuristic
        self.prior = prior
        self.favourite = favourite
        self.base_values = self.cost.values  # PerModel of evaluation.PolicyValues
        self.name = f"rollout-{base_heuristic.name}"
        if top_k is None:
            self.name += "-every-guess"
        #: Q-factors computed so far by ``choose`` over every guess (``top_k=None``).
        self.priced = 0
        if prior is not None and not base_heuristic.name.endswith(f"[{prior.name}]"):
            self.name += f"[{prior.name}]"
        if prior is not None and not favourite:
            self.name += "-no-favourite"

    def __repr__(self) -> str:
        return (
            f"Rollout({self.base_heuristic!r}, top_k={self.top_k}, "
            f"shortlist_heuristic={self.shortlist_heuristic!r}, prior={self.prior!r}, "
            f"favourite={self.favourite})"
        )

    def q_totals(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """Exact Q-factors of the top-k guesses at ``state``, as totals: |S| * Q(u).

        Returns
        -------
        options : numpy.ndarray of int, the shortlisted guess indices (see ``shortlist``)
        totals : numpy.ndarray of int64, ``|S| * Q(u)`` for each option (guesses summed over the
            candidates); divide by ``len(state)`` for the average Q-factor of Eq. (4). With a
            prior, ``W(S) * Q(u)``: divide by ``base_values(game).mass(state)``.
        """
        options, totals = super().q_totals(game, state)
        return options, totals.astype(np.int64)

    def choose(self, game: Game, state: State) -> int:
        """Rollout's guess: the smallest Q-factor of the shortlist (ties: the earlier);
        with ``top_k=None`` of every allowed guess, found by bound (module docstring)."""
        if self.top_k is not None or game.sole_guess(state) is not None:
            return super().choose(game, state)
        choices = self._choices(game)
        guess = choices.get(state.key)
        if guess is None:
            guess = choices[state.key] = self._best_of_every_guess(game, state)
        return guess

    def _best_of_every_guess(self, game: Game, state: State) -> int:
        if not isinstance(game, OneBoard):
            raise WordlekitError(
                f"rollout over every guess (top-k None) is for one board; got {game!r}"
            )
        options = self.shortlist(game, state)  # every guess that makes progress, base first
        stats = bucket_stats(game, state.candidates, options.astype(np.int32))
        bound = 3 * len(state) - stats.parts - stats.in_set
        best, best_total = -1, None
        for position in np.argsort(bound, kind="stable"):
            if best_total is not None and bound[position] > best_total:
                break
            total = self._q_total(game, state, int(options[position]), 1)
            self.priced += 1
            if best_total is None or (total, position) < (best_total, best):
                best, best_total = int(position), total
        return int(options[best])

    def q_factor_table(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """``Q(m, u)`` of Eq. (4) for every shortlisted guess u and candidate m.

        Returns
        -------
        options : numpy.ndarray of int, the shortlist (see ``shortlist``)
        q : numpy.ndarray of int64, shape (len(options), len(state)): guesses needed for
            answer m when u is played now and the base heuristic plays on. Row means are
            the average Q-factors; row sums the totals of ``q_totals``.
        """
        options = self.shortlist(game, state)
        secrets = game.secrets(state)
        q = np.ones((len(options), len(secrets)), dtype=np.int64)
        for i, guess in enumerate(options):
            for _, child in game.unsolved_children(state, int(guess)):
                where = np.searchsorted(secrets, game.secrets(child))
                q[i, where] = 1 + play_out(game, self.base_heuristic, child)
        return options, q

    def shortlist(self, game: Game, state: State, k: int | None = -1) -> np.ndarray:
        """Guesses that get a Q-factor: the base's choice, then the top k by one-step score
        (and, under a prior, its favourite candidate)."""
        options = super().shortlist(game, state, k)
        if self.favourite and self.prior is not None:
            # The one-step scores ignore the chance of winning at once, which a skewed prior
            # makes large: also try the favourite, the candidate likelier than any other (none
            # under a uniform prior, so the uniform case is the papers' rollout exactly).
            w = Weights.of(game, self.prior).of_candidates(state.candidates)
            top = np.argmax(w)
            if (w == w[top]).sum() == 1:
                favourite = int(game.guess_of_answer[state.candidates[top]])
                if favourite not in options:
                    options = np.append(options, np.int64(favourite))
        return options


class PerAnswerRollout(Lookahead):
    """Eq. (17) with one base policy per hypothesis: the shortlist of ``Rollout`` (the
    heuristic's choice, then its top k), each guess's Q-factor charging every candidate what
    the best of ``bases`` needs for it (``lookahead.PerAnswerPolicyCost``).

    Parameters
    ----------
    heuristic : Heuristic
        Ranks the shortlist; its choice heads it (ties in Q go to it).
    bases : sequence of policies
        The base policies pi^i is chosen from, per candidate.
    top_k : int
    """

    def __init__(self, heuristic, bases, top_k: int = DEFAULT_TOP_K):
        whole_number(top_k, "top-k")
        super().__init__(
            PerAnswerPolicyCost(bases),
            depth=1,
            top_k=top_k,
            shortlist_heuristic=heuristic,
            base_policy=heuristic,
        )
        self.bases = tuple(bases)
        self.name = f"per-answer-rollout-{heuristic.name}"

    def __repr__(self) -> str:
        return (
            f"PerAnswerRollout({self.shortlist_heuristic!r}, {list(self.bases)!r}, "
            f"top_k={self.top_k})"
        )


class SampledRollout(Rollout):
    """Simplified rollout: Q-factors estimated from a seeded random sample of the candidates.

    The paper's Q-factor averages ``Q(m, u)`` (guesses needed for answer m when u is
    played now and the base heuristic H plays on) over every candidate m of S. This policy
    draws a sample M of s candidates without replacement, the same M for every shortlisted
    guess (common random numbers: the comparison between guesses is not blurred by different
    samples), and simulates H's game against each m in M:

        Q^(u) = (1/s) sum_{m in M} Q(m, u),   an unbiased estimate of Q(u).

    Each Q(m, u) is one simulated trajectory (H's choices memoised per state), instead of T_H
    over the whole subtree of u's feedback: the simulation-based route the paper suggests for
    larger games. When |S| <= s the sample is all of S and the policy is ``Rollout`` exactly.
    The sample is drawn by ``np.random.default_rng`` seeded from (``seed``, the candidates), so
    a state always gets the same sample and a run is the same in every process.

    Parameters
    ----------
    base_heuristic, top_k, shortlist_heuristic : as for ``Rollout`` (uniform prior only)
    samples : int >= 1, s
    seed : int
    """

    def __init__(
        self,
        base_heuristic,
        samples: int,
        seed: int = 0,
        top_k: int = DEFAULT_TOP_K,
        shortlist_heuristic=None,
    ):
        whole_number(samples, "sample size s")
        whole_number(seed, "seed", low=None)
        whole_number(top_k, "top-k")  # a shortlist always: every guess is priced exactly
        super().__init__(base_heuristic, top_k, shortlist_heuristic)
        self.samples = int(samples)
        self.seed = int(seed)
        self.name = f"sampled-rollout-{base_heuristic.name}-s{self.samples}"
        self._base_choices = PerModel(lambda game: {})

    def __repr__(self) -> str:
        return (
            f"SampledRollout({self.base_heuristic!r}, samples={self.samples}, seed={self.seed}, "
            f"top_k={self.top_k}, shortlist_heuristic={self.shortlist_heuristic!r})"
        )

    def sample(self, game: Game, state: State) -> np.ndarray:
        """The secrets M (sorted secret indices: one board, answers) whose games estimate the
        Q-factors: ``game.sample_secrets`` with this policy's seed."""
        return game.sample_secrets(state, self.samples, self.seed)

    def q_totals(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """Estimated Q-factors of the shortlist at ``state``, as totals: |S| * Q^(u).

        Returns
        -------
        options : numpy.ndarray of int64, the shortlist (see ``shortlist``)
        totals : numpy.ndarray, ``|S| * Q^(u)``: int64 and equal to ``Rollout``'s when the
            sample is all of S, else float64 (``|S| / s`` times the sampled games' guesses).
        """
        mass = game.mass(state)
        if mass <= self.samples:
            return super().q_totals(game, state)
        options = self.shortlist(game, state)
        sample = self.sample(game, state)
        totals = np.array(
            [
                sum(self.guesses_needed(game, state, int(u), int(m)) for m in sample)
                for u in options
            ],
            dtype=np.int64,
        )
        return options, totals * (mass / len(sample))

    def guesses_needed(self, game: Game, state: State, guess: int, answer: int) -> int:
        """Q(m, u): guesses from ``state`` when ``guess`` is played, then the base heuristic,
        and the answer is ``answer`` (an answer index): one simulated game."""
        choices = self._base_choices(game)

        def choose(state: State) -> int:
            guess = choices.get(state.key)
            if guess is None:
                guess = choices[state.key] = self.base_heuristic.choose(game, state)
            return guess

        return sum(1 for _ in line(game, choose, guess, answer, start=state))


@dataclass(frozen=True)
class Algorithm1Trace:
    """What one call of Algorithm 1 computes (the names of its lines).

    Attributes
    ----------
    allowed : numpy.ndarray of int, U_i (guess indices, list order)
    top_choices : numpy.ndarray of int, line 4: the ``top_k`` best by the heuristic's score
    q_factors : numpy.ndarray of int64, shape (top_k, |M_i|): ``choice_q_factors`` of each
        choice as line 13 appends them (the running score, or with ``reset_score`` the guesses
        after the choice, Q(m, u) - 1)
    means : numpy.ndarray of float64, line 16's ``top_choices_Q``
    min_index : int, line 18
    guess : int, line 19's return value (a guess index)
    """

    allowed: np.ndarray
    top_choices: np.ndarray
    q_factors: np.ndarray
    means: np.ndarray
    min_index: int
    guess: int


class Algorithm1:
    """Algorithm 1 (One_Step_Lookahead_Minimization) line by line, as a policy.

    Line 2 scores every allowed guess with the heuristic; lines 3-4 keep the ``top_k`` best
    (read as the indices by decreasing score; ties to list order); lines 6-14 play, for each
    choice u and candidate m, u and then the heuristic until m is guessed, adding one to
    ``score`` per guess after u; line 15 averages; lines 18-19 return the argmin. The guesses
    after u are read from the heuristic's tree (``lookahead.PolicyDepths``, memoised), the same
    numbers as playing each game (tests/test_rollout.py).

    Parameters
    ----------
    heuristic : Heuristic
    top_k : int
    reset_score : bool
        False (as printed): ``score`` starts at 0 once and is never reset. True: 0 for every
        candidate, the text's Q(m, u) less the choice itself.
    index_into_allowed : bool
        True (as printed): line 19 returns ``U_i[min_index]``. False: ``top_choices[min_index]``.
    """

    def __init__(
        self,
        heuristic,
        top_k: int = DEFAULT_TOP_K,
        reset_score: bool = False,
        index_into_allowed: bool = True,
    ):
        self.heuristic = heuristic
        self.top_k = whole_number(top_k, "top-k")
        self.reset_score = bool(reset_score)
        self.index_into_allowed = bool(index_into_allowed)
        slips = {
            (False, True): "as-printed",
            (True, True): "score-reset",
            (False, False): "index-fixed",
            (True, False): "as-intended",
        }
        self.name = (
            f"algorithm1-{heuristic.name}-{slips[self.reset_score, self.index_into_allowed]}"
        )
        self._depths = PerModel(lambda game: PolicyDepths(game, heuristic))

    @classmethod
    def readings(cls, heuristic, top_k: int = DEFAULT_TOP_K) -> dict:
        """The four readings by name (``as-printed``, ``score-reset``, ``index-fixed``,
        ``as-intended``), sharing one memo of the heuristic's tree."""
        policies = {}
        for reset, index in [(False, True), (True, True), (False, False), (True, False)]:
            policy = cls(heuristic, top_k, reset, index)
            if policies:
                policy._depths = policies["as-printed"]._depths
            policies[policy.name.removeprefix(f"algorithm1-{heuristic.name}-")] = policy
        return policies

    def __repr__(self) -> str:
        return (
            f"Algorithm1({self.heuristic!r}, top_k={self.top_k}, reset_score={self.reset_score}, "
            f"index_into_allowed={self.index_into_allowed})"
        )

    def trace(self, game: Game, state: State) -> Algorithm1Trace:
        """One call of the function at ``state`` (two or more candidates)."""
        allowed = game.allowed_guesses(state)
        keys = self.heuristic.keys(game, state)  # line 2: best first is smallest key
        top_choices = allowed[np.argsort(keys, kind="stable")[: self.top_k]]  # lines 3-4
        secrets = game.secrets(state)
        after = np.zeros((len(top_choices), len(secrets)), dtype=np.int64)
        depths = self._depths(game)
        for i, choice in enumerate(top_choices):
            for _, child in game.unsolved_children(state, int(choice)):
                after[i, np.searchsorted(secrets, game.secrets(child))] = depths.of(child)
        if self.reset_score:
            q_factors = after
        else:  # one running score through every choice and candidate (lines 11, 13)
            q_factors = np.cumsum(after.ravel()).reshape(after.shape)
        means = q_factors.mean(axis=1)  # line 15
        min_index = int(np.argmin(means))  # line 18
        chosen = allowed if self.index_into_allowed else top_choices
        return Algorithm1Trace(
            allowed, top_choices, q_factors, means, min_index, int(chosen[min_index])
        )

    def choose(self, game: Game, state: State) -> int:
        if (last := game.sole_guess(state)) is not None:
            return last
        return self.trace(game, state).guess
