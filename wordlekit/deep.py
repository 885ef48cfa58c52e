"""SophieZero's deep agents (Velasevic 2022, Sections 3.2 and 4.3): state representations, a
four-layer ReLU network, training at the end of each episode, the greedy policy.

The agent plays ``unaware.unaware_game()`` (it does not know the answer list) and, as in the
paper, its actions are the dummy policy's: the words fitting the board (the state's
candidates). Its action value ``Q(s, a)`` estimates the expected cost of the game,

    c = the tries taken if the game is solved within six, 7 if it is not (0 before the end),

so with discount 1 every (state, action) of an episode has the episode's final cost as its
target. The network (``network_for``) is four fully connected layers, three hidden of ReLU
units and a linear output, trained to minimise

    l = (Q(s, a) - c)^2 + lambda ||theta||^2

by scikit-learn's ``MLPRegressor.partial_fit`` (Adam; its ``alpha`` is lambda, and it halves
the square and divides the penalty by the batch's size: the same minimiser up to those
constants), one call per episode with that episode's pairs: the parameters are frozen while
the episode plays and updated at its end, as the paper says. The exploration is SARSA's
decaying epsilon-greedy (``sarsa.epsilon``).

The three representations of a state and an action (``encode``; ``REPRESENTATIONS``), from the
paper's Section 3.2, all read the board (``state.history``: the guesses and their colours):

- ``"full"``: the board one-hot, each of its 6 x L cells as a letter (one of A) and a colour
  (grey, yellow, green; an empty row is all zero), then the action one-hot, A x L.
- ``"small information"``: the A x L matrix M of the letters still possible at each position
  (``possible_letters``): ``M[i, j] = 1`` if letter i can be at position j. A green empties
  its column but for its letter; a yellow clears its own cell; a grey clears its cell, and its
  letter's whole row when no copy of the letter in that guess is green or yellow. Like the
  paper's, it cannot say that a yellow letter must be somewhere, nor tell a double letter (a
  column with one entry is certain, as the paper chose). Then the guesses left, then the
  action one-hot.
- ``"information"``: a triplet per letter and position, one-hot: there for certain (a green),
  possibly there, not there; then the guesses left and the action one-hot.

The board depends on the history, not only on the candidates (``State.key``); in the decision
tree of one policy from one opener every state has its own candidates, so ``evaluate`` scores
a ``DeepPolicy`` exactly. A rollout's memo of its base's values is by candidates: a set of
candidates met again through another board reuses the first board's value.

References
----------
- [velasevic2022]_, Sections 3.2 (the representations), 4.1 (exploration, actions, the 55-word
  tests) and 4.3 (the network, its cost and loss, Figures 3-6).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.neural_network import MLPRegressor
from threadpoolctl import threadpool_limits  # a requirement of scikit-learn's, pinned with it

from .consistent import CandidateRanking, RandomConsistent
from .errors import WordlekitError
from .feedback import GREEN, GREY, YELLOW
from .game import MAX_GUESSES, Game, State
from .progress import bar as progress_bar
from .rollout import Rollout
from .sarsa import epsilon, greedy_order
from .unaware import evaluate_secrets, unaware_game
from .words import data_file, original_answers

#: The three representations of Section 3.2, in the paper's order.
REPRESENTATIONS = ("full", "small information", "information")
#: The cost of a game not solved within six (Section 4.3).
LOST_COST = 7
#: Words per test in the paper (Section 4.1).
TEST_WORDS = 55
_COLOURS = 3  # grey, yellow, green


def check_representation(representation: str) -> str:
    """``representation`` if it is one of ``REPRESENTATIONS``; else one clear error."""
    if representation not in REPRESENTATIONS:
        raise WordlekitError(
            f"representation {representation!r} is unknown; expected one of {list(REPRESENTATIONS)}"
        )
    return representation


def tiles(pattern: int, length: int) -> np.ndarray:
    """The colour of each position (``feedback.GREY``, ``YELLOW``, ``GREEN``; int64, (length,))
    of a feedback pattern (first letter most significant, as ``feedback.format_feedback``)."""
    out = np.empty(length, dtype=np.int64)
    for j in range(length - 1, -1, -1):
        out[j] = pattern % 3
        pattern //= 3
    return out


def possible_letters(game: Game, history) -> tuple[np.ndarray, np.ndarray]:
    """The small-information matrix of a board and where it is certain.

    Returns ``(possible, certain)``, both bool arrays of shape (A, L) (letters of
    ``game.alphabet`` by positions): ``possible[i, j]`` if the board leaves letter i possible
    at position j (the rules in the module docstring), ``certain[i, j]`` if a green put it
    there."""
    n_letters, length = len(game.alphabet), game.length
    possible = np.ones((n_letters, length), dtype=bool)
    certain = np.zeros((n_letters, length), dtype=bool)
    for guess, pattern in history:
        codes, colours = game.guess_codes[guess], tiles(pattern, length)
        for j in range(length):
            letter = codes[j]
            if colours[j] == GREEN:
                certain[letter, j] = True
            elif colours[j] == YELLOW or ((codes == letter) & (colours != GREY)).any():
                possible[letter, j] = False  # a yellow, or a grey copy of a lit letter: not here
            else:  # no copy of the letter lit: not in the word
                possible[letter, :] = False
    columns = certain.any(axis=0)
    possible[:, columns] = certain[:, columns]  # a green's column holds its letter only
    return possible, certain


def state_size(representation: str, game: Game) -> int:
    """Length of the state's part of the input (``encode_state``)."""
    cells = len(game.alphabet) * game.length
    return {
        "full": MAX_GUESSES * game.length * (len(game.alphabet) + _COLOURS),
        "small information": cells + 1,
        "information": cells * _COLOURS + 1,
    }[check_representation(representation)]


def input_size(representation: str, game: Game) -> int:
    """Length of one input row of ``encode``: the state's part and the action one-hot."""
    return state_size(representation, game) + len(game.alphabet) * game.length


def encode_state(representation: str, game: Game, state: State) -> np.ndarray:
    """The state's part of the input (float64, (``state_size``,)), laid out as follows.

    ``"full"``: cell (row r, position j) at ``(r * L + j) * (A + 3)``: the letter's one-hot
    (A entries), then the colour's (3: grey, yellow, green). ``"small information"``: M
    flattened letter by letter (``i * L + j``), then the guesses left. ``"information"``: the
    triplet of (letter i, position j) at ``(i * L + j) * 3``: certain, possible, not there;
    then the guesses left.
    """
    check_representation(representation)
    n_letters, length = len(game.alphabet), game.length
    out = np.zeros(state_size(representation, game), dtype=np.float64)
    history = state.history
    if representation == "full":
        cells = out.reshape(MAX_GUESSES, length, n_letters + _COLOURS)
        for row, (guess, pattern) in enumerate(history[:MAX_GUESSES]):
            cells[row, np.arange(length), game.guess_codes[guess]] = 1.0
            cells[row, np.arange(length), n_letters + tiles(pattern, length)] = 1.0
        return out
    possible, certain = possible_letters(game, history)
    if representation == "small information":
        out[:-1] = possible.ravel()
    else:
        triplet = out[:-1].reshape(n_letters, length, _COLOURS)
        triplet[..., 0] = certain
        triplet[..., 1] = possible & ~certain
        triplet[..., 2] = ~possible
    out[-1] = MAX_GUESSES - state.turn
    return out


def encode(representation: str, game: Game, state: State, words: np.ndarray) -> np.ndarray:
    """The network's input for playing each of ``words`` (symbol codes, (n, L)) at ``state``:
    float64, (n, ``input_size``): ``encode_state`` then the action one-hot, position j's letter
    i at ``j * A + i``."""
    head = encode_state(representation, game, state)
    out = np.zeros((len(words), len(head) + len(game.alphabet) * game.length), dtype=np.float64)
    out[:, : len(head)] = head
    out[np.arange(len(words))[:, None], len(head) + action_positions(game, words)] = 1.0
    return out


def action_positions(game: Game, words: np.ndarray) -> np.ndarray:
    """Where the action one-hot of each of ``words`` (codes, (n, L)) has its ones, counted
    from the action's first entry: position j's letter i at ``j * A + i`` (int64, (n, L))."""
    return np.arange(game.length)[None, :] * len(game.alphabet) + words.astype(np.int64)


@dataclass(frozen=True, eq=False)
class Network:
    """A trained network's parameters: ``weights[k]`` (float64, (n_k, n_{k+1})) and
    ``biases[k]`` ((n_{k+1},)), layer by layer; ReLU after every layer but the last."""

    weights: tuple
    biases: tuple

    def __call__(self, inputs: np.ndarray) -> np.ndarray:
        """Q of each input row (float64, (n,)): the forward pass, as ``MLPRegressor.predict``."""
        return self._above_first(inputs @ self.weights[0] + self.biases[0])

    def q_of_actions(self, head: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """Q of the inputs ``head`` (a state's part, as ``encode_state``) followed by each
        action one-hot whose ones are at ``actions`` (int64, (n, L), positions after the head):
        ``__call__`` of ``encode``'s rows up to rounding, without building them. The first
        layer of a one-hot part is a sum of its rows of weights (L of them, not A x L)."""
        w = self.weights[0]
        first = head @ w[: len(head)] + self.biases[0]
        return self._above_first(first + w[len(head) + actions].sum(axis=1))

    def _above_first(self, out: np.ndarray) -> np.ndarray:
        for w, b in zip(self.weights[1:], self.biases[1:]):
            np.maximum(out, 0.0, out=out)
            out = out @ w
            out += b
        return out[:, 0]

    @property
    def sizes(self) -> tuple:
        """Units per layer, the input first and the output (1) last."""
        return (self.weights[0].shape[0], *(w.shape[1] for w in self.weights))

    @classmethod
    def of(cls, regressor) -> Network:
        """The parameters of a fitted ``MLPRegressor``, copied."""
        return cls(
            tuple(w.copy() for w in regressor.coefs_),
            tuple(b.copy() for b in regressor.intercepts_),
        )

    def to_vector(self) -> np.ndarray:
        """Every parameter in one float64 vector: each layer's weights (row-major), then its
        biases, layer by layer (what ``from_vector`` reads)."""
        return np.concatenate(
            [p.ravel() for w, b in zip(self.weights, self.biases) for p in (w, b)]
        )

    @classmethod
    def from_vector(cls, vector: np.ndarray, sizes) -> Network:
        """The network of units ``sizes`` (input first) whose parameters are ``vector``."""
        weights, biases, at = [], [], 0
        for n_in, n_out in itertools.pairwise(sizes):
            weights.append(vector[at : at + n_in * n_out].reshape(n_in, n_out))
            at += n_in * n_out
            biases.append(vector[at : at + n_out])
            at += n_out
        if at != len(vector):
            raise WordlekitError(
                f"{len(vector)} parameters for layers {list(sizes)}; expected {at}"
            )
        return cls(tuple(weights), tuple(biases))


def network_for(seed: int, hidden=(32, 32, 32), l2: float = 1e-4, learning_rate: float = 1e-3):
    """The paper's network, untrained: fully connected, ReLU, ``len(hidden) + 1`` layers (four
    by default) and an L2 penalty ``l2`` (lambda), an ``MLPRegressor`` trained by Adam, whose
    weights are drawn from ``seed`` at the first ``partial_fit``."""
    return MLPRegressor(
        hidden_layer_sizes=tuple(hidden),
        activation="relu",
        solver="adam",
        alpha=l2,
        learning_rate_init=learning_rate,
        random_state=seed,
    )


class DeepPolicy(CandidateRanking):
    """The greedy policy of a network: the consistent word of smallest Q (ties in the order of
    ``RandomConsistent(seed)``); ``keys`` ranks the consistent words by Q. Without a network
    (None: before the first update) every Q is 0 and it plays as ``RandomConsistent(seed)``."""

    def __init__(self, network: Network | None, representation: str, seed: int = 0, name=None):
        self.network = network
        self.representation = check_representation(representation)
        self.tie_break = RandomConsistent(seed)
        self.name = name or f"deep {representation} (seed {seed})"

    def q_values(self, game: Game, state: State) -> np.ndarray:
        """Q of every candidate of ``state`` (aligned with ``state.candidates``)."""
        if self.network is None:
            return np.zeros(len(state.candidates))
        words = game.answer_codes[state.candidates]
        return self.network.q_of_actions(
            encode_state(self.representation, game, state), action_positions(game, words)
        )

    def order(self, game: Game, state: State) -> np.ndarray:
        """The candidates by increasing Q, ties in the seeded random order."""
        return greedy_order(self.q_values(game, state), self.tie_break.order(game, state))


@dataclass(frozen=True)
class DeepTraining:
    """What ``train_deep`` learned: the final network and the learning curve, one row per
    checkpoint (``episodes``, ``epsilon``, the greedy policy's ``test_solved`` and
    ``test_mean_guesses_solved`` on ``TEST_WORDS`` sampled secrets; with ``exact``, also
    ``solved_within_six`` and ``mean_guesses_solved`` on every secret)."""

    representation: str
    seed: int
    opener: str
    network: Network
    curve: list


def game_cost(turns: int, solved: bool) -> int:
    """The paper's cost of a finished game: the tries if solved within six, else 7."""
    return turns if solved and turns <= MAX_GUESSES else LOST_COST


def train_deep(
    game: Game,
    representation: str,
    episodes: int,
    seed: int = 0,
    hidden=(32, 32, 32),
    l2: float = 1e-4,
    learning_rate: float = 1e-3,
    opener: str | None = None,
    secrets=None,
    checkpoints: int = 10,
    exact: bool = False,
    stop_after: int | None = None,
    progress: bool = False,
) -> DeepTraining:
    """Train the paper's network on ``representation`` for ``episodes`` episodes.

    Each episode draws a secret (seeded) from ``secrets`` (default the 2,315 answers), plays
    ``opener`` (default ``RandomConsistent(seed)``'s, the baseline's of the same seed), then
    with probability ``epsilon(e, episodes)`` a random consistent word, else the greedy one of
    the frozen network, until solved or six guesses; then one ``partial_fit`` on the episode's
    (state, action) inputs, each with the game's cost as target (``game_cost``). At
    ``checkpoints`` evenly spaced episodes the greedy policy is tested as the paper did, on
    ``TEST_WORDS`` secrets drawn from a generator of (seed, episode) (so tests do not change
    the training), and with ``exact`` on every secret. ``stop_after``: end after that many
    episodes, on the schedule of ``episodes`` (to recheck a stored run's beginning).
    BLAS runs on one thread, so the same arguments give the same network bit for bit.
    """
    check_representation(representation)
    if episodes < 1 or checkpoints < 1:
        raise WordlekitError(
            f"{episodes} episodes, {checkpoints} checkpoints; expected at least 1 of each"
        )
    secrets = tuple(secrets if secrets is not None else original_answers())
    secret_indices = np.array([game.answers.index(w) for w in secrets], dtype=np.int64)
    root = game.initial_state()
    first = (
        RandomConsistent(seed).choose(game, root)
        if opener is None
        else game.guess_index(opener, role="opener")
    )
    rng = np.random.default_rng(seed)
    regressor, network = network_for(seed, hidden, l2, learning_rate), None
    marks = set(
        np.linspace(episodes / checkpoints, episodes, checkpoints).round().astype(int).tolist()
    )
    last = episodes if stop_after is None else min(stop_after, episodes)
    curve = []
    steps = range(last)
    if progress:
        steps = progress_bar(f"{representation} seed {seed}", unit="episode", iterable=steps)
    with threadpool_limits(limits=1):
        for e in steps:
            answer = secret_indices[rng.integers(len(secret_indices))]
            eps = epsilon(e, episodes)
            policy = DeepPolicy(network, representation, seed)
            state, guess, inputs = root, first, []
            while True:
                inputs.append(encode(representation, game, state, game.guess_codes[[guess]]))
                pattern = int(game.patterns[guess, answer])
                state = game.next_state(state, guess, pattern)
                solved = pattern == game.solved
                if solved or state.turn >= MAX_GUESSES:
                    break
                if rng.random() < eps:
                    pick = int(rng.integers(len(state.candidates)))
                else:
                    pick = int(policy.order(game, state)[0])
                guess = int(game.guess_of_answer[state.candidates[pick]])
            inputs = np.vstack(inputs)
            regressor.partial_fit(
                inputs, np.full(len(inputs), game_cost(state.turn, solved), float)
            )
            network = Network.of(regressor)
            if e + 1 in marks:
                curve.append(
                    test_row(
                        game, network, representation, seed, first, secrets, e, episodes, exact
                    )
                )
    return DeepTraining(representation, seed, game.guesses[first], network, curve)


def test_row(game, network, representation, seed, first, secrets, e, episodes, exact) -> dict:
    """One checkpoint of ``train_deep``'s curve (see ``DeepTraining``)."""
    policy = DeepPolicy(network, representation, seed)
    drawn = np.random.default_rng([seed, e + 1]).choice(
        len(secrets), min(TEST_WORDS, len(secrets)), replace=False
    )
    test = evaluate_secrets(game, policy, first, [secrets[i] for i in sorted(drawn)])
    row = {
        "episodes": e + 1,
        "epsilon": float(epsilon(e, episodes)),
        "test_solved": test.solved,
        "test_mean_guesses_solved": test.mean_solved,
    }
    if exact:
        full = evaluate_secrets(game, policy, first, secrets)
        row["solved_within_six"] = full.solved
        row["mean_guesses_solved"] = full.mean_solved
    return row


#: The stored training run (``store_training``'s defaults; ``wordlekit/data/sweeps/``).
STORED = {
    "episodes": 5000,
    "seeds": (0, 1, 2, 3, 4),
    "hidden": (32, 32, 32),
    "l2": 1e-4,
    "learning_rate": 1e-3,
    "checkpoints": 20,
    "top_k": 10,
}
CURVES_FILE = "sweeps/sophiezero_deep_curves.csv"
ROLLOUT_FILE = "sweeps/sophiezero_deep_rollout.csv"


def weights_file(representation: str) -> str:
    """The stored networks of one representation, under ``wordlekit/data/``."""
    return f"sweeps/sophiezero_deep_{check_representation(representation).replace(' ', '_')}.npy"


def store_training(folder, representations=REPRESENTATIONS, progress: bool = True, **stored):
    """Train every representation on every seed with ``STORED``'s parameters (``stored``
    overrides some), the original lists, every checkpoint exact; write the curves to
    ``folder/sophiezero_deep_curves.csv``, each representation's final networks, one row per
    seed (``Network.to_vector``), to ``folder/sophiezero_deep_REPRESENTATION.npy``, and the
    guesses of rollout on each final network (its own ``top_k`` shortlist) for every secret
    to ``folder/sophiezero_deep_rollout.csv``."""
    params = {**STORED, **stored}
    folder = Path(folder)
    game, rows = unaware_game(), []
    rollouts = pd.DataFrame(index=pd.Index(original_answers().words, name="secret"))
    for representation in representations:
        vectors = []
        for seed in params["seeds"]:
            training = train_deep(
                game,
                representation,
                params["episodes"],
                seed,
                params["hidden"],
                params["l2"],
                params["learning_rate"],
                checkpoints=params["checkpoints"],
                exact=True,
                progress=progress,
            )
            vectors.append(training.network.to_vector())
            rows += [
                {"representation": representation, "seed": seed, "opener": training.opener, **r}
                for r in training.curve
            ]
            policy = DeepPolicy(training.network, representation, seed)
            rollout = Rollout(policy, params["top_k"], shortlist_heuristic=policy)
            result = evaluate_secrets(game, rollout, training.opener, progress=progress)
            rollouts[f"{representation}, seed {seed}"] = result.guesses_per_answer
        np.save(folder / Path(weights_file(representation)).name, np.vstack(vectors))
    pd.DataFrame(rows).to_csv(folder / Path(CURVES_FILE).name, index=False)
    rollouts.to_csv(folder / Path(ROLLOUT_FILE).name)


def read_stored(game: Game) -> tuple:
    """The stored run (``store_training``), each file's sha256 checked against
    ``wordlekit/data/SOURCES.md`` first: (the curves as a DataFrame, the final networks by
    (representation, seed), rollout's guesses per secret (a DataFrame, a column per network))."""
    curves = pd.read_csv(data_file(CURVES_FILE))
    rollouts = pd.read_csv(data_file(ROLLOUT_FILE), index_col="secret")
    networks = {}
    for representation in REPRESENTATIONS:
        vectors = np.load(data_file(weights_file(representation)))
        sizes = (input_size(representation, game), *STORED["hidden"], 1)
        for seed, vector in zip(STORED["seeds"], vectors):
            networks[representation, seed] = Network.from_vector(vector, sizes)
    return curves, networks, rollouts
