"""Action Value Tree Search (AVTS): a generic MCTS whose only domain input is an action-value
estimator ("Wordle Perfect Play with Generic Methods", seed 002, [tyl2024]_).

Wordle is a Markov decision process: the state s is the candidate set (plus, in hard and strict
mode, the guesses still allowed), an action a is a guess, the transition tau(s'|s, a) is the
feedback, with probability |S_f| / |S|, and every guess earns the reward -1. Action *values*
are therefore minus the expected number of guesses, and the optimal ones satisfy Bellman's
optimality equation

    q*(s, a) = -1 + sum_{f != all green} (|S_f| / |S|) max_a' q*(s_f, a').

AVTS estimates q* with a tower of estimators of increasing accuracy: ``q1(s, a)``, the
*estimator* (the only domain knowledge; ``estimators``), ``q2(s, a, v)``, the *tree* estimate
after a has been simulated v times (the running mean of exact Bellman backups), and
``q3(s, a, v)``, the *debiased* estimate that makes actions simulated different numbers of times
comparable (both in ``node``, with the action cutoff and the exact leaves). A *picker*
(``pickers``) chooses which action an iteration simulates, by a score built on q3; ``search``
runs the iterations, and the tree's *greedy policy* (``greedy``) is evaluated exactly over every
answer after each, which is how the notebook measures when the search has found optimal play
(``trace`` records it, ``report`` compares the pickers).

Modules: ``estimators`` (q1), ``node`` (the tree: q2, q3, statistics per visit count, cutoff,
leaves), ``pickers`` (score functions), ``greedy`` (the tree as a policy), ``search`` (the
driver), ``trace`` and ``report`` (results and tables).

References
----------
- [tyl2024]_: Action Value Tree Search, its estimator, tree estimates and pickers.
"""

from .estimators import (
    ESTIMATORS,
    EntropicEstimator,
    EstimatorCostToGo,
    EstimatorPolicy,
    RolloutEstimator,
    best_first,
)
from .greedy import GreedyPolicy
from .node import LEAVES, Leaf, Node, Outcomes
from .pickers import PICKER_DEFAULTS, PICKERS, Picker
from .report import avts_curves, avts_runs, avts_table
from .search import Search
from .trace import Trace

__all__ = [
    "ESTIMATORS",
    "LEAVES",
    "PICKERS",
    "PICKER_DEFAULTS",
    "EntropicEstimator",
    "EstimatorCostToGo",
    "EstimatorPolicy",
    "GreedyPolicy",
    "Leaf",
    "Node",
    "Outcomes",
    "Picker",
    "RolloutEstimator",
    "Search",
    "Trace",
    "avts_curves",
    "avts_runs",
    "avts_table",
    "best_first",
]
