"""SophieZero's deep agents: the three representations on hand-worked boards, the network's
shape and loss as the paper states them, the greedy policy, training's determinism."""

import itertools

import numpy as np
import pytest

from wordlekit.consistent import RandomConsistent
from wordlekit.deep import (
    LOST_COST,
    REPRESENTATIONS,
    DeepPolicy,
    Network,
    encode,
    encode_state,
    game_cost,
    input_size,
    network_for,
    possible_letters,
    state_size,
    tiles,
    train_deep,
)
from wordlekit.errors import WordlekitError
from wordlekit.feedback import GREEN, GREY, YELLOW, parse_feedback
from wordlekit.game import MAX_GUESSES, Game, small_game
from wordlekit.words import WordList

WORDS = ("abide", "crane", "eerie", "speed", "spend")


@pytest.fixture(scope="module")
def game():
    # The agent's game: every word may be the answer. Alphabet: a b c d e i n p r s (A = 10).
    words = WordList(WORDS, "five words")
    return Game(words, words)


def board(game, *plays):
    return game.state_after([(guess, tiles_) for guess, tiles_ in plays])


def test_tiles_read_a_pattern_first_letter_first():
    assert list(tiles(parse_feedback("bbybg", 5), 5)) == [GREY, GREY, YELLOW, GREY, GREEN]


def test_small_information_by_hand(game):
    # Answer abide, guess crane: c, r, n grey and lit nowhere (not in the word), a yellow at 2
    # (not there), e green at 4 (column 4 holds e only).
    idx = game.alphabet.index
    assert game.alphabet == "abcdeinprs"
    possible, certain = possible_letters(game, board(game, ("crane", "bbybg")).history)
    for letter in "crn":
        assert not possible[idx(letter)].any()
    assert not possible[idx("a"), 2] and possible[idx("a"), 0] and possible[idx("a"), 3]
    assert [game.alphabet[i] for i in np.flatnonzero(possible[:, 4])] == ["e"]
    assert certain[idx("e"), 4] and certain.sum() == 1
    # Untouched letters stay possible everywhere but in the green column (e too: the matrix
    # cannot count copies).
    assert possible[idx("b"), :4].all() and possible[idx("e"), :4].all()
    # 50 cells: rows c, r, n (15), cell (a, 2), column 4's six letters left but e
    assert possible.sum() == 50 - 15 - 1 - 6


def test_a_grey_copy_of_a_lit_letter_clears_its_cell_only(game):
    # Answer abide, guess eerie: the one e of abide is green at 4, so the e's at 0 and 1 are
    # grey copies (e is in the word: not there, not everywhere); r grey (nowhere); i yellow at 3.
    idx = game.alphabet.index
    possible, certain = possible_letters(game, board(game, ("eerie", "bbbyg")).history)
    assert not possible[idx("e"), 0] and not possible[idx("e"), 1] and possible[idx("e"), 2]
    assert not possible[idx("r")].any()
    assert not possible[idx("i"), 3] and possible[idx("i"), 2]
    assert certain[idx("e"), 4] and not possible[idx("i"), 4]


def test_information_triplets_by_hand(game):
    idx, n = game.alphabet.index, len(game.alphabet)
    state = board(game, ("crane", "bbybg"))
    head = encode_state("information", game, state)
    assert len(head) == state_size("information", game) == n * 5 * 3 + 1
    triplet = head[:-1].reshape(n, 5, 3)  # (certain, possible, not there)
    assert list(triplet[idx("e"), 4]) == [1, 0, 0]
    assert list(triplet[idx("a"), 2]) == [0, 0, 1]
    assert list(triplet[idx("a"), 0]) == [0, 1, 0]
    assert list(triplet[idx("c"), 1]) == [0, 0, 1]
    assert list(triplet[idx("b"), 4]) == [0, 0, 1]  # column 4 is e's
    assert (triplet.sum(axis=2) == 1).all()
    assert head[-1] == MAX_GUESSES - 1  # guesses left
    small = encode_state("small information", game, state)
    assert len(small) == n * 5 + 1 and small[-1] == MAX_GUESSES - 1
    assert small[idx("a") * 5 + 2] == 0 and small[idx("a") * 5 + 0] == 1


def test_full_board_by_hand(game):
    idx, n = game.alphabet.index, len(game.alphabet)
    state = board(game, ("crane", "bbybg"), ("speed", "bbyby"))  # answer abide
    head = encode_state("full", game, state)
    assert len(head) == MAX_GUESSES * 5 * (n + 3)
    cell = head.reshape(MAX_GUESSES, 5, n + 3)
    assert cell[0, 2, idx("a")] == 1 and cell[0, 2, n + YELLOW] == 1
    assert cell[0, 4, idx("e")] == 1 and cell[0, 4, n + GREEN] == 1
    assert cell[1, 0, idx("s")] == 1 and cell[1, 0, n + GREY] == 1
    assert cell[1, 2, idx("e")] == 1 and cell[1, 2, n + YELLOW] == 1
    assert cell[1, 4, idx("d")] == 1 and cell[1, 4, n + YELLOW] == 1
    assert head.sum() == 2 * 5 * 2 and not cell[2:].any()  # a letter and a colour per cell


def test_action_one_hot_by_hand(game):
    idx, n = game.alphabet.index, len(game.alphabet)
    state = game.initial_state()
    for representation in REPRESENTATIONS:
        rows = encode(representation, game, state, game.guess_codes[[game.guess_index("spend")]])
        head = state_size(representation, game)
        assert rows.shape == (1, input_size(representation, game)) == (1, head + n * 5)
        action = rows[0, head:]
        assert action.sum() == 5
        assert all(action[j * n + idx(letter)] == 1 for j, letter in enumerate("spend"))


def test_unknown_representation_is_one_clear_error(game):
    with pytest.raises(WordlekitError, match=r"^representation 'big' is unknown; expected one of"):
        encode_state("big", game, game.initial_state())
    with pytest.raises(WordlekitError, match="0 episodes"):
        train_deep(game, "full", 0)


def test_cost_is_the_tries_if_solved_else_seven():
    assert LOST_COST == 7
    assert game_cost(3, True) == 3 and game_cost(6, True) == 6 and game_cost(6, False) == 7


def test_the_network_is_four_relu_layers_with_the_papers_loss():
    rng = np.random.default_rng(0)
    inputs, targets = rng.integers(0, 2, (6, 12)).astype(float), rng.uniform(1, 7, 6)
    regressor = network_for(seed=3, hidden=(8, 8, 8), l2=0.5, learning_rate=1e-3)
    assert regressor.activation == "relu" and regressor.alpha == 0.5
    regressor.partial_fit(inputs, targets)
    before = Network.of(regressor)
    assert before.sizes == (12, 8, 8, 8, 1) and len(before.weights) == 4
    assert np.allclose(before(inputs), regressor.predict(inputs), rtol=0, atol=1e-12)
    # One more step on the same batch: the loss scikit-learn reports is the paper's
    # (Q - c)^2 + lambda ||theta||^2 (weights, not biases) at the parameters before the step,
    # in scikit-learn's scaling: the square halved and averaged, the penalty over 2n.
    regressor.partial_fit(inputs, targets)
    penalty = sum((w**2).sum() for w in before.weights)
    expected = 0.5 * np.mean((before(inputs) - targets) ** 2) + 0.5 * 0.5 * penalty / len(inputs)
    assert regressor.loss_ == pytest.approx(expected, rel=1e-12)


def test_network_vector_round_trip_and_the_one_hot_shortcut(game):
    rng = np.random.default_rng(1)
    sizes = (input_size("full", game), 4, 3, 2, 1)
    count = sum(a * b + b for a, b in itertools.pairwise(sizes))
    network = Network.from_vector(rng.normal(size=count), sizes)
    assert network.sizes == sizes
    assert np.array_equal(
        Network.from_vector(network.to_vector(), sizes).to_vector(), network.to_vector()
    )
    with pytest.raises(WordlekitError, match=f"{count - 1} parameters for layers"):
        Network.from_vector(rng.normal(size=count - 1), sizes)
    state = board(game, ("crane", "bbybg"))
    words = game.answer_codes[state.candidates]
    dense = network(encode("full", game, state, words))
    policy = DeepPolicy(network, "full")
    assert np.allclose(policy.q_values(game, state), dense, rtol=0, atol=1e-12)


def test_greedy_policy_plays_the_smallest_q(game):
    # A one-layer network whose Q is minus the number of e's in the action: it plays eerie.
    n, head = len(game.alphabet), state_size("small information", game)
    weights = np.zeros((input_size("small information", game), 1))
    weights[head + np.arange(5) * n + game.alphabet.index("e"), 0] = -1.0
    network = Network((weights,), (np.zeros(1),))
    policy = DeepPolicy(network, "small information", seed=0)
    root = game.initial_state()
    assert game.guesses[policy.choose(game, root)] == "eerie"
    order = [game.answers[c] for c in root.candidates[policy.order(game, root)]]
    assert order[:2] == ["eerie", "speed"]  # three e's, then two
    # Without a network it plays as the random consistent word of its seed.
    assert policy.tie_break.choose(game, root) == DeepPolicy(None, "full", 0).choose(game, root)
    assert DeepPolicy(None, "full", 5).choose(game, root) == RandomConsistent(5).choose(game, root)


def test_training_is_deterministic_and_tests_on_55_words():
    game = small_game(80, 40, 3)
    small = Game(game.guesses, game.guesses)  # the agent's game: every allowed word may be it
    secrets = list(game.answers)
    runs = [
        train_deep(
            small, "small information", 40, seed=2, hidden=(4, 4, 4), secrets=secrets, checkpoints=2
        )
        for _ in range(2)
    ]
    assert np.array_equal(runs[0].network.to_vector(), runs[1].network.to_vector())
    assert runs[0].curve == runs[1].curve and [r["episodes"] for r in runs[0].curve] == [20, 40]
    # stop_after: the same first episodes on the schedule of the whole run
    part = train_deep(
        small,
        "small information",
        40,
        seed=2,
        hidden=(4, 4, 4),
        secrets=secrets,
        checkpoints=2,
        stop_after=20,
    )
    assert part.curve == runs[0].curve[:1]
    # A test scores 55 secrets: its shares are multiples of 1/55.
    assert round(runs[0].curve[0]["test_solved"] * 55, 9) % 1 == 0
