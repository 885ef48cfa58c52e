"""Top-k selection over keys: the positions of the k best of an array, without sorting it.

A heuristic's keys, a lookahead's Q-factors and the exact solver's ranking of guesses are all
"smaller is better" arrays from which only the first few are wanted; ``best_positions`` is the
one selection they share (a numba kernel, ``_kernels.select_top_k``), and ``EXCLUDED`` the key
that is never selected. Here, below every policy and search, so that none of them imports
another's module for it.
"""

from __future__ import annotations

import numpy as np

from . import _kernels

#: The key of a guess a heuristic may not play (it would leave the state unchanged); keys are
#: "smaller is better", so an excluded guess is never among the best.
EXCLUDED = _kernels.EXCLUDED


def best_positions(keys: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k smallest keys, smallest first (ties: lower position first), EXCLUDED
    keys left out: a partial selection, not a sort of every key. Float keys work too."""
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    positions = np.empty(k, dtype=np.int64)
    found = _kernels.select_top_k(keys, k, positions)
    return positions[:found]


def largest_positions(values: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k largest float ``values``, largest first; among equal values the
    earliest positions, in order. A one-pass selection, not a partition or sort of all values."""
    # the k smallest of -values, ties to the earlier position: the selection of best_positions
    return best_positions(-np.asarray(values, dtype=np.float64), min(k, len(values)))
