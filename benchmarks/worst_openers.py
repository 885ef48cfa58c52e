"""Which openers have a strategy within a cap on guesses: every opener, one capped search each.

    NUMBA_NUM_THREADS=1 python benchmarks/worst_openers.py --mode hard --cap 5
        [--lists original] [--seconds 1800] [--out benchmarks/worst-openers-results.md]

For each opener in guess-list order, ``Solver(game, cap).opener_total`` (the optimum within
``cap`` guesses, or the proof that there is none: in hard and strict mode an opener's children
are checked for solvability smallest first, so an infeasible opener costs a fraction of a
second). Stops after ``--seconds`` and says how many openers it covered. The openers found
feasible, with their TOTAL within the cap, are the candidates for the worst-case optimum at
that cap: with cap 5, an opener not among them needs six guesses for some answer.
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
from wordlekit.warmup import warm_up_solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="hard")
    parser.add_argument("--cap", type=int, default=5)
    parser.add_argument("--lists", default="original")
    parser.add_argument("--seconds", type=float, default=1800)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    command = "NUMBA_NUM_THREADS=1 python benchmarks/worst_openers.py " + " ".join(sys.argv[1:])
    game = Game.from_lists(args.lists, args.mode)
    warm_up_solver(game, None)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    found, covered, slowest = [], 0, (0.0, "")
    for opener in range(len(game.guesses)):
        if time.perf_counter() - start > args.seconds:
            break
        began = time.perf_counter()
        total = Solver(game, args.cap).opener_total(opener)
        took = time.perf_counter() - began
        slowest = max(slowest, (took, game.guesses[opener]))
        covered += 1
        if covered % 500 == 0:  # a stopped run still says how far it went
            print(
                f"covered {covered} (last {game.guesses[opener]}), {len(found)} feasible, "
                f"{time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        if feasible(total):
            found.append((total, game.guesses[opener], took))
            print(f"{game.guesses[opener]} {total} {took:.1f} s", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    found.sort()
    rows = [f"| {word} | {total} | {took:.1f} |" for total, word, took in found]
    last = game.guesses[covered - 1]
    report(
        args.out,
        [
            f"# Openers with a strategy within {args.cap} guesses: {args.lists} lists, "
            f"{args.mode} mode",
            "",
            f"Command: `{command}`. Machine: {machine()}, one numba thread; {results_load(load)}.",
            "",
            f"Covered {covered:,} of the {len(game.guesses):,} openers in list order (the last: "
            f"{last}) in {seconds:.0f} s; slowest opener {slowest[1]}, {slowest[0]:.1f} s. "
            f"{len(found)} of them have a strategy within {args.cap} guesses; every other one "
            f"covered needs more for some answer (proved).",
            "",
            f"| opener | least TOTAL within {args.cap} | seconds |",
            "|---|---:|---:|",
            *rows,
            "",
        ],
    )


if __name__ == "__main__":
    main()
