"""Time Cunanan & Thielscher's Tables 1-3 computations: the 325 valuation strategies and
ApMinTotal(S, N) on Wordle, Primel and Nerdle.

    python benchmarks/breadth.py [--breadth 20] [--games Wordle Primel Nerdle]

Prints and writes benchmarks/breadth-results.md: the seconds of ``valuation_table`` on the
original lists, and for each game ApMinTotal with a breadth, once scoring every allowed guess
at every state and once scoring only the guesses that could rank among the breadth best
(``optimal.uniform.BREADTH_PRUNE_MIN``), back to back in one run, with their totals and the states
expanded (which must agree). Kernels are compiled and each game's matrices built before any
timing.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _results import machine

from wordlekit import Game, games
from wordlekit.buckets import transposed_patterns
from wordlekit.experiments.valuation_table import valuation_table
from wordlekit.optimal import Solver, uniform
from wordlekit.warmup import warm_up_solver

OUT = Path(__file__).with_name("breadth-results.md")
#: BREADTH_PRUNE_MIN for "every guess scored": no state is that large.
NEVER = 10**9


def apmintotal(game: Game, breadth: int, prune_min: int) -> tuple[int, int, float]:
    """(total, states expanded, seconds) of ApMinTotal(S, breadth) from the root."""
    pruning = uniform.BREADTH_PRUNE_MIN
    uniform.BREADTH_PRUNE_MIN = prune_min
    try:
        solver = Solver(game, max_guesses=None, breadth=breadth)
        start = time.perf_counter()
        total = solver.value(game.initial_state(), len(game.answers))
        return total, solver.nodes, time.perf_counter() - start
    finally:
        uniform.BREADTH_PRUNE_MIN = pruning


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--breadth", type=int, default=20)
    parser.add_argument("--games", nargs="+", default=["Wordle", "Primel", "Nerdle"])
    args = parser.parse_args()
    original = Game.original()
    warm_up_solver(original)
    start = time.perf_counter()
    table = valuation_table(original, progress=False)
    valuations = time.perf_counter() - start
    print(
        f"325 valuation strategies: {valuations:.1f} s (best: {table.iloc[0]['combination']}, "
        f"{table.iloc[0]['total']} from {table.iloc[0]['opener']})"
    )
    rows = []
    for name in args.games:
        game = original if name == "Wordle" else games.game(name)
        transposed_patterns(game)  # both layouts of the pattern matrix, built before timing
        total, nodes, every = apmintotal(game, args.breadth, NEVER)
        pruned_total, pruned_nodes, pruned = apmintotal(
            game, args.breadth, uniform.BREADTH_PRUNE_MIN
        )
        same = "yes" if (total, nodes) == (pruned_total, pruned_nodes) else "NO"
        rows.append(
            f"| {name} | {len(game.answers)} | {total} | {nodes} | {every:.1f} "
            f"| {pruned:.1f} | {every / pruned:.2f} | {same} |"
        )
        print(rows[-1])
    lines = [
        "# Valuation strategies and ApMinTotal (Cunanan & Thielscher, Tables 1-3)",
        "",
        f"`python benchmarks/breadth.py --breadth {args.breadth}` on {machine()}.",
        "",
        f"The 325 valuation strategies (`valuation_table`, original lists): {valuations:.1f} s.",
        "",
        f"ApMinTotal(S, {args.breadth}), every allowed guess scored at every state against "
        f"only those that could rank among the {args.breadth} best "
        f"(`optimal.uniform.BREADTH_PRUNE_MIN = {uniform.BREADTH_PRUNE_MIN}`), back to back:",
        "",
        "| game | answers | total | states | every guess s | could rank s | speed-up | same |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
        *rows,
        "",
    ]
    OUT.write_text("\n".join(lines))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
