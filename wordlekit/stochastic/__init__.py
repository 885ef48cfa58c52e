"""A stochastic Wordle: feedback misreported with a known probability (Section 5.1).

The rollout paper's Section 5.1 replaces the deterministic system x_{k+1} = f(x_k, theta, u_k)
by x_{k+1} = f(x_k, theta, u_k, w_k), with a random disturbance w_k of known distribution. Here
theta is the answer a, u_k the guess and w_k the noise that turns the true feedback pattern
t = feedback(u_k, a) into the *reported* pattern f that the player sees.

The package, one job a module: ``noise`` (the noise models and their likelihoods),
``beliefs`` (exact Bayes and the particle filter), ``exact`` (every report enumerated: the
exact evaluation and the exact Q-factor), ``agents`` (policies on the belief: MIG, most
likely, rollout) and ``play`` (one game, the exact or simulated evaluation, belief tracking).
Each module's docstring states its maths.

References
----------
- [bhambri2022]_, Section 5.1: the stochastic system and its belief.
"""

from __future__ import annotations

from .agents import BeliefMIG, BeliefRollout, MostLikely, information_gain
from .beliefs import ParticleFilter, bayes_update, total_variation
from .exact import Tally, enumerate_reports, expected_guesses
from .noise import Noise, noise_model, row_noise, tile_noise
from .play import StochasticEvaluation, evaluate, play_game, track_beliefs

__all__ = [
    "BeliefMIG",
    "BeliefRollout",
    "MostLikely",
    "Noise",
    "ParticleFilter",
    "StochasticEvaluation",
    "Tally",
    "bayes_update",
    "enumerate_reports",
    "evaluate",
    "expected_guesses",
    "information_gain",
    "noise_model",
    "play_game",
    "row_noise",
    "tile_noise",
    "total_variation",
    "track_beliefs",
]
