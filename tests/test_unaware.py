"""SophieZero's setting: agents that do not know the answer list."""

import numpy as np
import pytest

from wordlekit import WordList, evaluate
from wordlekit.errors import WordlekitError
from wordlekit.game import small_game
from wordlekit.heuristics import MIG
from wordlekit.rollout import Rollout
from wordlekit.unaware import (
    FEATURES, RandomConsistent, SarsaPolicy, board_of, epsilon, evaluate_secrets,
    feature_variation, sarsa_update, step_cost, train_sarsa, unaware_game)


WORDS = ("batch", "catch", "chwmp", "hatch", "match", "patch", "watch")


def atch_unaware():
    return unaware_game(guesses=WordList(WORDS, "atch words"))


def test_sarsa_update_by_hand():
    theta = np.array([1.0, 0, 0, 0, 0, 0])
    phi = np.array([1.0, 2, 0, 0, 0, 1])
    phi_next = np.array([1.0, 1, 0, 0, 0, 0])
    # Q(s, a) = 1, Q(s', a') = 1, cost -3: error -3 + 1 - 1 = -3, theta += 0.1 * -3 * phi.
    assert sarsa_update(theta, phi, -3.0, phi_next, 0.1) == pytest.approx([0.7, -0.6, 0, 0, 0, -0.3])
    # At the end of the game Q(s', a') = 0: error 6 - 1 = 5.
    assert sarsa_update(theta, phi, 6.0, None, 0.1) == pytest.approx([1.5, 1.0, 0, 0, 0, 0.5])
    assert epsilon(0, 100) == 0.5 and epsilon(100, 100) == pytest.approx(0.1)


def test_board_features_and_costs_by_hand():
    game = atch_unaware()
    state = game.state_after([("batch", "bgggg"), ("watch", "bgggg"), ("hatch", "bgggg"),
                              ("patch", "bgggg")])
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


def test_mig_without_the_answer_list_by_hand():
    game = atch_unaware()
    # The agent thinks any of the 7 words may be the answer. batch against catch or match gives
    # bgggg, leaving catch hatch match patch watch; chwmp tells those five apart (and is not
    # itself among them), so MIG plays it, then the answer: 3 guesses for each secret.
    result = evaluate_secrets(game, MIG(), "batch", ["catch", "match"])
    assert result.guesses.tolist() == [3, 3]
    assert result.solved == 1.0 and result.mean_solved == 3.0 and result.std == 0.0
    assert evaluate_secrets(game, MIG(), "catch", ["catch"]).guesses.tolist() == [1]
    with pytest.raises(WordlekitError, match="secret 'zebra' is not a word the agent can guess"):
        evaluate_secrets(game, MIG(), "batch", ["zebra"])


def test_evaluate_secrets_agrees_with_evaluate():
    game = small_game(40, 30, 8)
    opener = game.guesses[5]
    want = evaluate(game, MIG(), opener).guesses_per_answer
    got = evaluate_secrets(game, MIG(), opener, list(game.answers)).guesses
    assert np.array_equal(want, got)


def test_random_consistent_is_seeded_and_consistent():
    game = unaware_game(guesses=small_game(30, 30, 9).guesses)
    root = game.initial_state()
    secrets = list(game.answers)[:20]
    runs = [evaluate_secrets(game, RandomConsistent(3), RandomConsistent(3).choose(game, root), secrets)
            for _ in range(2)]
    assert np.array_equal(runs[0].guesses, runs[1].guesses)
    policy = RandomConsistent(4)
    state = game.next_state(root, 0, int(np.bincount(game.patterns[0]).argmax()))  # biggest bucket
    assert 1 < len(state.candidates) < len(game.answers)
    assert policy.choose(game, state) in game.guess_of_answer[state.candidates]
    keys = policy.keys(game, state)
    assert sorted(keys[keys < 10 ** 9].tolist()) == list(range(len(state.candidates)))
    assert game.all_guesses[np.argmin(keys)] == policy.choose(game, state)


@pytest.mark.parametrize("make_base", [lambda: RandomConsistent(1),
                                       lambda: SarsaPolicy(np.array([0, 0, 0, 0, 0, -1.0]), 1)])
def test_rollout_never_worse_than_its_base_on_the_agents_belief(make_base):
    # The guarantee is for the agent's own belief: every word equally likely.
    game = unaware_game(guesses=small_game(40, 40, 10).guesses)
    base = make_base()
    opener = base.choose(game, game.initial_state())
    words = list(game.answers)
    before = evaluate_secrets(game, base, opener, words).guesses.sum()
    after = evaluate_secrets(game, Rollout(base, 5, shortlist_heuristic=base), opener, words).guesses.sum()
    assert after <= before


def test_sarsa_training_is_reproducible():
    game = unaware_game(guesses=small_game(30, 30, 11).guesses)
    secrets = list(small_game(30, 30, 11).answers)
    runs = [train_sarsa(game, 60, alpha=0.01, seed=5, secrets=secrets, checkpoints=2) for _ in range(2)]
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
        stack.extend(child for pattern, child in game.children(state, policy.choose(game, state))
                     if pattern != game.solved)
    got, counted = feature_variation(game, policy, limit)
    assert (counted, got.tolist()) == (total, varying.tolist())
    assert counted == limit and got[0] == 0  # the constant feature never varies
