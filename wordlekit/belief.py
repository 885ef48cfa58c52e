"""The belief state of Wordle as a POMDP, updated by Bayes' rule.

The hidden state is the answer; a guess u observed with feedback f has likelihood
P(f | a) = 1 if feedback(u, a) = f, else 0. With a prior P(a) over the answers,

    P(a | f) = P(a) [feedback(u, a) = f] / sum_a' P(a') [feedback(u, a') = f].

Under a uniform prior the posterior is uniform over the answers consistent with all feedback
so far, the candidate set: that is why the rollout paper's state is just the candidate set.
"""

from __future__ import annotations

import numpy as np

from .errors import WordlekitError
from .game import Game


def uniform_belief(game: Game) -> np.ndarray:
    """The uniform prior over the answers."""
    return np.full(len(game.answers), 1.0 / len(game.answers))


def belief_update(game: Game, belief: np.ndarray, guess: int, pattern: int) -> np.ndarray:
    """Bayes' rule after ``guess`` got feedback ``pattern``; a clear error if impossible."""
    posterior = np.where(game.patterns[guess] == pattern, belief, 0.0)
    mass = posterior.sum()
    if mass <= 0:
        raise WordlekitError(
            f"feedback {pattern} to {game.guesses[guess]!r} has probability 0 "
            "under this belief; expected a feedback some answer can give"
        )
    return posterior / mass
