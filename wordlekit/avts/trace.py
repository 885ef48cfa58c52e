"""The record of a search: the exact TOTAL of its greedy policy at each checkpoint."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


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
