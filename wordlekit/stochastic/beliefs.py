"""Exact Bayes (``bayes_update``), the estimator B_k of the paper's Eq. (8): after guess u and
report f (not a win),

    b'(a) = b(a) P(f | t(u, a)) / sum_a' b(a') P(f | t(u, a')),   b'(u) = 0.

The belief is no longer uniform over a set: with p > 0 every report has positive probability
under every answer, so no answer but the ones guessed is ever excluded. At p = 0 the update is
``belief.belief_update`` and the belief is uniform on the candidate set.

Particle filter (``ParticleFilter``), the paper's suggestion: N particles (answers) drawn from
the prior, reweighted by P(f | t(u, a_i)) after every report and resampled (multinomial,
seeded) when the effective sample size 1 / sum w_i**2 falls below N / 2. Its belief is the
weighted histogram of the particles; ``total_variation`` measures its distance to the exact
belief, (1/2) sum_a |b_N(a) - b(a)|. If every particle is excluded, the filter draws N new
particles from the prior weighted by the likelihood of the whole history (importance sampling).
"""

from __future__ import annotations

import copy

import numpy as np

from ..belief import bayes
from ..checks import whole_number
from ..errors import WordlekitError
from ..game import Game
from .noise import Noise, noise_model


def bayes_update(
    game: Game, noise: Noise, belief: np.ndarray, guess: int, report: int
) -> np.ndarray:
    """Exact Bayes after ``guess`` (not a win) got the reported pattern ``report``.

    ``b'(a) = b(a) P(report | t(guess, a)) / normaliser``, and 0 for the guessed word.

    Parameters
    ----------
    belief : numpy.ndarray, shape (n_answers,), float64, summing to 1

    Returns
    -------
    numpy.ndarray, shape (n_answers,), float64: the posterior.
    """
    if not 0 <= report < game.n_patterns:
        raise WordlekitError(
            f"report {report} is out of range; expected 0 to {game.n_patterns - 1}"
        )
    likelihood = noise.likelihood[game.patterns[guess], report]  # a new array: ours to change
    answer = game.answer_of_guess[guess]
    if answer >= 0:
        likelihood[answer] = 0.0  # not a win, so not the guessed word
    return bayes(
        belief,
        likelihood,
        f"report {report} to {game.guesses[guess]!r}",
        f"this belief and {noise.name}",
        "report",
    )


def total_variation(b1: np.ndarray, b2: np.ndarray) -> float:
    """Total-variation distance (1/2) sum_a |b1(a) - b2(a)|, in [0, 1]."""
    return 0.5 * float(np.abs(np.asarray(b1) - np.asarray(b2)).sum())


class ParticleFilter:
    """A particle filter over the answers (sequential importance resampling, seeded).

    Parameters
    ----------
    game : Game
    noise : Noise, or a number p for per-tile noise
    n_particles : int >= 1, N
    seed : int or sequence of ints (``numpy.random.default_rng``'s seed)
    prior : numpy.ndarray, shape (n_answers,), optional; uniform by default

    Attributes
    ----------
    particles : numpy.ndarray of int64, shape (N,): answer indices
    weights : numpy.ndarray of float64, shape (N,): normalised importance weights
    resamples : int, how many times the particles were resampled
    restarts : int, how many times every particle was excluded and the filter redrew them
    """

    def __init__(self, game: Game, noise, n_particles: int, seed: int = 0, prior=None):
        self.game = game
        self.noise = noise_model(game, noise)
        self.n_particles = whole_number(n_particles, "number of particles N")
        n = len(game.answers)
        self.prior = np.full(n, 1.0 / n) if prior is None else np.asarray(prior, dtype=float)
        self.rng = np.random.default_rng(seed)
        self.particles = self.rng.choice(n, size=self.n_particles, p=self.prior)
        self.weights = np.full(self.n_particles, 1.0 / self.n_particles)
        self.history: list[tuple[int, int]] = []
        self.resamples = 0
        self.restarts = 0

    def _likelihood(self, answers: np.ndarray, guess: int, report: int) -> np.ndarray:
        like = self.noise.likelihood[self.game.patterns[guess, answers], report]
        return np.where(answers == self.game.answer_of_guess[guess], 0.0, like)

    def update(self, guess: int, report: int) -> None:
        """Reweight by the likelihood of ``report`` to ``guess`` (not a win); resample when the
        effective sample size falls below N / 2."""
        self.history.append((int(guess), int(report)))
        w = self.weights * self._likelihood(self.particles, guess, report)
        if w.sum() <= 0:
            # Every particle excluded: draw afresh from the prior, weighted by the whole history.
            self.restarts += 1
            self.particles = self.rng.choice(len(self.prior), size=self.n_particles, p=self.prior)
            w = np.ones(self.n_particles)
            for g, f in self.history:
                w *= self._likelihood(self.particles, g, f)
            if w.sum() <= 0:
                raise WordlekitError(
                    f"no answer of the {self.n_particles} drawn particles can give "
                    "this history; expected a history some answer can give"
                )
        w /= w.sum()
        if 1.0 / (w**2).sum() < self.n_particles / 2:
            self.particles = self.particles[
                self.rng.choice(self.n_particles, size=self.n_particles, p=w)
            ]
            w = np.full(self.n_particles, 1.0 / self.n_particles)
            self.resamples += 1
        self.weights = w

    def updated(self, guess: int, report: int) -> ParticleFilter:
        """A copy of the filter after ``update(guess, report)``; this one is left as it was
        (its generator too: the copy draws what this one would have drawn)."""
        twin = copy.copy(self)
        twin.rng = copy.deepcopy(self.rng)
        twin.history = list(self.history)
        twin.update(guess, report)
        return twin

    def belief(self) -> np.ndarray:
        """The particle belief: weight of the particles on each answer, shape (n_answers,)."""
        return np.bincount(self.particles, weights=self.weights, minlength=len(self.game.answers))
