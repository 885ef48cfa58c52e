"""Guesses screened in batches before a state is built for any of them (uniform search).

Why: in hard mode nearly every guess tried is lost at its first bucket, almost always a state
the memo already knows to be unsolvable in time (later, hard, one thread: 145,000 guesses
tried, 132,000 lost at their first bucket, 121,000 of those from the memo), and a guess's
Python (split, state, key, memo) cost more than its kernel. So the guesses a search is about
to try are split in one kernel call per batch (``splits.heads``): a guess whose floors reach
the best total, or whose first bucket to value is known (memo) to cost enough, is dropped
without a state built or a call per bucket. The same totals, guesses and states expanded: the
first bucket is the one ``UniformSearch.guess_total`` would value first and the memo is what it
would read.
"""

from __future__ import annotations

import collections
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import splits

if TYPE_CHECKING:
    from ..branch_and_bound import Memo
    from ..game import Game, State
    from .context import Context

#: Guesses screened at once: the first batch, doubled at each next one up to the most, which is
#: also how many guesses the search's order sorts up front (``branch_and_bound.increasing``),
#: so that looking ahead never sorts the rest.
SCREEN_MIN = 4
SCREEN_MAX = 32


class Ahead:
    """An iterator that can look ahead: ``peek(k)`` is up to k of the items it will yield
    next, but only among its first ``free`` items until they have all been yielded
    (``branch_and_bound.increasing`` sorts the rest when its item ``free`` + 1 is asked for)."""

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


def screened(
    game: Game,
    memo: Memo,
    state: State,
    left: int,
    scores,
    order,
    cost: Callable[[int, int, int], int],
    below: Callable[[], Context],
):
    """``order`` and ``cost`` for ``branch_and_bound.minimise``, with the guesses about to be
    tried screened in batches (see the module); unchanged where a child's key needs the child
    (strict mode, or a hard-mode state built without its rule: ``Game.child_keys``).

    ``scores``: the state's ``search.Scores``; ``order`` increases in ``scores.ordered`` (lower
    bounds at most ``scores.bounds``), so a batch stops at the first guess whose ordered bound
    reaches the best. ``below()``: the context of the states below (its floors, and the
    columns it scans through, made at the first guess worth expanding).
    """
    child_key = game.child_keys(state)
    if child_key is None:
        return order, cost
    n = len(state.candidates)
    guesses, bounds, ordered = scores.guesses, scores.bounds, scores.ordered
    hard = game.mode == "hard"
    ahead = Ahead(order, SCREEN_MAX)
    heads: dict = {}
    batch = [SCREEN_MIN]  # grows as a search tries more guesses

    def screen(t: int, bound: int, best: int) -> int:
        if t not in heads:
            todo = [t]
            for u in ahead.peek(min(batch[0], SCREEN_MAX)):
                if ordered[u] >= best:
                    break  # and every later one: sorted by ``ordered`` (<= ``bounds``)
                if bounds[u] < best and u not in heads:
                    todo.append(u)
            batch[0] *= 2
            context = below()
            found = splits.heads(
                game, state, guesses[todo], context.floors, left - 1, hard, context.columns
            )
            heads.update(zip(todo, found))
        floor, pattern, head_floor, size, members = heads.pop(t)
        total = n + floor
        if total >= best or pattern < 0:
            return total  # exact when no bucket is left to value
        key = (child_key(int(guesses[t]), pattern, members), min(left - 1, size))
        known, _ = memo.known(key, head_floor)
        if known >= best - total + head_floor:
            return total - head_floor + known
        return cost(t, bound, best)

    return ahead, screen
