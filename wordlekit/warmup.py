"""Numba warm-up, in one place: compile (or load from numba's cache) the kernels a run will use.

Each warm-up plays on ``tiny_game``, a game of 12 answers cut from the real game's lists in its
mode, so that a timed run that follows measures computing, not compiling: ``warm_up`` plays a
policy by name, ``warm_up_solver`` solves the tiny game exactly (and starts numba's threads).
``buckets.compile_pruned_scan`` covers the one scan that no tiny game reaches (MaxSplits pruned on sets of
``buckets.PRUNE_MIN`` candidates or more) beside the kernels it drives.
"""

from __future__ import annotations

from .buckets import bucket_stats
from .evaluation import evaluate
from .game import Game
from .optimal import Solver
from .policies import make_policy
from .prior import uniform_prior


def warm_up(game: Game, name: str, weighted: bool = False) -> None:
    """Compile (or load from numba's cache) every kernel that policy ``name`` uses on ``game``
    (its prior-weighted version if ``weighted``).

    Plays the policy on a tiny game cut from the same lists (same word length and mode), so
    the real run that follows measures computing, not compiling.
    """
    tiny = tiny_game(game)
    prior = uniform_prior(tiny.answers) if weighted else None
    evaluate(tiny, make_policy(name, 2, prior), tiny.answers[0])


def warm_up_solver(game: Game, prior=None) -> None:
    """Compile (or load from numba's cache) every kernel the solver uses on ``game``, and start
    numba's threads, by solving a tiny game cut from its lists: a timed solve that follows
    measures computing, not the start of the first parallel kernel (slow: measured in
    benchmarks/quoted-results.md)."""
    warm_up(game, "mig", weighted=prior is not None)
    tiny = tiny_game(game)
    weights = None if prior is None else uniform_prior(tiny.answers)
    Solver(tiny, None, prior=weights).opener_total(0)
    bucket_stats(game, game.initial_state().candidates[:2])  # the transposed matrix, built once


def tiny_game(game: Game) -> Game:
    """A game of 12 answers and a few more guesses cut from ``game``'s lists, in its mode:
    what warm-ups play to compile the kernels a run on ``game`` will use."""
    answers = game.answers.words[:12]
    extra = [w for w in game.guesses.words[:24] if w not in answers]
    make = type(game.guesses)  # a code game's codes may be shorter than words
    return Game(
        make(tuple(answers) + tuple(extra), "warm-up guesses"),
        make(tuple(answers), "warm-up answers"),
        game.mode,
        game.answering,
    )
