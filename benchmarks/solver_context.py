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

from checkouts import command_line

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
print(json.dumps({"seconds": time.perf_counter() - start, "result": f"{int(total)}, {nodes:,}"}))
"""

TASKS = ("optimal easy", "optimal hard", "mastermind")


if __name__ == "__main__":
    command_line(__doc__, TASK, TASKS, repeat=5)
