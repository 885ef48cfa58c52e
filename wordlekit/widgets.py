"""Play a game, or step through an agent's game, in a notebook (ipywidgets panels).

The logic lives in two plain classes that work without a browser and are tested as such:

- ``PlaySession``: one game against a hidden answer; ``submit`` checks a guess (an allowed word,
  the mode's rule) and returns its tiles; ``hint`` asks a policy for the next guess.
- ``agent_steps``: a policy's whole game against a known answer, turn by turn: the candidates
  before each guess and, for a rollout, the Q-factors of its shortlist (expected guesses still
  needed, this one included, with the base heuristic playing on).

``play_panel`` and ``agent_panel`` only draw them: tiles as HTML, buttons, a text box. The CLI's
``wordlekit play`` uses the same ``PlaySession``.
"""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass

import numpy as np

from .errors import WordlekitError
from .feedback import feedback, format_feedback
from .game import Game
from .plots import TILE_COLOURS
from .rollout import Rollout

#: The NYT game allows six guesses.
MAX_TURNS = 6


class PlaySession:
    """One game against ``answer``: a history of (guess, tiles) and the candidates left.

    Parameters
    ----------
    game : Game
    answer : str, one of the game's answers
    policy : optional policy for ``hint``
    """

    def __init__(self, game: Game, answer: str, policy=None):
        if answer not in game.answers:
            raise WordlekitError(f"answer {answer!r} is not one of the game's {len(game.answers)} answers")
        self.game = game
        self.answer = answer
        self.policy = policy
        self.history: list[tuple[str, str]] = []
        self.state = game.initial_state()

    @property
    def solved(self) -> bool:
        return bool(self.history) and self.history[-1][1] == "g" * self.game.length

    @property
    def over(self) -> bool:
        return self.solved or len(self.history) >= MAX_TURNS

    def submit(self, word: str) -> str:
        """Play ``word``; return its tiles. A clear error (and no change) if the word is not an
        allowed guess, breaks the mode's rule, or the game is over."""
        if self.over:
            raise WordlekitError("the game is over; start a new one")
        game = self.game
        cleaned = word.strip().lower()
        game.guess_index(cleaned, role=f"guess {len(self.history) + 1}")
        tiles = format_feedback(feedback(cleaned, self.answer), game.length)
        self.state = game.state_after(self.history + [(cleaned, tiles)])  # checks the mode's rule
        self.history.append((cleaned, tiles))
        return tiles

    def hint(self) -> str:
        """The policy's next guess from the history so far."""
        if self.policy is None:
            raise WordlekitError("no policy to ask for a hint")
        return self.game.guesses[self.policy.choose(self.game, self.state)]

    def candidates(self) -> list[str]:
        return self.game.candidate_words(self.state)


@dataclass(frozen=True)
class Step:
    """One turn of an agent's game.

    Attributes
    ----------
    turn : int, 1 for the opener
    guess, tiles : str
    candidates : tuple of str, the answers still possible before this guess
    q_factors : tuple of (guess, expected guesses), best first; empty for the opener, the last
        candidate, and policies that are not rollouts
    """

    turn: int
    guess: str
    tiles: str
    candidates: tuple
    q_factors: tuple


def agent_steps(game: Game, policy, opener: str, answer: str, shown: int = 5) -> list[Step]:
    """``policy``'s game against ``answer`` from ``opener``, with what it weighed at each turn."""
    target = game.answers.index(answer)
    state = game.initial_state()
    guess = game.guess_index(opener, role="opener")
    steps = []
    while True:
        q = ()
        if steps and len(state.candidates) > 1 and isinstance(policy, Rollout):
            options, totals = policy.q_factors(game, state)
            expected = totals / policy.base_values(game).mass(state)
            order = np.argsort(expected, kind="stable")[:shown]
            q = tuple((game.guesses[int(options[i])], float(expected[i])) for i in order)
        pattern = int(game.patterns[guess, target])
        steps.append(Step(len(steps) + 1, game.guesses[guess], format_feedback(pattern, game.length),
                          tuple(game.candidate_words(state)), q))
        if pattern == game.solved:
            return steps
        state = game.next_state(state, guess, pattern)
        guess = policy.choose(game, state)


def tiles_html(word: str, tiles: str) -> str:
    """One row of Wordle tiles as HTML."""
    cells = "".join(
        f'<span style="display:inline-block;width:2em;height:2em;line-height:2em;margin:1px;'
        f'text-align:center;font-weight:bold;color:white;background:{TILE_COLOURS[t]}">'
        f"{html.escape(ch.upper())}</span>" for ch, t in zip(word, tiles))
    return f"<div>{cells}</div>"


def _candidates_html(words, shown: int = 12) -> str:
    """HTML "N candidates: the first ``shown`` of them, ..."; the count alone if ``shown`` is 0
    (the play panel before the first guess), not "N candidates: , ..."."""
    count = f"{len(words)} candidate{'s' if len(words) != 1 else ''}"
    if shown == 0:
        return f"<p>{count}</p>"
    listed = ", ".join(words[:shown]) + (", ..." if len(words) > shown else "")
    return f"<p>{count}: {html.escape(listed)}</p>"


def step_html(steps: list[Step], upto: int) -> str:
    """The board after ``upto`` steps, the candidates before the next one and its Q-factors."""
    board = "".join(tiles_html(s.guess, s.tiles) for s in steps[:upto])
    if upto >= len(steps):
        return board + f"<p>solved in {len(steps)}</p>"
    step = steps[upto]
    out = board + _candidates_html(list(step.candidates))
    if step.q_factors:
        rows = "".join(f"<tr><td>{html.escape(g)}</td><td>{e:.4f}</td></tr>" for g, e in step.q_factors)
        out += ("<p>Q-factors of the shortlist (expected guesses, this one included):</p>"
                f"<table><tr><th>guess</th><th>Q</th></tr>{rows}</table>")
    return out + f"<p>next guess: <b>{html.escape(step.guess)}</b></p>"


def agent_panel(game: Game, policy, opener: str, answer: str):
    """Step through ``policy``'s game with Previous / Next buttons (an ipywidgets VBox)."""
    import ipywidgets as widgets

    steps = agent_steps(game, policy, opener, answer)
    view = widgets.HTML()
    back, forward = widgets.Button(description="Previous"), widgets.Button(description="Next")
    position = {"upto": 0}

    def show(delta):
        position["upto"] = min(max(position["upto"] + delta, 0), len(steps))
        view.value = step_html(steps, position["upto"])
        back.disabled = position["upto"] == 0
        forward.disabled = position["upto"] == len(steps)

    back.on_click(lambda _: show(-1))
    forward.on_click(lambda _: show(+1))
    show(0)
    panel = _panel_class()([widgets.HTML(f"<b>{html.escape(policy.name)}</b> from {opener}, answer "
                                         f"hidden until solved"), widgets.HBox([back, forward]), view])
    panel.summary = (f"{policy.name}'s game from {opener}, step by step (Previous / Next): "
                     "run the notebook to use the panel")
    panel.steps = steps
    return panel


def play_panel(game: Game, answer: str, policy=None):
    """Play against ``answer``: a text box, a Guess button and, with a policy, a Hint button."""
    import ipywidgets as widgets

    session = PlaySession(game, answer, policy)
    box = widgets.Text(placeholder=f"a {game.length}-letter word")
    go = widgets.Button(description="Guess")
    board, message = widgets.HTML(), widgets.HTML()
    buttons = [go]

    def redraw(note: str = ""):
        rows = "".join(tiles_html(w, t) for w, t in session.history)
        if session.solved:
            note = f"solved in {len(session.history)}"
        elif session.over:
            note = f"the answer was {session.answer}"
        elif not note:
            note = _candidates_html(session.candidates(), shown=0 if len(session.history) == 0 else 12)
        board.value = rows
        message.value = note

    def guess(_):
        try:
            session.submit(box.value)
            box.value = ""
            redraw()
        except WordlekitError as exc:
            redraw(f"<p style='color:#b00'>{html.escape(str(exc))}</p>")

    go.on_click(guess)
    if policy is not None:
        helper = widgets.Button(description="Hint")
        helper.on_click(lambda _: redraw(f"<p>hint: <b>{html.escape(session.hint())}</b></p>")
                        if not session.over else None)
        buttons.append(helper)
    redraw()
    panel = _panel_class()([widgets.HBox([box, *buttons]), board, message])
    panel.summary = "play against a hidden answer (Guess" + (", Hint" if policy is not None else "") + \
        "): run the notebook to use the panel"
    panel.session, panel.text, panel.buttons = session, box, buttons
    return panel


@functools.cache
def _panel_class():
    """An ipywidgets VBox whose plain-text form is a one-line ``summary``.

    An executed notebook keeps a panel's plain text, not its live view: the view needs the
    kernel that made it (its model id is random, so ``wordlekit reproduce`` drops it). The default
    text, a truncated ``VBox(children=(...))``, would tell a reader nothing.
    """
    import ipywidgets as widgets

    class Panel(widgets.VBox):
        summary = "an interactive panel: run the notebook to use it"

        def __repr__(self) -> str:
            return self.summary

    return Panel
