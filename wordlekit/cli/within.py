"""``wordlekit within D``: whether every answer is found within D guesses, per opener, proved
either way by the worst case's feasibility search (``optimal.minimax``; the openers swept by
``experiments.minimax_openers.opener_sweep``, one search shared by all of them), and the
witness strategy written as a tree that ``evaluate --tree`` replays."""

from __future__ import annotations

import time

from ..errors import WordlekitError
from ..experiments.minimax_openers import opener_sweep, sample_openers
from ..optimal.minimax import Minimax, MinimaxPolicy
from ..trees import policy_paths, tree_text
from ..warmup import warm_up
from ..words import read_openers
from .inputs import chosen_game, print_json, tree_output, write_results


def chosen_openers(args, game) -> list[int] | None:
    """The guess indices of --openers (all, a FILE or words with commas), or K of them with
    --sample; None without --openers (the search then chooses the first guess)."""
    if args.openers is None:
        if args.sample is not None:
            raise WordlekitError("--sample draws from --openers: expected --openers all or words")
        return None
    given = read_openers(args.openers, "--openers")
    if given == "all":
        openers = list(range(len(game.guesses)))
    else:
        words = given if isinstance(given, list) else given.split(",")
        words = [w.strip().lower() for w in words]
        if not all(words):
            raise WordlekitError(
                f"--openers {args.openers!r} has an empty word; expected words separated by commas"
            )
        openers = list(dict.fromkeys(game.guess_index(w, role="opener") for w in words))
    if args.sample is not None:
        openers = sample_openers(game, args.sample, args.seed, among=openers)
    return openers


def cmd_within(args) -> int:
    game = chosen_game(args)
    openers = chosen_openers(args, game)
    if args.tree and openers is not None and len(openers) != 1:
        raise WordlekitError(
            f"--tree writes one strategy, got {len(openers)} openers; expected one opener in "
            "--openers, or none (the first guess the search finds)"
        )
    tree_output(game, "--tree", args.tree, args.tree_format)
    d, n = args.d, len(game.answers)
    warm_up(game, "mig")  # the pattern matrix, loaded or built before the clock starts
    search = Minimax(game)
    start = time.perf_counter()
    print(f"within {d} guesses, {args.mode} mode, {n:,} answers, {len(game.guesses):,} guesses")
    first = None
    if openers is None:
        found = search.feasible(game.initial_state(), d)
        first = search.guess(game.initial_state(), d) if found else None
        rows = []
        verdict = (
            f"yes: from {game.guesses[first]}, every answer is found within {d} guesses"
            if found
            else f"no: no strategy finds every answer within {d} guesses, whatever the first guess"
        )
        print(f"  {verdict}")
    else:
        shown = {True: f"within {d}", False: f"not within {d}", None: "undecided"}

        def show(row: dict) -> None:
            print(f"  {row['opener']}: {shown[row['within']]}", flush=True)

        frame = opener_sweep(game, d, openers, search, progress=show, seconds=args.seconds)
        rows = [
            {"opener": r.opener, "within": None if r.within is None else bool(r.within)}
            for r in frame.itertuples()
        ]
        found = len(rows) == 1 and rows[0]["within"] is True
        first = openers[0] if found else None
        within = sum(r["within"] is True for r in rows)
        undecided = sum(r["within"] is None for r in rows)
        print(
            f"  {within:,} of {len(rows):,} openers keep every answer within {d} guesses"
            + (f" ({undecided:,} undecided after {args.seconds:g} CPU s each)" if undecided else "")
        )
    seconds = time.perf_counter() - start
    print(f"  {seconds:.2f} s, {search.states:,} states searched")
    written = args.tree if found and first is not None else None
    if args.tree and written is None:
        print(f"  no strategy within {d}: no tree written")
    failed = write_results(
        (
            "--tree",
            written,
            "tree",
            lambda: tree_text(
                game,
                policy_paths(game, MinimaxPolicy(search, d, first), first),
                args.tree_format,
                args.tree_depth,
            ),
        )
    )
    if args.json:
        summary = {
            "d": d,
            "mode": args.mode,
            "answers": n,
            "openers": rows if openers is not None else None,
            "within": sum(r["within"] is True for r in rows) if openers is not None else found,
            "undecided": sum(r["within"] is None for r in rows),
            "first": None if openers is not None or first is None else game.guesses[first],
            "states": search.states,
            "seconds": round(seconds, 3),
        }
        print_json(summary, game)
    if failed is not None:  # after the whole result, the JSON line too
        raise failed
    return 0
