"""Bucket statistics with unit weights: per guess, the columns of ``conventions`` (parts,
in-set, squares, entropy, largest, heaviest) over a candidate set, for ``wordlekit.buckets``.

One table, several kernels, each kept because it is the fastest for some sets
(``benchmarks/buckets.py``; ``buckets`` picks by size): ``fill_bucket_stats`` gathers the
candidates out of each guess's row (large sets); ``fill_bucket_stats_t`` streams the
candidates' rows of the transposed matrix (two to four times faster up to 64 candidates);
``fill_bucket_stats_pairs`` compares candidates in pairs (1.4-1.9x faster than the transposed
one for 2 to 24). ``entropic_values`` turns the same pair counts into AVTS's entropic values
without the table. ``fill_bucket_stats_near`` and ``first_perfect`` scan for nearly perfect
and perfect splits, dropping a guess at its first collision over the limit.
"""

import numpy as np
from numba import njit, prange

from .conventions import ENTROPY, HEAVIEST, IN_SET, LARGEST, N_CHUNKS, PARTS, SQUARES


@njit(cache=True)
def _bucket_stats_row(row, candidates, entropy_table, all_green, counts, out):
    """The bucket statistics of one guess (its ``row`` of the pattern matrix) into ``out``.
    ``counts`` is zeroed scratch of length n_patterns, zeroed again on return."""
    n = candidates.shape[0]
    parts = 0
    squares = 0
    entropy = 0
    largest = 0
    for j in range(n):
        p = row[candidates[j]]
        c = counts[p]
        parts += c == 0
        squares += 2 * c + 1
        entropy += entropy_table[c + 1] - entropy_table[c]
        largest = max(largest, c + 1)
        counts[p] = c + 1
    out[IN_SET] = counts[all_green]
    for j in range(n):
        counts[row[candidates[j]]] = 0
    out[PARTS] = parts
    out[SQUARES] = squares
    out[ENTROPY] = entropy
    out[LARGEST] = largest
    out[HEAVIEST] = parts


@njit(parallel=True, cache=True)
def fill_bucket_stats(patterns, candidates, allowed, entropy_table, n_patterns, out):
    """out[t] = the bucket statistics of guess allowed[t] (unit weights), in parallel.

    Gathers the candidates out of each guess's row of the pattern matrix: the faster layout
    for large candidate sets (``fill_bucket_stats_t`` is faster for small ones).
    """
    n_allowed = allowed.shape[0]
    n_chunks = min(N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        for t in range(chunk * n_allowed // n_chunks, (chunk + 1) * n_allowed // n_chunks):
            _bucket_stats_row(
                patterns[allowed[t]], candidates, entropy_table, n_patterns - 1, counts, out[t]
            )


@njit(parallel=True, cache=True)
def fill_bucket_stats_t(patterns_t, candidates, allowed, entropy_table, counts, out):
    """``fill_bucket_stats`` reading the *transposed* pattern matrix (n_answers, n_guesses).

    Each candidate's row of feedback to every guess streams through memory once, and the
    statistics of a block of guesses grow side by side; for small candidate sets this beats
    gathering the candidates out of every guess's row (``benchmarks/buckets.py``). ``counts``
    is zeroed scratch of shape (>= n_allowed, n_patterns), zeroed again on return.
    """
    n_allowed = allowed.shape[0]
    n = candidates.shape[0]
    all_green = counts.shape[1] - 1
    n_chunks = min(N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        lo = chunk * n_allowed // n_chunks
        hi = (chunk + 1) * n_allowed // n_chunks
        parts = np.zeros(hi - lo, np.int64)
        squares = np.zeros(hi - lo, np.int64)
        entropy = np.zeros(hi - lo, np.int64)
        largest = np.zeros(hi - lo, np.int64)
        for j in range(n):
            row = patterns_t[candidates[j]]
            for t in range(lo, hi):
                p = row[allowed[t]]
                c = np.int64(counts[t, p])
                parts[t - lo] += c == 0
                squares[t - lo] += 2 * c + 1
                entropy[t - lo] += entropy_table[c + 1] - entropy_table[c]
                largest[t - lo] = max(largest[t - lo], c + 1)
                counts[t, p] = c + 1
        for t in range(lo, hi):
            out[t, IN_SET] = counts[t, all_green]
        for j in range(n):
            row = patterns_t[candidates[j]]
            for t in range(lo, hi):
                counts[t, row[allowed[t]]] = 0
        for t in range(lo, hi):
            out[t, PARTS] = parts[t - lo]
            out[t, SQUARES] = squares[t - lo]
            out[t, ENTROPY] = entropy[t - lo]
            out[t, LARGEST] = largest[t - lo]
            out[t, HEAVIEST] = parts[t - lo]


@njit(cache=True)
def _pair_counts(patterns_t, candidates, allowed, lo, hi):
    """For guesses allowed[lo:hi], by comparing candidates in pairs: (rows, count, shared).

    rows[j, t] is candidate j's feedback to guess lo + t, count[j, t] the size of j's bucket
    (candidates with the same feedback) and shared[j, t] 1 if an earlier candidate is in it, so
    the candidates with shared 0 *open* the buckets, one each. Bytes, and no branch in the
    inner loop, so that it runs on vectors of guesses; n(n - 1) / 2 row comparisons.
    """
    n = candidates.shape[0]
    width = hi - lo
    rows = np.empty((n, width), patterns_t.dtype)  # uint8, or uint16 past 5 letters
    for j in range(n):
        row = patterns_t[candidates[j]]
        for t in range(width):
            rows[j, t] = row[allowed[lo + t]]
    count = np.ones((n, width), np.uint8)
    shared = np.zeros((n, width), np.uint8)
    for j in range(n):
        rj = rows[j]
        cj = count[j]
        for k in range(j + 1, n):
            rk = rows[k]
            ck = count[k]
            sk = shared[k]
            for t in range(width):
                eq = np.uint8(rj[t] == rk[t])
                cj[t] += eq
                ck[t] += eq
                sk[t] |= eq
    return rows, count, shared


@njit(cache=True)
def _pair_stats(rows, count, shared, t, entropy_table, all_green):
    """(parts, in_set, squares, entropy, largest) of guess t of a block of ``_pair_counts``:
    parts counts the bucket openers, sum_b c_b**2 = sum_j c_j, the entropy sums the table over
    openers only (one rounded term per bucket, as the other kernels do), the largest bucket is
    max c_j."""
    parts = 0
    in_set = 0
    squares = 0
    entropy = 0
    largest = 0
    for j in range(rows.shape[0]):
        c = np.int64(count[j, t])
        squares += c
        largest = max(largest, c)
        in_set += rows[j, t] == all_green
        if shared[j, t] == 0:
            parts += 1
            entropy += entropy_table[c]
    return parts, in_set, squares, entropy, largest


_PAIR_BLOCK = 512  # guesses per block of the pairwise kernels: their rows stay in L1 cache


@njit(parallel=True, cache=True)
def fill_bucket_stats_pairs(patterns_t, candidates, allowed, entropy_table, all_green, out):
    """``fill_bucket_stats`` for tiny candidate sets, from ``_pair_counts`` and ``_pair_stats``:
    faster than ``fill_bucket_stats_t`` for a handful of candidates, slower for many
    (``benchmarks/buckets.py``)."""
    n_allowed = allowed.shape[0]
    for b in prange((n_allowed + _PAIR_BLOCK - 1) // _PAIR_BLOCK):
        lo = b * _PAIR_BLOCK
        hi = min(lo + _PAIR_BLOCK, n_allowed)
        rows, count, shared = _pair_counts(patterns_t, candidates, allowed, lo, hi)
        for t in range(hi - lo):
            parts, in_set, squares, entropy, largest = _pair_stats(
                rows, count, shared, t, entropy_table, all_green
            )
            out[lo + t, PARTS] = parts
            out[lo + t, IN_SET] = in_set
            out[lo + t, SQUARES] = squares
            out[lo + t, ENTROPY] = entropy
            out[lo + t, LARGEST] = largest
            out[lo + t, HEAVIEST] = parts


@njit(parallel=True, cache=True)
def entropic_values(
    patterns_t, candidates, allowed, entropy_table, all_green, log2n, scaled_n, values
):
    """The entropic action values of ``avts.EntropicEstimator`` for a tiny candidate set, in
    one pass from ``_pair_counts``, without the table of bucket statistics.

    values[t] = -(log2 n / H + 1), or -(p + (1 - p)(log2 n / H + 1)) with p = 1/n when the guess
    is a candidate, H = log2 n - sum_b c_b log2 c_b / n (the sum in fixed point: ``scaled_n`` is
    n times its scale); -inf for a guess that splits nothing and is not a candidate. The same
    floating-point operations in the same order as the estimator's numpy code, so the same
    numbers to the last bit.
    """
    n_allowed = allowed.shape[0]
    p = 1.0 / candidates.shape[0]
    for b in prange((n_allowed + _PAIR_BLOCK - 1) // _PAIR_BLOCK):
        lo = b * _PAIR_BLOCK
        hi = min(lo + _PAIR_BLOCK, n_allowed)
        rows, count, shared = _pair_counts(patterns_t, candidates, allowed, lo, hi)
        for t in range(hi - lo):
            parts, in_set, _, entropy, _ = _pair_stats(
                rows, count, shared, t, entropy_table, all_green
            )
            if parts < 2 and in_set == 0:
                values[lo + t] = -np.inf
                continue
            steps = log2n / (log2n - np.float64(entropy) / scaled_n) + 1.0
            values[lo + t] = -(p + (1.0 - p) * steps) if in_set == 1 else -steps


@njit(parallel=True, cache=True)
def fill_bucket_stats_near(
    patterns, candidates, guesses, max_collisions, entropy_table, n_patterns, keep, out
):
    """The bucket statistics of the guesses that are nearly perfect, in parallel.

    A *collision* is a candidate that lands in a bucket already holding one, so a guess has
    n - parts collisions. keep[t] is True, and out[t] the bucket statistics of guesses[t], iff
    that guess has at most ``max_collisions``; a guess is dropped at its first collision over
    that, so with a small ``max_collisions`` most guesses cost a few candidates, not all.
    """
    n_guesses = guesses.shape[0]
    n = candidates.shape[0]
    n_chunks = min(N_CHUNKS, n_guesses)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        for t in range(chunk * n_guesses // n_chunks, (chunk + 1) * n_guesses // n_chunks):
            row = patterns[guesses[t]]
            collisions = 0
            seen = 0
            for j in range(n):
                p = row[candidates[j]]
                if counts[p] > 0:
                    collisions += 1
                    if collisions > max_collisions:
                        break
                counts[p] += 1
                seen += 1
            for j in range(seen):
                counts[row[candidates[j]]] = 0
            keep[t] = collisions <= max_collisions
            if keep[t]:
                _bucket_stats_row(row, candidates, entropy_table, n_patterns - 1, counts, out[t])


@njit(cache=True)
def first_perfect(patterns, candidates, guesses, n_patterns):
    """Position in ``guesses`` of the first guess that gives every candidate its own feedback
    (a *perfect* split), or -1. A guess is dropped at its first repeated feedback, so most
    guesses cost a few candidates, not all of them."""
    n = candidates.shape[0]
    if n > n_patterns:
        return -1
    # seen[p] == t + 1 marks pattern p as taken for guess t: no reset between guesses
    seen = np.zeros(n_patterns, np.int64)
    for t in range(guesses.shape[0]):
        row = patterns[guesses[t]]
        mark = t + 1
        perfect = True
        for j in range(n):
            p = row[candidates[j]]
            if seen[p] == mark:
                perfect = False
                break
            seen[p] = mark
        if perfect:
            return t
    return -1
