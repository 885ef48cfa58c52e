"""Other guessing games of Cunanan & Thielscher's Table 3, generated from their rules.

Wordle's feedback rule applies unchanged to any symbols, so each of these games is
``game.Game`` on two lists of equal-length strings, and this module only makes the lists:
``game`` is the model every game is played in, ``games`` the other games' words. Three games
can be generated exactly from their rules:

- **Primel**: the secret and every guess is a 5-digit prime (10007 ... 99991): 8,363 of them.
- **Nerdle** (8 symbols) and **Mininerdle** (6 symbols): a true equation over
  ``0123456789+-*/=``. The rules used here, from the game's help page: exactly one ``=``;
  left of it numbers joined by ``+ - * /`` (no sign in front of a number, no brackets), with the
  usual precedence (``*`` and ``/`` before ``+`` and ``-``, left to right) and exact arithmetic;
  right of it a single number, the value, so a non-negative integer; no number has a leading
  zero. Three details the help page leaves open are settings: whether a number may be a lone
  zero on the left (``lone_zero``: ``0+7=7``, ``7*0=0``), whether the result may be zero
  (``zero_result``: ``5-5=0``) and whether every division must come out whole
  (``whole_division``: ``3/2*4=6``). ``EQUATION_RULES`` is the combination that reproduces the
  paper's set sizes exactly (17,723 Nerdle and 206 Mininerdle equations; measured, see
  ``tests/test_games.py``): no lone zero on the left, a zero result allowed, fractions allowed
  in between as long as the value is a whole number.

FFXIVrdle (849 guesses, 168 secrets of Final Fantasy XIV names) has no public list: it cannot
be regenerated, and the tables say so.

Two games with another answering function (``answering.Pegs``), the classics of the field:

- **Mastermind** ``mastermind-P-C``: codes of P pegs of C colours, repetition allowed,
  written as digits 1..C; the answer is black pegs (right colour, right place) and white pegs
  (right colour, wrong place). ``mastermind`` is ``mastermind-4-6``: 1,296 codes (Knuth 1976).
- **Bulls and Cows** ``bulls-and-cows``: codes of 4 distinct digits 0-9, 5,040 of them; the
  answer is bulls and cows, which are black and white pegs.

In both every code may be guessed and may be the secret (G = S).

References
----------
- [cunanan2023]_, Table 3: Primel, Nerdle, Mininerdle and FFXIVrdle.
- [knuth1976]_: Mastermind (4, 6); [tanaka2009]_: the published optimum of Bulls and Cows.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import numpy as np

from .answering import Pegs
from .errors import WordlekitError
from .feedback import check_matrix_size
from .game import Game
from .words import WordList

OPERATORS = "+-*/"


def primes_with_digits(digits: int = 5) -> tuple[str, ...]:
    """Every prime with exactly ``digits`` digits, as strings, in increasing order."""
    if not 1 <= digits <= 8:
        raise WordlekitError(f"primes with {digits} digits: expected 1 to 8 digits")
    hi = 10**digits
    sieve = np.ones(hi, dtype=bool)
    sieve[:2] = False
    for p in range(2, int(hi**0.5) + 1):
        if sieve[p]:
            sieve[p * p :: p] = False
    lo = 10 ** (digits - 1) if digits > 1 else 0
    return tuple(str(p) for p in np.flatnonzero(sieve[lo:]) + lo)


def _numbers(width: int, lone_zero: bool) -> list[str]:
    """Decimal numbers of exactly ``width`` digits without a leading zero."""
    if width == 1:
        return [str(d) for d in range(0 if lone_zero else 1, 10)]
    return [str(v) for v in range(10 ** (width - 1), 10**width)]


def _evaluate(numbers: list[int], ops: tuple[str, ...], whole_division: bool):
    """Exact value of numbers[0] ops[0] numbers[1] ... with * and / first; None if undefined."""
    terms = [Fraction(numbers[0])]
    signs = []
    for op, value in zip(ops, numbers[1:]):
        if op in "*/":
            if op == "*":
                terms[-1] *= value
            else:
                if value == 0:
                    return None
                if whole_division and terms[-1] % value != 0:
                    return None
                terms[-1] /= value
        else:
            signs.append(op)
            terms.append(Fraction(value))
    total = terms[0]
    for op, term in zip(signs, terms[1:]):
        total = total + term if op == "+" else total - term
    return total


def equations(
    length: int = 8, lone_zero: bool = False, whole_division: bool = False, zero_result: bool = True
) -> tuple[str, ...]:
    """Every valid Nerdle equation of ``length`` symbols (sorted), under the rules above."""
    if not 5 <= length <= 10:
        raise WordlekitError(f"equations of length {length}: expected 5 to 10 symbols")
    found = set()
    for lhs_len in range(3, length - 1):
        rhs_len = length - 1 - lhs_len
        # k numbers and k - 1 operators fill lhs_len symbols
        for k in range(2, (lhs_len + 1) // 2 + 1):
            digits = lhs_len - (k - 1)
            for widths in itertools.product(range(1, digits + 1), repeat=k):
                if sum(widths) != digits:
                    continue
                pools = [_numbers(w, lone_zero) for w in widths]
                for ops in itertools.product(OPERATORS, repeat=k - 1):
                    for nums in itertools.product(*pools):
                        value = _evaluate([int(x) for x in nums], ops, whole_division)
                        if value is None or value < 0 or value.denominator != 1:
                            continue
                        rhs = str(value.numerator)
                        if len(rhs) != rhs_len or (rhs == "0" and not zero_result):
                            continue
                        lhs = nums[0] + "".join(o + x for o, x in zip(ops, nums[1:]))
                        found.add(f"{lhs}={rhs}")
    return tuple(sorted(found))


#: The rule settings that reproduce the paper's set sizes (also the defaults of ``equations``).
EQUATION_RULES = {"lone_zero": False, "whole_division": False, "zero_result": True}

#: |G| = |S| as published in Cunanan & Thielscher's Table 3.
PUBLISHED_SIZES = {"Primel": 8363, "Nerdle": 17723, "Mininerdle": 206, "FFXIVrdle": 168}


#: Games by name with another answering function than Wordle's (``game`` takes them all).
CODE_GAMES = ("mastermind", "mastermind-P-C", "bulls-and-cows")


def mastermind(pegs: int = 4, colours: int = 6, mode: str = "easy") -> Game:
    """Mastermind with ``pegs`` pegs of ``colours`` colours (digits 1..colours), repetition
    allowed: ``colours**pegs`` codes, every one a guess and a possible secret.

    Its size is limited by memory alone, by the one guard of every game
    (``feedback.check_matrix_size``, ``WORDLEKIT_MAX_MATRIX_GB``, 2 GB unless set), checked
    before any code is listed. The pattern matrix is codes**2 bytes (twice that in memory once a
    scan reads its transposed copy): 1,296**2 = 1.7 MB for
    (4, 6), 2,401**2 = 5.8 MB for (4, 7), 32,768**2 = 1.07 GB for Super Mastermind (5, 8). The
    exact solver's memo adds its states' keys (the candidates' indices, and in strict mode the
    allowed guesses', 4 bytes each) and values: in (5, 8)'s strict search about 500 to 640
    bytes per state kept, 20 million states (12 GB at the peak, with the matrix) for its bucket
    of 5,504 codes (benchmarks/mastermind-ladder-super-results.md,
    ``experiments.mastermind_ladder``); ``branch_and_bound.Memo(limit=)`` keeps a memo smaller.
    """
    if not 1 <= colours <= 9 or not 1 <= pegs <= 8:
        raise WordlekitError(
            f"mastermind with {pegs} pegs of {colours} colours: expected 1 to 9 colours and "
            f"1 to 8 pegs"
        )
    check_matrix_size(colours**pegs, colours**pegs, 1, what=f"mastermind-{pegs}-{colours}")
    return _code_game(Pegs(pegs, "123456789"[:colours]), f"mastermind-{pegs}-{colours}", mode)


def bulls_and_cows(mode: str = "easy") -> Game:
    """Bulls and Cows: 4 distinct digits 0-9 (5,040 codes), every one a guess and a secret."""
    return _code_game(Pegs(4, "0123456789", distinct=True), "bulls-and-cows", mode)


class CodeList(WordList):
    """The codes of a code game: a word list whose words may be 1 or 2 symbols long (the tiny
    Mastermind games the tests solve by brute force have 2 pegs)."""

    min_length = 1


def _code_game(answering: Pegs, name: str, mode: str) -> Game:
    codes = CodeList(answering.codes(), f"{name} codes ({answering.name})")
    return Game(codes, codes, mode, answering)


def game(name: str, mode: str = "easy", **rules) -> Game:
    """The game ``name`` with G = S, generated from its rules: Primel, Nerdle, Mininerdle,
    ``mastermind``, ``mastermind-P-C`` (P pegs, C colours) or ``bulls-and-cows``."""
    key = name.strip().lower()
    sized = re.fullmatch(r"mastermind-(\d+)-(\d+)", key)
    if key == "mastermind" or sized:
        return mastermind(*(map(int, sized.groups()) if sized else ()), mode=mode)
    if key == "bulls-and-cows":
        return bulls_and_cows(mode)
    if key == "primel":
        words = primes_with_digits(5)
    elif key in ("nerdle", "mininerdle"):
        words = equations(8 if key == "nerdle" else 6, **{**EQUATION_RULES, **rules})
    elif key == "ffxivrdle":
        raise WordlekitError(
            "FFXIVrdle: its word list (849 guesses, 168 secrets) is not public; "
            "expected one of Primel, Nerdle, Mininerdle"
        )
    else:
        raise WordlekitError(
            f"unknown game {name!r}; expected one of Primel, Nerdle, Mininerdle, "
            f"{', '.join(CODE_GAMES)}"
        )
    wl = WordList(words, f"generated {name}")  # messages add the count (WordList.described)
    return Game(wl, wl, mode)
