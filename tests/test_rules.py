"""Every walk of a policy checks its guesses against the mode's rule (issue 44, defect 2), and
states carry their history (``State.history``)."""

import numpy as np
import pytest

from wordlekit import PolicyValues, WordlekitError, evaluate, get_heuristic
from wordlekit.evaluation import check_guess, decisions
from wordlekit.game import State, small_game
from wordlekit.optimal import Solver

from . import reference
from .conftest import SMALL_GAMES, atch_game


class ChompAfterTheOpener:
    """chomp after the opener, then the first candidate left: fine in easy mode, illegal in hard
    and strict mode after batch (see the test below)."""

    name = "chomp-then-in-order"

    def choose(self, game, state):
        if len(state.history) == 1:
            return game.guess_index("chomp")
        return int(game.guess_of_answer[state.candidates[0]])


def test_an_illegal_guess_is_named_with_its_state_and_rule():
    """By hand, the -atch game from batch: every other answer gets b g g g g, so hard mode keeps
    a, t, c, h green in positions 2 to 5, which chomp breaks at position 2. Strict mode plays
    only words that may be the answer: batch against chomp would have got b b b y y (no b, a,
    t; c and h elsewhere). Before issue 44 both were scored as easy mode's 22."""
    messages = {}
    for mode in ("hard", "strict"):
        with pytest.raises(WordlekitError) as caught:
            evaluate(atch_game(mode), ChompAfterTheOpener(), "batch")
        messages[mode] = str(caught.value)
    state = "turn 2 after batch bgggg (6 candidates: catch, hatch, latch, match, patch, ...)"
    assert messages["hard"] == (
        f"chomp-then-in-order plays 'chomp' at {state}, which hard mode forbids: position 2 "
        "must be 'a' (guess 1 'batch' got bgggg)"
    )
    assert messages["strict"] == (
        f"chomp-then-in-order plays 'chomp' at {state}, which strict mode forbids: it cannot be "
        "the answer: guess 1 'batch' got bgggg, and would have got bbbyy were 'chomp' the answer"
    )


def test_a_letter_too_few_times_is_named():
    """By hand: chomp against match is y y b y b (c, h and m elsewhere), so hard mode asks for
    a c, an h and an m: match has them, batch no m."""
    game = atch_game("hard")
    state = game.state_after([("chomp", "yybyb")])
    check_guess(game, "p", state, game.guess_index("match"))
    with pytest.raises(WordlekitError, match=r"hard mode forbids: it must contain 'm' \(guess 1"):
        check_guess(game, "p", state, game.guess_index("batch"))


class Plays:
    """A policy that plays ``guess`` whatever the state."""

    def __init__(self, guess):
        self.guess, self.name = guess, f"plays {guess!r}"

    def choose(self, game, state):
        return self.guess


@pytest.mark.parametrize("guess", [-1, 8, "chomp", 1.0, None])
def test_a_guess_that_is_no_index_is_named(guess):
    """-1 used to index the last row of the pattern matrix (watch), silently."""
    with pytest.raises(WordlekitError, match=r"expected the index of a guess of atch guesses"):
        evaluate(atch_game(), Plays(guess), "batch")


class EasyOptimum:
    """The easy-mode optimum's guess for the candidates left, whatever the mode."""

    name = "easy optimum"

    def __init__(self, solver):
        self.solver = solver

    def choose(self, game, state):
        easy = State(state.candidates, None, state.turn)
        return self.solver.best_guess(easy, self.solver.max_guesses - state.turn)


def reference_optimum(mode, game, opener, cap=6):
    """The optimal total from ``opener`` within ``cap`` guesses by tests/reference.py's
    exhaustive search (plain Python), None if no strategy solves every answer in time."""
    guesses, answers = list(game.guesses), list(game.answers)
    total = len(answers)
    for tiles, (cands, allowed, _) in reference.children(
        mode, guesses, tuple(answers), tuple(guesses), (), guesses[opener]
    ).items():
        if set(tiles) != {"g"}:
            value = reference.optimal_total(mode, guesses, list(cands), list(allowed), cap - 1)
            if value is None:
                return None
            total += value
    return total


def test_the_easy_optimum_played_in_hard_mode_is_refused():
    """Issue 44's example on a small game: the easy-mode optimum played as a policy in a hard
    game, where some of its guesses are forbidden. Hard mode can solve this game within six
    from this opener not at all (the reference's exhaustive search), yet the walk used to score
    the policy 30 there, the easy optimum. In easy mode it is legal. Also through
    ``PolicyValues``, rollout's walk."""
    game = small_game(**SMALL_GAMES[1])
    solver = Solver(game, 6)
    solver.opener_total(0)
    policy = EasyOptimum(solver)
    assert evaluate(game, policy, 0).total == reference_optimum("easy", game, 0) == 30
    hard = game.with_mode("hard")
    assert reference_optimum("hard", hard, 0) is None
    with pytest.raises(WordlekitError, match="which hard mode forbids: "):
        evaluate(hard, policy, 0)
    with pytest.raises(WordlekitError, match="which hard mode forbids: "):
        values = PolicyValues(hard, policy)
        for _, child in hard.unsolved_children(hard.initial_state(), 0):
            values.total(child)


@pytest.mark.slow
def test_the_easy_optimum_from_salet_in_hard_mode_is_refused(original):
    """Issue 44's own example: the easy-mode optimum from salet, 7920 (Selby's published
    optimum), played as a policy in a hard game reported 7920, below the NYT hard optimum 8122.
    Its second guess after salet g g g b b is aldol, without the green s."""
    solver = Solver(original, 6)
    policy = EasyOptimum(solver)
    assert evaluate(original, policy, "salet").total == 7920
    with pytest.raises(WordlekitError) as caught:
        evaluate(original.with_mode("hard"), policy, "salet")
    assert str(caught.value) == (
        "easy optimum plays 'aldol' at turn 2 after salet gggbb (5 candidates: salad, sally, "
        "salon, salsa, salvo), which hard mode forbids: position 1 must be 's' (guess 1 'salet' "
        "got gggbb)"
    )
    # by tests/reference.py: that history and that refusal are the NYT rule's
    assert {reference.feedback("salet", a) for a in ("salad", "sally", "salon")} == {"gggbb"}
    assert not reference.hard_mode_ok("aldol", "salet", "gggbb")


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_history_is_the_turns_played(mode):
    """Every state of a walk holds the turns that led to it: one per turn, each answer still a
    candidate exactly when it would have given every feedback of the history (feedback by
    tests/reference.py's plain Python)."""
    game = small_game(**SMALL_GAMES[0], mode=mode)
    guesses, answers = list(game.guesses), list(game.answers)
    seen = 0
    for node in decisions(game, get_heuristic("mig"), game.initial_state(), 0):
        state = node.state
        assert len(state.history) == state.turn
        consistent = [
            a
            for a, word in enumerate(answers)
            if all(
                reference.feedback(guesses[g], word) == game.format_feedback(p)
                for g, p in state.history
            )
        ]
        assert consistent == state.candidates.tolist()
        assert all(type(g) is int and type(p) is int for g, p in state.history)
        seen += 1
    assert seen > 10
    tiles = reference.feedback(guesses[3], answers[0])
    assert game.state_after([(guesses[3], tiles)]).history == ((3, game.parse_feedback(tiles)),)
    assert game.initial_state().history == ()
    assert np.array_equal(game.initial_state().candidates, np.arange(len(answers)))
