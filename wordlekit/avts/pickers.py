"""Action pickers: which action of a state's subset an iteration simulates.

Each picker scores the subset's actions from q3 (``node``) and the search takes the largest
score (the first among equal ones). N(s): the state's simulations; v: the action's.

- ``epsilon``: a uniformly random action of the subset with probability
  ``epsilon / sqrt(1 + N(s))``, else the best q3.
- ``hoeffding``: the upper confidence bound ``q3 + (U - L) sqrt(-log(p) / 2) / sqrt(v + 1)``
  with the game's value range U - L = 6 guesses and p = 0.999, the blog's settings.
- ``puct``: AlphaGo's ``q3 + c pi(a|s) sqrt(N(s)) / (1 + v)``, with pi the softmax of q1 over
  the state's hundred most promising actions (the blog's preselection) and c = 1.
- ``laplace``: the blog's rule of succession, ``q3 + delta / (v + 1)`` with delta = 0.1.
- ``thompson``: Thompson sampling with Gaussian beliefs: draw each action's value from
  ``N(q3, sigma^2(s, v))`` (the per-visit variance of ``node``) and take the largest.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..errors import WordlekitError
from .estimators import best_first
from .node import Node


def _epsilon(node: Node, q: np.ndarray, s: dict, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < s["epsilon"] / math.sqrt(1 + node.visits):
        explore = np.zeros(len(q))  # the drawn action is the only one scoring above the rest
        explore[rng.integers(len(q))] = 1.0
        return explore
    return q


def _hoeffding(node: Node, q: np.ndarray, s: dict, rng: np.random.Generator) -> np.ndarray:
    factor = s["value_range"] * math.sqrt(-math.log(s["p_value"]) / 2)
    return q + factor / np.sqrt(node.action_visits[: len(q)] + 1)


def _puct(node: Node, q: np.ndarray, s: dict, rng: np.random.Generator) -> np.ndarray:
    k = len(q)
    prior = np.exp(node.q1[:k] - node.log_norm)
    return q + s["c_puct"] * prior * math.sqrt(node.visits) / (1 + node.action_visits[:k])


def _laplace(node: Node, q: np.ndarray, s: dict, rng: np.random.Generator) -> np.ndarray:
    return q + s["delta"] / (node.action_visits[: len(q)] + 1)


def _thompson(node: Node, q: np.ndarray, s: dict, rng: np.random.Generator) -> np.ndarray:
    return q + np.sqrt(node.variances()) * rng.standard_normal(len(q))


def _no_prior(values: np.ndarray, s: dict) -> float:
    return 0.0


def _reads_none(s: dict) -> int:
    return 0


def _softmax_log_norm(values: np.ndarray, s: dict) -> float:
    """log sum exp of q1 over the ``prior_actions`` best actions: PUCT's prior normaliser."""
    top = values[best_first(values, s["prior_actions"])]
    largest = float(top.max())
    return largest + math.log(float(np.exp(top - largest).sum()))


@dataclass(frozen=True)
class Picker:
    """One picker: ``score(node, q3, settings, rng)`` gives the scores of the node's actions;
    ``log_norm(values, settings)`` the normaliser a new node keeps for it (PUCT's prior), which
    reads only the ``reads(settings)`` best values (so a search need estimate no more);
    ``defaults``: the blog's settings (its "I just tried a few values" constants)."""

    score: Callable[[Node, np.ndarray, dict, np.random.Generator], np.ndarray]
    defaults: dict
    log_norm: Callable[[np.ndarray, dict], float] = _no_prior
    reads: Callable[[dict], int] = _reads_none


PICKER_TABLE = {
    "epsilon": Picker(_epsilon, {"epsilon": 0.5}),
    "hoeffding": Picker(_hoeffding, {"p_value": 0.999, "value_range": 6.0}),
    "puct": Picker(
        _puct,
        {"c_puct": 1.0, "prior_actions": 100},
        _softmax_log_norm,
        lambda s: s["prior_actions"],
    ),
    "laplace": Picker(_laplace, {"delta": 0.1}),
    "thompson": Picker(_thompson, {}),
}

PICKERS = tuple(PICKER_TABLE)

#: The blog's settings for each picker.
PICKER_DEFAULTS = {name: picker.defaults for name, picker in PICKER_TABLE.items()}


def picker_settings(picker: str, overrides: dict) -> tuple[Picker, dict]:
    """The picker named ``picker`` and its settings, the defaults updated by ``overrides``; a
    clear error for an unknown picker or setting."""
    if picker not in PICKER_TABLE:
        raise WordlekitError(f"unknown picker {picker!r}; expected one of {', '.join(PICKERS)}")
    defaults = PICKER_TABLE[picker].defaults
    unknown = set(overrides) - set(defaults)
    if unknown:
        names = ", ".join(repr(u) for u in sorted(unknown))
        raise WordlekitError(
            f"unknown setting(s) {names} for picker {picker!r}; expected "
            f"{', '.join(defaults) or 'none'}"
        )
    return PICKER_TABLE[picker], {**defaults, **overrides}
