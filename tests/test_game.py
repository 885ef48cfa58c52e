"""Game modes and states: hand-checked rules, the kernels against the reference, errors."""

import numpy as np
import pytest

from wordlekit import Game, WordlekitError, WordList
from wordlekit.feedback import parse_feedback
from wordlekit.game import small_game

from . import reference
from .conftest import SMALL_GAMES


def test_nyt_hard_mode_rule_by_hand():
    # After "crane" got g y b b b: c stays first, r must appear somewhere, n/e may return.
    guesses = WordList(("crane", "cider", "chord", "brick", "crone", "caned"), "g")
    game = Game(guesses, WordList(("cider", "chord"), "a"), "hard")
    state = game.next_state(game.initial_state(), 0, parse_feedback("gybbb", 5))
    assert [guesses[i] for i in state.allowed] == ["crane", "cider", "chord", "crone"]
    # strict: only words that would have produced exactly g y b b b against "crane"
    strict = game.with_mode("strict")
    state = strict.next_state(strict.initial_state(), 0, parse_feedback("gybbb", 5))
    assert [guesses[i] for i in state.allowed] == ["chord"]


def test_hard_mode_counts_repeated_letters():
    # "speed" vs "erase": s y, e y, e y -> two e's are required in every later guess.
    guesses = WordList(("speed", "erase", "eases", "sense", "those"), "g")
    game = Game(guesses, WordList(("erase",), "a"), "hard")
    state = game.next_state(game.initial_state(), 0, parse_feedback("ybyyb", 5))
    assert [guesses[i] for i in state.allowed] == ["speed", "erase", "eases", "sense"]


def test_hard_mode_rule_by_hand():
    # "speed" vs "erase": s y, e y, e y: two e's and an s, no green; then "erase" vs "erase",
    # all green: every letter in place, e still twice.
    guesses = WordList(("speed", "erase", "eases", "sense", "those"), "g")
    game = Game(guesses, WordList(("erase",), "a"), "hard")
    state = game.next_state(game.initial_state(), 0, parse_feedback("ybyyb", 5))
    assert _decoded(game, state.rule) == ({}, {"e": 2, "s": 1})
    state = game.next_state(state, 1, parse_feedback("ggggg", 5))
    assert _decoded(game, state.rule) == (
        dict(enumerate("erase")),
        {"a": 1, "e": 2, "r": 1, "s": 1},
    )


def _decoded(game, rule):
    """(green letter by position, least count by letter) from a state's hard-mode rule."""
    greens = {i: game.alphabet[c - 1] for i, c in enumerate(rule[: game.length]) if c}
    counts = {game.alphabet[a]: c for a, c in enumerate(rule[game.length :]) if c}
    return greens, counts


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_hard_mode_rule_decides_the_allowed_guesses(spec):
    """A hard-mode state's key holds its rule instead of its allowed guesses, so the rule must
    decide them: along random games, the guesses that obey the decoded rule are those that
    obey every turn's rule (tests/reference.py), and are the state's allowed guesses."""
    game = small_game(**spec, mode="hard")
    guesses = list(game.guesses)
    rng = np.random.default_rng(3)
    for _ in range(12):
        state, history = game.initial_state(), []
        for _ in range(3):
            allowed = game.allowed_guesses(state)
            guess = int(allowed[rng.integers(len(allowed))])
            kids = game.children(state, guess)
            _, state = kids[rng.integers(len(kids))]
            answer = game.answers[state.candidates[0]]
            history.append((guesses[guess], reference.feedback(guesses[guess], answer)))
            greens, counts = _decoded(game, state.rule)
            obeying = [
                w
                for w in guesses
                if all(w[i] == g for i, g in greens.items())
                and all(w.count(a) >= c for a, c in counts.items())
            ]
            assert obeying == reference.allowed_after("hard", guesses, history)
            assert [guesses[i] for i in state.allowed] == obeying
            if len(state.candidates) == 1:
                break


def test_sole_guess_is_the_last_candidate_by_hand():
    # Guess list order differs from the answer list's, so the index must be translated.
    guesses = WordList(("crane", "cider", "chord"), "g")
    game = Game(guesses, WordList(("chord", "cider"), "a"))
    root = game.initial_state()
    assert game.sole_guess(root) is None
    # "crane" vs chord: g y b b b; vs cider: g y b b y -> one candidate each
    state = game.next_state(root, 0, parse_feedback("gybbb", 5))
    assert game.candidate_words(state) == ["chord"]
    assert game.sole_guess(state) == 2


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_children_match_reference(mode, spec):
    game = small_game(**spec, mode=mode)
    guesses, answers = list(game.guesses), list(game.answers)
    rng = np.random.default_rng(7)
    state = game.initial_state()
    for guess in rng.choice(len(guesses), 5, replace=False):
        kids = game.children(state, int(guess))
        expected = reference.children(
            mode, guesses, tuple(answers), tuple(guesses), (), guesses[guess]
        )
        assert len(kids) == len(expected)
        for pattern, child in kids:
            tiles = reference.feedback(guesses[guess], answers[child.candidates[0]])
            cands, allowed, _ = expected[tiles]
            assert game.candidate_words(child) == list(cands)
            got_allowed = guesses if child.allowed is None else [guesses[i] for i in child.allowed]
            assert got_allowed == list(allowed)
            assert child.turn == 1


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_split_builds_each_bucket_on_demand_as_next_state_does(mode):
    # A branch and bound asks for a few buckets, largest first: each, built alone and out of
    # order, is the state next_state reaches by that feedback (candidates, allowed, key).
    game = small_game(40, 30, 3, mode=mode)
    state = game.next_state(game.initial_state(), 2, int(np.bincount(game.patterns[2]).argmax()))
    assert len(state.candidates) == 6
    for guess in game.allowed_guesses(state)[:4]:
        split = game.split(state, guess)
        expected = np.unique(game.patterns[guess, state.candidates], return_counts=True)
        assert list(split.patterns) == list(expected[0]) and list(split.sizes) == list(expected[1])
        for b in np.argsort(-split.sizes, kind="stable"):
            child = split.child(int(b))
            reached = game.next_state(state, guess, int(split.patterns[b]))
            assert list(child.candidates) == list(reached.candidates)
            assert np.array_equal(game.allowed_guesses(child), game.allowed_guesses(reached))
            assert child.key == reached.key and child.turn == reached.turn == 2


def test_state_after_history_and_its_errors(original):
    game = original.with_mode("hard")
    state = game.state_after([("salet", "bbbbb"), ("crony", "gbbbb")])
    assert all(
        w.startswith("c") and not set(w) & set("saletrony") for w in game.candidate_words(state)
    )
    # s was green at position 1, so a second guess must start with s
    with pytest.raises(WordlekitError, match="guess 2 'tabla' is not allowed in hard mode"):
        game.state_after([("salet", "gbbbb"), ("tabla", "bbbbb")])
    with pytest.raises(WordlekitError, match="feedback 'ggxbb'"):
        game.state_after([("salet", "ggxbb")])
    with pytest.raises(WordlekitError, match="guess 1 'xxxxx' is not an allowed guess"):
        game.state_after([("xxxxx", "bbbbb")])
    # salet is an allowed guess but not an answer, so it can never be all green
    with pytest.raises(WordlekitError, match="no answer is consistent with guess 2 'salet'"):
        game.state_after([("salet", "bbbbb"), ("salet", "ggggg")])


def test_unknown_mode_and_lists_that_do_not_fit():
    g = WordList(("crane", "slate"), "g")
    with pytest.raises(
        WordlekitError, match="unknown mode 'medium'; expected one of easy, hard, strict"
    ):
        Game(g, g, "medium")
    with pytest.raises(WordlekitError, match="'trace'.*every answer must be an allowed guess"):
        Game(g, WordList(("trace",), "a"))
    with pytest.raises(WordlekitError, match="6-letter"):
        Game(g, WordList(("tances",), "a"))
