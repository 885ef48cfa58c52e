"""Feedback scoring: hand-worked repeated-letter cases, and the numba kernel against references."""

import importlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit import WordlekitError, WordList, feedback, format_feedback, parse_feedback
from wordlekit.feedback import alphabet_of, compute_pattern_matrix, pattern_dtype

from . import reference

# Worked by hand: greens first, then yellows left to right while unmatched copies remain.
HAND_CASES = [
    ("speed", "abide", "bbyby"),  # second e grey: abide has one e
    ("speed", "erase", "ybyyb"),  # both e yellow: erase has two unmatched e
    ("eerie", "creep", "yyybb"),  # third e grey: only two e in creep
    ("llama", "hello", "yybbb"),
    ("sassy", "basis", "yggbb"),  # green s at 2 uses one s; only one s left for the yellows
    ("salet", "salet", "ggggg"),
    ("abbey", "kebab", "yygyb"),  # b at position 3 is green; the other b takes the spare b
    ("crane", "nacre", "yyyyg"),  # an anagram: every letter present, only e in place
]


@pytest.mark.parametrize("guess, answer, tiles", HAND_CASES)
def test_hand_worked_feedback(guess, answer, tiles):
    assert format_feedback(feedback(guess, answer), 5) == tiles
    assert reference.feedback(guess, answer) == tiles


def test_encoding_is_base3_first_position_most_significant():
    assert parse_feedback("ggggg", 5) == 3**5 - 1
    assert parse_feedback("ybbbb", 5) == 81
    assert parse_feedback("bbbbg", 5) == 2
    assert parse_feedback("21000", 5) == parse_feedback("gybbb", 5) == parse_feedback("gy---", 5)


@pytest.mark.parametrize("text", ["gyb", "gybbx", "ggggg g", ""])
def test_malformed_feedback_is_refused_naming_it(text):
    with pytest.raises(WordlekitError, match="feedback"):
        parse_feedback(text, 5)


@pytest.mark.slow
def test_kernel_matches_numpy_reference_on_every_original_pair(original):
    expected = reference.feedback_matrix_numpy(list(original.guesses), list(original.answers))
    assert original.patterns.shape == (12972, 2315)
    assert original.patterns.dtype == np.uint8
    np.testing.assert_array_equal(original.patterns, expected)


def test_kernel_matches_plain_python_on_original_sample(original):
    rng = np.random.default_rng(0)
    for gi, ai in zip(rng.integers(0, 12972, 3000), rng.integers(0, 2315, 3000)):
        g, a = original.guesses[gi], original.answers[ai]
        assert original.patterns[gi, ai] == reference.tiles_to_code(reference.feedback(g, a))


# Small alphabets force repeated letters; lengths cover 3..8 (uint8 and uint16 patterns).
words = st.integers(3, 8).flatmap(
    lambda n: st.lists(
        st.text("abcd", min_size=n, max_size=n), min_size=2, max_size=12, unique=True
    )
)


@settings(max_examples=200, deadline=None)
@given(words)
def test_pattern_matrix_matches_plain_python_with_repeated_letters(word_list):
    wl = WordList(tuple(word_list), "hypothesis")
    alphabet = alphabet_of(wl)
    matrix = compute_pattern_matrix(wl.encode(alphabet), wl.encode(alphabet))
    assert matrix.dtype == pattern_dtype(wl.length)
    for i, g in enumerate(word_list):
        for j, a in enumerate(word_list):
            assert matrix[i, j] == reference.tiles_to_code(reference.feedback(g, a)), (g, a)


def test_numpy_reference_agrees_with_plain_python():
    # The NumPy reference checks the full matrix; make sure it is itself right.
    ws = ["speed", "abide", "erase", "eerie", "creep", "llama", "hello", "sassy", "basis"]
    m = reference.feedback_matrix_numpy(ws, ws)
    for i, g in enumerate(ws):
        for j, a in enumerate(ws):
            assert m[i, j] == reference.tiles_to_code(reference.feedback(g, a))


def test_pattern_matrix_is_cached_on_disk(tmp_path, monkeypatch):
    fb = importlib.import_module("wordlekit.feedback")
    monkeypatch.setenv("WORDLEKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(fb, "_matrices", {})
    monkeypatch.setattr(fb, "_DISK_CACHE_MIN", 0)
    wl = WordList(("crane", "slate", "nacre"), "t")
    first = fb.pattern_matrix(wl, wl)
    files = list(tmp_path.glob("patterns-*.npy"))
    assert len(files) == 1
    monkeypatch.setattr(fb, "_matrices", {})
    np.testing.assert_array_equal(fb.pattern_matrix(wl, wl), first)


def test_a_cache_that_cannot_be_written_costs_only_time(tmp_path, monkeypatch):
    fb = importlib.import_module("wordlekit.feedback")
    monkeypatch.setenv("WORDLEKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(fb, "_matrices", {})
    monkeypatch.setattr(fb, "_DISK_CACHE_MIN", 0)

    def disk_full(path, array):
        Path(path).write_bytes(b"partial")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fb.np, "save", disk_full)
    ws = ["crane", "slate", "nacre"]
    wl = WordList(tuple(ws), "t")
    np.testing.assert_array_equal(
        fb.pattern_matrix(wl, wl), reference.feedback_matrix_numpy(ws, ws)
    )
    assert not list(tmp_path.iterdir())  # no partial file left behind
