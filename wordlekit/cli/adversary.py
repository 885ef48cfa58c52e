"""``optimal --game absurdle`` and ``play --game absurdle``: the shortest win against qntm's
adversary, proved (``absurdle_search``), and a game against it in the terminal."""

from __future__ import annotations

import sys
import time

from ..absurdle import TIE_RULE, Absurdle
from ..absurdle_search import shortest_win
from ..errors import WordlekitError
from ..game import Game
from .inputs import load_lists, print_json

NAME = "absurdle"


def _lists(args) -> str:
    if args.guesses or args.answers:
        return "your lists"
    return f"{'original' if args.lists is None else args.lists} lists"


def is_absurdle(args) -> bool:
    """Whether --game names Absurdle."""
    return (getattr(args, "game", None) or "").strip().lower() == NAME


def absurdle_model(args) -> Absurdle:
    """Absurdle on the word lists chosen (--lists, --guesses, --answers) in --mode; one line,
    status 2, for an option it has no use for."""
    for option in ("boards", "prior"):
        value = getattr(args, option, None)
        if value is not None and not (option == "boards" and value == 1):
            raise WordlekitError(
                f"--game absurdle and --{option}: Absurdle is one board against an adversary, "
                "with no answer drawn"
            )
    return Absurdle(Game(*load_lists(args), args.mode))


def optimal_absurdle(args) -> int:
    objective = "worst" if args.objective is None else args.objective.strip().lower()
    if objective != "worst":
        raise WordlekitError(
            f"--objective {args.objective} and --game absurdle: Absurdle is one deterministic "
            "game, so only its number of guesses can be minimised; expected --objective worst"
        )
    for option in ("opener", "breadth", "tree"):
        if getattr(args, option, None) is not None:
            raise WordlekitError(f"--{option} and --game absurdle: expected neither")
    model = absurdle_model(args)
    _ = model.game.patterns  # the pattern matrix built (or read from the cache) before the clock
    start = time.perf_counter()
    proofs = shortest_win(model)
    seconds = time.perf_counter() - start
    win = proofs[-1]
    words = [model.guesses[g] for g in win.line]
    n = len(words)
    about = f"{args.mode} mode, {_lists(args)}"
    print(f"Absurdle, {about}: the shortest win takes {n} guesses, e.g. {' '.join(words)}")
    for proof in proofs[:-1]:
        print(
            f"  no {proof.left + 1}-guess win: {proof.left} guess{'es' * (proof.left != 1)} "
            "never leave a single word "
            f"({proof.bounded} first guesses ruled out by the counting bound, {proof.scanned} "
            f"searched; {proof.seconds:.2f} s)"
        )
    print(f"  ties between largest buckets: any (the line above is the one of: {TIE_RULE})")
    print(f"  {seconds:.2f} s")
    if args.json:
        print_json(
            {
                "game": NAME,
                "mode": args.mode,
                "guesses": n,
                "line": words,
                "impossible": [
                    {
                        "guesses": p.left + 1,
                        "bounded": p.bounded,
                        "scanned": p.scanned,
                        "seconds": round(p.seconds, 4),
                    }
                    for p in proofs[:-1]
                ],
                "tie_rule": TIE_RULE,
                "seconds": round(seconds, 4),
            },
            model.game,
        )
    return 0


def play_absurdle(args) -> int:
    if args.answer is not None or args.seed is not None or args.hints:
        raise WordlekitError(
            "--answer, --seed and --hints with --game absurdle: Absurdle draws no answer and "
            "no policy plays it; expected none of them"
        )
    model = absurdle_model(args)
    state = model.initial_state()
    print(
        f"wordlekit play: Absurdle, {_lists(args)}, {len(model.answers)} possible answers, "
        f"{len(model.guesses)} allowed guesses, {args.mode} mode. The adversary keeps the "
        "largest bucket; type a guess per line (end of input gives up)."
    )
    while True:
        print(f"guess {state.turn + 1}: ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        word = line.strip().lower()
        if not word:
            continue
        try:
            guess = model.guess_index(word, role=f"guess {state.turn + 1}")
            rule = model.broken_rule(state, guess)
            if rule is not None:
                raise WordlekitError(rule)
        except WordlekitError as exc:
            print(f"  {exc}; try again")
            continue
        feedback = model.response(state, guess)
        state = model.next_state(state, guess, feedback)
        left = len(state.candidates)
        print(f"{word}  {model.format_feedback(feedback)}  ({left} word{'s' * (left != 1)} left)")
        if model.is_finished(state):
            print(f"solved in {state.turn}")
            return 0
    some = ", ".join(model.candidate_lists(state)[0][:10])
    print(f"given up after {state.turn} guesses; words left: {some}")
    return 0
