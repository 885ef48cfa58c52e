"""The buckets one guess makes of a state's candidates (``Split``), each next state built only
when asked for: what ``Game.children`` lists and what the exact solver and the bounds prune.

A split's ``game`` is a ``game.Game``, which imports this module: it is named here in words, not
imported (no circle, not even for a type)."""

from __future__ import annotations

import functools

import numpy as np

from . import _kernels
from .state import State


class Split:
    """The buckets one guess makes of a state's candidates, in increasing feedback order.

    ``patterns[b]`` and ``sizes[b]`` are bucket b's feedback and number of candidates;
    ``child(b)`` is the state that feedback leads to, built on demand: a branch and bound
    values only a few of a guess's buckets before it abandons the guess (Table 4's filtering
    built 19.5 million states for all of them, 14% of its time).
    """

    __slots__ = ("_sorted", "_starts", "_strict", "game", "guess", "patterns", "state")

    def __init__(self, game, state: State, guess: int, grouped=None):
        """``grouped``: (candidates sorted by pattern, each bucket's pattern, bucket starts) if
        already computed (``valued``, and the exact solver's ``optimal.splits``), else computed
        here."""
        self.game, self.state, self.guess = game, state, guess
        if grouped is None:
            self._sorted, codes, self._starts = _kernels.split_candidates(
                game.patterns[guess], state.candidates
            )
            self.patterns = codes[self._starts[:-1]]
        else:
            self._sorted, self.patterns, self._starts = grouped
        self._strict = None

    @classmethod
    def valued(
        cls, game, state: State, guess: int, floors: np.ndarray, smallest: int
    ) -> tuple[Split, int, np.ndarray]:
        """The split, and what a branch and bound over its buckets needs, from one kernel
        (``_kernels.split_for_bound``): (split, the sum of ``floors[size]`` over the buckets but
        the all-green one, the buckets of ``smallest`` or more candidates but the all-green
        one, largest first, equal sizes in feedback order)."""
        *grouped, floor, larger = _kernels.split_for_bound(
            game.patterns[guess], state.candidates, floors, game.solved, smallest
        )
        return cls(game, state, guess, grouped), int(floor), larger

    @property
    def sizes(self) -> np.ndarray:
        """Every bucket's number of candidates."""
        return np.diff(self._starts)

    def size(self, b: int) -> int:
        """How many candidates bucket b holds."""
        return int(self._starts[b + 1] - self._starts[b])

    def __len__(self) -> int:
        return len(self.patterns)

    def child(self, b: int) -> State:
        """The state after bucket b's feedback."""
        game, state = self.game, self.state
        candidates = self._sorted[self._starts[b] : self._starts[b + 1]]
        turn = state.turn + 1
        allowed = state.allowed
        link = (state._link, self.guess, self.patterns, b)
        if allowed is None:
            return State(candidates, None, turn, link=link)
        pattern = int(self.patterns[b])
        if game.mode == "strict":
            if self._strict is None:  # every allowed guess's feedback to this one, sorted
                feedback = game.feedback_row(self.guess, allowed)
                order = np.argsort(feedback, kind="stable")
                self._strict = allowed[order], feedback[order]
            sorted_allowed, sorted_feedback = self._strict
            lo, hi = np.searchsorted(sorted_feedback, [pattern, pattern + 1])
            # A stable sort keeps each slice in increasing guess order.
            return State(candidates, sorted_allowed[lo:hi], turn, link=link)
        # hard: the child's rule from this state's, computed when its key is asked
        derive = functools.partial(game._hard_mode_filter, allowed, self.guess, pattern)
        rule = (
            None
            if state.rule is None
            else (state.rule, game.guess_codes[self.guess], pattern, len(game.alphabet))
        )
        return State(candidates, None, turn, derive, rule, link)
