"""Time the lower bounds of Cunanan & Thielscher: V_1 .. V_6 over all 12,972 openers (Table 4).

    python benchmarks/bounds.py [--depth 6] [--upper-bound 7920]

Prints one line per step and writes benchmarks/bounds-results.md: openers left, min V_i and the
seconds each step took (after the kernels are compiled).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path

import numba

from wordlekit import Game
from wordlekit.bounds import LowerBounds
from wordlekit.game import small_game

OUT = Path(__file__).with_name("bounds-results.md")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--upper-bound", type=int, default=7920)
    args = parser.parse_args()

    game = Game.original()
    game.patterns
    warm = small_game(40, 20, 0)  # compile and load every kernel on a tiny game first
    LowerBounds(warm).filter_openers(10 ** 6, 4)
    bounds = LowerBounds(game)
    marks = [time.perf_counter()]

    def mark_step(todo, desc):  # filter_openers calls this as each step from V_2 on begins
        marks.append(time.perf_counter())
        return todo

    rows = bounds.filter_openers(args.upper_bound, args.depth, progress=mark_step)
    marks.append(time.perf_counter())
    seconds = [b - a for a, b in zip(marks, marks[1:])]
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
               f"numba {numba.__version__}")
    lines = ["# Opener filtering by V_i (Cunanan & Thielscher, Table 4)", "",
             f"`python benchmarks/bounds.py --depth {args.depth} --upper-bound {args.upper_bound}` "
             f"on {machine}: {marks[-1] - marks[0]:.0f} s in all, {bounds.nodes} candidate sets "
             "bounded.", "",
             "| i | openers left | min V_i | seconds |", "|---:|---:|---:|---:|"]
    for row, s in zip(rows, seconds):
        lines.append(f"| {row['i']} | {row['remaining']} | {row['min_v']} | {s:.1f} |")
        print(f"V_{row['i']}: {row['remaining']:6d} left, min V {row['min_v']}, {s:7.1f} s", flush=True)
    print(f"total {marks[-1] - marks[0]:.0f} s")
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
