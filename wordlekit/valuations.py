"""Valuation-based strategies of Cunanan & Thielscher (Section 2.4 and 3.1).

A valuation v(g, C) scores a guess g at candidate set C (lower is better); the strategy plays
argmin_g v(g, C), ties to the first guess in alphabetical order (the lists are sorted, so list
order). The five valuations of the paper, with n = |C| and c_r the size of feedback bucket r:

- ``InSet`` = -[g in C]
- ``MSS`` (MaxSizeSplit) = max_r c_r
- ``ESS`` (ExpSizeSplit) = sum_r c_r**2 / n
- ``Information`` = sum_r (c_r / n) log2(c_r / n), minus the entropy of the feedback
- ``MostParts`` = -(number of non-empty buckets)

A *combined* valuation is a tuple of them compared lexicographically (Definition 9), e.g.
(MostParts, InSet, ESS): most buckets, then a candidate, then the smallest expected bucket.
There are 325 non-empty ordered combinations of the five (``all_combinations``); the paper's
Table 1 ranks them by TOTAL on the original lists, each strategy choosing its own opener.

Knuth's Mastermind strategy (1976) is the combination (MSS, InSet): the smallest largest
bucket, a possible code among equals, then the lowest code (``KNUTH``, the policy ``knuth``).

Which to use, these or ``heuristics``: a valuation here compares the statistics of a guess's
buckets one after another (a tuple, lexicographically), a heuristic adds them into one key
and can weigh buckets by a prior. Use a valuation for Cunanan & Thielscher's combinations and
Knuth's strategy, or a new score that breaks ties by a second criterion; a heuristic for the
rollout paper's MIG, MRD and GEP, and for anything under a prior.

Every valuation is computed as an exact integer by one numba kernel (ESS as sum c**2, the
Information with MIG's fixed-point table of c log2 c), so ties are exact. Their Table 1,
every combination's strategy evaluated and ranked, is ``experiments.valuation_table``.

References
----------
- [cunanan2023]_, Sections 2.4 and 3.1, Table 1: the valuations and their combinations.
- [knuth1976]_: Knuth's Mastermind strategy, ``KNUTH``.
"""

from __future__ import annotations

import itertools

import numpy as np

from . import _kernels
from .buckets import bucket_stats
from .errors import WordlekitError
from .game import Game, State
from .words import norvig_counts

#: The valuations, in the order of ``valuation_matrix``'s columns.
VALUATIONS = ("InSet", "MSS", "ESS", "Information", "MostParts")
_ALIASES = {
    "inset": "InSet",
    "mss": "MSS",
    "maxsizesplit": "MSS",
    "ess": "ESS",
    "expsizesplit": "ESS",
    "information": "Information",
    "info": "Information",
    "mostparts": "MostParts",
}


#: Knuth's strategy for Mastermind: MaxSizeSplit, then a candidate, then list order.
KNUTH = ("MSS", "InSet")


def all_combinations() -> list[tuple[str, ...]]:
    """The 325 non-empty ordered combinations of the five valuations (by length, then order)."""
    return [
        combo
        for k in range(1, len(VALUATIONS) + 1)
        for combo in itertools.permutations(VALUATIONS, k)
    ]


def parse_combination(text: str) -> tuple[str, ...]:
    """``"MostParts,InSet,ESS"`` -> ("MostParts", "InSet", "ESS"); a clear error otherwise."""
    names = []
    for part in text.split(","):
        name = _ALIASES.get(part.strip().lower())
        if name is None:
            raise WordlekitError(
                f"unknown valuation {part.strip()!r} in {text!r}; expected "
                f"a comma-separated list of {', '.join(VALUATIONS)}"
            )
        if name in names:
            raise WordlekitError(f"valuation {name} appears twice in {text!r}")
        names.append(name)
    return tuple(names)


def frequency_tie_break(game: Game) -> np.ndarray:
    """Minus each guess's count in Norvig's word counts (``words.norvig_counts``; 0 if absent):
    as a ``tie_break``, the most frequent of equal guesses first, then list order."""
    counts = norvig_counts()
    return -np.array([counts.get(word, 0) for word in game.guesses], dtype=np.int64)


def valuation_matrix(game: Game, state: State, allowed: np.ndarray | None = None) -> np.ndarray:
    """The five valuations (columns in ``VALUATIONS`` order) of the guesses ``allowed``
    (default: every allowed guess) at ``state``: int64, shape (n_allowed, 5), each lower is
    better."""
    allowed = game.allowed_guesses(state) if allowed is None else allowed
    stats = bucket_stats(game, state.candidates, allowed)
    # Information is minus the entropy up to terms common to every guess (MIG's fixed point),
    # ExpSizeSplit the sum of squares (the 1/n is common too).
    return np.column_stack(
        (-stats.in_set, stats.largest, stats.squares, stats.entropy, -stats.parts)
    )


class ValuationStrategy:
    """The strategy of a combined valuation: play the lexicographically smallest guess.

    Parameters
    ----------
    combination : sequence of valuation names (see ``VALUATIONS``) or a comma-separated str
    name : str, optional
        The strategy's name (default the combination, e.g. ``"MSS,InSet"``).
    tie_break : numpy.ndarray, optional
        A key per guess of the game (lower first) that decides between guesses of equal
        valuations instead of list order, e.g. ``frequency_tie_break`` (the paper says
        lexicographic order; an earlier version of its code used word frequency). It cannot
        share a ``cache``, whose filter keeps the first of equal guesses in list order.
    cache : dict, optional
        Shared between strategies on one game (``valuation_table``): for every
        state scored, the guesses that some combination of the valuations could choose (no
        earlier guess is as good in all five) and their valuations. 325 strategies meet about
        six times fewer distinct states than they make choices, and every later choice at a
        state is an argmin over a few dozen guesses instead of scoring all of them.
    """

    def __init__(
        self,
        combination,
        cache: dict | None = None,
        name: str | None = None,
        tie_break: np.ndarray | None = None,
        first_of_two: bool = False,
    ):
        if isinstance(combination, str):
            combination = parse_combination(combination)
        self.combination = tuple(combination)
        unknown = [v for v in self.combination if v not in VALUATIONS]
        if unknown or not self.combination:
            raise WordlekitError(
                f"valuations {list(combination)}: expected a non-empty list of "
                f"{', '.join(VALUATIONS)}"
            )
        self.name = name or ",".join(self.combination)
        self._columns = np.array([VALUATIONS.index(v) for v in self.combination], dtype=np.int64)
        if tie_break is not None and cache is not None:
            raise WordlekitError("a tie_break cannot share a cache; expected one or the other")
        self._cache = cache
        self.tie_break = None if tie_break is None else np.asarray(tie_break)
        self.first_of_two = first_of_two
        self._candidates_only = self.combination[0] == "InSet"

    def __repr__(self) -> str:
        return f"ValuationStrategy({self.name!r})"

    def choose(self, game: Game, state: State) -> int:
        """The guess with the lexicographically smallest valuations; ties to list order."""
        candidates = state.candidates
        if (last := game.sole_guess(state)) is not None:
            return last
        if self.first_of_two and len(candidates) == 2 and state.allowed is None:
            return int(game.guess_of_answer[candidates[0]])
        if self._cache is not None:
            guesses, values = self._undominated(game, state)
        elif self._candidates_only and state.allowed is None:
            # InSet first: a candidate always beats a non-candidate, so score only candidates.
            guesses = np.sort(game.guess_of_answer[candidates])
            values = valuation_matrix(game, state, guesses)
        else:
            guesses = game.allowed_guesses(state)
            values = valuation_matrix(game, state, guesses)
        best = _kernels.lexicographic_argmin(values, self._columns)
        if self.tie_break is not None:
            chosen = values[:, self._columns]
            ties = np.flatnonzero((chosen == chosen[best]).all(axis=1))
            best = ties[np.argmin(self.tie_break[guesses[ties]])]  # the first of equal keys
        return int(guesses[best])

    def keys(self, game: Game, state: State) -> np.ndarray:
        """Every allowed guess's rank in the strategy's order (int64, equal valuations equal
        rank; ``EXCLUDED`` for a guess that splits nothing and is not a candidate), so that a
        rollout can shortlist by it as by a heuristic's keys."""
        values = valuation_matrix(game, state)
        chosen = values[:, self._columns]
        order = np.lexsort(chosen.T[::-1])
        ranked = chosen[order]
        new = np.ones(len(order), dtype=np.int64)
        new[1:] = (ranked[1:] != ranked[:-1]).any(axis=1)
        keys = np.empty(len(order), dtype=np.int64)
        keys[order] = np.cumsum(new) - 1
        in_set, parts = (
            -values[:, VALUATIONS.index("InSet")],
            -values[:, VALUATIONS.index("MostParts")],
        )
        keys[(parts == 1) & (in_set == 0)] = _kernels.EXCLUDED
        return keys

    def rank(self, game: Game, state: State, k: int) -> np.ndarray:
        """The k best guesses at ``state`` in the strategy's order, best first (fewer if fewer
        make progress): what ``hint`` suggests beside the choice."""
        keys = self.keys(game, state)
        order = np.argsort(keys, kind="stable")[:k]
        return game.allowed_guesses(state)[order[keys[order] != _kernels.EXCLUDED]]

    def _undominated(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """The allowed guesses no earlier guess equals or beats in all five valuations, with
        their valuations, from the shared cache: every combination's choice is among them."""
        key = (id(game.patterns), state.key)
        hit = self._cache.get(key)
        if hit is None:
            allowed = game.allowed_guesses(state)
            values = valuation_matrix(game, state, allowed)
            keep = np.empty(len(allowed), dtype=np.bool_)
            _kernels.undominated(values, keep)
            hit = self._cache[key] = (allowed[keep], np.ascontiguousarray(values[keep]))
        return hit
