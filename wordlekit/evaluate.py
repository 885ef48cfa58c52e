"""Exact evaluation of a deterministic policy over every answer at once.

A deterministic policy pi (a function from states to guesses) played against every answer is a
decision tree: each node is a state, each edge a feedback. Its cost over the candidate set S is
the total number of guesses, summed over the candidates,

    T_pi(S) = |S| + sum_{feedback f != all green} T_pi(S_f),

where S_f are the candidates left after pi's guess gets feedback f (one guess is charged to
every candidate at each node; the candidate that is guessed stops there). The *average*
``T / |S|`` is the expected number of guesses under the uniform prior, the quantity of the
papers' tables; TOTAL is ``T`` over all answers after the opener.

``evaluate`` walks the tree once and records each answer's number of guesses;
``PolicyValues`` computes ``T_pi`` of any state with memoisation, which rollout uses for its
Q-factors.
"""

from __future__ import annotations

import sys
import weakref
from dataclasses import dataclass

import numpy as np

from .game import Game, State

#: Games longer than this are failures (the NYT game allows six guesses).
MAX_GUESSES = 6


@dataclass(frozen=True)
class Evaluation:
    """The result of playing one policy against every answer.

    Attributes
    ----------
    policy, mode, opener : str
    answers : tuple of str
    guesses_per_answer : numpy.ndarray of int64, shape (n_answers,)
        Number of guesses (including the final, all-green one) for each answer.
    """

    policy: str
    mode: str
    opener: str
    answers: tuple
    guesses_per_answer: np.ndarray

    @property
    def total(self) -> int:
        """TOTAL: guesses summed over all answers."""
        return int(self.guesses_per_answer.sum())

    @property
    def mean(self) -> float:
        """Average guesses per game (TOTAL / number of answers)."""
        return self.total / len(self.guesses_per_answer)

    @property
    def histogram(self) -> dict[int, int]:
        """Number of answers solved in exactly k guesses, for k = 1 .. max_guesses."""
        counts = np.bincount(self.guesses_per_answer)
        return {k: int(counts[k]) for k in range(1, len(counts))}

    @property
    def max_guesses(self) -> int:
        """The worst case: most guesses any answer needs."""
        return int(self.guesses_per_answer.max())

    @property
    def failed(self) -> int:
        """Answers needing more than six guesses (games lost under the NYT limit)."""
        return int((self.guesses_per_answer > MAX_GUESSES).sum())

    def guesses_for(self, answer: str) -> int:
        return int(self.guesses_per_answer[self.answers.index(answer)])

    def to_dict(self) -> dict:
        """JSON-ready summary (without the per-answer counts)."""
        return {
            "policy": self.policy, "mode": self.mode, "opener": self.opener,
            "answers": len(self.answers), "total": self.total, "mean": round(self.mean, 6),
            "histogram": {str(k): v for k, v in self.histogram.items()},
            "max_guesses": self.max_guesses, "failed": self.failed,
        }


def evaluate(game: Game, policy, opener: str | int, progress: bool = False) -> Evaluation:
    """Play ``policy`` from ``opener`` against every answer of ``game``, exactly.

    Parameters
    ----------
    policy : object with ``name`` and ``choose(game, state) -> guess index``
    opener : str or int
        The first guess (a word of the guess list, or its index).
    progress : bool
        Show a progress bar over the opener's feedback buckets on stderr.
    """
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    guesses = np.zeros(len(game.answers), dtype=np.int64)
    root_children = game.children(game.initial_state(), first)
    if progress:
        from .progress import tqdm
        root_children = tqdm(root_children, desc=f"{policy.name} from {game.guesses[first]}",
                             unit="bucket", file=sys.stderr, leave=False)
    stack = []
    for pattern, child in root_children:
        if pattern == game.solved:
            guesses[child.candidates[0]] = 1
        else:
            _walk(game, policy, child, guesses, stack)
    return Evaluation(policy.name, game.mode, game.guesses[first], tuple(game.answers), guesses)


def _walk(game: Game, policy, root: State, guesses: np.ndarray, stack: list) -> None:
    """Play ``policy`` from ``root`` to the end for every candidate, recording guess counts."""
    stack.append(root)
    while stack:
        state = stack.pop()
        turn = state.turn + 1
        if len(state.candidates) == 1:
            guesses[state.candidates[0]] = turn
            continue
        for pattern, child in game.children(state, policy.choose(game, state)):
            if pattern == game.solved:
                guesses[child.candidates[0]] = turn
            else:
                _check_progress(policy, state, child)
                stack.append(child)


def _check_progress(policy, state: State, child: State) -> None:
    if child.key == state.key:
        raise RuntimeError(f"{policy.name} repeats a state without progress at {state}")


class PolicyValues:
    """``T_pi(S)`` for states of one game, memoised: the cost-to-go of a base policy.

    Parameters
    ----------
    game : Game
    policy : object with ``choose(game, state)``
    weights : numpy.ndarray of int64, optional
        Prior weights of the answers (``prior.Prior.weights``): ``total`` is then the weighted
        total ``sum_{a in S} w_a * guesses(a)`` and ``mean`` the expected number of guesses under
        the prior. None (default) for unit weights, the papers' uniform case.
    """

    def __init__(self, game: Game, policy, weights: np.ndarray | None = None):
        self.game = game
        self.policy = policy
        self.weights = weights
        self.memo: dict = {}

    def mass(self, state: State) -> int:
        """W(S): the number of candidates, or their weight under the prior."""
        if self.weights is None:
            return len(state.candidates)
        return int(self.weights[state.candidates].sum())

    def total(self, state: State) -> int:
        """Guesses ``policy`` needs from ``state``, summed over its candidates (weighted)."""
        if len(state.candidates) == 1:
            return 1 if self.weights is None else int(self.weights[state.candidates[0]])
        key = state.key
        value = self.memo.get(key)
        if value is None:
            game = self.game
            value = self.mass(state)
            for pattern, child in game.children(state, self.policy.choose(game, state)):
                if pattern != game.solved:
                    _check_progress(self.policy, state, child)
                    value += self.total(child)
            self.memo[key] = value
        return value

    def mean(self, state: State) -> float:
        """Expected number of further guesses from ``state`` (under the prior, if weighted)."""
        return self.total(state) / self.mass(state)


class PerGame:
    """A small helper: one object per game, created on demand, dropped with the game."""

    def __init__(self, factory):
        self._factory = factory
        self._items = weakref.WeakKeyDictionary()

    def __call__(self, game: Game):
        item = self._items.get(game)
        if item is None:
            item = self._factory(game)
            self._items[game] = item
        return item


def play_out(game: Game, policy, state: State) -> np.ndarray:
    """Guesses ``policy`` needs from ``state`` for each of its candidates (aligned with them)."""
    guesses = np.zeros(len(game.answers), dtype=np.int64)
    _walk(game, policy, State(state.candidates, state.allowed, 0), guesses, [])
    return guesses[state.candidates]


def play(game: Game, policy, opener: str, answer: str) -> list[tuple[str, int]]:
    """One game: the (guess word, pattern) of every turn when the answer is ``answer``."""
    target = game.answers.index(answer)
    state = game.initial_state()
    guess = game.guess_index(opener, role="opener")
    moves = []
    while True:
        pattern = int(game.patterns[guess, target])
        moves.append((game.guesses[guess], pattern))
        if pattern == game.solved:
            return moves
        state = game.next_state(state, guess, pattern)
        guess = policy.choose(game, state)


def policy_states(game: Game, policy, opener: str | int) -> list[State]:
    """Every state at which ``policy`` chooses a guess after ``opener`` (two or more candidates),
    in the order of a depth-first walk of its decision tree."""
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    out = []
    stack = [c for p, c in game.children(game.initial_state(), first) if p != game.solved]
    while stack:
        state = stack.pop()
        if len(state.candidates) < 2:
            continue
        out.append(state)
        stack.extend(c for p, c in game.children(state, policy.choose(game, state)) if p != game.solved)
    return out
