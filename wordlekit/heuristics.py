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
are broken by list order. The key is a weighted sum of four bucket statistics computed by one
numba kernel (``_kernels._guess_key``): ``sum_b table[c_b]``, ``parts``, the largest bucket
and whether the guess is outside the candidates. A new heuristic (for instance a valuation of
Cunanan & Thielscher) subclasses ``Heuristic`` and sets ``weights`` and ``bucket_value``; or
it overrides ``keys`` for anything the four statistics cannot express. The evaluation and
rollout engines only call ``choose`` and ``rank``.

Under a non-uniform prior over the answers (``wordlekit.prior``) the same three heuristics score
guesses on the prior's belief: ``WeightedMIG``, ``WeightedMRD`` and ``WeightedGEP`` weigh each
bucket by the prior weight of its candidates, with integer keys again, so that with unit weights
they make exactly the choices of MIG, MRD and GEP.

A heuristic never plays a guess that leaves the state unchanged, which would loop forever. In
easy and hard mode that is a guess that splits nothing and is not itself a candidate: its key
is ``EXCLUDED``. In strict mode no guess is excluded: every non-winning guess drops out of the
allowed list (it is inconsistent with its own feedback), so the state always changes. This
matters only for ``gep-published``, which seeks such guesses; with it the published GEP column
(5.8674 with salet, strict) is reproduced exactly.
"""

from __future__ import annotations

import math

import numpy as np

from . import _kernels
from .errors import WordlekitError
from .game import Game, State

#: Fixed-point scale for c*log2(c): integer keys make equal bucket multisets tie exactly,
#: whatever the order of summation, where floating point would break ties at random.
ENTROPY_SCALE = 2 ** 36

#: Candidate sets up to this size are scanned one guess at a time with an early exit; larger
#: ones are scored in parallel.
SEQUENTIAL_MAX = 24

_NO_BOUND = np.iinfo(np.int64).min


class Heuristic:
    """Base class: a deterministic policy that plays the guess with the smallest key.

    Subclasses set ``name``, ``description``, ``score_name``, ``weights`` (on
    ``sum table[c]``, ``parts``, ``largest``, ``outside``) and may override ``bucket_value``,
    ``best_possible_key`` and ``scores``.
    """

    name = "heuristic"
    description = ""
    score_name = "key"
    weights = (0, 0, 0, 0)

    def __init__(self):
        self._tables: dict[int, np.ndarray] = {}
        self._weights = np.array(self.weights, dtype=np.int64)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def bucket_value(self, sizes: np.ndarray) -> np.ndarray:
        """Integer contribution of a bucket of each size to ``sum_b table[c_b]``."""
        return np.zeros_like(sizes)

    def best_possible_key(self, n: int) -> int | None:
        """The smallest key any guess can reach with n candidates, if known (for early exit)."""
        return None

    def table(self, n_max: int) -> np.ndarray:
        """``bucket_value`` for sizes 0..n_max as int64, cached."""
        table = self._tables.get(n_max)
        if table is None:
            table = self.bucket_value(np.arange(n_max + 1, dtype=np.int64)).astype(np.int64)
            self._tables[n_max] = table
        return table

    def keys(self, game: Game, state: State) -> np.ndarray:
        """Key of every allowed guess at ``state`` (int64, aligned with allowed guesses)."""
        allowed = game.allowed_guesses(state)
        out = np.empty(len(allowed), dtype=np.int64)
        _kernels._fill_guess_keys(game.patterns, state.candidates, allowed,
                                  self.table(len(game.answers)), self._weights,
                                  _excludes_no_progress(game), game.n_patterns, out)
        return out

    def scores(self, game: Game, state: State) -> np.ndarray:
        """One-step score of every allowed guess in the paper's units (see ``score_name``).

        NaN for guesses the heuristic may not play (they make no progress).
        """
        keys = self.keys(game, state)
        excluded = keys == _kernels.EXCLUDED
        out = self._score_from_keys(np.where(excluded, 0, keys), self._size(game, state))
        out[excluded] = np.nan
        return out

    def _size(self, game: Game, state: State) -> int:
        """What the one-step scores are averaged over: the number of candidates."""
        return len(state.candidates)

    def _score_from_keys(self, keys: np.ndarray, n: int) -> np.ndarray:
        raise NotImplementedError

    def choose(self, game: Game, state: State) -> int:
        """Index of the guess this heuristic plays at ``state``."""
        candidates = state.candidates
        if len(candidates) == 1:
            return int(game.guess_of_answer[candidates[0]])
        allowed = game.allowed_guesses(state)
        if len(candidates) <= SEQUENTIAL_MAX:
            t = self._first_best(game, state, allowed)
        else:
            keys = self.keys(game, state)
            t = int(np.argmin(keys))
            if keys[t] == _kernels.EXCLUDED:
                t = -1
        if t < 0:
            raise RuntimeError(f"{self.name}: no allowed guess makes progress at {state}")
        return int(allowed[t])

    def _first_best(self, game: Game, state: State, allowed: np.ndarray) -> int:
        """Position in ``allowed`` of the first guess with the smallest key (-1: none)."""
        bound = self.best_possible_key(len(state.candidates))
        return _kernels._first_best_guess(
            game.patterns, state.candidates, allowed, self.table(len(game.answers)),
            self._weights, _excludes_no_progress(game), game.n_patterns,
            _NO_BOUND if bound is None else bound)

    def rank(self, game: Game, state: State, k: int) -> np.ndarray:
        """The k best guesses at ``state``, best first (fewer if fewer make progress)."""
        allowed = game.allowed_guesses(state)
        positions = np.empty(k, dtype=np.int64)
        found = _kernels._select_top_k(self.keys(game, state), k, positions)
        return allowed[positions[:found]]


def _excludes_no_progress(game: Game) -> bool:
    """Whether a guess that splits nothing must be excluded (it would repeat the state)."""
    return game.mode != "strict"


class MIG(Heuristic):
    """Maximum information gain: the guess whose feedback has the largest entropy."""

    name = "mig"
    description = "maximum information gain (entropy of the feedback); ties to list order"
    score_name = "information gain (bits)"
    weights = (1, 0, 0, 0)

    def bucket_value(self, sizes):
        # round(c * log2(c) * 2**36); the minimum, 0, is reached only by all-singleton splits.
        out = np.zeros(len(sizes), dtype=np.int64)
        for i, c in enumerate(sizes):
            if c > 1:
                out[i] = round(int(c) * math.log2(int(c)) * ENTROPY_SCALE)
        return out

    def best_possible_key(self, n):
        return 0

    def _score_from_keys(self, keys, n):
        return math.log2(n) - keys / (n * ENTROPY_SCALE)


class MRD(Heuristic):
    """Most rapid decrease: the guess that leaves the fewest candidates on average."""

    name = "mrd"
    description = "most rapid decrease (expected candidates left); ties to candidates, then list order"
    score_name = "expected candidates left"
    weights = (2, 0, 0, 1)

    def bucket_value(self, sizes):
        return sizes * sizes

    def best_possible_key(self, n):
        return 2 * n

    def _score_from_keys(self, keys, n):
        return (keys // 2) / n


class GEP(Heuristic):
    """Greatest expected probability, as Short defines it: the most feedback buckets."""

    name = "gep"
    description = ("greatest expected probability of guessing right next turn (parts / n); "
                   "ties to candidates, then list order")
    score_name = "probability of guessing right next turn"
    weights = (0, -2, 0, 1)

    def best_possible_key(self, n):
        return -2 * n

    def _score_from_keys(self, keys, n):
        return -(keys // 2) / n


class GEPPublished(Heuristic):
    """The GEP variant behind the rollout paper's published GEP column (about 5.87 with salet).

    The paper's code took the *minimum* of the GEP probability ``parts / n`` instead of the
    maximum, so it plays the guess that splits the candidates into the fewest buckets. Ties go
    to a candidate, then list order. Kept for reproduction; it is a poor heuristic by design.
    """

    name = "gep-published"
    description = ("GEP as the paper's code computed it: the FEWEST feedback buckets (sign error); "
                   "ties to candidates, then list order")
    score_name = "probability of guessing right next turn"
    weights = (0, 2, 0, 1)

    def _score_from_keys(self, keys, n):
        return (keys // 2) / n


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
    SCALE = 2 ** 40
    weights = (1, -SCALE, 0, SCALE)

    def bucket_value(self, sizes):
        return sizes * sizes

    def _score_from_keys(self, keys, n):
        return (1 - keys // self.SCALE).astype(float)


HEURISTICS = {h.name: h for h in (MIG, MRD, GEP, GEPPublished)}


class WeightedHeuristic(Heuristic):
    """A heuristic on the belief of a non-uniform prior (``wordlekit.prior``).

    Feedback bucket b of a guess has probability W_b / W, with W_b the prior weight of its
    candidates and W that of the state. Keys are integer combinations of the bucket statistics
    of ``_kernels._weighted_row`` (entropy, decrease, heaviest; ``coef`` weights them and the
    flag "not a candidate"), so with unit weights each weighted heuristic has exactly the keys,
    hence the choices, of its uniform twin. Subclasses set ``base``, ``coef`` and the scores.
    """

    base = ""
    coef = (0, 0, 0, 0)

    def __init__(self, prior):
        super().__init__()
        self.prior = prior
        self.name = f"{self.base}[{prior.name}]"
        self._coef = np.array(self.coef, dtype=np.int64)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.prior!r})"

    def keys(self, game, state):
        allowed = game.allowed_guesses(state)
        stats = np.empty((len(allowed), _kernels.N_STATS), dtype=np.int64)
        _kernels._fill_weighted_stats(game.patterns, state.candidates, self.prior.weights_for(game),
                                      allowed, self.prior.entropy_scale, game.n_patterns, stats)
        # the key of _kernels._weighted_key, for every guess at once
        outside = 1 - stats[:, _kernels.STAT_IN_SET]
        keys = stats[:, _kernels.STAT_ENTROPY:] @ self._coef[:3] + self._coef[3] * outside
        if _excludes_no_progress(game):
            keys[(stats[:, _kernels.STAT_PARTS] < 2) & (outside == 1)] = _kernels.EXCLUDED
        return keys

    def _first_best(self, game, state, allowed):
        return _kernels._first_best_weighted_guess(
            game.patterns, state.candidates, self.prior.weights_for(game), allowed,
            self.prior.entropy_scale, self._coef, _excludes_no_progress(game), game.n_patterns,
            self.best_state_key(game, state))

    def best_state_key(self, game, state) -> int:
        """The smallest key any guess can have at ``state`` (a split into singletons)."""
        raise NotImplementedError

    def _size(self, game, state):
        return self.prior.mass(state.candidates)


class WeightedMIG(WeightedHeuristic):
    """MIG on the prior: the guess whose feedback distribution (W_b / W) has the most entropy,
    ``H = log2 W - (1/W) sum_b W_b log2 W_b``; ties to list order."""

    base = "mig"
    description = "maximum entropy of the feedback under the prior; ties to list order"
    score_name = "information gain (bits)"
    coef = (1, 0, 0, 0)

    def best_state_key(self, game, state):
        return int(_kernels._singleton_entropy(state.candidates, self.prior.weights_for(game),
                                               self.prior.entropy_scale))

    def _score_from_keys(self, keys, mass):
        return math.log2(mass) - keys / (mass * self.prior.entropy_scale)


class WeightedMRD(WeightedHeuristic):
    """MRD on the prior: the fewest candidates left in expectation, ``(1/W) sum_b W_b c_b``;
    ties to a candidate, then list order."""

    base = "mrd"
    description = "fewest expected candidates left under the prior; ties to candidates, then list order"
    score_name = "expected candidates left"
    coef = (0, 2, 0, 1)

    def best_state_key(self, game, state):
        return 2 * self.prior.mass(state.candidates)

    def _score_from_keys(self, keys, mass):
        return (keys // 2) / mass


class WeightedGEP(WeightedHeuristic):
    """GEP on the prior: the greatest probability of guessing right next turn when the next
    guess is the likeliest survivor, ``(1/W) sum_b max_{a in b} w_a`` (parts / n when uniform);
    ties to a candidate, then list order."""

    base = "gep"
    description = ("greatest probability of guessing right next turn under the prior; "
                   "ties to candidates, then list order")
    score_name = "probability of guessing right next turn"
    coef = (0, 0, -2, 1)

    def best_state_key(self, game, state):
        return -2 * self.prior.mass(state.candidates)

    def _score_from_keys(self, keys, mass):
        return -(keys // 2) / mass


WEIGHTED_HEURISTICS = {h.base: h for h in (WeightedMIG, WeightedMRD, WeightedGEP)}


def get_heuristic(name: str, prior=None) -> Heuristic:
    """A new heuristic by name, on ``prior``'s belief if one is given; a clear error naming an
    unknown one."""
    if prior is not None:
        cls = WEIGHTED_HEURISTICS.get(name)
        if cls is None:
            raise WordlekitError(f"heuristic {name!r} has no version for a prior; expected one of "
                                 f"{', '.join(WEIGHTED_HEURISTICS)}")
        return cls(prior)
    cls = HEURISTICS.get(name)
    if cls is None:
        raise WordlekitError(f"unknown heuristic {name!r}; expected one of {', '.join(HEURISTICS)}")
    return cls()
