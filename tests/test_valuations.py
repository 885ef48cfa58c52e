"""Valuation-based strategies (Cunanan & Thielscher, Table 1)."""

import itertools
import math

import numpy as np
import pytest

from wordlekit import WordlekitError, evaluate
from wordlekit.heuristics import ENTROPY_SCALE, MostPartsInSetESS
from wordlekit.valuations import (VALUATIONS, ValuationStrategy, all_combinations,
                                  parse_combination, valuation_matrix)

from . import reference
from .conftest import SMALL_GAMES, small_game


def reference_valuations(guess, candidates):
    """The five valuations as the paper defines them (integers: ESS times n, Information in
    the fixed point of n * (minus the entropy) + n log2 n)."""
    sizes = list(reference.buckets(guess, candidates).values())
    return (-int(guess in candidates), max(sizes), sum(c * c for c in sizes),
            sum(round(c * math.log2(c) * ENTROPY_SCALE) for c in sizes if c > 1), -len(sizes))


def test_there_are_325_ordered_combinations():
    combos = all_combinations()
    assert len(combos) == len(set(combos)) == 325  # 5 + 20 + 60 + 120 + 120
    assert combos[:5] == [(v,) for v in VALUATIONS]


@pytest.mark.parametrize("n_answers, n_extra, seed, suffix", SMALL_GAMES)
def test_valuation_kernel_matches_the_definitions(n_answers, n_extra, seed, suffix):
    game = small_game(n_answers, n_extra, seed, suffix)
    root = game.initial_state()
    states = [root] + [c for g in (0, 5) for _, c in game.children(root, g) if len(c.candidates) > 1]
    for state in states:
        cands = game.candidate_words(state)
        got = valuation_matrix(game, state)
        want = np.array([reference_valuations(g, cands) for g in game.guesses])
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("n_answers, n_extra, seed, suffix", SMALL_GAMES[:2])
def test_strategy_plays_the_lexicographic_minimum_alphabetically_first(n_answers, n_extra, seed, suffix):
    game = small_game(n_answers, n_extra, seed, suffix)
    root = game.initial_state()
    states = [root] + [c for _, c in game.children(root, 3) if len(c.candidates) > 1]
    rng = np.random.default_rng(seed)
    combos = all_combinations()
    for index in rng.choice(len(combos), size=12, replace=False):
        combo = combos[index]
        columns = [VALUATIONS.index(v) for v in combo]
        strategy = ValuationStrategy(combo)
        for state in states:
            cands = game.candidate_words(state)
            want = min(sorted(game.guesses),
                       key=lambda g: tuple(reference_valuations(g, cands)[c] for c in columns))
            assert game.guesses[strategy.choose(game, state)] == want, (combo, state)


def test_best_combination_is_the_solver_ranking():
    game = small_game(40, 30, 5)
    for opener in list(game.guesses)[:4]:
        assert (evaluate(game, ValuationStrategy("MostParts,InSet,ESS"), opener).total
                == evaluate(game, MostPartsInSetESS(), opener).total)


def test_cache_does_not_change_choices():
    game = small_game(60, 30, 6)
    cache = {}
    for combo in [("MSS",), ("Information", "InSet"), ("ESS", "MostParts")]:
        a = evaluate(game, ValuationStrategy(combo, cache), "salet" if "salet" in game.guesses
                     else game.guesses[0]).total
        b = evaluate(game, ValuationStrategy(combo), "salet" if "salet" in game.guesses
                     else game.guesses[0]).total
        assert a == b


def test_combination_names_are_checked():
    assert parse_combination("mostparts, InSet ,ess") == ("MostParts", "InSet", "ESS")
    with pytest.raises(WordlekitError, match="unknown valuation 'entropy'"):
        parse_combination("MostParts,entropy")
    with pytest.raises(WordlekitError, match="appears twice"):
        parse_combination("MSS,mss")


@pytest.mark.parametrize("combination, total", [("MostParts,InSet,ESS", 7944), ("InSet,MSS", 8516),
                                                 ("InSet", 10069)])
def test_published_rows_of_table1(original, combination, total):
    strategy = ValuationStrategy(combination)
    opener = original.guesses[strategy.choose(original, original.initial_state())]
    assert evaluate(original, strategy, opener).total == total


def test_inset_alone_plays_the_first_candidate(original):
    strategy = ValuationStrategy("InSet")
    assert original.guesses[strategy.choose(original, original.initial_state())] == "aback"
    assert list(itertools.islice(original.answers, 1)) == ["aback"]
