"""Black-and-white pegs: the answering function of Mastermind, and of Bulls and Cows (whose
bulls and cows are Mastermind's black and white pegs on codes of distinct digits).

A code is an array of small integer colour codes (``uint8``). Against a secret, a guess gets
``black`` pegs, the positions where both hold one colour, and ``white`` pegs, the colours the
two share elsewhere: sum over colours x of min(guess's x, secret's x) among the positions
that are not black (Knuth 1976, "The computer as master mind"). The feedback is the integer
``black * (P + 1) + white`` for P pegs, so a solved code (P black, no white) is
``P * (P + 1)``, the largest of the ``P * (P + 1) + 1`` integers a feedback can be: the
engine's convention that "solved" is the last feedback (``n_patterns - 1``).
"""

import numpy as np
from numba import njit, prange

from .conventions import N_CHUNKS


@njit(cache=True)
def pegs_code(guess, secret, counts):
    """Feedback ``black * (P + 1) + white`` of ``guess`` against ``secret``.

    ``counts`` is int32 scratch of length 2 * n_colours: zero on entry, zero again on return
    (the guess's unmatched colours in the first half, the secret's in the second).
    """
    pegs = guess.shape[0]
    half = counts.shape[0] // 2
    black = 0
    for i in range(pegs):
        if guess[i] == secret[i]:
            black += 1
        else:
            counts[guess[i]] += 1
            counts[half + secret[i]] += 1
    white = 0
    for i in range(pegs):
        if guess[i] != secret[i]:
            x = guess[i]
            white += min(counts[x], counts[half + x])
            counts[x] = 0  # each colour counted once
            counts[half + x] = 0
    for i in range(pegs):
        counts[half + secret[i]] = 0
    return black * (pegs + 1) + white


@njit(parallel=True, cache=True)
def fill_pegs_matrix(guesses, secrets, n_colours, out):
    """out[i, j] = pegs feedback of guesses[i] against secrets[j], in parallel over guesses."""
    n_guesses = guesses.shape[0]
    n_chunks = min(N_CHUNKS, n_guesses)
    for chunk in prange(n_chunks):
        counts = np.zeros(2 * n_colours, np.int32)
        for g in range(chunk * n_guesses // n_chunks, (chunk + 1) * n_guesses // n_chunks):
            for j in range(secrets.shape[0]):
                out[g, j] = pegs_code(guesses[g], secrets[j], counts)


@njit(cache=True)
def fill_pegs_row(guess, words, indices, n_colours, out):
    """out[t] = pegs feedback of ``guess`` against words[indices[t]] (to filter guess lists:
    the strict rule). The signature of ``patterns.fill_feedback_row``."""
    counts = np.zeros(2 * n_colours, np.int32)
    for t in range(indices.shape[0]):
        out[t] = pegs_code(guess, words[indices[t]], counts)


@njit(cache=True)
def smallest_images(codes, guesses, perms, maps, free, out):
    """For every code ``codes[guesses[t]]``, the smallest key (base-C number, first peg most
    significant, C = ``maps.shape[1]``) of its images under a group of peg and colour
    permutations: out[t] = min over k of the key of c' with c'[i] = sigma_k(c[perms[k, i]]),
    where sigma_k is ``maps[k]`` on the colours it maps (>= 0) and, on the others (the
    *free* colours, ``free`` in increasing order), the renaming that gives them the smallest
    free colours in order of first appearance: the smallest image under every permutation of
    the free colours at once, without enumerating them."""
    n_colours = maps.shape[1]
    pegs = codes.shape[1]
    renamed = np.empty(n_colours, np.int64)
    for t in range(guesses.shape[0]):
        code = codes[guesses[t]]
        best = -1
        for k in range(perms.shape[0]):
            for x in range(n_colours):
                renamed[x] = -1
            used = 0
            key = 0
            for i in range(pegs):
                x = code[perms[k, i]]
                y = maps[k, x]
                if y < 0:
                    if renamed[x] < 0:
                        renamed[x] = free[used]
                        used += 1
                    y = renamed[x]
                key = key * n_colours + y
            if best < 0 or key < best:
                best = key
        out[t] = best
