"""Lexicographic choice among columns of integer values: Cunanan & Thielscher's combined
valuations (``wordlekit.valuations``) pick the guess whose values are smallest in a chosen
order of columns, and a guess that another dominates in every column is never picked.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def lexicographic_argmin(values, columns):
    """Row of ``values`` whose entries in ``columns`` (in that order) are lexicographically
    smallest; ties go to the first such row."""
    best = 0
    for t in range(1, values.shape[0]):
        for c in columns:
            if values[t, c] != values[best, c]:
                if values[t, c] < values[best, c]:
                    best = t
                break
    return best


@njit(cache=True)
def undominated(values, keep):
    """keep[t] = no earlier row of ``values`` is <= row t in every column.

    A row dominated so can never be the lexicographic argmin (ties to the first row) for any
    choice and order of the columns: the earlier row is as small wherever they differ first,
    and wins the tie if they never do. Compares each row with the kept rows only (an earlier
    row that dominates t is itself kept, or dominated by a kept row that then dominates t).
    """
    n_rows, n_cols = values.shape
    kept = np.empty(n_rows, np.int64)
    n_kept = 0
    for t in range(n_rows):
        dominated = False
        for i in range(n_kept):
            h = kept[i]
            dominated = True
            for c in range(n_cols):
                if values[h, c] > values[t, c]:
                    dominated = False
                    break
            if dominated:
                break
        keep[t] = not dominated
        if not dominated:
            kept[n_kept] = t
            n_kept += 1
