"""Particle filters beside exact Bayes on the same games (``track_beliefs``).

The games are played by a policy on the exact belief (``chance.play_game``, reports drawn as
``evaluate`` draws them); after every report a particle filter of each size N is updated with
the same guess and report, and its belief compared with the exact one by the total-variation
distance (1/2) sum_a |b_N(a) - b(a)| (``beliefs.total_variation``).
"""

from __future__ import annotations

import numpy as np

from .. import chance
from ..checks import whole_number
from ..evaluation import secret_indices
from .beliefs import ParticleFilter, total_variation
from .model import NoisyGame


def track_beliefs(
    model: NoisyGame,
    policy,
    opener,
    answers,
    particle_counts,
    n_games: int = 1,
    seed: int = 0,
    max_guesses: int | None = None,
) -> list[dict]:
    """Particle filters of each size beside the exact belief, on the same games.

    Parameters
    ----------
    model : NoisyGame
    policy : a policy on the belief (``choose(model, state)``), played on the exact belief
    opener : str or int, the first guess
    answers : sequence of str
        Words of the game's answer list.
    particle_counts : sequence of int, the filters' sizes N
    n_games : int, games per answer; game i against answer a draws its reports from
        ``default_rng([seed, a, i])`` and its filters are seeded by ``[seed, a, i, N]``, as in
        ``evaluate``
    max_guesses : int, optional, the cap (default: the model's)

    Returns
    -------
    list of dict, one per (game, turn, N): ``answer``, ``game``, ``turn`` (reports seen),
    ``n_particles``, ``tv`` (total-variation distance to the exact belief), ``distinct``
    (answers held by the particles), ``exact_on_answer`` and ``particles_on_answer`` (the
    belief each puts on the true answer).
    """
    game, noise = model.game, model.noise
    counts = [whole_number(n, "number of particles N") for n in particle_counts]
    first = model.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    rows = []
    for a in secret_indices(model, tuple(answers), "answer").tolist():
        for i in range(n_games):
            rng = np.random.default_rng([seed, a, i])
            filters = {n: ParticleFilter(game, noise, n, seed=[seed, a, i, n]) for n in counts}

            def trace(turn, guess, report, state, a=a, i=i, filters=filters):
                exact = state.belief
                for n, pf in filters.items():
                    pf.update(guess, report)
                    b = pf.belief()
                    rows.append(
                        {
                            "answer": game.answers[a],
                            "game": i,
                            "turn": turn,
                            "n_particles": n,
                            "tv": total_variation(b, exact),
                            "distinct": int((b > 0).sum()),
                            "exact_on_answer": float(exact[a]),
                            "particles_on_answer": float(b[a]),
                        }
                    )

            chance.play_game(
                model, policy, a, rng, first=first, max_guesses=max_guesses, trace=trace
            )
    return rows
