"""The search tree: a state's subset of actions, their values and per-visit statistics.

For an action a of state s simulated v times the tree keeps:

- ``q1(s, a)``, the estimator's value (``estimators``);
- ``q2(s, a, v)``, the running mean of the Bellman backups
  ``-1 + sum_{f != all green} tau(s_f|s, a) max_a' q3(s_f, a')`` (``q1`` while v = 0). Every
  feedback is enumerated (no sampling of the transition): the backup is exact given the
  children's values.
- ``q3(s, a, v)``, the *debiased* value. q1 is optimistic and q2 drifts as the subtree is
  explored, so an action simulated v times is not comparable with one simulated v + 10 times.
  Each state keeps, for every visit count i, the mean change ``d_i`` of an action's q2 from its
  i-th to its (i+1)-th simulation (across the actions that got that far), and
  ``q3(s, a, v) = q2(s, a, v) + sum_{i >= v} d_i``: the change still expected of the action.
  Thompson sampling's variance is the blog's per-visit one, ``sigma^2(s, v) = sum_{i >= v}
  var_i``, var_i the variance (across actions) of the change of q2 at the i-th simulation: a
  state keeps only a count, a mean and a sum of squares per visit count (Welford), never an
  action's history.

*Action cutoff*: a state holds only the actions already simulated plus the most promising
unexplored one (by q1); whenever the picker chooses the least simulated action, the next most
promising one joins. So no list of 12,972 actions is kept per state, yet every action can be
reached eventually.

*Exact leaves*: a state of one candidate is worth -1 and one of two candidates -1.5 (guess one
of them); the entropic estimator is exact there, so they are ``Leaf`` children, never expanded.
"""

from __future__ import annotations

import bisect

import numpy as np

from .. import _kernels
from ..game import State
from .estimators import best_first

#: How many of a new state's best-estimated actions are remembered (more are recomputed).
#: Remembering all would cost 16 bytes per guess, about 200 KB a state on 12,972 guesses (31 GB
#: for Laplace's 155,641 states from a free opener); the cutoff lets actions in one at a time,
#: and from salet only about 1% of states ever needed more than 16 (5 of 1,325 states for
#: Thompson, 300 iterations; 49 of 4,227 for Laplace, 40), each then recomputes once and keeps
#: four times as many.
RANKING_KEEP = 16


class Leaf:
    """A state of ``size`` candidates (one or two) valued exactly: guess them in list order,
    ``total`` = 1 + ... + size guesses summed over them (1 and 3; no play does better), worth
    ``value`` = -total / size (-1.0 and -1.5) per candidate."""

    __slots__ = ("size", "total", "value")

    def __init__(self, size: int):
        self.size = size
        self.total = size * (size + 1) // 2
        self.value = -self.total / size


#: The exact leaves, by number of candidates (one object each, shared by the whole tree).
LEAVES = {1: Leaf(1), 2: Leaf(2)}


class Outcomes:
    """Where one action of a node leads: for each feedback but all green, in increasing pattern
    order, the pattern, its probability |S_f| / |S| and the child (a ``Node`` or a ``Leaf``).
    ``nodes``: the ``Node`` children, in the same order; ``leaf_total``: the leaves' guesses
    summed (their exact share of the greedy policy's TOTAL)."""

    __slots__ = ("children", "leaf_total", "nodes", "patterns", "probabilities")

    def __init__(self, patterns: list, probabilities: list, children: list):
        self.patterns = patterns
        self.probabilities = probabilities
        self.children = children
        self.nodes = [child for child in children if isinstance(child, Node)]
        self.leaf_total = sum(child.total for child in children if isinstance(child, Leaf))

    def backup(self) -> float:
        """The Bellman backup ``-1 + sum_f tau(s_f|s, a) max_a' q3(s_f, a')``."""
        backup = -1.0
        for probability, child in zip(self.probabilities, self.children):
            backup += probability * child.value
        return backup

    def child(self, pattern: int):
        """The child after ``pattern`` (None if the action cannot get it, or all green)."""
        at = bisect.bisect_left(self.patterns, pattern)
        found = at < len(self.patterns) and self.patterns[at] == pattern
        return self.children[at] if found else None


def _doubled(*arrays: np.ndarray) -> tuple:
    """Each array at twice its length, contents kept, the new tail zero."""
    out = []
    for old in arrays:
        new = np.zeros(2 * len(old), dtype=old.dtype)
        new[: len(old)] = old
        out.append(new)
    return tuple(out)


class Node:
    """A state of the search tree with its subset of actions and per-visit statistics.

    Per action (aligned arrays, in the order the actions joined the subset, the first ``size``
    entries used): ``guesses``, ``action_visits``, ``q1`` (estimator), ``q2`` (running mean of
    backups) and ``children`` (``Outcomes``, None until the action is first simulated). Per
    visit count i (the first ``levels`` entries): ``level_count`` (actions simulated more than i
    times), ``level_mean`` and ``level_m2`` (Welford mean and sum of squares of the change of q2
    at the i+1-th simulation). ``ranking``, ``ranking_values``: the best-estimated actions,
    best first, of which the first ``next_rank`` have joined the subset; ``q3``: q3 of the
    subset (q2 without debiasing; the first ``size`` entries) as of the last backup, what the
    picker compares (nothing else changes a node between its backup and its next pick);
    ``value`` and ``best``: the largest q3
    and its action; ``greedy_total``: the TOTAL of the greedy policy under this node, kept by
    ``GreedyPolicy`` and cleared by every backup here (None: not known), so that an evaluation
    after an iteration recomputes only the subtrees the iteration simulated.

    Parameters
    ----------
    state : State
    guesses, values : numpy.ndarray of int64 and float64, the estimator's actions and q1
    log_norm : float, log of the softmax normaliser of q1 (PUCT's prior; 0.0 for the others)
    fixed : bool, the root restricted to a fixed opener: it never adds another action
    keep : int, how many of the best-estimated actions the node remembers (``RANKING_KEEP``)
    """

    __slots__ = (
        "action_visits",
        "best",
        "children",
        "exhausted",
        "greedy_total",
        "guesses",
        "level_count",
        "level_m2",
        "level_mean",
        "levels",
        "log_norm",
        "next_rank",
        "q1",
        "q2",
        "q3",
        "ranking",
        "ranking_keep",
        "ranking_values",
        "size",
        "state",
        "value",
        "visits",
    )

    def __init__(
        self,
        state: State,
        guesses: np.ndarray,
        values: np.ndarray,
        log_norm: float,
        fixed: bool,
        keep: int = RANKING_KEEP,
    ):
        self.state = state
        self.visits = 0
        self.ranking_keep = keep
        self._rank(guesses, values)
        self.next_rank = 1
        self.exhausted = fixed
        self.log_norm = log_norm
        capacity = 4
        self.guesses = np.zeros(capacity, dtype=np.int64)
        self.action_visits = np.zeros(capacity, dtype=np.int64)
        self.q1 = np.zeros(capacity)
        self.q2 = np.zeros(capacity)
        self.q3 = np.zeros(capacity)
        self.children = [None]
        self.size = 1
        self.guesses[0] = self.ranking[0]
        self.q1[0] = self.q2[0] = self.q3[0] = self.ranking_values[0]
        self.level_count = np.zeros(capacity, dtype=np.int64)
        self.level_mean = np.zeros(capacity)
        self.level_m2 = np.zeros(capacity)
        self.levels = 0
        self.value = float(self.q1[0])
        self.best = 0
        self.greedy_total = None

    def _rank(self, guesses: np.ndarray, values: np.ndarray) -> None:
        """Remember the ``ranking_keep`` best-estimated actions, best first."""
        order = best_first(values, self.ranking_keep)
        self.ranking = guesses[order]
        self.ranking_values = values[order]

    def add_action(self, guess: int, value: float) -> None:
        """Let ``guess``, of estimated value ``value``, join the subset (not yet simulated)."""
        if self.size == len(self.guesses):
            self.guesses, self.action_visits, self.q1, self.q2, self.q3 = _doubled(
                self.guesses, self.action_visits, self.q1, self.q2, self.q3
            )
        i = self.size
        self.guesses[i] = guess
        self.action_visits[i] = 0
        self.q1[i] = self.q2[i] = value
        self.children.append(None)
        self.size += 1

    def add_next(self, estimate) -> None:
        """The action cutoff: let the most promising action not yet in the subset join it.

        ``estimate(state, k) -> (guesses, values)`` values the state again when the remembered
        ranking is used up; it then keeps four times as many.
        """
        if self.next_rank == len(self.ranking):
            if len(self.ranking) == self.ranking_keep:
                self.ranking_keep *= 4
                self._rank(*estimate(self.state, self.ranking_keep))
            if self.next_rank == len(self.ranking):  # every proposed action has joined
                self.exhausted = True
                return
        r = self.next_rank
        self.next_rank += 1
        self.add_action(int(self.ranking[r]), float(self.ranking_values[r]))

    def add_all(self) -> None:
        """No action cutoff (the blog's first version): every remembered action joins the
        subset at once, and no other ever does."""
        while self.next_rank < len(self.ranking):
            r = self.next_rank
            self.next_rank += 1
            self.add_action(int(self.ranking[r]), float(self.ranking_values[r]))
        self.exhausted = True

    def take_backup(self, i: int, backup: float, debias: bool) -> None:
        """Action i's q2 takes in one more backup (running mean); the statistics of its change,
        the state's visits and its best action follow (by q3, or by q2 without ``debias``).
        One kernel (``_kernels.node_backup``) does what ``record`` and ``debiased`` do."""
        if self.action_visits[i] == len(self.level_count):
            self.level_count, self.level_mean, self.level_m2 = _doubled(
                self.level_count, self.level_mean, self.level_m2
            )
        self.levels, self.best = _kernels.node_backup(
            self.q2,
            self.action_visits,
            self.level_count,
            self.level_mean,
            self.level_m2,
            self.levels,
            self.size,
            i,
            backup,
            debias,
            self.q3,
        )
        self.visits += 1
        self.value = float(self.q3[self.best])
        self.greedy_total = None  # this node's choice or a descendant's may have changed

    def record(self, level: int, change: float) -> None:
        """Welford update of the statistics of q2's change at the (level+1)-th simulation."""
        if level == len(self.level_count):
            self.level_count, self.level_mean, self.level_m2 = _doubled(
                self.level_count, self.level_mean, self.level_m2
            )
        self.levels = max(self.levels, level + 1)
        self.level_count[level] += 1
        delta = change - self.level_mean[level]
        self.level_mean[level] += delta / self.level_count[level]
        self.level_m2[level] += delta * (change - self.level_mean[level])

    def debiased(self, debias: bool = True) -> np.ndarray:
        """q3 of every action of the subset: q2 plus the changes still expected of it."""
        k = self.size
        q = self.q2[:k].copy()
        if debias and self.levels:
            # still_expected[v] = sum_{i >= v} level_mean[i] (0 beyond the deepest level)
            still_expected = np.zeros(self.levels + 1)
            still_expected[:-1] = np.cumsum(self.level_mean[: self.levels][::-1])[::-1]
            q += still_expected[self.action_visits[:k]]
        return q

    def variances(self) -> np.ndarray:
        """sigma^2(s, v) of every action of the subset: sum_{i >= v} var_i."""
        k = self.size
        if not self.levels:
            return np.zeros(k)
        count = self.level_count[: self.levels]
        # With a single action past a visit count its change is the only scale there is: its
        # square stands in for the variance (zero would freeze the subset at that one action).
        per_level = np.where(
            count > 1,
            self.level_m2[: self.levels] / np.maximum(count - 1, 1),
            self.level_mean[: self.levels] ** 2,
        )
        remaining = np.zeros(self.levels + 1)
        remaining[:-1] = np.cumsum(per_level[::-1])[::-1]
        return remaining[self.action_visits[:k]]
