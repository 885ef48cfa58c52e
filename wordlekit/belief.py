"""The belief state of Wordle as a POMDP, updated by Bayes' rule.

The hidden state is the answer; a guess u observed with feedback f has likelihood
P(f | a) = 1 if feedback(u, a) = f, else 0. With a prior P(a) over the answers,

    P(a | f) = P(a) [feedback(u, a) = f] / sum_a' P(a') [feedback(u, a') = f].

Under a uniform prior the posterior is uniform over the answers consistent with all feedback
so far, the candidate set: that is why the rollout paper's state is just the candidate set.

``bayes`` is the one update of a belief over the answers, for any likelihood column
P(observation | a): exact feedback here (``belief_update``, a column of 0s and 1s) and noisy
reports in ``stochastic.beliefs.bayes_update`` (a column of the noise model).

References
----------
- [bhambri2022]_, Section 4: the belief state of Wordle as a POMDP.
"""

from __future__ import annotations

import numpy as np

from .errors import WordlekitError
from .game import Game


def uniform_belief(game: Game) -> np.ndarray:
    """The uniform prior over the answers."""
    return np.full(len(game.answers), 1.0 / len(game.answers))


def bayes(
    belief: np.ndarray,
    likelihood: np.ndarray,
    observed: str,
    under: str = "this belief",
    noun: str = "feedback",
) -> np.ndarray:
    """Bayes' rule: ``b'(a) = b(a) L(a) / sum_a' b(a') L(a')``.

    Parameters
    ----------
    belief : numpy.ndarray, shape (n_answers,), float64, summing to 1
    likelihood : numpy.ndarray, shape (n_answers,)
        L(a) = P(observation | answer a): bool or 0/1 for exact feedback, probabilities for a
        noisy report.
    observed, under, noun : str
        Name the observation, the model and the kind of observation in the one error raised
        when the observation has probability 0 (``"feedback 3 to 'salet'"``, ``"this
        belief"``, ``"feedback"``).

    Returns
    -------
    numpy.ndarray, shape (n_answers,), float64: the posterior.
    """
    posterior = belief * likelihood
    mass = posterior.sum()
    if mass <= 0:
        raise WordlekitError(
            f"{observed} has probability 0 under {under}; expected a {noun} some answer can give"
        )
    return posterior / mass


def belief_update(game: Game, belief: np.ndarray, guess: int, pattern: int) -> np.ndarray:
    """Bayes' rule after ``guess`` got feedback ``pattern`` (likelihood 1 for the answers
    that give it, else 0); a clear error if impossible."""
    return bayes(
        belief,
        game.patterns[guess] == pattern,
        f"feedback {pattern} to {game.guesses[guess]!r}",
    )
