"""What Bulls and Cows' optimum costs here: the exact solver run for a time budget.

    python benchmarks/bulls.py [--budget SECONDS] [--threads N] [--out PATH] [--bucket B]

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

``--bucket B`` values one bucket alone (``Solver.bucket_value``: under the symmetries that fix
0123, as in the whole run), B its feedback to 0123 (``0B2W``) or its number of codes (``1260``),
and writes benchmarks/bulls-bucket-0B2W.md (or ``--out``): the largest buckets can run in
separate processes, on separate cores or machines, each into its own file. The optimum is
5,040 plus the 13 buckets' values. A B that is no bucket is one error line and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

import numba
from _results import machine as _machine
from _results import write as write_results

from wordlekit import WordlekitError
from wordlekit.bounds import bound
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


def bucket_feedback(game, opener: int, text: str) -> int:
    """The feedback to ``opener`` of the bucket ``text`` names: the feedback as the game writes
    it (``0B2W``) or the bucket's number of codes (``1260``); a ``WordlekitError`` naming
    ``text`` and the buckets expected otherwise."""
    buckets = {p: len(child) for p, child in game.unsolved_children(game.initial_state(), opener)}
    expected = (
        f"expected a feedback to {game.guesses[opener]} of "
        f"{', '.join(game.format_feedback(p) for p in buckets)} or a bucket's number of codes, "
        f"{', '.join(str(size) for size in sorted(buckets.values()))}"
    )
    if text.strip().isdigit():
        found = [p for p, size in buckets.items() if size == int(text)]
    else:
        try:
            found = [game.parse_feedback(text)]
        except WordlekitError:
            found = []
    if len(found) != 1 or found[0] not in buckets:
        raise WordlekitError(f"bucket {text!r}: {expected}")
    return found[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=3600, help="seconds (default 3600)")
    parser.add_argument("--threads", type=int, default=numba.config.NUMBA_NUM_THREADS)
    parser.add_argument("--out", type=Path, default=None, help=f"default {OUT.name}")
    parser.add_argument(
        "--bucket", help="value only this bucket: its feedback to 0123 (0B2W) or its codes (1260)"
    )
    args = parser.parse_args()
    game = bulls_and_cows()
    opener = int(opener_classes(game)[0])
    if args.bucket is not None:
        try:
            feedback = bucket_feedback(game, opener, args.bucket)
        except WordlekitError as error:
            print(f"bulls.py: error: {error}", file=sys.stderr)
            raise SystemExit(2) from None
    numba.set_num_threads(args.threads)
    warm_up_solver(game)
    signal.signal(signal.SIGALRM, alarm)
    if args.bucket is not None:
        one_bucket(game, opener, feedback, args)
    else:
        every_bucket(game, opener, args)


def alarm(signum, frame):
    raise OutOfTime


def machine(command: str, threads: int) -> str:
    """Where and how a run ran: the header line of its results."""
    return (
        f"`{command}` on {_machine()}, {threads} numba thread(s); 1-minute load average "
        f"{os.getloadavg()[0]:.1f} at the start (the machine "
        "is shared). Opener 0123 (every first guess is equivalent); no cap on guesses."
    )


def one_bucket(game, opener: int, feedback: int, args) -> None:
    """Value the bucket of ``feedback`` alone; write its row (or how far it got) to its file."""
    name = game.format_feedback(feedback)
    out = args.out or OUT.with_name(f"bulls-bucket-{name}.md")
    size = len(game.next_state(game.initial_state(), opener, feedback).candidates)
    floor = bound(size, game.answering.n_feedbacks(game.length))
    solver = Solver(game, None)
    command = (
        f"python benchmarks/bulls.py --bucket {name} --budget {args.budget} "
        f"--threads {args.threads}"
    )
    head = [
        f"# Bulls and Cows: the bucket {name} after 0123, valued alone",
        "",
        machine(command, args.threads),
        "",
        "| bucket | codes | value | its floor BOUND(codes, 14) | CPU s | wall s | states |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    write_results(out, head + ["", "Running."])
    start, cpu_start = time.perf_counter(), time.process_time()
    signal.alarm(args.budget)
    try:
        value = solver.bucket_value(opener, feedback)
    except (OutOfTime, SystemError) as error:
        if not out_of_time(error):
            raise
        tail = [
            f"**Not finished within the budget**: stopped after "
            f"{time.perf_counter() - start:.0f} s ({time.process_time() - cpu_start:.0f} CPU s) "
            f"with {solver.nodes:,} states scored."
        ]
        rows = []
    else:
        signal.alarm(0)
        rows = [
            f"| {name} | {size:,} | {value:,} | {floor:,} | {time.process_time() - cpu_start:.1f} "
            f"| {time.perf_counter() - start:.0f} | {solver.nodes:,} |"
        ]
        tail = [f"The optimum is 5,040 plus the values of the 13 buckets; published {PUBLISHED}."]
    write_results(out, head + rows + [""] + tail)
    print((rows or tail)[0])


def every_bucket(game, opener: int, args) -> None:
    """Value the opener's buckets smallest first, one row each, up to the budget."""
    out = args.out or OUT
    solver = Solver(game, None)
    command = f"python benchmarks/bulls.py --budget {args.budget} --threads {args.threads}"
    head = [
        "# Bulls and Cows: the optimum's cost on this machine",
        "",
        machine(command, args.threads),
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
        write_results(out, head + rows + [""] + tail)

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
