"""The k best entropic action values of a new tree-search node (``avts.EntropicEstimator``
through ``buckets.entropic_top_k``), in one single-threaded scan that keeps the best as it
goes, without a value per guess: pairs of candidates up to 64 (``entropic_top_k``), blocks of
counts for 65 to 255 (``entropic_top_k_counts``), a two-pass count per guess above
(``entropic_top_k_rows``). Each returns the values of ``statistics.entropic_values``, the same
floats in the same order.

Kernel twins, kept for speed (measured): ``_entropic_block``'s pair loop is
``statistics._pair_counts`` written again, because one helper for both, even with
``inline="always"``, made ``entropic_top_k`` 1.4x slower at 10-60 candidates and the bucket
statistics up to 1.7x at 5 (2026-11-23, idle, 20 sets per size). ``entropic_top_k_counts``
counts as ``fill_bucket_stats_t`` does and ``entropic_top_k_rows`` as ``_bucket_stats_row``,
keeping only what the value needs: 2.8 / 5.5 ms at 100 / 200 candidates against 4.4 / 8.3 ms
for the row kernel, and 50 ms against 98 ms on the 2,315 answers (commit 48b73eb).
``_insert_best`` is ``keys.select_top_k``'s insertion for one value at a time, inside the scan
(``select_top_k`` takes a finished array of keys, which these scans never write).
"""

import numpy as np
from numba import njit

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
    that splits nothing and is not a candidate. The pairs of ``_pair_counts`` and the sums of
    ``_pair_stats``, each loop running along the guesses with no branch (so on vectors); the
    float formula is ``entropic_values``'s, operation for operation. ``error_model="numpy"``:
    a guess that splits nothing divides by zero, and its value is then replaced by -inf.
    Scratch ``count``, ``shared`` (uint8, >= n x width), ``parts``, ``in_set`` (uint8),
    ``entropy`` (int64); sizes up to 255 candidates fit the bytes."""
    n = which.shape[0]
    # The pair loop of ``_pair_counts`` again, on purpose: one helper for both, even with
    # inline="always", made entropic_top_k 1.4x slower at 10-60 candidates and bucket_stats up to
    # 1.7x at 5 (measured 2026-11-23, idle, 20 sets per size), so the loops stay written out.
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
        steps = log2n / (log2n - np.float64(entropy[t]) / scaled_n) + 1.0
        value = -(p + (1.0 - p) * steps) if in_set[t] == 1 else -steps
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
            steps = log2n / (log2n - np.float64(entropy[t]) / scaled_n) + 1.0
            value = -(p + (1.0 - p) * steps) if in_set == 1 else -steps
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
        steps = log2n / (log2n - np.float64(entropy) / scaled_n) + 1.0
        value = -(p + (1.0 - p) * steps) if in_set == 1 else -steps
        filled = _insert_best(value, t, filled, positions, best)
    return filled
