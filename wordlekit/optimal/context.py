"""What the exact search carries from a state down to the states below it (``Context``), and
the floor tables it reads (``FloorTables``).

Each is decided by the states above the one being searched, and none is part of its value:

- ``columns``: the pattern matrix restricted to the candidates of an ancestor
  (``buckets.Columns``), through which the early-stopping scans read a few cache lines per guess
  instead of one per candidate (``COLUMNS_MIN`` to ``COLUMNS_MAX``).
- ``group``: in a code game, the symmetries that fix every guess played so far
  (``symmetry.Stabilizer``); only one guess of each class under them is searched, as they all
  cost the same.
- ``floors`` and ``splits``: BOUND(c, M) by c, the cheapest tree of c candidates when no guess
  makes more than M buckets, with M the most buckets any guess makes of an ancestor's set
  (MaxSplits: every set below is a subset of it, which no guess splits into more). At the root
  M is F, the feedbacks the game can give (Cunanan & Thielscher's LB_1 with F for MaxSplits,
  LB_2 below).

A ``Context`` is frozen: a search makes the context of the states below it and passes it down,
so that a state's value never depends on which search reached it first. The weighted path
(``search.Search``) passes the root's context through untouched: all four are uniform-only
speedups (``uniform``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..bounds import bound_table

if TYPE_CHECKING:
    from ..buckets import Columns
    from ..game import Game
    from ..symmetry import Stabilizer


class FloorTables:
    """BOUND(c, b) for c = 0..|answers| (int64), built once per b and kept for the solver's life.

    It is 2c - 1 up to b + 1 candidates, then more: in Wordle (F = 238) only for sets of over
    239; in Mastermind (4 pegs, F = 14) from 16 on, where it is most of the proof.
    """

    def __init__(self, game: Game):
        self._answers = len(game.answers)
        self._tables: dict = {}

    def __call__(self, b: int) -> np.ndarray:
        table = self._tables.get(b)
        if table is None:
            table = self._tables[b] = bound_table(self._answers, b)
        return table


@dataclass(frozen=True, slots=True)
class Context:
    """The context of a state's search, made by the states above it (see the module).

    Attributes
    ----------
    columns : buckets.Columns or None
        The restriction the scans of this state read through (None: the whole matrix).
    group : symmetry.Stabilizer or None
        The symmetries fixing the guesses so far (None: none searched).
    floors : numpy.ndarray of int64, shape (n_answers + 1,)
        BOUND(c, ``splits``) for every size c: a floor of any subset of an ancestor.
    splits : int
        MaxSplits of the nearest ancestor whose guesses were scored (F at the root).
    """

    columns: Columns | None
    group: Stabilizer | None
    floors: np.ndarray
    splits: int

    def after(self, guess: int) -> Context:
        """The context below ``guess``: the symmetries that also fix it."""
        if self.group is None:
            return self
        return Context(self.columns, self.group.fixing(guess), self.floors, self.splits)

    def within(self, columns: Columns | None) -> Context:
        """The same context, scanned through ``columns``."""
        if columns is self.columns:
            return self
        return Context(columns, self.group, self.floors, self.splits)
