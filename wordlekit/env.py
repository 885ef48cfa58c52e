"""Wordle as a Gymnasium environment, for reinforcement-learning libraries.

``WordleEnv(game)`` is one game per episode against an answer drawn by ``reset(seed=...)`` (or
given: ``reset(options={"answer": word})``):

- action: a guess index, ``Discrete(len(game.guesses))``;
- observation: the history of guesses and feedbacks, two int64 arrays of ``max_guesses``
  entries, -1 after the last turn (``agents.observation`` documents the encoding), as
  ``Dict(guesses=MultiDiscrete(..., start=-1), feedback=MultiDiscrete(..., start=-1))``;
- reward: -1 per guess, so an episode's return is minus its number of guesses: the rollout
  paper's cost (Bhambri et al., Section 4: one per stage until the answer is found), whose
  expectation its tables report;
- the episode terminates when the answer is guessed or after ``max_guesses`` guesses (the game
  is then lost: the end of the game, not a time limit, so ``terminated``; ``truncated`` is never
  set); ``info["solved"]`` says which, and ``info["candidates"]`` counts the answers that
  still fit the feedback (what the history already tells a player);
- ``info["action_mask"]``: int8, 1 for the guesses the mode allows next (all in easy mode). A
  guess the mode forbids is an error naming it and the rule, as in ``Game.state_after``;
- ``gymnasium.make(ENV_ID, game=game)`` builds it (``ENV_ID``, registered on import).

Needs the ``gym`` extra (``pip install 'wordlekit[gym]'``): Gymnasium, the standard API of
reinforcement-learning environments. ``agents.PolicyAgent`` plays any policy here, and
``agents.AgentPolicy`` scores any agent exactly with ``evaluate``.
"""

from __future__ import annotations

from typing import ClassVar

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:  # the optional extra
    raise ImportError("wordlekit.env needs Gymnasium: pip install 'wordlekit[gym]'") from exc
import numpy as np

from .agents import observation
from .errors import WordlekitError
from .game import MAX_GUESSES, Game

__all__ = ["ENV_ID", "WordleEnv"]

#: The environment's id for ``gymnasium.make(ENV_ID, game=..., max_guesses=...)``, registered
#: when this module is imported.
ENV_ID = "wordlekit/Wordle-v0"


class WordleEnv(gym.Env):
    """One game of ``game`` per episode (see the module docstring).

    Parameters
    ----------
    game : Game, optional
        Default: the original Wordle in easy mode (12,972 guesses, 2,315 answers).
    max_guesses : int
        The cap, and the length of the observation's arrays (six in the NYT game).
    render_mode : None or "ansi"
        ``render()`` returns the board as text, one ``word  tiles`` line a turn.
    """

    metadata: ClassVar[dict] = {"render_modes": ["ansi"], "render_fps": 1}  # text, a board a turn

    def __init__(self, game: Game | None = None, max_guesses: int = MAX_GUESSES, render_mode=None):
        if render_mode not in (None, "ansi"):
            raise WordlekitError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        if isinstance(max_guesses, bool) or not isinstance(max_guesses, int) or max_guesses < 1:
            raise WordlekitError(f"max_guesses must be a whole number >= 1, got {max_guesses!r}")
        self.game = Game.original() if game is None else game
        self.max_guesses = max_guesses
        self.render_mode = render_mode
        n_guesses, n_patterns = len(self.game.guesses), self.game.n_patterns
        self.action_space = spaces.Discrete(n_guesses)
        self.observation_space = spaces.Dict(
            {
                "guesses": spaces.MultiDiscrete(
                    np.full(max_guesses, n_guesses + 1), start=np.full(max_guesses, -1)
                ),
                "feedback": spaces.MultiDiscrete(
                    np.full(max_guesses, n_patterns + 1), start=np.full(max_guesses, -1)
                ),
            }
        )
        self._answer = None
        self._state = None

    def reset(self, *, seed=None, options=None):
        """A new game: the answer drawn with ``seed`` (Gymnasium's seeding of ``np_random``),
        or ``options["answer"]``, a word of the game's answers. Returns (observation, info)."""
        super().reset(seed=seed)
        game = self.game
        word = (options or {}).get("answer")
        if word is None:
            self._answer = int(self.np_random.integers(game.n_secrets))
        else:
            self._answer = game.secret_index(word)
        self._state = game.initial_state()
        return observation((), self.max_guesses), self._info(solved=False)

    def step(self, action):
        """Play guess index ``action``: (observation, -1.0, terminated, False, info)."""
        game, state = self.game, self._state
        if state is None:
            raise WordlekitError("step before reset; expected reset() first")
        if self._over():
            raise WordlekitError("the episode has ended; expected reset() before another step")
        if not self.action_space.contains(action):
            raise WordlekitError(
                f"action {action!r} is not a guess index; expected 0 to {self.action_space.n - 1}"
            )
        guess = int(action)
        reason = game.broken_rule(state, guess)
        if reason is not None:
            raise WordlekitError(
                f"guess {state.turn + 1} {game.guesses[guess]!r} is not allowed in "
                f"{game.mode} mode: {reason}; info['action_mask'] marks the allowed guesses"
            )
        pattern = game.feedback(state, guess, self._answer)
        self._state = game.next_state(state, guess, pattern)
        history = self._state.history  # the state's own record of the game (State.history)
        solved = pattern == game.finishing_feedback(state)
        return (
            observation(history, self.max_guesses),
            -1.0,
            solved or len(history) >= self.max_guesses,
            False,
            self._info(solved),
        )

    def _over(self) -> bool:
        return self.game.is_finished(self._state) or self._state.turn >= self.max_guesses

    def _info(self, solved: bool) -> dict:
        mask = np.zeros(len(self.game.guesses), dtype=np.int8)
        mask[self.game.allowed_guesses(self._state)] = 1
        return {"solved": solved, "candidates": self.game.mass(self._state), "action_mask": mask}

    def render(self):
        """The board so far as text (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        game = self.game
        history = () if self._state is None else self._state.history
        return "".join(f"{game.guesses[g]}  {game.format_feedback(p)}\n" for g, p in history)


if ENV_ID not in gym.registry:
    gym.register(ENV_ID, entry_point=WordleEnv)
