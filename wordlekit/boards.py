"""Many boards at once: Dordle, Quordle, Octordle, Sedecordle (N = 2, 4, 8, 16).

N boards of one Wordle game hide N *distinct* answers, drawn uniformly from the answer list.
Every guess is scored on every board still unsolved; a board is solved when its answer is
guessed, and a game costs the number of guesses until every board is solved. The player has
N + 5 guesses (7, 9, 13, 21): ``max_guesses``. Easy mode only: the multi-board games have no
standard hard rule (the Dordle and Quordle sites offer none), so none is invented here.

**The secret** is the ordered tuple (a_1, ..., a_N) of distinct answers; there are
``n (n - 1) ... (n - N + 1)`` of them (Dordle on the original lists: 2,315 x 2,314 =
5,356,910), numbered in lexicographic order of the tuples (``rank``, ``unrank``).

**The belief, exactly.** Board i's candidate set S_i holds the answers consistent with board
i's own feedback so far, as in one-board Wordle. The posterior over the secrets is uniform on
the tuples of S_1 x ... x S_N whose answers are distinct. Two boards' sets are either equal or
disjoint: an answer a in both means both boards got feedback(g, a) for every guess g played,
the same feedback, so their sets are the same set. The boards therefore fall into *groups* of
equal sets (boards that got identical feedback to every guess), and

    P(a_1, ..., a_N | feedback) = prod_groups  1 / (m (m - 1) ... (m - k + 1))

for a group of k boards sharing a set of m answers, on the tuples distinct within each group.
The product form over boards (each board uniform on its own set, independently) is exact when
every group has one board (all sets disjoint: every board's feedback history differs, the
usual case after the opener); within a group of k >= 2 it is not (the k answers are distinct).
The number of secrets left, the state's *mass*, is the product over groups of the falling
factorials m (m - 1) ... (m - k + 1), solved boards included (a group of one answer).

**The state** is the tuple of the boards' sets (a solved board: the set of its answer), which
boards are solved, the turn and the history. Its ``key``, for memoisation, is the sorted tuple
of the unsolved boards' sets: what is left to play does not depend on which board is which, nor
on the answers already found (a board solved by guess g has g left out of every other board's
set, as g got a feedback other than all green there). So the states after (a, b) and (c, b) with
boards 1 solved share their memoised value: Dordle's exact evaluation plays each one-board
ending once.

**The feedback** of a guess is one Wordle pattern per board, a board solved earlier showing all
green, written as one number ``sum_i f_i P^i`` (P = 243 patterns, board 1 the least
significant) and as text one pattern per board, comma-separated (``gybbb,bbgyb``).

References
----------
- [bhambri2022]_, abstract: rollout is viable for versions of Wordle whose optimum is out of
  reach; many boards are such a version (notebook 19).
- [cunanan2023]_, Section 1: games played on several boards at once (Dordle, Tridle,
  Sexaginta-quattuordle) among the variants a general theory of these games covers.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np

from . import _kernels
from .errors import WordlekitError
from .game import Game
from .rules import replay
from .state import state_seed

#: The games' names and their number of boards.
NAMES = {"dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16}

#: Secrets listed at most (``Boards.secrets``): more would not fit in memory as an array.
MAX_LISTED = 50_000_000


def board_count(value) -> int:
    """The number of boards ``value`` names: a whole number from 1 to 64, or a game's name."""
    if isinstance(value, str) and value.lower() in NAMES:
        return NAMES[value.lower()]
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = None
    if n is None or str(n) != str(value).strip() or not 1 <= n <= 64:
        names = ", ".join(f"{k} ({v})" for k, v in NAMES.items())
        raise WordlekitError(
            f"number of boards {value!r}: expected a whole number from 1 to 64 or one of {names}"
        )
    return n


def falling(m: int, k: int) -> int:
    """m (m - 1) ... (m - k + 1): ordered choices of k distinct items of m (0 if k > m)."""
    return math.perm(m, k) if k <= m else 0


class BoardsState:
    """Where a game on many boards stands (see the module docstring).

    Attributes
    ----------
    sets : tuple of numpy.ndarray of int32, one per board
        Board i's candidates (answer indices, sorted); a solved board's set is its answer.
    solved : tuple of bool, one per board
    turn : int
    """

    __slots__ = ("_key", "_link", "sets", "solved", "turn")

    def __init__(self, sets: tuple, solved: tuple, turn: int, link=None):
        self.sets = sets
        self.solved = solved
        self.turn = turn
        self._link = link
        self._key = None

    @property
    def key(self):
        if self._key is None:
            self._key = tuple(
                sorted(s.tobytes() for s, done in zip(self.sets, self.solved) if not done)
            )
        return self._key

    @property
    def history(self) -> tuple:
        pairs, link = [], self._link
        while link is not None:
            link, guess, feedback = link
            pairs.append((guess, feedback))
        return tuple(reversed(pairs))

    @property
    def open_boards(self) -> list[int]:
        """The boards still unsolved, in board order."""
        return [i for i, done in enumerate(self.solved) if not done]

    def __repr__(self) -> str:
        sizes = ", ".join("solved" if d else str(len(s)) for s, d in zip(self.sets, self.solved))
        return f"BoardsState(turn={self.turn}, boards=[{sizes}])"


class Boards:
    """N boards of one easy-mode Wordle game, each hiding a distinct answer: a model of the seam
    (``contracts.Model``) that every generic walker plays (``evaluate``, ``Lookahead``,
    ``Rollout``, ``SampledRollout``).

    Parameters
    ----------
    game : Game, easy mode
        The lists (and feedback) every board uses.
    n : int or str
        The number of boards, 1 to 64, or a name of ``NAMES`` (``dordle``: 2).
    """

    def __init__(self, game: Game, n):
        self.n_boards = board_count(n)
        if game.mode != "easy":
            raise WordlekitError(
                f"many boards are played in easy mode (the games have no standard hard rule); "
                f"got mode {game.mode!r}"
            )
        if self.n_boards > len(game.answers):
            raise WordlekitError(
                f"{self.n_boards} boards hide distinct answers, but {game.answers.name} has "
                f"{len(game.answers)}; expected at most {len(game.answers)} boards"
            )
        self.game = game
        self.mode = game.mode
        self.guesses = game.guesses
        self.answers = game.answers
        self.name = {v: k for k, v in NAMES.items()}.get(self.n_boards, f"{self.n_boards} boards")
        #: The games' own limit: N + 5 guesses.
        self.max_guesses = self.n_boards + 5
        self._radix = game.n_patterns
        self._powers = [self._radix**i for i in range(self.n_boards)]
        self._all_green = sum(game.solved * p for p in self._powers)

    def __repr__(self) -> str:
        return f"Boards({self.game!r}, {self.n_boards})"

    # --- secrets: ordered tuples of distinct answers, in lexicographic order -------------------

    @property
    def n_secrets(self) -> int:
        return falling(len(self.answers), self.n_boards)

    def rank(self, answers) -> int:
        """The secret index of a tuple of distinct answer indices (lexicographic order)."""
        n, index, taken = len(self.answers), 0, []
        for i, a in enumerate(answers):
            digit = a - sum(1 for t in taken if t < a)
            index = index * (n - i) + digit
            taken.append(a)
        return index

    def unrank(self, secret: int) -> tuple[int, ...]:
        """The tuple of answer indices of a secret index (``rank``'s inverse)."""
        n, k = len(self.answers), self.n_boards
        digits = []
        for i in reversed(range(k)):
            secret, digit = divmod(secret, n - i)
            digits.append(digit)
        digits.reverse()
        left, out = list(range(n)), []
        for digit in digits:
            out.append(left.pop(digit))
        return tuple(out)

    def secret_name(self, secret: int) -> str:
        return "+".join(self.answers[a] for a in self.unrank(int(secret)))

    def secret_of(self, words) -> int:
        """The secret index of a sequence of answer words, one per board; a clear error for a
        word that is not an answer, a wrong count, or a repeated answer."""
        words = list(words)
        if len(words) != self.n_boards:
            raise WordlekitError(
                f"{len(words)} answers given for {self.n_boards} boards; expected one per board"
            )
        index = {w: i for i, w in enumerate(self.answers)}
        for w in words:
            if w not in index:
                raise WordlekitError(
                    f"answer {w!r} is not an answer of the game; expected a word of "
                    f"{self.answers.name}"
                )
        repeated = [w for w, c in Counter(words).items() if c > 1]
        if repeated:
            raise WordlekitError(
                f"answer {repeated[0]!r} is given for two boards; the boards' answers are distinct"
            )
        return self.rank([index[w] for w in words])

    def guess_index(self, word: str, role: str = "guess") -> int:
        return self.game.guess_index(word, role)

    # --- what a person playing reads (``contracts.Playable``) ----------------------------------

    @property
    def length(self) -> int:
        return self.game.length

    def secret_index(self, name: str, role: str = "answer") -> int:
        """The secret written ``a+b`` (one answer per board, as ``secret_name`` writes it)."""
        words = [w.strip().lower() for w in str(name).split("+")]
        try:
            return self.secret_of(words)
        except WordlekitError as exc:
            raise WordlekitError(f"{role} {name!r}: {exc}") from None

    def state_after(self, history) -> BoardsState:
        """Replay typed (guess word, feedback) pairs, feedback one pattern per board
        (``rules.replay``)."""
        return replay(self, history)

    def is_finished(self, state: BoardsState) -> bool:
        return all(state.solved)

    def candidate_lists(self, state: BoardsState) -> tuple[tuple[str, ...], ...]:
        """The words of each unsolved board's candidates, in board order."""
        return tuple(tuple(self.answers[a] for a in state.sets[i]) for i in state.open_boards)

    # --- states --------------------------------------------------------------------------------

    def initial_state(self) -> BoardsState:
        everything = np.arange(len(self.answers), dtype=np.int32)
        return BoardsState((everything,) * self.n_boards, (False,) * self.n_boards, 0)

    def mass(self, state: BoardsState) -> int:
        """Secrets left: the product over groups of equal sets of m (m - 1) ... (m - k + 1)."""
        groups = Counter(s.tobytes() for s in state.sets)
        if len(groups) == len(state.sets):  # every set differs: the product of the sizes
            return math.prod(len(s) for s in state.sets)
        sizes = {s.tobytes(): len(s) for s in state.sets}
        return math.prod(falling(sizes[b], k) for b, k in groups.items())

    def secrets(self, state: BoardsState) -> np.ndarray:
        """The secrets left as sorted secret indices (int64); an error past ``MAX_LISTED``."""
        mass = self.mass(state)
        if mass > MAX_LISTED:
            raise WordlekitError(
                f"{mass} secrets left at {state!r}: too many to list (at most {MAX_LISTED}); "
                "expected a smaller game, or a sampled evaluation"
            )
        if self.n_boards == 2:  # the common case, vectorised: a (n - 1) + b - (b > a)
            a, b = (s.astype(np.int64) for s in state.sets)
            index = a[:, None] * (len(self.answers) - 1) + b[None, :] - (b[None, :] > a[:, None])
            keep = a[:, None] != b[None, :]
            return index[keep]
        out = [
            self.rank(t)
            for t in itertools.product(*(s.tolist() for s in state.sets))
            if len(set(t)) == len(t)
        ]
        return np.array(sorted(out), dtype=np.int64)

    def sole_guess(self, state: BoardsState) -> int | None:
        """The last board's last candidate, when one board is left and one candidate on it."""
        open_boards = state.open_boards
        if len(open_boards) == 1 and len(state.sets[open_boards[0]]) == 1:
            return int(self.game.guess_of_answer[state.sets[open_boards[0]][0]])
        return None

    def allowed_guesses(self, state: BoardsState) -> np.ndarray:
        return self.game.all_guesses

    def is_allowed(self, state: BoardsState, guess: int) -> bool:
        return True

    def broken_rule(self, state: BoardsState, guess: int) -> str | None:
        return None

    def finishing_guesses(self, state: BoardsState) -> np.ndarray:
        """The candidates of every unsolved board, as guess indices, each once."""
        sets = [state.sets[i] for i in state.open_boards]
        return np.unique(self.game.guess_of_answer[np.concatenate(sets)])

    def finishing_feedback(self, state: BoardsState) -> int:
        """All green on every board (a board solved earlier shows green)."""
        return self._all_green

    # --- feedback ------------------------------------------------------------------------------

    def encode(self, patterns) -> int:
        """One number for a pattern per board: ``sum_i f_i P^i``."""
        return sum(int(f) * self._radix**i for i, f in enumerate(patterns))

    def decode(self, feedback: int) -> list[int]:
        """The pattern of each board in a feedback number (``encode``'s inverse)."""
        out = []
        for _ in range(self.n_boards):
            feedback, f = divmod(int(feedback), self._radix)
            out.append(f)
        return out

    def feedback(self, state: BoardsState, guess: int, secret: int) -> int:
        patterns = self.game.patterns
        return self.encode(
            self.game.solved if done else patterns[guess, a]
            for a, done in zip(self.unrank(int(secret)), state.solved)
        )

    def format_feedback(self, feedback: int) -> str:
        """``gybbb,bbgyb``: each board's tiles, board 1 first."""
        return ",".join(self.game.format_feedback(f) for f in self.decode(feedback))

    def parse_feedback(self, text: str) -> int:
        """One pattern per board, comma-separated; a clear error for another count."""
        parts = [p.strip() for p in str(text).split(",")]
        if len(parts) != self.n_boards:
            raise WordlekitError(
                f"feedback {text!r} has {len(parts)} board(s); expected {self.n_boards} "
                f"patterns separated by commas, e.g. "
                f"{','.join(['gybbb'] * self.n_boards)!r}"
            )
        return self.encode(self.game.parse_feedback(p) for p in parts)

    def next_state(self, state: BoardsState, guess: int, feedback: int) -> BoardsState:
        """The state after ``guess`` got ``feedback`` (which may leave no secret)."""
        row, green = self.game.patterns[guess], self.game.solved
        sets, solved = list(state.sets), list(state.solved)
        for i, f in enumerate(self.decode(feedback)):
            if solved[i]:
                continue
            sets[i] = sets[i][row[sets[i]] == f]
            solved[i] = f == green
        return BoardsState(
            tuple(sets), tuple(solved), state.turn + 1, (state._link, guess, feedback)
        )

    def children(self, state: BoardsState, guess: int) -> list[tuple[int, BoardsState]]:
        """Every joint feedback ``guess`` can get, with its state, in increasing feedback order;
        combinations no secret gives (two boards of one group both green, or more boards than
        answers in a bucket they share) are left out."""
        green, powers = self.game.solved, self._powers
        base = sum(green * powers[i] for i, done in enumerate(state.solved) if done)
        row = self.game.patterns[guess]
        per_board = []
        for i in state.open_boards:
            # each board's buckets, as a one-board Split groups them (one kernel call)
            members, codes, starts = _kernels.split_candidates(row, state.sets[i])
            per_board.append(
                (
                    i,
                    [
                        (int(p) * powers[i], int(p) == green, members[starts[b] : starts[b + 1]])
                        for b, p in enumerate(codes[starts[:-1]])
                    ],
                )
            )
        # boards whose sets are equal (identical histories) may draw buckets no secret fills
        shared = len({state.sets[i].tobytes() for i, _ in per_board}) < len(per_board)
        out = []
        link_parent, turn = state._link, state.turn + 1
        positions = [i for i, _ in per_board]
        for combo in itertools.product(*(buckets for _, buckets in per_board)):
            sets, solved = list(state.sets), list(state.solved)
            feedback = base
            for i, (code, done, members) in zip(positions, combo):
                sets[i] = members
                solved[i] = done
                feedback += code
            child_sets = tuple(sets)
            if shared and not self._consistent(child_sets):
                continue
            out.append(
                (
                    feedback,
                    BoardsState(child_sets, tuple(solved), turn, (link_parent, guess, feedback)),
                )
            )
        out.sort(key=lambda pair: pair[0])
        return out

    @staticmethod
    def _consistent(sets: tuple) -> bool:
        """Whether some secret gives this combination: boards that share a set need as many
        distinct answers in it."""
        seen: dict = {}
        for s in sets:
            key = s.tobytes()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > len(s):
                return False
        return True

    def unsolved_children(self, state: BoardsState, guess: int) -> list[tuple[int, BoardsState]]:
        return [(f, c) for f, c in self.children(state, guess) if not all(c.solved)]

    # --- words -------------------------------------------------------------------------------

    def describe(self, state: BoardsState, shown: int = 5) -> str:
        """The state in words for an error: the turn, the history, each board's candidates."""
        history = ", ".join(
            f"{self.guesses[g]} {self.format_feedback(f)}" for g, f in state.history
        )
        boards = []
        for i, (s, done) in enumerate(zip(state.sets, state.solved), start=1):
            words = [self.answers[a] for a in s]
            if done:
                boards.append(f"board {i}: solved, {words[0]}")
            else:
                some = ", ".join(words[:shown]) + (", ..." if len(words) > shown else "")
                boards.append(f"board {i}: {len(words)} candidates: {some}")
        after = f" after {history}" if history else ""
        return f"turn {state.turn + 1}{after} ({'; '.join(boards)})"

    def sample_secrets(self, state: BoardsState, k: int, seed: int) -> np.ndarray:
        """``k`` secrets of ``state`` drawn uniformly without replacement (by rejection: each
        board's answer drawn from its set, tuples with a repeated answer or drawn before
        redrawn), seeded from (``seed``, the boards' sets), sorted; all of them if there
        are k or fewer."""
        if self.mass(state) <= k:
            return self.secrets(state)
        sizes = np.array([len(s) for s in state.sets], dtype=np.int32)
        rng = np.random.default_rng(state_seed(seed, np.concatenate([sizes, *state.sets])))
        chosen: set = set()
        while len(chosen) < k:
            draw = tuple(int(s[rng.integers(len(s))]) for s in state.sets)
            if len(set(draw)) == len(draw):
                chosen.add(self.rank(draw))
        return np.array(sorted(chosen), dtype=np.int64 if self.n_secrets < 2**62 else object)
