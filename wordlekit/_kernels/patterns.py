"""Feedback patterns: the feedback of one guess against one answer (``feedback_code``), the
whole pattern matrix of two lists (``fill_pattern_matrix``, built once per pair of lists and
then read from disk by ``wordlekit.feedback``), one guess's (or several guesses') feedback
against some words (to filter guess lists) and the matrix restricted to some answers and
guesses (``gather_columns``).

Words are arrays of small integer symbol codes (``uint8``), one row per word. A feedback
pattern is a base-3 integer whose most significant digit is the first position: grey = 0,
yellow = 1, green = 2, so "all green" is ``3**L - 1``.
"""

import numpy as np
from numba import njit, prange

from .conventions import N_CHUNKS


@njit(cache=True)
def feedback_code(guess, answer, counts):
    """Feedback of ``guess`` against ``answer`` as a base-3 integer.

    ``counts`` is scratch of length n_symbols: zero on entry, zero again on return. Yellows are
    given left to right while unmatched copies of the letter remain in the answer, so a letter
    repeated in the guess is yellow at most as often as it is unmatched in the answer.
    """
    length = guess.shape[0]
    green = 0
    for i in range(length):
        if guess[i] == answer[i]:
            green |= 1 << i
        else:
            counts[answer[i]] += 1
    code = 0
    for i in range(length):
        code *= 3
        if green >> i & 1:
            code += 2
        elif counts[guess[i]] > 0:
            counts[guess[i]] -= 1
            code += 1
    for i in range(length):
        if not green >> i & 1:
            counts[answer[i]] = 0
    return code


@njit(parallel=True, cache=True)
def fill_pattern_matrix(guesses, answers_by_position, out):
    """out[i, j] = feedback of guesses[i] against answer j, for all pairs, in parallel.

    ``answers_by_position`` is the answers' (L, n_answers) transpose, so every inner loop runs
    over contiguous answers and vectorises (about 25x faster than a loop over pairs). The rule
    is the one of ``feedback_code``: position i of the guess, letter x, not green, is yellow
    iff the answer's non-green positions hold more x than the guess's non-green positions
    before i.
    """
    length, n = answers_by_position.shape
    n_guesses = guesses.shape[0]
    # Twice the other kernels' chunks: about 200 guesses each on the original lists instead of
    # 400, finer load balancing for one more scratch allocation per chunk (n_answers * (L + 6)
    # bytes). Why twice is not recorded (commit 6ae2a9c, which vectorised this kernel, measured
    # only the kernel as a whole: benchmarks/quoted-results.md); the matrix does not depend on
    # it, each row is written by one chunk, and it is built once per pair of lists, then read
    # from disk.
    n_chunks = min(N_CHUNKS * 2, n_guesses)
    for chunk in prange(n_chunks):
        green = np.empty((length, n), np.uint8)
        available = np.empty(n, np.uint8)
        used = np.empty(n, np.uint8)
        code = np.empty(n, np.int32)
        for gi in range(chunk * n_guesses // n_chunks, (chunk + 1) * n_guesses // n_chunks):
            guess = guesses[gi]
            for i in range(length):
                letter = guess[i]
                column = answers_by_position[i]
                green_i = green[i]
                for j in range(n):
                    green_i[j] = column[j] == letter
            code[:] = 0
            for i in range(length):
                letter = guess[i]
                green_i = green[i]
                available[:] = 0
                for p in range(length):
                    column = answers_by_position[p]
                    green_p = green[p]
                    for j in range(n):
                        available[j] += (column[j] == letter) & (green_p[j] ^ 1)
                used[:] = 0
                for p in range(i):
                    if guess[p] == letter:
                        green_p = green[p]
                        for j in range(n):
                            used[j] += green_p[j] ^ 1
                for j in range(n):
                    yellow = (green_i[j] ^ 1) & (available[j] > used[j])
                    code[j] = code[j] * 3 + 2 * green_i[j] + yellow
            for j in range(n):
                out[gi, j] = code[j]


@njit(cache=True)
def fill_feedback_row(guess, words, indices, n_symbols, out):
    """out[t] = feedback of ``guess`` against words[indices[t]] (for filtering guess lists)."""
    counts = np.zeros(n_symbols, np.int32)
    for t in range(indices.shape[0]):
        out[t] = feedback_code(guess, words[indices[t]], counts)


@njit(cache=True)
def fill_feedback_rows(words, rows, indices, n_symbols, out):
    """out[i, t] = feedback of words[rows[i]] against words[indices[t]] (the strict rule's
    filter of many guesses at once)."""
    for i in range(rows.shape[0]):
        fill_feedback_row(words[rows[i]], words, indices, n_symbols, out[i])


@njit(parallel=True, cache=True)
def gather_columns(patterns, rows, answers, out):
    """out[g, j] = patterns[g, answers[j]] for the guesses g in ``rows`` (every guess, or the
    ones a state's rule allows), the other rows of ``out`` left as they are: the pattern matrix
    restricted to some answers, in parallel over the rows (each read once, in increasing
    column order)."""
    n_rows = rows.shape[0]
    m = answers.shape[0]
    n_chunks = min(N_CHUNKS, n_rows)
    for chunk in prange(n_chunks):
        for t in range(chunk * n_rows // n_chunks, (chunk + 1) * n_rows // n_chunks):
            g = rows[t]
            row = patterns[g]
            for j in range(m):
                out[g, j] = row[answers[j]]
