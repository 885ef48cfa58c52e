"""The Newton-step measurement: J*, J_base and J_rollout per state against brute force, the
invariants J* <= J_rollout <= J_base at every state, the log-log fit on points of known slope,
and the noisy base policy."""

import numpy as np
import pytest

from wordlekit import MIG, WordlekitError, get_heuristic
from wordlekit.evaluation import policy_states
from wordlekit.experiments.newton import (
    BASES,
    NoisyPolicy,
    OneStateProblem,
    binned_errors,
    fit_newton,
    fit_table,
    make_base,
    newton_table,
)
from wordlekit.game import small_game
from wordlekit.optimal import Solver

from . import reference
from .conftest import SMALL_GAMES


def reference_total(choose, mode, guesses, candidates, allowed):
    """Total guesses of the policy ``choose`` from a state, by plain recursion (no memo)."""
    if len(candidates) == 1:
        return 1
    guess = choose(candidates, allowed, ())
    return len(candidates) + sum(
        reference_total(choose, mode, guesses, c, a)
        for tiles, (c, a, _) in reference.children(
            mode, guesses, candidates, allowed, (), guess
        ).items()
        if set(tiles) != {"g"}
    )


@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("seed", [21, 22])
def test_every_value_of_the_table_matches_brute_force_on_a_tiny_game(mode, seed):
    game = small_game(10, 8, seed, mode=mode)
    guesses, answers = list(game.guesses), list(game.answers)
    opener = guesses[1]
    table = newton_table(game, opener, get_heuristic("mrd"), top_k=3)
    base = reference.heuristic_policy("mrd", mode)
    rollout = reference.rollout_policy("mrd", mode, guesses, 3)
    # the root after the opener: one guess for every answer, then each feedback's part
    root = reference.children(mode, guesses, tuple(answers), tuple(guesses), (), opener)
    later = [(c, a) for tiles, (c, a, _) in root.items() if set(tiles) != {"g"}]
    want = [
        (
            len(answers) + sum(reference.optimal_total(mode, guesses, c, a) for c, a in later),
            len(answers) + sum(reference_total(base, mode, guesses, c, a) for c, a in later),
            len(answers) + sum(reference_total(rollout, mode, guesses, c, a) for c, a in later),
        )
    ]
    for state in policy_states(game, get_heuristic("mrd"), opener):
        cands = tuple(answers[i] for i in state.candidates)
        allowed = tuple(guesses if state.allowed is None else [guesses[i] for i in state.allowed])
        want.append(
            (
                reference.optimal_total(mode, guesses, cands, allowed),
                reference_total(base, mode, guesses, cands, allowed),
                reference_total(rollout, mode, guesses, cands, allowed),
            )
        )
    got = table[["optimal_total", "base_total", "rollout_total"]].to_numpy().tolist()
    assert got == [list(row) for row in want]
    assert table["turn"].iloc[0] == 0 and (table["turn"].iloc[1:] >= 1).all()


@pytest.mark.parametrize("spec", SMALL_GAMES[:3])
def test_optimum_le_rollout_le_base_at_every_state_for_every_base(spec):
    game = small_game(**spec)
    solver = Solver(game, max_guesses=None)
    opener = game.guesses[MIG().choose(game, game.initial_state())]
    tables = {}
    for name in BASES:
        base, shortlist = make_base(name, seed=3, epsilon=0.5)
        table = newton_table(game, opener, base, shortlist, solver=solver)
        assert (table["optimal_total"] <= table["rollout_total"]).all(), name  # nothing beats J*
        assert (table["rollout_total"] <= table["base_total"]).all(), name  # policy improvement
        assert (table["e_rollout"] >= 0).all() and (table["e_base"] >= table["e_rollout"]).all()
        assert np.allclose(table["e_base"] * table["candidates"], table["e_base_total"])
        assert (table["candidates"].iloc[1:] >= 2).all() and table["candidates"].iloc[0] == len(
            game.answers
        )
        tables[name] = table
    fits = fit_table(tables)
    assert list(fits.index) == list(BASES)
    assert (fits["root_optimal_total"] == fits["root_optimal_total"].iloc[0]).all()
    assert (fits["exact"] + fits["fitted"] <= fits["improvable"]).all()


def test_fit_recovers_a_known_slope_and_counts_the_zeros():
    e_b = np.array([0.0, 0.5, 1e-3, 1e-2, 1e-1, 1.0, 3.0])
    e_r = np.array([0.0, 0.0, *(0.2 * e_b[2:] ** 2)])  # quadratic, c = 0.2
    fit = fit_newton(e_b, e_r, min_points=2)
    assert (fit.states, fit.improvable, fit.exact, fit.fitted) == (7, 6, 1, 5)
    assert fit.slope == pytest.approx(2.0) and fit.intercept == pytest.approx(np.log10(0.2))
    assert fit.ratio == pytest.approx(e_r.sum() / e_b.sum())
    # By default no slope is fitted to fewer than MIN_FIT_POINTS (10) points; the counts stay
    few = fit_newton(e_b, e_r)
    assert np.isnan(few.slope) and np.isnan(few.intercept) and few.fitted == 5
    many = np.geomspace(1e-3, 3.0, 10)
    assert fit_newton(many, 0.2 * many**2).slope == pytest.approx(2.0)
    linear = fit_newton([1.0, 2.0, 4.0], [0.5, 1.0, 2.0], min_points=2)
    assert linear.slope == pytest.approx(1.0) and linear.ratio == pytest.approx(0.5)
    nothing = fit_newton([0.0, 1.0], [0.0, 0.0])  # no point to fit: NaN, not an error
    assert (
        np.isnan(nothing.slope) and nothing.exact == 1 and np.isnan(fit_newton([0.0], [0.0]).ratio)
    )


@pytest.mark.parametrize(
    "e_b, e_r, message",
    [
        ([1.0, -0.5], [0.0, 0.0], ">= 0"),
        ([1.0, 2.0], [0.5], "one length"),
        ([1.0, np.nan], [0.5, 0.5], "finite"),
    ],
)
def test_fit_rejects_bad_errors(e_b, e_r, message):
    with pytest.raises(WordlekitError, match=message):
        fit_newton(e_b, e_r)


def test_noisy_policy_is_its_base_at_epsilon_zero_and_deterministic_by_seed():
    game = small_game(**SMALL_GAMES[3])
    states = policy_states(game, MIG(), game.guesses[0]) + policy_states(
        game, MIG(), game.guesses[5]
    )
    mig = MIG()
    assert [NoisyPolicy(mig, 0.0, seed=7).choose(game, s) for s in states] == [
        mig.choose(game, s) for s in states
    ]
    noisy = [NoisyPolicy(mig, 1.0, seed=7, pool=4).choose(game, s) for s in states]
    assert noisy == [NoisyPolicy(MIG(), 1.0, seed=7, pool=4).choose(game, s) for s in states]
    assert noisy != [NoisyPolicy(mig, 1.0, seed=8, pool=4).choose(game, s) for s in states]
    assert all(g in mig.rank(game, s, 4) for g, s in zip(noisy, states))  # drawn from the 4 best
    assert noisy != [mig.choose(game, s) for s in states]
    # with epsilon = 0.5 about half the states deviate: n states, 3 standard deviations
    n = len(states)
    half = sum(
        NoisyPolicy(mig, 0.5, seed=1, pool=1000).choose(game, s) != mig.choose(game, s)
        for s in states
    )
    assert abs(half - n / 2) < 3 * np.sqrt(n / 4), (half, n)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: NoisyPolicy(MIG(), -0.1), "epsilon must be a number in \\[0, 1\\], got -0.1"),
        (lambda: NoisyPolicy(MIG(), 1.5), "epsilon must be a number in \\[0, 1\\], got 1.5"),
        (lambda: NoisyPolicy(MIG(), "0.5"), "epsilon"),
        (lambda: NoisyPolicy(MIG(), 0.5, pool=0), "pool must be a whole number >= 1, got 0"),
        (lambda: NoisyPolicy("mig", 0.5), "needs a heuristic"),
        (lambda: make_base("greedy"), "unknown base policy 'greedy'; expected one of mig, "),
        (lambda: make_base("noisy-mig", epsilon=2), "epsilon"),
    ],
)
def test_bad_parameters_are_rejected_with_one_clear_message(make, message):
    with pytest.raises(WordlekitError, match=message):
        make()


def test_newton_table_rejects_a_capped_solver():
    game = small_game(10, 8, 21)
    with pytest.raises(WordlekitError, match="uncapped solver"):
        newton_table(game, game.guesses[0], MIG(), solver=Solver(game, max_guesses=6))


def test_binned_errors_keep_the_zeros():
    e_b = [0.0, 0.5, 1.0, 2.0, 3.0, 10.0]
    e_r = [0.0, 0.0, 0.5, 0.0, 1.0, 4.0]
    bins = binned_errors(e_b, e_r, [0, 1, 4, 8])
    assert bins["states"].tolist() == [2, 2]  # e_b = 0 and e_b = 10 fall outside
    assert bins["exact_share"].tolist() == [0.5, 0.5]
    assert bins["mean_e_rollout"].tolist() == [0.25, 0.5] and bins["mean_e_base"].tolist() == [
        0.75,
        2.5,
    ]
    with pytest.raises(WordlekitError, match="increasing"):
        binned_errors(e_b, e_r, [1, 1])


def test_one_state_problem_by_hand():
    # Four policies T_mu J = c + a J: J_mu = c / (1 - a) = 5, 4, 3.75 and 3.4 / 0.9 = 3.777...
    # At J = 5 the lines give 5, 4.5, 4, 3.9: rollout from policy 0 plays policy 3 (3.777...);
    # at 3.777... they give 4.02, 3.89, 3.7556, 3.7778: the next step plays policy 2 = J* 3.75.
    toy = OneStateProblem(cost=(1.0, 2.0, 3.0, 3.4), factor=(0.8, 0.5, 0.2, 0.1))
    assert toy.optimum() == pytest.approx(3.75)
    path = toy.newton_steps(base=0, steps=3)
    assert [mu for mu, _ in path] == [0, 3, 2, 2]
    assert [j for _, j in path] == pytest.approx([5.0, 3.4 / 0.9, 3.75, 3.75])
    assert toy.bellman([5.0, 3.75]) == pytest.approx([3.9, 3.75])  # T J* = J*
    with pytest.raises(WordlekitError, match="factor"):
        OneStateProblem(cost=(1.0,), factor=(1.0,))
