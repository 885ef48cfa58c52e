"""The recursion of the exact solver, for candidates counted by any weights: the path a prior
takes, and the base of the uniform one (``uniform``).

``Search.value`` is MinTotal_d(C) below a budget (see the package's docstring), memoised by
(state key, guesses left); ``Search.search`` scores every allowed guess of a state by the bound
V(g) = 3W - sum_b max_{a in b} w_a - [g in C] w_g and hands them, in increasing V, to the
search loop (``branch_and_bound.minimise``), each guess's buckets valued largest first. With a
prior that is the whole algorithm: the bounds carry over with each candidate counted by its
weight, and a state's floor is 2W - max w (every candidate but one needs a second guess).

Each call takes the ``context.Context`` its caller made and passes one down; this path uses
none of it (all four are uniform-only speedups) but keeps the signature the uniform one
refines, so that ``solver.Solver`` drives both alike.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import branch_and_bound as bnb
from ..bounds import guess_lower_bound
from ..branch_and_bound import INFEASIBLE, NO_LIMIT
from ..buckets import bucket_stats
from ..endgames import endgame_unsolvable
from ..game import Game, State
from ..prior import Weights
from ..topk import EXCLUDED, best_positions
from .context import Context, FloorTables
from .screening import SCREEN_MAX

#: Ordering key of a guess that is never tried (it splits nothing, or cannot beat the budget).
UNRANKED = EXCLUDED  # the selection of ``best_positions`` skips it too


class Scores(NamedTuple):
    """The allowed guesses of a state worth trying, scored (``Search.scores``).

    Its fields: ``guesses``, the guess indices (int64); ``bounds``, a lower bound on each one's
    total (``NO_LIMIT``: it splits nothing); ``ordered``, the bounds the order follows, at most
    ``bounds``; ``keys``, the ordering keys: by ``ordered``, then the expected bucket size, then
    list order (``UNRANKED``: never tried); ``perfect``, the guesses that leave every bucket a
    single candidate (their bound is their total); ``splits``, MaxSplits for the states below
    (``context.Context.splits``).
    """

    guesses: np.ndarray
    bounds: np.ndarray
    ordered: np.ndarray
    keys: np.ndarray
    perfect: np.ndarray
    splits: int

    def best_perfect(self) -> tuple[int, int]:
        """(total, guess) with one guess left after this one: only a perfect guess works, and
        its bound is its exact total; (``INFEASIBLE``, -1) if there is none."""
        perfect = np.flatnonzero(self.perfect)
        if len(perfect) == 0:
            return INFEASIBLE, -1
        t = perfect[np.argmin(self.keys[perfect])]
        return int(self.bounds[t]), int(self.guesses[t])

    def outcome(self, best: int, t: int, limit: int) -> tuple[int, int]:
        """(total, guess) from ``branch_and_bound.minimise``'s (best, position)."""
        if t < 0:
            # Every guess is proved to cost at least beta (or none was worth expanding).
            return max(limit, int(self.bounds.min()) if len(self.bounds) else limit), -1
        return best, int(self.guesses[t])


class Search:
    """MinTotal of a game's states by branch and bound, every candidate counted by its weight.

    Parameters
    ----------
    game : Game
    breadth : int or None
        Search only the ``breadth`` best guesses at every state (ApMinTotal), None every guess.
    weights : prior.Weights
        W(S), the prior's (this class) or unit (``uniform.UniformSearch``).

    Attributes
    ----------
    memo : branch_and_bound.Memo
        (state key, guesses left) -> exact value and best guess, or a proved lower bound.
    nodes : int
        States whose guesses were all scored.
    top : context.Context
        The context of a search that starts at any state: no columns, no symmetries, the
        floors BOUND(c, F) with F the feedbacks the game can give.
    """

    def __init__(self, game: Game, breadth: int | None, weights: Weights):
        self.game = game
        self.breadth = breadth
        self.weights = weights
        self.memo = bnb.Memo()
        self.nodes = 0
        self.tables = FloorTables(game)
        self.feedbacks = game.answering.n_feedbacks(game.length)
        self.top = Context(None, None, self.tables(self.feedbacks), self.feedbacks)

    def value(self, state: State, left: int, beta: int, context: Context) -> int:
        """MinTotal of ``state`` with ``left`` guesses, if it is below the budget ``beta``;
        otherwise some lower bound >= beta (``INFEASIBLE`` or more: no strategy solves every
        candidate within ``left`` guesses)."""
        n = len(state.candidates)
        if n == 1:  # guessed next, if a guess is left (none after the opener, at a cap of 1)
            return self.weights.mass(state.candidates) if left >= 1 else INFEASIBLE
        if left <= 1:
            return INFEASIBLE
        if n == 2:
            # the likelier candidate first: the other one needs a second guess
            return self.weights.mass(state.candidates) + self.weights.lightest(state.candidates)
        floor = self.floor(state.candidates, context)
        if floor >= beta:
            return floor
        # Guessing a candidate each turn solves n candidates within n guesses, and an optimal
        # strategy only plays guesses that split, so a cap of n or more never binds: one memo
        # entry serves every such cap (and "no cap").
        left = min(left, n)
        key = (state.key, left)
        known, exact = self.memo.known(key, floor)
        if exact or known >= beta:
            return known
        if self.game.mode == "hard" and endgame_unsolvable(self.game, state, left):
            best, guess = INFEASIBLE, -1
        else:
            best, guess = self.search(state, left, beta, context)
        if best >= INFEASIBLE and beta > INFEASIBLE:
            best = INFEASIBLE  # every guess proved to leave some candidate unsolved in time
        return self.memo.store(key, best, beta, guess, known)

    def floor(self, candidates: np.ndarray, context: Context) -> int:
        """A lower bound for any state with these candidates: 2W - max w."""
        return self.weights.floor(candidates)

    def search(self, state: State, left: int, beta: int, context: Context) -> tuple[int, int]:
        """Best (total, guess) below ``beta``, or (a bound >= beta, -1)."""
        self.nodes += 1
        limit = min(beta, INFEASIBLE)  # a total this large is no solution at all
        scores = self.scores(state, context)
        if left == 2:
            return scores.best_perfect()
        floor = self.floor(state.candidates, context)
        if floor >= limit:
            return floor, -1
        guesses = scores.guesses

        def cost(t: int, bound: int, best: int) -> int:
            return self.guess_total(state, int(guesses[t]), left, bound, best, context)

        order = self.order(scores, limit)
        best, t = bnb.minimise(order, scores.bounds, cost, limit, floor, scores.ordered)
        return scores.outcome(best, t, limit)

    def order(self, scores: Scores, limit: int):
        """The positions of the guesses to try, in the order ``bnb.minimise`` takes them."""
        keys, bounds = scores.keys, scores.bounds
        if self.breadth is not None:
            # the breadth best keys, ties to list order: a partial selection, not a sort of all
            ranked = best_positions(keys, self.breadth)
            return ranked[bounds[ranked] < limit]
        return bnb.increasing(np.where(bounds < limit, keys, UNRANKED), UNRANKED, head=SCREEN_MAX)

    def scores(self, state: State, context: Context) -> Scores:
        """Every allowed guess scored by the weighted V(g) (``bounds.guess_lower_bound``),
        ranked by (V, sum_b W_b c_b, list order): the pair does not fit one int64, so the keys
        are ranks. A guess that splits nothing gets ``NO_LIMIT`` and ``UNRANKED``: it can
        never be optimal, in any mode (see tests/reference.optimal_total)."""
        stats = bucket_stats(
            self.game,
            state.candidates,
            self.game.allowed_guesses(state),
            self.weights.array,
            self.weights.entropy_scale,
        )
        guesses = stats.guesses
        own = np.zeros(len(guesses), dtype=np.int64)
        is_candidate = stats.in_set == 1
        own[is_candidate] = self._own_weight(state, guesses[is_candidate])
        useless = stats.splits_nothing
        bounds = np.where(useless, NO_LIMIT, guess_lower_bound(stats.mass, stats.heaviest, own))
        keys = np.empty(len(guesses), dtype=np.int64)
        keys[np.lexsort((stats.squares, bounds))] = np.arange(len(guesses))
        keys[useless] = UNRANKED
        return Scores(guesses, bounds, bounds, keys, stats.perfect & ~useless, context.splits)

    def _own_weight(self, state: State, guesses: np.ndarray) -> np.ndarray:
        """Prior weight of each of ``guesses``, which are candidates of ``state``."""
        cands = state.candidates
        words = self.game.guess_of_answer[cands]
        order = np.argsort(words)
        return self.weights.array[cands[order[np.searchsorted(words[order], guesses)]]]

    def guess_total(
        self, state: State, guess: int, left: int, bound: int, best: int, context: Context
    ) -> int:
        """Total of ``guess`` at ``state`` if it is below ``best``, else a bound >= best
        (``bound``: V of the guess); ``context``: the state's, passed to its children."""
        children = [c for _, c in self.game.unsolved_children(state, guess)]
        return bnb.guess_cost(
            self.weights.mass(state.candidates),
            bnb.largest_first(children),
            lambda c: self.floor(c.candidates, context),
            lambda c, budget: self.value(c, left - 1, budget, context),
            bound,
            best,
        )
