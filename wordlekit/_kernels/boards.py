"""The lifted heuristics' choice on two boards (``lifted.Lifted.choose``): the first guess with
the least sum of the two boards' scores among the guesses that change something."""

import numpy as np
from numba import njit


@njit(cache=True)
def first_least_sum(a, a_nothing, b, b_nothing):
    """The first position i with the least ``a[i] + b[i]`` among those where ``a_nothing[i]``
    and ``b_nothing[i]`` are not both true (-1 if there is none)."""
    best, at = np.inf, -1
    for i in range(a.shape[0]):
        if a_nothing[i] and b_nothing[i]:
            continue
        s = a[i] + b[i]
        if s < best:
            best, at = s, i
    return at
