"""numba kernels: the only loops in wordlekit that run per guess x candidate.

Words are arrays of small integer symbol codes (``uint8``), one row per word. A feedback
pattern is a base-3 integer whose most significant digit is the first position: grey = 0,
yellow = 1, green = 2, so "all green" is ``3**L - 1``.

Every kernel here has a plain-Python twin in ``tests/reference.py`` and is tested against it.
Scratch arrays are allocated by the caller or once per parallel chunk, never per pair.
"""

import numpy as np
from numba import njit, prange

#: Key of a guess that a heuristic may not play (it would leave the state unchanged).
EXCLUDED = np.iinfo(np.int64).max

#: How many contiguous blocks of guesses the parallel kernels split the work into.
_N_CHUNKS = 32


@njit(cache=True)
def _feedback_code(guess, answer, counts):
    """Feedback of ``guess`` against ``answer`` as a base-3 integer.

    ``counts`` is scratch of length n_symbols: zero on entry, zero again on return. Yellows are
    given left to right while unmatched copies of the letter remain in the answer, so a letter
    repeated in the guess is yellow at most as often as it is unmatched in the answer.
    """
    length = guess.shape[0]
    green = 0
    for i in range(length):
        if guess[i] == answer[i]:
            green |= 1 << i
        else:
            counts[answer[i]] += 1
    code = 0
    for i in range(length):
        code *= 3
        if green >> i & 1:
            code += 2
        elif counts[guess[i]] > 0:
            counts[guess[i]] -= 1
            code += 1
    for i in range(length):
        if not green >> i & 1:
            counts[answer[i]] = 0
    return code


@njit(parallel=True, cache=True)
def _fill_pattern_matrix(guesses, answers_by_position, out):
    """out[i, j] = feedback of guesses[i] against answer j, for all pairs, in parallel.

    ``answers_by_position`` is the answers' (L, n_answers) transpose, so every inner loop runs
    over contiguous answers and vectorises (about 25x faster than a loop over pairs). The rule
    is the one of ``_feedback_code``: position i of the guess, letter x, not green, is yellow
    iff the answer's non-green positions hold more x than the guess's non-green positions
    before i.
    """
    length, n = answers_by_position.shape
    n_guesses = guesses.shape[0]
    n_chunks = min(_N_CHUNKS * 2, n_guesses)
    for chunk in prange(n_chunks):
        green = np.empty((length, n), np.uint8)
        available = np.empty(n, np.uint8)
        used = np.empty(n, np.uint8)
        code = np.empty(n, np.int32)
        for gi in range(chunk * n_guesses // n_chunks, (chunk + 1) * n_guesses // n_chunks):
            guess = guesses[gi]
            for i in range(length):
                letter = guess[i]
                column = answers_by_position[i]
                green_i = green[i]
                for j in range(n):
                    green_i[j] = column[j] == letter
            code[:] = 0
            for i in range(length):
                letter = guess[i]
                green_i = green[i]
                available[:] = 0
                for p in range(length):
                    column = answers_by_position[p]
                    green_p = green[p]
                    for j in range(n):
                        available[j] += (column[j] == letter) & (green_p[j] ^ 1)
                used[:] = 0
                for p in range(i):
                    if guess[p] == letter:
                        green_p = green[p]
                        for j in range(n):
                            used[j] += green_p[j] ^ 1
                for j in range(n):
                    yellow = (green_i[j] ^ 1) & (available[j] > used[j])
                    code[j] = code[j] * 3 + 2 * green_i[j] + yellow
            for j in range(n):
                out[gi, j] = code[j]


@njit(cache=True)
def _fill_feedback_row(guess, words, indices, n_symbols, out):
    """out[t] = feedback of ``guess`` against words[indices[t]] (for filtering guess lists)."""
    counts = np.zeros(n_symbols, np.int32)
    for t in range(indices.shape[0]):
        out[t] = _feedback_code(guess, words[indices[t]], counts)


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
            if c > largest:
                largest = c
            counts[p] = 0
    if require_progress and parts < 2 and outside == 1:
        return EXCLUDED
    return weights[0] * acc + weights[1] * parts + weights[2] * largest + weights[3] * outside


@njit(parallel=True, cache=True)
def _fill_guess_keys(patterns, candidates, allowed, table, weights, require_progress,
                     n_patterns, out):
    """out[t] = heuristic key of guess allowed[t] (see ``_guess_key``), in parallel."""
    n_allowed = allowed.shape[0]
    n_chunks = min(_N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        lo = chunk * n_allowed // n_chunks
        hi = (chunk + 1) * n_allowed // n_chunks
        for t in range(lo, hi):
            out[t] = _guess_key(patterns[allowed[t]], candidates, table, weights,
                                require_progress, n_patterns - 1, counts)


@njit(parallel=True, cache=True)
def _max_parts(patterns, candidates, cap, n_patterns):
    """MaxSplits: the most non-empty feedback buckets any guess makes of ``candidates``.

    Scans every guess (row of ``patterns``) in parallel blocks and returns min(MaxSplits, cap):
    a block stops once a guess reaches ``cap``.
    """
    n_guesses = patterns.shape[0]
    n_chunks = min(_N_CHUNKS, n_guesses)
    best = np.zeros(n_chunks, np.int64)
    for chunk in prange(n_chunks):
        # stamp[p] == g + 1 marks pattern p as seen for guess g: no reset between guesses
        stamp = np.zeros(n_patterns, np.int32)
        for g in range(chunk * n_guesses // n_chunks, (chunk + 1) * n_guesses // n_chunks):
            row = patterns[g]
            mark = g + 1
            parts = 0
            for j in range(candidates.shape[0]):
                p = row[candidates[j]]
                if stamp[p] != mark:
                    stamp[p] = mark
                    parts += 1
            if parts > best[chunk]:
                best[chunk] = parts
                if parts >= cap:
                    break
    return min(best.max(), cap)


@njit(cache=True)
def _valuation_row(row, candidates, entropy_table, all_green, counts, out):
    """Cunanan & Thielscher's five valuations of one guess (lower is better), into ``out``:
    InSet (-1 if a candidate), MaxSizeSplit (largest bucket), ExpSizeSplit (sum of c**2; the
    1/n is common to every guess), Information (sum of c*log2(c) in ``entropy_table``'s fixed
    point: minus the entropy, up to terms common to every guess), MostParts (-buckets).
    """
    parts, in_set = _count_buckets(row, candidates, all_green, counts)
    largest = 0
    squares = 0
    information = 0
    for j in range(candidates.shape[0]):
        p = row[candidates[j]]
        c = counts[p]
        if c > 0:
            squares += c * c
            information += entropy_table[c]
            if c > largest:
                largest = c
            counts[p] = 0
    out[0] = -in_set
    out[1] = largest
    out[2] = squares
    out[3] = information
    out[4] = -parts


@njit(parallel=True, cache=True)
def _fill_valuations(patterns, candidates, allowed, entropy_table, n_patterns, out):
    """out[t] = the five valuations of guess allowed[t] (see ``_valuation_row``), in parallel."""
    n_allowed = allowed.shape[0]
    n_chunks = min(_N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        for t in range(chunk * n_allowed // n_chunks, (chunk + 1) * n_allowed // n_chunks):
            _valuation_row(patterns[allowed[t]], candidates, entropy_table, n_patterns - 1,
                           counts, out[t])


@njit(cache=True)
def _lexicographic_argmin(values, columns):
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


@njit(parallel=True, cache=True)
def _fill_parts(patterns_t, candidates, n_patterns, out):
    """out[g] = number of non-empty feedback buckets guess g makes of ``candidates``.

    Reads the *transposed* pattern matrix (one row of all guesses per answer), so each
    candidate's row streams through memory once; for small candidate sets this is many times
    faster than gathering the candidates out of every guess's row.
    """
    n_guesses = patterns_t.shape[1]
    words = (n_patterns + 63) // 64
    n_chunks = min(_N_CHUNKS, n_guesses)
    for chunk in prange(n_chunks):
        lo = chunk * n_guesses // n_chunks
        hi = (chunk + 1) * n_guesses // n_chunks
        seen = np.zeros((hi - lo, words), np.uint64)
        parts = np.zeros(hi - lo, np.int64)
        for j in range(candidates.shape[0]):
            row = patterns_t[candidates[j]]
            for g in range(lo, hi):
                p = np.int64(row[g])
                w = p >> 6
                bit = np.uint64(1) << np.uint64(p & 63)
                if seen[g - lo, w] & bit == 0:
                    seen[g - lo, w] |= bit
                    parts[g - lo] += 1
        out[lo:hi] = parts


@njit(cache=True)
def _first_best_guess(patterns, candidates, allowed, table, weights, require_progress,
                      n_patterns, bound):
    """Position in ``allowed`` of the first guess with the smallest key, scanning in order.

    Stops as soon as a key reaches ``bound``, the best key any guess can have, since no later
    guess can beat it and ties go to the earlier guess. Returns -1 if every guess is excluded.
    """
    counts = np.zeros(n_patterns, np.int32)
    best = EXCLUDED
    best_t = -1
    for t in range(allowed.shape[0]):
        key = _guess_key(patterns[allowed[t]], candidates, table, weights,
                         require_progress, n_patterns - 1, counts)
        if key < best:
            best = key
            best_t = t
            if key <= bound:
                break
    return best_t


@njit(cache=True)
def _select_top_k(keys, k, out):
    """Write the positions of the k smallest keys, best first (ties: smaller position first).

    ``EXCLUDED`` keys are never selected. Returns how many positions were written (<= k).
    """
    best_keys = np.empty(k, np.int64)
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


@njit(cache=True)
def _split_candidates(row, candidates):
    """Group candidates by their feedback to one guess.

    Returns (candidates sorted by pattern, their patterns, bucket starts): bucket b holds
    ``sorted[starts[b]:starts[b + 1]]``, still in increasing order inside the bucket.
    """
    n = candidates.shape[0]
    codes = np.empty(n, np.int64)
    for j in range(n):
        codes[j] = row[candidates[j]]
    order = np.argsort(codes, kind="mergesort")
    sorted_candidates = candidates[order]
    sorted_codes = codes[order]
    starts = np.empty(n + 1, np.int64)
    m = 0
    for j in range(n):
        if j == 0 or sorted_codes[j] != sorted_codes[j - 1]:
            starts[m] = j
            m += 1
    starts[m] = n
    return sorted_candidates, sorted_codes, starts[: m + 1]


@njit(cache=True)
def _fill_hard_mode_mask(guess, pattern, words, indices, n_symbols, out):
    """out[t] = True iff words[indices[t]] obeys the NYT hard-mode rule after (guess, pattern).

    The rule: every green letter is played again in its position, and a letter marked green or
    yellow n times in the guess appears at least n times in the word. Grey letters may return.
    """
    length = guess.shape[0]
    digits = np.empty(length, np.int64)
    rest = pattern
    for i in range(length - 1, -1, -1):
        digits[i] = rest % 3
        rest //= 3
    need = np.zeros(n_symbols, np.int32)
    for i in range(length):
        if digits[i] > 0:
            need[guess[i]] += 1
    have = np.zeros(n_symbols, np.int32)
    for t in range(indices.shape[0]):
        word = words[indices[t]]
        ok = True
        for i in range(length):
            if digits[i] == 2 and word[i] != guess[i]:
                ok = False
                break
        if ok:
            for i in range(length):
                have[word[i]] += 1
            for i in range(length):
                if digits[i] > 0 and have[guess[i]] < need[guess[i]]:
                    ok = False
            for i in range(length):
                have[word[i]] = 0
        out[t] = ok


# Weighted bucket statistics, for a non-uniform prior over the answers (``wordlekit.prior``).
# With integer weights w_a (the prior up to a constant), bucket b of a guess has mass
# W_b = sum of its weights. One pass gives, per guess, the row
#   [parts, in_set, entropy, decrease, heaviest]
# with entropy = sum_b round(W_b log2 W_b * scale) (fixed point, as ``heuristics.MIG``),
# decrease = sum_b W_b c_b and heaviest = sum_b max_{a in b} w_a. With unit weights these are
# MIG's sum of c log2 c, the sum of squares and the number of buckets.
STAT_PARTS, STAT_IN_SET, STAT_ENTROPY, STAT_DECREASE, STAT_HEAVIEST = range(5)
N_STATS = 5


@njit(cache=True)
def _xlog2x(mass, scale):
    """round(mass * log2(mass) * scale) as int64 (0 for mass 1)."""
    if mass <= 1:
        return np.int64(0)
    m = np.float64(mass)
    return np.int64(np.round(m * np.log2(m) * scale))


@njit(cache=True)
def _weighted_row(row, candidates, weights, scale, all_green, counts, mass, heaviest, out):
    """The five weighted statistics of one guess (see above) into ``out``. ``counts``,
    ``mass`` and ``heaviest`` are zeroed scratch of length n_patterns, zeroed again on return."""
    parts, in_set = _count_buckets(row, candidates, all_green, counts)
    n = candidates.shape[0]
    for j in range(n):
        a = candidates[j]
        p = row[a]
        w = weights[a]
        mass[p] += w
        if w > heaviest[p]:
            heaviest[p] = w
    entropy = 0
    decrease = 0
    heavy = 0
    for j in range(n):
        p = row[candidates[j]]
        c = counts[p]
        if c > 0:
            m = mass[p]
            entropy += _xlog2x(m, scale)
            decrease += m * c
            heavy += heaviest[p]
            counts[p] = 0
            mass[p] = 0
            heaviest[p] = 0
    out[0] = parts
    out[1] = in_set
    out[2] = entropy
    out[3] = decrease
    out[4] = heavy


@njit(cache=True)
def _weighted_key(stats, coef, require_progress):
    """Heuristic key from weighted statistics (lower is better): ``coef`` = (c_entropy,
    c_decrease, c_heaviest, c_outside) weights the entropy, decrease and heaviest sums and
    the flag "not a candidate". EXCLUDED for a guess that splits nothing and is not a
    candidate, when ``require_progress``."""
    outside = 1 - stats[1]
    if require_progress and stats[0] < 2 and outside == 1:
        return EXCLUDED
    return coef[0] * stats[2] + coef[1] * stats[3] + coef[2] * stats[4] + coef[3] * outside


@njit(parallel=True, cache=True)
def _fill_weighted_stats(patterns, candidates, weights, allowed, scale, n_patterns, out):
    """out[t] = the five weighted statistics of guess allowed[t], in parallel."""
    n_allowed = allowed.shape[0]
    n_chunks = min(_N_CHUNKS, n_allowed)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int32)
        mass = np.zeros(n_patterns, np.int64)
        heaviest = np.zeros(n_patterns, np.int64)
        for t in range(chunk * n_allowed // n_chunks, (chunk + 1) * n_allowed // n_chunks):
            _weighted_row(patterns[allowed[t]], candidates, weights, scale, n_patterns - 1,
                          counts, mass, heaviest, out[t])


@njit(cache=True)
def _first_best_weighted_guess(patterns, candidates, weights, allowed, scale, coef,
                               require_progress, n_patterns, bound):
    """``_first_best_guess`` for weighted keys: the first guess with the smallest key, scanning
    in order and stopping once a key reaches ``bound``. -1 if every guess is excluded."""
    counts = np.zeros(n_patterns, np.int32)
    mass = np.zeros(n_patterns, np.int64)
    heaviest = np.zeros(n_patterns, np.int64)
    stats = np.empty(N_STATS, np.int64)
    best = EXCLUDED
    best_t = -1
    for t in range(allowed.shape[0]):
        _weighted_row(patterns[allowed[t]], candidates, weights, scale, n_patterns - 1,
                      counts, mass, heaviest, stats)
        key = _weighted_key(stats, coef, require_progress)
        if key < best:
            best = key
            best_t = t
            if key <= bound:
                break
    return best_t


@njit(cache=True)
def _singleton_entropy(candidates, weights, scale):
    """sum_a round(w_a log2 w_a * scale): the entropy statistic of a split into singletons,
    the smallest any guess can reach."""
    total = 0
    for j in range(candidates.shape[0]):
        total += _xlog2x(weights[candidates[j]], scale)
    return total
