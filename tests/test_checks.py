"""checks.whole_number, the one check of a count a caller passes: hand-worked cases."""

import numpy as np
import pytest

from wordlekit import WordlekitError
from wordlekit.checks import whole_number


@pytest.mark.parametrize("value", [1, 7, np.int64(3), np.int32(1)])
def test_a_whole_number_at_least_the_bound_is_returned_as_an_int(value):
    got = whole_number(value, "top-k")
    assert got == int(value) and type(got) is int


@pytest.mark.parametrize(
    "value, low, message",
    [
        (0, 1, "top-k must be a whole number >= 1, got 0"),
        (-1, 0, "top-k must be a whole number >= 0, got -1"),
        (2.0, 1, "top-k must be a whole number >= 1, got 2.0"),  # a float, even a whole one
        (True, 1, "top-k must be a whole number >= 1, got True"),  # a bool is no count
        ("3", 1, "top-k must be a whole number >= 1, got '3'"),
        (None, 1, "top-k must be a whole number >= 1, got None"),  # None not allowed here
        ("x", None, "top-k must be a whole number, got 'x'"),  # no bound: a seed
    ],
)
def test_anything_else_is_one_message_naming_the_value_and_the_range(value, low, message):
    with pytest.raises(WordlekitError) as caught:
        whole_number(value, "top-k", low)
    assert str(caught.value) == message


def test_none_is_allowed_only_when_the_caller_says_what_it_means():
    assert whole_number(None, "top-k", none="every guess") is None
    assert whole_number(-5, "seed", low=None) == -5
    with pytest.raises(WordlekitError) as caught:
        whole_number(0, "top-k", none="every guess")
    assert str(caught.value) == "top-k must be a whole number >= 1 or None (every guess), got 0"
