"""One-step heuristics: score every allowed guess by its feedback buckets, play the best.

A guess u splits the candidate set S (n = |S| words) into feedback buckets of sizes c_b. The
heuristics of the rollout paper (Bhambri et al., Section 3) score u from those sizes alone:

- ``mig``, maximum information gain (Sanderson): maximise the entropy of the feedback,
  ``H(u) = log2 n - (1/n) sum_b c_b log2 c_b``. Ties go to the first guess in list order,
  with no preference for possible answers (what the paper's code did).
- ``mrd``, most rapid decrease (Short): minimise the expected number of candidates left,
  ``(1/n) sum_b c_b**2``. Ties go to a guess that is a candidate, then list order.
- ``gep``, greatest expected probability (Short): maximise the probability of guessing the
  answer next turn when picking uniformly among the survivors, ``parts / n`` with ``parts``
  the number of non-empty buckets. Ties go to a candidate, then list order.
- ``gep-published``: the paper's GEP column came from code that took the *minimum* of that
  quantity (a sign error). This variant reproduces it; see ``GEPPublished``.

Every heuristic turns a guess into one integer *key* (lower is better), so ties are exact and
are broken by list order. The key is a combination of named bucket statistics
(``wordlekit.buckets``), ``coef`` weighing (entropy, squares, heaviest, outside):
``sum_b c_b log2 c_b`` in fixed point, ``sum_b c_b**2``, the number of buckets, and 1 when the
guess is not itself a candidate. A new heuristic subclasses ``Heuristic`` and sets ``coef``,
or overrides ``keys`` for anything those statistics cannot express: ``choose`` then plays the
smallest of those keys at every state (the early-exit scan of small states computes the
``coef`` keys itself, so it serves only heuristics whose keys are those). The evaluation and
rollout engines only call ``choose`` and ``rank``.

The other home of one-step scores is ``valuations``: Cunanan & Thielscher's valuations,
compared one after another (a tuple, lexicographically) where a heuristic here adds its
statistics into one key. Use a heuristic for the rollout paper's MIG, MRD and GEP, for a base
policy or a shortlist under a prior, and when a new score is a weighted sum of the statistics;
a valuation for their combinations (their Table 1, Knuth's Mastermind strategy) and when a new
score breaks ties by a second criterion. Both are policies with ``keys`` and ``rank``, so either
serves as a rollout's base.

Under a non-uniform prior over the answers (``wordlekit.prior``) MIG, MRD and GEP score guesses
on the prior's belief (``MIG(prior)``, or ``get_heuristic("mig", prior)``): the same statistics
weigh each bucket by the prior weight of its candidates (entropy of W_b / W, sum_b W_b c_b, sum
of the heaviest weight per bucket), so with unit weights they make exactly the choices of the
uniform heuristics.

A heuristic never plays a guess that leaves the state unchanged, which would loop forever. In
easy and hard mode that is a guess that splits nothing and is not itself a candidate: its key
is ``EXCLUDED``. In strict mode no guess is excluded: every non-winning guess drops out of the
allowed list (it is inconsistent with its own feedback), so the state always changes. This
matters only for ``gep-published``, which seeks such guesses; with it the published GEP column
(5.8674 with salet, strict) is reproduced exactly.

References
----------
- [bhambri2022]_, Sections 2 and 3, Table 2: MIG, MRD and GEP, and the published GEP column.
- [sanderson]_: MIG; [short2022]_: MRD and GEP, as first defined.
- [neuwirth1982]_, [irving1978]_, [kooi2005]_: on Mastermind, MIG, MRD and GEP with a possible
  code preferred among equals (``CandidatesFirst``) are their strategies, whose totals [gur]_
  tabulates.
"""

from __future__ import annotations

import math

import numpy as np

from . import _kernels
from .buckets import ENTROPY_SCALE, BucketStats, bucket_stats, entropy_table, transposed_patterns
from .errors import WordlekitError
from .game import Game, State
from .prior import Weights
from .topk import EXCLUDED, best_positions

__all__ = [
    "ENTROPY_SCALE",
    "GEP",
    "HEURISTICS",
    "MIG",
    "MRD",
    "CandidatesFirst",
    "GEPPublished",
    "Heuristic",
    "MostPartsInSetESS",
    "get_heuristic",
]

#: Candidate sets up to this size are scanned one guess at a time (``_first_best``), larger
#: ones scored in parallel. The scan copies the candidates' columns into a block first
#: (``BLOCK_MIN``), scores the candidates themselves first, and has two early exits: it stops
#: at the first guess that reaches the best key possible (a split into singletons), and for
#: MIG and MRD it drops a guess as soon as its partial key reaches the best so far. Measured
#: with the block, scoring every guess loses to the scan below 64 candidates for MIG and MRD,
#: on two threads as on one (benchmarks/quoted-results.md). It changes speed only, never a
#: choice (tests/test_heuristics.py::test_sequential_early_exit_equals_parallel_scan).
SEQUENTIAL_MAX = 64

_NO_BOUND = np.iinfo(np.int64).min
#: From this many candidates on, the scan first copies their columns of the transposed pattern
#: matrix into a block, one short row per guess: a guess's feedbacks are then adjacent instead
#: of one cache line each in its 2,315-byte row. From salet, easy, the block made the scan
#: faster at 4, 6 and 10 or more candidates (MRD; MIG alike); from 3 it was slower than from 4
#: (benchmarks/quoted-results.md).
BLOCK_MIN = 4
#: The scan's "no block" (numba needs an array, not None).
_NO_MATRIX = np.empty((0, 0), np.uint8)
#: The candidates scored first, the floor and the block pay off only on many allowed guesses:
#: in strict mode (a few dozen consistent guesses) they made rollout-MIG / rollout-MRD from
#: salet slower, the scan being cheaper than the Python that prepares them; from 1,000 allowed
#: guesses on, as fast as without, easy mode unchanged (benchmarks/quoted-results.md).
AIDED_MIN = 1000
_NO_POSITIONS = np.empty(0, np.int64)


class Heuristic:
    """Base class: a deterministic policy that plays the guess with the smallest key.

    Subclasses set ``name``, ``description``, ``score_name`` and ``coef``, the key's weights on
    the bucket statistics (entropy, squares, heaviest, outside), and may override
    ``best_possible_key`` and ``_score_from_keys``.

    Parameters
    ----------
    prior : prior.Prior, optional
        Score guesses on this prior's belief (``supports_prior`` heuristics only); None for
        the uniform belief of the papers.
    """

    name = "heuristic"
    description = ""
    score_name = "key"
    coef = (0, 0, 0, 0)
    supports_prior = False

    def __init__(self, prior=None):
        if prior is not None and not self.supports_prior:
            raise WordlekitError(
                f"heuristic {self.name!r} has no version for a prior; expected "
                f"one of {', '.join(n for n, h in HEURISTICS.items() if h.supports_prior)}"
            )
        self.prior = prior
        if prior is not None:
            self.name = f"{self.name}[{prior.name}]"
        self._coef = np.array(self.coef, dtype=np.int64)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({'' if self.prior is None else repr(self.prior)})"

    def _weights(self, game: Game) -> Weights:
        return Weights.of(game, self.prior)

    def _entropy_scale(self) -> int:
        return ENTROPY_SCALE if self.prior is None else self.prior.entropy_scale

    def best_possible_key(self, game: Game, state: State) -> int | None:
        """The smallest key any guess can reach at ``state``, if known (for early exit)."""
        return None

    def stats(self, game: Game, state: State, guesses: np.ndarray | None = None) -> BucketStats:
        """The bucket statistics of every allowed guess at ``state`` (on the prior's belief),
        or of ``guesses`` (guess indices) only."""
        return bucket_stats(
            game,
            state.candidates,
            game.allowed_guesses(state) if guesses is None else guesses,
            self._weights(game).array,
            self._entropy_scale(),
        )

    def keys(self, game: Game, state: State) -> np.ndarray:
        """Key of every allowed guess at ``state`` (int64, aligned with allowed guesses).

        Override it for a key the ``coef`` statistics cannot express; ``choose`` and ``rank``
        then read only it."""
        return self.keys_of(game, state, None)

    def keys_of(self, game: Game, state: State, guesses: np.ndarray | None) -> np.ndarray:
        """The ``coef`` key of each of ``guesses`` (guess indices; None: every allowed guess),
        aligned with them: ``keys`` for a few guesses only (an override of ``keys`` is not
        seen: check ``_keys_are_coef`` first)."""
        stats = self.stats(game, state, guesses)
        c = self._coef
        keys = (
            c[0] * stats.entropy
            + c[1] * stats.squares
            + c[2] * stats.heaviest
            + c[3] * (1 - stats.in_set)
        )
        if _excludes_no_progress(game):
            keys[stats.splits_nothing] = _kernels.EXCLUDED
        return keys

    def scores(self, game: Game, state: State) -> np.ndarray:
        """One-step score of every allowed guess in the paper's units (see ``score_name``).

        NaN for guesses the heuristic may not play (they make no progress).
        """
        keys = self.keys(game, state)
        excluded = keys == _kernels.EXCLUDED
        mass = self._weights(game).mass(state.candidates)
        out = self._score_from_keys(np.where(excluded, 0, keys), mass)
        out[excluded] = np.nan
        return out

    def _score_from_keys(self, keys: np.ndarray, mass: int) -> np.ndarray:
        raise NotImplementedError

    def choose(self, game: Game, state: State) -> int:
        """Index of the guess this heuristic plays at ``state``."""
        candidates = state.candidates
        if (last := game.sole_guess(state)) is not None:
            return last
        allowed = game.allowed_guesses(state)
        if len(candidates) <= SEQUENTIAL_MAX and self._keys_are_coef():
            t = self._first_best(game, state, allowed)
        else:
            keys = self.keys(game, state)
            t = int(np.argmin(keys))
            if keys[t] == _kernels.EXCLUDED:
                t = -1
        if t < 0:
            raise RuntimeError(f"{self.name}: no allowed guess makes progress at {state}")
        return int(allowed[t])

    def _keys_are_coef(self) -> bool:
        """Whether ``keys`` is the ``coef`` combination, which the early-exit scan computes
        itself: a subclass's own ``keys`` is played by its argmin instead (issue 44)."""
        return type(self).keys is Heuristic.keys

    def _first_best(self, game: Game, state: State, allowed: np.ndarray) -> int:
        """Position in ``allowed`` of the first guess with the smallest key (-1: none)."""
        bound = self.best_possible_key(game, state)
        weights = self._weights(game)
        step, grows = self._steps(game)
        n = len(state.candidates)
        first, others_floor, block = _NO_POSITIONS, _NO_BOUND, _NO_MATRIX
        if len(allowed) >= AIDED_MIN:
            first = _candidate_positions(game, state, allowed)
            if weights.uniform:
                # Every other guess has "not a candidate" set: its key is at least n * (the
                # least step) + the parts term at its least + coef[3], with two parts at least
                # where a guess that splits nothing is excluded.
                least = 2 if _excludes_no_progress(game) else 1
                others_floor = int(
                    n * step[:n].min()
                    + min(self._coef[2] * least, self._coef[2] * n)
                    + self._coef[3]
                )
                if n >= BLOCK_MIN:
                    block = transposed_patterns(game)
        return _kernels.first_best_guess(
            game.patterns,
            block,
            state.candidates,
            _NO_WEIGHTS if weights.uniform else weights.array,
            allowed,
            first,
            others_floor,
            step,
            grows,
            self._entropy_scale(),
            self._coef,
            _excludes_no_progress(game),
            game.n_patterns,
            _NO_BOUND if bound is None else bound,
        )

    def _steps(self, game: Game) -> tuple[np.ndarray, bool]:
        """(step, grows) for the uniform early-exit scan: step[c] is what a bucket growing from
        c to c + 1 candidates adds to the key's entropy and squares terms; ``grows`` when no
        step, part or "not a candidate" weighs less than nothing (the key only grows along a
        scan: MIG, MRD and the published GEP, whose key counts the parts)."""
        key = ("steps", tuple(self.coef))
        if key not in game.list_arrays:
            table = _table(game, ENTROPY_SCALE)
            sizes = np.arange(len(table) - 1, dtype=np.int64)
            step = self._coef[0] * np.diff(table) + self._coef[1] * (2 * sizes + 1)
            game.list_arrays[key] = (
                step,
                bool(step.min() >= 0 and self._coef[2] >= 0 and self._coef[3] >= 0),
            )
        return game.list_arrays[key]

    def rank(self, game: Game, state: State, k: int) -> np.ndarray:
        """The k best guesses at ``state``, best first (fewer if fewer make progress)."""
        return game.allowed_guesses(state)[best_positions(self.keys(game, state), k)]


#: The early-exit kernel's "no prior" (numba needs an array, not None).
_NO_WEIGHTS = np.empty(0, dtype=np.int64)


def _candidate_positions(game: Game, state: State, allowed: np.ndarray) -> np.ndarray:
    """Positions in ``allowed`` of the candidates' own guesses, which the early-exit scan
    scores first. A candidate often splits a small set perfectly, the best key there is for MRD
    and GEP, and then no other guess can even tie: the scan skips them all unread. From salet
    (easy), the scan was most of rollout-MRD's time (benchmarks/quoted-results.md), its 1,676
    states of two candidates each reading every guess up to the first candidate in list
    order."""
    own = game.guess_of_answer[state.candidates]
    if state.allowed is None:
        return own
    at = np.searchsorted(allowed, own)
    return at[(at < len(allowed)) & (allowed[np.minimum(at, len(allowed) - 1)] == own)]


def _table(game: Game, scale: int) -> np.ndarray:
    """The c log2 c table for the uniform early-exit scan (unused under a prior)."""
    key = ("entropy", scale)
    if key not in game.list_arrays:
        game.list_arrays[key] = entropy_table(len(game.answers), scale)
    return game.list_arrays[key]


def _excludes_no_progress(game: Game) -> bool:
    """Whether a guess that splits nothing must be excluded (it would repeat the state)."""
    return game.mode != "strict"


class MIG(Heuristic):
    """Maximum information gain: the guess whose feedback has the largest entropy.

    On a prior's belief, the entropy of the bucket probabilities W_b / W:
    ``H = log2 W - (1/W) sum_b W_b log2 W_b``. Ties to list order.
    """

    name = "mig"
    description = "maximum information gain (entropy of the feedback); ties to list order"
    score_name = "information gain (bits)"
    coef = (1, 0, 0, 0)
    supports_prior = True

    def best_possible_key(self, game, state):
        # a split into singletons: 0 uniform, sum_a round(w_a log2 w_a * scale) on a prior
        weights = self._weights(game)
        if weights.uniform:
            return 0
        return int(
            _kernels.singleton_entropy(state.candidates, weights.array, weights.entropy_scale)
        )

    def _score_from_keys(self, keys, mass):
        return math.log2(mass) - keys / (mass * self._entropy_scale())


class MRD(Heuristic):
    """Most rapid decrease: the guess that leaves the fewest candidates on average,
    ``(1/n) sum_b c_b**2`` (on a prior, ``(1/W) sum_b W_b c_b``)."""

    name = "mrd"
    description = (
        "most rapid decrease (expected candidates left); ties to candidates, then list order"
    )
    score_name = "expected candidates left"
    # Twice the squares plus "not a candidate" (0 or 1). The sums of squares are integers, so
    # doubled they differ by at least 2 and the flag can only break exact ties, towards a
    # candidate. With weight 1 a non-candidate of sum S and a candidate of sum S + 1 would tie
    # (S + 1 both), and list order, not the expectation, would decide. keys // 2 is the sum.
    coef = (0, 2, 0, 1)
    supports_prior = True

    def best_possible_key(self, game, state):
        return 2 * self._weights(game).mass(state.candidates)

    def _score_from_keys(self, keys, mass):
        return (keys // 2) / mass


class GEP(Heuristic):
    """Greatest expected probability, as Short defines it: the most feedback buckets, parts / n
    (on a prior, the probability of guessing right next turn with the likeliest survivor,
    ``(1/W) sum_b max_{a in b} w_a``)."""

    name = "gep"
    description = (
        "greatest expected probability of guessing right next turn (parts / n); "
        "ties to candidates, then list order"
    )
    score_name = "probability of guessing right next turn"
    # Twice (minus) the heaviest sum plus "not a candidate" (0 or 1), doubled for MRD's reason:
    # a whole-number difference in the heaviest sum (the parts, with unit weights) always
    # decides, the flag only breaks exact ties, towards a candidate. -(keys // 2) is the sum.
    coef = (0, 0, -2, 1)
    supports_prior = True

    def best_possible_key(self, game, state):
        return -2 * self._weights(game).mass(state.candidates)

    def _score_from_keys(self, keys, mass):
        return -(keys // 2) / mass


class GEPPublished(Heuristic):
    """The GEP variant behind the rollout paper's published GEP column (about 5.87 with salet).

    The paper's code took the *minimum* of the GEP probability ``parts / n`` instead of the
    maximum, so it plays the guess that splits the candidates into the fewest buckets. Ties go
    to a candidate, then list order. Kept for reproduction; it is a poor heuristic by design.
    """

    name = "gep-published"
    description = (
        "GEP as the paper's code computed it: the FEWEST feedback buckets (sign error); "
        "ties to candidates, then list order"
    )
    score_name = "probability of guessing right next turn"
    # Doubled as in MRD and GEP, so "not a candidate" only breaks ties between equal parts.
    coef = (0, 0, 2, 1)

    def _score_from_keys(self, keys, mass):
        return (keys // 2) / mass


class MostPartsInSetESS(Heuristic):
    """Cunanan & Thielscher's best combined valuation: most parts, then a candidate, then the
    smallest expected bucket size (ExpSizeSplit, sum of c**2 / n), then list order.

    7944 from trace on the original lists (their Table 1, first row); it is also the ranking of
    ApMinTotal (``optimal.Solver(breadth=n)``).
    """

    name = "mostparts-inset-ess"
    description = "valuations (MostParts, InSet, ExpSizeSplit), then list order"
    score_name = "buckets + InSet (1 if a candidate)"
    #: Exceeds any sum of squares (at most 12,972**2), so parts and InSet decide first:
    #: key = SCALE * (outside - parts) + sum of squared bucket sizes.
    SCALE = 2**40
    coef = (0, 1, -SCALE, SCALE)

    def _score_from_keys(self, keys, mass):
        return (1 - keys // self.SCALE).astype(float)


class CandidatesFirst(Heuristic):
    """A heuristic with its ties broken towards candidates: among guesses of equal key, one
    that may be the answer first, then list order. The same one-step rule as rollout's
    shortlist (``lookahead.Lookahead.shortlist``), without the lookahead, so that the two
    parts of rollout's gain can be told apart (issue 27, item 1).

    The key is ``2 * base key + (guess is not a candidate)``: base keys are integers, so
    doubled they differ by at least 2 and the flag only breaks exact ties. MRD and GEP already
    break their ties this way (their keys carry the flag), so over them it plays the very same
    guesses; it changes MIG, whose ties go to list order.
    """

    supports_prior = True  # as its base does (checked when the base was made)

    def __init__(self, base: Heuristic):
        super().__init__(base.prior)
        self.base = base
        self.name = f"inset-{base.name}"
        self.description = f"{base.name}, ties to candidates, then list order"
        self.score_name = base.score_name
        self.coef = (*(2 * c for c in base.coef[:3]), 2 * base.coef[3] + 1)
        self._coef = np.array(self.coef, dtype=np.int64)

    def __repr__(self) -> str:
        return f"CandidatesFirst({self.base!r})"

    def _keys_are_coef(self) -> bool:
        return self.base._keys_are_coef()

    def keys(self, game, state):
        """Twice the base's keys plus "not a candidate" (EXCLUDED stays EXCLUDED): over a base
        with its own ``keys``, those, not its ``coef``."""
        if self._keys_are_coef():
            return super().keys(game, state)
        base = self.base.keys(game, state)
        outside = ~np.isin(game.allowed_guesses(state), game.guess_of_answer[state.candidates])
        keys = 2 * base + outside
        keys[base == EXCLUDED] = EXCLUDED
        return keys

    def best_possible_key(self, game, state):
        bound = self.base.best_possible_key(game, state)
        return None if bound is None else 2 * bound

    def _score_from_keys(self, keys, mass):
        return self.base._score_from_keys(keys // 2, mass)


HEURISTICS = {h.name: h for h in (MIG, MRD, GEP, GEPPublished)}


def get_heuristic(name: str, prior=None) -> Heuristic:
    """A new heuristic by name, on ``prior``'s belief if one is given; a clear error naming an
    unknown one."""
    cls = HEURISTICS.get(name)
    if cls is None:
        raise WordlekitError(f"unknown heuristic {name!r}; expected one of {', '.join(HEURISTICS)}")
    return cls(prior)
