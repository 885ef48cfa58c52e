"""The belief state (Bayes' rule), the small games, and the states of a policy's tree."""

import numpy as np
import pytest

from wordlekit import Game, WordlekitError, WordList, get_heuristic
from wordlekit.belief import belief_update, uniform_belief
from wordlekit.evaluation import policy_states
from wordlekit.game import small_game

from . import reference


def test_uniform_prior_stays_uniform_over_the_consistent_answers():
    game = small_game(60, 20, 3)
    belief = uniform_belief(game)
    history = []
    for word, answer in [("salet", game.answers[7]), (game.answers[30], game.answers[7])]:
        if word not in game.guesses:
            word = game.guesses[0]
        tiles = reference.feedback(word, answer)
        history.append((word, tiles))
        pattern = int(game.patterns[game.guess_index(word), game.answers.index(answer)])
        belief = belief_update(game, belief, game.guess_index(word), pattern)
    consistent = [
        i
        for i, a in enumerate(game.answers)
        if all(reference.feedback(g, a) == t for g, t in history)
    ]
    assert np.flatnonzero(belief).tolist() == consistent
    assert np.allclose(belief[consistent], 1 / len(consistent)) and belief.sum() == pytest.approx(1)


def test_non_uniform_prior_is_reweighted_by_bayes():
    game = small_game(10, 0, 4)
    prior = np.arange(1, 11, dtype=float) / 55
    g = 0
    pattern = int(game.patterns[g, 3])
    posterior = belief_update(game, prior, g, pattern)
    keep = [i for i in range(10) if game.patterns[g, i] == pattern]
    assert np.allclose(posterior[keep], prior[keep] / prior[keep].sum())


def test_impossible_feedback_is_refused():
    game = small_game(10, 0, 4)
    certain = np.eye(10)[1]  # the answer is word 1 for sure
    other = (int(game.patterns[0, 1]) + 1) % game.n_patterns
    with pytest.raises(WordlekitError, match="has probability 0"):
        belief_update(game, certain, 0, other)


def test_small_game_is_seeded_and_checked():
    a, b = small_game(20, 5, 9), small_game(20, 5, 9)
    assert a.answers.words == b.answers.words and a.guesses.words == b.guesses.words
    assert list(a.guesses) == sorted(a.guesses) and set(a.answers) <= set(a.guesses)
    assert len(a.guesses) == 25
    with pytest.raises(WordlekitError, match="a small game of 0 answers"):
        small_game(0, 5)


def test_policy_states_by_hand():
    game = Game(
        WordList(("batch", "bicep", "catch", "patch")), WordList(("batch", "catch", "patch"))
    )
    states = policy_states(game, get_heuristic("mig"), "batch")
    assert [game.candidate_words(s) for s in states] == [["catch", "patch"]]
