"""Misreported feedback (``wordlekit.stochastic``): the information gain of each guess on a
belief, with the noise's likelihood applied one tile at a time (L * 3**(L + 1) operations a
guess instead of 9**L), never formed as a matrix.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def _apply_tile_factor(x, tile, length, out):
    """out = x @ (tile (x) tile (x) ... (x) tile): a 3 x 3 factor ``tile[t, f]`` applied to every
    tile's colour digit of a vector over the 3**length patterns (first tile most significant).
    ``x`` is overwritten (it is the scratch of the last axis)."""
    n = x.shape[0]
    src, dst = x, out
    for i in range(length):
        stride = 3 ** (length - 1 - i)
        for base in range(0, n, 3 * stride):
            for lo in range(stride):
                j = base + lo
                a, b, c = src[j], src[j + stride], src[j + 2 * stride]
                for f in range(3):
                    dst[j + f * stride] = a * tile[0, f] + b * tile[1, f] + c * tile[2, f]
        src, dst = dst, src
    if length % 2 == 0:
        out[:] = src


@njit(cache=True)
def fill_information_gain(
    patterns, support, weights, guesses, kind, tile, p, length, row_entropy, solved, out
):
    """out[i] = I(u) in bits for u = guesses[i] (``stochastic.information_gain``): the belief
    ``weights`` on the answers ``support`` split by u's true patterns, the win (the all-green
    bucket) kept apart, the rest pushed through the noise: ``kind`` 0 is per-tile noise, whose
    likelihood is the Kronecker power of the 3 x 3 ``tile``; ``kind`` 1 one lie per row with
    probability p, P = (1 - p) I + p / (2L) sum_i (J - I) on tile i. Per guess the cost is
    L * 3**(L + 1), not 9**L: the likelihood is never formed."""
    n = 3**length
    masses = np.zeros(n)
    reports = np.zeros(n)
    scratch = np.zeros(n)
    touched = np.empty(support.shape[0], np.int64)
    for i in range(guesses.shape[0]):
        row = patterns[guesses[i]]
        if p == 0.0:
            # Noiseless: the reports are the true buckets; visit only the buckets hit (a few
            # per candidate instead of all 3**L patterns: the p = 0 tree is 10x faster).
            k = 0
            for j in range(support.shape[0]):
                t = row[support[j]]
                if masses[t] == 0.0:
                    touched[k] = t
                    k += 1
                masses[t] += weights[j]
            h = 0.0
            for j in range(k):
                m = masses[touched[j]]
                h -= m * np.log2(m)
                masses[touched[j]] = 0.0
            out[i] = h
            continue
        masses[:] = 0.0
        for j in range(support.shape[0]):
            masses[row[support[j]]] += weights[j]
        win = masses[solved]
        masses[solved] = 0.0
        noise_entropy = 0.0
        for t in range(n):
            noise_entropy += masses[t] * row_entropy[t]
        if kind == 0:
            scratch[:] = masses
            _apply_tile_factor(scratch, tile, length, reports)
        else:
            for t in range(n):
                reports[t] = (1.0 - p) * masses[t]
            for k in range(length):
                stride = 3 ** (length - 1 - k)
                for base in range(0, n, 3 * stride):
                    for lo in range(stride):
                        j = base + lo
                        total = masses[j] + masses[j + stride] + masses[j + 2 * stride]
                        for f in range(3):
                            reports[j + f * stride] += (
                                p / (2 * length) * (total - masses[j + f * stride])
                            )
        h = 0.0
        if win > 0:
            h -= win * np.log2(win)
        for f in range(n):
            if reports[f] > 0:
                h -= reports[f] * np.log2(reports[f])
        out[i] = h - noise_entropy
