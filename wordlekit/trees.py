"""Decision trees as data: the optimum's tree written as JSON, and any such tree played back.

``optimal_tree(solver, opener)`` writes the tree of the strategy ``optimal.Solver`` found
(``wordlekit optimal --tree``); ``TreePolicy`` replays a tree of that form (``wordlekit evaluate
--tree``), checking that it fits the game, so an optimum found once can be evaluated, compared
or shared without searching again.
"""

from __future__ import annotations

from .errors import WordlekitError
from .game import Game, State
from .optimal import Solver

__all__ = ["TreePolicy", "optimal_tree"]


def optimal_tree(solver: Solver, opener: int) -> dict:
    """The optimal decision tree from ``opener`` as nested dicts (JSON-ready).

    Each node is ``{"guess": word, "next": {tiles: node, ...}}``; tiles are g/y/b strings, and a
    node whose guess is the only candidate left has no ``next``.
    """
    game = solver.game

    def node(state: State, guess: int, left: int) -> dict:
        out = {"guess": game.guesses[guess]}
        branches = {}
        for pattern, child in game.unsolved_children(state, guess):
            branches[game.format_feedback(pattern)] = node(
                child, solver.best_guess(child, left - 1), left - 1
            )
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
            raise WordlekitError('tree: the root must be an object with a "guess" word')
        self._guesses: dict = {}
        self._index(game, game.initial_state(), tree, "root")

    def _index(self, game: Game, state: State, node: dict, where: str) -> None:
        if (
            not isinstance(node, dict)
            or not isinstance(node.get("guess"), str)
            or not isinstance(node.get("next", {}), dict)
        ):
            raise WordlekitError(
                f'tree node {where}: expected an object with a "guess" word and an optional '
                '"next" object of feedback -> node'
            )
        guess = game.guess_index(node["guess"], role=f"tree node {where}")
        if not game.is_allowed(state, guess):
            raise WordlekitError(
                f"tree node {where}: {node['guess']!r} is not allowed in {game.mode} mode"
            )
        if len(state.candidates) == 1 and guess != game.guess_of_answer[state.candidates[0]]:
            raise WordlekitError(
                f"tree node {where}: guesses {node['guess']!r} when only "
                f"{game.answers[state.candidates[0]]!r} is left; expected that word"
            )
        self._guesses[state.key] = guess
        branches = node.get("next", {})
        children = {game.format_feedback(p): c for p, c in game.unsolved_children(state, guess)}
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
