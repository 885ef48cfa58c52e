"""A state of a one-board game: the candidates left, the guesses allowed, the turn, the history.

``game.Game`` makes and moves states; this module holds what a state is, so that ``split`` (the
buckets of one guess) and ``game`` can both build them. ``state_seed`` turns a state into the
seed of a per-state random draw.
"""

from __future__ import annotations

import functools
import hashlib

import numpy as np

from . import _kernels


class State:
    """Where a game stands: the candidates and (hard/strict) the guesses still allowed.

    Attributes
    ----------
    candidates : numpy.ndarray of int32, sorted
        Indices into the answer list of the answers consistent with the feedback so far.
    allowed : numpy.ndarray of int32, sorted, or None
        Indices into the guess list of the guesses allowed next; None means all (easy mode).
        May be given as ``derive``, a function of no argument that returns it: it is then
        computed on first use (most states a search creates are settled without it).
    turn : int
        Number of guesses already played.
    rule : bytes or None
        Hard mode: what the rule asks of the next guess (each position's green letter, each
        letter's least count), which decides ``allowed`` and so stands for it in ``key``
        without computing it. May be given as (parent's rule, guess's letter codes,
        feedback, alphabet size), computed on first use.
    history : tuple of (int, int)
        The (guess index, feedback pattern) of every turn played to reach the state, oldest
        first (as words and tiles: ``game.guesses[guess]``, ``game.format_feedback(pattern)``):
        ``turn`` pairs for a state reached from ``Game.initial_state``, none for one built
        directly. Not part of ``key``: states reached by different histories are one
        state. Given as ``link``, (parent's link, guess, patterns, b) with the feedback
        ``patterns[b]``, or None, the pairs are built when asked for (a search builds many
        states and reads no history: a link costs it one tuple, not even the feedback's read).
    """

    __slots__ = ("_allowed", "_derive", "_key", "_link", "_rule", "candidates", "turn")

    def __init__(
        self,
        candidates: np.ndarray,
        allowed: np.ndarray | None,
        turn: int,
        derive=None,
        rule=None,
        link=None,
    ):
        self.candidates = candidates
        self._allowed = allowed
        self._derive = derive
        self.turn = turn
        self._key = None
        self._rule = rule
        self._link = link

    @property
    def history(self) -> tuple[tuple[int, int], ...]:
        pairs, link = [], self._link
        while link is not None:
            link, guess, patterns, b = link
            pairs.append((int(guess), int(patterns[b])))
        return tuple(reversed(pairs))

    @property
    def allowed(self) -> np.ndarray | None:
        if self._derive is not None:
            self._allowed = self._derive()
            self._derive = None
        return self._allowed

    @property
    def rule(self) -> bytes | None:
        if type(self._rule) is tuple:
            parent, guess, pattern, n_symbols = self._rule
            self._rule = next_rule(parent, guess.tobytes(), int(pattern), n_symbols)
        return self._rule

    @property
    def key(self):
        """Hashable identity of the state for memoisation (the turn is not part of it): the
        candidates, and the allowed guesses or (hard mode) the rule that decides them."""
        if self._key is None:
            cands = self.candidates.tobytes()
            if self._rule is not None:
                self._key = (cands, self.rule)
            else:
                self._key = cands if self.allowed is None else (cands, self.allowed.tobytes())
        return self._key

    def __len__(self) -> int:
        return len(self.candidates)

    def __repr__(self) -> str:
        allowed = "all" if self.allowed is None else len(self.allowed)
        return f"State(turn={self.turn}, candidates={len(self.candidates)}, allowed={allowed})"


@functools.lru_cache(maxsize=1 << 16)
def next_rule(rule: bytes, guess: bytes, pattern: int, n_symbols: int) -> bytes:
    """What the hard-mode rule asks after ``guess`` (its symbol codes) got ``pattern``, when it
    asked ``rule`` before (``_kernels.hard_mode_rule``). Remembered: a search asks for the
    same few rules again and again (hard mode, later, one thread: 140,000 states built, every
    one's rule asked for its memo key, from a few thousand distinct rules), and a kernel call
    cost more than the rest of building the state."""
    return _kernels.hard_mode_rule(
        np.frombuffer(rule, np.uint8), np.frombuffer(guess, np.uint8), pattern, n_symbols
    ).tobytes()


def state_seed(seed: int, secrets: np.ndarray) -> int:
    """A 64-bit number from (seed, a state's secrets: one board, ``state.candidates``), the
    same in every run and process: the seed of a per-state random draw
    (``np.random.default_rng(state_seed(seed, state.candidates))``)."""
    digest = hashlib.blake2b(
        np.asarray(secrets).tobytes(),
        key=seed.to_bytes(8, "little", signed=True),
        digest_size=8,
    ).digest()
    return int.from_bytes(digest, "little")
