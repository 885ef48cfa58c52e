"""The exact solver, the bounds and the breadth-limited search before and after issue 43's
second pass over the house: the same timings on two checkouts, in one run.

    python benchmarks/house.py --before /work/wt-before43 [--repeat 3] [--label TEXT]

``--before`` is a checkout from before the change (4004f8e, where the issue's work began: the
solver in one file with its context on ``self``, the experiments at the package's top). Each
round times, on that checkout and on this one in turn, each task in a fresh process
(``NUMBA_NUM_THREADS=1``, kernels loaded and the task run once before it is timed;
the bounds' kernels on a tiny game):

- ``optimal easy`` and ``optimal hard``: the optimum from salet on the original lists;
- ``bounds``: V_4 of five openers (salet, crate, trace, slane, roate) under the budget 7921,
  one memo across them as in a sweep (``LowerBounds.v``; ``benchmarks/bounds.py`` times Table
  4's whole filtering, whose first steps over all 12,972 openers take minutes);
- ``breadth``: ApMinTotal(S, 20) of Wordle from the root (``Solver(breadth=20)``, as
  ``benchmarks/breadth.py``).

Alternating the checkouts round by round puts both under the same load. The results each task
computed (TOTALs and states expanded; the five V_4) must agree.
``benchmarks/house-results.md`` keeps the runs.
"""

from __future__ import annotations

from checkouts import command_line

TASK = r"""
import json, sys, time
from wordlekit import Game
from wordlekit.bounds import LowerBounds
from wordlekit.optimal import Solver
task = sys.argv[1]
game = Game.original("hard" if task == "optimal-hard" else "easy")
game.patterns

def run():
    if task.startswith("optimal"):
        solver = Solver(game, 6)
        return f"{int(solver.opener_total(game.guess_index('salet')))}, {solver.nodes:,}"
    if task == "breadth":
        solver = Solver(game, None, breadth=20)
        return f"{int(solver.value(game.initial_state(), len(game.answers)))}, {solver.nodes:,}"
    bounds, root = LowerBounds(game), game.initial_state()
    words = ("salet", "crate", "trace", "slane", "roate")
    return " ".join(str(bounds.v(4, root, game.guess_index(w), 7921)) for w in words)

if task == "bounds":  # compile or load the kernels on a tiny game: the full run is long
    from wordlekit.game import small_game
    LowerBounds(small_game(40, 20, 0)).filter_openers(10**6, 4)
else:
    run()  # compile or load every kernel first
start = time.perf_counter()
result = run()
print(json.dumps({"seconds": time.perf_counter() - start, "result": result}))
"""

TASKS = ("optimal easy", "optimal hard", "bounds", "breadth")


if __name__ == "__main__":
    command_line(__doc__, TASK, TASKS, repeat=3)
