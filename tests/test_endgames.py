"""Hard mode's endgame cutoff (``wordlekit.endgames``): the largest endgame against plain
grouping, the cutoff by hand on the -atch words, and never against a brute-force optimum."""

from collections import Counter

import numpy as np
import pytest

from wordlekit.endgames import endgame_unsolvable, largest_endgame
from wordlekit.game import small_game

from . import reference
from .conftest import ATCH


def plain_largest(words):
    """Size of the largest group of words equal everywhere but at one position (plain Python)."""
    groups = Counter((p, w[:p] + w[p + 1 :]) for w in words for p in range(len(w)))
    return max(groups.values())


@pytest.mark.parametrize("suffix, seed", [("", 1), ("ight", 2), ("ake", 3), ("er", 4)])
def test_largest_endgame_against_plain_grouping(suffix, seed):
    game = small_game(8 if suffix in ("ight", "ake") else 40, 0, seed, suffix=suffix)
    rng = np.random.default_rng(seed)
    for size in (1, 2, 5, len(game.answers)):
        cands = np.sort(rng.choice(len(game.answers), size, replace=False)).astype(np.int32)
        words = [game.answers[a] for a in cands]
        group = [game.answers[a] for a in largest_endgame(game, cands)]
        assert len(group) == plain_largest(words)
        assert set(group) <= set(words)
        # one position where they differ, the same letters everywhere else
        assert sum(len({w[p] for w in group}) > 1 for p in range(5)) <= 1


def test_endgame_cutoff_by_hand(original):
    """After trace gets y b y g b in hard mode the seven -atch words remain, and every allowed
    guess keeps a, t, c, h: one letter free, so each guess tells apart at most one of them
    (parts 2). Within five guesses four such guesses leave at least 7 - 4 = 3 together (cut);
    within seven, six could separate all seven, so the check must not cut (by hand; the
    solver's test_solvable_names_the_hard_mode_dead_end finds 28 within seven)."""
    hard = original.with_mode("hard")
    state = hard.state_after([("trace", "ybygb")])
    assert hard.candidate_words(state) == list(ATCH)
    assert endgame_unsolvable(hard, state, 5)
    assert endgame_unsolvable(hard, state, 6)
    assert not endgame_unsolvable(hard, state, 7)
    # From the start every guess is allowed: five of them tell many letters apart.
    assert not endgame_unsolvable(hard, hard.initial_state(), 6)


@pytest.mark.parametrize(
    "n_answers, seed, suffix", [(9, 32, "ight"), (8, 33, "ake"), (7, 35, "ill")]
)
def test_endgame_cutoff_never_contradicts_brute_force(n_answers, seed, suffix):
    """Every state the cutoff calls unsolvable has no strategy within its guesses by exhaustive
    search (tests/reference.py), over the children of every opener; and it does cut some."""
    game = small_game(n_answers, 6, seed, "hard", suffix=suffix)
    guesses = list(game.guesses)
    root = game.initial_state()
    cut = 0
    for opener in range(len(guesses)):
        for pattern, state in game.children(root, opener):
            if pattern == game.solved:
                continue
            cands = tuple(game.answers[a] for a in state.candidates)
            allowed = tuple(guesses[g] for g in game.allowed_guesses(state))
            for left in (2, 3, 4):
                if endgame_unsolvable(game, state, left):
                    cut += 1
                    assert reference.optimal_total("hard", guesses, cands, allowed, left) is None
    assert cut > 0
