"""Endgames: the largest group of candidates that agree on every letter but one, in place.

In hard mode such a group ("_ight", "s_ore") is the usual reason a state cannot be solved in
time: the words differ in one position only, so a guess tells apart only the letters it
holds (``wordlekit.endgames``).
"""

import numpy as np
from numba import njit


@njit(cache=True)
def largest_endgame(codes, candidates, base):
    """The candidates (in their order) of the largest group that share every letter of
    ``codes`` except at one position, over all positions (ties: the first position, then the
    smallest key). ``base`` exceeds every symbol code, and ``base ** length`` fits an int64."""
    n = candidates.shape[0]
    length = codes.shape[1]
    keys = np.empty(n, np.int64)
    best_size, best_position, best_key = 0, -1, np.int64(0)
    for p in range(length):
        for j in range(n):
            key = np.int64(0)
            for q in range(length):
                key = key * base + (codes[candidates[j], q] if q != p else 0)
            keys[j] = key
        ordered = np.sort(keys)
        run = 1
        for j in range(1, n + 1):
            if j < n and ordered[j] == ordered[j - 1]:
                run += 1
                continue
            if run > best_size:
                best_size, best_position, best_key = run, p, ordered[j - 1]
            run = 1
    out = np.empty(best_size, candidates.dtype)
    k = 0
    for j in range(n):
        key = np.int64(0)
        for q in range(length):
            key = key * base + (codes[candidates[j], q] if q != best_position else 0)
        if key == best_key:
            out[k] = candidates[j]
            k += 1
    return out
