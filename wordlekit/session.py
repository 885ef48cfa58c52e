"""One game, turn by turn, without drawing anything: a person's or an agent's.

- ``PlaySession``: one game against a hidden answer; ``submit`` checks a guess (an allowed word,
  the mode's rule) and returns its tiles; ``hint`` asks a policy for the next guess.
- ``agent_steps``: a policy's whole game against a known answer, turn by turn: the candidates
  before each guess and, for a rollout, the Q-factors of its shortlist (expected guesses still
  needed, this one included, with the base heuristic playing on).

The terminal's ``wordlekit play`` and the notebook panels of ``wordlekit.widgets`` both use them;
this module imports neither matplotlib nor ipywidgets, so a terminal game starts fast.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import WordlekitError
from .evaluation import line
from .game import MAX_GUESSES, Game
from .rollout import Rollout


class PlaySession:
    """One game against ``answer``: a history of (guess, tiles) and the candidates left.

    Parameters
    ----------
    game : Game
    answer : str, one of the game's answers
    policy : optional policy for ``hint``
    """

    def __init__(self, game: Game, answer: str, policy=None):
        if answer not in game.answers:
            raise WordlekitError(
                f"answer {answer!r} is not one of the game's {len(game.answers)} answers"
            )
        self.game = game
        self.answer = answer
        self.policy = policy
        self.history: list[tuple[str, str]] = []
        self.state = game.initial_state()

    @property
    def solved(self) -> bool:
        game = self.game
        return bool(self.history) and self.history[-1][1] == game.format_feedback(game.solved)

    @property
    def over(self) -> bool:
        return self.solved or len(self.history) >= MAX_GUESSES

    def submit(self, word: str) -> str:
        """Play ``word``; return its tiles. A clear error (and no change) if the word is not an
        allowed guess, breaks the mode's rule, or the game is over."""
        if self.over:
            raise WordlekitError("the game is over; start a new one")
        game = self.game
        cleaned = word.strip().lower()
        guess = game.guess_index(cleaned, role=f"guess {len(self.history) + 1}")
        answer = game.guess_of_answer[game.answers.index(self.answer)]
        tiles = game.format_feedback(int(game.feedback_row(guess, np.array([answer]))[0]))
        self.state = game.state_after(self.history + [(cleaned, tiles)])  # checks the mode's rule
        self.history.append((cleaned, tiles))
        return tiles

    def hint(self) -> str:
        """The policy's next guess from the history so far."""
        if self.policy is None:
            raise WordlekitError("no policy to ask for a hint")
        return self.game.guesses[self.policy.choose(self.game, self.state)]

    def candidates(self) -> list[str]:
        return self.game.candidate_words(self.state)


@dataclass(frozen=True)
class Step:
    """One turn of an agent's game.

    Attributes
    ----------
    turn : int, 1 for the opener
    guess, tiles : str
    candidates : tuple of str, the answers still possible before this guess
    q_factors : tuple of (guess, expected guesses), best first; empty for the opener, the last
        candidate, and policies that are not rollouts
    """

    turn: int
    guess: str
    tiles: str
    candidates: tuple
    q_factors: tuple


def agent_steps(game: Game, policy, opener: str, answer: str, shown: int = 5) -> list[Step]:
    """``policy``'s game against ``answer`` from ``opener``, with what it weighed at each turn."""
    first = game.guess_index(opener, role="opener")
    steps = []
    for state, guess, pattern in line(
        game, lambda state: policy.choose(game, state), first, game.answers.index(answer)
    ):
        q = ()
        if steps and len(state.candidates) > 1 and isinstance(policy, Rollout):
            options, totals = policy.q_totals(game, state)
            expected = totals / policy.base_values(game).mass(state)
            order = np.argsort(expected, kind="stable")[:shown]
            q = tuple((game.guesses[int(options[i])], float(expected[i])) for i in order)
        steps.append(
            Step(
                len(steps) + 1,
                game.guesses[guess],
                game.format_feedback(pattern),
                tuple(game.candidate_words(state)),
                q,
            )
        )
    return steps
