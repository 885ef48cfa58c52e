"""Heuristic keys: a guess's score from the sizes (or prior masses) of its feedback buckets,
lower is better, and the scans that pick guesses by it.

- ``fill_guess_keys``: the packed key of the lower bounds' guess ordering (``bounds``);
- ``fill_weighted_stats``: the bucket statistics weighted by a prior (``buckets``). With
  integer weights w_a (the prior up to a constant), bucket b of a guess has mass W_b = sum of
  its weights. One pass gives, per guess, the columns of ``conventions`` weighted: entropy =
  sum_b round(W_b log2 W_b * scale), squares = sum_b W_b c_b and heaviest = sum_b max_{a in b}
  w_a. With unit weights they equal the unweighted statistics, which the uniform path keeps
  as its own twin kernels for speed (``statistics``: ``_bucket_stats_row`` is ``_weighted_row``
  without the weights, beside the transposed and pairwise layouts): on the states MIG and MRD
  meet from salet and trace, over all 12,972 guesses, this kernel given unit weights is
  slower than the fastest unit kernel for the size, most on the smallest sets
  (``NUMBA_NUM_THREADS=1 python benchmarks/twins.py``: ``benchmarks/twins-results.md``);
- ``first_best_guess``: the first guess of smallest key, dropping a guess as soon as it is
  proved no better than the best so far (``heuristics``), and ``singleton_entropy``, the
  smallest entropy key any guess can reach. It calls ``_partial_key`` in two places, on the
  block's short rows or on the matrix's, so that numba compiles the loop for each: one call
  on either (a row chosen by a branch) made MIG's and MRD's choice slower at 6 to 64
  candidates on the states above (benchmarks/quoted-results.md);
- ``select_top_k``: the positions of the k smallest keys.
"""

import numpy as np
from numba import njit, prange

from .conventions import (
    ENTROPY,
    EXCLUDED,
    HEAVIEST,
    IN_SET,
    LARGEST,
    N_BUCKET_STATS,
    N_CHUNKS,
    PARTS,
    SQUARES,
)


@njit(cache=True)
def _count_buckets(row, candidates, all_green, counts):
    """Fill ``counts[p]`` with the size of each feedback bucket of one guess (its ``row`` of
    the pattern matrix) over ``candidates``; return (non-empty buckets, 1 if the guess is a
    candidate else 0). The caller zeroes ``counts`` again."""
    parts = 0
    in_set = 0
    for j in range(candidates.shape[0]):
        p = row[candidates[j]]
        if counts[p] == 0:
            parts += 1
        counts[p] += 1
        if p == all_green:
            in_set = 1
    return parts, in_set


@njit(cache=True)
def _guess_key(row, candidates, table, weights, require_progress, all_green, counts):
    """Heuristic key of one guess over the candidate set (lower is better).

    With c_b the size of feedback bucket b, the key is
    ``w0 * sum_b table[c_b] + w1 * parts + w2 * largest + w3 * outside``, where ``parts`` is
    the number of non-empty buckets, ``largest`` the largest c_b and ``outside`` is 1 when the
    guess is not itself a candidate. A guess that splits nothing (one bucket, not a candidate)
    gets ``EXCLUDED`` when ``require_progress`` is set. ``counts`` is zeroed scratch.
    """
    n = candidates.shape[0]
    parts, in_set = _count_buckets(row, candidates, all_green, counts)
    outside = 1 - in_set
    acc = 0
    largest = 0
    for j in range(n):
        p = row[candidates[j]]
        c = counts[p]
        if c > 0:
            acc += table[c]
            largest = max(largest, c)
            counts[p] = 0
    if require_progress and parts < 2 and outside == 1:
        return EXCLUDED
    return weights[0] * acc + weights[1] * parts + weights[2] * largest + weights[3] * outside


@njit(parallel=True, cache=True)
def fill_guess_keys(
    patterns, candidates, allowed, table, weights, require_progress, n_patterns, out
):
    """out[t] = heuristic key of guess allowed[t] (see ``_guess_key``), in parallel."""
    n_allowed = allowed.shape[0]
    n_chunks = min(N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        lo = chunk * n_allowed // n_chunks
        hi = (chunk + 1) * n_allowed // n_chunks
        for t in range(lo, hi):
            out[t] = _guess_key(
                patterns[allowed[t]],
                candidates,
                table,
                weights,
                require_progress,
                n_patterns - 1,
                counts,
            )


@njit(cache=True)
def _xlog2x(mass, scale):
    """round(mass * log2(mass) * scale) as int64 (0 for mass 1)."""
    if mass <= 1:
        return np.int64(0)
    m = np.float64(mass)
    return np.int64(np.round(m * np.log2(m) * scale))


@njit(cache=True)
def _weighted_row(row, candidates, weights, scale, all_green, counts, mass, heaviest, out):
    """The weighted bucket statistics of one guess (see above) into ``out``. ``counts``,
    ``mass`` and ``heaviest`` are zeroed scratch of length n_patterns, zeroed again on return."""
    parts, in_set = _count_buckets(row, candidates, all_green, counts)
    n = candidates.shape[0]
    for j in range(n):
        a = candidates[j]
        p = row[a]
        w = weights[a]
        mass[p] += w
        heaviest[p] = max(heaviest[p], w)
    entropy = 0
    decrease = 0
    heavy = 0
    largest = 0
    for j in range(n):
        p = row[candidates[j]]
        c = counts[p]
        if c > 0:
            m = mass[p]
            entropy += _xlog2x(m, scale)
            decrease += m * c
            heavy += heaviest[p]
            largest = max(largest, c)
            counts[p] = 0
            mass[p] = 0
            heaviest[p] = 0
    out[PARTS] = parts
    out[IN_SET] = in_set
    out[SQUARES] = decrease
    out[ENTROPY] = entropy
    out[LARGEST] = largest
    out[HEAVIEST] = heavy


@njit(cache=True)
def _stats_key(stats, coef, require_progress):
    """Heuristic key from bucket statistics (lower is better): ``coef`` = (c_entropy,
    c_squares, c_heaviest, c_outside) weights the entropy, squares and heaviest sums and the
    flag "not a candidate". EXCLUDED for a guess that splits nothing and is not a candidate,
    when ``require_progress``."""
    outside = 1 - stats[IN_SET]
    if require_progress and stats[PARTS] < 2 and outside == 1:
        return EXCLUDED
    return (
        coef[0] * stats[ENTROPY]
        + coef[1] * stats[SQUARES]
        + coef[2] * stats[HEAVIEST]
        + coef[3] * outside
    )


@njit(parallel=True, cache=True)
def fill_weighted_stats(patterns, candidates, weights, allowed, scale, n_patterns, out):
    """out[t] = the weighted bucket statistics of guess allowed[t], in parallel."""
    n_allowed = allowed.shape[0]
    n_chunks = min(N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        mass = np.zeros(n_patterns, np.int64)
        heaviest = np.zeros(n_patterns, np.int64)
        for t in range(chunk * n_allowed // n_chunks, (chunk + 1) * n_allowed // n_chunks):
            _weighted_row(
                patterns[allowed[t]],
                candidates,
                weights,
                scale,
                n_patterns - 1,
                counts,
                mass,
                heaviest,
                out[t],
            )


@njit(cache=True)
def _partial_key(row, candidates, step, coef, grows, require_progress, all_green, counts, best):
    """``_stats_key`` of one guess with unit weights, or ``best`` as soon as the guess is
    proved no better than ``best``.

    ``step[c]`` is what a bucket growing from c to c + 1 candidates adds to the key's entropy
    and squares terms (coef[0] (table[c + 1] - table[c]) + coef[1] (2c + 1)): one lookup per
    candidate. When no step, no part and not being a candidate weighs less than nothing
    (``grows``), the key only grows as candidates join their buckets, so the scan of a guess
    stops once its partial key (steps and parts so far) reaches ``best``: most guesses are
    dropped after a few candidates. ``counts`` is zeroed scratch, zeroed again on return.
    """
    n = candidates.shape[0]
    parts = 0
    acc = 0
    seen = n
    for j in range(n):
        p = row[candidates[j]]
        c = counts[p]
        parts += c == 0
        acc += step[c]
        counts[p] = c + 1
        if grows and acc + coef[2] * parts >= best:
            seen = j + 1
            break
    in_set = counts[all_green]
    for j in range(seen):
        counts[row[candidates[j]]] = 0
    if seen < n:
        return best
    outside = 1 - in_set
    if require_progress and parts < 2 and outside == 1:
        return EXCLUDED
    return acc + coef[2] * parts + coef[3] * outside


@njit(cache=True)
def first_best_guess(
    patterns,
    patterns_t,
    candidates,
    weights,
    allowed,
    first,
    others_floor,
    step,
    grows,
    scale,
    coef,
    require_progress,
    n_patterns,
    bound,
):
    """Position in ``allowed`` of the first guess with the smallest key (``_stats_key``):
    -1 if every guess is excluded.

    ``first`` (distinct positions in ``allowed``, possibly none) are scored before the others,
    to start with a good key to beat: the candidates, say, which often split a small set
    perfectly. ``others_floor`` is a lower bound on the key of every other guess (the int64
    minimum if none is known): they are scanned in order, one before the best so far winning a
    tie and a later one needing a smaller key, and skipped unread while the floor cannot beat
    the best. So the answer is the same for any ``first``. The scan stops as soon as the best
    key reaches ``bound``, the best key any guess can have, and every earlier guess has been
    checked. ``weights`` is the prior's (empty for unit weights: then keys grow by ``step``
    per candidate, and a guess is dropped as soon as it cannot beat the best so far, see
    ``_partial_key``). With unit weights and ``patterns_t``, the transposed matrix (empty:
    none), the candidates' columns are first copied into a block, one short row per allowed
    guess, which the scan reads instead of the guesses' long rows.
    """
    counts = np.zeros(n_patterns, np.int32)
    mass = np.zeros(n_patterns, np.int64)
    heaviest = np.zeros(n_patterns, np.int64)
    stats = np.empty(N_BUCKET_STATS, np.int64)
    scored = np.zeros(allowed.shape[0], np.bool_)
    weighted = weights.shape[0] > 0
    n = candidates.shape[0]
    blocked = not weighted and patterns_t.shape[0] > 0
    if blocked:
        block = np.empty((allowed.shape[0], n), patterns.dtype)
        for j in range(n):
            col = patterns_t[candidates[j]]
            for t in range(allowed.shape[0]):
                block[t, j] = col[allowed[t]]
        positions = np.arange(n)
    best = EXCLUDED
    best_t = -1
    n_first = first.shape[0]
    for s in range(n_first + allowed.shape[0]):
        seeding = s < n_first
        t = np.int64(first[s]) if seeding else np.int64(s - n_first)
        if not seeding:
            if t == best_t and best <= bound:
                break  # every earlier guess is checked: no later one can beat it
            if scored[t]:
                continue
        beat = best + 1 if t < best_t else best  # an earlier guess wins a tie
        if not seeding and others_floor >= beat:
            continue
        scored[t] = True
        if weighted:
            _weighted_row(
                patterns[allowed[t]],
                candidates,
                weights,
                scale,
                n_patterns - 1,
                counts,
                mass,
                heaviest,
                stats,
            )
            key = _stats_key(stats, coef, require_progress)
        elif blocked:
            key = _partial_key(
                block[t],
                positions,
                step,
                coef,
                grows,
                require_progress,
                n_patterns - 1,
                counts,
                beat,
            )
        else:
            key = _partial_key(
                patterns[allowed[t]],
                candidates,
                step,
                coef,
                grows,
                require_progress,
                n_patterns - 1,
                counts,
                beat,
            )
        if key < beat:
            best = key
            best_t = t
            if key <= bound and not seeding:  # and every earlier guess is checked
                break
    return best_t


@njit(cache=True)
def singleton_entropy(candidates, weights, scale):
    """sum_a round(w_a log2 w_a * scale): the entropy statistic of a split into singletons,
    the smallest any guess can reach."""
    total = 0
    for j in range(candidates.shape[0]):
        total += _xlog2x(weights[candidates[j]], scale)
    return total


@njit(cache=True)
def select_top_k(keys, k, out):
    """Write the positions of the k smallest keys, best first (ties: smaller position first).

    ``EXCLUDED`` keys are never selected. Returns how many positions were written (<= k).
    """
    best_keys = np.empty(k, keys.dtype)  # int64 keys, or float64 (``largest_positions``)
    filled = 0
    for t in range(keys.shape[0]):
        key = keys[t]
        if key == EXCLUDED:
            continue
        if filled == k and key >= best_keys[k - 1]:
            continue
        # Insert after every equal key, so earlier positions win ties.
        i = filled if filled < k else k - 1
        while i > 0 and best_keys[i - 1] > key:
            if i < k:
                best_keys[i] = best_keys[i - 1]
                out[i] = out[i - 1]
            i -= 1
        best_keys[i] = key
        out[i] = t
        if filled < k:
            filled += 1
    return filled
