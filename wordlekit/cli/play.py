"""``wordlekit hint`` and ``wordlekit play``: the candidates left and the best next guesses after a
game's history, and a game in the terminal against a hidden answer."""

from __future__ import annotations

import random
import sys

from ..errors import WordlekitError
from ..game import MAX_GUESSES
from ..hint import OPTIMAL, hint, parse_history
from ..policies import make_policy
from ..session import PlaySession
from .inputs import chosen_game, chosen_prior, lists_name, print_json


def cmd_hint(args) -> int:
    game = chosen_game(args)
    guesses, answers = game.guesses, game.answers
    prior = chosen_prior(args, answers)
    exact = args.policy == OPTIMAL  # exact play is hint's own, not a policy by name
    policy = OPTIMAL if exact else make_policy(args.policy, prior=prior)
    name = OPTIMAL if exact else policy.name
    history = parse_history(args.history, game.length, game.answering)
    show = sys.stderr.isatty() and not args.json
    result = hint(game, policy, history, args.suggestions, prior, progress=show)
    n = len(result.candidates)
    shown = ", ".join(result.candidates[:10]) + (", ..." if n > 10 else "")
    print(
        f"{n} candidate{'s' if n != 1 else ''} left ({args.mode} mode, {lists_name(args)}: "
        f"{len(guesses)} guesses, {len(answers)} answers): {shown}"
    )
    # The column ranks guesses by what follows if the policy plays every later guess; the
    # policy picks its own guess by its own estimate (a rollout lets its base heuristic play
    # on), so its pick need not be first here: the header and the note say which is which.
    print(
        f"best next guesses: expected guesses still needed (this one included) if {name} "
        "plays every later guess"
    )
    # The chance of solving within the cap is shown only where some guess falls short of one.
    risky = any(s.chance < 1 for s in result.suggestions)
    within = f"  within {result.cap}" if risky else ""
    print(f"  {'guess':<{game.length}}  expected{within}")
    for s in result.suggestions:
        notes = (
            [f"{name} plays this now, by its own estimate"] if s.guess == result.choice else []
        ) + ([] if s.candidate else ["cannot be the answer"])
        chance = f"  {s.chance:{len(within) - 2}.1%}" if risky else ""
        print(
            f"  {s.guess}  {s.expected:8.4f}{chance}" + (f"  ({'; '.join(notes)})" if notes else "")
        )
    if risky:
        print(
            f"within {result.cap}: the chance that the answer is found within {result.cap} "
            f"guesses in all, if {name} plays every later guess"
        )
    if args.json:
        print_json(result.to_dict(), game)
    return 0


_TILE_COLOURS = {"g": "\033[1;97;42m", "y": "\033[1;30;43m", "b": "\033[1;97;100m"}


def _tiles(word: str, tiles: str, colour: bool) -> str:
    if not colour:
        return f"{word}  {tiles}"
    return "".join(f"{_TILE_COLOURS[t]} {ch.upper()} \033[0m" for ch, t in zip(word, tiles))


def cmd_play(args) -> int:
    game = chosen_game(args)
    guesses, answers = game.guesses, game.answers
    if args.answer is not None:
        answer = args.answer.strip().lower()
        if answer not in answers:
            raise WordlekitError(
                f"--answer {args.answer!r} is not one of the game's {len(answers)} answers; "
                f"expected a word of {answers.name}"
            )
        chosen = "the answer given by --answer"
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        answer = answers[random.Random(seed).randrange(len(answers))]
        chosen = f"seed {seed}"
    policy = make_policy(args.policy)  # checked even without --hints: a typo says so
    policy = policy if args.hints else None
    session = PlaySession(game, answer)
    colour = sys.stdout.isatty() and game.answering.letters  # pegs print as text (2B1W)
    print(
        f"wordlekit play: {lists_name(args)}, {len(answers)} possible answers, "
        f"{len(guesses)} allowed guesses, {args.mode} mode, {chosen}. "
        "Type a guess per line (end of input gives up)."
    )
    while not session.over:
        print(f"guess {len(session.history) + 1} of {MAX_GUESSES}: ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        try:
            tiles = session.submit(line)
        except WordlekitError as exc:
            print(f"  {exc}; try again")
            continue
        print(_tiles(session.history[-1][0], tiles, colour))
        if session.solved:
            print(f"solved in {len(session.history)}")
            return 0
        if policy is not None and len(session.history) < MAX_GUESSES:
            best = hint(game, policy, session.history, 1).suggestions[0]
            print(f"  hint: {best[0]} (expected {best[1]:.2f} more guesses, this one included)")
    print(f"the answer was {answer}")
    return 0
