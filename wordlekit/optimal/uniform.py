"""The uniform search: every answer counts once, the papers' case and the package's speed claim.

Why a class of its own: with unit weights a set's floor depends on its size alone, BOUND(c, M)
(``context.FloorTables``), and a guess's bound on its bucket sizes alone, so the pruning moves
into numba kernels that stop early: the scans for perfect and near-perfect guesses, each
bucket's own candidates tried as its next guess in the split's kernel (``splits``), guesses
screened in batches against the memo (``screening``), the columns of a state copied for the
scans below it, MaxSplits tightening every floor below a state, and the symmetries of a code
game. With a prior the floors need the weights of the very candidates, which these kernels do
not take; the weighted path (``search.Search``) keeps the plain recursion, exact all the same.
Every override below returns what the base would, sooner.
"""

from __future__ import annotations

import functools

import numpy as np

from .. import _kernels
from .. import branch_and_bound as bnb
from ..bounds import guess_lower_bound
from ..branch_and_bound import INFEASIBLE, NO_LIMIT
from ..buckets import Columns, bucket_stats, first_perfect, split_bounds
from ..game import Game, State
from ..prior import UNIT
from . import splits
from .context import Context
from .screening import screened
from .search import UNRANKED, Scores, Search

#: Orders guesses by (V, sum of squares): sums of squares stay far below it (n**2 <= 12,972**2).
SQUARES_SCALE = 2**40
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
#: From this many candidates on (and the breadth), a search on a breadth (ApMinTotal) scores only
#: the guesses that could be among the breadth best (``UniformSearch._could_rank``): same totals,
#: same states, less time on Nerdle, Primel and Wordle; 16 rather than 32 or 64, which leave the
#: sets of 25 to 64 candidates unpruned, a third of the time in a profile
#: (benchmarks/quoted-results.md; the latest run is benchmarks/breadth-results.md).
BREADTH_PRUNE_MIN = 16


class UniformSearch(Search):
    """``Search`` with unit weights: the same values, with the uniform-only pruning (see the
    module). ``breadth``: as ``Search``'s; on a breadth the search scores every guess at every
    state anyway, so the near scan, the columns, MaxSplits and the screening are off."""

    def __init__(self, game: Game, breadth: int | None):
        super().__init__(game, breadth, UNIT)

    def floor(self, candidates: np.ndarray, context: Context) -> int:
        """BOUND(n, M) from the context's table, M the MaxSplits above (F at the root)."""
        return int(context.floors[len(candidates)])

    def search(self, state: State, left: int, beta: int, context: Context) -> tuple[int, int]:
        n = len(state.candidates)
        # A perfect guess, where there is one, is also the first in every ranking the solver
        # uses (breadth included), so it settles the state without scoring.
        found = self._perfect(state, context.columns)
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
        near = self.breadth is None and limit - 2 * n <= NEAR_SCAN_MAX
        scores = self.scores(state, context, limit, limit - 2 * n if near else None)
        if left == 2:
            return scores.best_perfect()
        # LB_2 of this set, BOUND(n, MaxSplits), and the floors of every set below it, which
        # no guess splits into more parts either (a subset never has more buckets).
        table = self.tables(scores.splits)
        floor = max(self.floor(state.candidates, context), int(table[n]))
        if floor >= limit:
            return floor, -1
        # The states below scan through this state's own columns, made at its first guess worth
        # expanding: a state whose guesses all fail their bounds never pays for the copy.
        below = functools.cache(
            lambda: Context(
                self._columns(state, context.columns), context.group, table, scores.splits
            )
        )
        guesses = scores.guesses

        def cost(t: int, bound: int, best: int) -> int:
            guess = int(guesses[t])
            return self.guess_total(state, guess, left, bound, best, below().after(guess))

        order = self.order(scores, limit)
        if self.breadth is None and context.group is None:
            order, cost = screened(self.game, self.memo, state, left, scores, order, cost, below)
        best, t = bnb.minimise(order, scores.bounds, cost, limit, floor, scores.ordered)
        return scores.outcome(best, t, limit)

    def _columns(self, state: State, columns: Columns | None) -> Columns | None:
        """This state's columns (``buckets.Columns``) for the states below it, if it is in the
        size range and much narrower than ``columns``, the ones it was scanned through; else
        ``columns``. Not on a breadth (ApMinTotal): it scores every guess at every state and
        never scans for near-perfect ones, and copying the columns was a third of its time
        (Primel: benchmarks/quoted-results.md)."""
        n = len(state.candidates)
        if (
            self.breadth is None
            and COLUMNS_MIN <= n <= COLUMNS_MAX
            and (columns is None or len(columns) > COLUMNS_SHRINK * n)
        ):
            return Columns(self.game, state.candidates, columns, state.allowed)
        return columns

    def guess_total(
        self, state: State, guess: int, left: int, bound: int, best: int, context: Context
    ) -> int:
        """Total of ``guess`` at ``state`` if it is below ``best``, else a bound >= best;
        ``context``: the one below the guess (``Context.after``), whose floors and columns its
        split is scanned with.

        A bucket of one candidate is worth its floor, 1, and one of two its floor, 3, when two
        more guesses are left (always here: ``search`` settles a state with two guesses left by
        its perfect guesses): only the others are valued, and a state is built only then (hard
        mode, ratio: 2.1 million states built for 530,000 guesses, the search abandoning most
        guesses after their largest bucket or two).

        In hard mode the buckets are valued smallest first, as the peer (alex1770/wordle) does:
        a small bucket is cheap to value and in hard mode often costs more than its floor or
        cannot be solved in time, so a losing guess is dropped before its large buckets are
        searched (same totals and guesses: a cost below the budget is exact in any order).
        Faster on salet (though it expands 6,428 states instead of 6,111), manes and deism
        (benchmarks/quoted-results.md).

        Before any bucket is searched, each one's own candidates are tried as its next guess,
        in the same kernel as the split (``splits.searched``). Profile (clout, easy): most of
        the time in the kernels scoring every guess (907 states of 25-64 candidates) and
        near-perfect scans, Python under 10%; the peer (its -T timings) scored every guess at
        1,511 states, we at 4,217, as it tightens every bucket this way before searching one.
        With it: 687 states, and clout, moble, crate, later and carle faster
        (benchmarks/quoted-results.md).
        """
        game = self.game
        n = len(state.candidates)
        split, floor, search, floors = splits.searched(
            game, state, guess, context.floors, left - 1, context.columns
        )
        if n + floor >= best or len(search) == 0:
            return n + floor
        order = range(len(search) - 1, -1, -1) if game.mode == "hard" else range(len(search))
        search, floors = search.tolist(), floors.tolist()
        return bnb.guess_cost(
            n,
            order,
            floors.__getitem__,
            lambda k, budget: self.value(split.child(search[k]), left - 1, budget, context),
            n + floor,
            best,
        )

    def _perfect(self, state: State, columns: Columns | None) -> tuple[int, int] | None:
        """(total, guess) when a guess that gives every candidate its own feedback is optimal.

        A candidate that does so costs 2n - 1, the floor; otherwise every guess costs at least
        2n (n + one per bucket, and parts + [g in C] <= n), which another perfect guess reaches.
        These are the first such guesses in the solver's order (by V, then sum of squares, then
        list order), found by a scan that drops a guess at its first repeated feedback instead
        of scoring every guess (non-candidates only for sets up to ``PERFECT_SCAN_MAX``: scoring
        finds the others).
        """
        game = self.game
        cands = state.candidates
        n = len(cands)
        # Candidates are allowed in every mode: each gave every feedback so far, so it keeps
        # the greens and reuses the yellows (hard) and is consistent (strict).
        own = np.sort(game.guess_of_answer[cands])
        t = first_perfect(game, cands, own, columns)
        if t >= 0:
            return 2 * n - 1, int(own[t])
        if n <= PERFECT_SCAN_MAX:
            allowed = game.allowed_guesses(state)
            t = first_perfect(game, cands, allowed, columns)
            if t >= 0:
                return 2 * n, int(allowed[t])
        return None

    def scores(
        self,
        state: State,
        context: Context,
        limit: int = NO_LIMIT,
        max_collisions: int | None = None,
    ) -> Scores:
        """The allowed guesses worth trying (one per class under ``context.group``), scored by
        V(g) = 3n - parts - [g in C] and keyed by (V, sum of squares, list order) in one int64.
        With ``max_collisions``, only the guesses with at most that many collisions (n - parts),
        by a scan through ``context.columns`` that drops a guess at its first collision too many.

        The keys order by the *ordered* bounds, V(g) raised to n + sum_b BOUND(c_b, F) where a
        bucket can pass F + 1 (as before the floors below; so the same guess is chosen). The
        *bounds* are tighter (no breadth): M, the most buckets a guess makes of this set (at
        most the M of the sets above it, and over the guesses the near scan dropped, fewer than
        n - max_collisions), makes every bucket's floor BOUND(c_b, M), summed again for the
        guesses with a bucket of over M + 1 candidates and an ordered bound below ``limit``.
        Not on a breadth: ApMinTotal ranks its guesses by V itself.
        """
        game = self.game
        n = len(state.candidates)
        allowed = game.allowed_guesses(state)
        if context.group is not None:
            allowed = context.group.representatives(allowed)
        if (
            self.breadth is not None
            and max_collisions is None
            and n >= max(BREADTH_PRUNE_MIN, self.breadth)
        ):
            allowed = self._could_rank(state, allowed)
        stats = bucket_stats(
            game,
            state.candidates,
            allowed,
            None,
            self.weights.entropy_scale,
            max_collisions,
            context.columns if max_collisions is not None else None,
        )
        guesses = stats.guesses
        useless = stats.splits_nothing
        bounds = guess_lower_bound(stats.mass, stats.heaviest, stats.in_set)
        splits = context.splits
        ordered = bounds
        if self.breadth is None:
            # MaxSplits of this set (over the guesses scored; a guess the near scan dropped had
            # more than max_collisions collisions, so fewer than n - max_collisions parts)
            most = int(stats.parts.max()) if len(guesses) else 0
            if max_collisions is not None:
                most = max(most, n - max_collisions - 1)
            splits = max(1, min(splits, most))
            # A bucket can be larger than the floors' linear part: n + sum_b BOUND(c_b) is more.
            feedbacks = self.feedbacks
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
        keys = ordered * SQUARES_SCALE + stats.squares
        keys[useless] = UNRANKED
        return Scores(guesses, bounds, ordered, keys, stats.perfect & ~useless, splits)

    def _could_rank(self, state: State, allowed: np.ndarray) -> np.ndarray:
        """The guesses of ``allowed`` that could be among the ``breadth`` best at ``state``:
        the breadth best rank by V(g) = 3n - parts - [g in C], and the candidates' own guesses
        (allowed in every mode) already hold ``breadth`` of them, so a guess whose least
        possible V, from the upper bound on its parts of ``buckets.split_bounds``, is above the
        ``breadth``-th smallest V among the candidates cannot be one (one equal to it could
        tie, and is kept). The same guesses are chosen; fewer are scored.
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

    def _raised(
        self, state: State, guesses: np.ndarray, bounds: np.ndarray, wide: np.ndarray, splits: int
    ) -> np.ndarray:
        """``bounds`` raised to n + sum_b BOUND(c_b, splits) where ``wide`` (a mask: the guesses
        with a bucket of over splits + 1 candidates; the others' sum is V(g) - n, no more)."""
        rows = np.flatnonzero(wide)
        if len(rows) == 0:
            return bounds
        game = self.game
        raised = bounds.copy()
        sums = _kernels.floor_sums(
            game.patterns,
            state.candidates,
            guesses[rows],
            self.tables(splits),
            game.solved,
            game.n_patterns,
        )
        raised[rows] = np.maximum(bounds[rows], len(state.candidates) + sums)
        return raised
