"""Policies that play a consistent word: the first candidate of their own ranking.

A consistent word is one that may still be the answer, a candidate of the state. A
``CandidateRanking`` policy ranks the state's candidates (``order``: positions in
``state.candidates``, best first), plays the first of them, and offers the whole ranking as
``keys`` over the allowed guesses (a candidate's rank, ``heuristics.EXCLUDED`` for every other
guess), so that a ``rollout.Rollout`` over it can shortlist its next best words without any
heuristic of its own.

- ``RandomConsistent(seed)``: the candidates in a random order (SophieZero's "dummy" baseline,
  and a base policy of the Newton-step study, ``experiments.newton.make_base``). The order is
  drawn by a generator seeded with (seed, candidate set), so one seed is one deterministic
  policy, which can be evaluated exactly; the spread over seeds is the randomness of the baseline.
- ``sarsa.SarsaPolicy``: the candidates by a learned linear Q, ties in RandomConsistent's order.

References
----------
- [velasevic2022]_: the random consistent ("dummy") baseline.
"""

from __future__ import annotations

import numpy as np

from .game import Game, State, state_seed
from .topk import EXCLUDED


class CandidateRanking:
    """Base class: a policy that plays the first candidate of ``order(game, state)``.

    Subclasses set ``name`` and define ``order``.
    """

    name = "candidate ranking"

    def order(self, game: Game, state: State) -> np.ndarray:
        """Positions in ``state.candidates``, best first (int64, a permutation)."""
        raise NotImplementedError

    def choose(self, game: Game, state: State) -> int:
        return int(game.guess_of_answer[state.candidates[self.order(game, state)[0]]])

    def keys(self, game: Game, state: State) -> np.ndarray:
        """Key of every allowed guess (int64, aligned with the allowed guesses): a candidate's
        rank in ``order``, ``EXCLUDED`` for every other guess (a rollout's shortlist then takes
        the first ranked candidates)."""
        allowed = game.allowed_guesses(state)
        order = self.order(game, state)
        keys = np.full(len(allowed), EXCLUDED, dtype=np.int64)
        keys[np.searchsorted(allowed, game.guess_of_answer[state.candidates[order]])] = np.arange(
            len(order)
        )
        return keys


class RandomConsistent(CandidateRanking):
    """A random word that could still be the answer (SophieZero's baseline), seeded.

    The word is drawn uniformly from the state's candidates by a generator seeded with (seed,
    candidate set): one seed is one deterministic policy. ``keys`` ranks the candidates in that
    random order (others EXCLUDED), for a rollout's shortlist.
    """

    def __init__(self, seed: int = 0):
        self.seed = int(seed)
        self.name = f"random-consistent(seed {self.seed})"

    def order(self, game: Game, state: State) -> np.ndarray:
        """The candidates in the seeded random order of (seed, candidate set)."""
        return np.random.default_rng(state_seed(self.seed, state.candidates)).permutation(
            len(state.candidates)
        )
