"""The greedy policy of a search tree, as a policy any of the core engine's walks can play.

At every simulated state of the tree it plays the action of largest q3, in a state of one or
two candidates the candidates in list order (exact: the tree's leaves), and elsewhere the
estimator's best action (which, off the tree, is the same at one or two candidates for the
built-in estimators, exact there; ``total`` asks the estimator's policy). Its exact TOTAL over every answer is how the notebook measures when
the search has found optimal play; the states off the tree are valued by the core engine's
``PolicyValues`` of the estimator's policy, memoised across evaluations, and each simulated
node keeps its subtree's TOTAL until a backup under it (an iteration changes only the subtrees
it simulates, so an evaluation after it walks only those).
"""

from __future__ import annotations

import numpy as np

from ..evaluation import PolicyValues
from ..game import Game, State
from .node import Node


class GreedyPolicy:
    """The greedy policy of the tree under ``root``; ``fallback``: the estimator's policy's
    values (``PolicyValues``), which play on off the tree. Follows the tree as it grows.

    ``choose(game, state)`` for any state the policy reaches from the root's state (the
    ``evaluate`` walks); ``total()`` its exact TOTAL, from the tree.
    """

    def __init__(self, game: Game, root: Node, fallback: PolicyValues, name: str):
        self.game = game
        self.root = root
        self.fallback = fallback
        self.name = name

    def node_at(self, state: State) -> Node | None:
        """The simulated node of the tree at ``state`` under greedy play (None: off the tree).

        Descends from the root one turn at a time along the greedy actions, following the
        feedback of one of ``state``'s candidates.
        """
        game, node, probe = self.game, self.root, int(state.candidates[0])
        for _ in range(state.turn - self.root.state.turn):
            outcomes = node.children[node.best] if node.visits else None
            child = (
                None
                if outcomes is None
                else outcomes.child(int(game.patterns[node.guesses[node.best], probe]))
            )
            if not isinstance(child, Node):
                return None
            node = child
        same = node.visits > 0 and np.array_equal(node.state.candidates, state.candidates)
        return node if same else None

    def choose(self, game: Game, state: State) -> int:
        node = self.node_at(state)
        if node is not None:
            return int(node.guesses[node.best])
        if len(state.candidates) <= 2:  # a leaf: guess the candidates in list order
            return int(game.guess_of_answer[state.candidates].min())
        return self.fallback.policy.choose(game, state)

    def total(self) -> int:
        """Exact TOTAL of the greedy policy over the root's candidates (guesses summed)."""
        return self._total(self.root)

    def _total(self, node: Node) -> int:
        if node.visits == 0:
            return self.fallback.total(node.state)
        if node.greedy_total is not None:  # no backup under this node since it was computed
            return node.greedy_total
        outcomes = node.children[node.best]
        if outcomes is None:  # the best action is the unexplored one: off the tree from here
            total = self.fallback.after(node.state, int(node.guesses[node.best]))
        else:
            total = (
                len(node.state.candidates)
                + outcomes.leaf_total
                + sum(self._total(child) for child in outcomes.nodes)
            )
        node.greedy_total = total
        return total
