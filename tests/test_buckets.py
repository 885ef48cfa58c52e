"""Bucket statistics: every kernel against a plain count (tests/reference.py) and by hand."""

import math

import numpy as np
import pytest

from wordlekit import _kernels
from wordlekit.buckets import (
    ENTROPY_SCALE,
    PAIRWISE_MAX,
    TRANSPOSED_MAX,
    Columns,
    bucket_stats,
    entropy_table,
    first_perfect,
)
from wordlekit.game import small_game

from . import reference
from .conftest import SMALL_GAMES, atch_game


def test_statistics_by_hand():
    """catch against the -atch words: all green once, b g g g g six times. chomp: c and h
    yellow for batch, hatch, latch, watch; green c for catch; m yellow for match, p for patch."""
    game = atch_game()
    stats = bucket_stats(game, np.arange(7, dtype=np.int32))
    catch, chomp = game.guess_index("catch"), game.guess_index("chomp")
    assert (
        stats.parts[catch],
        stats.in_set[catch],
        stats.squares[catch],
        stats.largest[catch],
    ) == (2, 1, 1 + 36, 6)
    assert stats.entropy[catch] == round(6 * math.log2(6) * ENTROPY_SCALE)
    assert (
        stats.parts[chomp],
        stats.in_set[chomp],
        stats.squares[chomp],
        stats.largest[chomp],
    ) == (4, 0, 16 + 1 + 1 + 1, 4)
    assert stats.entropy[chomp] == 4 * 2 * ENTROPY_SCALE  # 4 log2 4 = 8, exactly
    np.testing.assert_array_equal(stats.heaviest, stats.parts)
    assert not stats.splits_nothing[chomp] and not stats.perfect[chomp]


def _kernel_outputs(game, cands, guesses):
    """The row, the transposed and the pairwise kernel's statistics of ``guesses`` over
    ``cands``."""
    table = entropy_table(len(game.answers))
    row = np.empty((len(guesses), _kernels.N_BUCKET_STATS), dtype=np.int64)
    _kernels.fill_bucket_stats(game.patterns, cands, guesses, table, game.n_patterns, row)
    transposed = np.empty_like(row)
    counts = np.zeros((len(game.guesses), game.n_patterns), dtype=np.uint8)
    _kernels.fill_bucket_stats_t(
        np.ascontiguousarray(game.patterns.T), cands, guesses, table, counts, transposed
    )
    assert not counts.any()  # the scratch is zeroed again
    pairs = np.empty_like(row)
    _kernels.fill_bucket_stats_pairs(
        np.ascontiguousarray(game.patterns.T), cands, guesses, table, game.solved, pairs
    )
    return row, transposed, pairs


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_kernels_match_a_plain_count(spec):
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"])
    answers = list(game.answers)
    every = game.all_guesses
    some = np.sort(rng.choice(len(game.guesses), len(game.guesses) // 3, replace=False)).astype(
        np.int32
    )
    for size in sorted({min(k, len(answers)) for k in (1, 2, 5, 12, len(answers))}):
        cands = np.sort(rng.choice(len(answers), size, replace=False)).astype(np.int32)
        words = [answers[i] for i in cands]
        for guesses in (every, some):
            want = np.array(
                [reference.bucket_stats(game.guesses[g], words, ENTROPY_SCALE) for g in guesses]
            )
            for kernel in _kernel_outputs(game, cands, guesses):
                np.testing.assert_array_equal(kernel, want)
            np.testing.assert_array_equal(bucket_stats(game, cands, guesses).table, want)


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_near_perfect_scan_keeps_exactly_the_guesses_within_the_collisions(spec):
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"] + 100)
    answers = list(game.answers)
    for size in sorted({min(k, len(answers)) for k in (3, 8, 20)}):
        cands = np.sort(rng.choice(len(answers), size, replace=False)).astype(np.int32)
        words = [answers[i] for i in cands]
        want = {g: reference.bucket_stats(g, words, ENTROPY_SCALE) for g in game.guesses}
        for most in (0, 1, 3, size):
            for columns in _restrictions(game, cands, rng):
                kept = bucket_stats(game, cands, max_collisions=most, columns=columns)
                expected = [i for i, g in enumerate(game.guesses) if size - want[g][0] <= most]
                assert kept.guesses.tolist() == expected, most
                for t, g in enumerate(kept.guesses):
                    assert tuple(kept.table[t]) == want[game.guesses[g]]


def _restrictions(game, cands, rng):
    """No restriction, one over a random superset of ``cands``, and one made from that one."""
    n = len(game.answers)
    others = np.setdiff1d(np.arange(n, dtype=np.int32), cands)
    wide = np.sort(
        np.concatenate([cands, rng.choice(others, min(len(others), 2 * len(cands)), replace=False)])
    ).astype(np.int32)
    outer = Columns(game, wide)
    return [None, outer, Columns(game, cands, outer)]


def test_columns_are_the_pattern_matrix_restricted(original):
    rng = np.random.default_rng(9)
    wide = np.sort(rng.choice(len(original.answers), 300, replace=False)).astype(np.int32)
    narrow = np.sort(rng.choice(wide, 40, replace=False)).astype(np.int32)
    outer = Columns(original, wide)
    for columns, answers in (
        (outer, wide),
        (Columns(original, narrow, outer), narrow),
        (Columns(original, narrow), narrow),
    ):
        np.testing.assert_array_equal(columns.matrix, original.patterns[:, answers])
        assert len(columns) == len(answers)
        assert columns.position[answers].tolist() == list(range(len(answers)))
        assert (np.delete(columns.position, answers) == -1).all()


def test_columns_of_some_rows_fill_exactly_those_rows(original):
    # A state's allowed guesses only (hard and strict mode): those rows are the matrix's,
    # restricted to the answers, from the whole matrix or from a wider restriction; the others
    # are left as the buffer was (here: marked 255 beforehand, so a stray write would show).
    rng = np.random.default_rng(11)
    wide = np.sort(rng.choice(len(original.answers), 300, replace=False)).astype(np.int32)
    narrow = np.sort(rng.choice(wide, 40, replace=False)).astype(np.int32)
    rows = np.sort(rng.choice(len(original.guesses), 500, replace=False)).astype(np.int32)
    outer = Columns(original, wide)
    for within in (None, outer):
        columns = Columns(original, narrow, within, rows)
        np.testing.assert_array_equal(columns.matrix[rows], original.patterns[rows][:, narrow])
        assert columns.position[narrow].tolist() == list(range(len(narrow)))
        out = np.full((len(original.guesses), len(narrow)), 255, dtype=original.patterns.dtype)
        source, at = (
            (original.patterns, narrow)
            if within is None
            else (outer.matrix, outer.position[narrow])
        )
        _kernels.gather_columns(source, rows, at, out)
        expected = np.full_like(out, 255)
        for g in rows.tolist():  # plain Python, entry by entry
            for j, a in enumerate(narrow.tolist()):
                expected[g, j] = original.patterns[g, a]
        np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_first_perfect_is_the_first_guess_splitting_into_singletons(spec):
    game = small_game(**spec)
    rng = np.random.default_rng(spec["seed"] + 200)
    answers = list(game.answers)
    for size in sorted({min(k, len(answers)) for k in (2, 3, 4, 6, 10)}):
        for _ in range(5):
            cands = np.sort(rng.choice(len(answers), size, replace=False)).astype(np.int32)
            words = [answers[i] for i in cands]
            perfect = [
                i for i, g in enumerate(game.guesses) if len(reference.buckets(g, words)) == size
            ]
            for columns in _restrictions(game, cands, rng):
                got = first_perfect(game, cands, game.all_guesses, columns)
                assert got == (perfect[0] if perfect else -1)


def test_first_perfect_by_hand():
    """No guess of the -atch game tells the seven words apart (chomp leaves four together);
    batch tells batch from catch, and is the first guess in list order."""
    game = atch_game()
    every = game.all_guesses
    assert first_perfect(game, np.arange(7, dtype=np.int32), every) == -1
    assert game.guesses[first_perfect(game, np.array([0, 1], dtype=np.int32), every)] == "batch"


def test_the_layout_does_not_change_the_statistics(original):
    """Sets just below and above the pairwise and the transposed kernel's limits, on the real
    lists: every kernel agrees, whichever ``bucket_stats`` picks."""
    rng = np.random.default_rng(5)
    for size in (PAIRWISE_MAX, PAIRWISE_MAX + 1, TRANSPOSED_MAX, TRANSPOSED_MAX + 1):
        cands = np.sort(rng.choice(len(original.answers), size, replace=False)).astype(np.int32)
        row, transposed, pairs = _kernel_outputs(original, cands, original.all_guesses)
        np.testing.assert_array_equal(row, transposed)
        np.testing.assert_array_equal(row, pairs)
        np.testing.assert_array_equal(bucket_stats(original, cands).table, row)


def test_kernels_agree_past_256_feedback_patterns():
    """Mininerdle's 6-character equations have 3**6 = 729 feedback patterns, stored in two
    bytes: every kernel must compare them whole (the pairwise kernel once kept one byte, and
    Nerdle's ApMinTotal came out 35 too high). Against the plain count too."""
    from wordlekit import games

    game = games.game("Mininerdle")
    assert game.n_patterns > 256
    rng = np.random.default_rng(2)
    for size in (2, 7, PAIRWISE_MAX, 40):
        cands = np.sort(rng.choice(len(game.answers), size, replace=False)).astype(np.int32)
        words = [game.answers[i] for i in cands]
        want = np.array([reference.bucket_stats(g, words, ENTROPY_SCALE) for g in game.guesses])
        for kernel in _kernel_outputs(game, cands, game.all_guesses):
            np.testing.assert_array_equal(kernel, want)
        np.testing.assert_array_equal(bucket_stats(game, cands).table, want)
