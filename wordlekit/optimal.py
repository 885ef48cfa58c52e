"""Exact optimal play: the minimum TOTAL over all strategies, by branch and bound.

For a candidate set C with d guesses left (Cunanan & Thielscher, Definition 10, with a cap),

    MinTotal_d(C) = |C| + min_g sum_{feedback r != all green} MinTotal_{d-1}(C_{g,r}),

with MinTotal(one candidate) = 1 and no solution when d = 0. ``Solver.value`` computes it
exactly, but only as far as needed to prove a value:

1. Every guess g gets the lower bound ``V(g) = 3|C| - parts(g) - [g in C]`` (``bounds``), from one
   parallel kernel over all allowed guesses; guesses are tried in increasing V (ties: smaller
   sum of squared bucket sizes, then list order), so the likeliest best comes first.
2. A guess whose bound is not below the best total found so far is never expanded (nor is any
   later one: they are sorted), and a guess's buckets are solved largest first, each with the
   budget left by the best total, so a losing guess is abandoned as soon as it is proved losing.
3. Exact values and proved lower bounds are memoised by (state, guesses left).

The answer is exact: a guess is skipped only when a lower bound proves it cannot beat a total
already achieved. In hard and strict mode the state includes the allowed guesses, so the same
code solves every mode.

With a non-uniform prior (``prior=``, see ``wordlekit.prior``) the solver minimises the
weighted total ``sum_a w_a * guesses(a)``, i.e. the expected number of guesses under the prior.
Every bound above carries over with each candidate counted by its weight: a state of weight W
costs at least ``2W - max w`` (every candidate but one needs a second guess), and a guess g at
least ``V(g) = 3W - sum_b max_{a in b} w_a - [g in C] w_g``; with unit weights these are the
uniform bounds.
"""

from __future__ import annotations

import numpy as np

from . import _kernels
from .errors import WordlekitError
from .feedback import format_feedback
from .game import Game, State
from .heuristics import MostPartsInSetESS

_RANKING = MostPartsInSetESS()
_SCALE = MostPartsInSetESS.SCALE

#: Any total at least this large means "cannot solve every answer within the cap" (weighted
#: totals stay far below: prior weights sum to at most 2**36).
INFEASIBLE = 10 ** 15
_NO_LIMIT = 10 ** 17


class Solver:
    """Exact minimum TOTAL for one game, with memoised values shared between calls.

    Parameters
    ----------
    game : Game
    max_guesses : int or None
        Every answer must be solved within this many guesses (6 in the NYT game); None for no
        cap (Cunanan & Thielscher's MinTotal).
    breadth : int, optional
        Consider only the ``breadth`` best guesses at every state, ranked by the valuations
        (MostParts, InSet, ExpSizeSplit) then list order: Cunanan & Thielscher's
        ApMinTotal(C, n), an upper bound on MinTotal. None (default) searches every guess.
    prior : prior.Prior, optional
        Minimise the total weighted by this prior (the expected number of guesses times the
        prior's total weight). None (default): every answer counts once. With a prior,
        ``breadth`` ranks guesses by the weighted bound V(g), then sum_b W_b c_b, then list order.
    """

    def __init__(self, game: Game, max_guesses: int | None = 6, breadth: int | None = None,
                 prior=None):
        self.game = game
        self.max_guesses = len(game.answers) if max_guesses is None else max_guesses
        self.breadth = breadth
        self.prior = prior
        self.weights = None if prior is None else prior.weights_for(game)
        self.exact: dict = {}  # (state key, guesses left) -> (total, best guess)
        self.lower: dict = {}  # (state key, guesses left) -> proved lower bound
        self.nodes = 0  # states expanded (guesses scored)
        self._table = _RANKING.table(len(game.answers))

    def opener_total(self, opener: int) -> int:
        """Minimum TOTAL over strategies opening with guess index ``opener`` (>= INFEASIBLE if none)."""
        game = self.game
        root = game.initial_state()
        total = self._mass(root.candidates)
        for pattern, child in game.children(root, opener):
            if pattern != game.solved:
                total += self.value(child, self.max_guesses - 1, _NO_LIMIT)
        return total

    def value(self, state: State, left: int, beta: int) -> int:
        """MinTotal of ``state`` with ``left`` guesses, if it is below ``beta``.

        Returns the exact value when it is < beta; otherwise some lower bound >= beta.
        """
        n = len(state.candidates)
        if n == 1:
            return self._mass(state.candidates)
        if left <= 1:
            return INFEASIBLE
        if n == 2:
            # the likelier candidate first: the other one needs a second guess
            return self._mass(state.candidates) + self._lightest(state.candidates)
        floor = self._floor(state.candidates)
        if floor >= beta:
            return floor
        # Guessing a candidate each turn solves n candidates within n guesses, and an optimal
        # strategy only plays guesses that split, so a cap of n or more never binds: one memo
        # entry serves every such cap (and "no cap").
        left = min(left, n)
        key = (state.key, left)
        hit = self.exact.get(key)
        if hit is not None:
            return hit[0]
        known = self.lower.get(key, floor)
        if known >= beta:
            return known
        best, guess = self._search(state, left, beta)
        if best >= INFEASIBLE and beta > INFEASIBLE:
            best = INFEASIBLE  # every guess proved to leave some answer unsolved in time
        if best < beta:
            self.exact[key] = (best, guess)
            return best
        self.lower[key] = max(known, best)
        return best

    def _mass(self, candidates: np.ndarray) -> int:
        """The number of candidates, or their prior weight."""
        return len(candidates) if self.weights is None else int(self.weights[candidates].sum())

    def _lightest(self, candidates: np.ndarray) -> int:
        return 1 if self.weights is None else int(self.weights[candidates].min())

    def _floor(self, candidates: np.ndarray) -> int:
        """A lower bound for any state with these candidates: 2W - max w (2n - 1 uniform)."""
        if self.weights is None:
            return 2 * len(candidates) - 1
        w = self.weights[candidates]
        return int(2 * w.sum() - w.max())

    def _bounds(self, state: State, allowed: np.ndarray, left: int):
        """(bounds V(g), sort order, positions of perfect guesses) for every allowed guess.

        Guesses that split nothing get no bound (``_NO_LIMIT``): they can never be optimal, in
        any mode (see tests/reference.optimal_total). The order is by V, then the expected
        bucket size (sum of squares, or sum_b W_b c_b with a prior), then list order. A
        *perfect* guess leaves every bucket a single word; then V is its exact total.
        """
        game = self.game
        n = len(state.candidates)
        if self.weights is None:
            keys = np.empty(len(allowed), dtype=np.int64)
            # The (MostParts, InSet, ExpSizeSplit) key: key // SCALE + 3n - 1 is V(g), so keys
            # sort by (V, sum of squares).
            _kernels._fill_guess_keys(game.patterns, state.candidates, allowed, self._table,
                                      _RANKING._weights, True, game.n_patterns, keys)
            valid = keys != _kernels.EXCLUDED
            bounds = np.where(valid, keys // _SCALE + 3 * n - 1, _NO_LIMIT)
            perfect = valid & (keys % _SCALE == n)
            return bounds, np.argsort(keys, kind="stable"), perfect
        stats = np.empty((len(allowed), _kernels.N_STATS), dtype=np.int64)
        _kernels._fill_weighted_stats(game.patterns, state.candidates, self.weights, allowed,
                                      self.prior.entropy_scale, game.n_patterns, stats)
        parts, in_set = stats[:, _kernels.STAT_PARTS], stats[:, _kernels.STAT_IN_SET]
        valid = (parts >= 2) | (in_set == 1)
        own = np.zeros(len(allowed), dtype=np.int64)
        is_candidate = in_set == 1
        own[is_candidate] = self._own_weight(state, allowed[is_candidate])
        mass = self._mass(state.candidates)
        bounds = np.where(valid, 3 * mass - stats[:, _kernels.STAT_HEAVIEST] - own, _NO_LIMIT)
        order = np.lexsort((stats[:, _kernels.STAT_DECREASE], bounds))
        return bounds, order, valid & (parts == n)

    def _own_weight(self, state: State, guesses: np.ndarray) -> np.ndarray:
        """Prior weight of each of ``guesses``, which are candidates of ``state``."""
        cands = state.candidates
        words = self.game.guess_of_answer[cands]
        order = np.argsort(words)
        return self.weights[cands[order[np.searchsorted(words[order], guesses)]]]

    def _search(self, state: State, left: int, beta: int) -> tuple[int, int]:
        """Best (total, guess) below ``beta``, or (a bound >= beta, -1)."""
        self.nodes += 1
        game = self.game
        allowed = game.allowed_guesses(state)
        bounds, order, perfect = self._bounds(state, allowed, left)
        if left == 2:
            # One more guess after this one: only a perfect guess can work, and its bound is
            # its exact total.
            perfect = np.flatnonzero(perfect)
            if len(perfect) == 0:
                return INFEASIBLE, -1
            t = order[np.isin(order, perfect)][0]
            return int(bounds[t]), int(allowed[t])
        limit = min(beta, INFEASIBLE)  # a total this large is no solution at all
        if self.breadth is not None:
            # the order is (MostParts, InSet, ExpSizeSplit), then list order
            ranked = order[bounds[order] < _NO_LIMIT][: self.breadth]
            order = ranked[bounds[ranked] < limit]
        else:
            order = order[bounds[order] < limit]
        floor = self._floor(state.candidates)
        best, best_guess = limit, -1
        for t in order:
            v = int(bounds[t])
            if v >= best:
                break
            guess = int(allowed[t])
            total = self._guess_total(state, guess, left, v, best)
            if total < best:
                best, best_guess = total, guess
                if best == floor:
                    break
        if best_guess < 0:
            # Every guess is proved to cost at least beta (or none was worth expanding).
            return max(limit, int(bounds.min()) if len(bounds) else _NO_LIMIT), -1
        return best, best_guess

    def _guess_total(self, state: State, guess: int, left: int, bound: int, best: int) -> int:
        """Total of ``guess`` at ``state`` if it is below ``best``, else a bound >= best."""
        game = self.game
        children = [c for p, c in game.children(state, guess) if p != game.solved]
        children.sort(key=len, reverse=True)
        total = self._mass(state.candidates)
        rest = bound - total  # sum of the children's floors (2c - 1, or 2W - max w)
        for child in children:
            rest -= self._floor(child.candidates)
            total += self.value(child, left - 1, best - total - rest)
            if total + rest >= best:
                return total + rest
        return total

    def best_guess(self, state: State, left: int) -> int:
        """An optimal guess at ``state`` (solving it if needed)."""
        n = len(state.candidates)
        if n <= 2:
            first = 0 if self.weights is None else int(np.argmax(self.weights[state.candidates]))
            return int(self.game.guess_of_answer[state.candidates[first]])
        key = (state.key, min(left, n))
        if key not in self.exact:
            self.value(state, left, _NO_LIMIT)
        return self.exact[key][1]


def optimal_tree(solver: Solver, opener: int) -> dict:
    """The optimal decision tree from ``opener`` as nested dicts (JSON-ready).

    Each node is ``{"guess": word, "next": {tiles: node, ...}}``; tiles are g/y/b strings, and a
    node whose guess is the only candidate left has no ``next``.
    """
    game = solver.game

    def node(state: State, guess: int, left: int) -> dict:
        out = {"guess": game.guesses[guess]}
        branches = {}
        for pattern, child in game.children(state, guess):
            if pattern != game.solved:
                branches[format_feedback(pattern, game.length)] = node(
                    child, solver.best_guess(child, left - 1), left - 1)
        if branches:
            out["next"] = branches
        return out

    return node(game.initial_state(), opener, solver.max_guesses)


class TreePolicy:
    """Replays a decision tree (as written by ``optimal_tree``) as a policy for ``evaluate``.

    Raises a ``WordlekitError`` if the tree does not fit the game: a word not allowed, or a
    feedback the game cannot produce, or a reachable state the tree has no guess for.
    """

    name = "tree"

    def __init__(self, game: Game, tree: dict):
        self.opener = tree.get("guess") if isinstance(tree, dict) else None
        if not isinstance(self.opener, str):
            raise WordlekitError("tree: the root must be an object with a \"guess\" word")
        self._guesses: dict = {}
        self._index(game, game.initial_state(), tree, "root")

    def _index(self, game: Game, state: State, node: dict, where: str) -> None:
        if (not isinstance(node, dict) or not isinstance(node.get("guess"), str)
                or not isinstance(node.get("next", {}), dict)):
            raise WordlekitError(
                f"tree node {where}: expected an object with a \"guess\" word and an optional "
                "\"next\" object of feedback -> node")
        guess = game.guess_index(node["guess"], role=f"tree node {where}")
        if not game.is_allowed(state, guess):
            raise WordlekitError(f"tree node {where}: {node['guess']!r} is not allowed in {game.mode} mode")
        if len(state.candidates) == 1 and guess != game.guess_of_answer[state.candidates[0]]:
            raise WordlekitError(
                f"tree node {where}: guesses {node['guess']!r} when only "
                f"{game.answers[state.candidates[0]]!r} is left; expected that word")
        self._guesses[state.key] = guess
        branches = node.get("next", {})
        children = {format_feedback(p, game.length): c for p, c in game.children(state, guess)
                    if p != game.solved}
        for tiles, child in children.items():
            if len(child.candidates) == 1 and tiles not in branches:
                continue  # the last candidate: guessed next without needing a node
            if tiles not in branches:
                raise WordlekitError(f"tree node {where}: no branch for feedback {tiles}")
            self._index(game, child, branches[tiles], f"{where}/{tiles}")
        extra = set(branches) - set(children)
        if extra:
            raise WordlekitError(f"tree node {where}: feedback {sorted(extra)[0]} cannot occur")

    def choose(self, game: Game, state: State) -> int:
        guess = self._guesses.get(state.key)
        if guess is None:
            if len(state.candidates) == 1:
                return int(game.guess_of_answer[state.candidates[0]])
            raise WordlekitError(f"the tree has no guess for {state}")
        return guess
