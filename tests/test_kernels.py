"""The kernels other tests reach only through a caller, each against a plain reference.

``wordlekit/_kernels`` promises that every kernel is checked against a plain twin. Most are
checked where their caller is tested (the pattern matrix in test_feedback.py, the bucket
statistics in test_buckets.py, ...); the kernels below had no direct check, only callers that
might hide a mistake (a strict-mode filter that is never asked about some word, a top-k that
never meets an excluded key). Each is compared here with tests/reference.py or a few lines of
plain Python written from its docstring.
"""

import ast
import itertools
import math
from pathlib import Path

import numba
import numpy as np
import pytest

from wordlekit import _kernels, evaluate, get_heuristic
from wordlekit._kernels import conventions, keys
from wordlekit.buckets import ENTROPY_SCALE, Columns, entropy_table
from wordlekit.feedback import alphabet_of, compute_pattern_matrix, parse_feedback
from wordlekit.game import small_game
from wordlekit.policies import make_policy

from . import reference
from .conftest import SMALL_GAMES

EXCLUDED = _kernels.EXCLUDED
#: (entropy, squares, heaviest, outside) weights of MIG, MRD, GEP and the published GEP
#: (``wordlekit.heuristics``): the keys the early-exit scan is used with.
HEURISTIC_COEFS = [(1, 0, 0, 0), (0, 2, 0, 1), (0, 0, -2, 1), (0, 0, 2, 1)]


def tiles(code: int, length: int) -> str:
    return "".join("byg"[code // 3 ** (length - 1 - i) % 3] for i in range(length))


def sample_candidates(game, rng, sizes=(1, 2, 5, 12, 40)):
    """Sorted answer-index sets of several sizes (int32, as the engine passes them)."""
    n = len(game.answers)
    return [np.sort(rng.choice(n, min(size, n), replace=False)).astype(np.int32) for size in sizes]


def reference_key(stats, coef, require_progress):
    """The heuristic key from (parts, in_set, squares, entropy, heaviest), as documented."""
    parts, in_set, squares, entropy, heaviest = stats
    if require_progress and parts < 2 and not in_set:
        return EXCLUDED
    return coef[0] * entropy + coef[1] * squares + coef[2] * heaviest + coef[3] * (1 - in_set)


def unit_stats(guess, words):
    parts, in_set, squares, entropy, _, heaviest = reference.bucket_stats(
        guess, words, ENTROPY_SCALE
    )
    return parts, in_set, squares, entropy, heaviest


def weighted_stats(guess, words, weights, scale):
    parts, in_set, entropy, squares, heaviest = reference.weighted_stats(
        guess, words, weights, scale
    )
    return parts, in_set, squares, entropy, heaviest


# --- feedback of single words ----------------------------------------------------------------


def test_feedback_code_and_row_against_plain_python():
    """Words over three letters repeat letters in every way; every ordered pair is checked."""
    rng = np.random.default_rng(0)
    words = sorted({"".join(rng.choice(list("abc"), 5)) for _ in range(60)})
    codes = np.array([[ord(c) - ord("a") for c in w] for w in words], dtype=np.uint8)
    counts = np.zeros(3, dtype=np.int32)
    indices = np.arange(len(words), dtype=np.int32)
    for i, guess in enumerate(words):
        want = [reference.tiles_to_code(reference.feedback(guess, answer)) for answer in words]
        got = [_kernels.feedback_code(codes[i], codes[j], counts) for j in range(len(words))]
        assert got == want, guess
        assert not counts.any()  # the scratch is zero again after every call
        row = np.empty(len(words), dtype=np.int64)
        _kernels.fill_feedback_row(codes[i], codes, indices[::-1].copy(), 3, row)
        assert row.tolist() == want[::-1]
    # several guesses' rows at once, against the same plain feedback
    rows, cols = np.array([4, 0, 9], np.int32), indices[::2].copy()
    block = np.empty((len(rows), len(cols)), dtype=np.uint8)
    _kernels.fill_feedback_rows(codes, rows, cols, 3, block)
    for i, g in enumerate(rows):
        want = [reference.tiles_to_code(reference.feedback(words[g], words[j])) for j in cols]
        assert block[i].tolist() == want, words[g]


def test_hard_mode_mask_against_the_rule(original):
    """Every guess of the original list after a few (guess, feedback) pairs with repeated
    letters, against the NYT rule of tests/reference.py."""
    words = list(original.guesses)
    indices = np.arange(len(words), dtype=np.int32)
    n_symbols = len(original.alphabet)
    for guess, answer in [
        ("speed", "erase"),
        ("salet", "olive"),
        ("eerie", "creep"),
        ("sassy", "basis"),
        ("llama", "hello"),
    ]:
        fb = reference.feedback(guess, answer)
        mask = np.empty(len(words), dtype=np.bool_)
        _kernels.fill_hard_mode_mask(
            original.guess_codes[original.guess_index(guess)],
            parse_feedback(fb, 5),
            original.guess_codes,
            indices,
            n_symbols,
            mask,
        )
        want = [reference.hard_mode_ok(w, guess, fb) for w in words]
        assert mask.tolist() == want, (guess, fb)


# --- splitting candidates ---------------------------------------------------------------------


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_split_and_count_buckets_against_plain_grouping(spec):
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    counts = np.zeros(game.n_patterns, dtype=np.int32)
    for cands in sample_candidates(game, rng):
        words = [game.answers[i] for i in cands]
        for g in range(len(game.guesses)):
            guess = game.guesses[g]
            groups = {}
            for a, w in zip(cands.tolist(), words):
                code = reference.tiles_to_code(reference.feedback(guess, w))
                groups.setdefault(code, []).append(a)
            order = sorted(groups)
            got_cands, got_codes, starts = _kernels.split_candidates(game.patterns[g], cands)
            assert got_cands.tolist() == [a for p in order for a in groups[p]]
            assert [got_codes[s] for s in starts[:-1]] == order
            assert np.diff(starts).tolist() == [len(groups[p]) for p in order]
            parts, in_set = keys._count_buckets(game.patterns[g], cands, game.solved, counts)
            assert (parts, in_set) == (len(groups), int(guess in words))
            assert {int(p): int(counts[p]) for p in np.flatnonzero(counts)} == {
                p: len(m) for p, m in groups.items()
            }
            counts[:] = 0  # the caller zeroes the counts (see the kernel's docstring)
            # split_for_bound: the same groups, the floors of all but all-green summed, and the
            # groups of 3 or more but all-green, largest first, equal sizes in pattern order
            table = np.arange(len(game.answers) + 1) ** 2 + 7  # any per-size values
            solved = reference.tiles_to_code("g" * game.length)
            got_cands, got_patterns, starts, floor, larger = _kernels.split_for_bound(
                game.patterns[g], cands, table, solved, 3
            )
            assert got_cands.tolist() == [a for p in order for a in groups[p]]
            assert got_patterns.tolist() == order and np.diff(starts).tolist() == [
                len(groups[p]) for p in order
            ]
            assert floor == sum(int(table[len(groups[p])]) for p in order if p != solved)
            big = sorted((-len(groups[p]), p) for p in order if p != solved and len(groups[p]) >= 3)
            assert [order[b] for b in larger] == [p for _, p in big]
            # floor_sums: that floor for one guess among all, from the same groups
            sums = _kernels.floor_sums(
                game.patterns, cands, np.array([g]), table, solved, game.n_patterns
            )
            assert sums.tolist() == [floor]


def fewest_collisions(members: list[str]) -> int:
    """The fewest collisions any word of ``members`` makes as a guess among them (a candidate
    landing in a bucket that already holds one), 2 standing for two or more."""
    return min(min(len(members) - len(reference.buckets(w, members)), 2) for w in members)


@pytest.mark.parametrize("spec", [SMALL_GAMES[0], SMALL_GAMES[3]])
def test_split_for_search_against_plain_grouping(spec):
    """``split_for_search``: per bucket of 3 or more (all green excluded), its candidates tried
    as its next guess. A bucket one of them splits perfectly is settled at its floor, one with
    a single collision at 2c when ``left`` >= 3; every other one is searched, largest first,
    with the floor max(table[c], 2c), which the sum of floors also takes for every bucket
    without a perfect candidate. Through the whole matrix and through a restriction of its
    columns (``buckets.Columns``). And ``split_heads``, every guess at once: each one's floor
    sum and its first bucket to search (smallest or largest), with its floor and candidates."""
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    solved = reference.tiles_to_code("g" * game.length)
    sizes = np.arange(len(game.answers) + 1)
    # a floor of 2c - 1 up to 6 candidates and more above, as BOUND(c, F) is for a small F
    table = np.where(sizes <= 6, 2 * sizes - 1, 3 * sizes - 7)
    identity = np.arange(len(game.answers), dtype=np.int32)
    seen = set()  # the collision counts met, so that each case is exercised
    for cands in sample_candidates(game, rng, sizes=(12, 40)):
        words = [game.answers[i] for i in cands]
        # a restriction to the candidates and a few other answers, in another order
        others = rng.choice(len(game.answers), 5, replace=False)
        columns = Columns(game, rng.permutation(np.union1d(cands, others)).astype(np.int32))
        heads = {}  # (left, smallest first) -> per guess (floor, pattern, floor, candidates)
        for g in range(len(game.guesses)):
            groups = {}
            for a, w in zip(cands.tolist(), words):
                code = reference.tiles_to_code(reference.feedback(game.guesses[g], w))
                groups.setdefault(code, []).append(a)
            order = sorted(groups)
            for left in (2, 3):
                want_floor = 0
                want = []  # (-size, pattern, floor) of the buckets still to search
                for p in order:
                    if p == solved:
                        continue
                    c = len(groups[p])
                    want_floor += int(table[c])
                    if c < 3:
                        continue
                    fewest = fewest_collisions([game.answers[a] for a in groups[p]])
                    seen.add(fewest)
                    if fewest > 0:
                        want_floor += max(0, 2 * c - int(table[c]))
                    if fewest > (1 if left >= 3 else 0):
                        want.append((-c, p, max(int(table[c]), 2 * c)))
                want.sort()
                for smallest_first in (False, True):
                    first = want[-1 if smallest_first else 0] if want else (0, -1, 0)
                    members = groups[first[1]] if want else []
                    heads.setdefault((left, smallest_first), []).append(
                        (want_floor, first[1], first[2], members)
                    )
                for matrix, column in (
                    (game.patterns, identity),
                    (columns.matrix, columns.position),
                ):
                    got_cands, patterns, starts, floor, search, floors = _kernels.split_for_search(
                        game.patterns[g],
                        cands,
                        table,
                        solved,
                        matrix,
                        column,
                        game.guess_of_answer,
                        game.n_patterns,
                        left,
                    )
                    assert got_cands.tolist() == [a for p in order for a in groups[p]]
                    assert patterns.tolist() == order
                    assert floor == want_floor
                    assert [patterns[b] for b in search] == [p for _, p, _ in want]
                    assert floors.tolist() == [f for _, _, f in want]
        guesses = np.arange(len(game.guesses), dtype=np.int32)
        for (left, smallest_first), want_heads in heads.items():
            for matrix, column in ((game.patterns, identity), (columns.matrix, columns.position)):
                m = len(guesses)
                floors, patterns, head_floors = (np.empty(m, dtype=np.int64) for _ in range(3))
                starts = np.empty(m + 1, dtype=np.int64)
                members = _kernels.split_heads(
                    game.patterns,
                    cands,
                    guesses,
                    table,
                    solved,
                    matrix,
                    column,
                    game.guess_of_answer,
                    game.n_patterns,
                    left,
                    smallest_first,
                    floors,
                    patterns,
                    head_floors,
                    starts,
                )
                got = [
                    (f, p, h, members[starts[t] : starts[t + 1]].tolist())
                    for t, (f, p, h) in enumerate(zip(floors, patterns, head_floors))
                ]
                assert got == want_heads
    assert seen == {0, 1, 2}


# --- keys and their selection -----------------------------------------------------------------


@pytest.mark.parametrize("spec", SMALL_GAMES[:2])
def test_guess_keys_against_their_formula(spec):
    """``fill_guess_keys`` (and ``_guess_key``, which it calls) with an arbitrary per-bucket
    table and weights: w0 * sum table[c_b] + w1 * parts + w2 * largest + w3 * outside."""
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    table = rng.integers(0, 1000, len(game.answers) + 1).astype(np.int64)
    weights = np.array([3, -5, 7, 11], dtype=np.int64)
    allowed = np.sort(rng.choice(len(game.guesses), len(game.guesses) // 2, replace=False)).astype(
        np.int32
    )
    for cands in sample_candidates(game, rng):
        words = [game.answers[i] for i in cands]
        for require_progress in (True, False):
            got = np.empty(len(allowed), dtype=np.int64)
            _kernels.fill_guess_keys(
                game.patterns,
                cands,
                allowed,
                table,
                weights,
                require_progress,
                game.n_patterns,
                got,
            )
            want = []
            for g in allowed:
                sizes = list(reference.buckets(game.guesses[g], words).values())
                outside = int(game.guesses[g] not in words)
                if require_progress and len(sizes) < 2 and outside:
                    want.append(EXCLUDED)
                else:
                    want.append(
                        3 * sum(table[c] for c in sizes)
                        - 5 * len(sizes)
                        + 7 * max(sizes)
                        + 11 * outside
                    )
            assert got.tolist() == want


def test_select_top_k_against_a_sort():
    """Positions of the k smallest int64 keys, ties to the earlier position, EXCLUDED never
    chosen (``best_positions`` and ``Heuristic.rank`` rely on all three)."""
    rng = np.random.default_rng(1)
    for trial in range(30):
        keys = rng.integers(0, 6, rng.integers(1, 80)).astype(np.int64)
        keys[rng.random(len(keys)) < 0.3] = EXCLUDED
        for k in (1, 2, 7, len(keys), len(keys) + 3):
            out = np.empty(k, dtype=np.int64)
            found = _kernels.select_top_k(keys, k, out)
            want = sorted(
                (t for t in range(len(keys)) if keys[t] != EXCLUDED), key=lambda t: (keys[t], t)
            )[:k]
            assert out[:found].tolist() == want


def test_stats_key_against_its_formula():
    rng = np.random.default_rng(2)
    for trial in range(200):
        stats = rng.integers(0, 50, _kernels.N_BUCKET_STATS).astype(np.int64)
        stats[_kernels.IN_SET] = rng.integers(0, 2)
        stats[_kernels.PARTS] = rng.integers(1, 4)
        coef = rng.integers(-5, 6, 4).astype(np.int64)
        for require_progress in (True, False):
            want = reference_key(
                (
                    stats[_kernels.PARTS],
                    stats[_kernels.IN_SET],
                    stats[_kernels.SQUARES],
                    stats[_kernels.ENTROPY],
                    stats[_kernels.HEAVIEST],
                ),
                coef,
                require_progress,
            )
            assert keys._stats_key(stats, coef, require_progress) == want


# --- the prior's fixed-point entropy ---------------------------------------------------------


def test_xlog2x_and_singleton_entropy_against_the_definition():
    scale = 2**20
    for mass in (0, 1, 2, 3, 7, 1000, 123457):
        want = round(mass * math.log2(mass) * scale) if mass > 1 else 0
        assert keys._xlog2x(np.int64(mass), scale) == want
    rng = np.random.default_rng(3)
    weights = rng.integers(1, 5000, 200).astype(np.int64)
    cands = np.sort(rng.choice(200, 50, replace=False)).astype(np.int32)
    want = sum(round(w * math.log2(w) * scale) if w > 1 else 0 for w in weights[cands].tolist())
    assert _kernels.singleton_entropy(cands, weights, scale) == want


# --- the heuristics' early-exit scan ----------------------------------------------------------


def _steps(game, coef):
    """(step, grows) as ``Heuristic._steps`` builds them, from the plain entropy table."""
    table = entropy_table(len(game.answers))
    sizes = np.arange(len(table) - 1, dtype=np.int64)
    step = coef[0] * np.diff(table) + coef[1] * (2 * sizes + 1)
    return step, bool(step.min() >= 0 and coef[2] >= 0 and coef[3] >= 0)


@pytest.mark.parametrize("spec", SMALL_GAMES[:2])
def test_partial_key_is_the_key_or_proves_it_no_better(spec):
    """``_partial_key`` returns a guess's key (``_stats_key`` with unit weights) when it is below
    ``best``; otherwise something no smaller than ``best`` (it may stop early)."""
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    counts = np.zeros(game.n_patterns, dtype=np.int32)
    for coef in HEURISTIC_COEFS:
        step, grows = _steps(game, coef)
        coef = np.array(coef, dtype=np.int64)
        for cands in sample_candidates(game, rng, (2, 9, 30)):
            words = [game.answers[i] for i in cands]
            for g in range(0, len(game.guesses), 3):
                key = reference_key(unit_stats(game.guesses[g], words), coef, True)
                for best in {EXCLUDED, key, min(key + 1, EXCLUDED), key - 1, 0}:
                    got = keys._partial_key(
                        game.patterns[g], cands, step, coef, grows, True, game.solved, counts, best
                    )
                    assert not counts.any()
                    if key < best:
                        assert got == key, (coef, g, best)
                    else:
                        assert got >= best, (coef, g, best)


@pytest.mark.parametrize("spec", SMALL_GAMES)
@pytest.mark.parametrize("weighted", [False, True])
def test_first_best_guess_is_the_first_smallest_key(spec, weighted):
    """The sequential scan behind every heuristic's choice at small states, with unit weights
    and with a prior's, against the first minimum of keys computed from tests/reference.py; the
    bound (the best key possible) only stops the scan early; the guesses scored first, the
    floor of the others' keys and the block copied from the transposed matrix only change how
    soon."""
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    scale = 2**24
    weights = (
        rng.integers(1, 1000, len(game.answers)).astype(np.int64)
        if weighted
        else np.empty(0, dtype=np.int64)
    )
    by_word = dict(zip(game.answers, weights.tolist()))
    # the matrix as it is and as a game of six letters has it (uint16), with its transpose
    # (read by the scan's block) or none
    matrices = [
        (m, t)
        for m in (game.patterns, game.patterns.astype(np.uint16))
        for t in (np.empty((0, 0), dtype=m.dtype), np.ascontiguousarray(m.T))
    ]
    allowed = np.sort(
        rng.choice(len(game.guesses), 2 * len(game.guesses) // 3, replace=False)
    ).astype(np.int32)
    for coef in HEURISTIC_COEFS:
        step, grows = _steps(game, coef)
        for cands in sample_candidates(game, rng, (2, 3, 8, 20)):
            words = [game.answers[i] for i in cands]
            for require_progress in (True, False):
                keys = [
                    reference_key(
                        weighted_stats(game.guesses[g], words, by_word, scale)
                        if weighted
                        else unit_stats(game.guesses[g], words),
                        coef,
                        require_progress,
                    )
                    for g in allowed
                ]
                best = min(keys)
                want = -1 if best == EXCLUDED else keys.index(best)
                # guesses scored first, and a floor of the others' keys: none; the allowed
                # candidates, with the least key of the others (as tight as a floor can be);
                # the answer itself; any five (the answer may not depend on them)
                own = np.isin(allowed, game.guess_of_answer[cands])
                no_floor = np.iinfo(np.int64).min
                others = min(np.array(keys)[~own], default=no_floor)
                firsts = [
                    (np.zeros(0, np.int64), no_floor),
                    (np.flatnonzero(own), others),
                    (np.array([max(want, 0)]), no_floor),
                    (rng.choice(len(allowed), 5, replace=False)[::-1], no_floor),
                ]
                for bound, (first, floor), (matrix, matrix_t) in itertools.product(
                    (no_floor, best), firsts, matrices
                ):
                    got = _kernels.first_best_guess(
                        matrix,
                        matrix_t,
                        cands,
                        weights,
                        allowed,
                        first,
                        floor,
                        step,
                        grows,
                        scale,
                        np.array(coef, dtype=np.int64),
                        require_progress,
                        game.n_patterns,
                        bound,
                    )
                    assert got == want, (coef, require_progress, bound, first, floor)


def _kernel_modules():
    return sorted(Path(_kernels.__file__).parent.glob("*.py"))


def test_each_kernel_module_is_closed_under_calls():
    """numba's cache checks only the file of the kernel it loads, not the files of the kernels
    compiled into it (``wordlekit/_kernels/__init__.py``): a kernel module may import numpy,
    numba and the constants of ``conventions``, and nothing else of the package."""
    constants = {name for name in vars(conventions) if name.isupper() and not name.startswith("_")}
    checked = 0
    for path in _kernel_modules():
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                assert {a.name.split(".")[0] for a in node.names} <= {"numpy", "numba"}, path
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module.split(".")[0] in {"numpy", "numba"}, (path, node.module)
            elif isinstance(node, ast.ImportFrom):
                assert (node.level, node.module) == (1, "conventions"), (path, node.module)
                assert {a.name for a in node.names} <= constants, path
                checked += 1
    assert checked >= 3  # patterns, keys and statistics read conventions: their imports were seen


def test_every_kernel_is_cached_and_conventions_holds_none():
    for path in _kernel_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef):
                continue
            for deco in node.decorator_list:
                call = deco if isinstance(deco, ast.Call) else ast.Call(deco, [], [])
                if getattr(call.func, "id", "") == "njit":
                    assert path.name != "conventions.py", node.name
                    cache = [k.value for k in call.keywords if k.arg == "cache"]
                    assert cache and cache[0].value is True, (path.name, node.name)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="numba has one thread here")
def test_parallel_kernels_on_every_thread_as_on_one(original):
    # The tests of `pytest -n` run numba on their process's share of the cores (conftest), one
    # thread on two cores: here numba's whole pool, on the original game, where every parallel
    # loop is split into many chunks. The pattern matrix is the one test_feedback checks pair
    # by pair; the policies' TOTALs and distributions must not depend on the split either.
    guesses, answers = original.guesses, original.answers
    alphabet = alphabet_of(guesses)
    before = numba.get_num_threads()
    found = {}
    try:
        for threads in (numba.config.NUMBA_NUM_THREADS, 1):
            numba.set_num_threads(threads)
            matrix = compute_pattern_matrix(guesses.encode(alphabet), answers.encode(alphabet))
            np.testing.assert_array_equal(matrix, original.patterns)
            found[threads] = [
                (run.total, run.distribution)
                for run in (
                    evaluate(original, get_heuristic("mrd"), "salet"),
                    evaluate(original, make_policy("rollout-mig"), "salet"),
                )
            ]
    finally:
        numba.set_num_threads(before)
    assert found[numba.config.NUMBA_NUM_THREADS] == found[1]
