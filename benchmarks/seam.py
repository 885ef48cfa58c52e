"""Wordle before and after the seam (issue 39): the same timings on two checkouts, in one run.

    python benchmarks/seam.py --before /work/wt-base [--repeat 7] [--label TEXT]

Each round times, on the checkout ``--before`` (a commit before the seam) and on this one in
turn, each task in a fresh process (``NUMBA_NUM_THREADS=1``, kernels loaded and the task run
once before it is timed): ``evaluate`` of MIG from salet in easy and hard mode, rollout over
MIG from salet over the first 200 answers (its Q-factors are the base's totals, through
``PolicyValues`` and ``Lookahead``), and the optimum from salet (``optimal.Solver``, which
stays one-board). Alternating the checkouts round by round puts both under the same load.
Prints a Markdown table of medians and best times and the ratio after / before, and each
task's result (TOTAL), which must agree; ``benchmarks/seam-results.md`` keeps the runs.
"""

from __future__ import annotations

from checkouts import command_line

TASK = r"""
import json, sys, time
from wordlekit import Game, evaluate, get_heuristic
from wordlekit.optimal import Solver
from wordlekit.rollout import Rollout
task = sys.argv[1]
game = Game.original("hard" if task.endswith("hard") else "easy")
game.patterns

def run():
    if task.startswith("evaluate"):
        return evaluate(game, get_heuristic("mig"), "salet").total
    if task == "rollout":  # a new policy each time: nothing memoised from the first run
        policy = Rollout(get_heuristic("mig"))
        return evaluate(game, policy, "salet", answers=game.answers[:200]).total
    return Solver(game).opener_total(game.guess_index("salet"))

run()  # compile or load every kernel first
start = time.perf_counter()
total = run()
print(json.dumps({"seconds": time.perf_counter() - start, "result": str(int(total))}))
"""

TASKS = ("evaluate easy", "evaluate hard", "rollout", "optimal")


if __name__ == "__main__":
    command_line(__doc__, TASK, TASKS, repeat=7)
