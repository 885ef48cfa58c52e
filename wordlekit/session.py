"""One game, turn by turn, without drawing anything: a person's or an agent's.

- ``PlaySession``: one game against a hidden answer; ``submit`` checks a guess (an allowed word,
  the mode's rule) and returns its feedback; ``hint`` asks a policy for the next guess.
- ``agent_steps``: a policy's whole game against a known answer, turn by turn: the candidates
  before each guess and, for a rollout, the Q-factors of its shortlist (expected guesses still
  needed, this one included, with the base heuristic playing on).
- ``counted``, ``listed`` and ``is_tiles``: how every front end writes a list of candidates and
  when it draws a feedback as coloured tiles.

The terminal's ``wordlekit play`` and the notebook panels of ``wordlekit.widgets`` both use them;
this module imports neither matplotlib nor ipywidgets, so a terminal game starts fast. It reads
a game only through the seam (``contracts.Playable``): one board or many, Wordle or another
game; a display that is one list per board (``Playable.candidate_lists``) is drawn per board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .contracts import Playable
from .errors import WordlekitError
from .evaluation import line
from .rollout import Rollout


def counted(words) -> str:
    """The number of ``words`` as "N candidates" (or "1 candidate")."""
    return f"{len(words)} candidate{'s' if len(words) != 1 else ''}"


def listed(words, shown: int) -> str:
    """The first ``shown`` words, comma separated, with ", ..." if there are more."""
    return ", ".join(words[:shown]) + (", ..." if len(words) > shown else "")


def is_tiles(word: str, feedback: str) -> bool:
    """Whether ``feedback`` (as the game writes it) is one g/y/b tile per letter of ``word``,
    drawn as coloured tiles; any other (Mastermind's pegs, several boards) is shown as text."""
    return len(feedback) == len(word) and set(feedback) <= set("gyb")


class PlaySession:
    """One game against ``answer``: a history of (guess, feedback) and the candidates left.

    Parameters
    ----------
    game : contracts.Playable
    answer : str, one of the game's secrets as ``game.secret_name`` writes it
    policy : optional policy for ``hint``
    """

    def __init__(self, game: Playable, answer: str, policy=None):
        self.secret = game.secret_index(answer)
        self.game = game
        self.answer = game.secret_name(self.secret)
        self.policy = policy
        self.history: list[tuple[str, str]] = []
        self.state = game.initial_state()

    @property
    def solved(self) -> bool:
        return self.game.is_finished(self.state)

    @property
    def over(self) -> bool:
        return self.solved or len(self.history) >= self.game.max_guesses

    def submit(self, word: str) -> str:
        """Play ``word``; return its feedback. A clear error (and no change) if the word is not
        an allowed guess, breaks the mode's rule, or the game is over."""
        if self.over:
            raise WordlekitError("the game is over; start a new one")
        game = self.game
        cleaned = word.strip().lower()
        guess = game.guess_index(cleaned, role=f"guess {len(self.history) + 1}")
        feedback = game.format_feedback(game.feedback(self.state, guess, self.secret))
        # replayed through state_after, which checks the mode's rule and names a broken one
        self.state = game.state_after(self.history + [(cleaned, feedback)])
        self.history.append((cleaned, feedback))
        return feedback

    def hint(self) -> str:
        """The policy's next guess from the history so far."""
        if self.policy is None:
            raise WordlekitError("no policy to ask for a hint")
        return self.game.guesses[self.policy.choose(self.game, self.state)]

    def candidate_lists(self) -> tuple[tuple[str, ...], ...]:
        """The words still possible, one tuple per unsolved board (``Playable``)."""
        return self.game.candidate_lists(self.state)

    def candidates(self) -> list[str]:
        """The words still possible, board after board (one board: the candidates)."""
        return [word for words in self.candidate_lists() for word in words]


@dataclass(frozen=True)
class Step:
    """One turn of an agent's game.

    Attributes
    ----------
    turn : int, 1 for the opener
    guess, tiles : str, the guess and its feedback as the game writes them
    candidate_lists : tuple of tuple of str, the words still possible before this guess, one
        tuple per unsolved board (one board: one tuple, in list order)
    q_factors : tuple of tuple, (word, expected guesses) pairs, best first; empty for the
        opener, the last candidate, and policies that are not rollouts
    """

    turn: int
    guess: str
    tiles: str
    candidate_lists: tuple
    q_factors: tuple

    @property
    def candidates(self) -> tuple:
        """The words still possible before this guess, board after board."""
        return tuple(word for words in self.candidate_lists for word in words)


def agent_steps(game: Playable, policy, opener: str, answer: str, shown: int = 5) -> list[Step]:
    """``policy``'s game against ``answer`` from ``opener``, with what it weighed at each turn."""
    first = game.guess_index(opener, role="opener")
    steps = []
    for state, guess, feedback in line(
        game, lambda state: policy.choose(game, state), first, game.secret_index(answer)
    ):
        q = ()
        if steps and game.sole_guess(state) is None and isinstance(policy, Rollout):
            options, totals = policy.q_totals(game, state)
            expected = totals / policy.base_values(game).mass(state)
            order = np.argsort(expected, kind="stable")[:shown]
            q = tuple((game.guesses[int(options[i])], float(expected[i])) for i in order)
        steps.append(
            Step(
                len(steps) + 1,
                game.guesses[guess],
                game.format_feedback(feedback),
                game.candidate_lists(state),
                q,
            )
        )
    return steps
