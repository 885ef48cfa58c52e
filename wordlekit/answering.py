"""Answering functions: what a guessing game tells the player about a guess.

Cunanan & Thielscher (Definition 1) define a guessing game by its guesses G, its secrets S
and an answering function a: G x S -> R, with one answer meaning "solved". Everything the
engine does (splits, heuristics, valuations, bounds, the exact solver) reads only the pattern
matrix ``a(g, s)`` of small integers, so a game needs from its answering function just:

- ``n_patterns(length)``: how many answers there can be, the last one (``n_patterns - 1``)
  meaning "solved";
- ``n_feedbacks(length)``: how many of those can occur at all, an upper bound on the buckets
  any guess makes (the exact solver's floors, ``bounds.bound``);
- ``matrix(guesses, answers)``: the pattern matrix, built by a numba kernel;
- ``fill_row``: that kernel for one guess against some words (the strict rule filters the
  guesses consistent with a feedback with it), signature ``(guess, words, indices,
  n_symbols, out)`` on words encoded by ``WordList.encode``;
- ``format`` / ``parse``: the answer as text, both ways;
- ``why_not(word)``: why a string cannot be a guess of the game, for a clear error.

``letters`` says whether the answer is a tile per letter position: then the NYT hard rule and
the tile bound on a guess's number of buckets (``buckets.split_bounds``) make sense. Two
answering functions exist: ``TILES``, Wordle's greens and yellows (Wordle, Primel, Nerdle,
Mininerdle), and ``Pegs``, Mastermind's black and white pegs (``_kernels.pegs``), which are
also Bulls and Cows' bulls and cows.

References
----------
- [cunanan2023]_, Definition 1: a guessing game and its answering function.
"""

from __future__ import annotations

import itertools
import re

import numpy as np

from . import _kernels
from .errors import WordlekitError
from .feedback import alphabet_of, format_feedback, n_patterns, parse_feedback, pattern_matrix
from .words import WordList


class Tiles:
    """Wordle's answering function: a grey, yellow or green tile per letter
    (``wordlekit.feedback``)."""

    name = "tiles"
    letters = True

    def __init__(self):
        self.fill_row = _kernels.fill_feedback_row

    def __repr__(self) -> str:
        return "TILES"

    @staticmethod
    def n_patterns(length: int) -> int:
        return n_patterns(length)

    @staticmethod
    def n_feedbacks(length: int) -> int:
        """3**L - L: every pattern but the L with one yellow and all other tiles green (the
        yellow letter would have to be at the one position left)."""
        return n_patterns(length) - length

    @staticmethod
    def matrix(guesses: WordList, answers: WordList) -> np.ndarray:
        return pattern_matrix(guesses, answers)

    @staticmethod
    def format(pattern: int, length: int) -> str:
        return format_feedback(pattern, length)

    @staticmethod
    def parse(text: str, length: int) -> int:
        return parse_feedback(text, length)

    @staticmethod
    def why_not(word: str) -> str | None:
        """None: a Wordle game's own messages name the list a word is missing from."""
        return None


#: Wordle's answering function, the default of every ``Game``.
TILES = Tiles()

_PEGS_TEXT = re.compile(r"^\s*(\d+)\s*b\s*(\d+)\s*w\s*$", re.IGNORECASE)


class Pegs:
    """Mastermind's answering function: black pegs (right colour, right place) and white pegs
    (right colour, wrong place), written ``"2B1W"``; the codes it answers about are strings
    of ``pegs`` symbols of ``symbols``, all distinct if ``distinct`` (Bulls and Cows).

    The feedback is ``black * (pegs + 1) + white`` (``_kernels.pegs``).
    """

    letters = False

    def __init__(self, pegs: int, symbols: str, distinct: bool = False):
        self.pegs, self.symbols, self.distinct = pegs, symbols, distinct
        self.name = f"pegs ({pegs} pegs of {symbols}{', distinct' if distinct else ''})"
        self.fill_row = _kernels.fill_pegs_row
        self._matrices: dict[tuple[str, str], np.ndarray] = {}

    def __repr__(self) -> str:
        return f"Pegs({self.pegs}, {self.symbols!r}, distinct={self.distinct})"

    def n_patterns(self, length: int) -> int:
        return length * (length + 1) + 1

    @staticmethod
    def n_feedbacks(length: int) -> int:
        """(P + 1)(P + 2) / 2 - 1: black + white <= P, but never P - 1 black and 1 white
        (14 for 4 pegs)."""
        return (length + 1) * (length + 2) // 2 - 1

    def matrix(self, guesses: WordList, answers: WordList) -> np.ndarray:
        """The (n_guesses, n_answers) pattern matrix, uint8, read-only, kept in memory (5,040
        codes take 25 MB and a fraction of a second, so nothing goes to disk)."""
        key = (guesses.sha256, answers.sha256)
        if key not in self._matrices:
            alphabet = alphabet_of(guesses)
            out = np.empty((len(guesses), len(answers)), dtype=np.uint8)
            _kernels.fill_pegs_matrix(
                guesses.encode(alphabet), answers.encode(alphabet), len(alphabet), out
            )
            out.setflags(write=False)
            self._matrices[key] = out
        return self._matrices[key]

    def format(self, pattern: int, length: int) -> str:
        if not 0 <= pattern < self.n_patterns(length):
            raise WordlekitError(
                f"pattern {pattern} is out of range; expected 0 to {self.n_patterns(length) - 1}"
            )
        black, white = divmod(int(pattern), length + 1)
        return f"{black}B{white}W"

    def parse(self, text: str, length: int) -> int:
        """``"2B1W"`` (any case, spaces allowed) -> the feedback integer; a clear error for
        anything else or for more pegs than positions."""
        found = _PEGS_TEXT.match(text)
        black, white = (int(found[1]), int(found[2])) if found else (-1, -1)
        if black < 0 or black + white > length or (black == length - 1 and white == 1):
            raise WordlekitError(
                f"feedback {text!r}: expected black and white pegs such as 2B1W, at most "
                f"{length} in all"
            )
        return black * (length + 1) + white

    def codes(self) -> tuple[str, ...]:
        """Every code, in increasing order."""
        if self.distinct:
            return tuple("".join(c) for c in itertools.permutations(self.symbols, self.pegs))
        return tuple("".join(c) for c in itertools.product(self.symbols, repeat=self.pegs))

    @staticmethod
    def opener_key(word: str) -> tuple[int, ...]:
        """The sorted multiplicities of the code's symbols: two codes are images of each other
        under permutations of the pegs and of the symbols iff their keys are equal
        (``wordlekit.equivalence``)."""
        return tuple(sorted(word.count(ch) for ch in set(word)))

    def why_not(self, word: str) -> str | None:
        """Why ``word`` is not a code (wrong length, a symbol out of range, a repeat), or None."""
        what = "digits" if self.distinct else "colours"
        expected = (
            f"expected {self.pegs} {'distinct ' if self.distinct else ''}{what} of "
            f"{self.symbols[0]}-{self.symbols[-1]}"
        )
        if len(word) != self.pegs:
            return f"has {len(word)} symbols; {expected}"
        for ch in word:
            if ch not in self.symbols:
                return f"has {what[:-1]} {ch!r}; {expected}"
        if self.distinct and len(set(word)) < len(word):
            repeated = next(ch for ch in word if word.count(ch) > 1)
            return f"repeats {what[:-1]} {repeated!r}; {expected}"
        return None
