"""The game's kernels per state (``wordlekit.game``): how one guess splits the candidates into
feedback buckets (``split_candidates``; ``split_for_bound`` adds what a branch and bound over
the buckets needs, ``split_for_search`` what the exact solver learns from each bucket's own
candidates, ``split_heads`` that for a batch of guesses), and the NYT hard-mode rule (what it
asks after each turn, and which words obey it).
"""

import numpy as np
from numba import njit


@njit(cache=True)
def split_candidates(row, candidates):
    """Group candidates by their feedback to one guess.

    Returns (candidates sorted by pattern, their patterns, bucket starts): bucket b holds
    ``sorted[starts[b]:starts[b + 1]]``, still in increasing order inside the bucket.
    """
    n = candidates.shape[0]
    codes = np.empty(n, np.int64)
    top = 0
    for j in range(n):
        codes[j] = row[candidates[j]]
        top = max(top, codes[j])
    # A counting sort (stable, so each bucket keeps the candidates' order): patterns are small
    # integers, and a comparison sort was most of the split of a few hundred candidates.
    first = np.zeros(top + 2, np.int64)  # first[p + 1]: how many candidates get p
    for j in range(n):
        first[codes[j] + 1] += 1
    m = 0
    for p in range(top + 1):
        m += first[p + 1] > 0
        first[p + 1] += first[p]
    starts = np.empty(m + 1, np.int64)
    k = 0
    for p in range(top + 1):
        if first[p + 1] > first[p]:
            starts[k] = first[p]
            k += 1
    starts[m] = n
    sorted_candidates = np.empty(n, candidates.dtype)
    sorted_codes = np.empty(n, np.int64)
    for j in range(n):
        at = first[codes[j]]
        sorted_candidates[at] = candidates[j]
        sorted_codes[at] = codes[j]
        first[codes[j]] = at + 1
    return sorted_candidates, sorted_codes, starts


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
def floor_sums(patterns, candidates, guesses, table, solved, n_patterns):
    """For every guess of ``guesses``, the sum of ``table[size]`` over the buckets it makes of
    ``candidates``, the all-green one excluded: the floor of ``split_for_bound`` for every
    guess at once, without grouping the candidates (one count per feedback)."""
    out = np.zeros(guesses.shape[0], np.int64)
    counts = np.zeros(n_patterns, np.int64)
    for t in range(guesses.shape[0]):
        row = patterns[guesses[t]]
        for j in range(candidates.shape[0]):
            counts[row[candidates[j]]] += 1
        total = 0
        for p in range(n_patterns):
            if counts[p] > 0:
                if p != solved:
                    total += table[counts[p]]
                counts[p] = 0
        out[t] = total
    return out


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


@njit(cache=True)
def _fewest_collisions(matrix, column, guess_of_answer, members, seen, mark):
    """The fewest collisions any of ``members`` (answer indices) makes as a guess among them,
    2 standing for two or more; ``seen`` is scratch of marks, ``mark`` the last one used.
    Returns (collisions, last mark used)."""
    best = 2
    for i in range(members.shape[0]):
        row = matrix[guess_of_answer[members[i]]]
        mark += 1
        collisions = 0
        for j in range(members.shape[0]):
            p = row[column[members[j]]]
            if seen[p] == mark:
                collisions += 1
                if collisions >= best:
                    break
            seen[p] = mark
        if collisions < best:
            best = collisions
            if best == 0:
                break
    return best, mark


@njit(cache=True)
def split_for_search(
    row, candidates, table, solved, matrix, column, guess_of_answer, n_patterns, left
):
    """``split_for_bound`` with each bucket's own candidates tried as its next guess, for the
    exact solver's uniform search: one call per guess expanded.

    ``left``: guesses left after this one (at least 2). A bucket of c candidates costs 2c - 1
    if one of its candidates splits it perfectly, at least 2c otherwise, and exactly 2c if one
    leaves a single pair and ``left`` >= 3 (``optimal.splits.searched`` says why); its
    floor is the larger of ``table[c]`` and that. Returns (candidates sorted by pattern, each
    bucket's pattern, bucket starts, the sum of the floors over the buckets but the all-green
    one, the buckets whose value is still unknown (three or more candidates, not settled by a
    candidate) largest first with equal sizes in pattern order, and their floors).
    """
    sorted_candidates, patterns, starts, floor, larger = split_for_bound(
        row, candidates, table, solved, 3
    )
    seen = np.zeros(n_patterns, np.int64)
    mark = 0
    settled = 1 if left >= 3 else 0  # the most collisions that settle a bucket
    search = np.empty(larger.shape[0], np.int64)
    floors = np.empty(larger.shape[0], np.int64)
    m = 0
    for k in range(larger.shape[0]):
        b = larger[k]
        members = sorted_candidates[starts[b] : starts[b + 1]]
        size = members.shape[0]
        collisions, mark = _fewest_collisions(matrix, column, guess_of_answer, members, seen, mark)
        if collisions > 0 and table[size] < 2 * size:
            floor += 2 * size - table[size]
        if collisions > settled:
            search[m] = b
            floors[m] = max(table[size], 2 * size)
            m += 1
    return sorted_candidates, patterns, starts, floor, search[:m], floors[:m]


@njit(cache=True)
def split_heads(
    patterns,
    candidates,
    guesses,
    table,
    solved,
    matrix,
    column,
    guess_of_answer,
    n_patterns,
    left,
    smallest_first,
    floors,
    heads,
    head_floors,
    starts,
):
    """``split_for_search`` for several guesses at once, keeping of each only what decides
    most guesses: the sum of its floors and its first bucket to search.

    For guesses[t]: floors[t] is the floor sum of ``split_for_search``; heads[t] the pattern of
    the first bucket a branch and bound would value (the smallest of those still unknown with
    ``smallest_first``, else the largest), -1 if none is left; head_floors[t] its floor; its
    candidates are ``members[starts[t]:starts[t + 1]]``, in increasing order. Returns
    ``members``. One call per batch of guesses instead of one per guess, so that a search
    which drops most guesses at their first bucket pays little Python per guess.
    """
    n_guesses = guesses.shape[0]
    members = np.empty(n_guesses * candidates.shape[0], candidates.dtype)
    at = 0
    starts[0] = 0
    for t in range(n_guesses):
        sorted_candidates, codes, bucket_starts, floor, search, search_floors = split_for_search(
            patterns[guesses[t]],
            candidates,
            table,
            solved,
            matrix,
            column,
            guess_of_answer,
            n_patterns,
            left,
        )
        floors[t] = floor
        heads[t] = -1
        head_floors[t] = 0
        if search.shape[0] > 0:
            k = search.shape[0] - 1 if smallest_first else 0
            b = search[k]
            heads[t] = codes[b]
            head_floors[t] = search_floors[k]
            for j in range(bucket_starts[b], bucket_starts[b + 1]):
                members[at] = sorted_candidates[j]
                at += 1
        starts[t + 1] = at
    return members[:at]
