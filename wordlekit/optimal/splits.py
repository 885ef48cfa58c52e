"""A guess's buckets with each bucket's own candidates tried as its next guess, in the split's
own kernel: what decides most guesses of the uniform search before any bucket is searched.

``searched`` splits a state by one guess (``split.Split``) and, in the same pass, tries each
bucket's candidates as the bucket's next guess: a bucket one of them splits perfectly costs its
floor 2c - 1, one left with a single pair 2c (three guesses left), and every other bucket of
c >= 3 at least 2c. ``heads`` does the same for several guesses in one kernel call and keeps
of each only what decides most of them: the sum of its floors and its first bucket still to be
valued (``screening``). Only the exact solver uses them; ``split.Split`` stays the game's.

A candidate is allowed in every mode (each gave every feedback so far), so these are splits the
bucket's state can play. ``columns``: a restriction of the pattern matrix holding every
candidate (``buckets.Columns``), default the whole matrix.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .. import _kernels
from ..split import Split

if TYPE_CHECKING:
    from ..buckets import Columns
    from ..game import Game
    from ..state import State


def _scanned(game: Game, columns: Columns | None) -> tuple[np.ndarray, np.ndarray]:
    """The matrix the kernels scan and each answer's column in it."""
    if columns is not None:
        return columns.matrix, columns.position
    if "answer_columns" not in game.list_arrays:  # the whole matrix: each answer its own index
        game.list_arrays["answer_columns"] = np.arange(len(game.answers), dtype=np.int32)
    return game.patterns, game.list_arrays["answer_columns"]


def searched(
    game: Game,
    state: State,
    guess: int,
    floors: np.ndarray,
    left: int,
    columns: Columns | None = None,
) -> tuple[Split, int, np.ndarray, np.ndarray]:
    """``Split.valued`` with each bucket's own candidates tried as its next guess (``left``
    guesses left after this one, at least 2), from one kernel (``_kernels.split_for_search``).

    Returns
    -------
    (split, floor, search, search_floors)
        The split; the sum of its buckets' floors (``floors[c]``, or the value a candidate
        proved); the buckets whose value is still unknown, largest first (int64 positions in
        the split); their floors (int64).
    """
    matrix, column = _scanned(game, columns)
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
    return Split(game, state, guess, grouped), int(floor), search, search_floors


def heads(
    game: Game,
    state: State,
    guesses: np.ndarray,
    floors: np.ndarray,
    left: int,
    smallest_first: bool,
    columns: Columns | None = None,
) -> list[tuple[int, int, int, int, bytes]]:
    """``searched`` for several guesses, from one kernel call (``_kernels.split_heads``),
    keeping of each only what decides most guesses of a search.

    Returns
    -------
    list of (floor, pattern, head_floor, size, members), one per guess
        The sum of its buckets' floors; the pattern of its first bucket still unknown
        (smallest first or largest first), -1 if none; that bucket's floor; its number of
        candidates; their bytes as in a state's key.
    """
    matrix, column = _scanned(game, columns)
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
        for i, (f, p, h) in enumerate(zip(sums.tolist(), patterns.tolist(), head_floors.tolist()))
    ]
