"""The experiments the notebooks run: the papers' tables and grids, their stored runs, and the
studies around them. Each module is named for what it produces and calls the library below it
(the game, the policies, the exact solvers, the evaluation); no algorithm lives here, and
nothing of the library imports an experiment.

Modules, with the notebooks that call them:

- ``policy_grid``: policies by name x modes x openers, evaluated exactly, and the same grid
  under several tie orders; the stored runs of notebooks 02 and 06 (the rollout paper's
  Tables 1-2, Figure 4, the top-k study; notebooks 01-08).
- ``optimum_tables``: the exact optimum per opener and ApMinTotal per breadth (Cunanan &
  Thielscher's Table 2; notebooks 02, 09).
- ``valuation_table``: every valuation's strategy evaluated and ranked (Cunanan & Thielscher's
  Table 1; notebook 09).
- ``sixletter_optima``: the 6-letter optimum from Table 3's openers, stored (notebook 08).
- ``prior_table``: policies compared when the answer follows a prior, the rollout paper's open
  problem (notebook 11).
- ``avts_blog``: the AVTS blog's experiment on its own lists, stored, and the studies around
  it (notebook 13).
- ``newton``: the Newton step measured, a base's error against its rollout's, state by state
  (notebook 16).
- ``many_boards``, ``boards_optima``: Dordle counted exactly, rollout and the fixed openers on
  many boards, stored; optima on cut answer lists (notebook 19).

They import nothing of each other (pyproject's ``experiments-independent`` contract), so each
can be read, and moved, alone. The library's modules a notebook calls directly (``tables``,
``plots``, ``openers``, ``sweep``, ``warmup``) stay beside them in layer 7: the command line
and the benchmarks use them too.
"""
