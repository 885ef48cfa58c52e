"""A refused guess and its state in words, for the one error an illegal guess raises in every
walk of a policy (``evaluation.check_guess``). Only that error path runs it.

Which letter or position a refused guess breaks, and since when, is ``game.broken_rule`` (here
too, as ``rules.broken_rule``): ``Game.state_after`` gives the same reason for a history typed
at ``hint`` or ``play``, and the game layer cannot import this module.
"""

from __future__ import annotations

from .game import Game, State, broken_rule

__all__ = ["broken_rule", "describe"]


def describe(game: Game, state: State, shown: int = 5) -> str:
    """A state in words for an error message: the turn, the history, the candidates left."""
    history = ", ".join(f"{game.guesses[g]} {game.format_feedback(p)}" for g, p in state.history)
    words = game.candidate_words(state)
    some = ", ".join(words[:shown]) + (", ..." if len(words) > shown else "")
    after = f" after {history}" if history else ""
    return f"turn {state.turn + 1}{after} ({len(words)} candidates: {some})"
