"""Parts: how many non-empty feedback buckets a guess makes of a set, the one statistic the
lower bounds' MaxSplits needs (``bounds``, ``buckets.max_splits``) for thousands of small sets.

``fill_parts`` counts it for every guess, ``max_splits`` finds the largest count (skipping
guesses whose upper bound cannot beat the best so far), ``max_splits_among`` the largest over a
short list of guesses; ``split_options``, ``split_upper_bounds`` and ``repeat_masks`` give
those upper bounds from the tiles each position can show.

Kept beside the full statistics of ``statistics`` for speed: counting parts alone with a
bitset per guess is faster for MaxSplits than ``fill_bucket_stats_t`` (see ``fill_parts``;
measured in benchmarks/quoted-results.md).
"""

import numpy as np
from numba import njit, prange, types
from numba.extending import overload


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
def max_splits_among(patterns, candidates, guesses, cap, n_patterns):
    """``max_splits`` over the guesses ``guesses`` only (the allowed ones of a hard-mode state,
    or the candidates' own guesses), from the untransposed matrix:
    min(the most non-empty buckets any of them makes of ``candidates``, cap), stopping at the
    first guess that reaches ``cap``. Sequential: the allowed lists are short and the scan
    usually stops early (hard-mode V_2: far faster than counting every guess's parts with
    ``fill_parts``, benchmarks/quoted-results.md)."""
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
    it alone with a bitset per guess is faster there than ``fill_bucket_stats_t`` (measured in
    benchmarks/quoted-results.md). Reads the *transposed* pattern matrix (one row
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
def max_splits(patterns_t, candidates, guesses, cap, n_patterns, block, bounds, floor):
    """MaxSplits: min(the most non-empty feedback buckets any guess makes of ``candidates``,
    ``cap``), over ``guesses`` (None: every guess), from the transposed matrix in blocks of
    ``block`` of them as ``fill_parts``.

    Blocks not begun when one reaches ``cap`` are skipped (the answer is ``cap`` whatever they
    hold). For one thread, faster than counting each guess's row of the untransposed matrix
    with a test per candidate, on small sets (V_4's, mostly 10 to 60 candidates) and large ones
    (Table 4's V_2) alike (measured in benchmarks/quoted-results.md). A list of guesses is what
    a superset's counts leave (``bounds.LowerBounds``: a guess never makes more buckets of a
    set than of a superset).

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
