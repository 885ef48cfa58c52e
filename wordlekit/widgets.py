"""Play a game, or step through an agent's game, in a notebook (ipywidgets panels).

The logic lives in ``wordlekit.session`` (``PlaySession``, ``agent_steps``), plain classes that
work without a browser and are tested as such; ``play_panel`` and ``agent_panel`` only draw
them: tiles as HTML, buttons, a text box. The CLI's ``wordlekit play`` uses the same
``PlaySession``. A game is read only through the seam (``contracts.Playable``): the candidates
are drawn one list per unsolved board, and a feedback that is not tiles as text.
"""

from __future__ import annotations

import functools
import html

import ipywidgets as widgets

from .contracts import Playable
from .errors import WordlekitError
from .plots import TILE_COLOURS
from .session import PlaySession, Step, agent_steps, counted, is_tiles, listed

__all__ = [
    "PlaySession",
    "Step",
    "agent_panel",
    "agent_steps",
    "play_panel",
    "step_html",
    "tiles_html",
]


def tiles_html(word: str, tiles: str) -> str:
    """One row of Wordle tiles as HTML, the boards side by side when the feedback is one
    pattern per board (``gybbb,bbgyb``); a feedback that is not tiles (``session.is_tiles``)
    as the word and the feedback in text."""
    boards = tiles.split(",")
    if not all(is_tiles(word, board) for board in boards):
        return f"<div><code>{html.escape(word)}  {html.escape(tiles)}</code></div>"
    gap = '<span style="display:inline-block;width:1.5em"></span>'
    cells = gap.join(
        "".join(
            f'<span style="display:inline-block;width:2em;height:2em;line-height:2em;margin:1px;'
            f'text-align:center;font-weight:bold;color:white;background:{TILE_COLOURS[t]}">'
            f"{html.escape(ch.upper())}</span>"
            for ch, t in zip(word, board)
        )
        for board in boards
    )
    return f"<div>{cells}</div>"


def _candidates_html(lists, shown: int = 12) -> str:
    """HTML "N candidates: the first ``shown`` of them, ...", one paragraph per list of
    ``lists`` (``Playable.candidate_lists``: one per unsolved board, each headed "board i" when
    there are several); the count alone if ``shown`` is 0 (the play panel before the first
    guess), not "N candidates: , ..."."""
    out = []
    for board, words in enumerate(lists, start=1):
        count = counted(words) if len(lists) == 1 else f"board {board}: {counted(words)}"
        some = "" if shown == 0 else f": {html.escape(listed(words, shown))}"
        out.append(f"<p>{count}{some}</p>")
    return "".join(out)


def step_html(steps: list[Step], upto: int) -> str:
    """The board after ``upto`` steps, the candidates before the next one and its Q-factors."""
    board = "".join(tiles_html(s.guess, s.tiles) for s in steps[:upto])
    if upto >= len(steps):
        return board + f"<p>solved in {len(steps)}</p>"
    step = steps[upto]
    out = board + _candidates_html(step.candidate_lists)
    if step.q_factors:
        rows = "".join(
            f"<tr><td>{html.escape(g)}</td><td>{e:.4f}</td></tr>" for g, e in step.q_factors
        )
        out += (
            "<p>Q-factors of the shortlist (expected guesses, this one included):</p>"
            f"<table><tr><th>guess</th><th>Q</th></tr>{rows}</table>"
        )
    return out + f"<p>next guess: <b>{html.escape(step.guess)}</b></p>"


def agent_panel(game: Playable, policy, opener: str, answer: str):
    """Step through ``policy``'s game with Previous / Next buttons (an ipywidgets VBox)."""
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
    panel = _panel_class()(
        [
            widgets.HTML(
                f"<b>{html.escape(policy.name)}</b> from {opener}, answer hidden until solved"
            ),
            widgets.HBox([back, forward]),
            view,
        ]
    )
    panel.summary = (
        f"{policy.name}'s game from {opener}, step by step (Previous / Next): "
        "run the notebook to use the panel"
    )
    panel.steps = steps
    return panel


def play_panel(game: Playable, answer: str, policy=None):
    """Play against ``answer``: a text box, a Guess button and, with a policy, a Hint button."""
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
            note = _candidates_html(
                session.candidate_lists(), shown=0 if len(session.history) == 0 else 12
            )
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
        helper.on_click(
            lambda _: (
                redraw(f"<p>hint: <b>{html.escape(session.hint())}</b></p>")
                if not session.over
                else None
            )
        )
        buttons.append(helper)
    redraw()
    panel = _panel_class()([widgets.HBox([box, *buttons]), board, message])
    panel.summary = (
        "play against a hidden answer (Guess"
        + (", Hint" if policy is not None else "")
        + "): run the notebook to use the panel"
    )
    panel.session, panel.text, panel.buttons = session, box, buttons
    return panel


@functools.cache
def _panel_class():
    """An ipywidgets VBox whose plain-text form is a one-line ``summary``.

    An executed notebook keeps a panel's plain text, not its live view: the view needs the
    kernel that made it (its model id is random, so ``wordlekit reproduce`` drops it). The default
    text, a truncated ``VBox(children=(...))``, would tell a reader nothing.
    """

    class Panel(widgets.VBox):
        summary = "an interactive panel: run the notebook to use it"

        def __repr__(self) -> str:
            return self.summary

    return Panel
