"""Time the one walk of a policy's tree (``evaluation.decisions``) on the original lists.

    NUMBA_NUM_THREADS=1 python benchmarks/walker.py [--repeat 15] [--label TEXT]

``evaluate`` of MIG from salet in each mode, after warm-up, median and best of ``--repeat``
rounds, the modes timed in turn in each round (the machine is shared). Where the walker checks
each guess against the mode's rule (``evaluation.check_guess``), the same runs are also timed
with that check replaced by a no-op, in the same rounds, so that its cost is measured on the
same load; and the checks alone, every policy decision of the walk checked again in a loop
(best of 10), which the load disturbs far less than whole runs. Prints Markdown;
``benchmarks/walker-results.md`` keeps the runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from wordlekit import Game, evaluate, get_heuristic
from wordlekit import evaluation as evaluation_mod
from wordlekit.evaluation import decisions
from wordlekit.warmup import warm_up

MODES = ("easy", "hard", "strict")


def timed(game, policy) -> tuple[float, int]:
    start = time.perf_counter()
    result = evaluate(game, policy, "salet")
    return time.perf_counter() - start, result.total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--label", default="", help="what the run measures (the commit)")
    args = parser.parse_args()
    original = Game.original("easy")
    original.patterns
    games = {mode: original.with_mode(mode) for mode in MODES}
    for game in games.values():
        warm_up(game, "mig")
    check = getattr(evaluation_mod, "check_guess", None)
    variants = ["as is"] + (["no check"] if check is not None else [])
    times = {(mode, v): [] for mode in MODES for v in variants}
    totals = {}
    load = os.getloadavg()[0]
    for _ in range(args.repeat):
        for mode in MODES:
            for variant in variants:
                if variant == "no check":
                    evaluation_mod.check_guess = lambda *a: None
                try:
                    seconds, totals[mode] = timed(games[mode], get_heuristic("mig"))
                finally:
                    if check is not None:
                        evaluation_mod.check_guess = check
                times[mode, variant].append(seconds)
    print(f"{args.label}: --repeat {args.repeat}, load {load:.1f} -> {os.getloadavg()[0]:.1f}")
    print("| mode | TOTAL | variant | median s | best s |\n|---|---:|---|---:|---:|")
    for mode in MODES:
        for variant in variants:
            runs = times[mode, variant]
            print(
                f"| {mode} | {totals[mode]} | {variant} | {statistics.median(runs):.4f} | "
                f"{min(runs):.4f} |"
            )
    if check is None:
        return
    print(
        "\n| mode | policy decisions | all their checks, ms | per check, us |\n|---|---:|---:|---:|"
    )
    for mode, game in games.items():
        root, salet = game.initial_state(), game.guess_index("salet")
        nodes = [
            (node.state, node.guess)
            for node in decisions(game, get_heuristic("mig"), root, salet)
            if len(node.state.candidates) > 1  # a last candidate is played by rule, unchecked
        ]
        best = float("inf")
        for _ in range(10):
            start = time.perf_counter()
            for state, guess in nodes:
                check(game, "mig", state, guess)
            best = min(best, time.perf_counter() - start)
        print(f"| {mode} | {len(nodes)} | {best * 1e3:.3f} | {best / len(nodes) * 1e6:.2f} |")


if __name__ == "__main__":
    main()
