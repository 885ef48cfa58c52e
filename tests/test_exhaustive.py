"""The exact solver of any model (wordlekit.exhaustive): against optimal.Solver on one board,
against the plain-Python brute force of tests/reference.py on two and three boards, and the
invariants lower bound <= optimum <= rollout <= its base on Dordle of cut lists."""

from __future__ import annotations

import pytest

from wordlekit import evaluate
from wordlekit.boards import Boards
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import count_guesses
from wordlekit.exhaustive import INFEASIBLE, Exhaustive, ExhaustiveCost, boards_lower_bound
from wordlekit.experiments.boards_optima import cut_game, cut_list_optimum, dordle_lower_bound
from wordlekit.game import Game, small_game
from wordlekit.lifted import Lifted
from wordlekit.lookahead import Lookahead
from wordlekit.optimal import Solver
from wordlekit.rollout import Rollout
from wordlekit.words import WordList

from . import reference


@pytest.mark.parametrize("size", [(12, 6, 3), (20, 10, 1), (25, 15, 7)])
def test_one_board_is_optimal_solver(size):
    game = small_game(*size)
    solver = Solver(game, max_guesses=None)
    openers = {u: solver.opener_total(u) for u in range(len(game.guesses))}
    exhaustive = Exhaustive(game)
    total, first = exhaustive.optimum()
    assert total == min(openers.values())
    assert openers[first] == total
    for u in (0, 5, len(game.guesses) - 1):
        assert exhaustive.opener_total(u) == openers[u]


def test_one_board_with_a_cap_is_the_brute_force():
    # A cap that binds: the plain-Python optimum with ``left`` guesses, through Game and through
    # one board of Boards searched here (no one-board solver behind it).
    game = small_game(10, 4, 5)
    for cap in (2, 3, 4):
        expected = reference.optimal_total("easy", list(game.guesses), list(game.answers), left=cap)
        for model in (game, Boards(game, 1)):
            total = Exhaustive(model, max_guesses=cap, endings=False).value(model.initial_state())
            if expected is None:  # no strategy fits the cap
                assert total >= INFEASIBLE
            else:
                assert total == expected


@pytest.mark.parametrize("endings", [True, False])
@pytest.mark.parametrize(
    "n, size", [(2, (5, 3, 1)), (2, (6, 4, 2)), (2, (7, 3, 4)), (3, (5, 3, 1)), (3, (5, 5, 2))]
)
def test_many_boards_are_the_brute_force(n, size, endings):
    game = small_game(*size)
    expected = reference.boards_optimal_total(list(game.guesses), list(game.answers), n)
    boards = Boards(game, n)
    solver = Exhaustive(boards, endings=endings)
    total, first = solver.optimum()
    assert total == expected
    assert solver.opener_total(first) == expected
    # the proved-best opener is no worse than any other
    assert all(solver.opener_total(u, bound=expected) >= expected for u in range(len(game.guesses)))


def test_the_floor_is_hand_worked():
    # Two boards sharing {aaaaa, bbbbb}: secrets (a, b) and (b, a); guess aaaaa solves one
    # board of each, one more guess the other: 2 + 2 = 4 = (k + 1) m - max hits = 6 - 2.
    guesses = WordList(("aaaaa", "bbbbb", "zzzzz"), "g")
    answers = WordList(("aaaaa", "bbbbb"), "a")
    boards = Boards(Game(guesses, answers), 2)
    root = boards.initial_state()
    assert boards_lower_bound(boards, root) == 4
    assert Exhaustive(boards).value(root) == 4


def test_floors_and_guess_bounds_are_below_the_values():
    game = small_game(7, 4, 4)
    boards = Boards(game, 2)
    solver = Exhaustive(boards, endings=False)
    root = boards.initial_state()
    mass = boards.mass(root)
    for u in range(len(game.guesses)):
        children = solver._children(root, u)
        assert children is not None
        for floor, child_mass, child in children:
            assert child_mass == boards.mass(child)
            assert floor == boards_lower_bound(boards, child) <= solver.value(child, None)
        # the guess's cheap bound (from bucket statistics) never exceeds its children's floors
        guesses, cheap, _ = solver._worth_trying(root, mass, 10**9)
        bound = dict(zip(guesses.tolist(), cheap.tolist()))
        if u in bound:
            assert bound[u] <= mass + sum(f for f, _, _ in children)


def test_invariants_on_dordle_of_cut_lists():
    # lower bound <= optimum <= rollout over lifted MIG <= lifted MIG, all from one opener
    for n in (6, 9):
        boards = Boards(cut_game(n), 2)
        solver = Exhaustive(boards, max_guesses=boards.max_guesses)
        opener = "salet"
        optimum = solver.opener_total(opener)
        assert solver.lower_bound(boards.initial_state()) <= solver.optimum()[0] <= optimum
        base = evaluate(boards, Lifted("mig"), opener, max_guesses=7)
        rollout = count_guesses(boards, Rollout(Lifted("mig")), opener, 7)
        assert optimum <= rollout.total <= base.total
        assert count_guesses(boards, Lifted("mig"), opener, 7).total == base.total


def test_cut_list_optimum_is_hand_worked():
    # aback, abase, abate: six ordered pairs. abase gives the other two distinct feedbacks
    # (gggbb, gggbg): the four pairs holding abase take 2 guesses, the other two 3: 14, the
    # floor 3m - max hits = 18 - 4. salet tells all three apart (bybbb, yybyb, bybyy) and solves
    # none, so every pair takes 3 guesses after it: 18, whatever plays on.
    row = cut_list_optimum(3)
    assert (row.secrets, row.optimum, row.best_opener) == (6, 14, "abase")
    assert (row.opener_optimum, row.base_total, row.rollout_total) == (18, 18, 18)
    assert (row.base_gap, row.rollout_gap, row.unfinished) == (0, 0, 0)


def test_lookahead_over_the_optimum_plays_optimally():
    game = small_game(6, 3, 2)
    boards = Boards(game, 2)
    total, first = Exhaustive(boards).optimum()
    policy = Lookahead(ExhaustiveCost(), top_k=None, shortlist_heuristic=Lifted("mig"))
    assert evaluate(boards, policy, first, max_guesses=7).total == total


def test_the_dordle_floor_holds_on_small_games():
    for size in [(5, 3, 1), (6, 4, 2), (7, 3, 4)]:
        game = small_game(*size)
        one = reference.optimal_total("easy", list(game.guesses), list(game.answers))
        dordle = Exhaustive(Boards(game, 2), max_guesses=7).optimum()[0]
        assert dordle_lower_bound(len(game.answers), one) <= dordle
    # the original lists: 2315 x (7920 - 7) + ceil(2315 x 2314 / 2)
    assert dordle_lower_bound(2315, 7920) == 20_997_050


def test_bad_cap_is_one_clear_error():
    with pytest.raises(WordlekitError, match="max_guesses"):
        Exhaustive(small_game(5, 3, 1), max_guesses=0)
