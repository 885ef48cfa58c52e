"""Shared fixtures: the original game and small games cut from the original lists."""

import numpy as np
import pytest

from wordlekit import Game, WordList, original_answers, original_guesses


@pytest.fixture(scope="session")
def original():
    """The original Wordle in easy mode (the pattern matrix is built once per session)."""
    game = Game.original("easy")
    game.patterns
    return game


def small_lists(n_answers: int, n_extra: int, seed: int, suffix: str = ""):
    """Seeded sample of answers (optionally ending in ``suffix``) plus other guesses, sorted."""
    rng = np.random.default_rng(seed)
    pool = [w for w in original_answers() if w.endswith(suffix)]
    answers = sorted(rng.choice(pool, size=min(n_answers, len(pool)), replace=False).tolist())
    others = [w for w in original_guesses() if w not in set(answers)]
    extra = rng.choice(others, size=n_extra, replace=False).tolist()
    guesses = sorted(answers + extra)
    return guesses, answers


def small_game(n_answers, n_extra, seed, suffix="", mode="easy"):
    guesses, answers = small_lists(n_answers, n_extra, seed, suffix)
    return Game(WordList(tuple(guesses), "small guesses"), WordList(tuple(answers), "small answers"), mode)


#: (n_answers, n_extra, seed, suffix): random words, and clusters of near-identical words whose
#: splits are hard (many ties, small buckets), the cases where tie rules and modes matter.
SMALL_GAMES = [
    (30, 40, 1, ""),
    (25, 30, 2, "ight"),
    (20, 30, 3, "ake"),
    (40, 30, 4, "er"),
]


ATCH = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")


def atch_game(mode="easy"):
    """The seven -atch answers and chomp: every -atch guess tells apart only itself, and chomp
    splits them into {batch, hatch, latch, watch}, {catch}, {match}, {patch}."""
    return Game(WordList(tuple(sorted(ATCH + ("chomp",))), "atch guesses"),
                WordList(ATCH, "atch answers"), mode)
