"""Other guessing games: Primel and Nerdle lists generated from their rules."""

import itertools
import re
from fractions import Fraction

import pytest

from wordlekit import WordlekitError
from wordlekit.games import PUBLISHED_SIZES, equations, game, primes_with_digits
from wordlekit.optimal import Solver

NUMBER = re.compile(r"^(0|[1-9][0-9]*)$")


def reference_equations(length):
    """Every true equation of ``length`` symbols, by brute force over all left-hand sides and
    Python's own arithmetic (an implementation independent of wordlekit.games)."""
    found = []
    for lhs_len in range(3, length - 1):
        for lhs in itertools.product("0123456789+-*/", repeat=lhs_len):
            lhs = "".join(lhs)
            numbers = re.split(r"[-+*/]", lhs)
            if len(numbers) < 2 or not all(NUMBER.match(x) and x != "0" for x in numbers):
                continue
            try:
                value = eval(re.sub(r"(\d+)", r"Fraction(\1)", lhs))  # exact arithmetic
            except ZeroDivisionError:
                continue
            if (
                value >= 0
                and value.denominator == 1
                and len(str(value.numerator)) == length - 1 - lhs_len
            ):
                found.append(f"{lhs}={value.numerator}")
    return sorted(found)


def test_primel_is_the_five_digit_primes():
    primes = primes_with_digits(5)
    assert len(primes) == PUBLISHED_SIZES["Primel"] == 8363
    assert primes[0] == "10007" and primes[-1] == "99991"
    for p in primes[::97]:
        n = int(p)
        assert all(n % d for d in range(2, int(n**0.5) + 1))


def test_mininerdle_equations_match_brute_force_and_the_paper():
    assert Fraction  # used by reference_equations' eval
    got = equations(6)
    assert list(got) == reference_equations(6)
    assert len(got) == PUBLISHED_SIZES["Mininerdle"] == 206


def test_nerdle_has_the_published_number_of_equations():
    got = equations(8)
    assert len(got) == PUBLISHED_SIZES["Nerdle"] == 17723
    assert len(set(got)) == len(got) and all(len(e) == 8 and e.count("=") == 1 for e in got)
    for e in got[::211]:
        lhs, rhs = e.split("=")
        assert NUMBER.match(rhs) and eval(re.sub(r"(\d+)", r"Fraction(\1)", lhs)) == int(rhs)


def test_mininerdle_apmintotal_and_optimum():
    # Cunanan & Thielscher, Table 3: ApMinTotal(S, 20) = 544 for Mininerdle (206 equations).
    g = game("Mininerdle")
    root = g.initial_state()
    approx = Solver(g, max_guesses=None, breadth=20).value(root, 206)
    assert approx == 544
    assert Solver(g, max_guesses=None).value(root, 206) <= approx


def test_unavailable_and_unknown_games_are_refused():
    with pytest.raises(WordlekitError, match="FFXIVrdle: its word list .* is not public"):
        game("FFXIVrdle")
    with pytest.raises(WordlekitError, match="unknown game 'quordle'"):
        game("quordle")
