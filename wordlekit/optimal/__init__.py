"""Exact optimal play: the minimum TOTAL over all strategies, by branch and bound.

For a candidate set C with d guesses left (Cunanan & Thielscher, Definition 10, with a cap),

    MinTotal_d(C) = |C| + min_g sum_{feedback r != all green} MinTotal_{d-1}(C_{g,r}),

with MinTotal(one candidate) = 1 and no solution when d = 0. ``Solver.value`` computes it
exactly, but only as far as needed to prove a value:

1. Every guess g gets the lower bound ``V(g) = 3|C| - parts(g) - [g in C]``
   (``bounds.guess_lower_bound``) from the bucket statistics of all allowed guesses
   (``buckets``); guesses are tried in increasing V (ties: smaller sum of squared bucket sizes,
   then list order), so the likeliest best comes first.
2. A guess whose bound is not below the best total found so far is never expanded (nor is any
   later one: they are sorted), and a guess's buckets are solved largest first (in hard mode
   smallest first, see ``UniformSearch.guess_total``), each with the budget left by the best
   total, so a losing guess is abandoned as soon as it is proved losing (``branch_and_bound``,
   shared with ``bounds.LowerBounds``).
3. Two scans spare most states the scoring of every guess. A *perfect* guess (every candidate
   its own feedback) is optimal whenever one exists: 2|C| - 1 if it is a candidate, else 2|C|
   (``UniformSearch._perfect``). And a guess with k collisions (candidates sharing a bucket
   with an earlier one) has V(g) >= 2|C| + k - [g in C], so when the budget leaves a slack of
   a few guesses only the guesses within that many collisions can beat it, and only those are
   scored, by a scan that drops a guess at its first collision too many. Each bucket of a
   guess expanded has its own candidates tried as its next guess first (``splits.searched``):
   one that splits it perfectly settles it at 2c - 1, one that leaves a single pair at 2c
   (three guesses left), and every other bucket is worth at least 2c, so most losing guesses
   are dropped before any bucket is searched.
4. Exact values and proved lower bounds are memoised by (state, guesses left). The guesses
   next in line are screened in batches against those floors and the memo's value of their
   first bucket (``screening``), so that the many guesses lost at their first bucket cost
   one kernel call per batch and a memo lookup each, not a state each.
5. A state's floor is BOUND(|C|, F), the cheapest tree of |C| candidates when no guess makes
   more than F buckets, F the feedbacks the game can give (``bounds.bound``): 2|C| - 1 up to
   F + 1 candidates, more above, and a guess's bound is |C| + sum_b BOUND(c_b) where a bucket
   can be that large. In Wordle (F = 238) that is the root and a few buckets; in Mastermind
   (F = 14) it is most of the proof. Below a state whose guesses make at most M buckets
   (MaxSplits, known once they are scored), every set is a subset, which no guess splits into
   more: its floor is BOUND(|C|, M) (Cunanan & Thielscher's LB_2), and so is the state's own.
   In Bulls and Cows (F = 14) M is 12 or 13 at most states of 16 to 127 codes: after 0123, the
   360-code bucket took 2,985 states instead of 7,418, the 480-code one 14,807 instead of 22,569.
6. In a code game (``symmetry``), only one guess of each class under the peg and colour
   permutations that fix the guesses so far is searched: they all cost the same.

The answer is exact: a guess is skipped only when a lower bound proves it cannot beat a total
already achieved. In hard and strict mode the state includes the allowed guesses, so the same
code solves every mode.

With a non-uniform prior (``prior=``, see ``wordlekit.prior``) the solver minimises the
weighted total ``sum_a w_a * guesses(a)``, i.e. the expected number of guesses under the prior.
Items 1, 2 and the memo of 4 carry over with each candidate counted by its weight: a state of
weight W costs at least ``2W - max w`` (every candidate but one needs a second guess), and a
guess g at least ``V(g) = 3W - sum_b max_{a in b} w_a - [g in C] w_g``; with unit weights these
are the uniform bounds. The rest needs unit weights (``uniform`` says why).

The package, by job (each module imports only the ones listed after it):

- ``cost``: ``OptimalCost``, J* as a lookahead's cost-to-go, the adapter beside what it adapts;
- ``solver``: ``Solver``, where a search starts (a state, an opener, one bucket of an opener);
- ``uniform``: ``UniformSearch``, the recursion with every answer counted once and the pruning
  only unit weights allow (items 3 to 6 above, and the columns the scans read through), the
  reason written once in its docstring;
- ``search``: ``Search``, the recursion for any weights, which a prior takes as it is;
- ``screening`` and ``splits``: the guesses screened in batches, and the split kernels that try
  each bucket's candidates as its next guess (only the solver uses them);
- ``context``: what a search passes down to the states below it (``Context``: columns,
  symmetries, floor table, MaxSplits; frozen, nothing kept on the solver between calls), and
  the floor tables;
- ``threads``: how many numba threads the caller runs a search on (the solver never sets them).

The tree of an optimum as JSON and the policy that replays any such tree are in ``trees``; the
tables of optima per opener and per breadth are experiments built on it
(``experiments.optimum_tables``).
The search loop itself is shared with the lower bounds in ``branch_and_bound``.

References
----------
- [cunanan2023]_, Definition 10 and Section 4: MinTotal and the lower bounds that prune it.
- [selby2022]_: the published optima the solver's totals are compared with, and the C++ peer
  it is timed against (``benchmarks/optimal-results.md``).
"""

from ..branch_and_bound import INFEASIBLE, NO_LIMIT, feasible
from .cost import OptimalCost
from .solver import Solver
from .threads import search_threads

__all__ = [
    "INFEASIBLE",
    "NO_LIMIT",
    "OptimalCost",
    "Solver",
    "feasible",
    "search_threads",
]
