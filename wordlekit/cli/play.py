"""``wordlekit hint`` and ``wordlekit play``: the candidates left and the best next guesses after a
game's history, and a game in the terminal against a hidden answer. Both read the game only
through the seam (``contracts.Playable``): one board or many, Wordle or another game."""

from __future__ import annotations

import random
import sys

from ..boards import Boards
from ..errors import WordlekitError
from ..hint import OPTIMAL, hint, parse_history
from ..session import PlaySession, counted, is_tiles, listed
from .adversary import is_absurdle, play_absurdle
from .inputs import chosen_model, chosen_policy, chosen_prior, lists_name, print_json


def cmd_hint(args) -> int:
    game = chosen_model(args)
    prior = chosen_prior(args, game.answers)
    exact = args.policy == OPTIMAL  # exact play is hint's own, not a policy by name
    policy = OPTIMAL if exact else chosen_policy(args, game, prior)
    name = OPTIMAL if exact else policy.name
    history = parse_history(args.history, game)
    show = sys.stderr.isatty() and not args.json
    result = hint(game, policy, history, args.suggestions, prior, progress=show)
    boards = f"{game.name}, " if isinstance(game, Boards) else ""
    about = (
        f"{boards}{args.mode} mode, {lists_name(args)}: {len(game.guesses)} guesses, "
        f"{len(game.answers)} answers"
    )
    lists = result.candidate_lists
    if len(lists) == 1:
        print(f"{counted(lists[0])} left ({about}): {listed(lists[0], 10)}")
    else:  # one line per board still unsolved
        print(f"candidates left ({about}):")
        for board, words in enumerate(lists, start=1):
            print(f"  board {board}: {counted(words)}: {listed(words, 10)}")
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
    """A guess's feedback as the terminal shows it: coloured tiles on a terminal, the boards
    side by side (several boards' feedback is comma-separated); else as text."""
    boards = tiles.split(",")
    if not (colour and all(is_tiles(word, t) for t in boards)):  # pegs, or not a terminal
        return f"{word}  {tiles}"
    return "   ".join(
        "".join(f"{_TILE_COLOURS[t]} {ch.upper()} \033[0m" for ch, t in zip(word, board))
        for board in boards
    )


def cmd_play(args) -> int:
    if is_absurdle(args):
        return play_absurdle(args)
    game = chosen_model(args)
    if args.answer is not None:
        secret = game.secret_index(args.answer, role="--answer")
        chosen = "the answer given by --answer"
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        secret = random.Random(seed).randrange(game.n_secrets)
        chosen = f"seed {seed}"
    answer = game.secret_name(secret)
    policy = chosen_policy(args, game)  # checked even without --hints: a typo says so
    policy = policy if args.hints else None
    session = PlaySession(game, answer)
    colour = sys.stdout.isatty()
    boards = f"{game.name} ({game.n_boards} boards), " if isinstance(game, Boards) else ""
    print(
        f"wordlekit play: {boards}{lists_name(args)}, {len(game.answers)} possible answers, "
        f"{len(game.guesses)} allowed guesses, {args.mode} mode, {chosen}. "
        "Type a guess per line (end of input gives up)."
    )
    while not session.over:
        print(f"guess {len(session.history) + 1} of {game.max_guesses}: ", end="", flush=True)
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
        if policy is not None and len(session.history) < game.max_guesses:
            best = hint(game, policy, session.history, 1).suggestions[0]
            print(f"  hint: {best[0]} (expected {best[1]:.2f} more guesses, this one included)")
    print(f"the answer was {answer}")
    return 0
