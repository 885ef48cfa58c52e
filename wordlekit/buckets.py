"""Bucket statistics: what every one-step score, valuation and bound is made of.

A guess g splits the candidate set C into feedback buckets, of sizes c_b (or prior masses W_b,
with a non-uniform prior over the answers). Every heuristic of the papers, every valuation of
Cunanan & Thielscher and the solver's lower bound V(g) is a function of a few statistics of
those buckets, computed here once per state for every allowed guess:

============  ==========================================  ===============================
name          uniform (unit weights)                      weighted by a prior
============  ==========================================  ===============================
``parts``     number of non-empty buckets                 same
``in_set``    1 if g is itself a candidate                same
``squares``   sum_b c_b**2                                sum_b W_b c_b
``entropy``   sum_b c_b log2 c_b (fixed point)            sum_b W_b log2 W_b (fixed point)
``largest``   max_b c_b                                   same
``heaviest``  sum_b max_{a in b} w_a = ``parts``           sum_b max_{a in b} w_a
============  ==========================================  ===============================

The entropy is an integer, ``round(x log2 x * scale)`` per bucket, so equal bucket multisets
tie exactly whatever the order of summation. With unit weights the weighted statistics equal
the uniform ones, so a weighted heuristic makes exactly the choices of its uniform twin.

Three kernels fill the same columns for the uniform case: one gathers the candidates out of each
guess's row of the pattern matrix (large sets), one streams each candidate's row of the
transposed matrix (small sets, up to ``TRANSPOSED_MAX`` candidates, two to four times as fast on the
solver's states: ``python benchmarks/buckets.py``), and one compares the candidates in pairs
(tiny sets, up to ``PAIRWISE_MAX``).
"""

from __future__ import annotations

import math

import numpy as np

from . import _kernels

# ENTROPY_SCALE, the fixed-point scale for c*log2(c): integer statistics make equal bucket
# multisets tie exactly, whatever the order of summation, where floating point would break
# ties at random. Defined beside the weights (the unit case of ``Weights.entropy_scale``).
from .prior import ENTROPY_SCALE, Weights

#: Candidate sets up to this size are scored from the transposed pattern matrix (faster there,
#: slower above: ``benchmarks/buckets.py``). Below 256, so the kernel's counts fit a byte.
TRANSPOSED_MAX = 64

#: Up to this size candidates are compared in pairs instead (n(n - 1)/2 byte comparisons per
#: guess, no counting array): faster than the transposed kernel for 2 to 24 candidates when
#: measured, slower from about 32 (``benchmarks/buckets.py``; benchmarks/quoted-results.md).
PAIRWISE_MAX = 24

#: Up to this size ``entropic_top_k`` compares candidates in pairs, up to ``ENTROPIC_COUNTS_MAX``
#: it counts the buckets of blocks of guesses side by side (byte counts), above it counts each
#: guess's buckets from its row. Pairs grow as n^2: on one thread they still beat the counts at
#: 65 candidates and lose at 100, where the counts beat the rows (benchmarks/quoted-results.md).
ENTROPIC_PAIRS_MAX = 64
ENTROPIC_COUNTS_MAX = 255

NAMES = ("parts", "in_set", "squares", "entropy", "largest", "heaviest")


def entropy_table(n_max: int, scale: int = ENTROPY_SCALE) -> np.ndarray:
    """``round(c * log2(c) * scale)`` for c = 0..n_max, as int64 (0 for c <= 1)."""
    out = np.zeros(n_max + 1, dtype=np.int64)
    for c in range(2, n_max + 1):
        out[c] = round(c * math.log2(c) * scale)
    return out


class BucketStats:
    """The bucket statistics of every guess in ``guesses`` at one candidate set.

    Attributes ``parts``, ``in_set``, ``squares``, ``entropy``, ``largest``, ``heaviest``:
    int64 arrays aligned with ``guesses`` (see the module docstring). ``mass`` is the number
    of candidates, or their prior weight.
    """

    __slots__ = ("guesses", "mass", "n", "table")

    def __init__(self, guesses: np.ndarray, table: np.ndarray, n: int, mass: int):
        self.guesses = guesses
        self.table = table
        self.n = n
        self.mass = mass

    parts = property(lambda self: self.table[:, _kernels.PARTS])
    in_set = property(lambda self: self.table[:, _kernels.IN_SET])
    squares = property(lambda self: self.table[:, _kernels.SQUARES])
    entropy = property(lambda self: self.table[:, _kernels.ENTROPY])
    largest = property(lambda self: self.table[:, _kernels.LARGEST])
    heaviest = property(lambda self: self.table[:, _kernels.HEAVIEST])

    @property
    def splits_nothing(self) -> np.ndarray:
        """True for guesses that leave the state unchanged: one bucket and not a candidate."""
        return (self.parts < 2) & (self.in_set == 0)

    @property
    def perfect(self) -> np.ndarray:
        """True for guesses that give every candidate its own feedback."""
        return self.parts == self.n


class Columns:
    """The pattern matrix restricted to the columns of some answers (a state's candidates).

    A scan of a subset of those answers that stops early (``bucket_stats(max_collisions=...)``,
    ``first_perfect``) reads a guess's feedback for its first few candidates only. In the
    game's matrix each of them is on its own cache line of a 2,315-byte row; here the row is
    ``len(answers)`` bytes, a few lines. The exact solver builds one per state of up to
    ``optimal.uniform.COLUMNS_MAX`` candidates and scans every state below it through it.

    Attributes
    ----------
    matrix : ndarray, shape (n_guesses, m)
        ``game.patterns[:, answers]``, contiguous, the dtype of ``game.patterns``; with
        ``rows``, only those guesses' rows are filled (the others are never written or read).
    position : ndarray of int32, shape (n_answers,)
        Column of each answer in ``matrix``, -1 for answers not in it.

    ``rows`` (a state's allowed guesses, in hard and strict mode): copy only these guesses'
    rows. A rule only shrinks the allowed guesses along a game, and the candidates' own guesses
    are allowed in every mode, so no state below the one that made it scans another row. In
    strict Mastermind that is the state's own codes instead of all 32,768
    (benchmarks/columns-rows-results.md).
    """

    def __init__(self, game, answers: np.ndarray, within: Columns | None = None, rows=None):
        self.matrix = np.empty((game.patterns.shape[0], len(answers)), dtype=game.patterns.dtype)
        # from a wider restriction holding these answers, if given: its rows are shorter
        matrix, columns = _matrix_and_columns(game, answers, within)
        _kernels.gather_columns(
            matrix, game.all_guesses if rows is None else rows, columns, self.matrix
        )
        self.position = np.full(len(game.answers), -1, dtype=answers.dtype)
        self.position[answers] = np.arange(len(answers), dtype=answers.dtype)

    def __len__(self) -> int:
        return self.matrix.shape[1]


def _matrix_and_columns(game, candidates: np.ndarray, columns: Columns | None):
    """The pattern matrix to scan and the candidates' columns in it."""
    if columns is None:
        return game.patterns, candidates
    return columns.matrix, columns.position[candidates]


def bucket_stats(
    game,
    candidates: np.ndarray,
    guesses: np.ndarray | None = None,
    weights: np.ndarray | None = None,
    entropy_scale: int = ENTROPY_SCALE,
    max_collisions: int | None = None,
    columns: Columns | None = None,
) -> BucketStats:
    """The bucket statistics of every guess in ``guesses`` (default: all) over ``candidates``.

    Parameters
    ----------
    game : Game
    candidates : ndarray of int32
        Answer indices.
    guesses : ndarray of int32, optional
        Guess indices, e.g. ``game.allowed_guesses(state)``.
    weights : ndarray of int64, optional
        Prior weight of every answer (``Prior.weights_for(game)``); None for unit weights.
    entropy_scale : int
        Fixed-point scale of ``entropy``.
    max_collisions : int, optional
        Keep only the guesses with at most this many *collisions* (n - parts: candidates that
        share a bucket with an earlier one); the result's ``guesses`` are those, in the given
        order. Unit weights only. Much faster when it is small: a guess is dropped at its
        first collision too many (how the solver finds the few guesses that can beat a budget).
    columns : Columns, optional
        With ``max_collisions``: scan this restriction of the pattern matrix, which must hold
        every candidate (same result, fewer cache lines read).
    """
    if guesses is None:
        guesses = game.all_guesses
    n = len(candidates)
    if max_collisions is not None:
        if weights is not None:
            raise ValueError("max_collisions needs unit weights")
        table = np.empty((len(guesses), _kernels.N_BUCKET_STATS), dtype=np.int64)
        keep = np.empty(len(guesses), dtype=np.bool_)
        matrix, cols = _matrix_and_columns(game, candidates, columns)
        _kernels.fill_bucket_stats_near(
            matrix,
            cols,
            guesses,
            max_collisions,
            _entropy_table(game, entropy_scale),
            game.n_patterns,
            keep,
            table,
        )
        return BucketStats(guesses[keep], table[keep], n, n)
    table = np.empty((len(guesses), _kernels.N_BUCKET_STATS), dtype=np.int64)
    if weights is not None:
        _kernels.fill_weighted_stats(
            game.patterns, candidates, weights, guesses, entropy_scale, game.n_patterns, table
        )
        return BucketStats(guesses, table, n, Weights(weights).mass(candidates))
    entropy = _entropy_table(game, entropy_scale)
    if n <= PAIRWISE_MAX and len(guesses) > 0:
        _kernels.fill_bucket_stats_pairs(
            _transposed(game)[0], candidates, guesses, entropy, game.solved, table
        )
    elif n <= TRANSPOSED_MAX and len(guesses) > 0:
        patterns_t, counts = _transposed(game)
        _kernels.fill_bucket_stats_t(patterns_t, candidates, guesses, entropy, counts, table)
    else:
        _kernels.fill_bucket_stats(
            game.patterns, candidates, guesses, entropy, game.n_patterns, table
        )
    return BucketStats(guesses, table, n, n)


def parts_of_every_guess(game, candidates: np.ndarray) -> np.ndarray:
    """``parts`` alone, for every guess of the game (int64): what the lower bounds need.

    A kernel of its own (one bit per feedback and guess, from the transposed matrix) for the
    bounds' many small sets: counting the buckets alone is faster than the full statistics
    (benchmarks/quoted-results.md), and Table 4's filtering calls it at
    hundreds of thousands of states.
    """
    out = np.empty(len(game.guesses), dtype=np.int64)
    _kernels.fill_parts(
        _transposed(game)[0], candidates, game.n_patterns, _kernels.PARTS_BLOCK, out
    )
    return out


def max_splits(
    game,
    candidates: np.ndarray,
    cap: int | None = None,
    floor: int = 0,
    superset_parts: np.ndarray | None = None,
) -> int:
    """MaxSplits(C): the most feedback buckets (all green included) any guess of the game makes
    of ``candidates``; with ``cap``, min(MaxSplits(C), cap), found sooner when a guess reaches
    it. One kernel for every size (``_kernels.max_splits``).

    ``floor``: where the best count starts (e.g. the candidates' own best), so that guesses
    that cannot beat it are not read; the answer is then min(max(MaxSplits(C), floor), cap).
    ``superset_parts``: every guess's buckets of a superset of C, if known; a guess never
    makes more buckets of a set than of a superset. From ``PRUNE_MIN`` candidates on, every
    guess also gets the bound of ``split_bounds``.
    """
    cap = len(candidates) if cap is None else min(cap, len(candidates))
    return int(
        _kernels.max_splits(
            _transposed(game)[0],
            candidates,
            None,
            cap,
            game.n_patterns,
            _kernels.PARTS_BLOCK,
            parts_limits(game, candidates, cap, floor, superset_parts),
            floor,
        )
    )


def parts_limits(
    game, candidates: np.ndarray, cap: int, floor: int, superset_parts: np.ndarray | None = None
) -> np.ndarray | None:
    """An upper bound on every guess's buckets of ``candidates`` for a MaxSplits scan that
    starts from ``floor``, or None when there is none worth having: ``superset_parts`` if
    given, and from ``PRUNE_MIN`` candidates on ``split_bounds`` (the smaller of the two) if
    the game's feedback is tiles per letter (``answering.letters``)."""
    if len(candidates) < PRUNE_MIN or floor >= cap or not game.answering.letters:
        return superset_parts
    limits = split_bounds(game, candidates, cap)
    if superset_parts is not None:
        np.minimum(limits, superset_parts, out=limits)
    return limits


#: From this many candidates on, ``max_splits`` skips the guesses whose ``split_bounds`` cannot
#: beat the best count so far. Measured on the buckets of random openers, the larger the set the
#: more it saves; at 32 to 63 candidates it breaks even, below that it is slower (the bound costs
#: a pass over every guess): benchmarks/quoted-results.md.
PRUNE_MIN = 64


def split_bounds(game, candidates: np.ndarray, cap: int | None = None) -> np.ndarray:
    """An upper bound on every guess's number of buckets of ``candidates`` (int64, by guess,
    at most ``cap``), without reading the pattern matrix.

    A feedback is one tile per position, so a guess makes at most the product, over its
    positions, of the tiles it can show there (``_kernels.split_options``): a letter no
    candidate has is always grey (one tile), a letter every candidate has at that position
    always green, and so on. On a set whose candidates share absent or fixed letters, most
    guesses are bounded far below the set's MaxSplits: on the buckets of 60 random openers with
    64 or more candidates, the best count of the candidates' own guesses already rules out
    about half of all guesses.
    """
    cap = len(candidates) if cap is None else cap
    length, n_symbols = game.length, len(game.alphabet)
    once = np.empty((length, n_symbols), dtype=np.int64)
    repeated = np.empty_like(once)
    _kernels.split_options(game.answer_codes, candidates, n_symbols, once, repeated)
    out = np.empty(len(game.guesses), dtype=np.int64)
    _kernels.split_upper_bounds(game.guess_codes, _repeats(game), once, repeated, cap, out)
    return out


def compile_pruned_scan(game) -> None:
    """Compile (or load from numba's cache) the kernels of ``max_splits``'s pruned scan on two
    candidates of ``game``: only sets of ``PRUNE_MIN`` candidates or more use them, which the
    warm-ups on tiny games never reach, and workers of a sweep must not compile them at once."""
    candidates = game.initial_state().candidates[:2]
    _kernels.max_splits(
        _transposed(game)[0],
        candidates,
        None,
        2,
        game.n_patterns,
        _kernels.PARTS_BLOCK,
        split_bounds(game, candidates) if game.answering.letters else None,
        0,
    )


def _repeats(game) -> np.ndarray:
    """Per guess, bit k set when its symbol at position k is repeated in it (built once)."""
    cache = game.list_arrays
    if "repeats" not in cache:
        cache["repeats"] = np.empty(len(game.guesses), dtype=np.int64)
        _kernels.repeat_masks(game.guess_codes, cache["repeats"])
    return cache["repeats"]


def entropic_values(game, candidates: np.ndarray, guesses: np.ndarray) -> np.ndarray:
    """The action values of Action Value Tree Search's entropic estimator for every guess in
    ``guesses`` (``avts.EntropicEstimator``: its formula, computed the same way to the last
    bit), -inf for a guess that splits nothing and is not a candidate.

    Only for candidate sets of 2 to ``PAIRWISE_MAX``, the sizes of most new nodes of a search:
    one fused pass that writes no table of statistics (on one thread faster than
    ``bucket_stats`` and the numpy formula there, most at the smallest sets:
    ``benchmarks/twins-results.md``).
    """
    n = len(candidates)
    if not 2 <= n <= PAIRWISE_MAX:
        raise ValueError(f"entropic_values takes 2 to {PAIRWISE_MAX} candidates, not {n}")
    values = np.empty(len(guesses), dtype=np.float64)
    _kernels.entropic_values(
        _transposed(game)[0],
        candidates,
        guesses,
        _entropy_table(game, ENTROPY_SCALE),
        game.solved,
        math.log2(n),
        float(n * ENTROPY_SCALE),
        values,
    )
    return values


def entropic_top_k(
    game, candidates: np.ndarray, guesses: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` best action values of the entropic estimator (``entropic_values``) over
    ``guesses``, best first, equal values in ``guesses``' order, without a value per guess.

    Returns (positions into ``guesses``, int64; values, float64), at most ``k`` of each: fewer
    when fewer guesses make progress. On one thread, keeping the best as it goes (a new node of
    a tree search remembers only its few best actions, ``avts.node``), by pairs up to
    ``ENTROPIC_PAIRS_MAX`` candidates (almost every new node), then by counting. A search
    creates nodes by the thousand, and on a busy machine a parallel launch per node cost more
    than the scan (``benchmarks/avts.py``).
    """
    n = len(candidates)
    if n < 2:
        raise ValueError(f"entropic_top_k takes 2 or more candidates, not {n}")
    positions = np.empty(max(0, min(k, len(guesses))), dtype=np.int64)
    values = np.empty(len(positions), dtype=np.float64)
    contiguous = guesses is game.all_guesses  # easy mode: read the rows in place
    # What the three scans share after the matrix they read: the value's terms and the output.
    scan = (
        _entropy_table(game, ENTROPY_SCALE),
        game.n_patterns,
        math.log2(n),
        float(n * ENTROPY_SCALE),
        positions,
        values,
    )
    if n <= ENTROPIC_PAIRS_MAX:
        found = _kernels.entropic_top_k(
            _transposed(game)[0], candidates, guesses, contiguous, *scan
        )
    elif n <= ENTROPIC_COUNTS_MAX:
        found = _kernels.entropic_top_k_counts(
            _transposed(game)[0], candidates, guesses, contiguous, *scan
        )
    else:
        found = _kernels.entropic_top_k_rows(game.patterns, candidates, guesses, *scan)
    return positions[:found], values[:found]


def first_perfect(
    game, candidates: np.ndarray, guesses: np.ndarray, columns: Columns | None = None
) -> int:
    """Position in ``guesses`` of the first one that gives every candidate its own feedback,
    or -1 (a scan that drops each guess at its first repeated feedback; through ``columns``,
    a restriction holding every candidate, if given)."""
    matrix, cols = _matrix_and_columns(game, candidates, columns)
    return int(_kernels.first_perfect(matrix, cols, guesses, game.n_patterns))


def _entropy_table(game, scale: int) -> np.ndarray:
    cache = game.list_arrays
    key = ("entropy", scale)
    if key not in cache:
        cache[key] = entropy_table(len(game.answers), scale)
    return cache[key]


def transposed_patterns(game) -> np.ndarray:
    """The game's pattern matrix transposed, (n_answers, n_guesses), contiguous: one row of
    every guess's feedback per answer. Built once per game (shared by its modes)."""
    return _transposed(game)[0]


def _transposed(game) -> tuple[np.ndarray, np.ndarray]:
    """The game's (n_answers, n_guesses) pattern matrix and the zeroed counts the transposed
    kernel needs, built once per game (shared by its modes)."""
    cache = game.list_arrays
    if "patterns_t" not in cache:
        cache["patterns_t"] = np.ascontiguousarray(game.patterns.T)
        cache["counts_t"] = np.zeros((len(game.guesses), game.n_patterns), dtype=np.uint8)
    return cache["patterns_t"], cache["counts_t"]
