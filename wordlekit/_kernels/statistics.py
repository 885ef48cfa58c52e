"""Bucket statistics with unit weights: per guess, the columns of ``conventions`` (parts,
in-set, squares, entropy, largest, heaviest) over a candidate set, for ``wordlekit.buckets``;
and AVTS's entropic action values, those statistics made into one float per guess.

One table, several kernels, each kept because it is the fastest for some sets
(``benchmarks/buckets.py``; ``buckets`` picks by size): ``fill_bucket_stats`` gathers the
candidates out of each guess's row (large sets); ``fill_bucket_stats_t`` streams the
candidates' rows of the transposed matrix (faster up to 64 candidates);
``fill_bucket_stats_pairs`` compares candidates in pairs (faster than the transposed one for 2
to 24 when measured: benchmarks/quoted-results.md). ``fill_bucket_stats_near`` and
``first_perfect`` scan for nearly perfect and perfect splits, dropping a guess at its first
collision over the limit.

The entropic action values of a tree-search node (``avts.EntropicEstimator`` through
``buckets``): ``entropic_values``, every guess's value from the pair counts; and the k best
without a value per guess, in one single-threaded scan that keeps the best as it goes: pairs
of candidates up to 64 (``entropic_top_k``), blocks of counts for 65 to 255
(``entropic_top_k_counts``), a two-pass count per guess above (``entropic_top_k_rows``), each
the same floats in the same order as ``entropic_values``. They live here, with the statistics,
because ``_pair_loop`` serves both (a kernel module calls only its own kernels: ``__init__``).

Kernel twins, kept for speed (measured):

- ``entropic_values`` is ``fill_bucket_stats_pairs`` and the estimator's numpy formula fused
  into one pass that writes no table: the table and the formula take longer, most at the
  smallest sets (``NUMBA_NUM_THREADS=1 python benchmarks/twins.py``:
  ``benchmarks/twins-results.md``);
- ``entropic_top_k_counts`` counts as ``fill_bucket_stats_t`` does and ``entropic_top_k_rows``
  as ``_bucket_stats_row``, keeping only what the value needs: faster than the row kernel
  from 100 candidates to the 2,315 answers (commit 48b73eb; benchmarks/quoted-results.md);
- ``_insert_best`` is ``keys.select_top_k``'s insertion for one value at a time, inside the
  scan (``select_top_k`` takes a finished array of keys, which these scans never write).
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


@njit(cache=True, inline="always")
def _pair_loop(rows, which, lo, width, count, shared):
    """Compare the candidates in pairs on the guesses of columns lo..lo+width of the rows
    ``which`` of ``rows`` (one row per candidate): count[j, t] the size of j's bucket
    (candidates with the same feedback to guess t) and shared[j, t] 1 if an earlier candidate
    is in it, so the candidates with shared 0 *open* the buckets, one each. Bytes, and no branch
    in the inner loop, so that it runs on vectors of guesses; n(n - 1) / 2 row comparisons.
    ``count`` and ``shared``: uint8 scratch of shape (>= n, >= width), overwritten."""
    n = which.shape[0]
    for j in range(n):
        cj = count[j]
        sj = shared[j]
        for t in range(width):
            cj[t] = 1
            sj[t] = 0
    for j in range(n):
        rj = rows[which[j], lo : lo + width]
        cj = count[j]
        for k in range(j + 1, n):
            rk = rows[which[k], lo : lo + width]
            ck = count[k]
            sk = shared[k]
            for t in range(width):
                eq = np.uint8(rj[t] == rk[t])
                cj[t] += eq
                ck[t] += eq
                sk[t] |= eq


@njit(cache=True)
def _pair_counts(patterns_t, candidates, allowed, lo, hi):
    """For guesses allowed[lo:hi]: (rows, count, shared) of ``_pair_loop``, rows[j, t] being
    candidate j's feedback to guess lo + t."""
    n = candidates.shape[0]
    width = hi - lo
    rows = np.empty((n, width), patterns_t.dtype)  # uint8, or uint16 past 5 letters
    for j in range(n):
        row = patterns_t[candidates[j]]
        for t in range(width):
            rows[j, t] = row[allowed[lo + t]]
    count = np.empty((n, width), np.uint8)
    shared = np.empty((n, width), np.uint8)
    _pair_loop(rows, np.arange(n), 0, width, count, shared)
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


@njit(cache=True, inline="always")
def _entropic_value(entropy, in_set, p, log2n, scaled_n):
    """The entropic action value of a guess from its entropy sum (``entropy``, fixed point) and
    whether it is a candidate (``in_set`` 1): -(log2 n / H + 1), or -(p + (1 - p)(log2 n / H +
    1)), H = log2 n - entropy / scaled_n. Every kernel below computes it here, inlined, so with
    the same floating-point operations in the same order as the estimator's numpy code."""
    steps = log2n / (log2n - np.float64(entropy) / scaled_n) + 1.0
    return -(p + (1.0 - p) * steps) if in_set == 1 else -steps


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
            values[lo + t] = _entropic_value(entropy, in_set, p, log2n, scaled_n)


#: Guesses per block of ``entropic_top_k``: its (candidates x block) byte arrays stay in L1/L2.
_ENTROPIC_BLOCK = 1024


@njit(cache=True)
def _insert_best(value, position, filled, positions, best):
    """``select_top_k``'s insertion on minus the values: keep the len(positions) largest values,
    best first, equal values in position order (call in increasing position). Returns the new
    number kept."""
    k = positions.shape[0]
    key = -value
    if key == np.inf or (filled == k and key >= -best[k - 1]):
        return filled
    i = filled if filled < k else k - 1
    while i > 0 and -best[i - 1] > key:
        if i < k:
            best[i] = best[i - 1]
            positions[i] = positions[i - 1]
        i -= 1
    best[i] = value
    positions[i] = position
    return filled + 1 if filled < k else k


@njit(cache=True, error_model="numpy")
def _entropic_block(
    rows,
    which,
    lo,
    width,
    entropy_table,
    all_green,
    log2n,
    scaled_n,
    count,
    shared,
    parts,
    in_set,
    entropy,
    values,
):
    """values[:width]: the entropic action values of the guesses whose feedback is in columns
    lo..lo+width of the rows ``which`` of ``rows`` (one row per candidate), -inf for a guess
    that splits nothing and is not a candidate. The pairs of ``_pair_loop`` and the sums of
    ``_pair_stats``, here running along the guesses with no branch (so on vectors), and
    ``_entropic_value``. ``error_model="numpy"``: a guess that splits nothing divides by zero,
    and its value is then replaced by -inf. Scratch ``count``, ``shared`` (uint8, >= n x width), ``parts``, ``in_set`` (uint8),
    ``entropy`` (int64); sizes up to 255 candidates fit the bytes."""
    n = which.shape[0]
    _pair_loop(rows, which, lo, width, count, shared)
    for t in range(width):
        parts[t] = 0
        in_set[t] = 0
        entropy[t] = 0
    for j in range(n):
        rj = rows[which[j], lo : lo + width]
        cj = count[j]
        sj = shared[j]
        for t in range(width):
            opens = np.uint8(1) - sj[t]  # j is the first candidate of its bucket
            parts[t] += opens
            in_set[t] += np.uint8(rj[t] == all_green)
            entropy[t] += entropy_table[cj[t] * opens]  # entropy_table[0] = 0
    p = 1.0 / n
    for t in range(width):
        value = _entropic_value(entropy[t], in_set[t], p, log2n, scaled_n)
        values[t] = -np.inf if parts[t] < 2 and in_set[t] == 0 else value


@njit(cache=True)
def entropic_top_k(
    patterns_t,
    candidates,
    allowed,
    contiguous,
    entropy_table,
    n_patterns,
    log2n,
    scaled_n,
    positions,
    best,
):
    """The k best entropic action values (``entropic_values``) over the guesses ``allowed``,
    without writing a value per guess: positions[i] (into ``allowed``) and best[i], best first,
    equal values in ``allowed``'s order (``select_top_k`` on minus the values), guesses that
    split nothing and are not candidates left out. Returns how many were written (<= k =
    len(positions)).

    One thread: a new node of a tree search has a handful of candidates, and a parallel launch
    costs more than the whole scan when the machine is busy. With ``contiguous`` (``allowed``
    is a run of consecutive guesses, as in easy mode) the candidates' rows of the transposed
    matrix are read in place, otherwise gathered block by block.
    """
    n = candidates.shape[0]
    n_allowed = allowed.shape[0]
    k = positions.shape[0]
    if k == 0:
        return 0
    all_green = n_patterns - 1
    block = max(1, min(_ENTROPIC_BLOCK, n_allowed))
    count = np.empty((n, block), np.uint8)
    shared = np.empty((n, block), np.uint8)
    parts = np.empty(block, np.uint8)
    in_set = np.empty(block, np.uint8)
    entropy = np.empty(block, np.int64)
    values = np.empty(block, np.float64)
    if contiguous:
        rows = patterns_t
        which = candidates
    else:
        rows = np.empty((n, block), patterns_t.dtype)
        which = np.arange(n).astype(candidates.dtype)
    filled = 0
    for lo in range(0, n_allowed, block):
        width = min(block, n_allowed - lo)
        start = 0
        if contiguous:
            start = allowed[lo]
        else:
            for j in range(n):
                row = patterns_t[candidates[j]]
                for t in range(width):
                    rows[j, t] = row[allowed[lo + t]]
        _entropic_block(
            rows,
            which,
            start,
            width,
            entropy_table,
            all_green,
            log2n,
            scaled_n,
            count,
            shared,
            parts,
            in_set,
            entropy,
            values,
        )
        for t in range(width):
            filled = _insert_best(values[t], lo + t, filled, positions, best)
    return filled


@njit(cache=True)
def entropic_top_k_counts(
    patterns_t,
    candidates,
    allowed,
    contiguous,
    entropy_table,
    n_patterns,
    log2n,
    scaled_n,
    positions,
    best,
):
    """``entropic_top_k`` for 65 to 255 candidates, where pairs grow too many: the buckets of a
    block of guesses counted side by side (uint8 counts, a block's fit in L2), reading each
    candidate's row of the transposed matrix along the block (``fill_bucket_stats_t``'s layout),
    so consecutive increments hit different guesses' counts instead of waiting on one another.
    Same values, same order, same return."""
    k = positions.shape[0]
    if k == 0:
        return 0
    n = candidates.shape[0]
    n_allowed = allowed.shape[0]
    all_green = n_patterns - 1
    block = 256
    counts = np.zeros((block, n_patterns), np.uint8)
    parts = np.empty(block, np.int64)
    entropy = np.empty(block, np.int64)
    p = 1.0 / n
    filled = 0
    for lo in range(0, n_allowed, block):
        width = min(block, n_allowed - lo)
        start = allowed[lo] if contiguous else 0
        for t in range(width):
            parts[t] = 0
            entropy[t] = 0
        for j in range(n):
            row = patterns_t[candidates[j]]
            for t in range(width):
                code = row[start + t] if contiguous else row[allowed[lo + t]]
                c = np.int64(counts[t, code])
                parts[t] += c == 0
                entropy[t] += entropy_table[c + 1] - entropy_table[c]
                counts[t, code] = c + 1
        for t in range(width):
            in_set = counts[t, all_green]
            if parts[t] < 2 and in_set == 0:
                continue
            value = _entropic_value(entropy[t], in_set, p, log2n, scaled_n)
            filled = _insert_best(value, lo + t, filled, positions, best)
        for j in range(n):
            row = patterns_t[candidates[j]]
            for t in range(width):
                counts[t, row[start + t] if contiguous else row[allowed[lo + t]]] = 0
    return filled


@njit(cache=True)
def entropic_top_k_rows(
    patterns, candidates, allowed, entropy_table, n_patterns, log2n, scaled_n, positions, best
):
    """``entropic_top_k`` for the largest candidate sets: each guess's buckets counted from its
    row of the pattern matrix, then each bucket's c log2 c added once (at its first candidate,
    zeroing its count), on one thread, the k best kept as they come. Two light passes: twice
    as fast as ``_bucket_stats_row`` on the 2,315 answers. Same values, same order, same
    return."""
    k = positions.shape[0]
    if k == 0:
        return 0
    n = candidates.shape[0]
    all_green = n_patterns - 1
    counts = np.zeros(n_patterns, np.int32)
    codes = np.empty(n, patterns.dtype)
    p = 1.0 / n
    filled = 0
    for t in range(allowed.shape[0]):
        row = patterns[allowed[t]]
        for j in range(n):
            code = row[candidates[j]]
            codes[j] = code
            counts[code] += 1
        in_set = counts[all_green]
        parts = 0
        entropy = 0
        for j in range(n):
            c = counts[codes[j]]
            if c != 0:
                parts += 1
                entropy += entropy_table[c]
                counts[codes[j]] = 0
        if parts < 2 and in_set == 0:
            continue
        value = _entropic_value(entropy, in_set, p, log2n, scaled_n)
        filled = _insert_best(value, t, filled, positions, best)
    return filled
