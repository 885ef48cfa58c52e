"""Branch and bound: the one search behind ``optimal.Solver`` and ``bounds.LowerBounds``.

Both compute, for a candidate set C, a minimum over guesses g of

    cost(g, C) = |C| + sum over feedback r != all green of value(C_{g,r}),

where ``value`` is the exact MinTotal with d - 1 guesses left (the solver) or the lower bound
LB_i (Cunanan & Thielscher's recursion). Both know a cheap lower bound of every cost(g, C)
(every bucket at its floor) and a floor for every state. The search:

1. ``increasing``: guesses in increasing order of their cheap bound, sorting only as many as
   the search actually visits (it usually stops after a few).
2. ``minimise``: a guess whose cheap bound is not below the best cost found so far is never
   expanded, nor is any later one; the search ends early when a cost reaches the state's floor.
3. ``guess_cost``: a guess's buckets are valued largest first, each with the budget the best
   cost leaves it, so a losing guess is abandoned as soon as it is proved losing.
4. ``Memo``: exact values, and lower bounds proved when a search stopped at its budget, per
   state key.
5. ``Journal``: the memo's large values kept in a file as they are proved, so that a search of
   hours stopped by hand resumes where it was (its states proved are not searched again).

Conventions, for every caller: a *budget* ``beta`` asks for the value only if it is below
``beta``; the answer is then exact, otherwise it is some lower bound >= beta. ``NO_LIMIT`` is
the budget that asks for the exact value whatever it is. A total >= ``INFEASIBLE`` means that
no strategy solves every candidate within the cap on guesses (totals, even weighted by a prior
whose weights sum to at most 2**36, stay far below it). Callers never compare with these
numbers themselves: ``Solver.solvable`` answers "can every candidate be solved within d
guesses" by name, and ``feasible(total)`` whether a total is one.
"""

from __future__ import annotations

import heapq
import pickle
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import numpy as np

from .errors import WordlekitError

#: Any total at least this large means "cannot solve every candidate within the cap".
INFEASIBLE = 10**15


def feasible(total: int) -> bool:
    """Whether ``total`` is a real total, not the proof that no strategy fits the cap."""
    return total < INFEASIBLE


#: The budget that asks for an exact value, feasible or not; also the cheap bound of a guess
#: that can never be optimal (it splits nothing).
NO_LIMIT = 10**17

#: How many of the best guesses ``increasing`` sorts up front: a search rarely needs more.
_HEAD = 32


def increasing(
    values: np.ndarray,
    limit: int,
    head: int = _HEAD,
    exact: Callable[[np.ndarray], None] | None = None,
) -> Iterator[int]:
    """Positions with values below ``limit``, in increasing order of value (ties: position,
    except that a tie the ``head`` smallest cut through may come in another fixed order).

    Sorts only the ``head`` smallest up front and the rest only if the caller gets that far.
    With ``exact``, ``values`` are only lower bounds until ``exact(positions)`` has written
    those positions' true values into it; it is called on as few as the order needs (a
    position comes out once no value still a bound could come before it), ``head`` of the
    smallest bounds first, twice as many each time more are needed; ties then always come in
    position order.
    """
    if exact is not None:
        yield from _increasing_lazily(values, limit, head, exact)
        return
    positions = np.flatnonzero(values < limit)
    if len(positions) > head:
        first = np.argpartition(values[positions], head - 1)[:head]
        first = first[np.lexsort((positions[first], values[positions[first]]))]
        yield from positions[first]
        rest = np.delete(positions, first)
        positions = rest[np.argsort(values[rest], kind="stable")]  # all >= the head's values
    else:
        positions = positions[np.argsort(values[positions], kind="stable")]
    yield from positions


def _increasing_lazily(
    values: np.ndarray, limit: int, head: int, exact: Callable[[np.ndarray], None]
) -> Iterator[int]:
    """``increasing`` when ``values`` holds lower bounds that ``exact`` makes exact."""
    bounded = np.flatnonzero(values < limit)  # positions whose value is still only a bound
    ready: list = []  # (exact value, position), a heap
    while True:
        below = int(values[bounded].min()) if len(bounded) else limit
        while ready and ready[0][0] < below:  # every bound left is above it: its turn
            yield heapq.heappop(ready)[1]
        if len(bounded) == 0:
            return
        if len(bounded) > head:
            picked = np.argpartition(values[bounded], head - 1)[:head]
            now = bounded[picked]
            bounded = np.delete(bounded, picked)
        else:
            now, bounded = bounded, bounded[:0]
        exact(now)
        for t in now[values[now] < limit]:
            heapq.heappush(ready, (int(values[t]), int(t)))
        head *= 2


def minimise(
    order: Iterable[int],
    cheap: np.ndarray,
    cost: Callable[[int, int, int], int],
    limit: int,
    floor: int,
    ordered: np.ndarray | None = None,
) -> tuple[int, int]:
    """The smallest cost below ``limit`` over the guesses at positions ``order``.

    ``order`` lists positions in increasing ``cheap[t]`` (a lower bound on their cost);
    ``cost(t, cheap[t], best)`` is the exact cost of guess t if it is below ``best``, else a
    bound >= best. Stops at the first cost equal to ``floor`` (no guess can do better).
    Returns (best cost, its position), or (``limit``, -1) if no cost is below ``limit``.

    With ``ordered`` (weaker lower bounds, ``ordered <= cheap``), ``order`` increases in
    ``ordered`` instead: a guess whose ``cheap`` bound reaches the best is skipped, and the
    search stops at the first whose ``ordered`` one does. The answer is the same guess as
    without the tighter bounds (the first of the cheapest in ``order``), found with fewer costs.
    """
    best, best_t = limit, -1
    sorted_bounds = cheap if ordered is None else ordered
    for t in order:
        if sorted_bounds[t] >= best:
            break
        bound = int(cheap[t])
        if bound >= best:
            continue
        total = cost(t, bound, best)
        if total < best:
            best, best_t = total, int(t)
            if best <= floor:
                break
    return best, best_t


def guess_cost(mass: int, children, floor: Callable, value: Callable, bound: int, best: int) -> int:
    """``mass + sum value(child)`` if it is below ``best``, else a lower bound >= ``best``.

    ``children`` are the states after one guess (the all-green one left out), largest first
    (``largest_first``), or handles the callables understand; ``floor(child)`` is a lower
    bound on ``value(child, budget)``, and ``bound = mass + sum floor(child)``. A child may be
    left out of ``children`` when its floor is its value (``bound`` counts it all the same).
    Children are valued in turn, each with the budget the others' floors leave it.
    """
    total = mass
    rest = bound - mass  # the floors of the children not valued yet
    for child in children:
        rest -= floor(child)
        total += value(child, best - total - rest)
        if total + rest >= best:
            return total + rest
    return total + rest


def largest_first(children: list) -> list:
    """``children`` ordered for ``guess_cost``: most candidates first, ties in feedback order."""
    return sorted(children, key=len, reverse=True)


class Memo:
    """Exact values and proved lower bounds of a search, per state key.

    ``exact[key]`` is (value, argument) for values found below their budget; ``lower[key]`` is
    the best lower bound proved by searches that stopped at their budget.

    ``limit``: the most entries to keep (None: no limit). A memo is a cache of values any search
    can prove again, so when a store would pass the limit, the bounds are dropped, and the exact
    values too if they alone fill half of it (``clears`` counts the times): a search of hours
    then holds its memory to the limit instead of growing with its time (Super Mastermind's
    strict proof, ``benchmarks/mastermind_ladder.py --memo-entries``), at the cost of proving
    some states again. The entry being stored is always kept.
    """

    def __init__(self, limit: int | None = None, journal: Journal | None = None):
        self.exact: dict = {}
        self.lower: dict = {}
        self.limit = limit
        self.clears = 0
        self.journal = journal  # its entries are kept through the clears

    def _make_room(self) -> None:
        """Drop entries if one more would pass ``limit`` (see the class)."""
        if self.limit is None or len(self.exact) + len(self.lower) < self.limit:
            return
        self.clears += 1
        self.lower.clear()
        if 2 * len(self.exact) >= self.limit:
            self.exact.clear()

    def known(self, key, floor: int) -> tuple[int, bool]:
        """(what is known of the value: exact or a lower bound, whether it is exact)."""
        hit = self.exact.get(key)
        journal = self.journal
        if hit is None and journal is not None:
            hit = journal.exact.get(key)
            floor = max(journal.lower.get(key, floor), floor)
        if hit is not None:
            return hit[0], True
        return max(self.lower.get(key, floor), floor), False

    def store(self, key, value: int, beta: int, argument=None, known: int = 0) -> int:
        """Record the outcome of a search with budget ``beta``; return the value to report."""
        self._make_room()
        exact = value < beta
        if exact:
            self.exact[key] = (value, argument)
        else:
            value = max(value, known)
            self.lower[key] = value
        if self.journal is not None:
            self.journal.record(key, value, exact, argument)
        return value


class Journal:
    """The values of a search's large states, appended to a file as they are proved (those of
    at least ``least``: a state's value grows with its candidates, so these are the few states
    whose search is long), and read back when the file exists: a search of hours stopped by
    hand, given the same file again, finds every large state it had proved and goes on from
    there. Its entries are facts (an exact value, or a lower bound proved at a budget), so a
    journal written by any search of the same game, mode and cap serves another. A record cut
    short by a kill (the file's last) is dropped on reading, and ``dropped`` says how many
    bytes; ``read`` counts the entries read back. ``search`` names the game, rule and cap the
    values are of (state keys are only indices): the file's first record, and a file of
    another is a clear error, never mixed in.

    The file is pickles of (key, value, exact, argument), the search's own scratch: read only
    journals this package wrote (pickle runs what a file says).
    """

    def __init__(self, path, least: int, search: str):
        self.path = Path(path)
        self.least = least
        self.exact: dict = {}
        self.lower: dict = {}
        self.read = self.dropped = 0
        good = 0
        if self.path.exists() and self.path.stat().st_size:
            with self.path.open("rb") as f:
                try:
                    head = pickle.load(f)
                except (EOFError, pickle.UnpicklingError, ValueError, TypeError):
                    head = None
                if head != ("journal of", search):
                    mark = isinstance(head, tuple) and len(head) == 2 and head[0] == "journal of"
                    held = f"a journal of {head[1]!r}" if mark else "no journal's header"
                    raise WordlekitError(
                        f"journal {str(self.path)!r} holds {held}; expected a journal of "
                        f"{search!r} (or a new file)"
                    )
                good = f.tell()
                while True:
                    try:
                        key, value, exact, argument = pickle.load(f)
                    except (EOFError, pickle.UnpicklingError, ValueError, TypeError):
                        break
                    good = f.tell()
                    self.read += 1
                    self._keep(key, value, exact, argument)
            self.dropped = self.path.stat().st_size - good
            if self.dropped:
                with self.path.open("r+b") as f:
                    f.truncate(good)
        self._file = self.path.open("ab")
        if not good:
            pickle.dump(("journal of", search), self._file)
            self._file.flush()

    def _keep(self, key, value: int, exact: bool, argument) -> None:
        if exact:
            self.exact[key] = (value, argument)
        elif value > self.lower.get(key, -1):
            self.lower[key] = value

    def record(self, key, value: int, exact: bool, argument=None) -> None:
        """Keep a value the search proved (an exact one, or a lower bound), if it is large."""
        if value < self.least:
            return
        self._keep(key, value, exact, argument)
        pickle.dump((key, value, exact, argument), self._file)
        self._file.flush()

    def close(self) -> None:
        self._file.close()
