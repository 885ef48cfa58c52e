"""Lower bounds on the minimum TOTAL (Cunanan & Thielscher, Section 4).

MinTotal(C), the fewest guesses summed over the candidates C that any strategy needs, is what the
exact solver computes; the bounds here let it skip most of the search:

- ``bound(n, b)``: the minimum sum of depths of a tree with n nodes in which every node has at
  most b children (Definition 15); the root has depth 1. A strategy tree for n candidates has a
  node per candidate and branches at most MaxSplits times, so MinTotal(C) >= BOUND(|C|, b).
  With b >= n - 1 it is 2n - 1: one candidate guessed first, all others second.
- For one guess g splitting C into buckets of sizes c_b (the all-green bucket excluded), the
  cheapest possible continuation is 2c_b - 1 per bucket, so

      V(g, C) >= |C| + sum_b (2 c_b - 1) = 3|C| - parts(g) - [g in C],

  with ``parts`` counting every non-empty bucket: the MostParts and InSet valuations are exactly
  this bound.
- ``LowerBounds``: their recursive bounds LB_i(C) and V_i(g, C), which rise towards MinTotal as
  i grows, and ``LowerBounds.filter_openers``, the proof that salet is the only optimal opener
  (their Table 4): an opener whose V_i exceeds a TOTAL some strategy reaches cannot be optimal.

References
----------
- [cunanan2023]_, Section 4 (Definitions 15-17) and Table 4: BOUND, LB_i, V_i and the
  filtering of the openers.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import signal
import traceback
from collections import deque

import numba
import numpy as np

from . import _kernels, buckets
from . import branch_and_bound as bnb
from .branch_and_bound import NO_LIMIT
from .buckets import max_splits, parts_limits, parts_of_every_guess
from .errors import WordlekitError
from .game import Split


def bound_levels(n: int, b: int) -> list[int]:
    """How many of n nodes sit at depth 1, 2, ... in the cheapest tree with at most b children
    per node: fill each level completely (b**(d-1) nodes at depth d) before the next."""
    levels, width = [], 1
    while n > 0:
        levels.append(min(width, n))
        n -= levels[-1]
        width *= b
    return levels


@functools.cache
def bound(n: int, b: int) -> int:
    """BOUND(n, b): minimum sum of depths of a tree of n nodes with at most b children each."""
    if n <= 0:
        return 0
    if b == 1:
        return n * (n + 1) // 2
    return sum(depth * count for depth, count in enumerate(bound_levels(n, b), start=1))


def guess_lower_bound(n, parts, in_set):
    """V(g) = 3n - parts - [g in C]: a lower bound on the total after playing a guess with
    ``parts`` buckets on n candidates (ints or arrays alike).

    With a prior it reads ``guess_lower_bound(W, heaviest, w_g)``: 3W - sum_b max_{a in b} w_a
    - [g in C] w_g, each candidate counted by its weight (``optimal``).
    """
    return 3 * n - parts - in_set


def bound_table(n: int, b: int) -> np.ndarray:
    """BOUND(c, b) for c = 0..n, as int64 (a lookup table for the kernels)."""
    return np.array([bound(c, b) for c in range(n + 1)], dtype=np.int64)


class LowerBounds:
    """Cunanan & Thielscher's lower bounds LB_i(C) and V_i(g, C) (Definitions 16 and 17).

        LB_1(C) = BOUND(|C|, MaxSplits(S))          LB_2(C) = BOUND(|C|, MaxSplits(C))
        LB_{i+2}(C) = min over useful g of V_i(g, C)
        V_i(g, C) = |C| + sum over feedback r != all green of LB_i(C_{g,r})

    MaxSplits(C) is the most feedback buckets any guess makes of C. Every LB_i is a lower bound
    on MinTotal (no cap on the number of guesses) and LB_i <= LB_{i+2}, so the odd and the even
    bounds each rise towards the optimum.

    The guesses are those the game's rule allows at each state. In easy mode that is every
    guess. Under the hard or strict rule the bounds are the same definitions with g restricted to
    the state's allowed guesses, in the minimum of LB_{i+2} and in MaxSplits(C) of LB_2: both
    stay lower bounds because a rule only ever shrinks the allowed set along a game (a
    descendant's guesses are a subset of its ancestor's, and a subset of candidates never splits
    into more parts), and they are never below the easy-mode bounds (a minimum over fewer
    guesses). LB_1 keeps MaxSplits(S) of the whole list. An optimum within a cap is never below
    the uncapped optimum, so every mode's bounds hold for any cap.

    ``lb`` and ``v`` compute a value exactly when it is below ``beta`` and otherwise stop with a
    proof that it is at least ``beta``, by the branch and bound of ``optimal.Solver``
    (``wordlekit.branch_and_bound``): at a state, guesses are tried in increasing order of a
    cheap bound on V_i (every bucket at its LB_1 or LB_2 floor), and a guess whose cheap bound
    reaches the best value found so far is never expanded. Exact values and proved bounds are
    memoised per (i, candidate set).
    """

    def __init__(self, game):
        self.game = game
        self.patterns = self.game.patterns
        self.n_patterns = self.game.n_patterns
        root = self.game.initial_state().candidates
        self.root_max_splits = max_splits(self.game, root)
        self._odd_table = bound_table(len(root), self.root_max_splits)
        # Up to this size every bucket c has BOUND(c, MaxSplits(S)) = 2c - 1, so that
        # V_1(g, C) = 3|C| - parts(g) - [g in C]: only the number of buckets matters.
        self._small = self.root_max_splits + 1
        self._splits: dict = {}  # state key -> min(MaxSplits, |C| - 1)
        self._splits_at_most: dict = {}  # state key -> an upper bound on it, from a budget
        self._even_tables: dict = {}  # b -> BOUND(c, b) for every c (building one per state
        # was 7% of a V_4 sweep)
        self.memo = bnb.Memo()  # (i, state key) -> LB_i
        self.nodes = 0  # states whose guesses were all scored

    def max_splits(
        self,
        candidates: np.ndarray,
        cap: int | None = None,
        allowed: np.ndarray | None = None,
        superset_parts=None,
        floor: int = 0,
    ) -> int:
        """MaxSplits(C): the most feedback buckets (all green included) any guess makes of C.

        With ``cap``, min(MaxSplits(C), cap), found sooner. With ``allowed`` (hard and strict
        mode), the most any of those guesses makes. ``superset_parts``, every guess's buckets of
        a superset of C, if known, lets the scan skip guesses (``_scan_max_splits``). With
        ``floor``, min(max(MaxSplits(C), floor), cap): a guess that cannot make more than
        ``floor`` buckets is not read (an answer of ``floor`` only says MaxSplits <= floor).
        """
        n = len(candidates)
        if n <= 1:
            return n
        cap = n if cap is None else min(cap, n)
        # The candidates first: they are allowed in every mode, and in a small set one of them
        # often reaches the cap, which settles it without a scan of every guess (n^2 reads).
        # In a large set none comes near the cap and their best only starts the pruned scan
        # (``parts_limits``), so a sample does: the n^2 reads, row by row, of a set of 256 or
        # more took as long as the pruned scan of every guess (benchmarks/quoted-results.md).
        own = self._own_max_splits(candidates, cap, OWN_SAMPLE if n >= buckets.PRUNE_MIN else None)
        if own >= cap:
            return cap
        above = max(own, floor)
        return max(above, self._scan_max_splits(candidates, cap, allowed, above, superset_parts))

    def _scan_max_splits(
        self, candidates: np.ndarray, cap: int, allowed, above: int = 0, superset_parts=None
    ) -> int:
        """min(MaxSplits(C), cap) by a scan of every allowed guess (``allowed``; None: all),
        when that is above ``above``; otherwise some value up to ``above``.

        A guess that cannot make more than ``above`` buckets is not read: by
        ``superset_parts`` (every guess's buckets of a superset of C, in list order: a guess
        never makes more buckets of a set than of a superset) and, on sets of
        ``buckets.PRUNE_MIN`` or more, by ``buckets.split_bounds``. LB_{i+2} of a set passes
        its counts to the LB_i of the buckets its guesses make: for the small sets of V_5 of an
        nyt-2023 opener this keeps about a quarter of the reads (weighted by set size), and V_5
        of three openers took 2.0x less time, V_4 of five 1.4x.
        """
        if allowed is not None:  # the allowed guesses only, stopping at the first at ``cap``
            limits = parts_limits(self.game, candidates, cap, above, superset_parts)
            if limits is not None:
                allowed = allowed[limits[allowed] > above]
            return int(
                _kernels.max_splits_among(self.patterns, candidates, allowed, cap, self.n_patterns)
            )
        return max_splits(self.game, candidates, cap, above, superset_parts)

    def _most_parts_or_own(self, state, superset_parts=None, floor: int = 0) -> int:
        """max over the allowed guesses g of parts(g) + [g in C], for |C| up to ``_small``;
        with ``floor``, max(that, floor), and an answer of ``floor`` only says it is at most
        that (what ``lb`` needs under a budget: guesses that cannot beat ``floor`` are not read).

        There every bucket's floor is 2c - 1, so V_1(g, C) = 3|C| - parts(g) - [g in C] and
        LB_3(C) = 3|C| - this: the largest count is all it needs, not every guess's (a
        candidate with |C| parts, common in small sets, ends it without a scan; V_5 of trace:
        8,729 such states took half of Table 4's V_5).
        """
        cands = state.candidates
        n = len(cands)
        own = self._own_max_splits(cands, n)
        if own == n:
            return n + 1
        above = max(own + 1, floor)
        return max(above, self._scan_max_splits(cands, n, state.allowed, above, superset_parts))

    def _own_max_splits(self, candidates: np.ndarray, cap: int, sample: int | None = None) -> int:
        """min(the most buckets a candidate's own guess makes of ``candidates``, cap); with
        ``sample``, of the first ``sample`` candidates' guesses only."""
        return int(
            _kernels.max_splits_among(
                self.patterns,
                candidates,
                self.game.guess_of_answer[candidates[:sample]],
                cap,
                self.n_patterns,
            )
        )

    def _state_splits(self, state, superset_parts=None, beta: int = NO_LIMIT) -> int:
        """min(MaxSplits(C), |C| - 1): BOUND(|C|, b) is the same for every b >= |C| - 1.

        With a budget ``beta``, that only if BOUND(|C|, it) < ``beta``; otherwise some upper
        bound b on it with BOUND(|C|, b) >= beta. Every b <= 3|C| - 2 - beta has
        BOUND(|C|, b) >= 3|C| - 2 - b >= beta (the root, b nodes at depth 2, the rest at depth
        3 or more), so the scan starts there and skips every guess that cannot make more
        buckets: a largest-first ``guess_cost`` gives most buckets a budget near their floor.
        """
        n = len(state.candidates)
        if n <= 3:
            return max(n - 1, 1)  # a candidate guessed splits C in two, so b >= 2 when n >= 2
        hit = self._splits.get(state.key)
        if hit is not None:
            return hit
        floor = max(3 * n - 2 - beta, 0)  # beta <= NO_LIMIT: no overflow in Python ints
        if floor >= n - 1:  # BOUND(n, n - 1) = 2n - 1 >= beta already
            return n - 1
        cap = self._splits_at_most.get(state.key, n - 1)  # a guess reaching it is the max
        if cap <= floor:
            return cap
        found = self.max_splits(state.candidates, cap, state.allowed, superset_parts, floor)
        if found > floor or floor == 0:
            self._splits[state.key] = found
        else:  # no guess makes more than ``floor`` buckets: MaxSplits <= floor
            self._splits_at_most[state.key] = floor
        return found

    def _table(self, i: int, state) -> np.ndarray:
        """Per-bucket floors for V_i at ``state``: BOUND(c, b), b = MaxSplits(S) or (C)."""
        if i % 2:
            return self._odd_table
        b = self._state_splits(state)
        table = self._even_tables.get(b)
        if table is None:  # one per b (at most MaxSplits(S) of them), sized for any bucket
            table = self._even_tables[b] = bound_table(len(self._odd_table) - 1, b)
        return table

    def cheap_v(self, i: int, state) -> np.ndarray:
        """A lower bound on V_i(g, C) for every guess g (exact for i = 1).

        Every bucket is valued at BOUND(c, b) with b = MaxSplits(S) for odd i (LB_1 <= LB_i)
        and b = MaxSplits(C) for even i (LB_2 of a bucket of C is at least that, since a subset
        never splits into more parts). Guesses that split nothing, and guesses the rule does not
        allow at ``state``, get a huge value.
        """
        values, _, exact = self._cheap_v_and_parts(i, state)
        if exact is not None:
            exact(np.flatnonzero(values < NO_LIMIT))
        return values

    def _cheap_v_and_parts(self, i: int, state):
        """(``cheap_v`` or lower bounds on it, every guess's buckets of C, ``exact``).

        The buckets are the hint LB_i of C's buckets passes to their MaxSplits scans. When
        ``exact`` is None the values are ``cheap_v``; otherwise ``exact(guesses)`` writes those
        guesses' ``cheap_v`` into them (``branch_and_bound.increasing`` asks for the few a
        search reaches). A guess with k buckets of n candidates is bounded by n split as evenly
        as possible into k buckets: BOUND(c, b) is convex in c and BOUND(0, b) = 0, so no split
        into k buckets has a smaller sum. In Table 4's searches at most 3% of the guesses
        (1% on sets of 32 or more) have a bound below the best value, and counting buckets
        costs a tenth of scoring every guess (a large share of Table 4's time under cProfile:
        benchmarks/quoted-results.md).
        """
        n = len(state.candidates)
        allowed = state.allowed
        # the number of buckets alone: its own kernel is faster than the full statistics
        parts = parts_of_every_guess(self.game, state.candidates)
        in_set = np.zeros_like(parts)
        in_set[self.game.guess_of_answer[state.candidates]] = 1
        exact = None
        if i % 2 and n <= self._small:
            value = guess_lower_bound(n, parts, in_set)
        else:
            table = self._table(i, state)
            q, r = np.divmod(n, parts)
            # key = sum over all buckets of BOUND(c, b) + [g not in C]; the all-green bucket
            # (size 1 when g is in C) is not counted in V_i, so V = n + key - 1 in both cases.
            value = r * table[np.minimum(q + 1, n)] + (parts - r) * table[q] + (1 - in_set) + n - 1

            def exact(guesses: np.ndarray) -> None:
                keys = np.empty(len(guesses), dtype=np.int64)
                _kernels.fill_guess_keys(
                    self.patterns,
                    state.candidates,
                    guesses.astype(self.game.all_guesses.dtype),
                    table,
                    _V_WEIGHTS,
                    True,
                    self.n_patterns,
                    keys,
                )
                value[guesses] = np.where(keys == _kernels.EXCLUDED, NO_LIMIT, keys + n - 1)

        value[(parts < 2) & (in_set == 0)] = NO_LIMIT  # splits nothing
        if allowed is not None:  # guesses the rule does not allow at ``state``
            barred = np.ones(len(value), dtype=bool)
            barred[allowed] = False
            value[barred] = NO_LIMIT
        return value, parts, exact

    def lb(self, i: int, state, beta: int = NO_LIMIT, superset_parts=None) -> int:
        """LB_i(C) if it is below ``beta``; otherwise some lower bound >= beta.

        ``superset_parts``: every guess's buckets of a superset of C (the parent state), if
        known; it only saves reads (``_scan_max_splits``), the value is the same.
        """
        n = len(state.candidates)
        if n <= 2:
            return (0, 1, 3)[n]
        if i == 1:
            return int(self._odd_table[n])
        if i == 2:
            return bound(n, self._state_splits(state, superset_parts, beta))
        key = (i, state.key)
        known, exact = self.memo.known(key, bound(n, self.root_max_splits))
        if exact or known >= beta:
            return known
        self.nodes += 1
        limit = min(beta, NO_LIMIT)
        if i == 3 and n <= self._small:
            # LB_3 < limit needs more than 3n - limit parts: fewer are never read
            best = min(limit, 3 * n - self._most_parts_or_own(state, superset_parts, 3 * n - limit))
        else:
            cheap, parts, score = self._cheap_v_and_parts(i - 2, state)
            order = bnb.increasing(cheap, limit, exact=score)
            if i == 3:  # cheap_v(1) is V_1 itself: its least value, if below the limit
                first = next(order, None)
                best = limit if first is None else int(cheap[first])
            else:
                best, _ = bnb.minimise(
                    order,
                    cheap,
                    lambda g, floor, best: self.v(i - 2, state, int(g), best, floor, parts),
                    limit,
                    floor=0,
                )
        return self.memo.store(key, best, beta, known=known)

    def v(
        self, i: int, state, guess: int, beta: int = NO_LIMIT, floor: int | None = None, parts=None
    ) -> int:
        """V_i(g, C) if it is below ``beta``; otherwise some lower bound >= beta.

        ``floor`` is ``cheap_v(i, state)[guess]`` if the caller has it; ``parts``, every
        guess's buckets of C, if known (passed to the buckets' LB_i as their superset's).
        """
        n = len(state.candidates)
        table = self._table(i, state)
        # A bucket of one or two candidates is worth its floor (1 or 3) for every LB_i, so only
        # the larger ones are valued (building every bucket's state was 14% of Table 4's time).
        split, floors, larger = Split.valued(self.game, state, guess, table, 3)
        if floor is None:
            floor = n + floors
        if i == 1:  # LB_1 of a bucket is its floor
            return floor
        return bnb.guess_cost(
            n,
            larger,
            lambda b: int(table[split.size(b)]),
            lambda b, budget: self.lb(i, split.child(b), budget, parts),
            floor,
            beta,
        )

    def filter_openers(
        self,
        upper_bound: int,
        depth: int = 6,
        progress=None,
        workers: int = 1,
        state=None,
        known=None,
        record=None,
    ) -> list[dict]:
        """Rule out openers whose V_i exceeds ``upper_bound``, for i = 1..depth (Theorem 1).

        ``state``: filter the guesses of this state instead of the openers (the root), with
        ``upper_bound`` a TOTAL over its candidates: the paper's "next optimal guess" (one
        worker only).

        Step i keeps the openers of step i - 1 with V_i(g, S) <= upper_bound. Returns one
        dict per i: ``i``, ``remaining`` (how many openers are left), ``min_v`` (the smallest
        V_i among the openers examined at step i), ``best`` (an opener reaching it),
        ``survivors`` (their indices, in list order), ``examined`` (the openers step i valued:
        those left by step i - 1) and ``values`` (their V_i, exact where at most
        ``upper_bound``, else a lower bound above it). ``progress`` wraps an iterable (e.g.
        tqdm) to show progress.

        ``workers``: how many processes compute the V_i of a step, each on one numba thread
        with a ``LowerBounds`` of its own, kept across the steps. The openers of a step are
        dealt out in turn, in increasing order of their cheap bound, so that each process gets
        as many of the costly ones. The rows are the same for any number of workers: a value
        at most ``upper_bound`` is exact, so ``remaining``, ``survivors`` and, when some opener
        is left, ``min_v`` and ``best`` are too. (When a step rules out every opener, ``min_v``
        is a lower bound proved there, which may depend on what each memo held.) On the
        2-core machine Table 4's filtering is faster on two one-thread workers than in one
        process on two numba threads: the scans of small sets use a second thread poorly
        (``benchmarks/bounds.py --workers``, measured in benchmarks/bounds-results.md).

        ``known`` and ``record`` let a filtering of hours resume where it was stopped:
        ``record(i, g, value)`` is called after each V_i (i > 1) computed, and ``known`` maps
        ``(i, g)`` to the values a stopped run recorded, which are not computed again. The
        decisions are the same either way; a value above ``upper_bound`` is a lower bound that
        may differ with what the memo held.
        """
        if state is not None and workers != 1:
            raise WordlekitError(f"workers={workers} with a state: expected one worker")
        root = self.game.initial_state() if state is None else state
        survivors = self.game.all_guesses if state is None else self.game.allowed_guesses(state)
        rows = []
        with _workers(self.game, workers) as pool:
            for i in range(1, depth + 1):
                cheap = self.cheap_v(i, root)
                values = cheap.copy()
                if i > 1:  # V_1 is exactly the cheap bound
                    todo = survivors[np.argsort(cheap[survivors], kind="stable")]
                    if known:
                        done = np.array([(i, int(g)) in known for g in todo], dtype=bool)
                        for g in todo[done]:
                            values[g] = known[(i, int(g))]
                        todo = todo[~done]
                    found = (
                        _values(self, i, todo, cheap[todo], upper_bound + 1, root)
                        if pool is None
                        else pool.values(i, todo, cheap[todo], upper_bound + 1)
                    )
                    for g, value in zip(progress(todo, desc=f"V_{i}") if progress else todo, found):
                        values[g] = value
                        if record is not None:
                            record(i, int(g), int(value))
                examined = values[survivors]
                best = int(survivors[np.argmin(examined)])
                rows.append(
                    {
                        "i": i,
                        "remaining": int((examined <= upper_bound).sum()),
                        "min_v": int(examined.min()),
                        "best": self.game.guesses[best],
                        "survivors": survivors[examined <= upper_bound],
                        "examined": survivors,
                        "values": examined,
                    }
                )
                survivors = rows[-1]["survivors"]
                if len(survivors) == 0:
                    break
            self.nodes += 0 if pool is None else pool.nodes
        return rows


def _values(bounds: LowerBounds, i: int, openers, cheap, budget: int, state=None):
    """V_i of each opener at the root, or of each guess at ``state`` (exact below ``budget``),
    in order, one at a time."""
    state = bounds.game.initial_state() if state is None else state
    for g, floor in zip(openers, cheap):
        yield bounds.v(i, state, int(g), budget, int(floor))


@contextlib.contextmanager
def _workers(game, n: int):
    """``_Workers`` for ``filter_openers``, closed on the way out; None for one worker (the
    openers are then valued in this process, on numba's threads)."""
    if n < 1:
        raise ValueError(f"workers must be at least 1, not {n}")
    if n == 1:
        yield None
        return
    pool = _Workers(game, n)
    try:
        yield pool
    finally:
        pool.close()


class _Workers:
    """Processes that value openers for ``filter_openers``, each with a ``LowerBounds`` of the
    same game, on one numba thread.

    Started with the spawn method (numba's thread pool is not safe to fork) and given the game
    itself (a pickle of its lists and pattern matrix, about 30 MB for the original lists).
    Worker k gets openers k, k + n, k + 2n, ... of a step and sends their values back as it goes,
    ``_CHUNK`` at a time, so that ``values`` yields them in the step's order. ``nodes`` counts
    the states the workers bounded.
    """

    def __init__(self, game, n: int):
        self.nodes = 0
        context = multiprocessing.get_context("spawn")
        self.connections, self.processes = [], []
        for _ in range(n):
            here, there = context.Pipe()
            process = context.Process(target=_work, args=(there, game), daemon=True)
            process.start()
            there.close()
            self.connections.append(here)
            self.processes.append(process)

    def values(self, i: int, openers: np.ndarray, cheap: np.ndarray, budget: int):
        """V_i of each opener (exact below ``budget``), in order, as the workers find them."""
        n = len(self.connections)
        for k, connection in enumerate(self.connections):
            connection.send((i, openers[k::n], cheap[k::n], budget))
        received = [deque() for _ in range(n)]
        for position in range(len(openers)):
            k = position % n
            while not received[k]:
                received[k].extend(self._receive(k))
            yield received[k].popleft()

    def _receive(self, k: int) -> list:
        try:
            message = self.connections[k].recv()
        except EOFError:
            raise RuntimeError(
                f"worker {k} of filter_openers ended without its values "
                f"(exit code {self.processes[k].exitcode})"
            ) from None
        if isinstance(message, str):  # the worker's traceback
            raise RuntimeError(f"worker {k} of filter_openers failed:\n{message}")
        values, nodes = message
        self.nodes += nodes
        return values

    def close(self) -> None:
        for connection, process in zip(self.connections, self.processes):
            if process.is_alive():
                process.terminate()
            process.join()
            connection.close()


#: How many values a worker of ``filter_openers`` sends at a time (a progress bar's step).
_CHUNK = 16


def _work(connection, game) -> None:
    """A worker of ``_Workers``: value the openers of each step it is sent, until the pipe
    closes. Ctrl-C is left to the parent, which ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    numba.set_num_threads(1)
    bounds = LowerBounds(game)
    while True:
        try:
            i, openers, cheap, budget = connection.recv()
        except EOFError:
            return
        try:
            for start in range(0, len(openers), _CHUNK):
                nodes = bounds.nodes
                part = slice(start, start + _CHUNK)
                chunk = list(_values(bounds, i, openers[part], cheap[part], budget))
                connection.send((chunk, bounds.nodes - nodes))
        except Exception:  # sent to the parent, which raises it
            connection.send(traceback.format_exc())
            return


#: How many candidates' own guesses start the MaxSplits scan of a set of ``PRUNE_MIN`` or more
#: (measured on V_2 of Table 4: 16, 32 and 64 within noise of each other).
OWN_SAMPLE = 32

#: fill_guess_keys weights for V_i: sum of the per-bucket table plus [g not in C].
_V_WEIGHTS = np.array([1, 0, 0, 1], dtype=np.int64)
