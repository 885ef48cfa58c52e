"""Policies and agents, each usable as the other.

A *policy* sees the state (the candidates left, the guesses allowed): ``choose(game, state)``,
what ``evaluate`` walks. An *agent* sees only what a player sees, the history of guesses and
feedbacks, as an observation of fixed shape (the reinforcement-learning view,
``wordlekit.env``): ``act(observation)``. Both return a guess index. The history determines the
state (``Game.state_after``), so any policy is an agent (``PolicyAgent``); and a deterministic
agent determines its own history at any state of its tree, so any agent is a policy that
``evaluate`` scores exactly, over every answer (``AgentPolicy``).

The observation (``observation``): a dict of two int64 arrays of length ``max_guesses``,

- ``"guesses"``: the guess index of each turn played, in order, then -1;
- ``"feedback"``: the feedback of each turn as the game's pattern number (Wordle: the tiles
  read as a base-3 number, grey 0, yellow 1, green 2, first letter least significant:
  ``Game.format_feedback`` writes it as g/y/b), then -1.

The turn is the number of entries that are not -1; the game is solved when the last feedback is
``game.solved``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from .contracts import Policy
from .errors import WordlekitError
from .game import MAX_GUESSES, Game, State
from .policies import next_guess

__all__ = ["Agent", "AgentPolicy", "Policy", "PolicyAgent", "history_of", "observation"]


@runtime_checkable
class Agent(Protocol):
    """What an environment steps: a guess index from the observation alone (see the module
    docstring); deterministic, so that ``AgentPolicy`` can score it exactly."""

    name: str

    def act(self, observation: dict) -> int: ...


def observation(history, max_guesses: int = MAX_GUESSES) -> dict:
    """The observation of a history of (guess index, pattern) pairs (see the module doc)."""
    if len(history) > max_guesses:
        raise WordlekitError(
            f"a history of {len(history)} guesses does not fit an observation of "
            f"{max_guesses}; expected at most {max_guesses} (raise max_guesses)"
        )
    out = {
        "guesses": np.full(max_guesses, -1, dtype=np.int64),
        "feedback": np.full(max_guesses, -1, dtype=np.int64),
    }
    for turn, (guess, pattern) in enumerate(history):
        out["guesses"][turn] = guess
        out["feedback"][turn] = pattern
    return out


def history_of(obs: dict) -> list[tuple[int, int]]:
    """The (guess index, pattern) pairs an observation holds, in order."""
    guesses, feedback = obs["guesses"], obs["feedback"]
    played = int(np.count_nonzero(guesses >= 0))
    return [(int(guesses[t]), int(feedback[t])) for t in range(played)]


class PolicyAgent:
    """A policy as an agent: the state is replayed from the observation's history
    (``Game.state_after``, which checks it against the game's rule), then the policy chooses.

    Parameters
    ----------
    game : Game
    policy : Policy
    opener : str, optional
        The first guess (the papers fix it, e.g. salet); without one the policy chooses it.
    """

    def __init__(self, game: Game, policy: Policy, opener: str | None = None):
        self.game = game
        self.policy = policy
        self.opener = opener
        self.name = policy.name

    def act(self, obs: dict) -> int:
        game = self.game
        history = [(game.guesses[g], p) for g, p in history_of(obs)]
        return game.guess_index(next_guess(game, self.policy, history, self.opener))


class AgentPolicy:
    """An agent as a policy, for ``evaluate`` (or anything that walks a policy's tree).

    A state of the agent's own tree is reached by one history, which the walker's states
    carry (``State.history``), so ``choose`` asks the agent at that history. The agent must be
    deterministic (same observation, same guess), and the opener given to ``evaluate`` must be
    the agent's own first guess (``opener(game)``): a state whose history the agent would not
    have played is an error. The agent is asked about each observation once (its answers are
    remembered), so scoring it over every answer costs one ``act`` per node of its tree. Like
    every policy's, its last candidate is guessed by ``evaluate``'s rule without asking it.
    One ``AgentPolicy`` serves one game (what it remembers are guess indices of that game).

    Parameters
    ----------
    agent : Agent
    max_guesses : int
        The observation's length (``observation``): a game past it is an error naming it.
    """

    def __init__(self, agent: Agent, max_guesses: int = MAX_GUESSES):
        self.agent = agent
        self.max_guesses = max_guesses
        self.name = agent.name
        self._acts: dict[tuple, int] = {}

    def _act(self, history: tuple) -> int:
        guess = self._acts.get(history)
        if guess is None:
            guess = self._acts[history] = int(
                self.agent.act(observation(history, self.max_guesses))
            )
        return guess

    def opener(self, game: Game) -> str:
        """The agent's first guess, as ``evaluate`` takes it."""
        return game.guesses[self._act(())]

    def choose(self, game: Game, state: State) -> int:
        if state.turn >= self.max_guesses:
            raise WordlekitError(
                f"{self.name} has played {state.turn} guesses, as many as its observation holds; "
                f"expected a game within max_guesses={self.max_guesses} (raise it to evaluate "
                "games this long)"
            )
        history = state.history
        if len(history) != state.turn:
            raise WordlekitError(
                f"{self.name} is asked at a state built without its history (turn "
                f"{state.turn}); expected a state reached from game.initial_state()"
            )
        for turn, (guess, _) in enumerate(history):
            if self._act(history[:turn]) != guess:
                raise WordlekitError(
                    f"{self.name} reaches another state with its own guesses "
                    f"({', '.join(game.guesses[g] for g, _ in history)}); expected a state of "
                    f"its own tree: give evaluate the agent's own opener, {self.opener(game)!r}"
                )
        return self._act(history)
