"""SophieZero's linear SARSA: features, costs, the update, training and the greedy policy."""

import numpy as np
import pytest

from wordlekit.errors import WordlekitError
from wordlekit.game import small_game
from wordlekit.sarsa import (
    FEATURES,
    SarsaPolicy,
    board_of,
    epsilon,
    feature_variation,
    sarsa_update,
    step_cost,
    train_sarsa,
)
from wordlekit.unaware import unaware_game

from .test_unaware import atch_unaware


def test_sarsa_update_by_hand():
    theta = np.array([1.0, 0, 0, 0, 0, 0])
    phi = np.array([1.0, 2, 0, 0, 0, 1])
    phi_next = np.array([1.0, 1, 0, 0, 0, 0])
    # Q(s, a) = 1, Q(s', a') = 1, cost -3: error -3 + 1 - 1 = -3, theta += 0.1 * -3 * phi.
    assert sarsa_update(theta, phi, -3.0, phi_next, 0.1) == pytest.approx(
        [0.7, -0.6, 0, 0, 0, -0.3]
    )
    # At the end of the game Q(s', a') = 0: error 6 - 1 = 5.
    assert sarsa_update(theta, phi, 6.0, None, 0.1) == pytest.approx([1.5, 1.0, 0, 0, 0, 0.5])
    assert epsilon(0, 100) == 0.5 and epsilon(100, 100) == pytest.approx(0.1)


def test_board_features_and_costs_by_hand():
    game = atch_unaware()
    state = game.state_after(
        [("batch", "bgggg"), ("watch", "bgggg"), ("hatch", "bgggg"), ("patch", "bgggg")]
    )
    assert game.candidate_words(state) == ["catch", "match"]
    board = board_of(game, state)
    # Both candidates read ?atch: places 1-4 known; a, t, c, h present, all placed.
    assert board.places_known == 4 and board.letters_unplaced == 0 and board.turn == 4
    codes = game.guess_codes[[game.guess_index("catch"), game.guess_index("match")]]
    features = board.features(codes)
    assert len(FEATURES) == 6
    # constant, 6 - 4 guesses left, 0 unplaced, 4 places, action letters on known places,
    # action letters present elsewhere: catch's first c (c is present), match's m is not.
    assert features.tolist() == [[1, 2, 0, 4, 4, 1], [1, 2, 0, 4, 4, 0]]
    assert step_cost(board, solved=False) == -4
    assert step_cost(board, solved=True) == -5 - 2
    full = board_of(game, game.state_after([("batch", "bgggg")] * 6))
    assert step_cost(full, solved=False) == 6


def test_sarsa_training_is_reproducible():
    game = unaware_game(guesses=small_game(30, 30, 11).guesses)
    secrets = list(small_game(30, 30, 11).answers)
    runs = [
        train_sarsa(game, 60, alpha=0.01, seed=5, secrets=secrets, checkpoints=2) for _ in range(2)
    ]
    assert np.array_equal(runs[0].theta, runs[1].theta) and runs[0].curve == runs[1].curve
    assert [row["episodes"] for row in runs[0].curve] == [30, 60]
    with pytest.raises(WordlekitError, match="0 episodes"):
        train_sarsa(game, 0)


def test_feature_variation_against_a_plain_walk():
    """The library's count of varying features equals a walk written out here: a stack of states,
    expanded with the policy's guess, skipping single candidates and the sixth guess on."""
    game = unaware_game()
    policy = SarsaPolicy(train_sarsa(game, 100, seed=0).theta, 0)
    limit, varying, total = 150, np.zeros(len(FEATURES), dtype=np.int64), 0
    stack = [game.initial_state()]
    while stack and total < limit:
        state = stack.pop()
        if len(state.candidates) < 2 or state.turn >= 6:
            continue
        features = board_of(game, state).features(game.answer_codes[state.candidates])
        varying += features.max(axis=0) > features.min(axis=0)
        total += 1
        stack.extend(
            child
            for pattern, child in game.children(state, policy.choose(game, state))
            if pattern != game.solved
        )
    got, counted = feature_variation(game, policy, limit)
    assert (counted, got.tolist()) == (total, varying.tolist())
    assert counted == limit and got[0] == 0  # the constant feature never varies


def test_greedy_order_against_a_lexsort_by_q_then_tie_rank():
    """Sorted by Q rounded to 12 decimals, equal values in the tie order: the plain definition
    is a lexicographic sort by (rounded Q, rank in the tie order)."""
    from wordlekit.sarsa import greedy_order

    rng = np.random.default_rng(7)
    for n in (1, 2, 9, 40):
        q = rng.integers(0, 4, size=n) * 0.1 + rng.choice([0.0, 1e-15], size=n)  # ties and noise
        ties = rng.permutation(n)
        ranks = np.empty(n, dtype=np.int64)
        ranks[ties] = np.arange(n)
        assert greedy_order(q, ties).tolist() == np.lexsort((ranks, np.round(q, 12))).tolist()


def test_sarsa_with_equal_q_plays_like_the_random_baseline_of_its_seed():
    from wordlekit.consistent import RandomConsistent

    game = unaware_game(guesses=small_game(30, 30, 12).guesses)
    root = game.initial_state()
    for seed in (0, 1):
        policy, random = SarsaPolicy(np.zeros(len(FEATURES)), seed), RandomConsistent(seed)
        state = game.next_state(root, 0, int(np.bincount(game.patterns[0]).argmax()))
        assert policy.choose(game, state) == random.choose(game, state)
        assert np.array_equal(policy.keys(game, state), random.keys(game, state))
