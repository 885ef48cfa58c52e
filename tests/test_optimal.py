"""Exact solver: brute force on small games, bounds, and the published optima."""

import pytest

from wordlekit import Rollout, evaluate, get_heuristic
from wordlekit.bounds import bound, guess_lower_bound
from wordlekit.optimal import INFEASIBLE, Solver

from . import reference
from .conftest import small_game

MODES = ["easy", "hard", "strict"]


def brute_force(game, opener, cap):
    guesses, answers = list(game.guesses), list(game.answers)
    groups = reference.children(game.mode, guesses, tuple(answers), tuple(guesses), (), opener)
    total = len(answers)
    for tiles, (c, a, _) in groups.items():
        if set(tiles) != {"g"}:
            sub = reference.optimal_total(game.mode, guesses, c, a, None if cap is None else cap - 1)
            if sub is None:
                return None
            total += sub
    return total


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed, suffix", [(31, ""), (32, "ight"), (33, "ake")])
def test_solver_equals_brute_force(mode, seed, suffix):
    game = small_game(12, 10, seed, suffix=suffix, mode=mode)
    for opener in list(game.guesses)[:4]:
        for cap in (3, 6):
            want = brute_force(game, opener, cap)
            got = Solver(game, cap).opener_total(game.guess_index(opener))
            if want is None:
                assert got >= INFEASIBLE, (opener, cap)
            else:
                assert got == want, (opener, cap)


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
