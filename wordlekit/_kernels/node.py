"""The per-visit backup of an Action Value Tree Search node (``avts.Node.take_backup``): run
thousands of times per search, it replaces a few numpy calls that were most of a visit's time.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def node_backup(
    q2, action_visits, level_count, level_mean, level_m2, levels, size, i, backup, debias, q3
):
    """One backup of action i of a tree-search node (``avts.Node.take_backup``), in place.

    q2[i] takes in ``backup`` (running mean over the action's visits), the change of q2 updates
    the Welford statistics of its visit level (``Node.record``), and q3[:size] becomes the
    debiased values (``Node.debiased``: q2 plus sum_{l >= v} level_mean[l], summed from the
    deepest level up as ``np.cumsum`` does), or q2 without ``debias``. The same floating-point
    operations in the same order as those methods, so the same numbers to the last bit: a search
    visits its nodes by the hundred thousand, and these few numpy calls were most of the time
    of one visit. The level arrays must hold index action_visits[i]. Returns (levels, best):
    the new number of levels and the first action of largest q3.
    """
    v = action_visits[i]
    old = q2[i]
    new = backup if v == 0 else old + (backup - old) / (v + 1)
    q2[i] = new
    action_visits[i] = v + 1
    change = new - old
    levels = max(levels, v + 1)
    level_count[v] += 1
    delta = change - level_mean[v]
    level_mean[v] += delta / level_count[v]
    level_m2[v] += delta * (change - level_mean[v])
    for a in range(size):
        q3[a] = q2[a]
    if debias and levels > 0:
        still_expected = np.zeros(levels + 1)
        still_expected[levels - 1] = level_mean[levels - 1]
        for level in range(levels - 2, -1, -1):
            still_expected[level] = still_expected[level + 1] + level_mean[level]
        for a in range(size):
            q3[a] += still_expected[action_visits[a]]
    best = 0
    for a in range(1, size):
        if q3[a] > q3[best]:
            best = a
    return levels, best
