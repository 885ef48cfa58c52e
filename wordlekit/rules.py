"""Why the mode refuses a guess, and a state in words: for the one error an illegal guess raises
in every walk of a policy (``evaluation.check_guess``), for ``Game.state_after`` (a history
typed at ``hint`` or ``play``), the Gymnasium environment and tree files. Only error paths run
it. ``Game.broken_rule`` and ``Game.describe`` are these functions, as the model's methods
(``contracts.Model``): their ``game`` is a ``game.Game``, which imports this module, so it is
named here in words, not imported (no circle, not even for a type).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import numpy as np

from .errors import WordlekitError

if TYPE_CHECKING:
    from .contracts import Playable
    from .state import State

__all__ = ["MODE_RULES", "broken_rule", "describe", "replay"]

#: Each mode's rule in words, for the error of a typed guess that breaks it.
MODE_RULES = {
    "easy": "any allowed guess",
    "hard": "NYT hard mode: greens kept in place, greens and yellows reused",
    "strict": "every guess consistent with all feedback so far",
}


def broken_rule(game, state: State, guess: int) -> str | None:
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


def describe(game, state: State, shown: int = 5) -> str:
    """A state in words for an error message: the turn, the history, the candidates left."""
    history = ", ".join(f"{game.guesses[g]} {game.format_feedback(p)}" for g, p in state.history)
    words = game.candidate_words(state)
    some = ", ".join(words[:shown]) + (", ..." if len(words) > shown else "")
    after = f" after {history}" if history else ""
    return f"turn {state.turn + 1}{after} ({len(words)} candidates: {some})"


def replay(game: Playable, history):
    """The state a history of (guess word, feedback) pairs reaches from the start of ``game``
    (any playable model: one board or many), feedback as an int or as the player types it. One
    clear error naming the entry whose guess is unknown, breaks the mode's rule (and how), or
    leaves no secret consistent with the feedback."""
    state = game.initial_state()
    for turn, (word, fb) in enumerate(history, start=1):
        guess = game.guess_index(word, role=f"guess {turn}")
        broken = game.broken_rule(state, guess)
        if broken is not None:
            raise WordlekitError(
                f"guess {turn} {word!r} is not allowed in {game.mode} mode "
                f"({MODE_RULES[game.mode]}): {broken}"
            )
        pattern = fb if isinstance(fb, (int, np.integer)) else game.parse_feedback(fb)
        state = game.next_state(state, guess, int(pattern))
        if game.mass(state) == 0:
            raise WordlekitError(
                f"no answer is consistent with guess {turn} {word!r} getting "
                f"{game.format_feedback(int(pattern))} after the earlier feedback"
            )
    return state
