"""Minimax feasibility: whether every candidate of a set can be found within a few guesses.

- ``guess_profiles``: for every guess, its largest bucket other than the all-green one and its
  number of non-empty buckets (the order the feasibility search tries guesses in);
- ``first_separator``: the first guess that gives every candidate its own feedback (a set
  found within two guesses), by pairs over the transposed matrix: each pair of candidates
  drops the guesses that give both one feedback, so a set no guess separates is refused after
  a few pairs, without a look at most guesses' rows;
- ``first_within_three``: the first guess (in a given order) after which every bucket is
  separated by some guess (a set found within three guesses, easy mode: every guess allowed
  below), dropping a guess at its first bucket that no guess separates;
- ``first_within_three_strict``: the same under the strict rule on Wordle's tiles: each
  bucket separated by a guess consistent with its feedback (the allowed guesses' feedback from
  each guess given: ``patterns.fill_feedback_rows``);
- ``first_within_three_hard``: the same under the NYT hard-mode rule: each bucket separated by
  a guess keeping its greens and marked letters (from the guesses' letter codes and counts),
  with cores as in easy mode, each valid where a bucket's rule asks at least the core's.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def guess_profiles(patterns, candidates, guesses, solved, n_patterns, largest, parts):
    """``largest[t]``: the largest bucket of ``guesses[t]`` on ``candidates`` other than the
    all-green one (``solved``); ``parts[t]``: its non-empty buckets, the all-green one too."""
    n = candidates.shape[0]
    counts = np.zeros(n_patterns, np.int32)
    for t in range(guesses.shape[0]):
        row = patterns[guesses[t]]
        for j in range(n):
            counts[row[candidates[j]]] += 1
        big = 0
        found = 0
        for j in range(n):
            p = row[candidates[j]]
            c = counts[p]
            if c > 0:
                found += 1
                if p != solved and c > big:
                    big = c
                counts[p] = 0
        largest[t] = big
        parts[t] = found


@njit(cache=True)
def _separator(patterns_t, candidates, lo, hi, guesses, alive):
    """Position in ``guesses`` of the first that separates ``candidates[lo:hi]`` (every one its
    own feedback); when none does, minus the length of the shortest prefix of them that no
    guess separates (at least 2). ``alive`` is scratch of ``guesses``' length. The pairs are
    taken by their later candidate, so that failing prefix costs nothing more."""
    n = hi - lo
    if n <= 1:
        return 0
    r0 = patterns_t[candidates[lo]]
    r1 = patterns_t[candidates[lo + 1]]
    m = 0
    for t in range(guesses.shape[0]):
        g = guesses[t]
        if r0[g] != r1[g]:
            alive[m] = t
            m += 1
    if m == 0:
        return -2
    for j in range(lo + 2, hi):
        rj = patterns_t[candidates[j]]
        for i in range(lo, j):
            ri = patterns_t[candidates[i]]
            k = 0
            for a in range(m):
                t = alive[a]
                g = guesses[t]
                if ri[g] != rj[g]:
                    alive[k] = t
                    k += 1
            m = k
            if m == 0:
                return -(j - lo + 1)
    return alive[0]


@njit(cache=True)
def first_separator(patterns_t, candidates, guesses, limit):
    """Position in ``guesses`` of the first guess that gives every candidate its own feedback,
    or -1 (also when there are more candidates than ``limit``, the feedbacks a guess can give);
    0 for one candidate or none (nothing to separate)."""
    if candidates.shape[0] > limit:
        return -1
    alive = np.empty(guesses.shape[0], np.int64)
    at = _separator(patterns_t, candidates, 0, candidates.shape[0], guesses, alive)
    return -1 if at < 0 else at


@njit(cache=True)
def _kept_together(patterns_t, guess, cores, core_starts, n_cores, last):
    """Whether ``guess`` gives every candidate of some core one feedback (then its part
    holding that core has no separating guess: a core is a set no guess separates). The core
    that dropped the previous guess (``last[0]``) is tried first; the one found is kept
    there."""
    for k in range(n_cores + 1):
        c = last[0] if k == 0 else k - 1
        if c >= n_cores or (k > 0 and c == last[0]):
            continue
        lo = core_starts[c]
        hi = core_starts[c + 1]
        p = patterns_t[cores[lo]][guess]
        together = True
        for j in range(lo + 1, hi):
            if patterns_t[cores[j]][guess] != p:
                together = False
                break
        if together:
            last[0] = c
            return True
    return False


@njit(cache=True)
def _add_core(patterns_t, part, guesses, alive, cores, core_starts, n_cores):
    """Shrink ``part`` (no guess separates it: a failing prefix of a part) to a core: drop each candidate whose removal
    still leaves no separating guess; append it; the new count of cores (unchanged when the
    buffers are full)."""
    keep = part.copy()
    m = keep.shape[0]
    i = 0
    while i < m and m > 2:
        trial = np.empty(m - 1, keep.dtype)
        trial[:i] = keep[:i]
        trial[i:] = keep[i + 1 : m]
        if _separator(patterns_t, trial, 0, m - 1, guesses, alive) < 0:
            keep[: m - 1] = trial
            m -= 1
        else:
            i += 1
    lo = core_starts[n_cores]
    if n_cores + 1 >= core_starts.shape[0] or lo + m > cores.shape[0]:
        return n_cores
    cores[lo : lo + m] = keep[:m]
    core_starts[n_cores + 1] = lo + m
    return n_cores + 1


@njit(cache=True)
def _grouped(row, candidates, keys, sorted_c, starts, limit):
    """The candidates sorted by their feedback ``row[c]`` into ``sorted_c``, bucket b at
    ``starts[b]:starts[b + 1]``: the buckets' sizes, or none where the guess splits nothing
    (more than one candidate) or leaves a bucket over ``limit``."""
    n = candidates.shape[0]
    for j in range(n):
        keys[j] = row[candidates[j]]
    perm = np.argsort(keys, kind="mergesort")
    for j in range(n):
        sorted_c[j] = candidates[perm[j]]
    nb = 0
    starts[0] = 0
    for j in range(1, n):
        if keys[perm[j]] != keys[perm[j - 1]]:
            nb += 1
            starts[nb] = j
    nb += 1
    starts[nb] = n
    if nb == 1 and n > 1:
        return np.empty(0, np.int64)
    sizes = np.empty(nb, np.int64)
    for b in range(nb):
        sizes[b] = starts[b + 1] - starts[b]
        if sizes[b] > limit:
            return np.empty(0, np.int64)
    return sizes


@njit(cache=True)
def first_within_three(
    patterns, patterns_t, candidates, order, guesses, limit, counts, cores, core_starts, n_cores
):
    """Position in ``order`` of the first guess after which every bucket but the all-green one
    has a guess of ``guesses`` separating it, or -1. ``order`` is tried as given (the caller
    sorts it, largest bucket first); a guess with a bucket over ``limit`` candidates is
    skipped unscanned, and so is one that keeps a known core together (``cores``, flat, core
    c at ``core_starts[c]:core_starts[c + 1]``, the first ``n_cores`` of them: sets of
    candidates no guess of ``guesses`` separates). A bucket found unseparated becomes a new
    core. ``counts[0]`` += guesses tried, ``counts[1]`` += buckets scanned, ``counts[2]`` +=
    guesses dropped by a core; ``counts[3]``: the number of cores on return."""
    n = candidates.shape[0]
    alive = np.empty(guesses.shape[0], np.int64)
    keys = np.empty(n, np.int64)
    sorted_c = np.empty(n, candidates.dtype)
    starts = np.empty(n + 1, np.int64)
    last = np.zeros(1, np.int64)
    for t in range(order.shape[0]):
        if _kept_together(patterns_t, order[t], cores, core_starts, n_cores, last):
            counts[2] += 1
            continue
        row = patterns[order[t]]
        counts[0] += 1
        sizes = _grouped(row, candidates, keys, sorted_c, starts, limit)
        if sizes.shape[0] == 0:
            continue  # splits nothing, or leaves a part over the limit
        ok = True
        for b in np.argsort(-sizes, kind="mergesort"):
            if sizes[b] <= 1:
                break
            counts[1] += 1
            lo = starts[b]
            hi = starts[b + 1]
            at = _separator(patterns_t, sorted_c, lo, hi, guesses, alive)
            if at < 0:  # its first -at candidates are already unseparated
                n_cores = _add_core(
                    patterns_t, sorted_c[lo : lo - at], guesses, alive, cores, core_starts, n_cores
                )
                ok = False
                break
        if ok:
            counts[3] = n_cores
            return t
    counts[3] = n_cores
    return -1


@njit(cache=True)
def _hard_rule(guess, pattern, need):
    """What the NYT hard-mode rule asks after ``guess`` (its letter codes) got ``pattern``:
    returns its green positions (bit i: position i) and adds to ``need[a]`` the times letter a
    is marked green or yellow (each green letter in its place, each marked letter played at
    least as often: ``states.fill_hard_mode_mask``'s rule; a kernel module calls no other
    module's kernel)."""
    greens = 0
    rest = pattern
    for i in range(guess.shape[0] - 1, -1, -1):
        tile = rest % 3
        rest //= 3
        if tile == 2:
            greens |= 1 << i
        if tile > 0:
            need[guess[i]] += 1
    return greens


@njit(cache=True)
def _hard_kept(codes, letters, guess, pattern, allowed, kept, need):
    """Into ``kept``, the guesses of ``allowed`` the hard-mode rule leaves after ``guess`` got
    ``pattern`` (``letters[h, a]``: how many times guess h has letter a); how many. ``need``
    is zeroed scratch of the alphabet's size, zero again on return."""
    length = guess.shape[0]
    greens = _hard_rule(guess, pattern, need)
    k = 0
    for u in range(allowed.shape[0]):
        h = allowed[u]
        word = codes[h]
        ok = True
        for i in range(length):
            if (greens >> i) & 1 and word[i] != guess[i]:
                ok = False
                break
            if need[guess[i]] > letters[h, guess[i]]:
                ok = False
                break
        if ok:
            kept[k] = h
            k += 1
    for i in range(length):
        need[guess[i]] = 0
    return k


@njit(cache=True)
def _hard_cored(row, guess, cored, n_cores, last, need):
    """Whether ``guess`` (its letter codes; ``row`` its feedback) gives every candidate of
    some core one feedback whose hard-mode rule asks at least what the core's asked (its
    greens and, per letter, as many marks). Then that part keeps fewer guesses than the
    core's part, none of which separates the core: the guess fails. ``cored``: (cores,
    core_starts, core_greens, core_need), the first ``n_cores``; the core that dropped the
    previous guess (``last[0]``) is tried first."""
    cores, core_starts, core_greens, core_need = cored
    for k in range(n_cores + 1):
        c = last[0] if k == 0 else k - 1
        if c >= n_cores or (k > 0 and c == last[0]):
            continue
        lo = core_starts[c]
        p = row[cores[lo]]
        together = True
        for j in range(lo + 1, core_starts[c + 1]):
            if row[cores[j]] != p:
                together = False
                break
        if not together:
            continue
        greens = _hard_rule(guess, p, need)
        asks = (core_greens[c] & ~greens) == 0
        for a in range(need.shape[0]):
            asks = asks and core_need[c, a] <= need[a]
            need[a] = 0
        if asks:
            last[0] = c
            return True
    return False


@njit(cache=True)
def _first_within_three_ruled(
    patterns, patterns_t, candidates, order, allowed, limit, counts, feedback, hard
):
    """``first_within_three_hard`` if ``hard`` is (True, codes, letters, cored, n_cores) (see
    there), else ``first_within_three_strict`` (on ``feedback``): one loop over the guesses
    and their buckets, the rule only choosing which of ``allowed`` each bucket keeps (and, in
    hard mode, which guesses a core drops)."""
    on, codes, letters, cored, n_cores = hard
    n = candidates.shape[0]
    m = allowed.shape[0]
    alive = np.empty(m, np.int64)
    kept = np.empty(m, allowed.dtype)
    need = np.zeros(letters.shape[1], np.int64)
    keys = np.empty(n, np.int64)
    sorted_c = np.empty(n, candidates.dtype)
    starts = np.empty(n + 1, np.int64)
    cores, core_starts, core_greens, core_need = cored
    last = np.zeros(1, np.int64)
    found = -1
    for t in range(order.shape[0]):
        row = patterns[order[t]]
        guess = codes[order[t]] if on else codes[0]
        if on and _hard_cored(row, guess, cored, n_cores, last, need):
            counts[2] += 1
            continue
        counts[0] += 1
        sizes = _grouped(row, candidates, keys, sorted_c, starts, limit)
        if sizes.shape[0] == 0:
            continue  # splits nothing, or leaves a part over the limit
        ok = True
        for b in np.argsort(-sizes, kind="mergesort"):
            if sizes[b] <= 1:
                break
            lo = starts[b]
            p = row[sorted_c[lo]]
            if on:
                k = _hard_kept(codes, letters, guess, p, allowed, kept, need)
            else:
                k = 0
                for u in range(m):
                    if feedback[t, u] == p:
                        kept[k] = allowed[u]
                        k += 1
            counts[1] += 1
            at = _separator(patterns_t, sorted_c, lo, starts[b + 1], kept[:k], alive)
            if at < 0:
                if on:  # its first -at candidates are already unseparated: a core, its rule
                    grown = _add_core(
                        patterns_t,
                        sorted_c[lo : lo - at],
                        kept[:k],
                        alive,
                        cores,
                        core_starts,
                        n_cores,
                    )
                    if grown > n_cores:
                        core_greens[n_cores] = _hard_rule(guess, p, core_need[n_cores])
                        n_cores = grown
                ok = False
                break
        if ok:
            found = t
            break
    counts[3] = n_cores
    return found


@njit(cache=True)
def first_within_three_strict(
    patterns, patterns_t, feedback, candidates, order, allowed, limit, counts
):
    """Position in ``order`` of the first guess after which every bucket but the all-green one
    has a separating guess among the ``allowed`` ones its feedback leaves (the strict rule:
    h with Wordle feedback(guess, h) equal to the bucket's: ``feedback[t, u]``, that of
    ``order[t]`` against ``allowed[u]``), or -1. A guess with a bucket over ``limit``
    candidates is skipped; its buckets are scanned largest first, and it is dropped at the
    first unseparated one.
    ``counts[0]`` += guesses tried, ``counts[1]`` += buckets scanned."""
    one = np.zeros((1, 1), np.int64)
    no_cores = (np.empty(0, candidates.dtype), np.zeros(1, np.int64), one[0], one)
    hard = (False, one, one, no_cores, 0)
    return _first_within_three_ruled(
        patterns, patterns_t, candidates, order, allowed, limit, counts, feedback, hard
    )


@njit(cache=True)
def first_within_three_hard(
    patterns,
    patterns_t,
    codes,
    letters,
    candidates,
    order,
    allowed,
    limit,
    counts,
    cores,
    core_starts,
    core_greens,
    core_need,
    n_cores,
):
    """``first_within_three_strict`` under the NYT hard-mode rule: each bucket separated by a
    guess of ``allowed`` that keeps the bucket's greens in place and plays each letter marked
    green or yellow at least as often (``codes``: every guess's letter codes; ``letters[h,
    a]``: how many times guess h has letter a).

    Cores (as ``first_within_three``'s): core c, ``cores[core_starts[c]:core_starts[c + 1]]``
    of the first ``n_cores``, is a set of candidates no guess of ``allowed`` separates among
    those a bucket's rule leaves (green positions ``core_greens[c]``, bit i for position i;
    ``core_need[c, a]``: letter a's marks). A guess that keeps a core together in a bucket
    whose rule asks at least as much is dropped unscanned (``counts[2]`` += such guesses):
    that bucket keeps fewer guesses. A bucket found unseparated becomes a new core (buffers
    full: not kept); ``counts[3]``: the number of cores on return. Cores hold from one state
    to another where each state's allowed guesses are those its rule leaves and its
    candidates are consistent with its history: a bucket's rule then asks what the state's
    does (the guess keeps the state's greens and marked letters, and so does each candidate,
    so the feedback marks them too), and the guesses it keeps are those its rule leaves of
    the whole list."""
    cored = (cores, core_starts, core_greens, core_need)
    hard = (True, codes, letters, cored, n_cores)
    none = np.zeros((0, 0), patterns.dtype)
    return _first_within_three_ruled(
        patterns, patterns_t, candidates, order, allowed, limit, counts, none, hard
    )
