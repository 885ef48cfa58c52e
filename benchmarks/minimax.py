"""Which openers keep every game within d guesses (minimax): a seeded sample of openers, each
proved either way by the feasibility search, with its cost; the whole sweep's cost extrapolated.

    NUMBA_NUM_THREADS=1 python benchmarks/minimax.py [--k 50] [--hard-k 10] [--seed 0]
        [--hard-seconds 30] [--strict-k 0] [--strict-seconds 30]
        [--out benchmarks/minimax-results.md]
        [--store wordlekit/data/sweeps/minimax_openers_sample.csv]

Easy mode: within 4 and within 5 for ``--k`` openers; hard mode: within 5 for ``--hard-k``
openers, each left undecided after ``--hard-seconds`` of CPU; strict mode the same with
``--strict-k`` and ``--strict-seconds``. A count of 0 leaves its mode out. Each sweep is one
``Minimax`` search (its memo and cores shared by the openers), after a warm-up (salet within
3, which compiles the kernels) not counted. ``--out`` writes the whole results file (the
sections added by hand below the table are not kept: write elsewhere and copy what is new).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import pandas as pd
from _results import load as results_load
from _results import machine
from _results import write as write_results

from wordlekit import Game
from wordlekit.experiments.minimax_openers import (
    opener_sweep,
    sample_openers,
    store_sample,
    worst_case_table,
)
from wordlekit.optimal.minimax import Minimax


def _show(row: dict) -> None:
    """One opener's result on stderr, as it comes (a stopped run still says how far it went)."""
    print(
        f"{row['mode']} within {row['d']}: {row['opener']} {row['within']} "
        f"{row['cpu_s']:.1f} s, {row['states']:,} states",
        file=sys.stderr,
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=50)
    parser.add_argument("--hard-k", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hard-seconds", type=float, default=30.0)
    parser.add_argument("--strict-k", type=int, default=0)
    parser.add_argument("--strict-seconds", type=float, default=30.0)
    parser.add_argument("--out", default=None)
    parser.add_argument("--store", default=None)
    args = parser.parse_args()
    command = "NUMBA_NUM_THREADS=1 python benchmarks/minimax.py " + " ".join(sys.argv[1:])
    load = os.getloadavg()[0]
    frames, lines = [], []
    budgets = {"easy": None, "hard": args.hard_seconds, "strict": args.strict_seconds}
    for mode, caps, k in (
        ("easy", (4, 5), args.k),
        ("hard", (5,), args.hard_k),
        ("strict", (5,), args.strict_k),
    ):
        if k == 0:
            continue
        game = Game.original(mode)
        openers = sample_openers(game, k, args.seed)
        for d in caps:
            search = Minimax(game)
            search.opener_feasible(game.guess_index("salet"), 3)  # compiles; not counted
            search = Minimax(game)
            began = time.process_time()
            frame = opener_sweep(
                game, d, openers, search, progress=_show, seconds=budgets[mode], lists="original"
            )
            cpu = time.process_time() - began
            frames.append(frame)
            n = len(game.guesses)
            lines.append(
                f"| {mode} | {d} | {k} | {int((frame['within'] == True).sum())} | "  # noqa: E712
                f"{int(frame['within'].isna().sum())} | {cpu:.1f} | "
                f"{cpu / k:.2f} | {frame['cpu_s'].max():.1f} ({frame.loc[frame['cpu_s'].idxmax(), 'opener']}) | "
                f"{search.states:,} | {cpu / k * n / 60:.0f} |"
            )
            print(lines[-1], flush=True)
    every = pd.concat(frames, ignore_index=True)
    if args.store:
        store_sample(every, args.store)
    table = worst_case_table(frames)
    text = [
        "# Minimax: which openers keep every game within d guesses (original lists)",
        "",
        f"Command: `{command}`. Machine: {machine()}, one numba thread; {results_load(load)}.",
        "",
        f"A sample of openers (numpy seed {args.seed}, drawn from the 12,972 guesses), each "
        "proved within d or not by `optimal.minimax.Minimax.opener_feasible` (one search per "
        "row of the table, its memo and easy mode's cores shared by the openers). CPU seconds "
        "of one thread; the last column is the whole sweep over 12,972 openers extrapolated "
        "from the sample's mean (an estimate, not a run; an undecided opener's budget is a lower "
        "bound of its cost).",
        "",
        "| mode | d | openers | within d | undecided | CPU s | CPU s per opener | slowest | "
        "states | all 12,972, CPU min (est.) |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|",
        *lines,
        "",
        "What the sample shows (not a proof over every opener):",
        "",
        table.to_markdown(index=False),
        "",
    ]
    print("\n".join(text))
    if args.out:
        write_results(args.out, text)


if __name__ == "__main__":
    main()
