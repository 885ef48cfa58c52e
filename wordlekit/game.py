"""A game: guess list, answer list, word length and mode; states and how they evolve.

Wordle as a POMDP (Bhambri et al., Section 4): the answer is the unknown parameter and,
under a uniform prior, the belief stays uniform over the *candidates* (the answers consistent
with all feedback so far). So the state is the candidate set, plus, in hard and strict mode,
the set of guesses still *allowed*. A guess moves the state deterministically once the
feedback is known:

    x_{k+1} = f(x_k, u_k, feedback)

Modes (see ``MODES``):

- ``easy``: any allowed guess at any time.
- ``hard``: the NYT rule: a green letter is played again in its position, and a letter marked
  green or yellow n times in one guess appears at least n times in every later guess.
- ``strict``: every guess could still be the answer, i.e. g is allowed iff
  ``feedback(earlier_guess, g) == earlier_feedback`` for every earlier turn. The rollout
  paper's code implemented "hard mode" this way.

The feedback is a game's answering function (``wordlekit.answering``): Wordle's tiles by
default, or any other, e.g. Mastermind's pegs (``games.mastermind``). Hard mode is a rule on
letters, so only games whose feedback is tiles per letter have it; the strict rule is the
same for every game.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
from collections import Counter

import numpy as np

from . import _kernels
from .answering import TILES
from .errors import WordlekitError
from .feedback import alphabet_of, check_matrix_size
from .words import WordList, named_lists, original_answers, original_guesses

MODES = ("easy", "hard", "strict")

#: The NYT game's limit: six guesses. A longer game is lost, and the exact solver's cap on the
#: number of guesses (``max_guesses`` wherever a cap is a parameter) defaults to it.
MAX_GUESSES = 6

#: Orders of the guess list, and so of every tie, that ``Game.in_tie_order`` offers.
TIE_ORDERS = ("alphabetical", "reversed", "answers-first", "random")

_MODE_RULES = {
    "easy": "any allowed guess",
    "hard": "NYT hard mode: greens kept in place, greens and yellows reused",
    "strict": "every guess consistent with all feedback so far",
}


def check_mode(mode: str) -> str:
    """Return ``mode`` if it is one of ``MODES``; a clear error naming it otherwise."""
    if mode not in MODES:
        raise WordlekitError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    return mode


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
            self._rule = _next_rule(parent, guess.tobytes(), int(pattern), n_symbols)
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
def _next_rule(rule: bytes, guess: bytes, pattern: int, n_symbols: int) -> bytes:
    """What the hard-mode rule asks after ``guess`` (its symbol codes) got ``pattern``, when it
    asked ``rule`` before (``_kernels.hard_mode_rule``). Remembered: a search asks for the
    same few rules again and again (hard mode, later, one thread: 140,000 states built, every
    one's rule asked for its memo key, from a few thousand distinct rules), and a kernel call
    cost more than the rest of building the state."""
    return _kernels.hard_mode_rule(
        np.frombuffer(rule, np.uint8), np.frombuffer(guess, np.uint8), pattern, n_symbols
    ).tobytes()


def _check_rule(mode: str, answering) -> str:
    """``mode`` if the game's feedback supports it: hard mode needs tiles per letter."""
    if check_mode(mode) == "hard" and not answering.letters:
        raise WordlekitError(
            f"hard mode is the NYT rule on letters, which {answering.name} feedback does not "
            "have; expected easy or strict"
        )
    return mode


class Game:
    """A guessing game: which words may be guessed, which may be the answer, the answering
    function and the mode.

    Parameters
    ----------
    guesses, answers : WordList
        Every answer must also be an allowed guess, and all words must have one length.
    mode : {"easy", "hard", "strict"}
    answering : answering function (``wordlekit.answering``), default Wordle's ``TILES``
    """

    def __init__(self, guesses: WordList, answers: WordList, mode: str = "easy", answering=TILES):
        self.answering = answering
        self.mode = _check_rule(mode, answering)
        if answers.length != guesses.length:
            raise WordlekitError(
                f"{answers.name} has {answers.length}-letter words but {guesses.name} has "
                f"{guesses.length}-letter words; expected one length"
            )
        outside = [w for w in answers if w not in guesses]
        if outside:
            raise WordlekitError(
                f"{len(outside)} answer(s) of {answers.name} are not in {guesses.name}, e.g. "
                f"{', '.join(repr(w) for w in outside[:5])}; every answer must be an allowed guess"
            )
        # before any array: lists too large for memory are one clear error, not a traceback
        itemsize = 1 if answering.n_patterns(guesses.length) <= 256 else 2
        check_matrix_size(len(guesses), len(answers), itemsize)
        self.guesses = guesses
        self.answers = answers
        self.alphabet = alphabet_of(guesses)
        self.guess_codes = guesses.encode(self.alphabet)
        self.answer_codes = answers.encode(self.alphabet)
        self.length = guesses.length
        self.n_patterns = answering.n_patterns(self.length)
        self.solved = self.n_patterns - 1
        self.all_guesses = np.arange(len(guesses), dtype=np.int32)
        self.guess_of_answer = np.array([guesses.index(w) for w in answers], dtype=np.int32)
        self._patterns = None
        #: Arrays derived from the lists (e.g. the transposed pattern matrix), built on first
        #: use by the modules that need them and shared by every mode of this game.
        self.derived: dict = {}

    @classmethod
    def original(cls, mode: str = "easy") -> Game:
        """The original Wordle: 12,972 allowed guesses, 2,315 answers."""
        return cls(original_guesses(), original_answers(), mode)

    @classmethod
    def from_lists(cls, name: str = "original", mode: str = "easy") -> Game:
        """The game on a named pair of lists (``words.LISTS``): ``original`` (12,972 guesses,
        2,315 answers), ``nyt-2022`` (14,855 / 2,309) or ``nyt-2023`` (14,855 / 3,158)."""
        return cls(*named_lists(name), mode)

    def with_mode(self, mode: str) -> Game:
        """The same lists under another mode (the pattern matrix is shared)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.mode = _check_rule(mode, self.answering)
        return other

    def in_tie_order(self, order: str, seed: int = 0) -> Game:
        """The same game with its guess list in another order (``TIE_ORDERS``).

        Every policy here breaks exact ties by list order (first wins), so this is how a tie
        order is chosen; nothing else changes: the same words, feedback and rules. The answers
        follow the guesses' order (the early-exit scans try candidates in answer order, which
        must agree with list order). ``alphabetical`` is the shipped lists' own order (they are
        sorted), so it is the game itself; ``reversed`` is Z to A; ``answers-first`` puts the
        possible answers before the other guesses, each alphabetical (the layout of the original
        game's two lists); ``random`` a permutation drawn with ``seed``.
        """
        n = len(self.guesses)
        if order == "alphabetical":
            positions = np.argsort(np.array(self.guesses.words), kind="stable")
        elif order == "reversed":
            positions = np.argsort(np.array(self.guesses.words), kind="stable")[::-1]
        elif order == "answers-first":
            words = np.array(self.guesses.words)
            is_answer = np.zeros(n, dtype=bool)
            is_answer[self.guess_of_answer] = True
            positions = np.lexsort((words, ~is_answer))
        elif order == "random":
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise WordlekitError(f"tie-order seed must be an integer, got {seed!r}")
            positions = np.random.default_rng(seed).permutation(n)
        else:
            raise WordlekitError(
                f"unknown tie order {order!r}; expected one of {', '.join(TIE_ORDERS)}"
            )
        rank = np.empty(n, dtype=np.int64)
        rank[positions] = np.arange(n)
        answer_positions = np.argsort(rank[self.guess_of_answer], kind="stable")
        label = order if order != "random" else f"random, seed {seed}"
        guesses = WordList(
            tuple(self.guesses.words[i] for i in positions), f"{self.guesses.name} ({label})"
        )
        answers = WordList(
            tuple(self.answers.words[i] for i in answer_positions),
            f"{self.answers.name} ({label})",
        )
        other = Game(guesses, answers, self.mode, self.answering)
        # the same feedback, rows and columns reordered: no need to compute it again
        other._patterns = self.patterns[np.ix_(positions, answer_positions)]
        return other

    def __repr__(self) -> str:
        return (
            f"Game({len(self.guesses)} guesses, {len(self.answers)} answers, "
            f"{self.length} letters, mode={self.mode!r})"
        )

    @property
    def patterns(self) -> np.ndarray:
        """The (n_guesses, n_answers) pattern matrix, built or loaded on first use."""
        if self._patterns is None:
            self._patterns = self.answering.matrix(self.guesses, self.answers)
        return self._patterns

    def guess_index(self, word: str, role: str = "guess") -> int:
        """Index of an allowed guess; a clear error naming ``word`` and ``role`` otherwise."""
        cleaned = word.strip().lower()
        if cleaned in self.guesses:
            return self.guesses.index(cleaned)
        reason = self.answering.why_not(cleaned)
        if reason is not None:
            raise WordlekitError(f"{role} {word!r} {reason}")
        if len(cleaned) != self.length:
            raise WordlekitError(
                f"{role} {word!r} has {len(cleaned)} letters; expected a {self.length}-letter "
                f"word of {self.guesses.name}"
            )
        raise WordlekitError(
            f"{role} {word!r} is not an allowed guess; expected a word of {self.guesses.described}"
        )

    def initial_state(self) -> State:
        """Before the first guess: every answer is a candidate, every guess allowed."""
        candidates = np.arange(len(self.answers), dtype=np.int32)
        allowed = None if self.mode == "easy" else self.all_guesses
        # hard mode: no green letter yet, no letter required
        rule = bytes(self.length + len(self.alphabet)) if self.mode == "hard" else None
        return State(candidates, allowed, 0, rule=rule)

    def allowed_guesses(self, state: State) -> np.ndarray:
        """Indices of the guesses allowed at ``state`` (all of them in easy mode)."""
        return self.all_guesses if state.allowed is None else state.allowed

    def sole_guess(self, state: State) -> int | None:
        """The guess index of the only candidate left, or None while two or more remain.

        Every policy here plays it: guessing the last candidate ends the game in one guess, and
        no other guess can. Policies call this first in ``choose`` so the rule is written once.
        """
        if len(state.candidates) != 1:
            return None
        return int(self.guess_of_answer[state.candidates[0]])

    def is_allowed(self, state: State, guess: int) -> bool:
        """Whether the mode allows ``guess`` (an index of the guess list) at ``state``. Every
        walk of a policy asks it at every choice (``evaluation.check_guess``): a binary search
        over the allowed guesses' buffer, which takes an int as it is (numpy's ``searchsorted``
        converted the int32 array to int64 first: two to four times slower)."""
        allowed = state.allowed
        if allowed is None:
            return True
        view = allowed.data
        at = bisect.bisect_left(view, guess)
        return at < len(view) and view[at] == guess

    def children(self, state: State, guess: int) -> list[tuple[int, State]]:
        """Every feedback ``guess`` can get at ``state``, with the state it leads to.

        Returns a list of (pattern, next state), in increasing pattern order; the all-green
        pattern (``self.solved``) leads to the state holding just the solved answer.
        """
        split = self.split(state, guess)
        return [(int(pattern), split.child(b)) for b, pattern in enumerate(split.patterns)]

    def unsolved_children(self, state: State, guess: int) -> list[tuple[int, State]]:
        """``children`` without the all-green feedback: the games still going after ``guess``,
        what every total over a decision tree sums over."""
        return [(p, child) for p, child in self.children(state, guess) if p != self.solved]

    def split(self, state: State, guess: int) -> Split:
        """The buckets ``guess`` makes of ``state``: their feedback and sizes at once, each
        next state built only when asked for (``Split.child``)."""
        return Split(self, state, guess)

    def _hard_mode_filter(self, allowed: np.ndarray, guess: int, pattern: int) -> np.ndarray:
        mask = np.empty(len(allowed), np.bool_)
        _kernels.fill_hard_mode_mask(
            self.guess_codes[guess], pattern, self.guess_codes, allowed, len(self.alphabet), mask
        )
        return allowed[mask]

    def next_state(self, state: State, guess: int, pattern: int) -> State:
        """The state after ``guess`` got ``pattern`` (which may leave no candidate)."""
        row = self.patterns[guess]
        candidates = state.candidates[row[state.candidates] == pattern]
        allowed, link = state.allowed, (state._link, guess, (pattern,), 0)
        if allowed is not None:
            if self.mode == "strict":
                allowed = allowed[self.feedback_row(guess, allowed) == pattern]
            else:
                allowed = self._hard_mode_filter(allowed, guess, pattern)
                if state.rule is not None:
                    return State(
                        candidates,
                        allowed,
                        state.turn + 1,
                        rule=(state.rule, self.guess_codes[guess], pattern, len(self.alphabet)),
                        link=link,
                    )
        return State(candidates, allowed, state.turn + 1, link=link)

    def child_keys(self, state: State):
        """A function (guess, pattern, candidates) -> the ``key`` of the state after ``guess``
        got ``pattern`` at ``state``, leaving the candidates whose bytes (``State.key``'s) are
        ``candidates``, without building that state; None where the key holds the allowed
        guesses, which only the state computes (strict mode, or a hard-mode state built
        without its rule). One function per state, as a search asks for the keys of many of
        its children."""
        rule = state.rule
        if rule is None:
            if state.allowed is None:  # every guess allowed, here and after (easy mode)
                return lambda guess, pattern, candidates: candidates
            return None
        if "code_bytes" not in self.derived:
            self.derived["code_bytes"] = [codes.tobytes() for codes in self.guess_codes]
        codes, n_symbols = self.derived["code_bytes"], len(self.alphabet)
        return lambda guess, pattern, candidates: (
            candidates,
            _next_rule(rule, codes[guess], pattern, n_symbols),
        )

    def feedback_row(self, guess: int, allowed: np.ndarray) -> np.ndarray:
        """The feedback ``guess`` would get if each guess of ``allowed`` were the answer (int64,
        aligned with ``allowed``): the strict rule keeps the guesses whose feedback matches."""
        out = np.empty(len(allowed), np.int64)
        self.answering.fill_row(
            self.guess_codes[guess], self.guess_codes, allowed, len(self.alphabet), out
        )
        return out

    def format_feedback(self, pattern: int) -> str:
        """A feedback as the game writes it (Wordle: g/y/b tiles; Mastermind: 2B1W)."""
        return self.answering.format(pattern, self.length)

    def parse_feedback(self, text: str) -> int:
        """A feedback written as the game writes it; a clear error naming ``text`` otherwise."""
        return self.answering.parse(text, self.length)

    def state_after(self, history) -> State:
        """Replay a history of (guess word, feedback) pairs and return the state reached.

        ``feedback`` is a pattern (int) or a string of g/y/b tiles. Raises a ``WordlekitError``
        naming the entry if a guess is unknown, breaks the mode, or if no answer is consistent
        with the feedback.
        """
        state = self.initial_state()
        for turn, (word, fb) in enumerate(history, start=1):
            guess = self.guess_index(word, role=f"guess {turn}")
            broken = broken_rule(self, state, guess)
            if broken is not None:
                raise WordlekitError(
                    f"guess {turn} {word!r} is not allowed in {self.mode} mode "
                    f"({_MODE_RULES[self.mode]}): {broken}"
                )
            pattern = fb if isinstance(fb, (int, np.integer)) else self.parse_feedback(fb)
            state = self.next_state(state, guess, int(pattern))
            if len(state.candidates) == 0:
                raise WordlekitError(
                    f"no answer is consistent with guess {turn} {word!r} getting "
                    f"{self.format_feedback(int(pattern))} after the earlier feedback"
                )
        return state

    def candidate_words(self, state: State) -> list[str]:
        return [self.answers[i] for i in state.candidates]


def small_game(
    n_answers: int = 150, n_extra: int = 150, seed: int = 0, mode: str = "easy", suffix: str = ""
) -> Game:
    """A game small enough to solve exactly, cut from the original lists.

    ``n_answers`` answers drawn at random (seeded) from the 2,315, or from those ending in
    ``suffix``; the guesses are those answers plus ``n_extra`` other allowed guesses drawn the
    same way. Both lists keep alphabetical order. A suffix such as "ight" or "ake" gives a
    cluster of near-identical answers whose splits are hard (small buckets, many ties): the
    cases where tie rules and modes matter. The one sampler of such games: the notebooks and
    the tests use it alike.
    """
    answers, guesses = original_answers(), original_guesses()
    pool = [w for w in answers.words if w.endswith(suffix)]
    if not 1 <= n_answers <= len(pool) or not 0 <= n_extra <= len(guesses) - n_answers:
        ending = f" ending in {suffix!r}" if suffix else ""
        raise WordlekitError(
            f"a small game of {n_answers} answers and {n_extra} other guesses: "
            f"expected 1 to {len(pool)} answers{ending} and at most "
            f"{len(guesses) - n_answers} other guesses"
        )
    rng = np.random.default_rng(seed)
    chosen = sorted(rng.choice(pool, size=n_answers, replace=False).tolist())
    taken = set(chosen)
    others = [w for w in guesses if w not in taken]
    extra = rng.choice(others, size=n_extra, replace=False).tolist()
    name = f"small game (seed {seed}{', -' + suffix if suffix else ''})"
    return Game(
        WordList(tuple(sorted(chosen + extra)), f"{name} guesses"),
        WordList(tuple(chosen), f"{name} answers"),
        mode,
    )


def state_seed(seed: int, state: State) -> int:
    """A 64-bit number from (seed, state's candidates), the same in every run and process: the
    seed of a per-state random draw (``np.random.default_rng(state_seed(seed, state))``)."""
    digest = hashlib.blake2b(
        np.asarray(state.candidates).tobytes(),
        key=seed.to_bytes(8, "little", signed=True),
        digest_size=8,
    ).digest()
    return int.from_bytes(digest, "little")


def _answer_columns(game: Game) -> np.ndarray:
    """Each answer's column in the game's pattern matrix: its own index (built once)."""
    if "answer_columns" not in game.derived:
        game.derived["answer_columns"] = np.arange(len(game.answers), dtype=np.int32)
    return game.derived["answer_columns"]


class Split:
    """The buckets one guess makes of a state's candidates, in increasing feedback order.

    ``patterns[b]`` and ``sizes[b]`` are bucket b's feedback and number of candidates;
    ``child(b)`` is the state that feedback leads to, built on demand: a branch and bound
    values only a few of a guess's buckets before it abandons the guess (Table 4's filtering
    built 19.5 million states for all of them, 14% of its time).
    """

    __slots__ = ("_sorted", "_starts", "_strict", "game", "guess", "patterns", "state")

    def __init__(self, game: Game, state: State, guess: int, grouped=None):
        """``grouped``: (candidates sorted by pattern, each bucket's pattern, bucket starts) if
        already computed (``valued``), else computed here."""
        self.game, self.state, self.guess = game, state, guess
        if grouped is None:
            self._sorted, codes, self._starts = _kernels.split_candidates(
                game.patterns[guess], state.candidates
            )
            self.patterns = codes[self._starts[:-1]]
        else:
            self._sorted, self.patterns, self._starts = grouped
        self._strict = None

    @classmethod
    def valued(
        cls, game: Game, state: State, guess: int, floors: np.ndarray, smallest: int
    ) -> tuple[Split, int, np.ndarray]:
        """The split, and what a branch and bound over its buckets needs, from one kernel
        (``_kernels.split_for_bound``): (split, the sum of ``floors[size]`` over the buckets but
        the all-green one, the buckets of ``smallest`` or more candidates but the all-green
        one, largest first, equal sizes in feedback order)."""
        *grouped, floor, larger = _kernels.split_for_bound(
            game.patterns[guess], state.candidates, floors, game.solved, smallest
        )
        return cls(game, state, guess, grouped), int(floor), larger

    @classmethod
    def searched(
        cls,
        game: Game,
        state: State,
        guess: int,
        floors: np.ndarray,
        left: int,
        matrix: np.ndarray | None = None,
        column: np.ndarray | None = None,
    ) -> tuple[Split, int, np.ndarray, np.ndarray]:
        """``valued`` with each bucket's own candidates tried as its next guess (``left``
        guesses left after this one, at least 2), from one kernel
        (``_kernels.split_for_search``): (split, the sum of the buckets' floors, the buckets
        whose value is still unknown, largest first, and their floors). A bucket one of its
        candidates splits perfectly is worth its floor, 2c - 1, and with three guesses left
        one whose candidate leaves a single pair is worth 2c; every other bucket of c >= 3
        is worth at least 2c. A candidate is allowed in every mode (each gave every feedback
        so far), so these are splits the bucket's state can play. ``matrix`` and ``column``:
        a restriction of the pattern matrix holding every candidate and each answer's column
        in it (``buckets.Columns``), default the whole matrix."""
        if matrix is None:
            matrix, column = game.patterns, _answer_columns(game)
        *grouped, floor, search, search_floors = _kernels.split_for_search(
            game.patterns[guess],
            state.candidates,
            floors,
            game.solved,
            matrix,
            column,
            game.guess_of_answer,
            game.n_patterns,
            left,
        )
        return cls(game, state, guess, grouped), int(floor), search, search_floors

    @staticmethod
    def heads(
        game: Game,
        state: State,
        guesses: np.ndarray,
        floors: np.ndarray,
        left: int,
        smallest_first: bool,
        matrix: np.ndarray | None = None,
        column: np.ndarray | None = None,
    ) -> list[tuple[int, int, int, int, bytes]]:
        """``searched`` for several guesses, from one kernel call (``_kernels.split_heads``),
        keeping of each only (the sum of its buckets' floors, the pattern of its first bucket
        still unknown, smallest or largest first, -1 if none, that bucket's floor, its number
        of candidates, their bytes as in a state's key): what decides most guesses of a
        search."""
        if matrix is None:
            matrix, column = game.patterns, _answer_columns(game)
        m = len(guesses)
        sums = np.empty(m, dtype=np.int64)
        patterns = np.empty(m, dtype=np.int64)
        head_floors = np.empty(m, dtype=np.int64)
        starts = np.empty(m + 1, dtype=np.int64)
        members = _kernels.split_heads(
            game.patterns,
            state.candidates,
            guesses,
            floors,
            game.solved,
            matrix,
            column,
            game.guess_of_answer,
            game.n_patterns,
            left,
            smallest_first,
            sums,
            patterns,
            head_floors,
            starts,
        )
        # the candidates as the bytes of a state's key: slicing bytes is cheaper than arrays
        raw, width = members.tobytes(), members.itemsize
        at = starts.tolist()
        return [
            (f, p, h, at[i + 1] - at[i], raw[width * at[i] : width * at[i + 1]])
            for i, (f, p, h) in enumerate(
                zip(sums.tolist(), patterns.tolist(), head_floors.tolist())
            )
        ]

    @property
    def sizes(self) -> np.ndarray:
        """Every bucket's number of candidates."""
        return np.diff(self._starts)

    def size(self, b: int) -> int:
        """How many candidates bucket b holds."""
        return int(self._starts[b + 1] - self._starts[b])

    def __len__(self) -> int:
        return len(self.patterns)

    def child(self, b: int) -> State:
        """The state after bucket b's feedback."""
        game, state = self.game, self.state
        candidates = self._sorted[self._starts[b] : self._starts[b + 1]]
        turn = state.turn + 1
        allowed = state.allowed
        link = (state._link, self.guess, self.patterns, b)
        if allowed is None:
            return State(candidates, None, turn, link=link)
        pattern = int(self.patterns[b])
        if game.mode == "strict":
            if self._strict is None:  # every allowed guess's feedback to this one, sorted
                feedback = game.feedback_row(self.guess, allowed)
                order = np.argsort(feedback, kind="stable")
                self._strict = allowed[order], feedback[order]
            sorted_allowed, sorted_feedback = self._strict
            lo, hi = np.searchsorted(sorted_feedback, [pattern, pattern + 1])
            # A stable sort keeps each slice in increasing guess order.
            return State(candidates, sorted_allowed[lo:hi], turn, link=link)
        # hard: the child's rule from this state's, computed when its key is asked
        derive = functools.partial(game._hard_mode_filter, allowed, self.guess, pattern)
        rule = (
            None
            if state.rule is None
            else (state.rule, game.guess_codes[self.guess], pattern, len(game.alphabet))
        )
        return State(candidates, None, turn, derive, rule, link)


def broken_rule(game: Game, state: State, guess: int) -> str | None:
    """Why ``guess`` (a guess index) may not be played at ``state``, in words, or None if it may.

    Hard mode: "position 2 must be 'a' (guess 1 'batch' got bgggg)" or "it must contain 'e' 2
    times (...)"; strict mode: the earlier feedback the guess, as the answer, would not have
    given. A state built without its history is only said to exclude the guess.
    """
    if game.is_allowed(state, guess):
        return None
    word = game.guesses[guess]
    for turn, (earlier, pattern) in enumerate(state.history, start=1):
        tiles, played = game.format_feedback(pattern), game.guesses[earlier]
        if game.mode == "hard":
            reason = _hard_mode_reason(word, played, tiles)
            if reason is not None:
                return f"{reason} (guess {turn} {played!r} got {tiles})"
        else:
            would = int(game.feedback_row(earlier, np.array([guess], dtype=np.int32))[0])
            if would != pattern:
                return (
                    f"it cannot be the answer: guess {turn} {played!r} got {tiles}, and would "
                    f"have got {game.format_feedback(would)} were {word!r} the answer"
                )
    return f"it is not among the {len(state.allowed)} guesses allowed at this state"


def _hard_mode_reason(word: str, earlier: str, tiles: str) -> str | None:
    """The NYT rule after one (guess, tiles): greens kept in place, a letter marked green or
    yellow n times played at least n times (as ``_kernels.fill_hard_mode_mask``)."""
    for i, tile in enumerate(tiles):
        if tile == "g" and word[i] != earlier[i]:
            return f"position {i + 1} must be {earlier[i]!r}"
    marked = Counter(letter for letter, tile in zip(earlier, tiles) if tile in "gy")
    for letter, times in marked.items():
        if word.count(letter) < times:
            return f"it must contain {letter!r}" + ("" if times == 1 else f" {times} times")
    return None
