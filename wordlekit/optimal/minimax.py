"""Minimax feasibility: can every answer still possible be found within d more guesses?

Write F(S, d) for "some strategy finds every candidate of the state S within d guesses" (the
worst case, no mean). Then

- F(S, d) is false for d = 0, and true for |S| = 1 and d >= 1 (guess it);
- F(S, 2) iff some guess allowed at S gives every candidate its own feedback (a guess in S may
  be one of them: its all-green part is won on the spot);
- F(S, d) iff some allowed guess g has F(B, d - 1) for every part B of g on S other than the
  all-green one, each B with the guesses the mode allows after g's feedback (easy: all; hard:
  those keeping the hints; strict: those consistent with the feedback).

The search stops at the first guess that works and drops a guess at its first part that
fails, which is why it is far cheaper than the capped optimum of the mean (``Solver``, which
must weigh every guess). Guesses are tried by their largest part, smallest first, and then by
most parts. A guess's parts are first looked at without a search (the bounds below, the memo,
the endgame cutoff), largest first, and only those left open are searched, smallest first
(alex1770/wordle's order): a guess is refuted as soon as one part is, and a small part that
cannot be solved in time costs little to refute, where the largest part's search may take
long. (Largest first, hard mode within five after eughs was still undecided after two minutes
inside its largest part; its part that the endgame cutoff refutes is found at once.)

**The endgame cutoff** (hard mode, and strict mode on tiles: ``endgames.endgame_unsolvable``):
a group of candidates differing in one letter only, too many for the guesses left, proves a
state infeasible without a search. After eughs gets b b g g b in hard mode, fight, light,
might, night, right, tight and wight are left, and each allowed guess (g and h in place) tells apart one of them at most: three
guesses leave four together, so four more guesses cannot find them all; the search refutes
eughs within five there, at once. Checked from d = 3 on: at d = 2 the scan for a separating
guess decides as fast.

**The counting bound.** A guess gives at most K distinct feedbacks (K = 3^L - L on L letters,
``answering.Tiles.n_feedbacks``), one of them all green (at most one candidate), so
F(S, d) needs |S| <= N(d) with N(1) = 1 and N(d) = 1 + (K - 1) N(d - 1); a guess with a part
over N(d - 1) is dropped unscanned, and since they are sorted, so is every later one.

Memo: each state's result (by ``state.key``: the candidates, and in hard and strict mode what
decides the allowed guesses) with the least d known feasible and the largest known not. The
witness of a feasible state (its guess) is kept too, so ``MinimaxPolicy`` replays a strategy;
the states found within three guesses in easy mode are proved by one kernel call
(``_kernels.first_within_three``; in strict mode on tiles by ``first_within_three_strict``
and in hard mode by ``first_within_three_hard``, which filter each part's allowed guesses
themselves, where the search in Python built every part as a state) and their guesses below
are searched again when the strategy is walked (a separating guess is one kernel scan). No
pruning is lost: the endgame cutoff is asked of a state before its search (from d = 3 on),
and the parts within two had only the memo, which a kernel's scan replaces.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field

import numpy as np

from .. import _kernels
from ..buckets import transposed_patterns
from ..endgames import endgame_unsolvable
from ..errors import WordlekitError


def capacity(game, d: int) -> int:
    """N(d) of the module docstring: the most candidates any strategy finds within d guesses."""
    k = game.answering.n_feedbacks(game.length)
    n = 0 if d <= 0 else 1
    for _ in range(1, max(0, d)):
        n = 1 + (k - 1) * n
    return n


#: The most cores hard mode keeps from one search to the next (then the older half is dropped):
#: each search selects those inside its candidates from all of them.
HARD_CORES = 1024


class OutOfTime(WordlekitError):
    """A search stopped at its ``deadline``, undecided."""


@dataclass
class Minimax:
    """The feasibility search on one game (its mode decides the guesses allowed below).

    ``feasible(state, d)`` answers F(S, d); ``guess(state, d)`` gives a guess that works (the
    witness), searching again if it is not remembered. Counters: ``states`` (states searched:
    not settled by the memo, a bound or the endgame cutoff), ``tried`` (guesses whose parts were
    looked at), ``scanned`` (parts checked for a separating guess), ``cored`` (guesses dropped
    by a learnt core), ``cut`` (states refuted by the endgame cutoff).
    """

    game: object
    memo: dict = field(default_factory=dict)
    witness: dict = field(default_factory=dict)
    states: int = 0
    tried: int = 0
    scanned: int = 0
    cored: int = 0
    cut: int = 0
    #: a ``time.process_time()`` past which a search raises ``OutOfTime`` (None: no limit);
    #: what is remembered stays proved (a call stopped remembers nothing)
    deadline: float | None = None

    def __post_init__(self):
        game = self.game
        self.patterns = game.patterns
        self.patterns_t = transposed_patterns(game)
        self.limit = game.answering.n_feedbacks(game.length)
        self._counts = np.zeros(4, np.int64)
        self._cores = (np.empty(0, np.int32), np.zeros(1, np.int64))
        self._capacity = functools.cache(functools.partial(capacity, game))  # asked per part
        # the endgame cutoff holds where the allowed guesses only shrink and feedback is tiles
        # per letter: hard mode, and strict mode on such a game
        self._cutoff = game.mode != "easy" and game.answering.letters
        # within three in strict mode by one kernel: its rule's feedback is Wordle's tiles'
        self._strict_tiles = game.mode == "strict" and game.answering.name == "tiles"
        if game.mode == "hard":  # within three by one kernel, on each guess's letter counts
            codes = game.guess_codes
            self._letters = np.zeros((len(codes), len(game.alphabet)), np.uint8)
            for i in range(game.length):
                np.add.at(self._letters, (np.arange(len(codes)), codes[:, i]), 1)
            self._hard_cores = (np.empty(0, np.int32), np.zeros(1, np.int64))
            self._hard_rules = (np.empty(0, np.int64), np.empty((0, len(game.alphabet)), np.uint8))

    # ---- the recursion --------------------------------------------------------------------
    def feasible(self, state, d: int) -> bool:
        """F(S, d): every candidate of ``state`` found within ``d`` more guesses."""
        settled = self._settled(state, d)
        return self._decide(state, d) if settled is None else settled

    def _settled(self, state, d: int) -> bool | None:
        """F(S, d) where it is known without a search (None otherwise): the sizes, the
        counting bound, the memo, and in hard and strict mode the endgame cutoff (remembered)."""
        n = len(state.candidates)
        if n == 0:
            return True
        if d <= 0:
            return False
        if n == 1:
            return True
        if d == 1 or n > self._capacity(d):
            return False
        lo, hi = self.memo.get(state.key, (0, 0))
        if lo and d >= lo:  # feasible within lo (0: not known); infeasible within hi
            return True
        if d <= hi:
            return False
        # at d = 2 the separating guess's scan (``_search``) decides sooner than the cutoff
        if d >= 3 and self._cutoff and endgame_unsolvable(self.game, state, d):
            self.cut += 1
            self.memo[state.key] = (lo, d)
            return False
        return None

    def _decide(self, state, d: int) -> bool:
        """F(S, d) by a search, remembered (a state ``_settled`` left open)."""
        key = state.key
        self.states += 1
        guess = self._search(state, d)
        lo, hi = self.memo.get(key, (0, 0))
        if guess is None:
            self.memo[key] = (lo, max(hi, d))
            return False
        if not lo or d < lo:
            self.memo[key] = (d, hi)
            self.witness[key] = (guess, d)
        return True

    def guess(self, state, d: int) -> int:
        """A guess after which every part is found within ``d - 1`` more: the strategy's move
        (the only candidate when one is left); a clear error if there is none."""
        if len(state.candidates) == 1:
            return int(self.game.guess_of_answer[state.candidates[0]])
        if not self.feasible(state, d):
            raise WordlekitError(
                f"no strategy finds every one of {len(state.candidates)} candidates within {d} "
                "guesses; expected a feasible state"
            )
        found = self.witness.get(state.key)
        if found is None or found[1] > d:
            found = (self._search(state, d), d)
            self.witness[state.key] = found
        return int(found[0])

    def _allowed(self, state) -> np.ndarray:
        return self.game.allowed_guesses(state)

    def _search(self, state, d: int) -> int | None:
        """The first guess that works at ``state`` within ``d`` (d >= 2, |S| >= 2), or None."""
        game, cands = self.game, state.candidates
        allowed = self._allowed(state)
        if d == 2:
            self.scanned += 1
            at = _kernels.first_separator(self.patterns_t, cands, allowed, self.limit)
            return None if at < 0 else int(allowed[at])
        largest = np.empty(len(allowed), np.int64)
        parts = np.empty(len(allowed), np.int64)
        _kernels.guess_profiles(
            self.patterns, cands, allowed, game.solved, game.n_patterns, largest, parts
        )
        room = self._capacity(d - 1)
        useful = (largest <= room) & ~((parts == 1) & (largest == len(cands)))
        # largest part first (smallest first), then most parts, then list order
        order = np.lexsort((allowed, -parts, largest))
        order = order[useful[order]]
        if d == 3 and game.mode == "easy":
            return self._within_three(cands, allowed, allowed[order])
        if d == 3 and self._strict_tiles:
            return self._within_three_strict(cands, allowed, allowed[order])
        if d == 3 and game.mode == "hard":
            return self._within_three_hard(state, cands, allowed, allowed[order])
        for t in order:
            # a read of the CPU clock costs about what a guess's split does: every 64th
            read = self.deadline is not None and not self.tried & 63
            if read and time.process_time() > self.deadline:
                raise OutOfTime(
                    f"the minimax search passed its deadline at {len(cands)} candidates"
                )
            guess = int(allowed[t])
            self.tried += 1
            if self._parts_feasible(state, guess, d - 1):
                return guess
        return None

    def _parts_feasible(self, state, guess: int, d: int) -> bool:
        """Every part of ``guess`` at ``state`` but the all-green one within ``d``: first a
        quick pass over all of them, largest first (``_settled``: no search), then a search of
        those left open, smallest first (alex1770/wordle's order): a small part that cannot be
        solved in time (in hard mode, often an endgame the hints have stuck) refutes the guess
        at little cost, where the largest part's search may take the whole budget."""
        split = self.game.split(state, guess)
        solved = self.game.solved
        if d <= 0:
            return bool((split.patterns == solved).all())
        sizes = split.sizes
        open_parts = []
        for b in np.argsort(-sizes, kind="stable"):
            if sizes[b] == 1:  # found next, and so is every later (smaller) part
                break
            if split.patterns[b] == solved:
                continue
            child = split.child(int(b))
            settled = self._settled(child, d)
            if settled is False:
                return False
            if settled is None:
                open_parts.append(child)
        return all(self._decide(child, d) for child in reversed(open_parts))

    def _tally(self) -> None:
        """Add a within-three kernel's counts (guesses tried, parts scanned, guesses dropped by
        a core; strict mode's kernel keeps no cores) to the search's counters."""
        counts = self._counts
        self.tried += int(counts[0])
        self.scanned += int(counts[1])
        self.cored += int(counts[2])

    def _within_three_strict(self, cands, allowed, order) -> int | None:
        """The first guess of ``order`` after which every part has a separating guess among
        those the strict rule leaves it (one kernel call, Wordle's tiles): the parts, each
        within two, are not remembered, as in easy mode."""
        counts = self._counts
        counts[:] = 0
        # The allowed guesses' feedback from each guess of ``order``, computed first (a kernel
        # calls no other module's), by blocks that double: a feasible state's guess is mostly
        # found early, and the rows after it would be computed for nothing.
        codes, n_symbols = self.game.guess_codes, len(self.game.alphabet)
        start, size, found = 0, 16, None
        while found is None and start < len(order):
            block = order[start : start + size]
            feedback = np.empty((len(block), len(allowed)), self.patterns.dtype)
            _kernels.fill_feedback_rows(codes, block, allowed, n_symbols, feedback)
            t = _kernels.first_within_three_strict(
                self.patterns, self.patterns_t, feedback, cands, block, allowed, self.limit, counts
            )
            found = None if t < 0 else int(block[t])
            start, size = start + size, 2 * size
        self._tally()
        return found

    def _within_three_hard(self, state, cands, allowed, order) -> int | None:
        """The first guess of ``order`` after which every part has a separating guess among
        those the hard-mode rule leaves it (one kernel call, which filters each part's allowed
        guesses from the letter codes): the parts, each within two, are not remembered. With
        cores, each with the rule of the part where no guess separated it: kept for every later
        search from states built with their history, for this call only otherwise."""
        # a state built with its history (a rule) allows what its rule leaves: its cores hold
        # at every such state (``first_within_three_hard``); other allowed sets keep their own
        remember = state.rule is not None
        if remember:
            store, (greens, need) = self._hard_cores, self._hard_rules
        else:
            store = (np.empty(0, np.int32), np.zeros(1, np.int64))
            greens, need = np.empty(0, np.int64), np.empty((0, len(self.game.alphabet)), np.uint8)
        cores, core_starts, keep = _held_cores(store, self.game, cands, 1024)
        n_cores = len(keep)
        core_greens = np.zeros(len(core_starts), np.int64)
        core_greens[:n_cores] = greens[keep]
        core_need = np.zeros((len(core_starts), len(self.game.alphabet)), np.int64)
        core_need[:n_cores] = need[keep]
        counts = self._counts
        counts[:] = 0
        t = _kernels.first_within_three_hard(
            self.patterns,
            self.patterns_t,
            self.game.guess_codes,
            self._letters,
            cands,
            order,
            allowed,
            self.limit,
            counts,
            cores,
            core_starts,
            core_greens,
            core_need,
            n_cores,
        )
        self._tally()
        total = int(counts[3])
        if remember and total > n_cores:  # the new cores, for every later search
            flat, starts = _with_new_cores(store, cores, core_starts, n_cores, total)
            greens = np.concatenate([greens, core_greens[n_cores:total]])
            need = np.concatenate([need, core_need[n_cores:total].astype(np.uint8)])
            if len(greens) > HARD_CORES:  # the newest half only: each search looks at all
                drop = len(greens) - HARD_CORES // 2
                flat, starts = flat[starts[drop] :], starts[drop:] - starts[drop]
                greens, need = greens[drop:], need[drop:]
            self._hard_cores, self._hard_rules = (flat, starts), (greens, need)
        return None if t < 0 else int(order[t])

    def _within_three(self, cands, allowed, order) -> int | None:
        """The first guess of ``order`` after which every part has a separating guess (easy
        mode), with the cores: sets of answers no guess separates, learnt from each part that
        failed (shrunk until every candidate is needed) and kept for every later search, so a
        guess that keeps one together is dropped without a scan."""
        cores, core_starts, keep = _held_cores(self._cores, self.game, cands, 4096)
        n_cores = len(keep)
        counts = self._counts
        counts[:] = 0
        found = _kernels.first_within_three(
            self.patterns,
            self.patterns_t,
            cands,
            order,
            allowed,
            self.limit,
            counts,
            cores,
            core_starts,
            n_cores,
        )
        self._tally()
        if counts[3] > n_cores:  # the new cores, for every later search
            self._cores = _with_new_cores(self._cores, cores, core_starts, n_cores, counts[3])
        return None if found < 0 else int(order[found])

    # ---- openers --------------------------------------------------------------------------
    def opener_feasible(self, opener: int, d: int) -> bool:
        """Whether, after ``opener`` (a guess index), every answer is found within ``d``
        guesses in all (the opener counted): its parts, each within d - 1."""
        if d <= 0:
            return False
        return self._parts_feasible(self.game.initial_state(), int(opener), d - 1)

    def least_worst(self, state=None, longest: int = 8) -> int:
        """The least worst case at ``state`` (default the start): the fewest guesses within
        which a strategy finds every candidate, proved (each smaller d refused); a clear error
        past ``longest``."""
        state = self.game.initial_state() if state is None else state
        least = 1
        while capacity(self.game, least) < len(state.candidates):
            least += 1
        for d in range(least, longest + 1):
            if self.feasible(state, d):
                return d
        raise WordlekitError(
            f"no strategy within {longest} guesses; expected a larger --max-guesses"
        )


def _held_cores(store, game, cands, room: int):
    """The stored cores (``store``: flat, starts) inside ``cands``, copied into buffers with
    room for ``room`` more (of 8 candidates on average): (cores, core_starts, which stored
    cores)."""
    flat, starts = store
    inside = np.zeros(len(game.answers), np.bool_)
    inside[cands] = True
    lengths = np.diff(starts)
    if len(lengths):
        held = np.logical_and.reduceat(inside[flat], starts[:-1])
    else:
        held = np.zeros(0, np.bool_)
    keep = np.flatnonzero(held)
    taken = flat[np.repeat(held, lengths)]
    cores = np.empty(len(taken) + room * 8, np.int32)
    cores[: len(taken)] = taken
    core_starts = np.zeros(len(keep) + room + 1, np.int64)
    core_starts[1 : len(keep) + 1] = np.cumsum(lengths[keep])
    return cores, core_starts, keep


def _with_new_cores(store, cores, core_starts, n_old: int, n_new: int):
    """``store`` with the cores a kernel added to its buffers (``n_old`` to ``n_new``)."""
    flat, starts = store
    new = cores[core_starts[n_old] : core_starts[n_new]]
    ends = core_starts[n_old + 1 : n_new + 1] - core_starts[n_old] + len(flat)
    return np.concatenate([flat, new]), np.concatenate([starts, ends])


class MinimaxPolicy:
    """The witness strategy of a feasibility search as a policy: at each state, the guess that
    keeps every answer within ``cap`` guesses in all (``Minimax.guess`` with the guesses left),
    from ``opener`` at the start. ``trees.policy_tree`` writes it; ``evaluate --tree`` replays
    it."""

    def __init__(self, search: Minimax, cap: int, opener: int | None = None):
        self.search = search
        self.cap = cap
        self.opener = opener
        self.name = f"minimax-{cap}"

    def choose(self, game, state) -> int:
        if state.turn == 0 and self.opener is not None:
            return int(self.opener)
        return self.search.guess(state, self.cap - state.turn)


__all__ = ["Minimax", "MinimaxPolicy", "OutOfTime", "capacity"]
