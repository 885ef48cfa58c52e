"""Time the code games (issue 29): Mastermind with 4 pegs and C colours, Bulls and Cows.

    python benchmarks/games.py [--colours 3 4 5] [--bulls-and-cows] [--cap 6] [--out PATH]

For each game, side by side in one run: building the pattern matrix, Knuth's strategy
evaluated exactly from its best class representative's opener (1122 on 4 pegs), and the exact
optimum within ``--cap`` guesses with the proof of the best first guess (one search per class
of equivalent openers, ``wordlekit.equivalence``; states expanded). Prints a Markdown table and
writes it to benchmarks/games-results.md (or ``--out``). Mastermind (4, 6) and Bulls and Cows
are parameters (``--colours 6``, ``--bulls-and-cows``): their optimum takes many minutes here.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from _results import load as load_note
from _results import machine, report

from wordlekit.equivalence import opener_classes, proved_best_opener
from wordlekit.evaluation import evaluate
from wordlekit.games import bulls_and_cows, mastermind
from wordlekit.optimal import Solver
from wordlekit.policies import make_policy
from wordlekit.warmup import warm_up_solver

OUT = Path(__file__).with_name("games-results.md")


def measure(game, cap: int) -> dict:
    start = time.perf_counter()
    game.patterns  # built on first use: that is what is timed
    matrix = time.perf_counter() - start
    warm_up_solver(game)
    classes = opener_classes(game)
    knuth_opener = game.guesses[int(classes[min(2, len(classes) - 1)])]
    start = time.perf_counter()
    knuth = evaluate(game, make_policy("knuth"), knuth_opener)
    knuth_seconds = time.perf_counter() - start
    solver = Solver(game, cap)
    start = time.perf_counter()
    total, opener = proved_best_opener(solver)
    return {
        "codes": len(game.guesses),
        "classes": len(classes),
        "matrix s": matrix,
        "knuth opener": knuth_opener,
        "knuth total": knuth.total,
        "knuth s": knuth_seconds,
        "optimum": total,
        "best opener": game.guesses[opener],
        "states": solver.nodes,
        "optimum s": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--colours", type=int, nargs="*", default=[3, 4, 5])
    parser.add_argument("--bulls-and-cows", action="store_true")
    parser.add_argument("--cap", type=int, default=6)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    games = [(f"mastermind-4-{c}", mastermind(4, c)) for c in args.colours]
    if args.bulls_and_cows:
        games.append(("bulls-and-cows", bulls_and_cows()))
    load = os.getloadavg()[0]
    rows = []
    for name, game in games:
        row = {"game": name, **measure(game, args.cap)}
        rows.append(row)
        print(row, flush=True)
    header = list(rows[0])
    lines = [
        "# Code games: Mastermind (4 pegs, C colours) and Bulls and Cows",
        "",
        f"`python benchmarks/games.py --colours {' '.join(map(str, args.colours))}"
        f"{' --bulls-and-cows' if args.bulls_and_cows else ''} --cap {args.cap}` on "
        f"{machine()}; {load_note(load)}.",
        "",
        "| " + " | ".join(header) + " |",
        "|"
        + "|".join(
            "---" if h in ("game", "knuth opener", "best opener") else "---:" for h in header
        )
        + "|",
    ]
    for row in rows:
        lines.append(
            "| "
            + " | ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in row.values())
            + " |"
        )
    report(args.out, lines)


if __name__ == "__main__":
    main()
