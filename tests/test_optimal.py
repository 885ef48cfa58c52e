"""Exact solver: brute force on small games, bounds, and the published optima."""

import pandas as pd
import pytest

from wordlekit import Game, Rollout, WordlekitError, evaluate, get_heuristic
from wordlekit.bounds import bound, guess_lower_bound
from wordlekit.experiments.optimum_tables import apmintotal_table, opener_totals
from wordlekit.game import small_game
from wordlekit.optimal import INFEASIBLE, Solver, feasible

from . import reference
from .conftest import ATCH, atch_game

MODES = ["easy", "hard", "strict"]


def brute_force(game, opener, cap):
    guesses, answers = list(game.guesses), list(game.answers)
    groups = reference.children(game.mode, guesses, tuple(answers), tuple(guesses), (), opener)
    total = len(answers)
    for tiles, (c, a, _) in groups.items():
        if set(tiles) != {"g"}:
            sub = reference.optimal_total(
                game.mode, guesses, c, a, None if cap is None else cap - 1
            )
            if sub is None:
                return None
            total += sub
    return total


def assert_solver_is_brute_force(game, opener, cap):
    """The solver's total from ``opener`` within ``cap`` guesses is the brute force's, and
    infeasible exactly where the brute force finds no strategy."""
    want = brute_force(game, opener, cap)
    got = Solver(game, cap).opener_total(game.guess_index(opener))
    if want is None:
        assert got >= INFEASIBLE, (opener, cap)
    else:
        assert got == want, (opener, cap)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n_answers, seed, suffix", [(12, 31, ""), (9, 32, "ight"), (8, 33, "ake")])
def test_solver_equals_brute_force(mode, n_answers, seed, suffix):
    game = small_game(n_answers, 10, seed, mode, suffix=suffix)
    for opener in list(game.guesses)[:4]:
        # caps 4 and 5: the states after the opener have 3 and 4 guesses left, where a bucket
        # settled by a candidate leaving one pair (2c) needs three guesses after its parent's
        for cap in (3, 4, 5, 6):
            assert_solver_is_brute_force(game, opener, cap)


@pytest.mark.parametrize("mode", MODES)
def test_optimum_below_rollout_and_heuristics(mode):
    game = small_game(40, 40, 34, mode=mode)
    solver = Solver(game, max_guesses=20)  # no binding cap: comparable with uncapped policies
    for opener in list(game.guesses)[:3]:
        optimum = solver.opener_total(game.guess_index(opener))
        for name in ["mig", "mrd", "gep"]:
            base = evaluate(game, get_heuristic(name), opener).total
            assert optimum <= evaluate(game, Rollout(get_heuristic(name)), opener).total <= base


def test_bound_by_hand():
    # 5 nodes, at most 2 children: depths 1, 2, 2, 3, 3 -> 11.
    assert bound(5, 2) == 11
    assert bound(1, 5) == 1 and bound(0, 3) == 0
    assert bound(4, 1) == 1 + 2 + 3 + 4
    assert all(bound(n, 242) == 2 * n - 1 for n in range(1, 244))
    # A perfect split by a candidate: n + (n - 1) = 2n - 1.
    assert guess_lower_bound(10, 10, True) == 19


@pytest.mark.slow
def test_salet_easy_is_7920(original):
    # Selby's published optimum (the rollout paper's 3.4212).
    assert Solver(original).opener_total(original.guess_index("salet")) == 7920


@pytest.mark.slow
def test_tarse_on_the_2022_nyt_lists_is_selbys_optimum():
    # Selby's published sweep of every opener on these lists (wordlekit/data/reference/
    # optimal_totals_selby_nyt.csv): tarse 7883, the best of them.
    from wordlekit.tables import published

    want = published("optimal_totals_selby_nyt").loc["tarse", "nyt2022_easy_total"]
    game = Game.from_lists("nyt-2022")
    assert Solver(game).opener_total(game.guess_index("tarse")) == want


@pytest.mark.parametrize("mode", MODES)
def test_exported_tree_replays_to_the_optimum(mode):
    from wordlekit.trees import TreePolicy, optimal_tree

    game = small_game(30, 30, 35, mode=mode)
    solver = Solver(game, 6)
    opener = game.guess_index(list(game.guesses)[2])
    total = solver.opener_total(opener)
    tree = optimal_tree(solver, opener)
    result = evaluate(game, TreePolicy(game, tree), tree["guess"])
    assert result.total == total and result.worst <= 6


def test_tree_policy_rejects_trees_that_do_not_fit():
    from wordlekit.trees import TreePolicy

    from .test_heuristics import batch_game

    game = batch_game()
    good = {"guess": "batch", "next": {"bgggg": {"guess": "catch"}}}
    assert evaluate(game, TreePolicy(game, good), "batch").total == 6
    with pytest.raises(WordlekitError, match="'zzzzz' is not an allowed guess"):
        TreePolicy(game, {"guess": "zzzzz"})
    with pytest.raises(WordlekitError, match="no branch for feedback bgggg"):
        TreePolicy(game, {"guess": "batch", "next": {}})
    impossible = {"bgggg": {"guess": "catch"}, "bbbbb": {"guess": "patch"}}  # batch vs answers
    with pytest.raises(WordlekitError, match="feedback bbbbb cannot occur"):
        TreePolicy(game, {"guess": "batch", "next": impossible})
    with pytest.raises(WordlekitError, match="root must be an object"):
        TreePolicy(game, ["batch"])
    with pytest.raises(WordlekitError, match="tree node root/bgggg: expected an object"):
        TreePolicy(game, {"guess": "batch", "next": {"bgggg": "catch"}})


def test_cli_optimal_tree_and_replay(tmp_path):
    import json

    from .test_cli import run

    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("batch\ncatch\npatch\n")
    lists = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    proc = run("optimal", "--opener", "batch", "--json", "--tree", str(tmp_path / "t.json"), *lists)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert summary["total"] == 6 and summary["nodes"] >= 0  # by hand: batch 1, catch 2, patch 3
    proc = run("evaluate", "--tree", str(tmp_path / "t.json"), "--json", *lists)
    assert json.loads(proc.stdout.splitlines()[-1])["total"] == 6
    # Two guesses at most: from batch, {catch, patch} cannot both be found by the second guess.
    proc = run("optimal", "--opener", "batch", "--max-guesses", "2", "--json", *lists)
    assert json.loads(proc.stdout.splitlines()[-1])["total"] == "infeasible"
    proc = run("optimal", "--opener", "batch", "--max-guesses", "none", "--json", *lists)
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert summary["total"] == 6 and summary["max_guesses"] is None
    proc = run("optimal", "--opener", "batch", "--max-guesses", "six", *lists)
    assert proc.returncode == 2 and "'six' is not a whole number >= 1 or \"none\"" in proc.stderr
    proc = run("evaluate", "--tree", str(tmp_path / "missing.json"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr


@pytest.mark.slow
def test_strict_optimum_and_the_six_guess_cap(original):
    strict = original.with_mode("strict")
    salet = strict.guess_index("salet")
    capped = Solver(strict, 6).opener_total(salet)
    uncapped = Solver(strict, 12).opener_total(salet)
    # Strict allows fewer guesses than the NYT rule, so with the same cap it cannot beat
    # Selby's NYT-hard 8122; without the cap it can, and rollout cannot beat that optimum.
    assert capped >= 8122
    assert uncapped <= capped
    assert uncapped <= evaluate(strict, Rollout(get_heuristic("gep")), "salet").total


@pytest.mark.parametrize("mode", MODES)
def test_breadth_one_is_the_valuation_strategy_and_breadth_bounds_the_optimum(mode):
    from wordlekit.heuristics import MostPartsInSetESS

    game = small_game(30, 30, 36, mode=mode)
    for opener in list(game.guesses)[:3]:
        g = game.guess_index(opener)
        strategy = evaluate(game, MostPartsInSetESS(), opener).total
        assert Solver(game, 30, breadth=1).opener_total(g) == strategy
        optimum = Solver(game, 30).opener_total(g)
        assert optimum <= Solver(game, 30, breadth=3).opener_total(g) <= strategy
        assert Solver(game, 30, breadth=10**6).opener_total(g) == optimum


@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("seed, suffix", [(39, ""), (40, "er")])
def test_screening_drops_only_guesses_the_full_path_would(mode, seed, suffix, monkeypatch):
    # optimal.screening drops a guess on its floors or its first bucket's memo value, before
    # the full path (UniformSearch.guess_total) would: with it and without it, every opener's
    # total, the exact values memoised and the states expanded are the same (caps 4 and 6: the
    # first leaves three guesses after the opener, where fewer buckets are settled).
    from wordlekit.optimal import uniform

    game = small_game(40, 40, seed, mode=mode, suffix=suffix)
    for cap in (4, 6):
        runs = []
        for screen in (True, False):
            if not screen:
                # screened(game, memo, state, left, scores, order, cost, below): unchanged
                monkeypatch.setattr(uniform, "screened", lambda *args: (args[5], args[6]))
            solver = Solver(game, cap)
            totals = [solver.opener_total(g) for g in range(len(game.guesses))]
            runs.append((totals, solver.memo.exact, solver.nodes))
        monkeypatch.undo()
        assert runs[0] == runs[1], cap


def test_a_hard_mode_state_built_without_its_rule_has_the_same_value():
    # A hard-mode State made from its candidates and allowed guesses alone (as
    # evaluation.PolicyValues makes one) has no rule: its key holds the allowed guesses, so
    # the solver searches it without screening (Game.child_keys is None), to the same value.
    from wordlekit.game import State

    game = small_game(40, 30, 4, mode="hard", suffix="er")  # its buckets need searching
    root = game.initial_state()
    bare = State(root.candidates, root.allowed, 0)
    assert game.child_keys(bare) is None
    for left in (4, 5):
        assert Solver(game, left).value(bare, left) == Solver(game, left).value(root, left)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed, suffix", [(37, ""), (38, "er")])
def test_a_breadth_scores_fewer_guesses_and_chooses_the_same(mode, seed, suffix, monkeypatch):
    # UniformSearch._could_rank skips the guesses whose bound on their parts keeps them out of
    # the breadth best: with it on every state (BREADTH_PRUNE_MIN = 1) and off, every opener's
    # ApMinTotal, the root's choice and the states expanded are the same.
    from wordlekit.heuristics import MostPartsInSetESS
    from wordlekit.optimal import uniform

    game = small_game(30, 30, seed, mode=mode, suffix=suffix)
    root = game.initial_state()
    for breadth in (1, 2, 3):
        runs = []
        for prune_min in (10**9, 1):
            monkeypatch.setattr(uniform, "BREADTH_PRUNE_MIN", prune_min)
            solver = Solver(game, 30, breadth=breadth)
            totals = [solver.opener_total(g) for g in range(len(game.guesses))]
            runs.append((totals, solver.best_guess(root, 30), solver.nodes))
        assert runs[1] == runs[0], breadth
    # and breadth 1 is still the valuation strategy (heuristics.py, another implementation)
    opener = game.guesses[runs[0][1]]
    assert (
        Solver(game, 30, breadth=1).opener_total(game.guess_index(opener))
        == evaluate(game, MostPartsInSetESS(), opener).total
    )


@pytest.mark.parametrize(
    "mode, seed, suffix",
    [("easy", 39, ""), ("easy", 40, "er"), ("hard", 41, ""), ("strict", 42, "er")],
)
def test_could_rank_keeps_every_guess_that_could_be_among_the_breadth_best(mode, seed, suffix):
    # A guess can be among the breadth best only if its V = 3n - parts - [g in C] is at most
    # the breadth-th smallest V (counted here in plain Python): every such guess must be kept.
    game = small_game(40, 40, seed, mode=mode, suffix=suffix)
    root = game.initial_state()
    for breadth in (1, 2, 3, 5):
        solver = Solver(game, None, breadth=breadth)
        for opener in range(0, len(game.guesses), 4):
            for _, state in game.children(root, opener):
                if len(state.candidates) < max(breadth, 4):
                    continue
                allowed = game.allowed_guesses(state)
                words = [game.answers[a] for a in state.candidates]
                v = {
                    int(h): 3 * len(words)
                    - len(reference.buckets(game.guesses[h], words))
                    - (game.guesses[h] in words)
                    for h in allowed
                }
                threshold = sorted(v.values())[breadth - 1]
                kept = set(solver._search._could_rank(state, allowed).tolist())
                assert {h for h, value in v.items() if value <= threshold} <= kept


@pytest.mark.slow
def test_apmintotal_reproduces_cunanan_thielscher_table2(original):
    # Their Table 2: ApMinTotal(S, 1) = 7944 with TRACE, ApMinTotal(S, 5) = 7921 with SALET.
    from wordlekit.heuristics import MostPartsInSetESS

    root = original.initial_state()
    for breadth, total, starter in [(1, 7944, "trace"), (5, 7921, "salet")]:
        solver = Solver(original, 30, breadth=breadth)
        assert solver.value(root, 30) == total
        assert original.guesses[solver.best_guess(root, 30)] == starter
    # Their Table 1, first row: the valuation strategy itself.
    assert evaluate(original, MostPartsInSetESS(), "trace").total == 7944


def test_solvable_names_the_hard_mode_dead_end(original):
    """After trace gets y b y g b in NYT hard mode, the seven -atch words remain and every
    later guess must keep c, a and t: each guess tells apart only the word it names, so five
    guesses cannot cover seven words, and seven cost 1 + 2 + ... + 7 = 28 (by hand)."""
    hard = original.with_mode("hard")
    state = hard.state_after([("trace", "ybygb")])
    assert hard.candidate_words(state) == list(ATCH)
    solver = Solver(hard, max_guesses=6)
    assert not solver.solvable(state, 5)
    assert solver.solvable(state, 7)
    assert solver.value(state, 7) == 28
    assert not feasible(solver.value(state, 5))


def test_apmintotal_table_reports_an_impossible_cap_as_no_total():
    """chomp, then the four words it leaves one at a time: 7 + (4 + 3 + 2 + 1) + 3 = 20 within
    five guesses; within four no strategy exists (by hand)."""
    game = atch_game()
    table = apmintotal_table(game, breadths=(1,), max_guesses=5)
    assert (table.loc[1, "total"], table.loc[1, "starter"]) == (20, "chomp")
    table = apmintotal_table(game, breadths=(1,), max_guesses=4)
    assert table.loc[1, "total"] is None and table.loc[1, "starter"] is None


def test_opener_totals_fall_back_to_a_larger_cap_where_six_guesses_are_impossible():
    """Hard mode on the -atch words and chomp. chomp: 20 within five guesses, as in the test
    above (hard mode allows every guess played there: chomp's yellows c and h are in every
    -atch word). batch: the six other -atch words all answer bgggg and every later guess must
    keep a, t, c, h, which rules chomp out, so each guess tells apart only itself: they take
    guesses 2 to 7, six guesses cannot do, eight cost 1 + 2 + ... + 7 = 28 (by hand)."""
    game = atch_game("hard")
    table = opener_totals(game, ["chomp", "batch"], max_guesses=6, fallback=8)
    assert table.index.tolist() == ["chomp", "batch"]
    assert table["total"].tolist() == [20, pd.NA] and table["fallback_total"].tolist() == [
        pd.NA,
        28,
    ]
    assert brute_force(game, "batch", 6) is None and brute_force(game, "batch", 8) == 28
    assert brute_force(game, "chomp", 6) == 20
    assert opener_totals(game, ["batch"], max_guesses=7).loc["batch", "total"] == 28
    assert "fallback_total" not in opener_totals(game, ["batch"]).columns
    # Without a strategy within the larger cap either, both are missing.
    assert opener_totals(game, ["batch"], 5, fallback=6).isna().all(axis=None)
    with pytest.raises(
        WordlekitError, match="fallback cap 6: expected more guesses than the cap max_guesses=6"
    ):
        opener_totals(game, ["batch"], fallback=6)


def test_opener_total_with_a_bound(original):
    """Below the bound the exact total; at or above it, a bound >= it (Selby's 7920, 7928)."""
    solver = Solver(original, 6)
    salet, slate = original.guess_index("salet"), original.guess_index("slate")
    assert solver.opener_total(salet, bound=7921) == 7920
    assert solver.opener_total(slate, bound=7921) >= 7921
    assert solver.opener_total(slate) == 7928
