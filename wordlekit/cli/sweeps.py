"""``wordlekit sweep`` and ``wordlekit top-openers``: many openers on Dask into resumable SQLite
stores, and the proof of which openers have the smallest optima.

This module imports dask and pandas (through ``sweep`` and ``openers``): the CLI imports it only
when one of its two commands runs (``cli.COMMANDS``).
"""

from __future__ import annotations

import json
import sys
import time

from ..equivalence import opener_classes
from ..openers import top_openers
from ..policies import make_policy
from ..sweep import Lists, Task, dask_client, resolve_openers, run_sweep
from ..words import read_openers
from .inputs import (
    chosen_game,
    file_to_write,
    folder_to_fill,
    lists_name,
    parse_depths,
    write_text,
)


def _interrupted(store: str) -> int:
    """Ctrl-C or SIGTERM during a sweep: the store is closed with every row received (the
    driver's cleanup has run); say how to resume. Status 130 (``main`` makes SIGTERM's 143)."""
    print(
        f"wordlekit: interrupted; {store} keeps every row received: rerun the same command "
        "to resume",
        file=sys.stderr,
    )
    return 130


def _chosen_lists(args, mode: str):
    """The lists of the sweep's rows: --lists NAME[,...] (default original) as names, the keys
    of their rows; else the game of --game, --guesses or --answers, made by ``chosen_game``
    (which refuses their mixes), as a ``Lists`` keyed by its content."""
    if args.game is None and not (args.guesses or args.answers):
        return "original" if args.lists is None else args.lists
    return Lists.of(chosen_game(args, mode))


def _one_per_class(game, openers: list, args) -> list:
    """--openers all of a game with symmetries (Mastermind, Bulls and Cows): one opener per
    class of equivalent first guesses (``equivalence.opener_classes``), whose optima are equal,
    so that the proof searches one of each (Mastermind: 5 of 1,296), said in a note."""
    classes = opener_classes(game)
    if len(classes) == len(openers):
        return openers
    print(
        f"wordlekit: note: --openers all of {lists_name(args)}: one opener per class of "
        f"equivalent first guesses ({len(classes):,} of {len(openers):,}; equivalent openers "
        "have equal optima)",
        file=sys.stderr,
    )
    return [game.guesses[i] for i in classes.tolist()]


def cmd_top_openers(args) -> int:
    lists = Lists.of(_chosen_lists(args, args.mode))
    game = lists.game(args.mode)
    folder_to_fill("--store-dir", args.store_dir)
    file_to_write("--csv", args.csv)
    openers = resolve_openers(read_openers(args.openers, "--openers"), game.guesses)
    if args.openers == "all":
        openers = _one_per_class(game, openers, args)
    depths = parse_depths(args.depths)
    start = time.perf_counter()
    try:
        with dask_client(args.scheduler, args.workers) as client:
            rows = top_openers(
                openers,
                args.mode,
                lists,
                args.k,
                args.store_dir,
                client,
                args.max_guesses,
                depths,
                progress=sys.stderr.isatty(),
            )
    except KeyboardInterrupt:
        return _interrupted(args.store_dir)
    best = rows[rows["status"] == "proved top"]
    print(
        f"the {args.k} best of {len(rows)} openers, {args.mode} mode, {lists_name(args)}, "
        f"at most {args.max_guesses} guesses (proved):"
    )
    for opener, row in best.iterrows():
        print(f"  {int(row['rank']):3d}  {opener}  {int(row['total'])}")
    proofs = ", ".join(f"{proof} {count}" for proof, count in rows["proof"].value_counts().items())
    print(f"how each opener was settled: {proofs}; {time.perf_counter() - start:.1f} s")
    if args.csv:
        write_text("--csv", args.csv, rows.to_csv())
    return 0


def cmd_sweep(args) -> int:
    make_policy(args.policy)  # Task.make checks the name for evaluate only; a typo is a typo
    task = Task.make(args.task, args.policy, args.top_k, args.bound, args.depth, args.max_guesses)
    file_to_write("--store", args.store)
    try:
        summary = run_sweep(
            task,
            args.store,
            read_openers(args.openers, "--openers"),
            args.modes,
            _chosen_lists(args, "easy"),
            scheduler=args.scheduler,
            workers=args.workers,
            progress=sys.stderr.isatty(),
        )
    except KeyboardInterrupt:
        return _interrupted(args.store)
    print(f"sweep {task.kind} {task.parameters} into {args.store}: {summary.line()}")
    for (opener, mode, lists), message in summary.errors:
        print(f"  crashed: {opener} {mode} {lists}: {message}")
    if args.json:
        print(json.dumps(summary.to_dict(), sort_keys=True))
    return 1 if summary.crashed else 0
