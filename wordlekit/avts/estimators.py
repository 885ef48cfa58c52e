"""Action-value estimators: q1, the only Wordle knowledge of an Action Value Tree Search.

An estimator is any callable ``estimator(game, state) -> (guesses, values)`` with a ``name``:
the guesses it proposes at ``state`` (int64 indices into the guess list) and their estimated
action values q1(s, a), minus the expected number of guesses (this one included). It may also
have ``top(game, state, k)``: the same actions' k best, best first (``top_actions``), which is
all a search asks of a new node.

- ``EntropicEstimator``, the blog's: a guess of feedback entropy H bits leaves about
  ``log2|S| / H`` more guesses, so ``n = log2|S| / H + 1``, and if a is a candidate,
  ``p + (1 - p) n`` with ``p = 1/|S|`` (it may win at once).
- ``RolloutEstimator``: the rollout Q-factor of a base heuristic.

``EstimatorPolicy`` plays an estimator's best action: the search's policy off its tree, and
``EstimatorCostToGo`` makes an estimator the cost-to-go J~ of a ``lookahead.Lookahead``.
"""

from __future__ import annotations

import math

import numpy as np

from ..buckets import ENTROPY_SCALE, PAIRWISE_MAX, bucket_stats, entropic_top_k, entropic_values
from ..errors import WordlekitError
from ..evaluation import PerModel
from ..game import Game, State
from ..heuristics import get_heuristic
from ..lookahead import CostToGo
from ..rollout import Rollout
from ..topk import largest_positions


def best_first(values: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k largest values, best first; equal values in the estimator's order
    (list order for the entropic estimator, rollout's shortlist order for the rollout one)."""
    return largest_positions(values, k)


def top_actions(estimator, game: Game, state: State, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The k best of the estimator's (guesses, values), best first, equal values in the
    estimator's order: ``estimator.top`` if it has one, else ``best_first`` on all of them."""
    top = getattr(estimator, "top", None)
    if top is not None:
        return top(game, state, k)
    guesses, values = estimator(game, state)
    order = best_first(values, k)
    return guesses[order], values[order]


class EntropicEstimator:
    """The blog's entropic estimator of an action's value (minus the expected guesses).

    With n candidates and a guess of feedback entropy H bits, about ``log2(n) / H`` more guesses
    are needed after this one, so ``n_guesses = log2(n) / H + 1``; a guess that is itself a
    candidate wins at once with probability p = 1/n: ``p + (1 - p) n_guesses``. Guesses that
    split nothing and are not candidates (H = 0) are left out. It is MIG's one-step score made
    into an action value, with a bonus for guesses that may win now. It is exact on states of
    one and two candidates (-1 and -1.5), which the search therefore does not expand.
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

    def top(self, game: Game, state: State, k: int) -> tuple[np.ndarray, np.ndarray]:
        """The k best (guesses, values) of ``__call__``, best first (equal values in guess
        order): the same numbers, from one kernel that keeps only the best as it scans
        (``buckets.entropic_top_k``; faster than every value and a selection on the small sets
        of most new nodes: ``benchmarks/avts-results.md``)."""
        if len(state.candidates) == 1:
            guesses, values = self(game, state)
            return guesses[:k], values[:k]
        allowed = game.allowed_guesses(state)
        positions, values = entropic_top_k(game, state.candidates, allowed, k)
        return allowed[positions].astype(np.int64), values


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
        options, totals = self.rollout.q_totals(game, state)
        return options.astype(np.int64), -totals / len(state.candidates)


ESTIMATORS = {"entropic": EntropicEstimator, "rollout": RolloutEstimator}


class EstimatorPolicy:
    """Play the estimator's best action (ties to the estimator's order): the tree's policy
    off the tree."""

    def __init__(self, estimator):
        self.estimator = estimator
        self.name = f"{estimator.name}-greedy"

    def choose(self, game: Game, state: State) -> int:
        guesses, _ = top_actions(self.estimator, game, state, 1)
        return int(guesses[0])


def as_estimator(estimator):
    """``estimator`` itself if it is a callable, a new one of ``ESTIMATORS`` if it is a name."""
    if not isinstance(estimator, str):
        return estimator
    if estimator not in ESTIMATORS:
        raise WordlekitError(
            f"unknown estimator {estimator!r}; expected one of "
            f"{', '.join(ESTIMATORS)} or a callable"
        )
    return ESTIMATORS[estimator]()


class EstimatorCostToGo(CostToGo):
    """``J~(S) = -max_u value(u)`` for an Action Value Tree Search estimator, for ``lookahead.Lookahead``.

    The default, the blog's entropic estimator, gives ``min_u n(u)`` guesses with
    ``n(u) = log2|S| / H(u) + 1`` (H(u) the feedback entropy in bits) and, for a guess that is
    a candidate, ``p + (1 - p) n(u)``, p = 1/|S|; a last candidate costs exactly 1. Memoised
    per state (each value scores every allowed guess).
    """

    def __init__(self, estimator=None):
        if estimator is None:
            estimator = EntropicEstimator()
        self.estimator = estimator
        self.name = f"{estimator.name}-estimate"
        self._memo = PerModel(lambda game: {})

    def cost_to_go(self, game: Game, state: State) -> float:
        memo = self._memo(game)
        value = memo.get(state.key)
        if value is None:
            _, values = self.estimator(game, state)
            value = memo[state.key] = -float(values.max())
        return value

    def __repr__(self) -> str:
        return f"EstimatorCostToGo({self.estimator!r})"
