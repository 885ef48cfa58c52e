"""``wordlekit review``: a played game's skill and luck, move by move (``wordlekit.review``), or
many games' regrets at once (``--batch``)."""

from __future__ import annotations

import json
import math
import sys

from ..errors import WordlekitError
from ..policies import make_policy
from ..review import Review, Reviewer, batch, parse_game, read_batch
from .inputs import chosen_game, lists_name, print_json


def _shown(value, width: int = 8) -> str:
    if value is None:
        return f"{'-':>{width}}"
    if math.isinf(value):
        return f"{'inf' if value > 0 else '-inf':>{width}}"
    return f"{value:{width}.4f}"


def _table(result: Review, about: str) -> None:
    print(f"review ({about}); the first state's optimum: {result.root_source}")
    print(
        "  #  guess   feedback  candidates  P(feedback)  expected      best  inaccuracy"
        "      luck  best guesses"
    )
    for m in result.moves:
        best = ", ".join(m.best_guesses) if m.best_guesses else "-"
        print(
            f"{m.turn:>3}  {m.guess:<7} {m.feedback:<9} {m.candidates:>10}  {m.probability:>11.4f}"
            f"  {_shown(m.expected)}  {_shown(m.best_expected)}  {_shown(m.inaccuracy, 10)}"
            f"  {_shown(m.luck)}  {best}"
        )
        if m.baseline is not None:
            b = m.baseline
            print(
                f"       {b['policy']} would play {b['guess']}: {b['expected_guesses']} expected "
                f"guesses with best play after it, {b['expected_guesses_playing_on']} if "
                f"{b['policy']} plays on"
            )
    print(
        f"total inaccuracy {_shown(result.total_inaccuracy, 0).strip()} guesses, total luck "
        f"{_shown(result.total_luck, 0).strip()} guesses (expected guesses still needed, this "
        f"one included, within {result.cap}; '-': not measured: no guess keeps the cap, the first "
        "state's optimum is not known, or a luck is infinite)"
    )


def cmd_review(args) -> int:
    game = chosen_game(args)
    baseline = None if args.baseline is None else make_policy(args.baseline)  # "" is refused
    if args.batch is not None and args.history:
        raise WordlekitError("--batch FILE and a game given: choose one")
    if args.batch is None and not args.history:
        raise WordlekitError("no game given: expected GUESS:FEEDBACK entries, a.b.c.d or --batch")
    games = read_batch(args.batch) if args.batch is not None else None
    history = parse_game(args.history, game) if games is None else None
    show = sys.stderr.isatty()
    best = 1 if games is not None else args.best  # a batch needs no list of ties
    reviewer = Reviewer(game, baseline=baseline, alternatives=best)
    if games is not None:
        rows, summary = batch(reviewer, games, progress=show)
        for row in rows:
            print(json.dumps(row, sort_keys=True))
        print_json({"summary": summary}, game)
        return 0
    result = reviewer.review(history, progress=show)
    about = f"{game.mode} mode, {lists_name(args)}: {len(game.guesses)} guesses, {len(game.answers)} answers"
    _table(result, about)
    if args.json:
        print_json(result.to_dict(), game)
    return 0
