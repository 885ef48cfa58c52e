"""The buckets one guess makes of a state's candidates (``Split``), each next state built only
when asked for: what ``Game.children`` lists and what the exact solver and the bounds prune."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from . import _kernels
from .state import State

if TYPE_CHECKING:
    from .game import Game


def _answer_columns(game: Game) -> np.ndarray:
    """Each answer's column in the game's pattern matrix: its own index (built once)."""
    if "answer_columns" not in game.derived:
        game.derived["answer_columns"] = np.arange(len(game.answers), dtype=np.int32)
    return game.derived["answer_columns"]


class Split:
    """The buckets one guess makes of a state's candidates, in increasing feedback order.

    ``patterns[b]`` and ``sizes[b]`` are bucket b's feedback and number of candidates;
    ``child(b)`` is the state that feedback leads to, built on demand: a branch and bound
    values only a few of a guess's buckets before it abandons the guess (Table 4's filtering
    built 19.5 million states for all of them, 14% of its time).
    """

    __slots__ = ("_sorted", "_starts", "_strict", "game", "guess", "patterns", "state")

    def __init__(self, game: Game, state: State, guess: int, grouped=None):
        """``grouped``: (candidates sorted by pattern, each bucket's pattern, bucket starts) if
        already computed (``valued``), else computed here."""
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
        cls, game: Game, state: State, guess: int, floors: np.ndarray, smallest: int
    ) -> tuple[Split, int, np.ndarray]:
        """The split, and what a branch and bound over its buckets needs, from one kernel
        (``_kernels.split_for_bound``): (split, the sum of ``floors[size]`` over the buckets but
        the all-green one, the buckets of ``smallest`` or more candidates but the all-green
        one, largest first, equal sizes in feedback order)."""
        *grouped, floor, larger = _kernels.split_for_bound(
            game.patterns[guess], state.candidates, floors, game.solved, smallest
        )
        return cls(game, state, guess, grouped), int(floor), larger

    @classmethod
    def searched(
        cls,
        game: Game,
        state: State,
        guess: int,
        floors: np.ndarray,
        left: int,
        matrix: np.ndarray | None = None,
        column: np.ndarray | None = None,
    ) -> tuple[Split, int, np.ndarray, np.ndarray]:
        """``valued`` with each bucket's own candidates tried as its next guess (``left``
        guesses left after this one, at least 2), from one kernel
        (``_kernels.split_for_search``): (split, the sum of the buckets' floors, the buckets
        whose value is still unknown, largest first, and their floors). A bucket one of its
        candidates splits perfectly is worth its floor, 2c - 1, and with three guesses left
        one whose candidate leaves a single pair is worth 2c; every other bucket of c >= 3
        is worth at least 2c. A candidate is allowed in every mode (each gave every feedback
        so far), so these are splits the bucket's state can play. ``matrix`` and ``column``:
        a restriction of the pattern matrix holding every candidate and each answer's column
        in it (``buckets.Columns``), default the whole matrix."""
        if matrix is None:
            matrix, column = game.patterns, _answer_columns(game)
        *grouped, floor, search, search_floors = _kernels.split_for_search(
            game.patterns[guess],
            state.candidates,
            floors,
            game.solved,
            matrix,
            column,
            game.guess_of_answer,
            game.n_patterns,
            left,
        )
        return cls(game, state, guess, grouped), int(floor), search, search_floors

    @staticmethod
    def heads(
        game: Game,
        state: State,
        guesses: np.ndarray,
        floors: np.ndarray,
        left: int,
        smallest_first: bool,
        matrix: np.ndarray | None = None,
        column: np.ndarray | None = None,
    ) -> list[tuple[int, int, int, int, bytes]]:
        """``searched`` for several guesses, from one kernel call (``_kernels.split_heads``),
        keeping of each only (the sum of its buckets' floors, the pattern of its first bucket
        still unknown, smallest or largest first, -1 if none, that bucket's floor, its number
        of candidates, their bytes as in a state's key): what decides most guesses of a
        search."""
        if matrix is None:
            matrix, column = game.patterns, _answer_columns(game)
        m = len(guesses)
        sums = np.empty(m, dtype=np.int64)
        patterns = np.empty(m, dtype=np.int64)
        head_floors = np.empty(m, dtype=np.int64)
        starts = np.empty(m + 1, dtype=np.int64)
        members = _kernels.split_heads(
            game.patterns,
            state.candidates,
            guesses,
            floors,
            game.solved,
            matrix,
            column,
            game.guess_of_answer,
            game.n_patterns,
            left,
            smallest_first,
            sums,
            patterns,
            head_floors,
            starts,
        )
        # the candidates as the bytes of a state's key: slicing bytes is cheaper than arrays
        raw, width = members.tobytes(), members.itemsize
        at = starts.tolist()
        return [
            (f, p, h, at[i + 1] - at[i], raw[width * at[i] : width * at[i + 1]])
            for i, (f, p, h) in enumerate(
                zip(sums.tolist(), patterns.tolist(), head_floors.tolist())
            )
        ]

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
