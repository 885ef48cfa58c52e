"""Policies that play a consistent word: the seeded random one (SophieZero's baseline)."""

import numpy as np

from wordlekit.consistent import RandomConsistent
from wordlekit.game import small_game
from wordlekit.unaware import evaluate_secrets, unaware_game


def test_random_consistent_is_seeded_and_consistent():
    game = unaware_game(guesses=small_game(30, 30, 9).guesses)
    root = game.initial_state()
    secrets = list(game.answers)[:20]
    runs = [
        evaluate_secrets(game, RandomConsistent(3), RandomConsistent(3).choose(game, root), secrets)
        for _ in range(2)
    ]
    assert np.array_equal(runs[0].guesses_per_answer, runs[1].guesses_per_answer)
    policy = RandomConsistent(4)
    state = game.next_state(root, 0, int(np.bincount(game.patterns[0]).argmax()))  # biggest bucket
    assert 1 < len(state.candidates) < len(game.answers)
    assert policy.choose(game, state) in game.guess_of_answer[state.candidates]
    keys = policy.keys(game, state)
    assert sorted(keys[keys < 10**9].tolist()) == list(range(len(state.candidates)))
    assert game.all_guesses[np.argmin(keys)] == policy.choose(game, state)


def test_keys_rank_the_candidates_in_the_policys_order():
    game = unaware_game(guesses=small_game(30, 30, 9).guesses)
    state = game.next_state(game.initial_state(), 1, int(np.bincount(game.patterns[1]).argmax()))
    policy = RandomConsistent(2)
    order = policy.order(game, state)
    assert sorted(order.tolist()) == list(range(len(state.candidates)))
    keys = policy.keys(game, state)
    ranked = game.allowed_guesses(state)[np.argsort(keys)[: len(order)]]
    assert ranked.tolist() == game.guess_of_answer[state.candidates[order]].tolist()
    assert (np.sort(keys)[len(order) :] == np.iinfo(np.int64).max).all()  # others EXCLUDED
