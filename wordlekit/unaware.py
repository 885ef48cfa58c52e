"""The game of an agent that does not know the answer list: SophieZero's setting (Velasevic 2022).

The secret is one of the 2,315 answers, but the agent knows only the 12,972 allowed guesses: to
it, any allowed word consistent with the feedback may be the answer. So the agent plays the game
``unaware_game()`` whose "answers" are all the allowed guesses (its belief is uniform over the
consistent words), while it is scored only on the true answers: ``evaluate_secrets`` walks the
policy's decision tree along the branches that hold a secret, exactly, and reports the share
solved within six guesses and the number of guesses. The real answers are called *secrets* here
because the agent's game has its own, larger ``answers`` (every allowed word); the hidden word
of one game is still its answer.

The agents of the paper, each a policy on ``unaware_game()``:

- ``consistent.RandomConsistent(seed)``: a random word consistent with the board (SophieZero's
  "dummy" baseline).
- MIG on ``unaware_game()`` (``heuristics.MIG``): maximum information gain without the answer list.
- ``sarsa.SarsaPolicy``: the greedy policy of SARSA with SophieZero's six linear features,
  trained by ``sarsa.train_sarsa``.

Each of them can be the base of a ``rollout.Rollout``: they have ``keys`` (their own ranking of
the consistent words) for the shortlist.

References
----------
- [velasevic2022]_: the setting, the random consistent baseline, MIG without the list.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import results
from .evaluation import evaluate
from .game import MAX_GUESSES, Game
from .results import GuessCounts
from .words import WordList, original_answers, original_guesses


def unaware_game(mode: str = "easy", guesses: WordList | None = None) -> Game:
    """The game as an agent without the answer list sees it: every allowed word may be the answer."""
    guesses = guesses or original_guesses()
    return Game(guesses, WordList(guesses.words, f"{guesses.name} (as possible answers)"), mode)


@dataclass(frozen=True)
class SecretsResult(GuessCounts):
    """A policy played against each secret, in the vocabulary of ``results`` (``total``,
    ``mean``, ``distribution``, ``worst``, ``unfinished``: secrets not solved within
    ``max_guesses``), and SophieZero's two metrics, ``solved`` and ``mean_solved``.

    Attributes
    ----------
    policy, opener : str
    secrets : tuple of str
    guesses_per_answer : numpy.ndarray of int64, guesses needed for each secret (may exceed
        six: the policy is played to the end, so the tail of the distribution is visible too)
    max_guesses : int, the cap: six, the NYT game's
    """

    policy: str
    opener: str
    secrets: tuple
    guesses_per_answer: np.ndarray
    max_guesses: int = MAX_GUESSES

    @property
    def solved(self) -> float:
        """Share of the secrets solved within the cap (SophieZero's "solved within six")."""
        return float((self.guesses_per_answer <= self.max_guesses).mean())

    @property
    def mean_solved(self) -> float:
        """Mean guesses over the games solved within the cap (SophieZero's "tries" metric)."""
        won = self.guesses_per_answer[self.guesses_per_answer <= self.max_guesses]
        return float(won.mean()) if len(won) else float("nan")

    @property
    def std(self) -> float:
        """Standard deviation of the number of guesses over all secrets."""
        return float(self.guesses_per_answer.std())

    def to_dict(self) -> dict:
        """JSON-ready summary: the policy, opener and number of secrets, ``results.KEYS``, and
        SophieZero's ``solved_within_six`` (a share) and ``mean_guesses_solved``."""
        return {
            "policy": self.policy,
            "opener": self.opener,
            "secrets": len(self.secrets),
            **results.to_dict(self),
            "solved_within_six": self.solved,
            "mean_guesses_solved": self.mean_solved,
            "std": self.std,
        }


def evaluate_secrets(
    game: Game, policy, opener: str | int, secrets=None, progress: bool = False
) -> SecretsResult:
    """Play ``policy`` from ``opener`` against every secret, exactly.

    ``game`` is the agent's game (``unaware_game()``); ``secrets`` the words that can really be
    the answer (default: the 2,315 original answers). The walk is ``evaluation.evaluate`` over
    the secrets: only branches of the decision tree that hold a secret are played.
    """
    secrets = tuple(secrets if secrets is not None else original_answers())
    result = evaluate(game, policy, opener, progress, answers=secrets, role="secret")
    return SecretsResult(policy.name, result.opener, secrets, result.guesses_per_answer)
