"""Valuation-based strategies (Cunanan & Thielscher, Table 1)."""

import itertools
import math

import numpy as np
import pytest

from wordlekit import WordlekitError, _kernels, evaluate
from wordlekit.evaluation import decisions
from wordlekit.game import small_game
from wordlekit.heuristics import ENTROPY_SCALE, MostPartsInSetESS
from wordlekit.valuations import (
    VALUATIONS,
    ValuationStrategy,
    all_combinations,
    parse_combination,
    valuation_matrix,
)

from . import reference
from .conftest import SMALL_GAMES


def reference_valuations(guess, candidates):
    """The five valuations as the paper defines them (integers: ESS times n, Information in
    the fixed point of n * (minus the entropy) + n log2 n)."""
    sizes = list(reference.buckets(guess, candidates).values())
    return (
        -int(guess in candidates),
        max(sizes),
        sum(c * c for c in sizes),
        sum(round(c * math.log2(c) * ENTROPY_SCALE) for c in sizes if c > 1),
        -len(sizes),
    )


def test_there_are_325_ordered_combinations():
    combos = all_combinations()
    assert len(combos) == len(set(combos)) == 325  # 5 + 20 + 60 + 120 + 120
    assert combos[:5] == [(v,) for v in VALUATIONS]


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_valuation_kernel_matches_the_definitions(spec):
    game = small_game(**spec)
    root = game.initial_state()
    states = [root] + [
        c for g in (0, 5) for _, c in game.children(root, g) if len(c.candidates) > 1
    ]
    for state in states:
        cands = game.candidate_words(state)
        got = valuation_matrix(game, state)
        want = np.array([reference_valuations(g, cands) for g in game.guesses])
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("spec", SMALL_GAMES[:2])
def test_strategy_plays_the_lexicographic_minimum_alphabetically_first(spec):
    game = small_game(**spec)
    root = game.initial_state()
    states = [root] + [c for _, c in game.children(root, 3) if len(c.candidates) > 1]
    rng = np.random.default_rng(spec["seed"])
    combos = all_combinations()
    for index in rng.choice(len(combos), size=12, replace=False):
        combo = combos[index]
        columns = [VALUATIONS.index(v) for v in combo]
        strategy = ValuationStrategy(combo)
        for state in states:
            cands = game.candidate_words(state)
            want = min(
                sorted(game.guesses),
                key=lambda g: tuple(reference_valuations(g, cands)[c] for c in columns),
            )
            assert game.guesses[strategy.choose(game, state)] == want, (combo, state)


def test_best_combination_is_the_solver_ranking():
    game = small_game(40, 30, 5)
    for opener in list(game.guesses)[:4]:
        assert (
            evaluate(game, ValuationStrategy("MostParts,InSet,ESS"), opener).total
            == evaluate(game, MostPartsInSetESS(), opener).total
        )


def test_cache_does_not_change_choices():
    game = small_game(60, 30, 6)
    cache = {}
    for combo in [("MSS",), ("Information", "InSet"), ("ESS", "MostParts")]:
        a = evaluate(
            game,
            ValuationStrategy(combo, cache),
            "salet" if "salet" in game.guesses else game.guesses[0],
        ).total
        b = evaluate(
            game, ValuationStrategy(combo), "salet" if "salet" in game.guesses else game.guesses[0]
        ).total
        assert a == b


def test_combination_names_are_checked():
    assert parse_combination("mostparts, InSet ,ess") == ("MostParts", "InSet", "ESS")
    with pytest.raises(WordlekitError, match="unknown valuation 'entropy'"):
        parse_combination("MostParts,entropy")
    with pytest.raises(WordlekitError, match="appears twice"):
        parse_combination("MSS,mss")


@pytest.mark.parametrize(
    "combination, total", [("MostParts,InSet,ESS", 7944), ("InSet,MSS", 8516), ("InSet", 10069)]
)
def test_published_rows_of_table1(original, combination, total):
    strategy = ValuationStrategy(combination)
    opener = original.guesses[strategy.choose(original, original.initial_state())]
    assert evaluate(original, strategy, opener).total == total


def test_inset_alone_plays_the_first_candidate(original):
    strategy = ValuationStrategy("InSet")
    assert original.guesses[strategy.choose(original, original.initial_state())] == "aback"
    assert list(itertools.islice(original.answers, 1)) == ["aback"]


def test_undominated_rows_hold_every_combinations_choice():
    """The cache keeps the rows no earlier row equals or beats in every column: by definition
    (plain Python) and, over all 325 combinations, the lexicographic argmin (ties to the first
    row) of the kept rows is the argmin of all rows. Small integers, so ties are many."""
    rng = np.random.default_rng(0)
    for trial in range(20):
        values = rng.integers(0, 4, size=(60, 5)).astype(np.int64)
        keep = np.empty(len(values), dtype=np.bool_)
        _kernels.undominated(values, keep)
        want = [
            not any((values[h] <= values[t]).all() for h in range(t)) for t in range(len(values))
        ]
        assert keep.tolist() == want
        kept = np.flatnonzero(keep)
        for combo in all_combinations():
            columns = [VALUATIONS.index(v) for v in combo]
            first = min(range(len(values)), key=lambda t: (tuple(values[t, columns]), t))
            assert kept[_kernels.lexicographic_argmin(values[kept], np.array(columns))] == first


def test_shared_cache_makes_every_choice_of_the_uncached_strategy_hard_mode():
    """Hard mode (allowed guesses differ per state): with the shared cache, every combination
    chooses what it chooses alone at every state of its game."""
    game = small_game(50, 30, 7, mode="hard")
    cache = {}
    for combo in all_combinations()[::13]:
        cached, alone = ValuationStrategy(combo, cache), ValuationStrategy(combo)
        opener = cached.choose(game, game.initial_state())
        for node in decisions(game, alone, game.initial_state(), opener):
            assert cached.choose(game, node.state) == alone.choose(game, node.state)


def test_a_tie_break_decides_between_equal_valuations():
    """Two candidates {dodgy, downy}: aargh (its g green in dodgy only), dodgy and downy all
    split them into two buckets of one (MSS 1), so MSS alone plays aargh, the first in list
    order, which can never win at once; a tie break that ranks dodgy first plays dodgy."""
    from wordlekit import Game, WordList

    game = Game(WordList(("aargh", "dodgy", "downy"), "g"), WordList(("dodgy", "downy"), "a"))
    state = game.initial_state()
    assert valuation_matrix(game, state)[:, VALUATIONS.index("MSS")].tolist() == [1, 1, 1]
    assert game.guesses[ValuationStrategy("MSS").choose(game, state)] == "aargh"
    keys = np.array([2, 0, 1])  # dodgy first, then downy, then aargh
    strategy = ValuationStrategy("MSS", tie_break=keys)
    assert game.guesses[strategy.choose(game, state)] == "dodgy"
    assert evaluate(game, strategy, "dodgy").total == 1 + 2
    assert evaluate(game, ValuationStrategy("MSS"), "aargh").total == 2 + 2
    # the authors' code: with two candidates, the first of them, whatever the valuations
    pair = ValuationStrategy("MSS", first_of_two=True)
    assert game.guesses[pair.choose(game, state)] == "dodgy"
    with pytest.raises(WordlekitError, match="tie_break"):
        ValuationStrategy("MSS", cache={}, tie_break=keys)
