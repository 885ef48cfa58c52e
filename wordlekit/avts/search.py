"""The search driver: build the tree one iteration at a time, and report its greedy policy.

One iteration simulates the root: the picker chooses an action among the state's subset of
actions (letting the next most promising one join when it chose the least simulated one),
every feedback's child is simulated in turn if it has been before (else it is created and
valued by its best estimated action, or is an exact leaf), and the action's q2 takes in the
backup (``node``).
"""

from __future__ import annotations

import time

import numpy as np

from ..checks import whole_number
from ..errors import WordlekitError
from ..evaluation import PolicyValues, line
from ..game import Game, State
from ..progress import bar as progress_bar
from .estimators import EstimatorPolicy, as_estimator, top_actions
from .greedy import GreedyPolicy
from .node import LEAVES, RANKING_KEEP, Node, Outcomes
from .pickers import picker_settings
from .trace import Trace


class Search:
    """An AVTS tree over one game.

    Parameters
    ----------
    game : Game
    picker : one of ``PICKERS``
    estimator : callable ``(game, state) -> (guesses, values)`` or a name of ``ESTIMATORS``
    opener : str, optional
        Fix the first guess (the root then has this one action); None lets the search choose.
    seed : int
        Seeds the random numbers of the ``epsilon`` and ``thompson`` pickers.
    debias : bool
        Compare actions by q3 (True, the blog's final algorithm) or by the raw q2.
    preselect : int, optional
        The blog's first version, before its action cutoff: every new state holds its
        ``preselect`` best-estimated actions (the blog's 100) from the start and never any
        other. None (default): the action cutoff.
    **settings
        Picker constants overriding ``PICKER_DEFAULTS`` (e.g. ``delta=0.2`` for laplace).

    Attributes
    ----------
    root : Node
    greedy : GreedyPolicy, the tree's greedy policy (it follows the tree as it grows)
    iterations, nodes : int, iterations run and states in the tree
    """

    def __init__(
        self,
        game: Game,
        picker: str = "thompson",
        estimator="entropic",
        opener: str | None = None,
        seed: int = 0,
        debias: bool = True,
        preselect: int | None = None,
        **settings,
    ):
        self.rule, self.settings = picker_settings(picker, settings)
        self.estimator = as_estimator(estimator)
        self.game = game
        self.picker = picker
        self.seed = seed
        self.debias = debias
        if preselect is not None:
            whole_number(preselect, "preselect", low=1)
        self.preselect = preselect
        self.rng = np.random.default_rng(seed)
        # a new node needs its best actions only: those it remembers, and those PUCT's prior reads
        self.keep = max(RANKING_KEEP, self.rule.reads(self.settings))
        self.iterations = 0
        self.nodes = 0
        self.fallback = PolicyValues(game, EstimatorPolicy(self.estimator))
        if opener is None:
            self.opener = "free"
            self.root = self._new_node(game.initial_state())
        else:
            guess = game.guess_index(opener, role="opener")
            self.opener = game.guesses[guess]
            self.root = self._new_node(game.initial_state(), opener=guess)
        self.greedy = GreedyPolicy(
            game, self.root, self.fallback, f"avts-{picker}-{self.estimator.name}-greedy"
        )

    def __repr__(self) -> str:
        return (
            f"Search({self.picker}, {self.estimator.name}, opener={self.opener}, "
            f"{self.iterations} iterations, {self.nodes} nodes)"
        )

    # -- building the tree -------------------------------------------------------------------

    def _estimate(self, state: State, k: int) -> tuple[np.ndarray, np.ndarray]:
        """The estimator's k best actions at ``state`` and their values, best first."""
        return top_actions(self.estimator, self.game, state, k)

    def _new_node(self, state: State, opener: int | None = None) -> Node:
        """A state valued by the estimator; with ``opener``, the root restricted to that guess."""
        self.nodes += 1
        if opener is None:
            guesses, values = self._estimate(state, max(self.keep, self.preselect or 0))
        else:  # every action, to find the opener among them
            guesses, values = self.estimator(self.game, state)
        if len(guesses) == 0:
            raise RuntimeError(f"estimator {self.estimator.name} proposes no guess at {state}")
        log_norm = self.rule.log_norm(values, self.settings)
        if opener is None and self.preselect is not None:
            node = Node(state, guesses, values, log_norm, False, keep=self.preselect)
            node.add_all()
            return node
        if opener is None:
            return Node(state, guesses, values, log_norm, False)
        where = np.flatnonzero(guesses == opener)[:1]
        if len(where) == 0:
            raise WordlekitError(
                f"opener {self.game.guesses[opener]!r} is not among the actions estimator "
                f"{self.estimator.name} proposes; expected one that makes progress"
            )
        return Node(state, guesses[where], values[where], log_norm, True)

    def _expand(self, state: State, guess: int) -> Outcomes:
        """The feedback children of ``guess`` at ``state``, all green left out."""
        n = len(state.candidates)
        patterns, probabilities, children = [], [], []
        for pattern, child in self.game.unsolved_children(state, guess):
            size = len(child.candidates)
            patterns.append(pattern)
            probabilities.append(size / n)
            children.append(LEAVES[size] if size in LEAVES else self._new_node(child))
        return Outcomes(patterns, probabilities, children)

    # -- one iteration -----------------------------------------------------------------------

    def _pick(self, node: Node) -> int:
        if node.size == 1:
            return 0
        score = self.rule.score(node, node.q3[: node.size], self.settings, self.rng)
        return int(np.argmax(score))

    def _simulate(self, node: Node) -> None:
        i = self._pick(node)
        if not node.exhausted and node.action_visits[i] == node.action_visits[: node.size].min():
            node.add_next(self._estimate)
        outcomes = node.children[i]
        if outcomes is None:
            outcomes = node.children[i] = self._expand(node.state, int(node.guesses[i]))
        else:
            for child in outcomes.nodes:
                self._simulate(child)
        node.take_backup(i, outcomes.backup(), self.debias)

    def step(self) -> None:
        """One iteration: simulate the root once."""
        self._simulate(self.root)
        self.iterations += 1

    # -- the greedy policy -------------------------------------------------------------------

    def greedy_opener(self) -> str:
        return self.game.guesses[int(self.root.guesses[self.root.best])]

    def greedy_total(self) -> int:
        """Exact TOTAL of the tree's greedy policy over every answer (guesses summed)."""
        return self.greedy.total()

    def greedy_line(self, answer: str) -> list[str]:
        """The guesses the greedy policy plays when the answer is ``answer``.

        Follows the tree one feedback at a time (the answer's own path), off the tree the
        estimator's best guess, and in a leaf of two candidates the first in list order.
        """
        game = self.game
        if answer not in game.answers:
            raise WordlekitError(
                f"answer {answer!r} is not one of the {len(game.answers)} "
                f"answers of {game.answers.name}"
            )
        first = self.greedy.choose(game, game.initial_state())
        turns = line(
            game, lambda state: self.greedy.choose(game, state), first, game.answers.index(answer)
        )
        return [game.guesses[guess] for _, guess, _ in turns]

    def run(
        self, iterations: int, target: int | None = None, checkpoints=None, progress: bool = False
    ) -> Trace:
        """Simulate ``iterations`` more times, evaluating the greedy policy at the checkpoints.

        Parameters
        ----------
        iterations : int, how many iterations to run (fewer if ``target`` is reached)
        target : int, optional; stop at the first checkpoint whose TOTAL is at most this
        checkpoints : iterable of int, optional; iteration counts at which to evaluate (default:
            every iteration)
        progress : bool, show a progress bar on stderr
        """
        whole_number(iterations, "iterations", low=0)
        end = self.iterations + int(iterations)
        marks = (
            set(range(self.iterations + 1, end + 1))
            if checkpoints is None
            else {int(c) for c in checkpoints if self.iterations < c <= end}
        )
        marks.add(end)
        bar = None
        if progress:
            bar = progress_bar(f"AVTS {self.picker} ({self.opener})", int(iterations), "it")
        rows = []
        start = time.perf_counter()
        while self.iterations < end:
            self.step()
            if bar is not None:
                bar.update(1)
            if self.iterations in marks:
                total = self.greedy_total()
                rows.append(
                    (self.iterations, total, self.greedy_opener(), time.perf_counter() - start)
                )
                if bar is not None:
                    bar.set_postfix(total=total, nodes=self.nodes)
                if target is not None and total <= target:
                    break
        if bar is not None:
            bar.close()
        if not rows:  # no iteration asked for: evaluate the tree as it stands
            rows.append((self.iterations, self.greedy_total(), self.greedy_opener(), 0.0))
        return Trace(
            self.picker,
            self.estimator.name,
            self.opener,
            np.array([r[0] for r in rows], dtype=np.int64),
            np.array([r[1] for r in rows], dtype=np.int64),
            tuple(r[2] for r in rows),
            np.array([r[3] for r in rows]),
            target,
            self.nodes,
            self.root.size,
        )
