"""A stochastic Wordle: feedback misreported with a known probability (Section 5.1).

The rollout paper's Section 5.1 replaces the deterministic system x_{k+1} = f(x_k, theta, u_k)
by x_{k+1} = f(x_k, theta, u_k, w_k), with a random disturbance w_k of known distribution. Here
theta is the answer a, u_k the guess and w_k the noise that turns the true feedback pattern
t = feedback(u_k, a) into the *reported* pattern f that the player sees.

The noisy game is a model of the seam (``NoisyGame(game, noise)``, a
``contracts.NoisyModel``), its policies are policies of the seam (``choose(game, state)``), and
``wordlekit.evaluate`` evaluates them into the one ``Evaluation``: exactly, by enumerating the
reports, or by seeded simulation (``chance``). The package, one job a module: ``noise`` (the
noise models and their likelihoods), ``beliefs`` (exact Bayes and the particle filter),
``model`` (the game and its belief nodes), ``agents`` (policies on the belief: MIG, most
likely, rollout) and ``tracking`` (particle filters beside exact Bayes on the same games).
Each module's docstring states its maths.

References
----------
- [bhambri2022]_, Section 5.1: the stochastic system and its belief.
"""

from __future__ import annotations

from ..chance import play_game
from .agents import BeliefMIG, BeliefRollout, MostLikely, expected_guesses, information_gain
from .beliefs import ParticleFilter, bayes_update, total_variation
from .model import Belief, NoisyGame
from .noise import Noise, noise_model, row_noise, tile_noise
from .tracking import track_beliefs

__all__ = [
    "Belief",
    "BeliefMIG",
    "BeliefRollout",
    "MostLikely",
    "Noise",
    "NoisyGame",
    "ParticleFilter",
    "bayes_update",
    "expected_guesses",
    "information_gain",
    "noise_model",
    "play_game",
    "row_noise",
    "tile_noise",
    "total_variation",
    "track_beliefs",
]
