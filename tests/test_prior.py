"""Non-uniform priors: weights, weighted heuristics, rollout and the weighted optimum."""

import math

import numpy as np
import pytest

from wordlekit import Game, WordList, evaluate, get_heuristic
from wordlekit.buckets import bucket_stats
from wordlekit.cli import main
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import PolicyValues
from wordlekit.game import small_game
from wordlekit.optimal import Solver
from wordlekit.policies import make_policy
from wordlekit.prior import Prior, get_prior, norvig_prior, read_prior, uniform_prior
from wordlekit.rollout import Rollout

from . import reference
from .conftest import SMALL_GAMES


def catch_game(weights=(10, 1, 1, 1)):
    """Four answers that one guess cannot tell apart except the guess itself, and a made-up
    word that splits all four (worked by hand in ``test_weighted_optimum_by_hand``)."""
    answers = WordList(("catch", "match", "patch", "watch"), "catch answers")
    guesses = WordList(("catch", "match", "mpwzz", "patch", "watch"), "catch guesses")
    game = Game(guesses, answers)
    return game, Prior(answers, weights, "hand")


def test_weighted_optimum_by_hand():
    game, prior = catch_game()
    # catch against match, patch, watch is bgggg each time: one bucket. mpwzz gets bbbbb,
    # gbbbb, ybbbb, bybbb: four buckets. Within {match, patch, watch} no word of the game but
    # mpwzz splits anything, so that state costs 3 + 3 (mpwzz, then the answer) = 6 either way.
    uniform = Solver(game, None)
    assert uniform.opener_total(game.guess_index("mpwzz")) == 8  # 4 x 2 guesses
    assert uniform.opener_total(game.guess_index("catch")) == 4 + 6
    weighted = Solver(game, None, prior=prior)
    # Weights 10, 1, 1, 1 (total 13): mpwzz costs 2 x 13; catch costs 13 + 6 = 19.
    assert weighted.opener_total(game.guess_index("mpwzz")) == 26
    assert weighted.opener_total(game.guess_index("catch")) == 19
    root = game.initial_state()
    assert game.guesses[weighted.best_guess(root, 6)] == "catch"
    assert game.guesses[uniform.best_guess(root, 6)] == "mpwzz"
    # Two candidates: the likelier one first.
    state = game.state_after([("mpwzz", "bbbbb")])
    assert len(state) == 1
    pair = Prior(game.answers, (1, 3, 1, 1), "pair")
    match_or_patch = game.state_after([("watch", "bgggg"), ("catch", "bgggg")])
    assert game.candidate_words(match_or_patch) == ["match", "patch"]
    assert Solver(game, None, prior=pair).value(match_or_patch, 6) == 4 + 1


def test_weighted_heuristic_scores_by_hand():
    game, prior = catch_game()
    root = game.initial_state()
    order = list(game.guesses)
    gep = get_heuristic("gep", prior).scores(game, root)
    mrd = get_heuristic("mrd", prior).scores(game, root)
    mig = get_heuristic("mig", prior).scores(game, root)
    # catch: buckets {catch} (weight 10) and {match, patch, watch} (weight 3).
    assert gep[order.index("catch")] == pytest.approx(11 / 13)  # the heaviest of each bucket
    assert mrd[order.index("catch")] == pytest.approx((10 * 1 + 3 * 3) / 13)
    h = -(10 / 13) * math.log2(10 / 13) - (3 / 13) * math.log2(3 / 13)
    assert mig[order.index("catch")] == pytest.approx(h, abs=1e-9)
    # mpwzz: four singletons.
    assert gep[order.index("mpwzz")] == pytest.approx(1.0)
    assert mrd[order.index("mpwzz")] == pytest.approx(1.0)
    p = np.array([10, 1, 1, 1]) / 13
    assert mig[order.index("mpwzz")] == pytest.approx(-(p * np.log2(p)).sum(), abs=1e-9)
    # Every one-step score prefers mpwzz, which the optimum does not: rollout with the
    # favourite in its shortlist plays catch (Q = 19/13 < 26/13), without it the base's choice.
    for name in ("mig", "mrd", "gep"):
        base = get_heuristic(name, prior)
        assert game.guesses[base.choose(game, root)] == "mpwzz"
        with_fav = Rollout(base, top_k=1, prior=prior)
        assert game.guesses[with_fav.choose(game, root)] == "catch"
        options, totals = with_fav.q_totals(game, root)
        assert dict(zip((game.guesses[g] for g in options), totals.tolist())) == {
            "mpwzz": 26,
            "catch": 19,
        }
        assert (
            game.guesses[Rollout(base, top_k=1, prior=prior, favourite=False).choose(game, root)]
            == "mpwzz"
        )


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_weighted_stats_kernel_matches_reference(spec):
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    prior = Prior(game.answers, rng.integers(1, 1000, len(game.answers)), "random")
    weights = dict(zip(game.answers, prior.weights.tolist()))
    answers = list(game.answers)
    for size in (len(answers), 7, 2):
        cands = np.sort(rng.choice(len(answers), size, replace=False)).astype(np.int32)
        stats = bucket_stats(game, cands, weights=prior.weights, entropy_scale=prior.entropy_scale)
        words = [answers[i] for i in cands]
        for t, guess in enumerate(game.guesses):
            want = reference.weighted_stats(guess, words, weights, prior.entropy_scale)
            got = (
                stats.parts[t],
                stats.in_set[t],
                stats.entropy[t],
                stats.squares[t],
                stats.heaviest[t],
            )
            assert got == want, guess
            assert stats.largest[t] == max(reference.buckets(guess, words).values()), guess


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_uniform_prior_gives_the_uniform_policies(mode):
    """With unit weights every weighted heuristic, rollout and the solver are their uniform
    twins: same guesses for every answer, same optimum."""
    game = small_game(60, 60, 7, mode=mode)
    prior = uniform_prior(game.answers)
    opener = list(game.guesses)[3]
    for name in ("mig", "mrd", "gep", "rollout-mig", "rollout-mrd", "rollout-gep"):
        plain = evaluate(game, make_policy(name), opener)
        weighted = evaluate(game, make_policy(name, prior=prior), opener)
        assert np.array_equal(plain.guesses_per_answer, weighted.guesses_per_answer), name
        assert prior.expected_guesses(weighted) == pytest.approx(plain.mean)
    first = game.guess_index(opener)
    assert Solver(game, None, prior=prior).opener_total(first) == Solver(game, None).opener_total(
        first
    )


def test_uniform_prior_on_the_original_lists(original):
    prior = uniform_prior(original.answers)
    plain = evaluate(original, make_policy("mig"), "salet")
    weighted = evaluate(original, make_policy("mig", prior=prior), "salet")
    assert weighted.total == plain.total == 8360  # the paper's MIG from salet (Table 1)


@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("seed", [41, 42])
def test_weighted_solver_equals_brute_force(mode, seed):
    game = small_game(10, 8, seed, mode=mode)
    rng = np.random.default_rng(seed)
    prior = Prior(game.answers, rng.integers(1, 50, len(game.answers)), "random")
    weights = dict(zip(game.answers, prior.weights.tolist()))
    guesses, answers = list(game.guesses), tuple(game.answers)
    for opener in guesses[:4]:
        groups = reference.children(mode, guesses, answers, tuple(guesses), (), opener)
        want = sum(weights[w] for w in answers)
        for tiles, (c, a, _) in groups.items():
            if set(tiles) != {"g"}:
                want += reference.optimal_total(mode, guesses, c, a, None, weights)
        got = Solver(game, None, prior=prior).opener_total(game.guess_index(opener))
        assert got == want, opener


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_weighted_optimum_below_rollout_below_base(mode):
    game = small_game(40, 40, 34, mode=mode)
    prior = norvig_prior(game.answers)
    solver = Solver(game, None, prior=prior)
    for opener in list(game.guesses)[:3]:
        optimum = solver.opener_total(game.guess_index(opener))
        for name in ("mig", "mrd", "gep"):
            base = prior.expected_guesses(evaluate(game, make_policy(name, prior=prior), opener))
            for favourite in (True, False):
                policy = Rollout(get_heuristic(name, prior), prior=prior, favourite=favourite)
                rolled = prior.expected_guesses(evaluate(game, policy, opener))
                assert optimum / prior.mass() <= rolled + 1e-12 and rolled <= base + 1e-12


def test_policy_values_weighted_total_by_hand():
    game, prior = catch_game((5, 2, 3, 4))
    policy = make_policy("mig", prior=prior)
    values = PolicyValues(game, policy, prior)
    root = game.initial_state()
    # MIG plays mpwzz (four singletons), then each answer: 2 guesses each, weight 14.
    assert values.total(root) == 2 * 14
    assert values.mean(root) == 2.0


def test_norvig_prior():
    answers = WordList(("about", "other", "wooer"), "three")
    prior = norvig_prior(answers)
    # Counts from count_1w.txt; wooer is not in the corpus and gets its smallest count.
    assert prior.weights.tolist() == [1226734006, 978481319, 12711]
    assert prior.name == "norvig"
    assert norvig_prior(answers, floor=5).weights[2] == 5
    assert norvig_prior(answers, power=0).is_uniform
    half = norvig_prior(answers, power=0.5)
    assert half.name == "norvig^0.5"
    ratio = half.weights[0] / half.weights[1]
    assert ratio == pytest.approx(math.sqrt(1226734006 / 978481319), rel=1e-6)


def test_prior_errors(tmp_path):
    answers = WordList(("about", "other"), "two")
    with pytest.raises(WordlekitError, match="weight 0 for 'other'; expected a positive"):
        Prior(answers, [1, 0], "bad")
    with pytest.raises(WordlekitError, match="1 weights for 2 answers"):
        Prior(answers, [1], "bad")
    with pytest.raises(WordlekitError, match="prior 'zipf'"):
        get_prior("zipf", answers)
    path = tmp_path / "p.txt"
    for text, message in [
        ("# counts\nabout 3\n\nother two\n", "line 4: 'other two'; expected a word and a weight"),
        ("about 3\nother -1\n", "line 2: weight '-1'"),
        ("about 3\nabout 4\n", "'about' appears twice"),
        ("about 3\nzebra 9\n", "no weight for 1 answer.*'other'"),
    ]:
        path.write_text(text)
        with pytest.raises(WordlekitError, match=message):
            read_prior(path, answers)
    prior = read_prior(path, answers, floor=1)
    assert prior.weights.tolist() == [3, 1] and prior.name == "p"
    game = small_game(10, 5, 1)
    with pytest.raises(WordlekitError, match="expected the same list"):
        make_policy("mig", prior=prior).choose(game, game.initial_state())
    with pytest.raises(WordlekitError, match="'gep-published' has no version for a prior"):
        make_policy("gep-published", prior=prior)


def test_prior_weights_from_a_file_are_scaled_when_not_whole(tmp_path):
    answers = WordList(("about", "other"), "two")
    path = tmp_path / "p.txt"
    path.write_text("about 0.75\nother 0.25\n")
    prior = read_prior(path, answers)
    assert prior.probabilities.tolist() == [0.75, 0.25]


def test_cli_prior_uniform_equals_plain(capsys, tmp_path):
    lists = tmp_path / "answers.txt"
    game = small_game(30, 0, 5)
    lists.write_text("\n".join(game.answers) + "\n")
    opener = game.answers[0]
    args = ["evaluate", "--opener", opener, "--answers", str(lists), "--json"]
    assert main(args) == 0
    plain = capsys.readouterr().out.splitlines()[-1]
    assert main(args + ["--prior", "uniform"]) == 0
    weighted = capsys.readouterr().out.splitlines()[-1]
    import json

    plain, weighted = json.loads(plain), json.loads(weighted)
    assert weighted["total"] == plain["total"]
    assert weighted["expected_guesses"] == pytest.approx(plain["mean"], abs=1e-6)
    assert weighted["policy"] == "mig[uniform]"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--prior", "zipf"], "prior 'zipf': expected uniform, norvig or an existing file"),
        (["--prior-floor", "3"], "--prior-floor needs --prior"),
        (["--prior", "norvig", "--prior-floor", "-2"], "'-2' is not a number above 0"),
        (["--prior", "norvig", "--policy", "gep-published"], "'gep-published' has no version"),
    ],
)
def test_cli_prior_errors(capsys, args, message):
    assert main(["evaluate", "--opener", "salet"] + args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_stored_prior_tables_read_back_and_recheck(tmp_path):
    # Notebook 11 reads its tables from a stored file: prior_rows must give prior_table's rows,
    # the CSV must read back equal, and the recheck must catch an edited value.
    import pandas as pd

    from wordlekit.experiments import prior_table as pt

    game = small_game(150, 150, 5)
    opener = game.guesses[get_heuristic("mig").choose(game, game.initial_state())]
    prior = norvig_prior(game.answers, None, 1.0)
    full = pt.prior_table(game, prior, opener, progress=False).drop(columns="seconds")
    labels = ["rollout-mrd", pt.CAPPED, "mig[prior]"]
    assert (
        pt.prior_rows(game, prior, opener, labels).drop(columns="seconds").equals(full.loc[labels])
    )
    full.reset_index().assign(power=1.0).to_csv(tmp_path / "sweep.csv", index=False)
    stored = pd.read_csv(tmp_path / "sweep.csv")
    stored[["unfinished", "worst"]] = stored[["unfinished", "worst"]].astype("Int64")
    pd.testing.assert_frame_equal(pt.stored_table(stored, 1.0), full)
    assert pt.recheck_prior_sweep(game, stored, {1.0: prior}, 4, 0, opener)["agree"].all()
    stored["expected_guesses"] += 1e-9
    assert not pt.recheck_prior_sweep(game, stored, {1.0: prior}, 2, 0, opener)["agree"].any()
    with pytest.raises(ValueError, match="expected labels of prior_table"):
        pt.prior_rows(game, prior, opener, ["no-such-policy"])


def test_stored_prior_tables_hold_the_papers_uniform_optimum():
    # At power 0 the prior is uniform: optimal play from salet is 7920 / 2315 (Selby; Bertsimas
    # & Paskov; the rollout paper's Table 1), and the prior-aware rows equal the plain ones.
    from wordlekit.experiments import prior_table as pt

    uniform = pt.stored_table(pt.read_prior_sweep(), 0.0)["expected_guesses"]
    assert uniform["optimal[prior]"] == pytest.approx(7920 / 2315, abs=1e-12)
    assert uniform["mig[prior]"] == uniform["mig"]
    assert uniform["rollout-mig[prior]"] == uniform["rollout-mig"]
