"""Slow, independent reference implementations in plain Python (and one in NumPy).

Nothing here imports wordlekit's kernels or engine: these are written from the rules in
../shared/reference/REFERENCE.md, as directly as possible, so that a test comparing wordlekit
with them compares two independent readings of the rules.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import numpy as np


def feedback(guess: str, answer: str) -> str:
    """Tiles as a string of g/y/b: greens first, then yellows left to right."""
    tiles = ["b"] * len(guess)
    unmatched = Counter()
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            tiles[i] = "g"
        else:
            unmatched[a] += 1
    for i, g in enumerate(guess):
        if tiles[i] != "g" and unmatched[g] > 0:
            tiles[i] = "y"
            unmatched[g] -= 1
    return "".join(tiles)


def tiles_to_code(tiles: str) -> int:
    code = 0
    for t in tiles:
        code = code * 3 + "byg".index(t)
    return code


def feedback_matrix_numpy(guesses: list[str], answers: list[str]) -> np.ndarray:
    """The whole pattern matrix, vectorised over answers with NumPy (one guess at a time)."""
    length = len(guesses[0])
    ans = np.array([[ord(c) for c in w] for w in answers], dtype=np.int32)
    out = np.empty((len(guesses), len(answers)), dtype=np.int64)
    for gi, guess in enumerate(guesses):
        g = np.array([ord(c) for c in guess], dtype=np.int32)
        green = ans == g  # (n_answers, L)
        digits = np.where(green, 2, 0)
        # For each letter of the guess, how many unmatched copies the answer still has.
        for i in range(length):
            if green[:, i].all():
                continue
            letter = g[i]
            unmatched = ((ans == letter) & ~green).sum(axis=1)
            used_before = ((g[:i] == letter) & ~green[:, :i]).sum(axis=1) if i else 0
            yellow = ~green[:, i] & (used_before < unmatched)
            digits[:, i] = np.where(yellow, 1, digits[:, i])
        out[gi] = (digits * 3 ** np.arange(length - 1, -1, -1)).sum(axis=1)
    return out


def hard_mode_ok(word: str, guess: str, tiles: str) -> bool:
    """NYT hard mode: greens in place; letters marked green/yellow n times appear >= n times."""
    for i, t in enumerate(tiles):
        if t == "g" and word[i] != guess[i]:
            return False
    needed = Counter(g for g, t in zip(guess, tiles) if t in "gy")
    have = Counter(word)
    return all(have[letter] >= n for letter, n in needed.items())


def allowed_after(mode: str, guesses: list[str], history) -> list[str]:
    """Guesses allowed after a history of (guess, tiles) under ``mode``."""
    out = []
    for w in guesses:
        if mode == "easy":
            ok = True
        elif mode == "hard":
            ok = all(hard_mode_ok(w, g, t) for g, t in history)
        else:
            ok = all(feedback(g, w) == t for g, t in history)
        if ok:
            out.append(w)
    return out


def buckets(guess: str, candidates) -> Counter:
    return Counter(feedback(guess, m) for m in candidates)


# Heuristic scores: (primary value to minimise, prefers candidates on ties?)
def mig_value(guess, candidates):
    return sum(c * math.log2(c) for c in buckets(guess, candidates).values())


def mrd_value(guess, candidates):
    return sum(c * c for c in buckets(guess, candidates).values())


def gep_value(guess, candidates):
    return -len(buckets(guess, candidates))


def gep_published_value(guess, candidates):
    return len(buckets(guess, candidates))


def most_parts_then_squares_value(guess, candidates):
    """Most buckets first, then the smallest sum of squared sizes (issue 44's example)."""
    sizes = buckets(guess, candidates).values()
    return -len(sizes) * 10**12 + sum(c * c for c in sizes)


HEURISTICS = {
    "mig": (mig_value, False),
    "most-parts-then-squares": (most_parts_then_squares_value, False),
    "mrd": (mrd_value, True),
    "gep": (gep_value, True),
    "gep-published": (gep_published_value, True),
}


def heuristic_order(name, mode, candidates, allowed, candidates_first=None):
    """Allowed guesses sorted best first by the heuristic (stable, so ties keep list order)."""
    value, prefer = HEURISTICS[name]
    if candidates_first is not None:
        prefer = candidates_first
    cset = set(candidates)
    scored = []
    for pos, g in enumerate(allowed):
        parts = len(buckets(g, candidates))
        if mode != "strict" and parts < 2 and g not in cset:
            continue  # would leave the state unchanged
        v = round(value(g, candidates), 9)  # float noise must not break exact ties
        scored.append(((v, (g not in cset) if prefer else 0, pos), g))
    scored.sort()
    return [g for _, g in scored]


def heuristic_choice(name, mode, candidates, allowed):
    if len(candidates) == 1:
        return candidates[0]
    return heuristic_order(name, mode, candidates, allowed)[0]


def children(mode, guesses, candidates, allowed, history, guess):
    """Map tiles -> (candidates, allowed, history) after ``guess``."""
    out = {}
    for m in candidates:
        out.setdefault(feedback(guess, m), []).append(m)
    result = {}
    for tiles, cands in out.items():
        new_history = history + ((guess, tiles),)
        result[tiles] = (
            tuple(cands),
            tuple(allowed_after(mode, list(allowed), ((guess, tiles),))),
            new_history,
        )
    return result


def evaluate(choose, mode, guesses, answers, opener):
    """Guesses per answer when ``choose(candidates, allowed, history)`` plays after ``opener``."""
    result = {}

    def walk(candidates, allowed, history, guess, turn):
        for tiles, (cands, allw, hist) in children(
            mode, guesses, candidates, allowed, history, guess
        ).items():
            if set(tiles) == {"g"}:
                result[cands[0]] = turn
            else:
                walk(cands, allw, hist, choose(cands, allw, hist), turn + 1)

    walk(tuple(answers), tuple(guesses), (), opener, 1)
    return [result[a] for a in answers]


def heuristic_policy(name, mode):
    return lambda cands, allowed, hist: heuristic_choice(name, mode, list(cands), list(allowed))


def base_total(name, mode, guesses, candidates, allowed):
    """Total guesses of the heuristic from a state (no memo: slow and obvious)."""
    if len(candidates) == 1:
        return 1
    guess = heuristic_choice(name, mode, list(candidates), list(allowed))
    total = len(candidates)
    for tiles, (cands, allw, _) in children(mode, guesses, candidates, allowed, (), guess).items():
        if set(tiles) != {"g"}:
            total += base_total(name, mode, guesses, cands, allw)
    return total


def rollout_policy(name, mode, guesses, top_k, shortlist=None):
    """Rollout as the paper describes it, with wordlekit's documented shortlist rule."""

    def choose(cands, allowed, hist):
        if len(cands) == 1:
            return cands[0]
        base = heuristic_choice(name, mode, list(cands), list(allowed))
        ranked = heuristic_order(
            shortlist or name, mode, list(cands), list(allowed), candidates_first=True
        )
        options = [base] + [g for g in ranked[:top_k] if g != base]
        best, best_total = None, None
        for u in options:
            total = len(cands)
            for tiles, (c, a, _) in children(mode, guesses, cands, allowed, (), u).items():
                if set(tiles) != {"g"}:
                    total += base_total(name, mode, guesses, c, a)
            if best_total is None or total < best_total:
                best, best_total = u, total
        return best

    return choose


def optimal_total(mode, guesses, candidates, allowed=None, left=None, weights=None):
    """Minimum total over all strategies from a state, by exhaustive search (tiny games only).

    ``left`` caps the guesses (None: no cap); returns None when no strategy fits the cap.
    ``weights`` (a dict word -> prior weight) makes it the minimum weighted total: each answer
    counts its weight times its number of guesses.
    """
    guesses = tuple(guesses)

    def weight(words):
        return len(words) if weights is None else sum(weights[w] for w in words)

    @cache
    def opt(cands, allw, left):
        if len(cands) == 1:
            return weight(cands)
        if left is not None and left <= 1:
            return None
        best = None
        for u in allw:
            groups = children(mode, guesses, cands, allw, (), u)
            if len(groups) == 1 and u not in cands:
                # Splits nothing: in easy/hard mode the state repeats; in strict mode it only
                # shrinks the allowed list, which cannot lower the optimum. Never optimal.
                continue
            total = weight(cands)
            for tiles, (c, a, _) in groups.items():
                if set(tiles) != {"g"}:
                    sub = opt(c, a, None if left is None else left - 1)
                    if sub is None:
                        break
                    total += sub
            else:
                if best is None or total < best:
                    best = total
        return best

    return opt(tuple(candidates), tuple(guesses if allowed is None else allowed), left)


def weighted_stats(guess, candidates, weights, scale):
    """(parts, guess is a candidate, sum_b round(W_b log2 W_b * scale), sum_b W_b c_b,
    sum_b max weight in b) for a prior given as a dict word -> integer weight."""
    groups = {}
    for m in candidates:
        groups.setdefault(feedback(guess, m), []).append(weights[m])
    entropy = sum(round(sum(ws) * math.log2(sum(ws)) * scale) for ws in groups.values())
    decrease = sum(sum(ws) * len(ws) for ws in groups.values())
    heaviest = sum(max(ws) for ws in groups.values())
    return len(groups), int(guess in candidates), entropy, decrease, heaviest


def bucket_stats(guess, candidates, scale):
    """(parts, guess is a candidate, sum of c**2, sum of round(c log2 c * scale), largest c,
    parts) over the feedback buckets of ``guess``: the columns of ``wordlekit.buckets``."""
    sizes = list(buckets(guess, candidates).values())
    entropy = sum(round(c * math.log2(c) * scale) for c in sizes if c > 1)
    return (
        len(sizes),
        int(guess in candidates),
        sum(c * c for c in sizes),
        entropy,
        max(sizes),
        len(sizes),
    )


# --- Many boards (Dordle, ...): every secret played as its own game, in plain Python ---------


def boards_feedback(guess, secret, solved):
    """Each board's tiles, a board solved earlier showing all green."""
    return tuple(
        "ggggg"[: len(guess)] if done else feedback(guess, a) for a, done in zip(secret, solved)
    )


def boards_play(choose, answers, n, opener):
    """{secret tuple: guesses until every board is solved} when ``choose(sets, solved)`` plays
    after ``opener``; each board's set holds the answers consistent with its own feedback."""
    result = {}
    for secret in itertools.permutations(answers, n):
        sets, solved, guess, turn = [list(answers)] * n, [False] * n, opener, 1
        while True:
            for i in range(n):
                if solved[i]:
                    continue
                tiles = feedback(guess, secret[i])
                sets[i] = [a for a in sets[i] if feedback(guess, a) == tiles]
                solved[i] = guess == secret[i]
            if all(solved):
                result[secret] = turn
                break
            guess, turn = choose(sets, solved), turn + 1
    return result


def boards_heuristic(name, guesses):
    """The lifted heuristic of wordlekit.lifted, from its docstring's formulas (product belief)."""

    def choose(sets, solved):
        open_sets = [s for s, done in zip(sets, solved) if not done]
        if len(open_sets) == 1:
            return heuristic_choice(name, "easy", open_sets[0], list(guesses))
        union = set().union(*open_sets)
        scored = []
        for pos, g in enumerate(guesses):
            parts = [len(buckets(g, s)) for s in open_sets]
            if all(p < 2 and g not in s for p, s in zip(parts, open_sets)):
                continue
            if name == "mig":
                v = sum(mig_value(g, s) / len(s) for s in open_sets)
            elif name == "mrd":
                v = sum(math.log(mrd_value(g, s) / len(s)) for s in open_sets)
            else:
                v = -sum(p / len(s) for p, s in zip(parts, open_sets))
            prefer = (g not in union) if name != "mig" else 0
            scored.append((round(v, 9), prefer, pos, g))
        return min(scored)[3]

    return choose


def boards_optimal_total(guesses, answers, n):
    """The least total over all strategies on n boards, by exhaustive search over the sets of
    secrets (tiny games only): the knowledge is the secrets still possible and the boards
    solved."""

    @cache
    def opt(secrets, solved):
        if len(secrets) == 1 and sum(not d for d in solved) == 1:
            return 1
        best = None
        for g in guesses:
            groups = {}
            for s in secrets:
                groups.setdefault(boards_feedback(g, s, solved), []).append(s)
            if len(groups) == 1 and not any(
                g == s[i] for s in secrets for i in range(n) if not solved[i]
            ):
                continue  # changes nothing
            total = len(secrets)
            for tiles, members in groups.items():
                now = tuple(t == "g" * len(g) for t in tiles)
                if all(now):
                    continue
                total += opt(frozenset(members), now)
            if best is None or total < best:
                best = total
        return best

    return opt(frozenset(itertools.permutations(answers, n)), (False,) * n)


def least_worst(mode, guesses, candidates, allowed=None):
    """The fewest guesses that solve every candidate (minimax), by exhaustive search (tiny
    games only): W(one candidate) = 1, W(S) = min over guesses g of 1 + max over the
    feedbacks other than all green of W(the bucket)."""
    guesses = tuple(guesses)

    @cache
    def worst(cands, allw):
        if len(cands) == 1:
            return 1
        best = None
        for u in allw:
            groups = children(mode, guesses, cands, allw, (), u)
            if len(groups) == 1 and u not in cands:
                continue  # splits nothing: never shortens a game
            deepest = 0
            for tiles, (c, a, _) in groups.items():
                if set(tiles) != {"g"}:
                    deepest = max(deepest, worst(c, a))
            if best is None or 1 + deepest < best:
                best = 1 + deepest
        return best

    return worst(tuple(candidates), tuple(guesses if allowed is None else allowed))


def mean_then_worst(mode, guesses, candidates, allowed=None, left=None):
    """(least TOTAL, least worst case among the strategies of that TOTAL) within ``left``
    guesses (None: no cap), by exhaustive search; None if no strategy fits. For one guess the
    TOTAL is a sum over the buckets and the worst case a maximum, so the pair minimised
    lexicographically bucket by bucket is the pair of the best strategy through that guess."""
    guesses = tuple(guesses)

    @cache
    def opt(cands, allw, left):
        if len(cands) == 1:
            return (1, 1)
        if left is not None and left <= 1:
            return None
        best = None
        for u in allw:
            groups = children(mode, guesses, cands, allw, (), u)
            if len(groups) == 1 and u not in cands:
                continue
            total, deepest = len(cands), 0
            for tiles, (c, a, _) in groups.items():
                if set(tiles) != {"g"}:
                    sub = opt(c, a, None if left is None else left - 1)
                    if sub is None:
                        break
                    total, deepest = total + sub[0], max(deepest, sub[1])
            else:
                if best is None or (total, 1 + deepest) < best:
                    best = (total, 1 + deepest)
        return best

    return opt(tuple(candidates), tuple(guesses if allowed is None else allowed), left)


def absurdle_response(guess, candidates):
    """Absurdle's adversary, from the rules: the tiles of the largest bucket; among equal
    sizes the fewest greens, then the fewest yellows, then the smallest base-3 code."""
    groups = buckets(guess, candidates)
    return min(
        groups,
        key=lambda t: (-groups[t], t.count("g"), t.count("y"), tiles_to_code(t)),
    )


def absurdle_shortest(mode, guesses, answers, longest=6):
    """The fewest guesses that win Absurdle whatever largest bucket the adversary keeps, by
    exhaustive search: the guesses that leave one word, then that word (None beyond
    ``longest``)."""
    guesses = tuple(guesses)

    @cache
    def leaves_one(cands, allw, j):
        if len(cands) == 1:
            return True
        if j == 0:
            return False
        for u in allw:
            groups = children(mode, guesses, cands, allw, (), u)
            top = max(len(c) for c, _, _ in groups.values())
            if top == len(cands):
                continue
            kept = [(c, a) for c, a, _ in groups.values() if len(c) == top]
            if all(leaves_one(c, a, j - 1) for c, a in kept):
                return True
        return False

    for j in range(longest):
        if leaves_one(tuple(answers), guesses, j):
            return j + 1
    return None


# -- Mastermind: the pegs and the optimum under either rule, by brute force ----------------------


def mastermind_codes(pegs: int, colours: int) -> tuple[str, ...]:
    """Every code of ``pegs`` pegs of colours 1..``colours``, in increasing order."""
    return tuple("".join(c) for c in itertools.product("123456789"[:colours], repeat=pegs))


def mastermind_pegs(guess: str, secret: str) -> tuple[int, int]:
    """(black, white): black where guess and secret agree; white the colours they share over
    all positions (the least of the two counts of each colour) less the blacks."""
    black = sum(a == b for a, b in zip(guess, secret))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


def mastermind_opener_totals(pegs: int, colours: int, strict: bool) -> dict:
    """Each opener's least TOTAL over every strategy (no cap), by exhaustive search: any code
    may be guessed, or (``strict``) only the codes consistent with every feedback so far, which
    are the candidates (every code is a possible secret)."""
    codes = mastermind_codes(pegs, colours)
    solved = (pegs, 0)

    @cache
    def after(candidates: frozenset, guess: str) -> float:
        groups: dict = {}
        for secret in candidates:
            groups.setdefault(mastermind_pegs(guess, secret), []).append(secret)
        if len(groups) == 1 and guess not in candidates:
            return math.inf  # no progress
        return len(candidates) + sum(
            total(frozenset(group)) for fb, group in groups.items() if fb != solved
        )

    @cache
    def total(candidates: frozenset) -> float:
        if len(candidates) == 1:
            return 1
        allowed = sorted(candidates) if strict else codes
        return min(after(candidates, guess) for guess in allowed)

    everything = frozenset(codes)
    return {opener: after(everything, opener) for opener in codes}
