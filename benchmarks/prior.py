"""Time the prior-weighted policies and the exact optimum under a non-uniform prior.

    python benchmarks/prior.py [--opener salet] [--powers 0 0.5 1] [--mode easy]

For each prior (Norvig's counts raised to each power; 0 is uniform) prints and writes to
benchmarks/prior-results.md: the expected guesses from the opener of MIG, rollout on MIG (with
the favourite) and the proved optimum (no cap), with wall times and the states the solver
expanded. The uniform code path (no prior) is timed beside power 0 for comparison: the
weighted kernels should cost about the same.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _results import machine as _machine
from _results import write as write_results

from wordlekit import Game, evaluate
from wordlekit.optimal import Solver
from wordlekit.policies import make_policy
from wordlekit.prior import norvig_prior
from wordlekit.warmup import warm_up

OUT = Path(__file__).with_name("prior-results.md")


def timed(function):
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opener", default="salet")
    parser.add_argument("--powers", nargs="+", type=float, default=[0.0, 0.5, 1.0])
    parser.add_argument("--mode", default="easy")
    args = parser.parse_args()

    game = Game.original(args.mode)
    game.patterns
    warm_up(game, "rollout-mig")
    warm_up(game, "rollout-mig", weighted=True)
    first = game.guess_index(args.opener)
    rows = []
    for power in [None] + args.powers:
        prior = None if power is None else norvig_prior(game.answers, power=power)
        mass = len(game.answers) if prior is None else prior.mass()
        label = "none (uniform code)" if prior is None else prior.name
        cells = [label]
        for name in ("mig", "rollout-mig"):
            result, seconds = timed(lambda: evaluate(game, make_policy(name, prior=prior), first))
            expected = result.mean if prior is None else prior.expected_guesses(result)
            cells += [f"{expected:.4f}", f"{seconds:.1f}"]
        solver = Solver(game, None, prior=prior)
        total, seconds = timed(lambda: solver.opener_total(first))
        cells += [f"{total / mass:.4f}", f"{seconds:.1f}", str(solver.nodes)]
        rows.append(cells)
        print(" | ".join(cells), flush=True)
    machine = _machine()
    powers = " ".join(f"{p:g}" for p in args.powers)
    lines = [
        "# Policies and the optimum under a non-uniform prior",
        "",
        f"`python benchmarks/prior.py --opener {args.opener} --powers {powers} --mode {args.mode}` "
        f"on {machine}. Expected guesses under the prior; seconds of wall time.",
        "",
        "| prior | MIG | s | rollout on MIG | s | optimum | s | states expanded |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    write_results(OUT, lines)


if __name__ == "__main__":
    main()
