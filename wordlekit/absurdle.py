"""Absurdle (qntm, 2022): Wordle against an adversary that keeps the largest bucket.

**The rules**, as qntm's essay and FAQ state them (qntm.org/absurdle, qntm.org/fabsurdleq):

- *The lists* are Wordle's: 2,315 words that can be the answer and 10,657 more allowed as
  guesses (12,972 guesses in all; the essay says "(almost) the same word lists"). Here the
  lists are any of the package's (``--lists``, default ``original``, Wordle's own).
- *No answer is chosen.* The adversary keeps the set of words consistent with every feedback so
  far (the candidates). A guess splits them into buckets by the feedback each would give; the
  adversary answers with the feedback of the **largest** bucket, and the candidates become that
  bucket. The game ends when the guess is the only candidate left (all green). There is no cap
  on guesses; the score is the number of guesses.
- *Hard mode* is Wordle's hard rule on the guesses (``--mode hard``); qntm's FAQ says the best
  score is 4 guesses there too.
- *Ties.* The essay says only "the largest bucket"; qntm's source (the game's own JavaScript,
  not in a public repository this package could read) decides ties, and published clones
  differ (fewest greens then fewest yellows; alphabetical order of the response). This model's
  rule, ``TIE_RULE``: among the largest buckets, the one with the fewest greens, then the
  fewest yellows, then the smallest pattern number (``feedback``: base 3, grey 0, yellow 1,
  green 2, read left to right). So the all-green bucket (one word, five greens) is kept only
  when it is the only bucket, i.e. when the guess is the last candidate: a win is guessing the
  last word left. **The proofs do not depend on the tie rule** (``absurdle_search``) beyond
  that: a "never" is proved for every choice among tied buckets, a win is exhibited only
  where it holds for every such choice. (A rule that kept a guess's one-word all-green
  bucket beside other one-word buckets would end some games a guess early; it is not
  searched.)

**As a model of the seam** (``contracts.Model`` and ``Playable``): the game is deterministic,
so it has one *secret*, the adversary (``n_secrets = 1``, named ``absurdle``), whose feedback
to a guess at a state is the rule above; a state's ``mass`` is 1, so a policy's TOTAL is the
number of guesses of its one game, and ``evaluate``, ``Lookahead`` and ``play`` take it as
they are. A state is the Wordle state of the candidates kept (candidates, allowed guesses,
turn, history), wrapped.

References
----------
- [qntm2022]_: Absurdle, its essay and FAQ.
"""

from __future__ import annotations

import numpy as np

from .errors import WordlekitError
from .game import Game, State

#: How the adversary breaks a tie between largest buckets (see the module docstring).
TIE_RULE = "fewest greens, then fewest yellows, then the smallest pattern number"

#: The adversary's one secret, as the player writes it.
SECRET_NAME = "absurdle"


def tile_counts(n_patterns: int, length: int) -> tuple[np.ndarray, np.ndarray]:
    """(greens, yellows) of every pattern number, arrays of shape (n_patterns,), int64."""
    digits = (np.arange(n_patterns)[:, None] // 3 ** np.arange(length)) % 3
    return (digits == 2).sum(axis=1), (digits == 1).sum(axis=1)


class AbsurdleState:
    """Where a game of Absurdle stands: the Wordle state of the candidates the adversary kept.

    Attributes
    ----------
    inner : game.State
        Candidates, allowed guesses (hard modes), turn and history.
    """

    __slots__ = ("inner",)

    def __init__(self, inner: State):
        self.inner = inner

    @property
    def key(self):
        return self.inner.key

    @property
    def turn(self) -> int:
        return self.inner.turn

    @property
    def history(self) -> tuple:
        return self.inner.history

    @property
    def candidates(self) -> np.ndarray:
        return self.inner.candidates

    def __repr__(self) -> str:
        return f"AbsurdleState(turn={self.turn}, candidates={len(self.candidates)})"


class Absurdle:
    """Absurdle on a Wordle ``game`` (its lists and mode): a model of the seam (module
    docstring). ``max_guesses`` is the number of guesses (the game has no cap: a policy that
    repeats itself is stopped there)."""

    name = "absurdle"

    def __init__(self, game: Game):
        if not game.answering.letters:
            raise WordlekitError(
                f"Absurdle on {game.guesses.name}: expected Wordle's tiles, not "
                f"{game.answering.name}"
            )
        self.game = game
        self.mode = game.mode
        self.guesses = game.guesses
        self.answers = game.answers
        self.length = game.length
        self.max_guesses = len(game.guesses)
        greens, yellows = tile_counts(game.n_patterns, game.length)
        # The tie rule as one key per pattern, smaller kept first among equal sizes.
        self._tie_key = (greens * (game.length + 1) + yellows) * game.n_patterns + np.arange(
            game.n_patterns
        )

    # The adversary.

    def bucket_sizes(self, candidates: np.ndarray, guess: int) -> np.ndarray:
        """Candidates per pattern number, shape (n_patterns,), int64."""
        return np.bincount(self.game.patterns[guess, candidates], minlength=self.game.n_patterns)

    def largest(self, candidates: np.ndarray, guess: int) -> tuple[int, np.ndarray]:
        """(the size of the largest bucket, every pattern whose bucket has that size), the
        patterns in increasing order: the choices a tie leaves the adversary."""
        sizes = self.bucket_sizes(candidates, guess)
        top = int(sizes.max())
        return top, np.flatnonzero(sizes == top)

    def response(self, state: AbsurdleState, guess: int) -> int:
        """The adversary's feedback to ``guess`` at ``state``: its largest bucket's pattern,
        ties broken by ``TIE_RULE``."""
        _, tied = self.largest(state.candidates, guess)
        return int(tied[np.argmin(self._tie_key[tied])])

    # contracts.Model

    @property
    def n_secrets(self) -> int:
        return 1

    def secret_name(self, secret: int) -> str:
        return SECRET_NAME

    def guess_index(self, word: str, role: str = "guess") -> int:
        return self.game.guess_index(word, role)

    def initial_state(self) -> AbsurdleState:
        return AbsurdleState(self.game.initial_state())

    def mass(self, state: AbsurdleState) -> int:
        """1: one game is played, so a TOTAL counts its guesses."""
        return 1

    def secrets(self, state: AbsurdleState) -> np.ndarray:
        return np.zeros(1, dtype=np.int32)

    def children(self, state: AbsurdleState, guess: int) -> list[tuple[int, AbsurdleState]]:
        """The one feedback the adversary gives, with the state it keeps."""
        pattern = self.response(state, guess)
        return [(pattern, AbsurdleState(self.game.next_state(state.inner, guess, pattern)))]

    def unsolved_children(self, state: AbsurdleState, guess: int) -> list:
        return [(p, c) for p, c in self.children(state, guess) if p != self.game.solved]

    def finishing_feedback(self, state: AbsurdleState) -> int:
        return self.game.solved

    def sole_guess(self, state: AbsurdleState) -> int | None:
        return self.game.sole_guess(state.inner)

    def allowed_guesses(self, state: AbsurdleState) -> np.ndarray:
        return self.game.allowed_guesses(state.inner)

    def is_allowed(self, state: AbsurdleState, guess: int) -> bool:
        return self.game.is_allowed(state.inner, guess)

    def finishing_guesses(self, state: AbsurdleState) -> np.ndarray:
        """Only the last candidate can finish the game (the tie rule never ends it earlier)."""
        if len(state.candidates) != 1:
            return np.zeros(0, dtype=np.int32)
        return self.game.finishing_guesses(state.inner)

    def feedback(self, state: AbsurdleState, guess: int, secret: int) -> int:
        return self.response(state, guess)

    def sample_secrets(self, state: AbsurdleState, k: int, seed: int) -> np.ndarray:
        return self.secrets(state)

    def next_state(self, state: AbsurdleState, guess: int, feedback: int) -> AbsurdleState:
        return AbsurdleState(self.game.next_state(state.inner, guess, feedback))

    def describe(self, state: AbsurdleState) -> str:
        return self.game.describe(state.inner)

    def broken_rule(self, state: AbsurdleState, guess: int) -> str | None:
        return self.game.broken_rule(state.inner, guess)

    # contracts.Playable

    def secret_index(self, name: str, role: str = "answer") -> int:
        if name.strip().lower() == SECRET_NAME:
            return 0
        raise WordlekitError(
            f"{role} {name!r}: Absurdle hides no answer (its adversary chooses as you guess); "
            f"expected {SECRET_NAME!r}"
        )

    def format_feedback(self, feedback: int) -> str:
        return self.game.format_feedback(feedback)

    def parse_feedback(self, text: str) -> int:
        return self.game.parse_feedback(text)

    def state_after(self, history) -> AbsurdleState:
        """The state a typed history reaches; a clear error naming an entry whose feedback is
        not the adversary's."""
        state = self.initial_state()
        for turn, (word, feedback) in enumerate(history, start=1):
            guess = self.guess_index(str(word), role=f"guess {turn}")
            given = feedback if isinstance(feedback, int) else self.parse_feedback(feedback)
            expected = self.response(state, guess)
            if given != expected:
                raise WordlekitError(
                    f"guess {turn} {word}: Absurdle answers {self.format_feedback(expected)}, "
                    f"not {self.format_feedback(given)}"
                )
            rule = self.broken_rule(state, guess)
            if rule is not None:
                raise WordlekitError(f"guess {turn} {word}: {rule}")
            state = self.next_state(state, guess, given)
        return state

    def is_finished(self, state: AbsurdleState) -> bool:
        return self.game.is_finished(state.inner)

    def candidate_lists(self, state: AbsurdleState) -> tuple[tuple[str, ...], ...]:
        return self.game.candidate_lists(state.inner)
