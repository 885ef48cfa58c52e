"""Shared fixtures: the original game, the small games the tests share and the -atch game.

Small games cut from the original lists come from ``wordlekit.game.small_game``, the sampler
the notebooks use too, so a test and a notebook asking for the same game get the same lists.
"""

import pytest

from wordlekit import Game, WordList


@pytest.fixture(scope="session")
def original():
    """The original Wordle in easy mode (the pattern matrix is built once per session)."""
    game = Game.original("easy")
    game.patterns
    return game


#: Keyword arguments of ``wordlekit.game.small_game``: random words, and clusters of
#: near-identical words whose splits are hard (many ties, small buckets), the cases where tie
#: rules and modes matter. Every answer ending in -ight (9) or -ake (8) is in its cluster.
SMALL_GAMES = [
    dict(n_answers=30, n_extra=40, seed=1),
    dict(n_answers=9, n_extra=30, seed=2, suffix="ight"),
    dict(n_answers=8, n_extra=30, seed=3, suffix="ake"),
    dict(n_answers=40, n_extra=30, seed=4, suffix="er"),
]


ATCH = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")


def atch_game(mode="easy"):
    """The seven -atch answers and chomp: every -atch guess tells apart only itself, and chomp
    splits them into {batch, hatch, latch, watch}, {catch}, {match}, {patch}."""
    return Game(
        WordList(tuple(sorted(ATCH + ("chomp",))), "atch guesses"),
        WordList(ATCH, "atch answers"),
        mode,
    )
