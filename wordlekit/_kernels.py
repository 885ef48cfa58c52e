"""numba kernels: the loops in wordlekit that run per guess x candidate (and the per-visit
update of an AVTS node, ``node_backup``, which runs thousands of times per search).

Words are arrays of small integer symbol codes (``uint8``), one row per word. A feedback
pattern is a base-3 integer whose most significant digit is the first position: grey = 0,
yellow = 1, green = 2, so "all green" is ``3**L - 1``.

Every kernel here is tested against a plain reference: a twin in ``tests/reference.py``, plain
Python or NumPy written in the test, or a brute force. Where its caller is tested: the pattern
matrix in test_feedback.py, the bucket statistics (every layout, near-perfect scans, restricted
columns, perfect splits) in test_buckets.py, the weighted statistics in test_prior.py, the parts
counts in test_bounds.py, the valuations' argmin and dominance in test_valuations.py, the fused
entropic values and their top k in test_avts.py, the noisy-feedback kernels in
test_stochastic.py; every other kernel (single feedbacks, the hard-mode filter, splitting, keys,
top-k, the early-exit scan, the prior's entropy) directly in test_kernels.py.
Scratch arrays are allocated by the caller or once per parallel chunk, never per pair.

Why one module of about 900 lines: numba compiles and caches per module, and kernels call one
another (``feedback_code`` inside the pattern matrix, ``_count_buckets`` inside the keys, the
shared statistic indices), so keeping every compiled loop here keeps one cache, one set of
conventions (codes, scratch, ``EXCLUDED``) and one place to look for what runs per guess x
candidate. The kernels called from other modules have public names; those with a leading
underscore are helpers of the kernels here.
"""

import numpy as np
from numba import njit, prange, types
from numba.extending import overload

#: Key of a guess that a heuristic may not play (it would leave the state unchanged).
EXCLUDED = np.iinfo(np.int64).max

#: How many contiguous blocks of guesses the parallel kernels split the work into.
_N_CHUNKS = 32


@njit(cache=True)
def feedback_code(guess, answer, counts):
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
def fill_pattern_matrix(guesses, answers_by_position, out):
    """out[i, j] = feedback of guesses[i] against answer j, for all pairs, in parallel.

    ``answers_by_position`` is the answers' (L, n_answers) transpose, so every inner loop runs
    over contiguous answers and vectorises (about 25x faster than a loop over pairs). The rule
    is the one of ``feedback_code``: position i of the guess, letter x, not green, is yellow
    iff the answer's non-green positions hold more x than the guess's non-green positions
    before i.
    """
    length, n = answers_by_position.shape
    n_guesses = guesses.shape[0]
    # Twice the other kernels' chunks: about 200 guesses each on the original lists instead of
    # 400, finer load balancing for one more scratch allocation per chunk (n_answers * (L + 6)
    # bytes). Why twice is not recorded (commit 6ae2a9c, which vectorised this kernel, measured
    # the kernel as a whole: 0.46 s -> 0.02 s); the matrix does not depend on it, each row is
    # written by one chunk, and it is built once per pair of lists, then read from disk.
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
def fill_feedback_row(guess, words, indices, n_symbols, out):
    """out[t] = feedback of ``guess`` against words[indices[t]] (for filtering guess lists)."""
    counts = np.zeros(n_symbols, np.int32)
    for t in range(indices.shape[0]):
        out[t] = feedback_code(guess, words[indices[t]], counts)


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
    n_chunks = min(_N_CHUNKS, n_allowed)
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
def _stamp_parts(row, candidates, stamp, mark):
    """Non-empty buckets of one guess (its ``row``): ``stamp[p] == mark`` marks pattern p as
    seen for this guess, so a scan gives each guess a new mark and never resets ``stamp``."""
    parts = 0
    for j in range(candidates.shape[0]):
        p = row[candidates[j]]
        if stamp[p] != mark:
            stamp[p] = mark
            parts += 1
    return parts


@njit(cache=True)
def max_parts_among(patterns, candidates, guesses, cap, n_patterns):
    """``max_parts`` over the guesses ``guesses`` only (the allowed ones of a hard-mode state,
    or the candidates' own guesses), from the untransposed matrix:
    min(the most non-empty buckets any of them makes of ``candidates``, cap), stopping at the
    first guess that reaches ``cap``. Sequential: the allowed lists are short and the scan
    usually stops early (hard-mode V_2 of 12 openers: 12x faster than counting every guess's
    parts with ``fill_parts``)."""
    stamp = np.zeros(n_patterns, np.int32)
    best = 0
    for t in range(guesses.shape[0]):
        parts = _stamp_parts(patterns[guesses[t]], candidates, stamp, t + 1)
        if parts > best:
            best = parts
            if best >= cap:
                return cap
    return best


#: Guesses per block of the parts kernels: a block's bitsets (8 KiB a 256 guesses) stay in L1/L2
#: while every candidate's row streams through it (1,024 measured fastest of 256 to 4,096).
PARTS_BLOCK = 1024


@njit(cache=True)
def _popcount(x):
    """Set bits of a uint64."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


def _guess(guesses, k):
    """The k-th guess of a list, or k itself when ``guesses`` is None (every guess in order)."""
    return k if guesses is None else guesses[k]


@overload(_guess)
def _guess_overload(guesses, k):
    # Resolved when a kernel is compiled: the None case reads the k-th guess itself, so a
    # kernel over every guess costs nothing for serving lists too.
    if isinstance(guesses, types.NoneType):
        return lambda guesses, k: k
    return lambda guesses, k: guesses[k]


@njit(cache=True)
def _block_parts(patterns_t, candidates, guesses, lo, hi, seen, out):
    """out[k - lo] = non-empty feedback buckets of the k-th guess of ``candidates``, k in
    [lo, hi): the k-th of ``guesses``, or guess k if it is None.

    One bit per (guess, feedback) is set for every candidate without testing it first, and the
    bits are counted at the end: no branch in the inner loop (the test-then-set version
    mispredicted at about every other candidate and was 2x slower). ``seen`` is scratch of at
    least hi - lo rows; it is zeroed here. Through a list, a guess costs about 1.3x as much as
    in a contiguous block.
    """
    words = seen.shape[1]
    seen[: hi - lo] = 0
    for j in range(candidates.shape[0]):
        row = patterns_t[candidates[j]]
        for k in range(lo, hi):
            p = np.int64(row[_guess(guesses, k)])
            seen[k - lo, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    for k in range(hi - lo):
        parts = 0
        for w in range(words):
            parts += _popcount(seen[k, w])
        out[k] = parts


@njit(parallel=True, cache=True)
def fill_parts(patterns_t, candidates, n_patterns, block, out):
    """out[g] = number of non-empty feedback buckets guess g makes of ``candidates``.

    The lower bounds' MaxSplits needs this one statistic for thousands of small sets: counting
    it alone with a bitset per guess is about 1.4x faster there than ``fill_bucket_stats_t``
    (V_2 of 300 openers: 88 s against 127 s). Reads the *transposed* pattern matrix (one row
    of all guesses per answer) in blocks of ``block`` guesses, so each candidate's row streams
    through memory once; for small candidate sets this is many times faster than gathering the
    candidates out of every guess's row.
    """
    n_guesses = patterns_t.shape[1]
    words = (n_patterns + 63) // 64
    n_blocks = (n_guesses + block - 1) // block
    for b in prange(n_blocks):
        lo = b * block
        hi = min(lo + block, n_guesses)
        _block_parts(
            patterns_t, candidates, None, lo, hi, np.empty((hi - lo, words), np.uint64), out[lo:hi]
        )


@njit(parallel=True, cache=True)
def max_parts(patterns_t, candidates, guesses, cap, n_patterns, block, bounds, floor):
    """MaxSplits: min(the most non-empty feedback buckets any guess makes of ``candidates``,
    ``cap``), over ``guesses`` (None: every guess), from the transposed matrix in blocks of
    ``block`` of them as ``fill_parts``.

    Blocks not begun when one reaches ``cap`` are skipped (the answer is ``cap`` whatever they
    hold). For one thread, 2.3x faster than counting each guess's row of the untransposed
    matrix with a test per candidate (the MaxSplits of V_4 of one opener on nyt-2023, 4,247
    sets of mostly 10 to 60 candidates: 2.3 s against 5.2 s), and 1.6x for sets of 100 to
    1,352 (Table 4's V_2). A list of guesses is what a superset's counts leave
    (``bounds.LowerBounds``: a guess never makes more buckets of a set than of a superset).

    With ``floor`` and ``bounds`` the answer is min(max(MaxSplits, floor), cap): ``floor`` is
    where the best count starts (the candidates' own best, say), and ``bounds``, if given,
    holds an upper bound on every guess's count (indexed by guess, as ``split_upper_bounds``
    or a superset's counts), so that a guess whose bound is not above the best count so far
    is not read. A block whose kept guesses are fewer than three quarters of it reads them
    through a list (1.3x the cost per guess of the contiguous block).
    """
    n_guesses = patterns_t.shape[1] if guesses is None else guesses.shape[0]
    words = (n_patterns + 63) // 64
    n_blocks = (n_guesses + block - 1) // block
    best = np.zeros(max(n_blocks, 1), np.int64)
    for b in prange(n_blocks):
        top = max(best.max(), floor)  # a stale read only costs time
        if top >= cap:  # another block reached the cap
            continue
        lo = b * block
        hi = min(lo + block, n_guesses)
        parts = np.empty(hi - lo, np.int64)
        seen = np.empty((hi - lo, words), np.uint64)
        if bounds is None:  # pruned away when compiled for no bounds: every guess is read
            _block_parts(patterns_t, candidates, guesses, lo, hi, seen, parts)
            best[b] = parts.max()
            continue
        picked = np.empty(hi - lo, np.int64)
        m = 0
        for k in range(lo, hi):
            g = _guess(guesses, k)
            if bounds[g] > top:
                picked[m] = g
                m += 1
        if m == 0:
            continue
        if 4 * m >= 3 * (hi - lo):
            _block_parts(patterns_t, candidates, guesses, lo, hi, seen, parts)
            best[b] = parts.max()
        else:
            _block_parts(patterns_t, candidates, picked[:m], 0, m, seen, parts)
            best[b] = parts[:m].max()
    return min(max(best.max(), floor), cap)


@njit(cache=True)
def split_options(answer_codes, candidates, n_symbols, once, repeated):
    """How many different tiles a guess can show at each position against ``candidates``.

    once[k, x]: of green, yellow and grey, how many a guess with symbol x at position k shows
    against some candidate, when x is in the guess once: green if the candidate has x at k,
    yellow if it has x elsewhere only, grey if it has no x. repeated[k, x]: the same for a
    symbol the guess repeats, where a surplus copy is grey even against a candidate with x,
    so grey is possible whenever some candidate lacks x at k (green and yellow need the same
    as before). A symbol no candidate has is always grey: 1.
    """
    length = answer_codes.shape[1]
    n = candidates.shape[0]
    at = np.zeros((length, n_symbols), np.int64)  # candidates with x at k
    has = np.zeros(n_symbols, np.int64)  # candidates with x anywhere
    elsewhere = np.zeros((length, n_symbols), np.bool_)  # some candidate has x, not at k
    last = np.full(n_symbols, -1, np.int64)
    for j in range(n):
        word = answer_codes[candidates[j]]
        for k in range(length):
            x = word[k]
            at[k, x] += 1
            if last[x] != j:  # the first x of this word
                last[x] = j
                has[x] += 1
                for i in range(length):
                    if word[i] != x:
                        elsewhere[i, x] = True
    for k in range(length):
        for x in range(n_symbols):
            if has[x] == 0:
                once[k, x] = 1
                repeated[k, x] = 1
            else:
                shown = (1 if at[k, x] > 0 else 0) + (1 if elsewhere[k, x] else 0)
                once[k, x] = shown + (1 if has[x] < n else 0)
                repeated[k, x] = shown + (1 if at[k, x] < n else 0)


@njit(cache=True)
def split_upper_bounds(guess_codes, repeats, once, repeated, cap, out):
    """out[g] = min(cap, the product over positions of the tiles guess g can show there), from
    ``split_options``: an upper bound on its number of buckets, since a feedback is one tile
    per position. ``repeats[g]`` has bit k set when g's symbol at k is elsewhere in g too."""
    length = guess_codes.shape[1]
    for g in range(guess_codes.shape[0]):
        word = guess_codes[g]
        mask = repeats[g]
        product = 1
        for k in range(length):
            product *= repeated[k, word[k]] if mask >> k & 1 else once[k, word[k]]
        out[g] = min(product, cap)


@njit(cache=True)
def repeat_masks(guess_codes, out):
    """out[g]: bit k set when guess g's symbol at position k appears at another position."""
    length = guess_codes.shape[1]
    for g in range(guess_codes.shape[0]):
        word = guess_codes[g]
        mask = 0
        for k in range(length):
            for i in range(length):
                if i != k and word[i] == word[k]:
                    mask |= 1 << k
                    break
        out[g] = mask


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


@njit(cache=True)
def split_candidates(row, candidates):
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
def split_for_bound(row, candidates, table, solved, smallest):
    """``split_candidates`` and what a branch and bound over the buckets needs, in one call.

    Returns (candidates sorted by pattern, each bucket's pattern, bucket starts, the sum of
    ``table[size]`` over the buckets but the all-green one, and the buckets of ``smallest`` or
    more candidates but the all-green one, largest first, equal sizes in pattern order).
    ``LowerBounds.v`` ran these as a dozen numpy calls, about as long as the split itself.
    """
    sorted_candidates, sorted_codes, starts = split_candidates(row, candidates)
    m = starts.shape[0] - 1
    patterns = np.empty(m, np.int64)
    floor = 0
    count = 0
    for b in range(m):
        patterns[b] = sorted_codes[starts[b]]
        size = starts[b + 1] - starts[b]
        if patterns[b] != solved:
            floor += table[size]
            if size >= smallest:
                count += 1
    larger = np.empty(count, np.int64)
    k = 0
    for b in range(m):
        if patterns[b] != solved and starts[b + 1] - starts[b] >= smallest:
            # insertion, largest first; a later bucket goes after every one of its size
            size = starts[b + 1] - starts[b]
            y = k
            while y > 0 and starts[larger[y - 1] + 1] - starts[larger[y - 1]] < size:
                larger[y] = larger[y - 1]
                y -= 1
            larger[y] = b
            k += 1
    return sorted_candidates, patterns, starts, floor, larger


@njit(cache=True)
def _tiles(pattern, length):
    """The tiles of a feedback pattern, first position first: 0 grey, 1 yellow, 2 green."""
    digits = np.empty(length, np.int64)
    rest = pattern
    for i in range(length - 1, -1, -1):
        digits[i] = rest % 3
        rest //= 3
    return digits


@njit(cache=True)
def hard_mode_rule(rule, guess, pattern, n_symbols):
    """What the NYT hard-mode rule asks after one more (guess, pattern), from ``rule``, what it
    asked before: one byte per position (its green letter's code + 1, 0 if none yet), then one
    per letter (how many times a guess must hold it). The rule of ``fill_hard_mode_mask`` holds
    after every turn, so together they ask for every green seen and, per letter, the most
    times it was marked green or yellow in one guess: a word obeys them all iff it obeys this.
    """
    length = guess.shape[0]
    out = rule.copy()
    digits = _tiles(pattern, length)
    need = np.zeros(n_symbols, np.int64)
    for i in range(length):
        if digits[i] == 2:
            out[i] = guess[i] + 1
        if digits[i] > 0:
            need[guess[i]] += 1
    for a in range(n_symbols):
        out[length + a] = max(out[length + a], need[a])
    return out


@njit(cache=True)
def fill_hard_mode_mask(guess, pattern, words, indices, n_symbols, out):
    """out[t] = True iff words[indices[t]] obeys the NYT hard-mode rule after (guess, pattern).

    The rule: every green letter is played again in its position, and a letter marked green or
    yellow n times in the guess appears at least n times in the word. Grey letters may return.
    """
    length = guess.shape[0]
    digits = _tiles(pattern, length)
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


# Bucket statistics (``wordlekit.buckets``): one row per guess, these named columns. A guess
# splits the candidates into feedback buckets of sizes c_b (prior masses W_b when weighted):
#   PARTS    number of non-empty buckets
#   IN_SET   1 if the guess is itself a candidate (its all-green bucket is non-empty)
#   SQUARES  sum_b c_b**2 (weighted: sum_b W_b c_b)
#   ENTROPY  sum_b c_b log2 c_b in the fixed point of the caller's table (weighted: of W_b)
#   LARGEST  max_b c_b
#   HEAVIEST sum_b max_{a in b} w_a (equal to PARTS with unit weights)
# Every statistic is accumulated as each candidate joins its bucket (a bucket growing from c to
# c + 1 adds 2c + 1 to the squares and table[c + 1] - table[c] to the entropy), so one pass
# over the candidates suffices and a second one only zeroes the counts.
PARTS, IN_SET, SQUARES, ENTROPY, LARGEST, HEAVIEST = range(6)
N_BUCKET_STATS = 6


# Weighted bucket statistics, for a non-uniform prior over the answers (``wordlekit.prior``).
# With integer weights w_a (the prior up to a constant), bucket b of a guess has mass
# W_b = sum of its weights. One pass gives, per guess, the named columns of the unweighted
# statistics (``PARTS`` ... ``HEAVIEST`` below), weighted: entropy = sum_b round(W_b log2 W_b
# * scale), squares = sum_b W_b c_b and heaviest = sum_b max_{a in b} w_a. With unit weights
# they equal the unweighted statistics.


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
    n_chunks = min(_N_CHUNKS, n_allowed)
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
    n_chunks = min(_N_CHUNKS, n_allowed)
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
    n_chunks = min(_N_CHUNKS, n_allowed)
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
    all_green,
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


@njit(cache=True)
def node_backup(
    q2, action_visits, level_count, level_mean, level_m2, levels, size, i, backup, debias, q3
):
    """One backup of action i of a tree-search node (``avts.Node.take_backup``), in place.

    q2[i] takes in ``backup`` (running mean over the action's visits), the change of q2 updates
    the Welford statistics of its visit level (``Node.record``), and q3[:size] becomes the
    debiased values (``Node.debiased``: q2 plus sum_{l >= v} level_mean[l], summed from the
    deepest level up as ``np.cumsum`` does), or q2 without ``debias``. The same floating-point
    operations in the same order as those methods, so the same numbers to the last bit: a search
    visits its nodes by the hundred thousand, and these few numpy calls were most of the time
    of one visit. The level arrays must hold index action_visits[i]. Returns (levels, best):
    the new number of levels and the first action of largest q3.
    """
    v = action_visits[i]
    old = q2[i]
    new = backup if v == 0 else old + (backup - old) / (v + 1)
    q2[i] = new
    action_visits[i] = v + 1
    change = new - old
    levels = max(levels, v + 1)
    level_count[v] += 1
    delta = change - level_mean[v]
    level_mean[v] += delta / level_count[v]
    level_m2[v] += delta * (change - level_mean[v])
    for a in range(size):
        q3[a] = q2[a]
    if debias and levels > 0:
        still_expected = np.zeros(levels + 1)
        still_expected[levels - 1] = level_mean[levels - 1]
        for level in range(levels - 2, -1, -1):
            still_expected[level] = still_expected[level + 1] + level_mean[level]
        for a in range(size):
            q3[a] += still_expected[action_visits[a]]
    best = 0
    for a in range(1, size):
        if q3[a] > q3[best]:
            best = a
    return levels, best


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
    n_chunks = min(_N_CHUNKS, n_guesses)
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


@njit(parallel=True, cache=True)
def gather_columns(patterns, answers, out):
    """out[g, j] = patterns[g, answers[j]]: the pattern matrix restricted to some answers, in
    parallel over guesses (each row read once, in increasing column order)."""
    n_guesses = patterns.shape[0]
    m = answers.shape[0]
    n_chunks = min(_N_CHUNKS, n_guesses)
    for chunk in prange(n_chunks):
        for g in range(chunk * n_guesses // n_chunks, (chunk + 1) * n_guesses // n_chunks):
            row = patterns[g]
            for j in range(m):
                out[g, j] = row[answers[j]]


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
