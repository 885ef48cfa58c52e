"""Heuristics: hand-worked choices, and the kernels against the plain-Python reference."""

import math

import numpy as np
import pytest

from wordlekit import Game, WordlekitError, WordList, evaluate, get_heuristic, parse_feedback
from wordlekit import heuristics as heuristics_mod
from wordlekit.game import small_game
from wordlekit.heuristics import EXCLUDED, CandidatesFirst, Heuristic

from . import reference
from .conftest import SMALL_GAMES

NAMES = ["mig", "mrd", "gep", "gep-published"]


def batch_game(mode="easy"):
    """Three answers that differ only in the first letter, and one word that splits them.

    By hand: "bicep" gets g b y b b against batch, b b y b b against catch and b b y b y against
    patch, three buckets of one; "batch" gets b g g g g against both catch and patch.
    """
    guesses = WordList(("batch", "bicep", "catch", "patch"), "batch guesses")
    answers = WordList(("batch", "catch", "patch"), "batch answers")
    return Game(guesses, answers, mode)


def test_hand_worked_choices_on_the_batch_game():
    game = batch_game()
    root = game.initial_state()
    # All three candidates split the others into {self} + {two}; bicep splits all three.
    assert game.guesses[get_heuristic("mig").choose(game, root)] == "bicep"
    assert game.guesses[get_heuristic("mrd").choose(game, root)] == "bicep"  # 3 < 1 + 4
    assert game.guesses[get_heuristic("gep").choose(game, root)] == "bicep"  # 3 parts
    # Fewest parts: the candidates (2 parts) beat bicep; ties to list order -> batch.
    assert game.guesses[get_heuristic("gep-published").choose(game, root)] == "batch"
    # After batch got b g g g g: {catch, patch}. MIG ties (1 bit) go to list order, and batch
    # itself splits nothing, so MIG plays bicep; MRD prefers the candidate catch.
    state = game.next_state(root, 0, parse_feedback("bgggg", 5))
    assert game.candidate_words(state) == ["catch", "patch"]
    assert game.guesses[get_heuristic("mig").choose(game, state)] == "bicep"
    assert game.guesses[get_heuristic("mrd").choose(game, state)] == "catch"
    # In hard mode bicep drops the greens a, t, c, h: only batch, catch, patch are allowed.
    hard = game.with_mode("hard")
    hard_state = hard.next_state(hard.initial_state(), 0, parse_feedback("bgggg", 5))
    assert [hard.guesses[i] for i in hard_state.allowed] == ["batch", "catch", "patch"]
    assert hard.guesses[get_heuristic("mig").choose(hard, hard_state)] == "catch"


def test_scores_are_in_the_papers_units():
    game = batch_game()
    root = game.initial_state()
    mig = dict(zip(game.guesses, get_heuristic("mig").scores(game, root)))
    assert mig["bicep"] == pytest.approx(math.log2(3))
    assert mig["batch"] == pytest.approx(math.log2(3) - 2 / 3)
    mrd = dict(zip(game.guesses, get_heuristic("mrd").scores(game, root)))
    assert mrd == pytest.approx({"batch": 5 / 3, "bicep": 1, "catch": 5 / 3, "patch": 5 / 3})
    gep = dict(zip(game.guesses, get_heuristic("gep").scores(game, root)))
    assert gep == pytest.approx({"batch": 2 / 3, "bicep": 1, "catch": 2 / 3, "patch": 2 / 3})


def _random_states(game, rng, count):
    """States reached by random play, at various depths."""
    states = []
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.integers(1, 3)):
            allowed = game.allowed_guesses(state)
            guess = int(allowed[rng.integers(len(allowed))])
            kids = [c for p, c in game.children(state, guess) if p != game.solved]
            if not kids:
                break
            state = kids[rng.integers(len(kids))]
            if len(state) > 1:
                states.append(state)
    return states


@pytest.mark.parametrize("aided", [False, True])
@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_choose_and_rank_match_reference(mode, spec, aided, monkeypatch):
    if aided:  # the scan's candidates first, floor and block, which small games do not reach
        monkeypatch.setattr(heuristics_mod, "AIDED_MIN", 0)
    game = small_game(**spec, mode=mode)
    guesses = list(game.guesses)
    rng = np.random.default_rng(11)
    states = [game.initial_state()] + _random_states(game, rng, 12)
    for name in NAMES:
        heuristic = get_heuristic(name)
        for state in states:
            cands = game.candidate_words(state)
            allowed = [guesses[i] for i in game.allowed_guesses(state)]
            order = reference.heuristic_order(name, mode, cands, allowed)
            assert game.guesses[heuristic.choose(game, state)] == order[0], (name, state)
            ranked = [guesses[i] for i in heuristic.rank(game, state, 7)]
            assert ranked == order[:7], (name, state)


@pytest.mark.parametrize("name", NAMES)
def test_sequential_early_exit_equals_parallel_scan(name, monkeypatch, original):
    heuristic = get_heuristic(name)
    rng = np.random.default_rng(5)
    for mode in ["easy", "hard", "strict"]:
        game = original.with_mode(mode)
        states = _random_states(game, rng, 25)
        monkeypatch.setattr(heuristics_mod, "SEQUENTIAL_MAX", 10**9)
        sequential = [heuristic.choose(game, s) for s in states]
        monkeypatch.setattr(heuristics_mod, "SEQUENTIAL_MAX", 0)
        parallel = [heuristic.choose(game, s) for s in states]
        assert sequential == parallel


#: Weighs the number of buckets above any sum of squares (at most 2,315**2 here).
SCALE = 2**40


class MostFeedbacksByKeys(Heuristic):
    """Issue 44's example, written as the module docstring suggests for a new key: most
    feedbacks (buckets), ties by expected size (sum of squares), then list order."""

    name = "most-feedbacks (keys)"

    def keys(self, game, state):
        stats = self.stats(game, state)
        keys = -SCALE * stats.parts + stats.squares
        if game.mode != "strict":
            keys[stats.splits_nothing] = EXCLUDED
        return keys


class MostFeedbacksByCoef(Heuristic):
    """The same heuristic through ``coef`` (heaviest is the parts count with unit weights)."""

    name = "most-feedbacks (coef)"
    coef = (0, 1, -SCALE, 0)


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_a_heuristics_own_keys_are_played_at_every_state(mode, spec):
    """Issue 44, defect 1: at 64 candidates or fewer ``choose`` used the early-exit scan, which
    reads ``coef`` only, so a heuristic's own ``keys`` were ignored (all zero: list order). Every
    state of these games is that small. Both spellings must play the reference's guess at each
    state of the walk (tests/reference.py, plain Python), and so score alike."""
    game = small_game(**spec, mode=mode)
    guesses, answers = list(game.guesses), list(game.answers)
    want = reference.evaluate(
        reference.heuristic_policy("most-parts-then-squares", mode),
        mode,
        guesses,
        answers,
        guesses[0],
    )
    for heuristic in (MostFeedbacksByKeys(), MostFeedbacksByCoef()):
        got = evaluate(game, heuristic, guesses[0]).guesses_per_answer.tolist()
        assert got == want, heuristic.name


def test_candidates_first_over_a_heuristics_own_keys():
    """CandidatesFirst over a base with its own ``keys`` ranks by those keys, ties towards a
    candidate: the reference's order with candidates first, at every state of a walk."""
    game = small_game(**SMALL_GAMES[0])
    guesses = list(game.guesses)
    rng = np.random.default_rng(3)
    for base in (MostFeedbacksByKeys(), MostFeedbacksByCoef()):
        policy = CandidatesFirst(base)
        for state in [game.initial_state()] + _random_states(game, rng, 8):
            order = reference.heuristic_order(
                "most-parts-then-squares",
                "easy",
                game.candidate_words(state),
                guesses,
                candidates_first=True,
            )
            assert guesses[policy.choose(game, state)] == order[0], (base.name, state)
            assert [guesses[i] for i in policy.rank(game, state, 5)] == order[:5]


def test_unknown_heuristic_is_named():
    with pytest.raises(WordlekitError, match="unknown heuristic 'entropy'; expected one of mig"):
        get_heuristic("entropy")
