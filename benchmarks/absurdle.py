"""Absurdle's shortest win, proved, and the four-guess wins after the best openers, with costs.

    NUMBA_NUM_THREADS=1 python benchmarks/absurdle.py [--modes easy hard] [--lists original]
        [--openers 5] [--out benchmarks/absurdle-results.md]

For each lists x mode: ``absurdle_search.shortest_win`` (each shorter length proved
impossible: how many first guesses the counting bound ruled out, how many were searched, the
seconds), then, for the ``--openers`` first guesses whose largest bucket is smallest, every
second guess from which a third splits the kept bucket perfectly (``winning_second_guesses``:
a four-guess win whatever ties the adversary breaks), counted and timed. Counting every
four-guess win would repeat the second step for every one of the 12,972 first guesses: the
table gives the measured seconds per opener, from which that cost follows.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from _results import load as results_load
from _results import machine, report

from wordlekit.absurdle import TIE_RULE, Absurdle
from wordlekit.absurdle_search import shortest_win, winning_second_guesses
from wordlekit.game import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="+", default=["easy", "hard"])
    parser.add_argument("--lists", nargs="+", default=["original"])
    parser.add_argument("--openers", type=int, default=5)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    command = "NUMBA_NUM_THREADS=1 python benchmarks/absurdle.py " + " ".join(sys.argv[1:])
    load = os.getloadavg()[0]
    proofs, wins = [], []
    for lists in args.lists:
        for mode in args.modes:
            model = Absurdle(Game.from_lists(lists, mode))
            model.game.patterns
            depths = shortest_win(model)
            line = " ".join(model.guesses[g] for g in depths[-1].line)
            for d in depths:
                what = f"win: {line}" if d.line else "impossible"
                proofs.append(
                    f"| {lists} | {mode} | {d.left + 1} | {what} | {d.bounded} | {d.scanned} | "
                    f"{d.seconds:.2f} |"
                )
            root = model.initial_state()
            sizes = sorted(
                (model.largest(root.candidates, g)[0], g)
                for g in model.allowed_guesses(root).tolist()
            )
            for size, opener in sizes[: args.openers]:
                start = time.perf_counter()
                found = winning_second_guesses(model, opener)
                seconds = time.perf_counter() - start
                example = (
                    f"{model.guesses[found[0][0]]} {model.guesses[found[0][1]]}" if found else "-"
                )
                wins.append(
                    f"| {lists} | {mode} | {model.guesses[opener]} | {size} | {len(found)} | "
                    f"{example} | {seconds:.1f} |"
                )
                print(wins[-1], file=sys.stderr, flush=True)
    report(
        args.out,
        [
            "# Absurdle: the shortest win, proved, and four-guess wins",
            "",
            f"Command: `{command}`. Machine: {machine()}, one numba thread; "
            f"{results_load(load)}. Tie rule of the lines shown: {TIE_RULE}; "
            "the proofs and counts hold under any.",
            "",
            "Each length, proved impossible or won (`absurdle_search.shortest_win`): first "
            "guesses ruled out by the counting bound (largest bucket over 238^(n-2) words) and "
            "searched.",
            "",
            "| lists | mode | guesses | result | bounded | searched | seconds |",
            "|---|---|---:|---|---:|---:|---:|",
            *proofs,
            "",
            "Four-guess wins after the openers whose largest bucket is smallest: the second "
            "guesses from which some third guess splits the kept bucket perfectly (the fourth "
            "then names the word left), whatever ties the adversary breaks.",
            "",
            "| lists | mode | opener | largest bucket | winning second guesses | e.g. (second, "
            "third) | seconds |",
            "|---|---|---|---:|---:|---|---:|",
            *wins,
            "",
        ],
    )


if __name__ == "__main__":
    main()
