"""The noisy game as a model of the seam (``contracts.NoisyModel``): ``NoisyGame(game, noise)``.

Its state is a belief node (``Belief``): the turn, the history of (guess, report), and what
the player knows of the answer,

    b(a) = prior(a) L(a) / sum_a' prior(a') L(a'),   L(a) = P(reports since the root | a),

with L(a) = 0 for a word already guessed (the win is seen without noise). The exact
enumeration (``chance.enumerate_reports``) keeps the root's prior and multiplies the
likelihood along each branch (``NoisyGame.reports``: the child under report f has likelihood
L(a) P(f | t(u, a)) and path probability sum_a prior(a) L(a) P(f | t(u, a))). A game played
one report at a time (``chance.play_game``) updates the belief by its tracker instead
(``NoisyGame.next_state``): exact Bayes (``beliefs.bayes_update``), or a particle filter
(``beliefs.ParticleFilter``), the node then starting afresh from the updated belief as its
prior (``rooted``). The two agree up to rounding; each keeps its own arithmetic, so that an
enumeration and a simulation give the numbers they always gave.

References
----------
- [bhambri2022]_, Section 5.1: the stochastic system and its belief.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from ..game import Game
from .beliefs import ParticleFilter, bayes_update
from .noise import DEFAULT_MAX_GUESSES, Noise, check_easy, noise_model


class Belief:
    """A node of the noisy game (a ``contracts.ModelState``).

    Attributes
    ----------
    turn : int, guesses already played
    history : tuple of (guess index, report)
    prior : numpy.ndarray, shape (n_answers,), float64: the prior at the node's root
    likelihood : numpy.ndarray, shape (n_answers,), float64: P(reports since the root | a)
        (default: 1 where the prior is positive, 0 elsewhere)
    belief : numpy.ndarray, shape (n_answers,), float64, summing to 1: what a policy reads
        (default: prior x likelihood, normalised)
    particles : beliefs.ParticleFilter or None: the filter whose belief this is
    """

    def __init__(self, turn, history, prior, likelihood=None, belief=None, particles=None):
        self.turn = turn
        self.history = history
        self.prior = prior
        self.particles = particles
        if likelihood is not None:
            self.likelihood = likelihood
        if belief is not None:
            self.belief = belief

    @cached_property
    def likelihood(self) -> np.ndarray:
        return (self.prior > 0).astype(float)

    @cached_property
    def belief(self) -> np.ndarray:
        weights = self.prior * self.likelihood
        return weights / weights.sum()

    @property
    def key(self) -> bytes:
        """The belief's bytes: a policy on the belief is a function of it."""
        return self.belief.tobytes()

    def __repr__(self) -> str:
        tracker = "" if self.particles is None else f", {self.particles.n_particles} particles"
        return f"Belief(turn={self.turn}, history={self.history}{tracker})"


class NoisyGame:
    """The game ``game`` (easy mode) with its feedback reported through ``noise``.

    Parameters
    ----------
    game : Game, easy mode (hard mode is not defined when the feedback may lie)
    noise : Noise, or a number p in [0, 1) for per-tile noise
    max_guesses : int, the cap ``evaluate`` and ``chance.play_game`` use by default (12:
        misreported feedback makes games longer than the NYT game's six)

    Attributes
    ----------
    game, noise, max_guesses; mode, guesses, answers (the game's)
    """

    def __init__(self, game: Game, noise, max_guesses: int = DEFAULT_MAX_GUESSES):
        check_easy(game)
        self.game = game
        self.noise: Noise = noise_model(game, noise)
        self.max_guesses = max_guesses
        self.mode = game.mode
        self.guesses = game.guesses
        self.answers = game.answers

    def __repr__(self) -> str:
        return f"NoisyGame({self.game!r}, {self.noise!r})"

    @property
    def n_secrets(self) -> int:
        return len(self.game.answers)

    def secret_name(self, secret: int) -> str:
        return self.game.answers[secret]

    def guess_index(self, word: str, role: str = "guess") -> int:
        return self.game.guess_index(word, role=role)

    def initial_state(self, n_particles: int | None = None, seed=None) -> Belief:
        """The uniform belief (exact Bayes), or the belief of a particle filter of
        ``n_particles`` particles seeded by ``seed`` (``numpy.random.default_rng``'s seed)."""
        n = self.n_secrets
        prior = np.full(n, 1.0 / n)
        if n_particles is None:
            return Belief(0, (), prior, np.ones(n), prior)
        particles = ParticleFilter(self.game, self.noise, n_particles, seed=seed)
        return Belief(0, (), prior, belief=particles.belief(), particles=particles)

    def rooted(self, state: Belief) -> Belief:
        """``state`` as the root of an enumeration: its belief as the prior, exact Bayes from
        there (rollout's exact Q-factor, and its play-outs, start here)."""
        return Belief(state.turn, state.history, state.belief, belief=state.belief)

    def winner(self, guess: int) -> int:
        return int(self.game.answer_of_guess[guess])

    def likelihood(self, state: Belief) -> np.ndarray:
        return state.likelihood

    def reports(self, state: Belief, guess: int) -> list[tuple[int, float, Belief]]:
        """Every report of ``guess`` (not a win) with positive probability, the probability of
        the path to it under the root's prior, and its node (see the module docstring)."""
        lik = state.likelihood.copy()
        won = self.game.answer_of_guess[guess]
        if won >= 0:
            lik[won] = 0.0
        live = np.flatnonzero(lik)
        rows = self.noise.likelihood[self.game.patterns[guess, live]]  # (|live|, 3**L)
        branch = lik[live, None] * rows  # P(reports so far and f | a)
        report_mass = state.prior[live] @ branch
        out = []
        for f in np.flatnonzero(report_mass > 0):
            child = np.zeros_like(lik)
            child[live] = branch[:, f]
            node = Belief(state.turn + 1, (*state.history, (guess, int(f))), state.prior, child)
            out.append((int(f), float(report_mass[f]), node))
        return out

    def sample(self, guess: int, secret: int, rng: np.random.Generator) -> int:
        return self.noise.sample(int(self.game.patterns[guess, secret]), rng)

    def next_state(self, state: Belief, guess: int, report: int) -> Belief:
        """The node after ``guess`` (not a win) got ``report``: the belief updated by exact
        Bayes, or by the state's particle filter (a copy: a node is never changed)."""
        history = (*state.history, (int(guess), int(report)))
        if state.particles is not None:
            particles = state.particles.updated(guess, report)
            belief = particles.belief()
            return Belief(state.turn + 1, history, belief, belief=belief, particles=particles)
        belief = bayes_update(self.game, self.noise, state.belief, guess, report)
        return Belief(state.turn + 1, history, belief, belief=belief)

    def describe(self, state: Belief) -> str:
        """The node in words, for an error: its history and the likeliest answer."""
        played = ", ".join(f"{self.guesses[g]} reported {f}" for g, f in state.history)
        top = int(np.argmax(state.belief))
        return (
            f"the belief after [{played}] (likeliest {self.game.answers[top]!r}, "
            f"{state.belief[top]:.3g})"
        )
