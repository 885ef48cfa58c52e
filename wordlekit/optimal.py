"""Exact optimal play: the minimum TOTAL over all strategies, by branch and bound.

For a candidate set C with d guesses left (Cunanan & Thielscher, Definition 10, with a cap),

    MinTotal_d(C) = |C| + min_g sum_{feedback r != all green} MinTotal_{d-1}(C_{g,r}),

with MinTotal(one candidate) = 1 and no solution when d = 0. ``Solver.value`` computes it
exactly, but only as far as needed to prove a value:

1. Every guess g gets the lower bound ``V(g) = 3|C| - parts(g) - [g in C]``
   (``bounds.guess_lower_bound``) from the bucket statistics of all allowed guesses
   (``buckets``); guesses are tried in increasing V (ties: smaller sum of squared bucket sizes,
   then list order), so the likeliest best comes first.
2. A guess whose bound is not below the best total found so far is never expanded (nor is any
   later one: they are sorted), and a guess's buckets are solved largest first (in hard mode
   smallest first, see ``_guess_total``), each with the budget left by the best total, so a
   losing guess is abandoned as soon as it is proved losing (``branch_and_bound``, shared
   with ``bounds.LowerBounds``).
3. Two scans spare most states the scoring of every guess. A *perfect* guess (every candidate
   its own feedback) is optimal whenever one exists: 2|C| - 1 if it is a candidate, else 2|C|
   (``_perfect``). And a guess with k collisions (candidates sharing a bucket with an earlier
   one) has V(g) >= 2|C| + k - [g in C], so when the budget leaves a slack of a few guesses
   only the guesses within that many collisions can beat it, and only those are scored, by a
   scan that drops a guess at its first collision too many. Each bucket of a guess expanded
   has its own candidates tried as its next guess first (``Split.searched``): one that splits
   it perfectly settles it at 2c - 1, one that leaves a single pair at 2c (three guesses
   left), and every other bucket is worth at least 2c, so most losing guesses are dropped
   before any bucket is searched.
4. Exact values and proved lower bounds are memoised by (state, guesses left). The guesses
   next in line are screened in batches against those floors and the memo's value of their
   first bucket (``_screened``), so that the many guesses lost at their first bucket cost
   one kernel call per batch and a memo lookup each, not a state each.
5. A state's floor is BOUND(|C|, F), the cheapest tree of |C| candidates when no guess makes
   more than F buckets, F the feedbacks the game can give (``bounds.bound``): 2|C| - 1 up to
   F + 1 candidates, more above, and a guess's bound is |C| + sum_b BOUND(c_b) where a bucket
   can be that large. In Wordle (F = 238) that is the root and a few buckets; in Mastermind
   (F = 14) it is most of the proof. Below a state whose guesses make at most M buckets
   (MaxSplits, known once they are scored), every set is a subset, which no guess splits into
   more: its floor is BOUND(|C|, M) (Cunanan & Thielscher's LB_2), and so is the state's own.
   In Bulls and Cows (F = 14) M is 12 or 13 at most states of 16 to 127 codes: after 0123, the
   360-code bucket took 2,985 states instead of 7,418, the 480-code one 14,807 instead of 22,569.
6. In a code game (``symmetry``), only one guess of each class under the peg and colour
   permutations that fix the guesses so far is searched: they all cost the same.

The answer is exact: a guess is skipped only when a lower bound proves it cannot beat a total
already achieved. In hard and strict mode the state includes the allowed guesses, so the same
code solves every mode.

With a non-uniform prior (``prior=``, see ``wordlekit.prior``) the solver minimises the
weighted total ``sum_a w_a * guesses(a)``, i.e. the expected number of guesses under the prior.
Every bound above carries over with each candidate counted by its weight: a state of weight W
costs at least ``2W - max w`` (every candidate but one needs a second guess), and a guess g at
least ``V(g) = 3W - sum_b max_{a in b} w_a - [g in C] w_g``; with unit weights these are the
uniform bounds.

Why one module of about 550 lines: it is one algorithm and its refinements (the perfect and
near-perfect scans, the restricted columns, the feasibility check), each a few lines that only
make sense beside the search they prune, plus J* as a lookahead's cost-to-go
(``OptimalCost``), the adapter beside what it adapts. The tree of an optimum as JSON and the
policy that replays any such tree are in ``trees``; the tables of optima per opener and per
breadth are experiments built on it (``optimum_tables``).
The search loop itself is shared with the lower bounds in ``branch_and_bound``.

References
----------
- [cunanan2023]_, Definition 10 and Section 4: MinTotal and the lower bounds that prune it.
- [selby2022]_: the published optima the solver's totals are compared with, and the C++ peer
  it is timed against (``benchmarks/optimal-results.md``).
"""

from __future__ import annotations

import collections
import contextlib
import itertools

import numba
import numpy as np

from . import _kernels
from . import branch_and_bound as bnb
from .bounds import bound_table, guess_lower_bound
from .branch_and_bound import INFEASIBLE, NO_LIMIT, feasible
from .buckets import Columns, bucket_stats, first_perfect, split_bounds
from .endgames import endgame_unsolvable
from .errors import WordlekitError
from .evaluation import PerGame
from .game import MAX_GUESSES, Game, Split, State
from .heuristics import EXCLUDED, best_positions
from .lookahead import CostToGo
from .prior import Weights
from .symmetry import Stabilizer

__all__ = [
    "INFEASIBLE",
    "NO_LIMIT",
    "OptimalCost",
    "Solver",
    "feasible",
]

#: Orders guesses by (V, sum of squares): sums of squares stay far below it (n**2 <= 12,972**2).
_SQUARES_SCALE = 2**40
#: Largest candidate set for which the solver scans every guess for a perfect split before
#: scoring them all. Such splits get rare as sets grow (from salet, easy: 281 found among
#: states of 3-19 candidates, none among 1,181 states of 20 or more), and scoring finds them
#: anyway, so larger sets skip the scan.
PERFECT_SCAN_MAX = 16
#: Largest budget slack (beta - 2n) for which the solver scores only the guesses that could
#: beat the budget (``bucket_stats(max_collisions=...)``) rather than every guess. From
#: salet, easy, 1,088 of 1,531 scored states had a slack below 10.
NEAR_SCAN_MAX = 12
#: States of ``COLUMNS_MIN`` to ``COLUMNS_MAX`` candidates copy their columns of the pattern
#: matrix into a block of their own (``buckets.Columns``), through which every state below them
#: is scanned; below a block, a new one only for a state ``COLUMNS_SHRINK`` times narrower.
#: The early-stopping scans (near-perfect guesses, perfect splits) then read a few cache lines
#: per guess instead of one per candidate: in a profile (salet, easy) the near scan took most
#: of the time, and little of it through blocks. 512 rather than 256, which helped house less.
#: The profile and the before and after (salet, crate, house): benchmarks/quoted-results.md.
COLUMNS_MAX = 512
COLUMNS_SHRINK = 8
COLUMNS_MIN = 16
#: Children of up to this many candidates are checked for solvability before the exact
#: values of a guess's children (hard and strict mode: ``Solver._some_child_unsolvable``).
FEASIBILITY_CHECK_MAX = 16
#: Guess-answer pairs up to which a game's opener totals run numba on one thread (Mastermind
#: (4, 6): 1.7 million; Bulls and Cows 25 million and Wordle 30 million use every thread).
SMALL_GAME_PAIRS = 4_000_000
#: From this many candidates on (and the breadth), a search on a breadth (ApMinTotal) scores only
#: the guesses that could be among the breadth best (``Solver._could_rank``): same totals, same
#: states, less time on Nerdle, Primel and Wordle; 16 rather than 32 or 64, which leave the sets
#: of 25 to 64 candidates unpruned, a third of the time in a profile (benchmarks/quoted-results.md;
#: the latest run is benchmarks/breadth-results.md).
BREADTH_PRUNE_MIN = 16
#: Guesses screened at once by ``Solver._screened``: the first batch, doubled at each next
#: one up to the most, which is also how many guesses the search's order sorts up front
#: (``branch_and_bound.increasing``), so that looking ahead never sorts the rest.
SCREEN_MIN = 4
SCREEN_MAX = 32
#: Ordering key of a guess that is never tried (it splits nothing, or cannot beat the budget).
_UNRANKED = EXCLUDED  # the selection of ``best_positions`` skips it too


class _Ahead:
    """An iterator that can look ahead: ``peek(k)`` is up to k of the items it will yield
    next (``Solver._screened`` screens the guesses a search is about to try), but only among
    its first ``free`` items until they have all been yielded (``branch_and_bound.increasing``
    sorts the rest when its item ``free`` + 1 is asked for)."""

    def __init__(self, items, free: int):
        self._items = iter(items)
        self._buffer: collections.deque = collections.deque()
        self._free = free
        self._pulled = 0  # items taken from ``items``
        self._yielded = 0

    def __iter__(self):
        return self

    def __next__(self):
        self._yielded += 1
        if self._buffer:
            return self._buffer.popleft()
        self._pulled += 1
        return next(self._items)

    def peek(self, k: int) -> list:
        while len(self._buffer) < k and (self._pulled < self._free or self._yielded > self._free):
            try:
                self._buffer.append(next(self._items))
            except StopIteration:
                break
            self._pulled += 1
        return list(itertools.islice(self._buffer, k))


class Solver:
    """Exact minimum TOTAL for one game, with memoised values shared between calls.

    Parameters
    ----------
    game : Game
    max_guesses : int or None
        Every answer must be solved within this many guesses (6 in the NYT game); None for no
        cap (Cunanan & Thielscher's MinTotal).
    breadth : int, optional
        Consider only the ``breadth`` best guesses at every state, ranked by the valuations
        (MostParts, InSet, ExpSizeSplit) then list order: Cunanan & Thielscher's
        ApMinTotal(C, n), an upper bound on MinTotal. None (default) searches every guess.
    prior : prior.Prior, optional
        Minimise the total weighted by this prior (the expected number of guesses times the
        prior's mass, ``prior.mass()``). None (default): every answer counts once. With a prior,
        ``breadth`` ranks guesses by the weighted bound V(g), then sum_b W_b c_b, then list order.
    """

    def __init__(
        self,
        game: Game,
        max_guesses: int | None = MAX_GUESSES,
        breadth: int | None = None,
        prior=None,
    ):
        self.game = game
        self.max_guesses = len(game.answers) if max_guesses is None else max_guesses
        self.breadth = breadth
        self.prior = prior
        self.weights = Weights.of(game, prior)  # W(S), unit or the prior's
        self.memo = bnb.Memo()  # (state key, guesses left) -> value, best guess
        self.nodes = 0  # states whose guesses were all scored
        self._columns = None  # the Columns of the innermost state being searched, if any
        # The symmetries of a code game (uniform, every guess searched): at each state only one
        # guess of each class under those that fix the guesses so far (``symmetry``).
        symmetric = prior is None and breadth is None
        self._symmetry = Stabilizer.of(game) if symmetric else None
        self._group = None  # the Stabilizer of the guesses leading to the state searched
        # A small game's states are too little work for numba's threads: beside one other
        # process Mastermind (4, 6)'s proof on two threads took many times as long as on one
        # (the threads wait for each other at every kernel; benchmarks/quoted-results.md).
        # Its opener totals run on one thread; Wordle's (30 million pairs) on all.
        self._one_thread = len(game.guesses) * len(game.answers) <= SMALL_GAME_PAIRS
        # A bucket's floor by its size c, for ``Split.valued`` and ``_floor`` (uniform only):
        # BOUND(c, F), the cheapest tree of c candidates when no guess makes more than F buckets,
        # F the feedbacks the game can give (Cunanan & Thielscher's LB_1 with F for MaxSplits).
        # It is 2c - 1 up to F + 1 candidates, then more: in Wordle (F = 238) only for sets of
        # over 239; in Mastermind (4 pegs, F = 14) from 16 on, where it is most of the proof.
        # Below a state whose guesses make at most M buckets (M, MaxSplits, found as its guesses
        # are scored), every set is a subset of it, so BOUND(c, M) instead (C&T's LB_2):
        # ``_floors`` is the table of the state being searched, ``_splits`` its M.
        self._feedbacks = game.answering.n_feedbacks(game.length)
        self._tables: dict = {}  # b -> BOUND(c, b) for c = 0..|answers|
        self._floors = self._table(self._feedbacks)
        self._splits = self._feedbacks

    def _table(self, b: int) -> np.ndarray:
        """BOUND(c, b) for c = 0..|answers| (int64), built once per b."""
        table = self._tables.get(b)
        if table is None:
            table = self._tables[b] = bound_table(len(self.game.answers), b)
        return table

    @property
    def exact(self) -> dict:
        """(state key, guesses left) -> (total, best guess), for every state solved."""
        return self.memo.exact

    def opener_total(
        self,
        opener: int,
        bound: int | None = None,
        progress=None,
        smallest_first: bool = False,
    ) -> int:
        """Minimum TOTAL over strategies opening with guess index ``opener``.

        With ``bound``, the exact total only if it is below ``bound``; otherwise some lower
        bound >= ``bound`` (cheaper to prove). A total >= ``INFEASIBLE`` means that no strategy
        opening with it solves every answer within the cap. ``progress(valued, buckets,
        at_least)``, if given, is called as each bucket after the opener is valued (largest
        first, or smallest first with ``smallest_first``): the TOTAL proved so far is at least
        ``at_least``. Without a bound the order changes no value and little work (every bucket
        is valued whole); smallest first, a proof too long to finish still measures what its
        cheaper buckets cost (benchmarks/bulls.py).
        """
        game = self.game
        root = game.initial_state()
        # No strategy at all costs at least INFEASIBLE: stop at the first child proved unsolvable.
        beta = INFEASIBLE if bound is None else min(bound, INFEASIBLE)
        children = [c for _, c in game.unsolved_children(root, opener)]
        with self._after(opener):
            return self._opener_total(children, beta, bound is None, progress, smallest_first)

    def bucket_value(self, opener: int, feedback: int) -> int:
        """Minimum TOTAL of the answers that give ``feedback`` (a pattern) to guess index
        ``opener``, with the guesses left after it: one of the terms ``opener_total`` sums,
        valued alone (same symmetries, same threads), so that the buckets of one opener can be
        valued in separate processes: ``opener_total(o) = |answers| + sum over its unsolved
        feedbacks f of bucket_value(o, f)`` (uniform, no bound; ``INFEASIBLE`` or more if
        the bucket cannot be solved within the cap). A feedback no answer gives, or the
        all-green one, is a ``WordlekitError`` naming it and the feedbacks expected.
        """
        game = self.game
        buckets = dict(game.unsolved_children(game.initial_state(), opener))
        if feedback not in buckets:
            expected = ", ".join(game.format_feedback(p) for p in buckets)
            raise WordlekitError(
                f"feedback {game.format_feedback(feedback)} is not a bucket of "
                f"{game.guesses[opener]}; expected one of {expected}"
            )
        with self._after(opener):
            return self.value(buckets[feedback], self.max_guesses - 1)

    @contextlib.contextmanager
    def _after(self, opener: int):
        """Search the states after ``opener`` under the symmetries that fix it, and on one
        thread in a small game (``SMALL_GAME_PAIRS``)."""
        outer, self._group = self._group, self._fixing(None, opener)
        threads = numba.get_num_threads()
        if self._one_thread:
            numba.set_num_threads(1)
        try:
            yield
        finally:
            self._group = outer
            numba.set_num_threads(threads)

    def _opener_total(
        self, children: list, beta: int, every: bool, progress, smallest_first: bool
    ) -> int:
        root = self.game.initial_state()
        if self._some_child_unsolvable(children, self.max_guesses - 1, every=every):
            return INFEASIBLE
        mass = self.weights.mass(root.candidates)
        floor = mass + sum(self._floor(c.candidates) for c in children)
        proved = [0, floor]  # buckets valued, the TOTAL's lower bound with their values

        def value(child, budget):
            found = self.value(child, self.max_guesses - 1, budget)
            if progress is not None:
                proved[0] += 1
                proved[1] += found - self._floor(child.candidates)
                progress(proved[0], len(children), proved[1])
            return found

        order = bnb.largest_first(children)
        return bnb.guess_cost(
            mass,
            order[::-1] if smallest_first else order,
            lambda c: self._floor(c.candidates),
            value,
            floor,
            beta,
        )

    def _fixing(self, group: Stabilizer | None, guess: int) -> Stabilizer | None:
        """The symmetries of ``group`` (the whole game's if None) that also fix ``guess``."""
        if self._symmetry is None:
            return None
        return (self._symmetry if group is None else group).fixing(guess)

    def solvable(self, state: State, left: int) -> bool:
        """Whether some strategy solves every candidate of ``state`` within ``left`` guesses."""
        return self.value(state, left, INFEASIBLE) < INFEASIBLE

    def value(self, state: State, left: int, beta: int = NO_LIMIT) -> int:
        """MinTotal of ``state`` with ``left`` guesses, if it is below the budget ``beta``.

        Returns the exact value when it is < beta (``NO_LIMIT``, the default: always);
        otherwise some lower bound >= beta. ``INFEASIBLE`` or more: no strategy solves every
        candidate within ``left`` guesses.
        """
        n = len(state.candidates)
        if n == 1:  # guessed next, if a guess is left (none after the opener, at a cap of 1)
            return self.weights.mass(state.candidates) if left >= 1 else INFEASIBLE
        if left <= 1:
            return INFEASIBLE
        if n == 2:
            # the likelier candidate first: the other one needs a second guess
            return self.weights.mass(state.candidates) + self.weights.lightest(state.candidates)
        floor = self._floor(state.candidates)
        if floor >= beta:
            return floor
        # Guessing a candidate each turn solves n candidates within n guesses, and an optimal
        # strategy only plays guesses that split, so a cap of n or more never binds: one memo
        # entry serves every such cap (and "no cap").
        left = min(left, n)
        key = (state.key, left)
        known, exact = self.memo.known(key, floor)
        if exact or known >= beta:
            return known
        if self.game.mode == "hard" and endgame_unsolvable(self.game, state, left):
            best, guess = INFEASIBLE, -1
        else:
            best, guess = self._search(state, left, beta)
        if best >= INFEASIBLE and beta > INFEASIBLE:
            best = INFEASIBLE  # every guess proved to leave some candidate unsolved in time
        return self.memo.store(key, best, beta, guess, known)

    def _floor(self, candidates: np.ndarray) -> int:
        """A lower bound for any state with these candidates: BOUND(n, F) uniform (see
        ``__init__``), else the weights' 2W - max w."""
        if self.weights.uniform:
            return int(self._floors[len(candidates)])
        return self.weights.floor(candidates)

    def _perfect(self, state: State) -> tuple[int, int] | None:
        """(total, guess) when a guess that gives every candidate its own feedback is optimal.

        Uniform only. A candidate that does so costs 2n - 1, the floor; otherwise every guess
        costs at least 2n (n + one per bucket, and parts + [g in C] <= n), which another
        perfect guess reaches. These are the first such guesses in the solver's order (by V,
        then sum of squares, then list order), found by a scan that drops a guess at its first
        repeated feedback instead of scoring every guess (non-candidates only for sets up to
        ``PERFECT_SCAN_MAX``: scoring finds the others).
        """
        game = self.game
        cands = state.candidates
        n = len(cands)
        # Candidates are allowed in every mode: each gave every feedback so far, so it keeps
        # the greens and reuses the yellows (hard) and is consistent (strict).
        own = np.sort(game.guess_of_answer[cands])
        t = first_perfect(game, cands, own, self._columns)
        if t >= 0:
            return 2 * n - 1, int(own[t])
        if n <= PERFECT_SCAN_MAX:
            allowed = game.allowed_guesses(state)
            t = first_perfect(game, cands, allowed, self._columns)
            if t >= 0:
                return 2 * n, int(allowed[t])
        return None

    def _bounds(self, state: State, max_collisions: int | None = None, limit: int = NO_LIMIT):
        """(guesses, bounds, ordered bounds, ordering keys, perfect, MaxSplits) for the allowed
        guesses worth trying.

        V(g) = 3W - sum_b max w - [g in C] w_g (3n - parts - [g in C] uniform) bounds the
        total of g (``bounds.guess_lower_bound``). Guesses that split nothing get ``NO_LIMIT`` and the key
        ``_UNRANKED``: they can never be optimal, in any mode (see
        tests/reference.optimal_total). Guesses are tried by V, then the expected bucket size
        (sum of squares, or sum_b W_b c_b with a prior), then list order: the order of the
        keys, ties to the earlier position. A *perfect* guess leaves every bucket a single
        word; then V is its exact total. With ``max_collisions`` (uniform only), only the
        guesses with at most that many collisions (n - parts) are returned.

        The keys order by the *ordered* bounds, V(g) raised to n + sum_b BOUND(c_b, F) where a
        bucket can pass F + 1 (as before the floors below; so the same guess is chosen). The
        *bounds* are tighter (uniform, no breadth): M, the most buckets a guess makes of this
        set (at most the M of the sets above it, and over the guesses the near scan dropped,
        fewer than n - max_collisions), makes every bucket's floor BOUND(c_b, M), summed again
        for the guesses with a bucket of over M + 1 candidates and an ordered bound below
        ``limit``.
        """
        weighted = not self.weights.uniform
        allowed = self.game.allowed_guesses(state)
        if self._group is not None:
            allowed = self._group.representatives(allowed)
        if (
            self.breadth is not None
            and not weighted
            and max_collisions is None
            and len(state.candidates) >= max(BREADTH_PRUNE_MIN, self.breadth)
        ):
            allowed = self._could_rank(state, allowed)
        stats = bucket_stats(
            self.game,
            state.candidates,
            allowed,
            self.weights.array,
            self.weights.entropy_scale,
            max_collisions,
            self._columns if max_collisions is not None else None,
        )
        guesses = stats.guesses
        if weighted:
            own = np.zeros(len(guesses), dtype=np.int64)
            is_candidate = stats.in_set == 1
            own[is_candidate] = self._own_weight(state, guesses[is_candidate])
        else:
            own = stats.in_set
        useless = stats.splits_nothing
        bounds = guess_lower_bound(stats.mass, stats.heaviest, own)
        n = len(state.candidates)
        splits = self._splits
        ordered = bounds
        if not weighted and self.breadth is None:
            # MaxSplits of this set (over the guesses scored; a guess the near scan dropped had
            # more than max_collisions collisions, so fewer than n - max_collisions parts)
            most = int(stats.parts.max()) if len(guesses) else 0
            if max_collisions is not None:
                most = max(most, n - max_collisions - 1)
            splits = max(1, min(splits, most))
            # A bucket can be larger than the floors' linear part: n + sum_b BOUND(c_b) is more.
            # Not on a breadth: ApMinTotal ranks its guesses by V itself.
            feedbacks = self._feedbacks
            ordered = self._raised(state, guesses, bounds, stats.largest > feedbacks + 1, feedbacks)
            # The same with BOUND(c, M), only for guesses that could still be tried (summing
            # every guess cost more than these floors saved: benchmarks/quoted-results.md)
            wide = (stats.largest > splits + 1) & (ordered < limit)
            bounds = (
                ordered
                if splits >= feedbacks
                else self._raised(state, guesses, ordered, wide, splits)
            )
        bounds = np.where(useless, NO_LIMIT, bounds)
        ordered = np.where(useless, NO_LIMIT, ordered)
        if weighted:  # (V, sum_b W_b c_b) does not fit one int64: rank instead
            keys = np.empty(len(guesses), dtype=np.int64)
            keys[np.lexsort((stats.squares, ordered))] = np.arange(len(guesses))
        else:
            keys = ordered * _SQUARES_SCALE + stats.squares
        keys[useless] = _UNRANKED
        return guesses, bounds, ordered, keys, stats.perfect & ~useless, splits

    def _could_rank(self, state: State, allowed: np.ndarray) -> np.ndarray:
        """The guesses of ``allowed`` that could be among the ``breadth`` best at ``state``
        (uniform): the breadth best rank by V(g) = 3n - parts - [g in C], and the candidates'
        own guesses (allowed in every mode) already hold ``breadth`` of them, so a guess whose
        least possible V, from the upper bound on its parts of ``buckets.split_bounds``, is
        above the ``breadth``-th smallest V among the candidates cannot be one (one equal to
        it could tie, and is kept). The same guesses are chosen; fewer are scored.
        """
        cands = state.candidates
        n = len(cands)
        own = self.game.guess_of_answer[cands]
        own_v = guess_lower_bound(n, bucket_stats(self.game, cands, own).parts, 1)
        worst = np.partition(own_v, self.breadth - 1)[self.breadth - 1]
        in_set = np.zeros(len(self.game.guesses), dtype=np.int64)
        in_set[own] = 1
        least_v = guess_lower_bound(n, split_bounds(self.game, cands, n), in_set)
        return allowed[least_v[allowed] <= worst]

    def _own_weight(self, state: State, guesses: np.ndarray) -> np.ndarray:
        """Prior weight of each of ``guesses``, which are candidates of ``state``."""
        cands = state.candidates
        words = self.game.guess_of_answer[cands]
        order = np.argsort(words)
        return self.weights.array[cands[order[np.searchsorted(words[order], guesses)]]]

    def _raised(
        self, state: State, guesses: np.ndarray, bounds: np.ndarray, wide: np.ndarray, splits: int
    ) -> np.ndarray:
        """``bounds`` raised to n + sum_b BOUND(c_b, splits) where ``wide`` (a mask: the guesses
        with a bucket of over splits + 1 candidates; the others' sum is V(g) - n, no more)."""
        rows = np.flatnonzero(wide)
        if len(rows) == 0:
            return bounds
        raised = bounds.copy()
        sums = self._floor_sums(state.candidates, guesses[rows], splits)
        raised[rows] = np.maximum(bounds[rows], len(state.candidates) + sums)
        return raised

    def _floor_sums(self, candidates: np.ndarray, guesses: np.ndarray, splits: int) -> np.ndarray:
        """sum_b BOUND(c_b, splits) over the buckets (all green excluded) of each guess."""
        game = self.game
        table = self._table(splits)
        return _kernels.floor_sums(
            game.patterns, candidates, guesses, table, game.solved, game.n_patterns
        )

    def _search(self, state: State, left: int, beta: int) -> tuple[int, int]:
        """Best (total, guess) below ``beta``, or (a bound >= beta, -1)."""
        outer = self._columns  # _guess_total may narrow it for the states below this one
        try:
            return self._search_columns(state, left, beta)
        finally:
            self._columns = outer

    def _search_columns(self, state: State, left: int, beta: int) -> tuple[int, int]:
        n = len(state.candidates)
        if self.weights.uniform:
            # A perfect guess, where there is one, is also the first in every ranking the
            # solver uses (breadth included), so it settles the state without scoring.
            found = self._perfect(state)
            if found is not None:
                return found if found[0] < beta else (found[0], -1)
            if left == 2 and n <= PERFECT_SCAN_MAX:
                return INFEASIBLE, -1  # one more guess after this one: only a perfect one works
            if 2 * n >= beta:
                return 2 * n, -1
        self.nodes += 1
        limit = min(beta, INFEASIBLE)  # a total this large is no solution at all
        # Only guesses with V < limit can be tried, i.e. with at most limit - 2n - 1 + [g in C]
        # collisions. When that is small (a search on a budget, most of them), scanning for
        # those few is much cheaper than scoring every guess; the order is the same.
        near = self.weights.uniform and self.breadth is None and limit - 2 * n <= NEAR_SCAN_MAX
        guesses, bounds, ordered, keys, perfect, splits = self._bounds(
            state, limit - 2 * n if near else None, limit
        )
        if left == 2:
            # One more guess after this one: only a perfect guess can work, and its bound is
            # its exact total.
            perfect = np.flatnonzero(perfect)
            if len(perfect) == 0:
                return INFEASIBLE, -1
            t = perfect[np.argmin(keys[perfect])]
            return int(bounds[t]), int(guesses[t])

        def cost(t: int, bound: int, best: int) -> int:
            return self._guess_total(state, int(guesses[t]), left, bound, best)

        if self.breadth is not None:
            # the breadth best keys, ties to list order: a partial selection, not a sort of all
            ranked = best_positions(keys, self.breadth)
            order = ranked[bounds[ranked] < limit]
        else:
            order = bnb.increasing(
                np.where(bounds < limit, keys, _UNRANKED), _UNRANKED, head=SCREEN_MAX
            )
        # LB_2 of this set, BOUND(n, MaxSplits), and the floors of every set below it, which
        # no guess splits into more parts either (a subset never has more buckets).
        floor = self._floor(state.candidates)
        if self.weights.uniform:
            floor = max(floor, int(self._table(splits)[n]))
        if floor >= limit:
            return floor, -1
        outer = self._floors, self._splits
        self._floors, self._splits = self._table(splits), splits
        try:
            if self.breadth is None and self.weights.uniform and self._group is None:
                order, cost = self._screened(state, left, guesses, bounds, ordered, order, cost)
            best, t = bnb.minimise(order, bounds, cost, limit, floor, ordered)
        finally:
            self._floors, self._splits = outer
        if t < 0:
            # Every guess is proved to cost at least beta (or none was worth expanding).
            return max(limit, int(bounds.min()) if len(bounds) else limit), -1
        return best, int(guesses[t])

    def _screened(self, state: State, left: int, guesses, bounds, ordered, order, cost):
        """``order`` and ``cost`` for ``bnb.minimise`` (uniform, easy or hard mode; unchanged
        where a child's key needs the child, ``Game.child_keys``), with
        the guesses about to be tried screened in batches (``Split.heads``): a guess whose
        floors reach the best total, or whose first bucket to value is known (memo) to cost
        enough, is dropped without a state built or a call per bucket; the others go to
        ``cost``. The same totals, guesses and states expanded, as the first bucket is the
        one ``_guess_total`` would value first and the memo is what it would read.
        ``order`` increases in ``ordered`` (lower bounds at most ``bounds``, see
        ``bnb.minimise``), so a batch stops at the first guess whose ``ordered`` reaches the best.

        Why: in hard mode nearly every guess tried is lost at its first bucket, almost always
        a state the memo already knows to be unsolvable in time (later, one thread: 145,000
        guesses tried, 132,000 lost at their first bucket, 121,000 of those from the memo),
        and a guess's Python (split, state, key, memo) cost more than its kernel.
        """
        game = self.game
        n = len(state.candidates)
        child_key = game.child_keys(state)
        if child_key is None:  # strict mode, or a hard-mode state built without its rule
            return order, cost
        ahead = _Ahead(order, SCREEN_MAX)
        heads: dict = {}
        batch = [SCREEN_MIN]  # grows as a search tries more guesses

        def screened(t: int, bound: int, best: int) -> int:
            if t not in heads:
                todo = [t]
                for u in ahead.peek(min(batch[0], SCREEN_MAX)):
                    if ordered[u] >= best:
                        break  # and every later one: sorted by ``ordered`` (<= ``bounds``)
                    if bounds[u] < best and u not in heads:
                        todo.append(u)
                batch[0] *= 2
                self._narrow_columns(state)  # as ``_guess_total`` would at its first guess
                found = Split.heads(
                    game,
                    state,
                    guesses[todo],
                    self._floors,
                    left - 1,
                    game.mode == "hard",
                    *self._scanned_columns(),
                )
                heads.update(zip(todo, found))
            floor, pattern, head_floor, size, members = heads.pop(t)
            total = n + floor
            if total >= best or pattern < 0:
                return total  # exact when no bucket is left to value
            key = (child_key(int(guesses[t]), pattern, members), min(left - 1, size))
            known, _ = self.memo.known(key, head_floor)
            if known >= best - total + head_floor:
                return total - head_floor + known
            return cost(t, bound, best)

        return ahead, screened

    def _scanned_columns(self) -> tuple:
        """The pattern matrix and each answer's column in it that ``Split.searched`` and
        ``Split.heads`` scan: the narrowed columns of the search (``_narrow_columns``), or ()
        for their default, the whole matrix."""
        columns = self._columns
        return () if columns is None else (columns.matrix, columns.position)

    def _narrow_columns(self, state: State) -> None:
        """Make this state's columns (``buckets.Columns``) the ones the states below it are
        scanned through, if it is in the size range and much narrower than the current ones.

        Made at its first guess worth expanding (a state whose guesses all fail their bounds
        never pays for it), kept until its search returns. Not on a breadth (ApMinTotal): it
        scores every guess at every state and never scans for near-perfect ones, and copying
        the columns was a third of its time (Primel: benchmarks/quoted-results.md).
        """
        n = len(state.candidates)
        if (
            self.weights.uniform
            and self.breadth is None
            and COLUMNS_MIN <= n <= COLUMNS_MAX
            and (self._columns is None or len(self._columns) > COLUMNS_SHRINK * n)
        ):
            self._columns = Columns(self.game, state.candidates, self._columns)

    def _guess_total(self, state: State, guess: int, left: int, bound: int, best: int) -> int:
        """Total of ``guess`` at ``state`` if it is below ``best``, else a bound >= best."""
        outer = self._group
        if outer is not None:
            self._group = outer.fixing(guess)
        try:
            return self._guess_total_grouped(state, guess, left, bound, best)
        finally:
            self._group = outer

    def _guess_total_grouped(
        self, state: State, guess: int, left: int, bound: int, best: int
    ) -> int:
        game = self.game
        n = len(state.candidates)
        self._narrow_columns(state)  # the states below scan through this state's columns
        if self.weights.uniform:
            # A bucket of one candidate is worth its floor, 1, and one of two its floor, 3, when
            # two more guesses are left (always here: ``_search`` settles a state with two
            # guesses left by its perfect guesses): only the others are valued, and a state is
            # built only then (hard mode, ratio: 2.1 million states built for 530,000 guesses,
            # the search abandoning most guesses after their largest bucket or two).
            # In hard mode the buckets are valued smallest first, as the peer (alex1770/wordle)
            # does: a small bucket is cheap to value and in hard mode often costs more than its
            # floor or cannot be solved in time, so a losing guess is dropped before its large
            # buckets are searched (same totals and guesses: a cost below the budget is exact
            # in any order). Faster on salet (though it expands 6,428 states instead of 6,111),
            # manes and deism (benchmarks/quoted-results.md).
            # Before any bucket is searched, each one's own candidates are tried as its next
            # guess, in the same kernel as the split (``Split.searched``): a bucket one of
            # them splits perfectly costs its floor 2c - 1, one left with a single pair 2c
            # (three guesses left), any other at least 2c. Profile (clout, easy): most of the
            # time in the kernels scoring every guess (907 states of 25-64 candidates) and
            # near-perfect scans, Python under 10%; the peer (alex1770/wordle, its -T timings)
            # scored every guess at 1,511 states, we at 4,217, as it tightens every bucket
            # this way before searching one. With it: 687 states, and clout, moble, crate,
            # later and carle faster (benchmarks/quoted-results.md).
            split, floor, search, floors = Split.searched(
                game, state, guess, self._floors, left - 1, *self._scanned_columns()
            )
            if n + floor >= best or len(search) == 0:
                return n + floor
            order = range(len(search) - 1, -1, -1) if game.mode == "hard" else range(len(search))
            search, floors = search.tolist(), floors.tolist()
            return bnb.guess_cost(
                n,
                order,
                floors.__getitem__,
                lambda k, budget: self.value(split.child(search[k]), left - 1, budget),
                n + floor,
                best,
            )
        children = [c for _, c in game.unsolved_children(state, guess)]
        return bnb.guess_cost(
            self.weights.mass(state.candidates),
            bnb.largest_first(children),
            lambda c: self._floor(c.candidates),
            lambda c, budget: self.value(c, left - 1, budget),
            bound,
            best,
        )

    def _some_child_unsolvable(self, children: list, left: int, every: bool) -> bool:
        """Whether a small child (up to ``FEASIBILITY_CHECK_MAX`` candidates; ``every``: any
        child) cannot be solved within ``left`` guesses, checked smallest first before any
        exact value. In hard and strict mode a small bucket can be unsolvable (after trace:
        the seven -atch words, every guess forced to keep a, t, c, h): found here in a few
        states instead of after valuing every larger child. Easy mode skips the check (any guess may be played there, so small
        buckets are solvable within the NYT's cap in practice and the check would only cost;
        the result is exact either way). The values it computes are memoised, so
        the exact search that follows reuses them. Used for the opener's children only: for
        every guess inside the search it cost more than it saved (exact values of small
        children of guesses the bounds would have dropped). At the opener, hard mode, it proves
        trace, raise and house infeasible far sooner; feasible openers expand the same states
        (benchmarks/quoted-results.md).

        Without a bound on the opener's total (``every``), every child needs its exact value
        anyway, so all are checked, smallest first, at no extra cost: curns, whose unsolvable
        child has 19 candidates (u yellow, n green: daunt, found, maund...), was slow to prove
        infeasible by valuing the larger children first, and is fast now (salet expands the
        same 6,111 states; benchmarks/quoted-results.md). With a bound the budgets prune the
        larger children, so only small ones are checked."""
        if self.game.mode == "easy":
            return False
        largest = len(self.game.answers) if every else FEASIBILITY_CHECK_MAX
        small = sorted((c for c in children if len(c.candidates) <= largest), key=len)
        return any(not self.solvable(c, left) for c in small)

    def best_guess(self, state: State, left: int) -> int:
        """An optimal guess at ``state`` (solving it if needed)."""
        n = len(state.candidates)
        if n <= 2:
            first = self.weights.likeliest(state.candidates)
            return int(self.game.guess_of_answer[state.candidates[first]])
        key = (state.key, min(left, n))
        if key not in self.memo.exact:
            self.value(state, left)
        return self.memo.exact[key][1]


class OptimalCost(CostToGo):
    """``J~ = J*``: the optimal expected number of guesses, from ``optimal.Solver`` (exact).

    Parameters
    ----------
    max_guesses : int, optional
        Every answer must be solved within this many guesses in all (the state's turn counts);
        None (default): no cap, Cunanan & Thielscher's MinTotal. Exact search: small games only.
    """

    name = "optimal"

    def __init__(self, max_guesses: int | None = None):
        self.max_guesses = max_guesses
        self.solvers = PerGame(lambda game: Solver(game, max_guesses=max_guesses))

    def total(self, game: Game, state: State) -> int:
        solver = self.solvers(game)
        return solver.value(state, solver.max_guesses - state.turn)

    def __repr__(self) -> str:
        return f"OptimalCost(max_guesses={self.max_guesses!r})"
