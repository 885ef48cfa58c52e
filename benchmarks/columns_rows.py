"""The exact solver before and after a state's columns copied only its allowed guesses' rows
(``buckets.Columns(rows=...)``): the same tasks on two checkouts, in one run.

    python benchmarks/columns_rows.py --before CHECKOUT [--repeat 3] [--label TEXT]

A state of 16 to 512 candidates copies its columns of the pattern matrix into a block of its own
(``optimal.uniform.COLUMNS_MIN`` to ``COLUMNS_MAX``). Before, it copied every guess's row; in
hard and strict mode only the allowed guesses' rows are ever read below it, and in strict
Mastermind those are the state's own codes: 32,768 rows became a few hundred. A profile of the
strict bucket 2B1W of 11223 in Super Mastermind (1,344 codes) had the copy (``gather_columns``)
as the largest item after the one-time transposition of the matrix.

Tasks, each in a fresh process per checkout and round (``checkouts.compare``: one numba thread,
the checkouts alternating round by round so that both see the same load), CPU seconds of the
timed call after a first call has compiled or loaded every kernel:

- ``mastermind-4-7 strict``: the optimum from 1123 in Mastermind (4, 7), strict rule, no cap;
- ``super 2B1W``: Super Mastermind (5, 8), strict rule, the bucket 2B1W of 11223
  (``Solver.bucket_value``; the 0B5W bucket first, as the warm-up);
- ``optimal hard``: the optimum from salet on the original lists, hard mode, cap 6.

Each task's result (its TOTAL or bucket value and the states expanded) must agree between the
checkouts. ``benchmarks/columns-rows-results.md`` keeps the runs.
"""

from __future__ import annotations

from checkouts import command_line

TASK = r"""
import json, sys, time
from wordlekit import Game
from wordlekit.games import mastermind
from wordlekit.optimal import Solver
task = sys.argv[1]
if task == "super-2B1W":
    game = mastermind(5, 8, "strict")
    opener = game.guess_index("11223", role="opener")
    buckets = {game.format_feedback(p): p for p, _ in game.unsolved_children(game.initial_state(), opener)}
    solver = Solver(game, None)
    solver.bucket_value(opener, buckets["0B5W"])  # the kernels, and the matrix's transposed copy
    start = time.process_time()
    value = solver.bucket_value(opener, buckets["2B1W"])
    seconds = time.process_time() - start
else:
    if task == "mastermind-4-7-strict":
        game, cap, opener = mastermind(4, 7, "strict"), None, "1123"
    else:
        game, cap, opener = Game.original("hard"), 6, "salet"
    game.patterns

    def run():
        solver = Solver(game, cap)
        return solver.opener_total(game.guess_index(opener)), solver

    run()  # compile or load every kernel first
    start = time.process_time()
    value, solver = run()
    seconds = time.process_time() - start
print(json.dumps({"seconds": seconds, "result": f"{int(value)}, {solver.nodes:,}"}))
"""

TASKS = ("mastermind-4-7 strict", "super 2B1W", "optimal hard")


if __name__ == "__main__":
    command_line(__doc__, TASK, TASKS, repeat=3)
