"""Help with one game: the candidates left and the best next guesses, with what they cost.

``hint`` replays a history of (guess, feedback) pairs and, for the guesses a policy would
consider (its own choice and its shortlist), computes the *exact* expected number of guesses
still needed, this one included, if that guess is played now and the policy plays on:

    E(u) = (|S| + sum over feedback f != all green of T_pi(S_f)) / |S|,

the average Q-factor of the rollout paper with the policy itself as the continuation
(``PolicyValues`` gives T_pi). The answer is uniform over the candidates, or follows a prior
(``wordlekit.prior``): then |S| is the candidates' weight and T_pi the weighted total.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .answering import TILES
from .errors import WordlekitError
from .evaluation import PolicyValues
from .game import Game, State
from .progress import bar as progress_bar
from .rollout import Rollout


@dataclass(frozen=True)
class Hint:
    """What ``hint`` found.

    Attributes
    ----------
    state : State
    candidates : tuple of str, the answers still possible (list order)
    suggestions : tuple of (guess, expected guesses, is a candidate), best first
    choice : str, the guess the policy itself plays
    """

    state: State
    candidates: tuple
    suggestions: tuple
    choice: str

    def to_dict(self, shown: int = 10) -> dict:
        return {
            "candidates": len(self.candidates),
            "some_candidates": list(self.candidates[:shown]),
            "choice": self.choice,
            "suggestions": [
                {"guess": g, "expected_guesses": round(e, 6), "candidate": c}
                for g, e, c in self.suggestions
            ],
        }


def parse_history(entries, length: int, answering=TILES) -> list[tuple[str, str]]:
    """``["salet:bybbb", ...]`` -> [(word, tiles), ...]; a clear error naming a bad entry.
    ``answering``: the game's answering function, which reads the feedback (default Wordle's
    tiles; Mastermind's pegs read ``1122:2B1W``)."""
    history = []
    for turn, entry in enumerate(entries, start=1):
        word, sep, tiles = entry.partition(":")
        if not sep or not word.strip() or ":" in tiles:
            raise WordlekitError(
                f"entry {turn} {entry!r}: expected GUESS:FEEDBACK, e.g. salet:bybbb"
            )
        try:
            answering.parse(tiles, length)
        except WordlekitError as exc:
            raise WordlekitError(f"entry {turn} {entry!r}: {exc}") from None
        history.append((word.strip(), tiles.strip()))
    return history


def _considered(game: Game, policy, state: State, count: int) -> np.ndarray:
    """The policy's own choice, then the guesses it would rank next."""
    choice = policy.choose(game, state)
    if isinstance(policy, Rollout):
        ranked = policy.shortlist(game, state)
    else:
        ranked = policy.rank(game, state, max(count, 10))
    return np.array([choice] + [g for g in ranked if g != choice], dtype=np.int64)


def hint(game: Game, policy, history, count: int = 5, prior=None, progress: bool = False) -> Hint:
    """Candidates left after ``history`` and up to ``count`` suggestions (see module doc),
    with expectations under ``prior`` if one is given (else uniform). ``progress``: a bar on
    stderr over the policy's own choice and each guess valued (a rollout's from the first
    state takes minutes)."""
    state = game.state_after(history)
    words = tuple(game.candidate_words(state))
    if history and game.parse_feedback(history[-1][1]) == game.solved:
        raise WordlekitError(
            f"the game is already solved by {history[-1][0]!r}; no guess is needed"
        )
    n = len(state.candidates)
    if n == 1:
        return Hint(state, words, ((words[0], 1.0, True),), words[0])
    values = PolicyValues(game, policy, prior)
    mass = values.mass(state)
    in_set = set(game.guess_of_answer[state.candidates].tolist())
    bar = progress_bar(
        f"{policy.name}: its own choice",
        unit="guess",
        show=progress,
        bar_format="{desc} {n_fmt}/{total_fmt} [{elapsed}]",
    )
    options = _considered(game, policy, state, count)
    bar.reset(total=len(options))
    rows = []
    for rank, guess in enumerate(options):
        bar.set_description_str(f"{policy.name}: valuing {game.guesses[int(guess)]}")
        total = values.after(state, int(guess))
        rows.append((total / mass, rank, game.guesses[int(guess)], int(guess) in in_set))
        bar.update()
    bar.close()
    rows.sort()
    suggestions = tuple(
        (word, expected, candidate) for expected, _, word, candidate in rows[:count]
    )
    return Hint(state, words, suggestions, game.guesses[int(options[0])])
