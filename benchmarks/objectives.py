"""The four objectives of ``wordlekit optimal --objective`` from given openers, with their cost.

    NUMBA_NUM_THREADS=1 python benchmarks/objectives.py [--openers salet] [--modes easy hard]
        [--lists original nyt-2023] [--cap 6|none] [--out benchmarks/objectives-results.md]

For each lists x mode x opener, the optimum within d guesses, T*(d), is computed for
d = 2, 3, ... up to the mean's cap (``--cap``: the NYT's six by default, or none; one capped
``optimal.Solver`` search each, timed), and
the four objectives are read off them by ``optimal.objectives.optimize`` (module docstring:
W* = the least feasible cap, worst-then-mean = T*(W*), mean-then-worst = the least cap reaching
T*(cap)). Each objective's strategy is walked (``trees.optimal_paths``) and its worst case and
TOTAL printed from the walk, so the table's worst cases are those of real trees, not of the
caps. "gives up" is the TOTAL a strategy gives up against the mean's optimum. Writes a Markdown
table with the command, machine and each cap's seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from _results import load as results_load
from _results import machine, report

from wordlekit import Game
from wordlekit.optimal import Solver, feasible
from wordlekit.optimal.objectives import OBJECTIVES, optimize
from wordlekit.trees import optimal_paths
from wordlekit.warmup import warm_up_solver


def one(lists: str, mode: str, opener: str, cap: int | None) -> tuple[list[str], list[str]]:
    game = Game.from_lists(lists, mode)
    top = len(game.answers) if cap is None else cap  # no cap: one never binds on |A| answers
    warm_up_solver(game, None)
    first = game.guess_index(opener, role="opener")
    solvers, seconds, found = {}, {}, {}

    def totals(d: int):  # each cap searched once, for the four objectives
        if d in found:
            return found[d]
        start = time.perf_counter()
        solvers[d] = Solver(game, d)
        total = solvers[d].opener_total(first)
        seconds[d] = time.perf_counter() - start
        print(
            f"  {lists} {mode} {opener} cap {d}: {total if feasible(total) else 'infeasible'} "
            f"in {seconds[d]:.1f} s",
            file=sys.stderr,
            flush=True,
        )
        found[d] = total, first
        return found[d]

    rows = []
    n = len(game.answers)
    for objective in OBJECTIVES:
        best = optimize(totals, objective, top, least=2)
        if not best.feasible:
            rows.append(
                f"| {lists} | {mode} | {opener} | {objective} | infeasible within {cap} "
                "| - | - | - | - |"
            )
            continue
        paths = optimal_paths(solvers[best.cap], first)
        worst = max(len(p) for p in paths.values())
        walked = sum(len(p) for p in paths.values())
        assert walked == best.total, (walked, best.total)
        rows.append(
            f"| {lists} | {mode} | {opener} | {objective} | {best.total} | {best.total / n:.4f} | "
            f"{worst} | {best.total - best.mean_total} | {(best.total - best.mean_total) / n:.4f} |"
        )
    caps = [
        f"| {lists} | {mode} | {opener} | "
        + ", ".join(f"{d}: {seconds[d]:.1f}" for d in sorted(seconds))
        + " |"
    ]
    return rows, caps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openers", nargs="+", default=["salet"])
    parser.add_argument("--modes", nargs="+", default=["easy", "hard", "strict"])
    parser.add_argument("--lists", nargs="+", default=["original"])
    parser.add_argument("--cap", default="6", help='the mean\'s cap on guesses, or "none"')
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    command = "NUMBA_NUM_THREADS=1 python benchmarks/objectives.py " + " ".join(sys.argv[1:])
    cap = None if args.cap == "none" else int(args.cap)
    rows, caps = [], []
    start = time.perf_counter()
    load = os.getloadavg()[0]
    for lists in args.lists:
        for mode in args.modes:
            for opener in args.openers:
                r, c = one(lists, mode, opener, cap)
                rows += r
                caps += c
    report(
        args.out,
        [
            "# The four objectives of `wordlekit optimal --objective`",
            "",
            f"Command: `{command}`. Machine: {machine()}, one numba thread; "
            f"{results_load(load)}; {time.perf_counter() - start:.0f} s in all.",
            "",
            "Every TOTAL and worst case below is of the strategy's tree as walked "
            '(`trees.optimal_paths`); "gives up" is its TOTAL minus the mean\'s optimum '
            f"{'with no cap' if cap is None else f'within {cap} guesses'} (per game in the "
            "next column).",
            "",
            "| lists | mode | opener | objective | TOTAL | mean | worst | gives up | per game |",
            "|---|---|---|---|---:|---:|---:|---:|---:|",
            *rows,
            "",
            "Seconds of each capped search (cap: seconds), one thread:",
            "",
            "| lists | mode | opener | caps |",
            "|---|---|---|---|",
            *caps,
            "",
        ],
    )


if __name__ == "__main__":
    main()
