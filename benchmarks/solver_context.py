"""The exact solver before and after its context was passed down (issue 43): the same timings
on two checkouts, in one run.

    python benchmarks/solver_context.py --before /work/wt-opt-base [--repeat 5] [--label TEXT]

Each round times, on the checkout ``--before`` (the last commit with the solver's context on
``self``) and on this one in turn, each task in a fresh process (``NUMBA_NUM_THREADS=1``,
kernels loaded and the task run once before it is timed, a new ``Solver`` each time): the
optimum from salet in easy and hard mode (the uniform search, with the columns, the screening
and MaxSplits), and from 1122 in Mastermind (4, 6) without a cap (the symmetries that fix the
guesses so far, ``Context.after``). Alternating the checkouts round by round puts both under
the same load. Prints a Markdown table of medians and best times, the ratio after / before and
each task's TOTAL and states expanded, which must agree; ``benchmarks/solver-context-results.md``
keeps the runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

TASK = r"""
import json, sys, time
from wordlekit import Game
from wordlekit.games import game as code_game
from wordlekit.optimal import Solver
task = sys.argv[1]
if task == "mastermind":
    game, cap, opener = code_game("mastermind"), None, "1122"
else:
    game, cap, opener = Game.original(task.split("-")[1]), 6, "salet"
game.patterns

def run():
    solver = Solver(game, cap)
    return solver.opener_total(game.guess_index(opener)), solver.nodes

run()  # compile or load every kernel first
start = time.perf_counter()
total, nodes = run()
print(json.dumps({"seconds": time.perf_counter() - start, "total": int(total), "nodes": nodes}))
"""

TASKS = ("optimal easy", "optimal hard", "mastermind")


def timed(tree: Path, task: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree), "NUMBA_NUM_THREADS": "1"}
    out = subprocess.run(
        [sys.executable, "-c", TASK, task.replace(" ", "-")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="a checkout from before the change")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    trees = {"before": Path(args.before).resolve(), "after": HERE}
    times = {(t, w): [] for t in TASKS for w in trees}
    found = {}
    load = os.getloadavg()[0]
    for _ in range(args.repeat):
        for task in TASKS:
            for which, tree in trees.items():
                result = timed(tree, task)
                times[task, which].append(result["seconds"])
                found.setdefault(task, {})[which] = (result["total"], result["nodes"])
    print(f"{args.label}: --repeat {args.repeat}, load {load:.1f} -> {os.getloadavg()[0]:.1f}")
    print(
        "| task | TOTAL, states before | TOTAL, states after | median s before "
        "| median s after | best s before | best s after | after / before (median) |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|"
    )
    for task in TASKS:
        before, after = times[task, "before"], times[task, "after"]
        (tb, nb), (ta, na) = found[task]["before"], found[task]["after"]
        print(
            f"| {task} | {tb}, {nb:,} | {ta}, {na:,} | "
            f"{statistics.median(before):.3f} | {statistics.median(after):.3f} | "
            f"{min(before):.3f} | {min(after):.3f} | "
            f"{statistics.median(after) / statistics.median(before):.3f} |"
        )


if __name__ == "__main__":
    main()
