"""J* as a lookahead's cost-to-go (``OptimalCost``): the adapter beside what it adapts."""

from __future__ import annotations

from ..evaluation import PerModel
from ..game import Game, State
from ..lookahead import CostToGo
from .solver import Solver


class OptimalCost(CostToGo):
    """``J~ = J*``: the optimal expected number of guesses, from ``optimal.Solver`` (exact).

    Parameters
    ----------
    max_guesses : int, optional
        Every answer must be solved within this many guesses in all (the state's turn counts);
        None (default): no cap, Cunanan & Thielscher's MinTotal. Exact search: small games only.
    """

    name = "optimal"

    def __init__(self, max_guesses: int | None = None):
        self.max_guesses = max_guesses
        self.solvers = PerModel(lambda game: Solver(game, max_guesses=max_guesses))

    def total(self, game: Game, state: State) -> int:
        solver = self.solvers(game)
        return solver.value(state, solver.max_guesses - state.turn)

    def __repr__(self) -> str:
        return f"OptimalCost(max_guesses={self.max_guesses!r})"
