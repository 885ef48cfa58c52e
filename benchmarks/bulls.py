"""What Bulls and Cows' optimum costs here: the exact solver run for a time budget.

    python benchmarks/bulls.py [--budget SECONDS] [--threads N] [--out PATH]

Bulls and Cows (4 distinct digits, 5,040 codes) has one class of first guesses (0123). The
solver (``wordlekit.optimal.Solver``, no cap on guesses: the published optimum 26274 is
Tanaka's, without a cap) values the opener's 13 buckets (its 14 feedbacks but the solved one)
smallest first (``opener_total(..., smallest_first=True)``; without a bound the order changes no
value), so that a run too short to finish still measures what each cheaper bucket costs. After
each bucket it records the bucket's size, its CPU seconds (the process's, so that a shared
machine does not inflate them), the CPU and wall seconds so far, the states scored so far and
the TOTAL proved so far (a lower bound that rises to the optimum as the buckets are valued). The
run stops at ``--budget`` seconds if it has not finished; the table is rewritten after every
bucket, so a stopped or killed run keeps what it measured. Writes benchmarks/bulls-results.md
(or ``--out``).
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import time
from pathlib import Path

import numba

from wordlekit.equivalence import opener_classes
from wordlekit.games import bulls_and_cows
from wordlekit.optimal import Solver
from wordlekit.warmup import warm_up_solver

OUT = Path(__file__).with_name("bulls-results.md")
PUBLISHED = 26274  # Tanaka's optimum (wordlekit/data/reference/guessing_games_published.csv)


class OutOfTime(Exception):
    pass


def out_of_time(error: BaseException | None) -> bool:
    """Whether ``error`` is the budget's alarm. The alarm may go off while numba boxes a kernel's
    result through a Python callback, which then reports a SystemError caused by it."""
    while error is not None:
        if isinstance(error, OutOfTime):
            return True
        error = error.__cause__ or error.__context__
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=3600, help="seconds (default 3600)")
    parser.add_argument("--threads", type=int, default=numba.config.NUMBA_NUM_THREADS)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    numba.set_num_threads(args.threads)
    game = bulls_and_cows()
    warm_up_solver(game)
    opener = int(opener_classes(game)[0])
    solver = Solver(game, None)
    command = f"python benchmarks/bulls.py --budget {args.budget} --threads {args.threads}"
    head = [
        "# Bulls and Cows: the optimum's cost on this machine",
        "",
        f"`{command}` on {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, numba {numba.__version__}, {args.threads} numba "
        f"thread(s); 1-minute load average {os.getloadavg()[0]:.1f} at the start (the machine "
        "is shared). Opener 0123 (every first guess is equivalent); no cap on guesses.",
        "",
        "| buckets valued | bucket's codes | its CPU s | CPU s in all | wall s in all "
        "| states in all | TOTAL proved at least |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    rows: list[str] = []
    root = game.initial_state()
    sizes = sorted(len(child) for _, child in game.unsolved_children(root, opener))
    start = time.perf_counter()
    cpu_start = last = time.process_time()

    def write(tail: list[str]) -> None:
        args.out.write_text("\n".join(head + rows + [""] + tail) + "\n")

    def progress(valued: int, buckets: int, at_least: int) -> None:
        nonlocal last
        now = time.process_time()
        its, last = now - last, now
        seconds = time.perf_counter() - start
        rows.append(
            f"| {valued} of {buckets} | {sizes[valued - 1]:,} | {its:.1f} | {now - cpu_start:.0f} "
            f"| {seconds:.0f} | {solver.nodes:,} | {at_least:,} |"
        )
        print(rows[-1], flush=True)
        write([f"Running: {seconds:.0f} s so far."])

    def alarm(signum, frame):
        raise OutOfTime

    signal.signal(signal.SIGALRM, alarm)
    signal.alarm(args.budget)
    write(["Running."])
    try:
        total = solver.opener_total(opener, progress=progress, smallest_first=True)
    except (OutOfTime, SystemError) as error:
        if not out_of_time(error):
            raise
        seconds = time.perf_counter() - start
        tail = [
            f"**Not finished within the budget**: stopped after {seconds:.0f} s "
            f"({time.process_time() - cpu_start:.0f} CPU s) with "
            f"{solver.nodes:,} states scored and {len(rows)} of the {len(sizes)} buckets valued "
            f"(smallest first); the next has {sizes[len(rows)]:,} codes. "
            f"The published optimum is {PUBLISHED} (mean {PUBLISHED / len(game.answers):.4f})."
        ]
    else:
        signal.alarm(0)
        seconds = time.perf_counter() - start
        tail = [
            f"**Optimum {total}** (mean {total / len(game.answers):.4f}; published {PUBLISHED}) "
            f"in {seconds:.0f} s ({time.process_time() - cpu_start:.0f} CPU s), "
            f"{solver.nodes:,} states scored."
        ]
    write(tail)
    print(tail[0])


if __name__ == "__main__":
    main()
