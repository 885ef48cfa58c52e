"""Time the lower bounds of Cunanan & Thielscher: V_1 .. V_6 over all 12,972 openers (Table 4),
or V_i of a few openers with a budget (what one ``lower-bound`` task of a sweep costs).

    python benchmarks/bounds.py [--depth 6] [--upper-bound 7920] [--workers 1 2]
    python benchmarks/bounds.py --lists nyt-2023 --depth 4 --upper-bound 11219 \\
        --openers tiger,dules,sputa

The first prints one line per step and writes benchmarks/bounds-results.md: openers left, min
V_i and the seconds each step took (after the kernels are compiled), for each number of worker
processes given (``LowerBounds.filter_openers(workers=...)``; default: one per core), one run
after the other, and the ratio of each run's time to the first's. One worker means this process
alone, its numba kernels on every core (``NUMBA_NUM_THREADS``); more, that many processes on
one numba thread each. The second prints V_i
(budget ``--upper-bound`` + 1) and the seconds of each opener, on one numba thread like a
sweep's worker, and writes benchmarks/bounds-openers-results.md.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numba
from _results import machine
from _results import write as write_results

from wordlekit import Game
from wordlekit.bounds import LowerBounds
from wordlekit.buckets import compile_pruned_scan
from wordlekit.game import small_game

OUT = Path(__file__).with_name("bounds-results.md")
OUT_OPENERS = Path(__file__).with_name("bounds-openers-results.md")


def warm_up() -> None:
    warm = small_game(40, 20, 0)  # compile and load every kernel on a tiny game first
    LowerBounds(warm).filter_openers(10**6, 4)
    compile_pruned_scan(warm)  # and the pruned scan of sets of PRUNE_MIN candidates or more


def table4(lists: str, depth: int, upper_bound: int, workers: list[int]) -> None:
    game = Game.from_lists(lists)
    game.patterns
    warm_up()
    runs = []
    for n in workers:
        print(f"{n} worker(s):", flush=True)
        runs.append(filter_timed(game, depth, upper_bound, n))
    lines = [
        "# Opener filtering by V_i (Cunanan & Thielscher, Table 4)",
        "",
        f"`python benchmarks/bounds.py --lists {lists} --depth {depth} --upper-bound "
        f"{upper_bound} --workers {' '.join(map(str, workers))}` on {machine()}, "
        f"{numba.get_num_threads()} numba threads for one worker, one each for more; "
        "the runs one after the other, seconds of each step:",
        "",
        "| i | openers left | min V_i | " + " | ".join(f"{n} worker(s)" for n in workers) + " |",
        "|---:|---:|---:|" + "---:|" * len(workers),
    ]
    first_rows = runs[0][0]
    for k, row in enumerate(first_rows):
        cells = " | ".join(f"{seconds[k]:.1f}" for _, seconds, _ in runs)
        lines.append(f"| {row['i']} | {row['remaining']} | {row['min_v']} | {cells} |")
    totals = [sum(seconds) for _, seconds, _ in runs]
    lines.append("| all | | | " + " | ".join(f"**{t:.0f}**" for t in totals) + " |")
    lines.append("")
    for n, total, (rows, _, nodes) in zip(workers, totals, runs):
        if [(r["remaining"], r["min_v"]) for r in rows] != [
            (r["remaining"], r["min_v"]) for r in first_rows
        ]:
            raise SystemExit(f"{n} worker(s) filtered differently from {workers[0]}")
        lines.append(
            f"- {n} worker(s): {total:.0f} s, {total / totals[0]:.2f}x the time of "
            f"{workers[0]} worker(s); {nodes} candidate sets bounded."
        )
    print("\n".join(lines[-len(workers) :]))
    write_results(OUT, lines)


def filter_timed(game, depth: int, upper_bound: int, workers: int):
    """(filter_openers's rows, the seconds of each step, candidate sets bounded)."""
    bounds = LowerBounds(game)
    marks = [time.perf_counter()]

    def mark_step(todo, desc):  # filter_openers calls this as each step from V_2 on begins
        marks.append(time.perf_counter())
        return todo

    rows = bounds.filter_openers(upper_bound, depth, progress=mark_step, workers=workers)
    marks.append(time.perf_counter())
    seconds = [b - a for a, b in zip(marks, marks[1:])]
    for row, s in zip(rows, seconds):
        print(
            f"V_{row['i']}: {row['remaining']:6d} left, min V {row['min_v']}, {s:7.1f} s",
            flush=True,
        )
    print(f"total {marks[-1] - marks[0]:.0f} s")
    return rows, seconds, bounds.nodes


def openers(words: list[str], lists: str, depth: int, upper_bound: int) -> None:
    numba.set_num_threads(1)  # as a sweep's worker
    game = Game.from_lists(lists)
    game.patterns
    warm_up()
    bounds = LowerBounds(game)  # one per worker, kept across its tasks, as in a sweep
    root = game.initial_state()
    lines = [
        f"# V_{depth} of single openers, budget {upper_bound + 1}, lists {lists}",
        "",
        f"`python benchmarks/bounds.py --lists {lists} --depth {depth} --upper-bound "
        f"{upper_bound} --openers {','.join(words)}` on {machine()}, one numba thread, "
        "in this order (later openers reuse the memo of earlier ones, as in a sweep):",
        "",
        f"| opener | V_{depth} | seconds |",
        "|---|---:|---:|",
    ]
    total = 0.0
    for word in words:
        start = time.perf_counter()
        value = bounds.v(depth, root, game.guess_index(word, role="opener"), upper_bound + 1)
        seconds = time.perf_counter() - start
        total += seconds
        shown = f">= {value}" if value > upper_bound else str(value)
        lines.append(f"| {word} | {shown} | {seconds:.2f} |")
        print(f"{word}: V_{depth} {shown}, {seconds:.2f} s", flush=True)
    lines.append(f"| all | | {total:.2f} |")
    print(f"total {total:.2f} s")
    write_results(OUT_OPENERS, lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--upper-bound", type=int, default=7920)
    parser.add_argument("--lists", default="original")
    parser.add_argument("--openers", help="comma-separated openers: time V_depth of each")
    parser.add_argument(
        "--workers",
        type=int,
        nargs="+",
        default=[os.cpu_count() or 1],
        help="processes filtering the openers, one run per number (default: one per core)",
    )
    args = parser.parse_args()
    if args.openers:
        openers(args.openers.split(","), args.lists, args.depth, args.upper_bound)
    else:
        table4(args.lists, args.depth, args.upper_bound, args.workers)


if __name__ == "__main__":
    main()
