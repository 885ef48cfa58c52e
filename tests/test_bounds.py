"""Lower bounds of Cunanan & Thielscher: BOUND, LB_i, V_i and the opener filtering."""

import math
from functools import cache

import numpy as np
import pytest

from wordlekit.bounds import LowerBounds, bound
from wordlekit.branch_and_bound import NO_LIMIT
from wordlekit.buckets import split_bounds
from wordlekit.game import small_game
from wordlekit.optimal import Solver

from . import reference


def bound_closed_form(n, b):
    """Theorem 3 of the paper, as printed (an independent formula for BOUND)."""
    if n == 0:
        return 0
    if b == 1:
        return n * (n + 1) // 2
    k = 0
    while (b ** (k + 1) - 1) // (b - 1) <= n:  # k = floor(log_b(n(b - 1) + 1)), exactly
        k += 1
    return sum(i * b ** (i - 1) for i in range(1, k + 1)) + (k + 1) * (n - (b**k - 1) // (b - 1))


def test_bound_matches_the_closed_form():
    for b in range(1, 12):
        for n in range(0, 300):
            assert bound(n, b) == bound_closed_form(n, b), (n, b)
    assert bound(2315, 150) == bound_closed_form(2315, 150)
    assert math.floor(math.log(2315 * 149 + 1, 150)) == 2  # depth of the last full level


def reference_bounds(game, mode="easy"):
    """LB_i and V_i straight from Definitions 16 and 17: plain Python, no pruning.

    A state is (candidates, allowed guesses). Under the hard or strict rule the guesses of a
    state are its allowed ones (the rule applied by tests/reference.py, not by wordlekit),
    in the minimum of LB_{i+2} and in MaxSplits(C) of LB_2; LB_1 keeps MaxSplits of the root.
    """
    guesses = tuple(game.guesses)
    answers = tuple(game.answers)

    def splits(g, cands):
        return reference.buckets(g, cands)

    max_splits_root = max(len(splits(g, answers)) for g in guesses)

    @cache
    def lb(i, cands, allowed=guesses):
        n = len(cands)
        if n == 0:
            return 0
        if i == 1:
            return bound_closed_form(n, max_splits_root)
        if i == 2:
            return bound_closed_form(n, max(len(splits(g, cands)) for g in allowed))
        useful = [g for g in allowed if n == 1 or len(splits(g, cands)) != 1]
        return min(v(i - 2, g, cands, allowed) for g in useful)

    def v(i, g, cands, allowed=guesses):
        children = reference.children(mode, guesses, cands, allowed, (), g)
        return len(cands) + sum(
            lb(i, c, a) for tiles, (c, a, _) in children.items() if set(tiles) != {"g"}
        )

    return lb, v


@cache
def shared_reference_bounds(mode, n_answers, n_other, seed, suffix):
    """:func:`reference_bounds` of ``small_game(n_answers, n_other, seed, mode, suffix)``, built
    once for the tests that check several settings of wordlekit (pruning, workers) against the
    same definition: the plain-Python recursion is most of their time."""
    return reference_bounds(small_game(n_answers, n_other, seed, mode=mode, suffix=suffix), mode)


@pytest.mark.parametrize(
    "mode, n_answers, seed, suffix",
    [
        ("easy", 9, 41, ""),
        ("easy", 9, 42, "ight"),
        ("easy", 8, 43, "ake"),
        *[
            (mode, n, seed, suffix)
            for mode in ("hard", "strict")
            for n, seed, suffix in [(9, 51, ""), (9, 52, "ight"), (8, 53, "ake")]
        ],
    ],
)
@pytest.mark.parametrize("prune_min", [None, 2])
def test_lb_and_v_equal_their_definitions(mode, n_answers, seed, suffix, prune_min, monkeypatch):
    game = small_game(n_answers, 8, seed, mode=mode, suffix=suffix)
    lb_ref, v_ref = shared_reference_bounds(mode, n_answers, 8, seed, suffix)
    bounds = LowerBounds(game)
    if prune_min is not None:  # every MaxSplits scan pruned by buckets.split_bounds, started
        from wordlekit import bounds as module  # from one candidate's own guess,
        from wordlekit import buckets

        monkeypatch.setattr(buckets, "PRUNE_MIN", prune_min)  # and V_1 of every set scored
        monkeypatch.setattr(module, "OWN_SAMPLE", 1)  # lazily from bucket counts
        bounds._small = 0
    root = game.initial_state()
    answers = tuple(game.answers)
    for i in range(1, 6):
        assert bounds.lb(i, root) == lb_ref(i, answers), i
        for g, word in enumerate(game.guesses):
            assert bounds.v(i, root, g) == v_ref(i, word, answers), (i, word)
        # one level deeper, where a rule has removed guesses: every child of every opener
        for g in range(len(game.guesses)):
            for _, child in game.children(root, g):
                allowed = game.all_guesses if child.allowed is None else child.allowed
                want = lb_ref(
                    i,
                    tuple(game.answers[a] for a in child.candidates),
                    tuple(game.guesses[a] for a in allowed),
                )
                assert bounds.lb(i, child) == want, (i, game.guesses[g])
    # Below a beta the value is exact; at or above it, a proof of at least beta.
    exact = bounds.lb(5, root)
    assert LowerBounds(game).lb(5, root, exact + 1) == exact
    assert LowerBounds(game).lb(5, root, exact) >= exact


@pytest.mark.parametrize(
    "mode, n_answers, seed, suffix",
    [("easy", 20, 61, ""), ("easy", 9, 62, "ight"), ("hard", 18, 63, ""), ("strict", 14, 64, "er")],
)
def test_budgets_give_exact_values_below_them_and_proofs_at_or_above(mode, n_answers, seed, suffix):
    # LB_2 and LB_3 under a budget skip every guess that cannot bring the value below it, and
    # remember "MaxSplits <= b" apart from exact counts: at every budget around the true value,
    # in an order that mixes them on one LowerBounds (so that a bound proved under one budget
    # is met by the next), a value below the budget is the definition's, any other at least it.
    game = small_game(n_answers, 10, seed, mode=mode, suffix=suffix)
    lb_ref, v_ref = reference_bounds(game, mode)
    bounds = LowerBounds(game)
    bounds._small = 0 if seed % 2 else bounds._small  # LB_3 of small sets both ways
    root = game.initial_state()
    rng = np.random.default_rng(seed)
    checked = 0
    for g in range(len(game.guesses)):
        for _, child in game.children(root, g):
            n = len(child.candidates)
            if n < 4:
                continue
            allowed = game.all_guesses if child.allowed is None else child.allowed
            cands = tuple(game.answers[a] for a in child.candidates)
            words = tuple(game.guesses[a] for a in allowed)
            for i in (2, 3):
                want = lb_ref(i, cands, words)
                for beta in rng.permutation(np.arange(want - 3, want + 4)):
                    got = bounds.lb(i, child, int(beta))
                    assert got == want if want < beta else got >= beta, (i, n, beta, got, want)
                    checked += 1
                assert bounds.lb(i, child) == want  # no budget: exact, whatever came before
    assert checked > 100
    for i in (2, 3, 4):
        for g, word in enumerate(game.guesses):
            want = v_ref(i, word, tuple(game.answers))
            for beta in (want - 2, want, want + 1, NO_LIMIT):
                got = bounds.v(i, root, g, beta)
                assert got == want if want < beta else got >= beta, (i, word, beta)


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_cheap_v_and_its_even_split_floor_against_a_plain_count(mode):
    # cheap_v(i, C)[g] = |C| + sum over g's buckets but the all-green one of BOUND(c, b), b the
    # root's MaxSplits for odd i and C's for even i; before a search asks for it, a guess with
    # k buckets is only bounded by n split evenly into k buckets, which must never exceed it.
    game = small_game(40, 30, 57, mode=mode, suffix="er")  # MaxSplits(S) 14: buckets beyond it
    bounds = LowerBounds(game)
    bounds._small = 0  # the floor on odd i too, not just the exact count of small sets
    guesses, answers = list(game.guesses), list(game.answers)
    root = game.initial_state()
    states = [root] + [c for g in (0, 7) for _, c in game.children(root, g) if len(c) >= 3]
    below = met = 0
    for state in states:
        cands = [answers[a] for a in state.candidates]
        allowed = [guesses[g] for g in game.allowed_guesses(state)]
        for i in (1, 2, 3, 4):
            b = (
                max(len(reference.buckets(g, answers)) for g in guesses)
                if i % 2
                else max(len(reference.buckets(g, cands)) for g in allowed)
            )
            floors, _, exact = bounds._cheap_v_and_parts(i, state)
            assert exact is not None
            floors = floors.copy()
            values = bounds.cheap_v(i, state)
            for g, word in enumerate(guesses):
                groups = reference.buckets(word, cands)
                if word not in allowed or (len(groups) == 1 and word not in cands):
                    assert values[g] == floors[g] == NO_LIMIT, (i, word)
                    continue
                want = len(cands) + sum(
                    bound_closed_form(c, b) for tiles, c in groups.items() if set(tiles) != {"g"}
                )
                assert values[g] == want, (i, word)
                assert floors[g] <= want, (i, word)
            below += int((floors < values).sum())
            met += int(((floors == values) & (values < NO_LIMIT)).sum())
    assert below > 0 and met > 0  # a real bound: neither a copy of the values nor a token


@pytest.mark.parametrize("n_answers, seed, suffix", [(14, 54, ""), (12, 55, "er"), (9, 56, "ight")])
def test_hard_bounds_sit_between_the_easy_bounds_and_the_hard_optimum(n_answers, seed, suffix):
    hard = small_game(n_answers, 12, seed, mode="hard", suffix=suffix)
    easy = hard.with_mode("easy")
    hard_bounds, easy_bounds = LowerBounds(hard), LowerBounds(easy)
    hard_solver = Solver(hard, max_guesses=None)
    for g in range(len(hard.guesses)):
        optimum = hard_solver.opener_total(g)  # uncapped: every capped optimum is above it
        for i in range(1, 6):
            value = hard_bounds.v(i, hard.initial_state(), g)
            assert easy_bounds.v(i, easy.initial_state(), g) <= value <= optimum, (i, g)


@pytest.mark.parametrize("n_answers, seed, suffix", [(14, 44, ""), (14, 45, "er"), (9, 46, "ight")])
def test_bounds_rise_towards_the_optimum(n_answers, seed, suffix):
    game = small_game(n_answers, 12, seed, suffix=suffix)
    bounds = LowerBounds(game)
    root = game.initial_state()
    optimum = Solver(game, max_guesses=None).value(root, len(game.answers))
    values = {i: bounds.lb(i, root) for i in range(1, 9)}
    for i in range(1, 7):
        assert values[i] <= values[i + 2] <= optimum  # Theorem 5
    for n in range(1, 4):
        assert values[2 * n - 1] <= values[2 * n]  # Theorem 4
    # Theorem 7: LB_{2|C|+1} is MinTotal itself; checked where 2|C| + 1 is small.
    for g in range(len(game.guesses)):
        for _, child in game.children(root, g):
            n = len(child.candidates)
            if 3 <= n <= 4:
                want = Solver(game, max_guesses=None).value(child, n)
                assert bounds.lb(2 * n + 1, child) == want


def test_filtering_keeps_every_optimal_opener():
    game = small_game(30, 30, 47)
    solver = Solver(game, max_guesses=None)
    totals = np.array([solver.opener_total(g) for g in range(len(game.guesses))])
    best = int(totals.min())
    rows = LowerBounds(game).filter_openers(best, depth=6)
    optimal = set(np.flatnonzero(totals == best))
    previous = len(game.guesses)
    for row in rows:
        assert optimal <= set(row["survivors"].tolist())  # Theorem 1: never rules out an optimum
        assert row["remaining"] <= previous and row["min_v"] <= best
        previous = row["remaining"]
    # Every opener ruled out really is worse than the optimum.
    ruled_out = set(range(len(game.guesses))) - set(rows[-1]["survivors"].tolist())
    assert all(totals[g] > best for g in ruled_out)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(
    "n_answers, n_other, seed, suffix, slack",
    [(9, 12, 62, "ight", 0), (14, 10, 64, "er", 3), (20, 10, 63, "er", 3)],
)
def test_filtering_rows_equal_the_definitions(n_answers, n_other, seed, suffix, slack, workers):
    # Each step's survivors and min V_i from V_i of every opener by Definition 17 (plain
    # Python), with an upper bound a little above the optimum so that openers drop out at
    # several steps. With two workers the openers are valued in two spawned processes, dealt
    # out in turn, and their values come back in chunks: any mix-up changes a row.
    game = small_game(n_answers, n_other, seed, suffix=suffix)
    _, v_ref = shared_reference_bounds("easy", n_answers, n_other, seed, suffix)
    solver = Solver(game, max_guesses=None)
    upper = min(solver.opener_total(g) for g in range(len(game.guesses))) + slack
    answers = tuple(game.answers)
    survivors, want, exact = list(range(len(game.guesses))), [], []
    for i in range(1, 6):
        values = {g: v_ref(i, game.guesses[g], answers) for g in survivors}
        # each opener's value: exact where at most the bound, above it elsewhere
        exact.append([values[g] if values[g] <= upper else None for g in survivors])
        survivors = [g for g in survivors if values[g] <= upper]
        want.append((i, survivors, min(values.values())))
    rows = LowerBounds(game).filter_openers(upper, depth=5, workers=workers)
    got = [(row["i"], row["survivors"].tolist(), row["min_v"]) for row in rows]
    assert got == want
    for row, values in zip(rows, exact):
        assert [v if v <= upper else None for v in row["values"].tolist()] == values
    assert len({len(s) for _, s, _ in want}) > 1  # openers do drop out along the way


def test_filtering_at_a_state_keeps_every_optimal_next_guess():
    """The paper's "next optimal guess": the same filtering at a state after one guess, with
    the exact optimum there as the upper bound, against every guess's exact total there."""
    game = small_game(30, 30, 47)
    solver = Solver(game, max_guesses=None)
    root = game.initial_state()
    opener = 0  # the first guess in list order: not a good opener, so a large bucket is left
    state = max(
        (child for _, child in game.children(root, opener)), key=lambda c: len(c.candidates)
    )
    n = len(state.candidates)
    assert n >= 4
    best = solver.value(state, n)
    totals = {}
    for g in range(len(game.guesses)):
        parts = [child for p, child in game.children(state, g) if p != game.solved]
        if all(len(c.candidates) < n for c in parts):  # useful guesses only (Lemma 1)
            totals[g] = n + sum(solver.value(c, len(c.candidates)) for c in parts)
    assert min(totals.values()) == best
    rows = LowerBounds(game).filter_openers(best, depth=6, state=state)
    optimal = {g for g, t in totals.items() if t == best}
    for row in rows:
        assert optimal <= set(row["survivors"].tolist())
    assert all(
        totals.get(g, best + 1) > best for g in set(totals) - set(rows[-1]["survivors"].tolist())
    )
    with pytest.raises(Exception, match="one worker"):
        LowerBounds(game).filter_openers(best, depth=2, workers=2, state=state)


def test_filtering_needs_a_worker():
    with pytest.raises(ValueError, match="workers must be at least 1, not 0"):
        LowerBounds(small_game(10, 10, 1)).filter_openers(100, depth=2, workers=0)


def test_table4_first_row_on_the_original_lists(original):
    # Cunanan & Thielscher, Table 4, i = 1: 12,453 openers left, min V_1 = 6829.
    bounds = LowerBounds(original)
    assert bounds.root_max_splits == 150
    row = bounds.filter_openers(7920, depth=1)[0]
    assert (row["remaining"], row["min_v"]) == (12453, 6829)


@pytest.mark.parametrize("seed, suffix", [(48, ""), (49, "er")])
def test_parts_kernels_match_a_plain_count(seed, suffix):
    from wordlekit import _kernels
    from wordlekit.buckets import bucket_stats

    game = small_game(25, 20, seed, suffix=suffix)
    rng = np.random.default_rng(seed)
    for size in (1, 2, 5, 12, 25):
        cands = np.sort(rng.choice(len(game.answers), size=size, replace=False)).astype(np.int32)
        words = [game.answers[i] for i in cands]
        want = np.array([len(reference.buckets(g, words)) for g in game.guesses])
        patterns_t = np.ascontiguousarray(game.patterns.T)
        for block in (3, 8, 1024):  # several blocks, a short last one; one block
            got = np.empty(len(game.guesses), dtype=np.int64)
            _kernels.fill_parts(patterns_t, cands, game.n_patterns, block, got)
            np.testing.assert_array_equal(got, want)
            for cap in (2, size - 1, size, size + 1):
                assert _kernels.max_splits(
                    patterns_t, cands, None, cap, game.n_patterns, block, None, 0
                ) == min(cap, want.max())
        np.testing.assert_array_equal(bucket_stats(game, cands).parts, want)
        some = np.sort(rng.choice(len(game.guesses), size=7, replace=False)).astype(np.int32)
        for cap in (2, size, size + 1):
            assert _kernels.max_splits_among(
                game.patterns, cands, some, cap, game.n_patterns
            ) == min(cap, want[some].max())
            for block in (3, 1024):
                assert _kernels.max_splits(
                    patterns_t, cands, some.astype(np.int64), cap, game.n_patterns, block, None, 0
                ) == min(cap, want[some].max())
        assert (
            _kernels.max_splits(
                patterns_t, cands, np.empty(0, np.int64), size, game.n_patterns, 8, None, 0
            )
            == 0
        )
        # Upper bounds per guess (the exact counts, the tightest; split_bounds) and a floor
        # some guess reaches: the same answer, whatever the guesses left unread.
        best = int(want.max())
        for limits in (want.astype(np.int64), split_bounds(game, cands, size + 1)):
            for floor in (0, best - 1, best, best + 1):  # best + 1: a floor no guess reaches
                for cap in (2, size, size + 1):
                    for block in (3, 1024):
                        assert _kernels.max_splits(
                            patterns_t, cands, None, cap, game.n_patterns, block, limits, floor
                        ) == min(cap, max(best, floor))


@pytest.mark.parametrize(
    "symbols, length, seed", [("ab", 6, 70), ("abc", 5, 71), ("12+=", 7, 72), ("xyz", 3, 73)]
)
def test_split_bounds_on_small_alphabets(symbols, length, seed):
    # Few symbols and long words: most guesses repeat a symbol, the case where a surplus copy
    # is grey even against a candidate that has it. Every guess's buckets of every set (a
    # plain count) stay within its bound.
    from wordlekit.game import Game
    from wordlekit.words import WordList

    rng = np.random.default_rng(seed)
    words = sorted({"".join(rng.choice(list(symbols), size=length)) for _ in range(60)})
    answers = [w for i, w in enumerate(words) if i % 2 == 0]
    game = Game(WordList(tuple(words), "guesses"), WordList(tuple(answers), "answers"))
    for size in (1, 3, 8, len(answers)):
        cands = np.sort(rng.choice(len(answers), size=size, replace=False)).astype(np.int32)
        chosen = [answers[i] for i in cands]
        got = split_bounds(game, cands, 10**6)
        for g, word in enumerate(game.guesses):
            product = math.prod(len(tiles) for tiles in tiles_shown(word, chosen))
            assert len(reference.buckets(word, chosen)) <= product <= got[g], word


def tiles_shown(guess, candidates):
    """Per position of ``guess``, the set of tiles it shows against some candidate."""
    shown = [set() for _ in guess]
    for answer in candidates:
        for k, tile in enumerate(reference.feedback(guess, answer)):
            shown[k].add(tile)
    return shown


@pytest.mark.parametrize(
    "n_answers, seed, suffix", [(12, 60, ""), (12, 61, "er"), (9, 62, "ight"), (8, 63, "ake")]
)
def test_split_bounds_bound_every_guess_and_are_exact_for_distinct_letters(n_answers, seed, suffix):
    # split_bounds multiplies, over positions, the tiles a guess can show there. For a guess
    # without a repeated letter those are exactly the tiles it shows against some candidate;
    # with one, a superset. Either way the product bounds the number of buckets.
    game = small_game(n_answers, 40, seed, suffix=suffix)
    rng = np.random.default_rng(seed)
    for size in (1, 2, 5, n_answers):
        cands = np.sort(rng.choice(len(game.answers), size=size, replace=False)).astype(np.int32)
        words = [game.answers[i] for i in cands]
        got = split_bounds(game, cands, 10**6)
        np.testing.assert_array_equal(split_bounds(game, cands), np.minimum(got, size))
        for g, word in enumerate(game.guesses):
            product = math.prod(len(tiles) for tiles in tiles_shown(word, words))
            assert len(reference.buckets(word, words)) <= product <= got[g], word
            if len(set(word)) == len(word):
                assert got[g] == product, word


@pytest.mark.parametrize("n_answers, seed, suffix", [(30, 50, ""), (8, 51, "ake")])
def test_bound_optimum_apmintotal_heuristic_chain(n_answers, seed, suffix):
    # For every opener g: V_i(g) <= MinTotal from g <= ApMinTotal from g <= the valuation
    # strategy ApMinTotal searches around; and MinTotal <= any heuristic. (ApMinTotal below
    # every heuristic is not a theorem, so it is not asserted.)
    from wordlekit import evaluate, get_heuristic
    from wordlekit.heuristics import MostPartsInSetESS

    game = small_game(n_answers, 20, seed, suffix=suffix)
    bounds = LowerBounds(game)
    root = game.initial_state()
    exact, approx = Solver(game, max_guesses=None), Solver(game, max_guesses=None, breadth=3)
    for g in range(0, len(game.guesses), 7):
        optimum = exact.opener_total(g)
        assert bounds.v(5, root, g) <= bounds.v(6, root, g) <= optimum  # odd <= even: Theorem 4
        word = game.guesses[g]
        assert optimum <= approx.opener_total(g) <= evaluate(game, MostPartsInSetESS(), word).total
        for name in ["mig", "mrd", "gep"]:
            assert optimum <= evaluate(game, get_heuristic(name), word).total


def test_stored_filtering_replays_and_rechecks(tmp_path):
    # Notebook 10 reads Table 4's filtering from a stored file: what filter_openers returns,
    # written and read back, must replay to the same rows, and the recheck must catch an edit.
    import pandas as pd

    from wordlekit.experiments import optimum_tables

    game = small_game(200, 300, 3)
    upper = Solver(game, max_guesses=None, breadth=5).value(game.initial_state(), len(game.answers))
    rows = LowerBounds(game).filter_openers(upper, depth=6)
    path = tmp_path / "filtering.csv"
    optimum_tables.table4_values(game, rows).to_csv(path, index=False)
    stored = pd.read_csv(path, dtype={"opener": str})
    stored = stored.astype({c: "Int64" for c in stored.columns if c.startswith("v_")})
    again = optimum_tables.table4_rows(game, stored, upper)
    for mine, theirs in zip(rows, again, strict=True):
        assert {k: np.asarray(v).tolist() for k, v in mine.items()} == {
            k: np.asarray(v).tolist() for k, v in theirs.items()
        }
    assert optimum_tables.recheck_table4(game, again, upper, 10)["agree"].all()
    best = again[1]["values"].argmin()  # always rechecked: its V_2 one lower is caught
    again[1]["values"][best] -= 1
    checked = optimum_tables.recheck_table4(game, again, upper, 10)
    assert not checked.loc[checked["i"] == 2, "agree"].all()
    stored.loc[stored["v_2"].notna().idxmax(), "v_2"] = pd.NA  # a step that skipped an opener
    with pytest.raises(Exception, match="v_2: valued"):
        optimum_tables.table4_rows(game, stored, upper)


def test_stored_table4_is_the_published_table(original):
    # Cunanan & Thielscher, Table 4: openers left and min V_i for i = 1..6, replayed from the
    # stored filtering (its sha256 checked on reading).
    from wordlekit import tables
    from wordlekit.experiments import optimum_tables

    rows = optimum_tables.table4_rows(original, optimum_tables.read_table4(original), 7920)
    published = tables.published_rows("T4")
    assert [(r["remaining"], r["min_v"]) for r in rows] == [
        (int(published.loc[f"i={r['i']}", "value_1"]), int(published.loc[f"i={r['i']}", "value_2"]))
        for r in rows
    ]
    assert [original.guesses[g] for g in rows[-1]["survivors"]] == ["salet"]
