"""SophieZero's linear SARSA (Velasevic 2022): board features, training, the greedy policy.

The agent plays ``unaware.unaware_game()`` (it does not know the answer list) and its actions
are the consistent words. Its action value is linear in six features of the board and the
action (``FEATURES``),

    Q(s, a) = theta . phi(s, a),

with the cost of a guess ``step_cost`` (minus the places known after it; solving: minus every
place and minus the guesses left; a full board without the answer: 6). ``train_sarsa`` plays
episodes against seeded secrets with decaying epsilon-greedy exploration (``epsilon``) and
after every guess takes the SARSA step (``sarsa_update``)

    theta <- theta + alpha (c + Q(s', a') - Q(s, a)) phi(s, a),   Q(s', a') = 0 at the end.

The board is read off the state (``board_of``: a place or letter is known when every
consistent word agrees on it), so the greedy policy ``SarsaPolicy`` is a policy over states,
which ``unaware.evaluate_secrets`` evaluates exactly and a ``rollout.Rollout`` can take as its
base.

References
----------
- [velasevic2022]_, Section 4.2: the six linear features and the trained coefficients.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .consistent import CandidateRanking, RandomConsistent
from .errors import WordlekitError
from .evaluation import PerModel, decisions
from .game import MAX_GUESSES, Game, State
from .progress import bar as progress_bar
from .unaware import evaluate_secrets
from .words import original_answers

#: Names of the six features, in the order of the weight vector.
FEATURES = (
    "constant",
    "guesses left",
    "letters present, place unknown",
    "places known",
    "action letters on known places",
    "action letters present, place unknown",
)


@dataclass
class Board:
    """What is known about the answer, in the terms of SophieZero's features.

    ``green[i]`` is the letter code known at position i (-1 if none); ``present`` marks letters
    known to be in the word; ``turn`` is the number of guesses played.
    """

    green: np.ndarray
    present: np.ndarray
    turn: int

    @property
    def length(self) -> int:
        return len(self.green)

    @property
    def places_known(self) -> int:
        return int((self.green >= 0).sum())

    @property
    def letters_unplaced(self) -> int:
        placed = np.zeros(len(self.present), dtype=bool)
        placed[self.green[self.green >= 0]] = True
        return int((self.present & ~placed).sum())

    def features(self, words: np.ndarray) -> np.ndarray:
        """The (n, 6) feature matrix of playing each of ``words`` (symbol codes, (n, L))."""
        out = np.empty((len(words), len(FEATURES)), dtype=np.float64)
        out[:, 0] = 1.0
        out[:, 1] = MAX_GUESSES - self.turn
        out[:, 2] = self.letters_unplaced
        out[:, 3] = self.places_known
        on_known = (words == self.green[None, :]) & (self.green[None, :] >= 0)
        out[:, 4] = on_known.sum(axis=1)
        out[:, 5] = (self.present[words] & ~on_known).sum(axis=1)
        return out


#: One int64 per answer word of a game: bit c set iff the word contains symbol c.
_LETTER_MASKS = PerModel(
    lambda game: np.bitwise_or.reduce(
        np.left_shift(np.int64(1), game.answer_codes.astype(np.int64)), axis=1
    )
)


def board_of(game: Game, state: State) -> Board:
    """The board knowledge of a state: a place (a letter) is known when every word that may
    still be the answer has that letter there (contains that letter). This is what the feedback
    has proved, plus what the word list implies, and a function of the state alone, so that the
    learned policy is a policy over states (needed to evaluate and roll it out exactly)."""
    words = game.answer_codes[state.candidates].astype(np.int64)
    green = np.where((words == words[0]).all(axis=0), words[0], -1)
    common = np.bitwise_and.reduce(_LETTER_MASKS(game)[state.candidates])
    present = (common >> np.arange(len(game.alphabet), dtype=np.int64)) & 1 == 1
    return Board(green, present, state.turn)


def feature_variation(game: Game, policy, limit: int = 2000) -> tuple[np.ndarray, int]:
    """How often each feature of ``FEATURES`` tells the actions apart, over the states of
    ``policy``'s game.

    Walks ``policy``'s decision tree from the first guess (``evaluation.decisions``, first guess
    included), over states of two or more candidates before the sixth guess, the first
    ``limit`` of them. Returns (for each feature, the number of states at which its value
    differs between two of the state's actions; the number of states examined). A feature that
    never varies cannot change which action a linear Q-function prefers.
    """
    varying, total = np.zeros(len(FEATURES), dtype=np.int64), 0
    for node in decisions(
        game, policy, game.initial_state(), keep=lambda child: child.turn < MAX_GUESSES
    ):
        if len(node.state.candidates) < 2:
            continue
        features = board_of(game, node.state).features(game.answer_codes[node.state.candidates])
        varying += features.max(axis=0) > features.min(axis=0)
        total += 1
        if total == limit:
            break
    return varying, total


def step_cost(board_after: Board, solved: bool) -> float:
    """SophieZero's cost of one guess: minus the places known after it; solving costs minus all
    places and minus the guesses left; a full board without the answer costs 6."""
    if solved:
        return -float(board_after.length) - (MAX_GUESSES - board_after.turn)
    if board_after.turn >= MAX_GUESSES:
        return float(MAX_GUESSES)
    return -float(board_after.places_known)


def sarsa_update(
    theta: np.ndarray, phi: np.ndarray, cost: float, phi_next: np.ndarray | None, alpha: float
) -> np.ndarray:
    """One SARSA step: theta + alpha * phi * (c + Q(s', a') - Q(s, a)), Q = theta . phi, and
    Q(s', a') = 0 at the end of the game (``phi_next`` None)."""
    td_target = cost + (0.0 if phi_next is None else float(theta @ phi_next))
    return theta + alpha * (td_target - float(theta @ phi)) * phi


def epsilon(episode: int, episodes: int) -> float:
    """SophieZero's decaying exploration: 0.5 / sqrt(24 e / E + 1), from 0.5 down to 0.1."""
    return 0.5 / np.sqrt(24 * episode / episodes + 1)


def greedy_order(q: np.ndarray, ties: np.ndarray) -> np.ndarray:
    """Positions of a state's candidates by increasing ``q`` (aligned with the candidates),
    equal Q-values in the order ``ties`` (a permutation of the positions, first first)."""
    # Rounded to 12 decimals: candidates with the same features get Q-values that may differ
    # in the last bits (the dot product's rounding), and must tie, so that the seeded order,
    # not floating-point noise, decides between them. A stable sort of the Q-values listed in
    # the tie order keeps that order among equal ones. Why 12: far above the noise of a
    # six-term dot product (about 1e-15 |Q|) and far below a real difference, which is a
    # whole-number change of some feature times its weight.
    return ties[np.argsort(np.round(q, 12)[ties], kind="stable")]


class SarsaPolicy(CandidateRanking):
    """The greedy policy of a linear Q: the consistent word with the smallest Q (ties in the
    order of ``RandomConsistent(seed)``); ``keys`` ranks the consistent words by Q."""

    def __init__(self, theta: np.ndarray, seed: int = 0, name: str = "sarsa"):
        self.theta = np.asarray(theta, dtype=np.float64)
        self.tie_break = RandomConsistent(seed)
        self.name = name

    def q_values(self, game: Game, state: State) -> np.ndarray:
        """Q of every candidate of ``state`` (aligned with ``state.candidates``)."""
        return board_of(game, state).features(game.answer_codes[state.candidates]) @ self.theta

    def order(self, game: Game, state: State) -> np.ndarray:
        """The candidates by increasing Q, ties in the seeded random order."""
        return greedy_order(self.q_values(game, state), self.tie_break.order(game, state))


@dataclass(frozen=True)
class Training:
    """What ``train_sarsa`` learned: the final weights and the learning curve.

    ``curve`` has one row per checkpoint: episodes, epsilon, the greedy policy's share solved
    within six and mean guesses (solved games) over every secret, and the weights then.
    """

    theta: np.ndarray
    curve: list
    seed: int


def train_sarsa(
    game: Game,
    episodes: int,
    alpha: float = 1e-3,
    seed: int = 0,
    opener: str | None = None,
    secrets=None,
    checkpoints: int = 10,
    progress: bool = False,
) -> Training:
    """SARSA with SophieZero's linear features and decaying epsilon-greedy exploration.

    Each episode draws a secret (seeded) from ``secrets`` (default the 2,315 answers) and plays
    it: the first guess is ``opener`` (default: the greedy choice, a random word since every
    feature is equal before any feedback), then with probability ``epsilon(e, E)`` a random
    consistent word, otherwise the consistent word of smallest Q. After every guess,
    ``sarsa_update`` with ``step_cost``. At ``checkpoints`` evenly spaced episodes the greedy
    policy is evaluated exactly on every secret.
    """
    if episodes < 1 or checkpoints < 1:
        raise WordlekitError(
            f"{episodes} episodes, {checkpoints} checkpoints; expected at least 1 of each"
        )
    secrets = tuple(secrets if secrets is not None else original_answers())
    secret_indices = np.array([game.answers.index(w) for w in secrets], dtype=np.int64)
    rng = np.random.default_rng(seed)
    theta = np.zeros(len(FEATURES))
    marks = set(
        np.linspace(episodes / checkpoints, episodes, checkpoints).round().astype(int).tolist()
    )
    curve = []
    episodes_iter = range(episodes)
    if progress:
        episodes_iter = progress_bar(f"SARSA seed {seed}", unit="episode", iterable=episodes_iter)
    root = game.initial_state()
    first = None if opener is None else game.guess_index(opener, role="opener")
    ties = RandomConsistent(seed)  # the greedy policy's tie order, whatever the weights
    for e in episodes_iter:
        answer = secret_indices[rng.integers(len(secret_indices))]  # this episode's hidden word
        eps = epsilon(e, episodes)
        state = root
        guess = first if first is not None else SarsaPolicy(theta, seed).choose(game, state)
        phi = board_of(game, state).features(game.guess_codes[[guess]])[0]
        while True:
            pattern = int(game.patterns[guess, answer])
            state = game.next_state(state, guess, pattern)
            solved = pattern == game.solved
            board = board_of(game, state)
            cost = step_cost(board, solved)
            if solved or state.turn >= MAX_GUESSES:
                theta = sarsa_update(theta, phi, cost, None, alpha)
                break
            words = game.answer_codes[state.candidates]
            features = board.features(words)
            if rng.random() < eps:
                pick = int(rng.integers(len(state.candidates)))
            else:
                pick = int(greedy_order(features @ theta, ties.order(game, state))[0])
            guess = int(game.guess_of_answer[state.candidates[pick]])
            theta = sarsa_update(theta, phi, cost, features[pick], alpha)
            phi = features[pick]
        if e + 1 in marks:
            policy = SarsaPolicy(theta, seed)
            result = evaluate_secrets(
                game, policy, first if first is not None else policy.choose(game, root), secrets
            )
            curve.append(
                {
                    "episodes": e + 1,
                    "epsilon": eps,
                    "solved_within_six": result.solved,
                    "mean_guesses_solved": result.mean_solved,
                    "mean_guesses": result.mean,
                    **{f"theta_{i}": float(t) for i, t in enumerate(theta)},
                }
            )
    return Training(theta, curve, seed)
