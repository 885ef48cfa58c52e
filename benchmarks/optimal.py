"""Prove the optimum of every opener of the rollout paper's Table 1, easy and NYT hard mode.

    python benchmarks/optimal.py [--openers salet crate ...] [--max-guesses 6]

Prints one line per cell and writes benchmarks/optimal-results.md: our TOTAL, Selby's published
TOTAL (data/reference/optimal_totals_selby.csv), the time and the states expanded. For scale,
the issue that asked for this solver reports the C++ solver alex1770/wordle proving salet in
1.3 s (easy) and 3.2 s (hard) on one core of this kind of machine (not rerun here).
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import time
from pathlib import Path

import numba

from wordlekit import Game, paths
from wordlekit.optimal import INFEASIBLE, Solver
from wordlekit.policies import warm_up

OUT = Path(__file__).with_name("optimal-results.md")


def main() -> None:
    with open(paths.REFERENCE_DIR / "optimal_totals_selby.csv") as f:
        selby = {row["opener"]: row for row in csv.DictReader(f)}
    with open(paths.REFERENCE_DIR / "rollout_paper_table1.csv") as f:
        openers = [row["opener"] for row in csv.DictReader(f)]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openers", nargs="+", default=openers)
    parser.add_argument("--modes", nargs="+", default=["easy", "hard"])
    parser.add_argument("--max-guesses", type=int, default=6)
    args = parser.parse_args()

    game = Game.original()
    game.patterns
    warm_up(game, "mig")
    rows = []
    for mode in args.modes:
        g = game.with_mode(mode)
        for opener in args.openers:
            solver = Solver(g, args.max_guesses)
            start = time.perf_counter()
            total = solver.opener_total(g.guess_index(opener))
            seconds = time.perf_counter() - start
            shown = "infeasible" if total >= INFEASIBLE else str(total)
            published = selby.get(opener, {}).get(f"{mode}_total", "") or "-"
            rows.append((opener, mode, shown, published, seconds, solver.nodes))
            print(f"{opener} {mode:5} {shown:>10} published {published:>5} {seconds:7.1f} s "
                  f"{solver.nodes:7d} states", flush=True)
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
               f"numba {numba.__version__}")
    lines = ["# Exact optimum per opener", "",
             f"`python benchmarks/optimal.py --max-guesses {args.max_guesses}` on {machine}.", "",
             "| opener | mode | TOTAL | published (Selby) | seconds | states expanded |",
             "|---|---|---:|---:|---:|---:|"]
    lines += [f"| {o} | {m} | {t} | {p} | {s:.1f} | {n} |" for o, m, t, p, s, n in rows]
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
