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

import numpy as np

from . import _kernels
from .answering import TILES
from .errors import WordlekitError
from .feedback import alphabet_of, check_matrix_size
from .rules import broken_rule, describe, replay
from .split import Split
from .state import State, next_rule, state_seed
from .words import WordList, named_lists, original_answers, original_guesses

__all__ = [
    "MAX_GUESSES",
    "MODES",
    "TIE_ORDERS",
    "Game",
    "Split",
    "State",
    "broken_rule",
    "check_mode",
    "small_game",
    "state_seed",
]

MODES = ("easy", "hard", "strict")

#: The NYT game's limit: six guesses. A longer game is lost, and the exact solver's cap on the
#: number of guesses (``max_guesses`` wherever a cap is a parameter) defaults to it.
MAX_GUESSES = 6

#: Orders of the guess list, and so of every tie, that ``Game.in_tie_order`` offers.
TIE_ORDERS = ("alphabetical", "reversed", "answers-first", "random")


def check_mode(mode: str) -> str:
    """Return ``mode`` if it is one of ``MODES``; a clear error naming it otherwise."""
    if mode not in MODES:
        raise WordlekitError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    return mode


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
        #: Facts of the word lists alone (the transposed pattern matrix, the entropy table, ...),
        #: by name, built on first use by the modules that need them (layers 3 and 4, below
        #: ``evaluation.PerModel``) and shared by every mode of these lists (``with_mode``).
        #: Not for what depends on a mode or a policy: that is a caller's ``PerModel``.
        self.list_arrays: dict = {}

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
        if "code_bytes" not in self.list_arrays:
            self.list_arrays["code_bytes"] = [codes.tobytes() for codes in self.guess_codes]
        codes, n_symbols = self.list_arrays["code_bytes"], len(self.alphabet)
        return lambda guess, pattern, candidates: (
            candidates,
            next_rule(rule, codes[guess], pattern, n_symbols),
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
        """Replay a history of (guess word, feedback) pairs and return the state reached
        (``rules.replay``: feedback as a pattern or as g/y/b tiles; one clear error naming an
        entry whose guess is unknown or breaks the mode, or that leaves no answer)."""
        return replay(self, history)

    def candidate_words(self, state: State) -> list[str]:
        return [self.answers[i] for i in state.candidates]

    # What a person playing reads beyond the model (``contracts.Playable``): ``hint``, the play
    # session, the panels and the CLI see words and typed feedback only through these.

    #: The guesses a game may take: the NYT game's six.
    max_guesses = MAX_GUESSES

    def secret_index(self, name: str, role: str = "answer") -> int:
        """The index of the answer ``name`` (case and spaces ignored); a clear error naming it
        and its ``role`` otherwise."""
        cleaned = name.strip().lower()
        if cleaned in self.answers:
            return self.answers.index(cleaned)
        raise WordlekitError(
            f"{role} {name!r} is not one of the game's {len(self.answers)} answers; expected a "
            f"word of {self.answers.name}"
        )

    def is_finished(self, state: State) -> bool:
        """Whether the last feedback of ``state``'s history was all green."""
        history = state.history
        return bool(history) and history[-1][1] == self.solved

    def candidate_lists(self, state: State) -> tuple[tuple[str, ...], ...]:
        """One board: one list, the candidates' words in answer-list order."""
        return (tuple(self.candidate_words(state)),)

    # The game as a model (``contracts.Model``), what every generic walker reads: on one board
    # a secret is an answer, and the secrets of a state are its candidates.

    @property
    def n_secrets(self) -> int:
        return len(self.answers)

    def secret_name(self, secret: int) -> str:
        return self.answers[secret]

    def mass(self, state: State) -> int:
        """|S|, the candidates left: what one more guess costs a total."""
        return len(state.candidates)

    def secrets(self, state: State) -> np.ndarray:
        return state.candidates

    def finishing_feedback(self, state: State) -> int:
        """All green, whatever the state."""
        return self.solved

    def finishing_guesses(self, state: State) -> np.ndarray:
        """The candidates, as guess indices: the guesses that can end the game now."""
        return self.guess_of_answer[state.candidates]

    def feedback(self, state: State, guess: int, secret: int) -> int:
        return int(self.patterns[guess, secret])

    def sample_secrets(self, state: State, k: int, seed: int) -> np.ndarray:
        """``k`` candidates drawn without replacement by ``np.random.default_rng`` seeded from
        (``seed``, the candidates), sorted; all of them if there are k or fewer."""
        candidates = state.candidates
        if len(candidates) <= k:
            return candidates
        rng = np.random.default_rng(state_seed(seed, candidates))
        return np.sort(rng.choice(candidates, size=k, replace=False))

    @property
    def answer_of_guess(self) -> np.ndarray:
        """For each guess index, the index of the answer it is, or -1 (built once)."""
        if "answer_of_guess" not in self.list_arrays:
            out = np.full(len(self.guesses), -1, dtype=np.int64)
            out[self.guess_of_answer] = np.arange(len(self.answers))
            self.list_arrays["answer_of_guess"] = out
        return self.list_arrays["answer_of_guess"]

    def describe(self, state: State) -> str:
        """The state in words for an error: the turn, the history, the candidates left."""
        return describe(self, state)

    def broken_rule(self, state: State, guess: int) -> str | None:
        """Why the mode refuses ``guess`` at ``state`` in words (``rules.broken_rule``), or None."""
        return broken_rule(self, state, guess)


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
