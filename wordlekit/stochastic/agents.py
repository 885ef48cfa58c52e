"""Policies on the belief, for the noisy game (``choose(game, state) -> guess``, ``game`` a
``model.NoisyGame`` and ``state`` its node, whose ``belief`` b they read):

- ``BeliefMIG``: maximum information gain on the belief. The observation O of guess u is the
  win or the reported row, so its information about the answer is

      I(u) = H(O) - H(O | A),
      H(O) = -b(u) log2 b(u) - sum_f m_f log2 m_f,   m_f = sum_{a != u} b(a) P(f | t(u, a)),
      H(O | A) = sum_{a != u} b(a) H(P(. | t(u, a))).

  At p = 0 the reports are the true buckets and I(u) is the entropy of the feedback of
  ``heuristics.MIG``, so it makes the deterministic MIG's choices (ties to list order, a last
  candidate guessed at once). Why not MIG with the belief as the prior's weights
  (``heuristics.MIG(prior=...)``)? That is the entropy of the *true* feedback under b: it
  ignores the noise, which makes the rows of a guess whose tiles the noise blurs worth less;
  and ``prior.Prior`` holds positive integer weights of about 2**32 in total, which cannot carry
  the very small posteriors that noise leaves on unlikely answers. Every allowed guess is
  scored (easy mode: "hard" mode is not defined when the feedback may lie); answers whose
  belief is below ``floor`` (1e-12) are left out of the sums, for speed.
- ``MostLikely``: guess the answer of largest belief (a greedy baseline that never explores).
- ``BeliefRollout``: rollout on the belief, the stochastic version of the paper's
  approximation in value space, with the base policy's cost-to-go:

      Q(u) = 1 + sum_{a != u} b(a) E_w[ J_base(b'(u, f); a) ],

  J_base(b'; a) being the guesses the base policy then needs against answer a, for the base
  policy's choice, its top k guesses by information gain and the most likely answer (the
  one-step gain counts a possible win as information only, not as the guesses it saves). E_w is estimated by Monte-Carlo
  (n sampled answers and noise, the same samples for every option: common random numbers,
  seeded by the belief so the policy is a function of it; ``chance.play_game``), or computed
  exactly by enumeration (``n_simulations=None``; ``chance.enumerate_reports``), affordable at
  p = 0 or on tiny games.
"""

from __future__ import annotations

import math
import weakref
import zlib

import numpy as np

from .. import _kernels, chance
from ..checks import whole_number
from ..game import Game
from .model import Belief, NoisyGame
from .noise import DEFAULT_FLOOR, DEFAULT_MAX_GUESSES, NOISE_MODELS, TIE, noise_model


def _support(belief: np.ndarray, floor: float) -> np.ndarray:
    return np.flatnonzero(belief > floor)


def information_gain(
    game: Game, noise, belief: np.ndarray, guesses=None, floor: float = DEFAULT_FLOOR
) -> np.ndarray:
    """I(u) = H(O) - H(O | A) in bits for every guess u, O the win or the reported row.

    Parameters
    ----------
    belief : numpy.ndarray, shape (n_answers,), float64, summing to 1
    guesses : array of guess indices, optional (default: every guess)
    floor : answers with belief at most this are left out of the sums

    Returns
    -------
    numpy.ndarray, shape (len(guesses),), float64, bits. At p = 0 the entropy of the feedback
    buckets under the belief (``heuristics.MIG``'s score under a uniform belief).
    """
    noise = noise_model(game, noise)
    guesses = game.all_guesses if guesses is None else np.asarray(guesses)
    support = _support(belief, floor)
    out = np.empty(len(guesses))
    _kernels.fill_information_gain(
        game.patterns,
        support,
        belief[support],
        guesses,
        NOISE_MODELS.index(noise.kind),
        noise.tile,
        noise.p,
        game.length,
        noise.row_entropy,
        game.solved,
        out,
    )
    return out


def _best_first(scores: np.ndarray, k: int, preferred=None) -> np.ndarray:
    """Positions of the k best (largest) scores, best first. Scores within ``TIE`` of the
    previous one in decreasing order are equal; among equals, ``preferred`` positions first (if
    given), then lower positions."""
    k = min(k, len(scores))
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    kth = np.partition(scores, len(scores) - k)[len(scores) - k]
    pool = np.flatnonzero(scores >= kth - TIE)
    pool = pool[np.argsort(-scores[pool], kind="stable")]
    group = np.concatenate([[0], np.cumsum(-np.diff(scores[pool]) > TIE)])
    later = np.zeros(len(pool), dtype=bool) if preferred is None else ~preferred[pool]
    return pool[np.lexsort((pool, later, group))][:k]


def expected_guesses(
    model: NoisyGame, policy, state: Belief, first: int, max_guesses: int
) -> float:
    """Exact expected guesses from ``state`` on (the guess now included) when ``first`` is
    played there and ``policy`` plays on: the exact Q-factor of rollout on the belief, every
    report enumerated from the state's belief as the prior."""
    root = model.rooted(state)
    tally = chance.Tally(model.n_secrets)
    chance.enumerate_reports(model, policy, root, first, max_guesses, 0.0, tally)
    return float(root.prior @ tally.guesses) - state.turn


class _Memo:
    """A policy's choices by (game, noise, turn, belief): a policy on the belief is a function
    of it, and the same beliefs recur across games (after the opener there are at most 3**L).
    Bounded: cleared when full. Keyed by the underlying game, so that every ``NoisyGame`` of it
    shares the choices."""

    def __init__(self, size: int = 4096):
        self.size = size
        self.games = weakref.WeakKeyDictionary()

    def get(self, model: NoisyGame, state: Belief, compute):
        items = self.games.setdefault(model.game, {})
        noise = model.noise
        key = (noise.kind, noise.p, state.turn, state.belief.tobytes())
        value = items.get(key)
        if value is None:
            if len(items) >= self.size:
                items.clear()
            value = items[key] = compute()
        return value


class BeliefMIG:
    """Maximum information gain on the belief (see the module docstring for I(u)).

    Plays the first guess in list order whose gain is within ``TIE`` of the best; an answer
    holding all the belief (above 1 - floor) is played at once.

    Parameters
    ----------
    floor : float, answers with belief at most this are left out of the sums
    """

    name = "mig"

    def __init__(self, floor: float = DEFAULT_FLOOR):
        self.floor = floor
        self._choices = _Memo()

    def __repr__(self) -> str:
        return f"BeliefMIG(floor={self.floor:g})"

    def scores(self, model: NoisyGame, state: Belief) -> np.ndarray:
        """I(u) in bits for every guess, shape (n_guesses,)."""
        return information_gain(model.game, model.noise, state.belief, floor=self.floor)

    def rank(self, model: NoisyGame, state: Belief, k: int) -> np.ndarray:
        """The k guesses of largest gain, best first; among equal gains, possible answers
        (belief above the floor) first, then list order."""
        game = model.game
        answers = np.zeros(len(game.guesses), dtype=bool)
        answers[game.guess_of_answer[_support(state.belief, self.floor)]] = True
        return _best_first(self.scores(model, state), k, answers)

    def choose(self, model: NoisyGame, state: Belief) -> int:
        belief = state.belief
        top = int(np.argmax(belief))
        if belief[top] >= 1 - self.floor:
            return int(model.game.guess_of_answer[top])

        def best():
            scores = self.scores(model, state)
            return int(np.flatnonzero(scores >= scores.max() - TIE)[0])  # ties to list order

        return self._choices.get(model, state, best)


class MostLikely:
    """Guess the answer of largest belief (ties to list order): exploitation only."""

    name = "most-likely"

    def __repr__(self) -> str:
        return "MostLikely()"

    def choose(self, model: NoisyGame, state: Belief) -> int:
        return int(model.game.guess_of_answer[int(np.argmax(state.belief))])


class BeliefRollout:
    """Rollout on the belief: one step of lookahead with the base policy's cost-to-go.

    Q(u) = 1 + sum_{a != u} b(a) E_w[J_base(b'(u, f))], estimated for the shortlist (the base's
    choice, its top k by information gain, the most likely answer); plays the smallest Q (ties,
    within ``TIE``, to the earlier option, so the base's choice wins a tie).

    Parameters
    ----------
    base_heuristic : policy on the belief with ``rank`` (default ``BeliefMIG()``)
    top_k : int >= 1, guesses shortlisted by the base's one-step score
    n_simulations : int >= 1, or None
        Monte-Carlo samples (answer and noise) per shortlisted guess, the same for every
        option; None: exact expectation by enumeration (p = 0 or tiny games only).
    seed : int, with the belief's bytes and the turn seeds each decision's samples
    max_guesses : int, play-outs stop there (an unfinished one counts ``max_guesses`` guesses)
    """

    def __init__(
        self,
        base_heuristic=None,
        top_k: int = 5,
        n_simulations: int | None = 16,
        seed: int = 0,
        max_guesses: int = DEFAULT_MAX_GUESSES,
    ):
        whole_number(n_simulations, "number of simulations n", none="exact")
        self.base_heuristic = base_heuristic or BeliefMIG()
        self.top_k = whole_number(top_k, "top-k")
        self.n_simulations = n_simulations
        self.seed = seed
        self.max_guesses = whole_number(max_guesses, "max_guesses")
        self.name = f"rollout-{self.base_heuristic.name}"
        self._choices = _Memo()

    def __repr__(self) -> str:
        return (
            f"BeliefRollout({self.base_heuristic!r}, top_k={self.top_k}, "
            f"n_simulations={self.n_simulations}, seed={self.seed})"
        )

    def shortlist(self, model: NoisyGame, state: Belief) -> np.ndarray:
        """The base's choice, its top k by one-step score, then the most likely answer."""
        base_choice = self.base_heuristic.choose(model, state)
        top = self.base_heuristic.rank(model, state, self.top_k).tolist()
        favourite = int(model.game.guess_of_answer[int(np.argmax(state.belief))])
        options = [base_choice] + [g for g in top if g != base_choice]
        if favourite not in options:
            options.append(favourite)
        return np.array(options, dtype=np.int64)

    def q_factors(self, model: NoisyGame, state: Belief):
        """Q(u) for the shortlist: (options, q, standard error of each q; 0 when exact)."""
        options = self.shortlist(model, state)
        if self.n_simulations is None:
            q = np.array(
                [
                    expected_guesses(model, self.base_heuristic, state, int(u), self.max_guesses)
                    for u in options
                ]
            )
            return options, q, np.zeros(len(options))
        n = self.n_simulations
        belief, turn = state.belief, state.turn + 1
        rng = np.random.default_rng([self.seed, zlib.crc32(belief.tobytes()), turn])
        answers = rng.choice(len(belief), size=n, p=belief / belief.sum())
        streams = rng.integers(2**63, size=n)
        start = model.rooted(state)  # play-outs track exact Bayes from the belief
        costs = np.empty((len(options), n))
        for i, u in enumerate(options):
            for s in range(n):
                guesses, _ = chance.play_game(
                    model,
                    self.base_heuristic,
                    int(answers[s]),
                    np.random.default_rng(streams[s]),
                    first=int(u),
                    start=start,
                    max_guesses=self.max_guesses,
                )
                costs[i, s] = guesses - state.turn
        se = costs.std(axis=1, ddof=1) / math.sqrt(n) if n > 1 else np.full(len(options), np.nan)
        return options, costs.mean(axis=1), se

    def choose(self, model: NoisyGame, state: Belief) -> int:
        belief = state.belief
        top = int(np.argmax(belief))
        if belief[top] >= 1 - DEFAULT_FLOOR:
            return int(model.game.guess_of_answer[top])

        def best():
            options, q, _ = self.q_factors(model, state)
            return int(options[int(np.flatnonzero(q <= q.min() + TIE)[0])])

        return self._choices.get(model, state, best)
