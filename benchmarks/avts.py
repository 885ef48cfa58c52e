"""Time Action Value Tree Search on the original lists: the estimator, iterations, optimal play.

    python benchmarks/avts.py [--pickers ...] [--free-pickers thompson laplace] [--free-budget 2000]
                              [--out PATH]

Prints and writes benchmarks/avts-results.md (or ``--out``): the entropic estimator on states of
several sizes, all 12,972 values and a new node's estimate (its 16 best actions, what a search
asks; before ``top_actions`` existed, every value and a selection), then for each picker the iterations and wall time until the greedy policy of the tree is
optimal (TOTAL 7920), with the opener fixed to salet (every picker) and free (Thompson sampling
and Laplace by default: PUCT and Hoeffding need far more than a benchmark's budget; see notebook
13), or how far it got within the budget. The greedy policy is evaluated exactly after every
iteration; its time is included.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np
from _results import machine as _machine
from _results import write as write_results

from wordlekit import Game, State
from wordlekit.avts import PICKERS, EntropicEstimator, Search, best_first

try:
    from wordlekit.avts.estimators import top_actions
except ImportError:  # before the search asked for the best actions only

    def top_actions(estimator, game, state, k):
        guesses, values = estimator(game, state)
        order = best_first(values, k)
        return guesses[order], values[order]


OUT = Path(__file__).with_name("avts-results.md")
OPTIMUM = 7920  # published optimum (Bertsimas & Paskov, Selby), from salet too


def _best_of_3(call, repeat: int = 20) -> float:
    """Milliseconds per call, the best of 3 rounds of ``repeat`` calls (the machine is shared)."""
    call()
    rounds = []
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        rounds.append((time.perf_counter() - start) / repeat * 1e3)
    return min(rounds)


def time_estimator(game: Game) -> list[tuple[str, float]]:
    estimator = EntropicEstimator()
    rng = np.random.default_rng(0)
    rows = []
    for size in (2315, 200, 100, 60, 20, 10, 5, 3):
        candidates = np.sort(rng.choice(len(game.answers), size, replace=False)).astype(np.int32)
        state = State(candidates, None, 1)
        rows.append(
            (
                f"entropic estimator, all 12,972 values, {size} candidates",
                _best_of_3(lambda: estimator(game, state)),
            )
        )
        rows.append(
            (
                f"new node's estimate (16 best of 12,972), {size} candidates",
                _best_of_3(lambda: top_actions(estimator, game, state, 16)),
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pickers", nargs="+", default=list(PICKERS), choices=PICKERS)
    parser.add_argument(
        "--free-pickers", nargs="+", default=["thompson", "laplace"], choices=PICKERS
    )
    parser.add_argument("--fixed-budget", type=int, default=5000)
    parser.add_argument("--free-budget", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    game = Game.original()
    game.patterns
    estimator_rows = time_estimator(game)
    for label, ms in estimator_rows:
        print(f"{label:55} {ms:8.2f} ms", flush=True)
    rows = []
    for opener, budget, pickers in (
        ("salet", args.fixed_budget, args.pickers),
        (None, args.free_budget, args.free_pickers),
    ):
        for picker in pickers:
            search = Search(game, picker, opener=opener, seed=0)
            trace = search.run(budget, target=OPTIMUM)
            seconds = trace.seconds[-1]
            row = (
                picker,
                opener or "free",
                trace.reached,
                int(trace.iterations[-1]),
                int(trace.best_totals[-1]),
                search.nodes,
                seconds,
            )
            rows.append(row)
            print(
                f"{picker:10} {row[1]:6} optimal after {row[2]} iterations, ran {row[3]}, "
                f"best {row[4]}, {row[5]} states, {seconds:.1f} s",
                flush=True,
            )
            del search
    machine = _machine()
    lines = [
        "# Action Value Tree Search",
        "",
        f"`python benchmarks/avts.py --fixed-budget {args.fixed_budget} --free-budget "
        f"{args.free_budget} --free-pickers {' '.join(args.free_pickers)}` on {machine}; "
        "seed 0, the blog's picker constants, the greedy "
        "policy evaluated exactly after every iteration (included in the times); 1-minute "
        f"load average {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.",
        "",
        "| estimator call | ms |",
        "|---|---:|",
    ]
    lines += [f"| {label} | {ms:.2f} |" for label, ms in estimator_rows]
    lines += [
        "",
        "| picker | opener | iterations to TOTAL 7920 | iterations run | best TOTAL | "
        "states in the tree | seconds |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {p} | {o} | {'' if r is None else r} | {n} | {b} | {s} | {t:.1f} |"
        for p, o, r, n, b, s, t in rows
    ]
    write_results(args.out, lines)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
