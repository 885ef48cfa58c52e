"""Action Value Tree Search (AVTS): a generic MCTS whose only domain input is an action-value
estimator (Tyaud, "Wordle perfect play with generic methods", seed 002).

Wordle is a Markov decision process: the state s is the candidate set (plus, in hard and strict
mode, the guesses still allowed), an action a is a guess, the transition tau(s'|s, a) is the
feedback, with probability |S_f| / |S|, and every guess earns the reward -1. Action *values*
are therefore minus the expected number of guesses, and the optimal ones satisfy Bellman's
optimality equation

    q*(s, a) = -1 + sum_{f != all green} (|S_f| / |S|) max_a' q*(s_f, a').

AVTS estimates q* with a tower of estimators of increasing accuracy:

1. ``q1(s, a)``, the *estimator* (the only domain knowledge). The blog's entropic estimator
   (``EntropicEstimator``) guesses how many turns remain from the information a guess gains:
   ``n = log2|S| / H(a) + 1``, and if a is a candidate, ``p + (1 - p) n`` with ``p = 1/|S|``.
   ``RolloutEstimator`` gives the rollout Q-factor of a base heuristic instead; any callable
   ``estimator(game, state) -> (guesses, values)`` may be plugged in.
2. ``q2(s, a, v)``, the *tree* estimate after a has been simulated v times: the running mean of
   the Bellman backups ``-1 + sum_f tau(s_f|s, a) max_a' q3(s_f, a')`` (``q1`` while v = 0).
   Every feedback is enumerated (no sampling of the transition): the backup is exact given the
   children's values.
3. ``q3(s, a, v)``, the *debiased* estimate. q1 is optimistic and q2 drifts as the subtree is
   explored, so an action simulated v times is not comparable with one simulated v + 10
   times. Each state keeps, for every visit count i, the mean change ``d_i`` of an action's q2
   from its i-th to its (i+1)-th simulation (across the actions that got that far), and
   ``q3(s, a, v) = q2(s, a, v) + sum_{i >= v} d_i``: the change still expected of the action.

One iteration simulates the root: the *picker* chooses an action among the state's subset of
actions, every feedback's child is simulated in turn if it has been before (else it is created
and valued by its best estimated action), and the action's q2 takes in the backup.

*Action cutoff*: a state holds only the actions already simulated plus the most promising
unexplored one (by q1); whenever the picker chooses the least simulated action, the next most
promising one joins. So no list of 12,972 actions is kept per state, yet every action can be
reached eventually.

Pickers (``PICKERS``; they maximise a score built on q3):

- ``epsilon``: a uniformly random action of the subset with probability
  ``epsilon / sqrt(1 + N(s))``, else the best q3 (N(s): the state's simulations).
- ``hoeffding``: the upper confidence bound ``q3 + (U - L) sqrt(-log(p) / 2) / sqrt(v + 1)``
  with the game's value range U - L = 6 guesses and p = 0.999, the blog's settings.
- ``puct``: AlphaGo's ``q3 + c pi(a|s) sqrt(N(s)) / (1 + v)``, with pi the softmax of q1 over
  the state's hundred most promising actions (the blog's preselection) and c = 1.
- ``laplace``: the blog's rule of succession, ``q3 + delta / (v + 1)`` with delta = 0.1.
- ``thompson``: Thompson sampling with Gaussian beliefs: draw each action's value from
  ``N(q3, sigma^2(s, v))`` and take the largest. The variance is the blog's per-visit one,
  ``sigma^2(s, v) = sum_{i >= v} var_i``, where var_i is the variance (across actions) of the
  change of q2 at the i-th simulation: the state keeps only a count, a mean and a sum of
  squares per visit count (Welford), never an action's history.

Exact leaves: a state of one candidate is worth -1 and one of two candidates -1.5 (guess one of
them); the entropic estimator is exact there, so the search does not expand them.

The *greedy policy* of the tree plays, at every simulated state, the action of largest q3, and
elsewhere the estimator's best action. ``Search.greedy_total`` evaluates it exactly over every
answer (the core engine's ``PolicyValues`` for the states outside the tree), which is how the
notebook measures when the search has found optimal play.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass

import numpy as np

from .errors import WordlekitError
from .evaluate import PolicyValues
from .game import Game, State
from .buckets import ENTROPY_SCALE, PAIRWISE_MAX, bucket_stats, entropic_values
from .heuristics import get_heuristic, largest_positions
from .rollout import Rollout

PICKERS = ("epsilon", "hoeffding", "puct", "laplace", "thompson")

#: The blog's settings for each picker (its "I just tried a few values" constants).
PICKER_DEFAULTS = {
    "epsilon": {"epsilon": 0.5},
    "hoeffding": {"p_value": 0.999, "value_range": 6.0},
    "puct": {"c_puct": 1.0, "prior_actions": 100},
    "laplace": {"delta": 0.1},
    "thompson": {},
}

#: How many of a new state's best-estimated actions are remembered (more are recomputed).
#: Remembering all would cost 16 bytes per guess, about 200 KB a state on 12,972 guesses (31 GB
#: for Laplace's 155,641 states from a free opener); the cutoff lets actions in one at a time,
#: and from salet only about 1% of states ever needed more than 16 (5 of 1,325 states for
#: Thompson, 300 iterations; 49 of 4,227 for Laplace, 40), each then recomputes once and keeps
#: four times as many.
_RANKING_KEEP = 16


class EntropicEstimator:
    """The blog's entropic estimator of an action's value (minus the expected guesses).

    With n candidates and a guess of feedback entropy H bits, about ``log2(n) / H`` more guesses
    are needed after this one, so ``n_guesses = log2(n) / H + 1``; a guess that is itself a
    candidate wins at once with probability p = 1/n: ``p + (1 - p) n_guesses``. Guesses that
    split nothing and are not candidates (H = 0) are left out. It is MIG's one-step score made
    into an action value, with a bonus for guesses that may win now.
    """

    name = "entropic"

    def __call__(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """(guesses, values): guess indices (int64) and their estimated values (float64)."""
        n = len(state.candidates)
        if n == 1:
            return game.guess_of_answer[state.candidates].astype(np.int64), np.array([-1.0])
        allowed = game.allowed_guesses(state)
        if n <= PAIRWISE_MAX:  # the same values, fused into one kernel for small sets
            values = entropic_values(game, state.candidates, allowed)
            useful = values > -np.inf
            return allowed[useful].astype(np.int64), values[useful]
        stats = bucket_stats(game, state.candidates, allowed)
        # H = log2 n - (1/n) sum_b c_b log2 c_b, the sum in fixed point
        entropy = math.log2(n) - stats.entropy / (n * ENTROPY_SCALE)
        inset = stats.in_set == 1
        useful = ~stats.splits_nothing
        guesses = stats.guesses[useful].astype(np.int64)
        entropy, inset = entropy[useful], inset[useful]
        # A candidate that splits nothing else (n = 1 was handled above) has entropy > 0.
        steps = math.log2(n) / entropy + 1.0
        p = 1.0 / n
        return guesses, -np.where(inset, p + (1.0 - p) * steps, steps)


class RolloutEstimator:
    """The rollout Q-factor of a base heuristic as action value, over rollout's shortlist.

    ``-(|S| + sum_{f != all green} T_H(S_f)) / |S|``: minus the expected guesses when the guess
    is played and the heuristic H plays on (exact, memoised per game; ``rollout.Rollout``).
    Only rollout's shortlist (H's own choice, then its ``top_k`` best guesses, candidates first
    among equal scores) is proposed, so the action cutoff never looks past it, and the greedy
    policy off the tree is the rollout policy itself.
    """

    def __init__(self, base_heuristic: str = "mig", top_k: int = 10):
        self.rollout = Rollout(get_heuristic(base_heuristic), top_k)
        self.name = f"{self.rollout.name}-top{top_k}"

    def __call__(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        options, totals = self.rollout.q_factors(game, state)
        return options.astype(np.int64), -totals / len(state.candidates)


ESTIMATORS = {"entropic": EntropicEstimator, "rollout": RolloutEstimator}


class EstimatorPolicy:
    """Play the estimator's best action (ties to the estimator's order): the tree's policy
    off the tree."""

    def __init__(self, estimator):
        self.estimator = estimator
        self.name = f"{estimator.name}-greedy"

    def choose(self, game: Game, state: State) -> int:
        guesses, values = self.estimator(game, state)
        return int(guesses[_best_first(values, 1)[0]])


def _best_first(values: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k largest values, best first; equal values in the estimator's order
    (list order for the entropic estimator, rollout's shortlist order for the rollout one)."""
    return largest_positions(values, k)


def _logsumexp(x: np.ndarray) -> float:
    top = float(x.max())
    return top + math.log(float(np.exp(x - top).sum()))


class Node:
    """A state of the search tree with its subset of actions and per-visit statistics.

    Per action (aligned arrays, in the order the actions joined the subset): ``guesses``,
    ``visits``, ``q1`` (estimator), ``q2`` (running mean of backups) and ``children`` (for each
    feedback but all green: the pattern, its probability and either a child ``Node`` or the
    exact value of a leaf of one or two candidates). Per visit
    count i: ``level_count`` (actions simulated more than i times), ``level_mean`` and
    ``level_m2`` (Welford mean and sum of squares of the change of q2 at the i+1-th simulation).
    """

    __slots__ = ("state", "visits", "guesses", "action_visits", "q1", "q2", "children", "size",
                 "ranking", "ranking_values", "next_rank", "ranking_keep", "exhausted", "log_norm",
                 "level_count", "level_mean", "level_m2", "levels", "value", "best")

    def __init__(self, state: State, guesses: np.ndarray, values: np.ndarray, log_norm: float,
                 fixed: bool):
        order = _best_first(values, _RANKING_KEEP)
        self.state = state
        self.visits = 0
        self.ranking = guesses[order]
        self.ranking_values = values[order]
        self.ranking_keep = _RANKING_KEEP
        self.next_rank = 1
        # A fixed opener: the root has this one action and never adds another.
        self.exhausted = fixed
        self.log_norm = log_norm
        capacity = 4
        self.guesses = np.zeros(capacity, dtype=np.int64)
        self.action_visits = np.zeros(capacity, dtype=np.int64)
        self.q1 = np.zeros(capacity)
        self.q2 = np.zeros(capacity)
        self.children = [None]
        self.size = 1
        self.guesses[0] = self.ranking[0]
        self.q1[0] = self.q2[0] = self.ranking_values[0]
        self.level_count = np.zeros(capacity, dtype=np.int64)
        self.level_mean = np.zeros(capacity)
        self.level_m2 = np.zeros(capacity)
        self.levels = 0
        self.value = float(self.q1[0])
        self.best = 0

    def _double(self, names) -> None:
        """Double the capacity of the named arrays, keeping their contents."""
        for name in names:
            old = getattr(self, name)
            new = np.zeros(2 * len(old), dtype=old.dtype)
            new[:len(old)] = old
            setattr(self, name, new)

    def add_action(self, guess: int, value: float) -> None:
        if self.size == len(self.guesses):
            self._double(("guesses", "action_visits", "q1", "q2"))
        i = self.size
        self.guesses[i] = guess
        self.action_visits[i] = 0
        self.q1[i] = self.q2[i] = value
        self.children.append(None)
        self.size += 1

    def record(self, level: int, change: float) -> None:
        """Welford update of the statistics of q2's change at the (level+1)-th simulation."""
        if level == len(self.level_count):
            self._double(("level_count", "level_mean", "level_m2"))
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
            still_expected[:-1] = np.cumsum(self.level_mean[:self.levels][::-1])[::-1]
            q += still_expected[self.action_visits[:k]]
        return q

    def variances(self) -> np.ndarray:
        """sigma^2(s, v) of every action of the subset: sum_{i >= v} var_i."""
        k = self.size
        if not self.levels:
            return np.zeros(k)
        count = self.level_count[:self.levels]
        # With a single action past a visit count its change is the only scale there is: its
        # square stands in for the variance (zero would freeze the subset at that one action).
        per_level = np.where(count > 1, self.level_m2[:self.levels] / np.maximum(count - 1, 1),
                             self.level_mean[:self.levels] ** 2)
        remaining = np.zeros(self.levels + 1)
        remaining[:-1] = np.cumsum(per_level[::-1])[::-1]
        return remaining[self.action_visits[:k]]


@dataclass(frozen=True)
class Trace:
    """How a search went: the exact TOTAL of its greedy policy at each checkpoint.

    Attributes
    ----------
    picker, estimator, opener : str (opener "free" when the search chose it)
    iterations : numpy.ndarray of int64, the iteration count at each checkpoint
    totals : numpy.ndarray of int64, exact TOTAL of the greedy policy there
    openers : tuple of str, the greedy opener there
    seconds : numpy.ndarray of float64, wall time since the start (machine dependent)
    target : int or None, the optimal TOTAL if known
    nodes : int, states in the tree at the end
    root_actions : int, actions in the root's subset at the end
    """

    picker: str
    estimator: str
    opener: str
    iterations: np.ndarray
    totals: np.ndarray
    openers: tuple
    seconds: np.ndarray
    target: int | None
    nodes: int
    root_actions: int

    @property
    def best_totals(self) -> np.ndarray:
        """Best TOTAL found so far at each checkpoint."""
        return np.minimum.accumulate(self.totals)

    def _first_optimal(self) -> int | None:
        """Position of the first checkpoint whose TOTAL reached the target (None: never)."""
        if self.target is None:
            return None
        hits = np.flatnonzero(self.totals <= self.target)
        return int(hits[0]) if len(hits) else None

    @property
    def reached(self) -> int | None:
        """First checkpoint iteration at which the greedy policy was optimal (None: never)."""
        at = self._first_optimal()
        return None if at is None else int(self.iterations[at])

    @property
    def reached_seconds(self) -> float | None:
        """Wall time until then (None: never)."""
        at = self._first_optimal()
        return None if at is None else float(self.seconds[at])


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
    **settings
        Picker constants overriding ``PICKER_DEFAULTS`` (e.g. ``delta=0.2`` for laplace).
    """

    def __init__(self, game: Game, picker: str = "thompson", estimator="entropic",
                 opener: str | None = None, seed: int = 0, debias: bool = True, **settings):
        if picker not in PICKERS:
            raise WordlekitError(f"unknown picker {picker!r}; expected one of {', '.join(PICKERS)}")
        if isinstance(estimator, str):
            if estimator not in ESTIMATORS:
                raise WordlekitError(f"unknown estimator {estimator!r}; expected one of "
                                     f"{', '.join(ESTIMATORS)} or a callable")
            estimator = ESTIMATORS[estimator]()
        unknown = set(settings) - set(PICKER_DEFAULTS[picker])
        if unknown:
            names = ", ".join(repr(u) for u in sorted(unknown))
            raise WordlekitError(f"unknown setting(s) {names} for picker {picker!r}; expected "
                                 f"{', '.join(PICKER_DEFAULTS[picker]) or 'none'}")
        self.game = game
        self.picker = picker
        self.estimator = estimator
        self.settings = {**PICKER_DEFAULTS[picker], **settings}
        self.seed = seed
        self.debias = debias
        self.rng = np.random.default_rng(seed)
        self.iterations = 0
        self.nodes = 0
        self.fallback = PolicyValues(game, EstimatorPolicy(estimator))
        if opener is None:
            self.opener = "free"
            self.root = self._new_node(game.initial_state())
        else:
            guess = game.guess_index(opener, role="opener")
            self.opener = game.guesses[guess]
            self.root = self._new_node(game.initial_state(), opener=guess)

    def __repr__(self) -> str:
        return (f"Search({self.picker}, {self.estimator.name}, opener={self.opener}, "
                f"{self.iterations} iterations, {self.nodes} nodes)")

    # -- building the tree -------------------------------------------------------------------

    def _new_node(self, state: State, opener: int | None = None) -> Node:
        """A state valued by the estimator; with ``opener``, the root restricted to that guess."""
        self.nodes += 1
        guesses, values = self.estimator(self.game, state)
        if len(guesses) == 0:
            raise RuntimeError(f"estimator {self.estimator.name} proposes no guess at {state}")
        log_norm = 0.0
        if self.picker == "puct":
            log_norm = _logsumexp(values[_best_first(values, self.settings["prior_actions"])])
        if opener is None:
            return Node(state, guesses, values, log_norm, False)
        where = np.flatnonzero(guesses == opener)[:1]
        if len(where) == 0:
            raise WordlekitError(
                f"opener {self.game.guesses[opener]!r} is not among the actions estimator "
                f"{self.estimator.name} proposes; expected one that makes progress")
        return Node(state, guesses[where], values[where], log_norm, True)

    def _more_ranked(self, node: Node) -> None:
        """Extend a node's remembered ranking when the cutoff has used it up."""
        node.ranking_keep *= 4
        guesses, values = self.estimator(self.game, node.state)
        order = _best_first(values, node.ranking_keep)
        node.ranking = guesses[order]
        node.ranking_values = values[order]

    def _expand(self, node: Node, i: int) -> list:
        """The feedback children of the node's i-th action: (pattern, probability, Node or exact
        value), all green left out."""
        game = self.game
        n = len(node.state.candidates)
        out = []
        for pattern, child in game.children(node.state, int(node.guesses[i])):
            if pattern == game.solved:
                continue
            size = len(child.candidates)
            if size == 1:
                out.append((pattern, size / n, -1.0))
            elif size == 2:
                out.append((pattern, size / n, -1.5))
            else:
                out.append((pattern, size / n, self._new_node(child)))
        return out

    # -- one iteration -----------------------------------------------------------------------

    def _pick(self, node: Node) -> int:
        k = node.size
        if k == 1:
            return 0
        q = node.debiased(self.debias)
        visits = node.action_visits[:k]
        s = self.settings
        if self.picker == "epsilon":
            if self.rng.random() < s["epsilon"] / math.sqrt(1 + node.visits):
                return int(self.rng.integers(k))
            score = q
        elif self.picker == "hoeffding":
            factor = s["value_range"] * math.sqrt(-math.log(s["p_value"]) / 2)
            score = q + factor / np.sqrt(visits + 1)
        elif self.picker == "puct":
            prior = np.exp(node.q1[:k] - node.log_norm)
            score = q + s["c_puct"] * prior * math.sqrt(node.visits) / (1 + visits)
        elif self.picker == "laplace":
            score = q + s["delta"] / (visits + 1)
        else:  # thompson
            score = q + np.sqrt(node.variances()) * self.rng.standard_normal(k)
        return int(np.argmax(score))

    def _simulate(self, node: Node) -> None:
        i = self._pick(node)
        k = node.size
        if not node.exhausted and node.action_visits[i] == node.action_visits[:k].min():
            self._add_next(node)
        children = node.children[i]
        if children is None:
            children = node.children[i] = self._expand(node, i)
        else:
            for _, _, child in children:
                if type(child) is Node:
                    self._simulate(child)
        backup = -1.0
        for _, probability, child in children:
            backup += probability * (child.value if type(child) is Node else child)
        v = int(node.action_visits[i])
        old = node.q2[i]
        new = backup if v == 0 else old + (backup - old) / (v + 1)
        node.q2[i] = new
        node.action_visits[i] = v + 1
        node.record(v, new - old)
        node.visits += 1
        q = node.debiased(self.debias)
        node.best = int(np.argmax(q))
        node.value = float(q[node.best])

    def _add_next(self, node: Node) -> None:
        """Let the most promising action not yet in the subset join it (the action cutoff)."""
        if node.next_rank == len(node.ranking):
            if len(node.ranking) == node.ranking_keep:
                self._more_ranked(node)
            if node.next_rank == len(node.ranking):  # every proposed action has joined
                node.exhausted = True
                return
        r = node.next_rank
        node.next_rank += 1
        node.add_action(int(node.ranking[r]), float(node.ranking_values[r]))

    def step(self) -> None:
        """One iteration: simulate the root once."""
        self._simulate(self.root)
        self.iterations += 1

    # -- the greedy policy -------------------------------------------------------------------

    def greedy_opener(self) -> str:
        return self.game.guesses[int(self.root.guesses[self.root.best])]

    def greedy_total(self) -> int:
        """Exact TOTAL of the tree's greedy policy over every answer (guesses summed)."""
        return self._greedy_total(self.root)

    def _greedy_total(self, node: Node) -> int:
        if node.visits == 0:
            return self.fallback.total(node.state)
        i = node.best
        children = node.children[i]
        if children is None:  # the best action is the unexplored one: off the tree from here
            return self.fallback.after(node.state, int(node.guesses[i]))
        total = len(node.state.candidates)
        for _, _, child in children:
            if type(child) is Node:
                total += self._greedy_total(child)
            else:
                total += 1 if child == -1.0 else 3
        return total

    def greedy_line(self, answer: str) -> list[str]:
        """The guesses the greedy policy plays when ``answer`` is the mystery word.

        Follows the tree one feedback at a time (the answer's own path), off the tree the
        estimator's best guess, and in a leaf of two candidates the first in list order.
        """
        game = self.game
        target = game.answers.index(answer) if answer in game.answers else None
        if target is None:
            raise WordlekitError(f"mystery word {answer!r} is not one of the {len(game.answers)} "
                                 f"answers of {game.answers.name}")
        node, state, line = self.root, game.initial_state(), []
        while True:
            if node is not None and node.visits > 0:
                i = node.best
                guess = int(node.guesses[i])
            else:
                i, guess = None, self.fallback.policy.choose(game, state)
            line.append(game.guesses[guess])
            pattern = int(game.patterns[guess, target])
            if pattern == game.solved:
                return line
            state = game.next_state(state, guess, pattern)
            children = node.children[i] if node is not None and i is not None else None
            node = None
            if children is not None:
                found = [child for p, _, child in children if p == pattern]
                node = found[0] if found and type(found[0]) is Node else None
            if node is None and len(state.candidates) <= 2:
                # a leaf: guess the candidates in list order, as the fallback does
                for candidate in sorted(state.candidates, key=lambda c: game.guess_of_answer[c]):
                    line.append(game.answers[int(candidate)])
                    if candidate == target:
                        return line

    def run(self, iterations: int, target: int | None = None, checkpoints=None,
            progress: bool = False) -> Trace:
        """Simulate ``iterations`` more times, evaluating the greedy policy at the checkpoints.

        Parameters
        ----------
        iterations : int, how many iterations to run (fewer if ``target`` is reached)
        target : int, optional; stop at the first checkpoint whose TOTAL is at most this
        checkpoints : iterable of int, optional; iteration counts at which to evaluate (default:
            every iteration)
        progress : bool, show a progress bar on stderr
        """
        if isinstance(iterations, bool) or not isinstance(iterations, (int, np.integer)) or iterations < 0:
            raise WordlekitError(f"iterations {iterations!r} is not a whole number >= 0")
        end = self.iterations + int(iterations)
        marks = set(range(self.iterations + 1, end + 1)) if checkpoints is None else {
            int(c) for c in checkpoints if self.iterations < c <= end}
        marks.add(end)
        bar = None
        if progress:
            from .progress import tqdm
            bar = tqdm(total=int(iterations), desc=f"AVTS {self.picker} ({self.opener})",
                       unit="it", file=sys.stderr, leave=False)
        rows = []
        start = time.perf_counter()
        while self.iterations < end:
            self.step()
            if bar is not None:
                bar.update(1)
            if self.iterations in marks:
                total = self.greedy_total()
                rows.append((self.iterations, total, self.greedy_opener(), time.perf_counter() - start))
                if bar is not None:
                    bar.set_postfix(total=total, nodes=self.nodes)
                if target is not None and total <= target:
                    break
        if bar is not None:
            bar.close()
        if not rows:  # no iteration asked for: evaluate the tree as it stands
            rows.append((self.iterations, self.greedy_total(), self.greedy_opener(), 0.0))
        return Trace(self.picker, self.estimator.name, self.opener,
                     np.array([r[0] for r in rows], dtype=np.int64),
                     np.array([r[1] for r in rows], dtype=np.int64),
                     tuple(r[2] for r in rows), np.array([r[3] for r in rows]), target,
                     self.nodes, self.root.size)
