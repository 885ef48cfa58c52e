"""The grammar of the commands that play or review one game (``cli/play``, ``cli/review``):
hint, play and review."""

from __future__ import annotations

import argparse

from ..game import MODES
from ..policies import POLICIES
from .arguments import add_game, add_json, add_lists, add_policy
from .options import MAX_SEED, MAX_SUGGESTIONS, threads, whole


def add_hint(commands) -> argparse.ArgumentParser:
    """The ``hint`` command."""
    hi = commands.add_parser(
        "hint",
        help="candidates left and the best next guesses, from a game's history",
        description="Replay GUESS:FEEDBACK entries (feedback: g green, y yellow, b or - grey; "
        "or 2/1/0) and suggest the next guess, with the expected number of guesses "
        "still needed (this one included) if the policy plays on.",
    )
    hi.add_argument("history", nargs="*", metavar="GUESS:FEEDBACK", help="e.g. salet:bybbb")
    add_policy(hi, "rollout-mig", "optimal (exact play: states of a few hundred candidates), or ")
    hi.add_argument(
        "--suggestions",
        type=whole(1, MAX_SUGGESTIONS),
        default=5,
        metavar="N",
        help="how many guesses to suggest (default 5)",
    )
    add_json(
        hi,
        "candidates (a count), some_candidates, choice, "
        "suggestions [{guess, expected_guesses, candidate, chance_within_cap}], max_guesses",
    )
    return hi


def add_play(commands) -> argparse.ArgumentParser:
    """The ``play`` command."""
    pl = commands.add_parser(
        "play",
        help="play a game in the terminal against a hidden answer",
        description="Type a guess per line; the feedback comes back as coloured tiles (g/y/b "
        "letters when not on a terminal). Six guesses, as in the NYT game.",
    )
    day = pl.add_mutually_exclusive_group()
    day.add_argument(
        "--seed", type=whole(0, MAX_SEED), metavar="S", help="choose the answer reproducibly"
    )
    day.add_argument(
        "--answer", metavar="WORD", help="play against this answer (replay a given day's game)"
    )
    pl.add_argument(
        "--hints", action="store_true", help="show the policy's suggestion after each guess"
    )
    add_policy(pl, "rollout-mig", "policy for --hints, ")
    return pl


def add_review(commands) -> None:
    """The ``review`` command: a played game's skill and luck, move by move (``review``)."""
    rv = commands.add_parser(
        "review",
        help="a played game reviewed: each guess's inaccuracy and each feedback's luck, exactly",
        description="Each guess's expected guesses still needed with it and with the best "
        "guess (exact, within the cap), their difference (the inaccuracy), the best guesses, "
        "the candidates left and the chance of the feedback; each feedback's luck (expected "
        "guesses before it minus after it), as alex1770/wordle's -A defines them.",
    )
    rv.add_argument(
        "history",
        nargs="*",
        metavar="GAME",
        help="GUESS:FEEDBACK entries (salet:bbbyb drone:ybbbg), or one string salet.bbbyb."
        "drone.ybbbg, or the words alone salet.drone.cigar (the last is the answer)",
    )
    rv.add_argument(
        "--batch",
        metavar="FILE.jsonl",
        help='review many games: one JSON object a line, {"answer": "cigar", "guesses": '
        '["salet", "drone", "cigar"]}; prints one JSON line per game, then a summary',
    )
    rv.add_argument(
        "--baseline",
        metavar="P",
        help="also show what policy P would have played at each state and its cost; one of "
        f"{', '.join(POLICIES)}",
    )
    rv.add_argument(
        "--best",
        type=whole(1, MAX_SUGGESTIONS),
        default=1,
        metavar="N",
        help="list the guesses as good as the best among the N best (default 1: the solver's "
        "best only; more values N guesses exactly at each state of a few hundred candidates, "
        "seconds each)",
    )
    rv.add_argument(
        "--threads", type=threads, metavar="N", help="numba's threads (default: every core)"
    )
    rv.add_argument(
        "--mode", default="easy", metavar="M", help=f"one of {', '.join(MODES)} (default easy)"
    )
    add_lists(rv)
    add_game(rv)
    add_json(rv, "moves [{guess, feedback, expected_guesses, inaccuracy, luck, ...}], totals")
