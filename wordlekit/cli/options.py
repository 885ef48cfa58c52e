"""The command line's numbers: the largest value each option may take, and the argparse types
that check a number as it is parsed (one line naming the value and the range, status 2)."""

from __future__ import annotations

import argparse
import os

import numba

from ..boards import board_count
from ..errors import WordlekitError
from ..game import MAX_GUESSES

#: The largest value each number on the command line may take: these ranges stop a number that
#: is no count at all (``--top-k 99999999999`` once asked numpy for 745 GiB) before anything
#: is loaded. A count of guesses (a shortlist, a breadth) is then clamped to the lists in use
#: (``inputs.at_most``).
MAX_COUNT = 1_000_000  # more than any word list holds
MAX_SUGGESTIONS = 100  # each is valued exactly, the policy playing on: minutes each
MAX_CAP = 100  # guesses per game: beyond the number of answers a cap no longer binds
MAX_DEPTH = MAX_GUESSES  # V_i looks i guesses deep; a game has no more
MAX_TOTAL = 10**9  # a TOTAL (cutoff bound): fits int64 sums with room to spare
MAX_WORKERS = 256  # local worker processes
MAX_JOBS = 64  # notebooks at once
MAX_SEED = 2**63 - 1
MAX_FLOOR = 1e12  # a prior weight, a word count: larger ones overflow the integer totals
MAX_GAMES = 10_000_000  # sampled games of one evaluation: hours on the largest boards


def whole(low: int, high: int, expected: str | None = None):
    """An argparse type: a whole number from ``low`` to ``high``, else one line naming both
    (or saying ``expected``, what the option takes)."""
    expected = expected or f"a whole number >= {low} (at most {high:,})"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not {expected}")
        return value

    return parse


count = whole(1, MAX_COUNT)


def cap(text: str) -> int | None:
    """--max-guesses of optimal: a whole number from 1 to MAX_CAP, or "none" for no cap."""
    if text.strip().lower() == "none":
        return None
    return whole(1, MAX_CAP, f'a whole number >= 1 or "none" (at most {MAX_CAP})')(text)


def boards(text: str) -> int:
    """--boards: a whole number of boards from 1 to 64, or dordle, quordle, octordle,
    sedecordle (``boards.board_count``'s message, one line)."""
    try:
        return board_count(text)
    except WordlekitError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("number of boards ")) from None


def positive_float(text: str) -> float:
    """--prior-floor: a number above 0 and at most MAX_FLOOR."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_FLOOR:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number above 0 and at most {MAX_FLOOR:g}"
        )
    return value


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def threads(text: str) -> int:
    """--threads: a whole number from 1 to the cores this process may run on."""
    n = cores()
    return whole(1, n, f"a whole number from 1 to {n} (the cores here)")(text)


def use_threads(n: int | None) -> None:
    """Run numba's parallel kernels on ``n`` threads (None: numba's default, every core), once,
    before the command computes. Numba cannot go past the pool it started with
    (``NUMBA_NUM_THREADS``, read at its import), so a smaller pool is one line, not numba's
    traceback."""
    if n is None:
        return
    pool = numba.config.NUMBA_NUM_THREADS
    if n > pool:
        raise WordlekitError(
            f"--threads {n}: numba runs at most {pool} thread(s) here (NUMBA_NUM_THREADS="
            f"{pool}); expected a whole number from 1 to {pool}"
        )
    numba.set_num_threads(n)
