"""Feedback patterns: scoring one guess, parsing feedback strings, the cached pattern matrix.

A pattern is the base-3 integer of the tile colours read left to right (grey 0, yellow 1,
green 2), so "all green" is ``3**L - 1``. Letters repeated in a guess are coloured as the NYT
game does: greens first, then yellows left to right while unmatched copies remain.

The guesses x answers matrix (12,972 x 2,315 for the original lists) is built in parallel by
a numba kernel and cached on disk under a name derived from both lists' sha256, in the user's
cache folder (``cache.pattern_file``: ``WORDLEKIT_CACHE``, else the platformdirs one).
"""

from __future__ import annotations

import hashlib
import os

import numpy as np

from . import _kernels
from .cache import pattern_file
from .errors import WordlekitError
from .words import WordList

#: Bump when the pattern encoding changes, so stale caches are not reused.
_PATTERN_VERSION = "2"

GREY, YELLOW, GREEN = 0, 1, 2
_TILE_CHARS = {
    "b": GREY,
    "-": GREY,
    ".": GREY,
    "0": GREY,
    "y": YELLOW,
    "1": YELLOW,
    "g": GREEN,
    "2": GREEN,
}

#: Matrices smaller than this are rebuilt in microseconds and not written to disk.
_DISK_CACHE_MIN = 1_000_000

_matrices: dict[str, np.ndarray] = {}

#: The largest pattern matrix built unless ``WORDLEKIT_MAX_MATRIX_GB`` allows more, in GB
#: (10**9 bytes). The largest of the papers' games, Nerdle, takes 0.63 GB; two lists of 70,000
#: words would take 4.9 GB, twice that in memory with the transposed copy.
MAX_MATRIX_GB = 2.0


def _size(n_bytes: int) -> str:
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if n_bytes >= scale:
            return f"{n_bytes / scale:.3g} {unit}"
    return f"{n_bytes} bytes"


def check_matrix_size(
    n_guesses: int, n_answers: int, itemsize: int, what: str | None = None
) -> None:
    """Refuse, before anything is allocated, a pattern matrix of ``n_guesses`` x ``n_answers``
    entries of ``itemsize`` bytes larger than the limit: ``WORDLEKIT_MAX_MATRIX_GB`` if set,
    else ``MAX_MATRIX_GB``. One clear error names its size, what it costs and the limit.
    ``what``: a code game's name, whose guesses are its codes (its matrix is never cached on
    disk: ``answering.Pegs``)."""
    text = os.environ.get("WORDLEKIT_MAX_MATRIX_GB", "").strip()
    try:
        limit = float(text) if text else MAX_MATRIX_GB
    except ValueError:
        limit = float("nan")
    if not limit > 0:  # nan too
        raise WordlekitError(
            f"WORDLEKIT_MAX_MATRIX_GB {text!r}: expected a number of gigabytes above 0"
        )
    n_bytes = n_guesses * n_answers * itemsize
    if n_bytes > limit * 10**9 and what is not None:
        raise WordlekitError(
            f"{what}: {n_guesses:,} codes need a pattern matrix of {_size(n_bytes)} "
            f"(codes**2 bytes, twice that in memory with its transposed copy); the limit is "
            f"{limit:g} GB: set WORDLEKIT_MAX_MATRIX_GB to allow more"
        )
    if n_bytes > limit * 10**9:
        cached = n_guesses * n_answers >= _DISK_CACHE_MIN
        on_disk = ", and as much on disk in the cache" if cached else ""
        raise WordlekitError(
            f"{n_guesses:,} guesses x {n_answers:,} answers need a pattern matrix of "
            f"{_size(n_bytes)} (twice that in memory with its transposed copy{on_disk}); the "
            f"limit is {limit:g} GB: set WORDLEKIT_MAX_MATRIX_GB to allow more"
        )


def n_patterns(length: int) -> int:
    """Number of feedback patterns for words of ``length`` letters (3**length)."""
    return 3**length


def pattern_dtype(length: int):
    """Smallest unsigned dtype that holds every pattern of that length."""
    return np.uint8 if n_patterns(length) <= 256 else np.uint16


def alphabet_of(words: WordList) -> str:
    """The sorted symbols used by a word list."""
    return "".join(sorted({ch for w in words for ch in w}))


def feedback(guess: str, answer: str) -> int:
    """Pattern of ``guess`` against ``answer`` (two words of one length)."""
    if len(guess) != len(answer):
        raise WordlekitError(
            f"{guess!r} and {answer!r} have different lengths; expected words of one length"
        )
    lookup = {ch: i for i, ch in enumerate(sorted(set(guess) | set(answer)))}
    guess_codes = np.array([lookup[ch] for ch in guess], np.uint8)
    answer_codes = np.array([lookup[ch] for ch in answer], np.uint8)
    counts = np.zeros(len(lookup), np.int32)
    return int(_kernels.feedback_code(guess_codes, answer_codes, counts))


def format_feedback(pattern: int, length: int) -> str:
    """Pattern as a string of g (green), y (yellow), b (grey), e.g. ``"gybbb"``."""
    if not 0 <= pattern < n_patterns(length):
        raise WordlekitError(
            f"pattern {pattern} is out of range; expected 0 to {n_patterns(length) - 1}"
        )
    chars = []
    for _ in range(length):
        chars.append("byg"[pattern % 3])
        pattern //= 3
    return "".join(reversed(chars))


def parse_feedback(text: str, length: int) -> int:
    """Parse a feedback string of g/y/b (or -, or 2/1/0) tiles into a pattern.

    Raises a ``WordlekitError`` naming the string if it has the wrong length or another
    character.
    """
    cleaned = text.strip().lower()
    if len(cleaned) != length:
        raise WordlekitError(
            f"feedback {text!r} has {len(cleaned)} tiles; expected {length} of "
            "g (green), y (yellow), b or - (grey), or 2/1/0"
        )
    pattern = 0
    for ch in cleaned:
        if ch not in _TILE_CHARS:
            raise WordlekitError(
                f"feedback {text!r} has tile {ch!r}; expected g (green), y (yellow), "
                "b or - (grey), or 2/1/0"
            )
        pattern = pattern * 3 + _TILE_CHARS[ch]
    return pattern


def _cache_key(guesses: WordList, answers: WordList) -> str:
    text = f"{_PATTERN_VERSION}:{guesses.sha256}:{answers.sha256}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _encoded(guesses: WordList, answers: WordList):
    alphabet = alphabet_of(guesses)
    return guesses.encode(alphabet), answers.encode(alphabet)


def compute_pattern_matrix(guess_codes: np.ndarray, answer_codes: np.ndarray) -> np.ndarray:
    """Build the (n_guesses, n_answers) pattern matrix from encoded words, without caching."""
    length = guess_codes.shape[1]
    out = np.empty((guess_codes.shape[0], answer_codes.shape[0]), dtype=pattern_dtype(length))
    _kernels.fill_pattern_matrix(guess_codes, np.ascontiguousarray(answer_codes.T), out)
    return out


def pattern_matrix(guesses: WordList, answers: WordList) -> np.ndarray:
    """The guesses x answers pattern matrix, from memory, the disk cache, or computed.

    Returns
    -------
    numpy.ndarray, shape (len(guesses), len(answers)), dtype uint8 (L <= 5) or uint16
        ``out[i, j]`` is the pattern of guess i against answer j. Read-only.
    """
    key = _cache_key(guesses, answers)
    matrix = _matrices.get(key)
    if matrix is not None:
        return matrix
    check_matrix_size(len(guesses), len(answers), np.dtype(pattern_dtype(guesses.length)).itemsize)
    expected_shape = (len(guesses), len(answers))
    if expected_shape[0] * expected_shape[1] < _DISK_CACHE_MIN:
        matrix = compute_pattern_matrix(*_encoded(guesses, answers))
        matrix.setflags(write=False)
        _matrices[key] = matrix
        return matrix
    path = pattern_file(key)
    if path.is_file():
        try:
            matrix = np.load(path)
        except (OSError, ValueError):
            matrix = None
        if matrix is not None and (
            matrix.shape != expected_shape or matrix.dtype != pattern_dtype(guesses.length)
        ):
            matrix = None
    if matrix is None:
        matrix = compute_pattern_matrix(*_encoded(guesses, answers))
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npy")
        try:
            np.save(tmp, matrix)
            tmp.replace(path)
        except OSError:  # a full or read-only disk: the cache only saves time, go on without
            tmp.unlink(missing_ok=True)
    matrix.setflags(write=False)
    _matrices[key] = matrix
    return matrix
