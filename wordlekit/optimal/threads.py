"""How many numba threads a caller runs the exact search on (``search_threads``).

The solver never changes numba's thread count itself: it is global to the process, so the code
that starts a search sets it, once, around the whole search (the command line's ``optimal``,
a sweep's worker, a benchmark). What it should be depends on the game: a small game's states
are too little work for numba's threads, which wait for each other at every kernel. Beside one
other process, Mastermind (4, 6)'s proof on two threads took many times as long as on one
(benchmarks/quoted-results.md); Wordle's states (30 million guess-answer pairs) use every
thread.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import numba

if TYPE_CHECKING:
    from ..game import Game

#: Guess-answer pairs up to which a game's search runs numba on one thread (Mastermind (4, 6):
#: 1.7 million; Bulls and Cows 25 million and Wordle 30 million use every thread).
SMALL_GAME_PAIRS = 4_000_000


def threads_for(game: Game, chosen: int | None = None) -> int:
    """The numba threads a search of ``game`` should run on: ``chosen`` if given, else one
    for a small game (``SMALL_GAME_PAIRS``) and numba's current count for any other."""
    if chosen is not None:
        return chosen
    if len(game.guesses) * len(game.answers) <= SMALL_GAME_PAIRS:
        return 1
    return numba.get_num_threads()


@contextlib.contextmanager
def search_threads(game: Game, chosen: int | None = None) -> Iterator[int]:
    """Run the block on ``threads_for(game, chosen)`` numba threads, restored after: what a
    caller wraps around a search it starts. Yields the count."""
    before = numba.get_num_threads()
    threads = threads_for(game, chosen)
    numba.set_num_threads(threads)
    try:
        yield threads
    finally:
        numba.set_num_threads(before)
