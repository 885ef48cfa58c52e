"""Time the bucket-statistics kernels per candidate-set size: which layout pays where.

    python benchmarks/buckets.py [--repeat 3]

The states are those MIG and MRD meet from salet and trace (easy mode, original lists), the kind
of sets the solver, the heuristics and the tree search score. For each size class it times, per
state and over all 12,972 guesses: the row kernel (gathers the candidates out of each guess's row),
the transposed kernel (streams each candidate's row of the transposed matrix), the pairwise kernel
(compares the candidates in pairs, for sets up to 64 here), the scan that
keeps only guesses within 2 collisions (what the solver runs when its budget is tight), the
perfect-split scan, and the prior-weighted kernel given unit weights (what the uniform path
would cost without its own kernels: the "weighted / best unit" column). Writes benchmarks/buckets-results.md. What it showed when written: the
transposed kernel is two to four times faster up to 64 candidates and slower above, hence
``buckets.TRANSPOSED_MAX = 64``; the near-perfect scan costs a fraction of either. The
pairwise kernel, added later, was 1.4-1.9x faster than the transposed one for 2 to 24 candidates
and slower from about 32 (measured under load), hence ``buckets.PAIRWISE_MAX = 24``. The
weighted kernel given unit weights was 1.4x (151 candidates and more) to 6.9x (2 to 5) slower
than the fastest unit kernel (one thread, load 18), hence the uniform path's own kernels.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numba
import numpy as np
from _results import machine as _machine
from _results import write as write_results

from wordlekit import Game, _kernels
from wordlekit.buckets import ENTROPY_SCALE, _transposed, entropy_table
from wordlekit.evaluation import policy_states
from wordlekit.heuristics import get_heuristic

OUT = Path(__file__).with_name("buckets-results.md")
CLASSES = [(2, 5), (6, 10), (11, 20), (21, 40), (41, 64), (65, 150), (151, 2315)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    game = Game.original()
    states = [
        s.candidates
        for h in ("mig", "mrd")
        for opener in ("salet", "trace")
        for s in policy_states(game, get_heuristic(h), opener)
    ]
    patterns_t, counts = _transposed(game)
    table = entropy_table(len(game.answers))
    guesses = game.all_guesses
    out = np.empty((len(guesses), _kernels.N_BUCKET_STATS), dtype=np.int64)
    keep = np.empty(len(guesses), dtype=np.bool_)
    ones = np.ones(len(game.answers), dtype=np.int64)
    kernels = {
        "row": lambda c: _kernels.fill_bucket_stats(
            game.patterns, c, guesses, table, game.n_patterns, out
        ),
        "transposed": lambda c: _kernels.fill_bucket_stats_t(
            patterns_t, c, guesses, table, counts, out
        ),
        "pairwise": lambda c: _kernels.fill_bucket_stats_pairs(
            patterns_t, c, guesses, table, game.solved, out
        ),
        "within 2 collisions": lambda c: _kernels.fill_bucket_stats_near(
            game.patterns, c, guesses, 2, table, game.n_patterns, keep, out
        ),
        "perfect scan": lambda c: _kernels.first_perfect(
            game.patterns, c, guesses, game.n_patterns
        ),
        "weighted, unit weights": lambda c: _kernels.fill_weighted_stats(
            game.patterns, c, ones, guesses, ENTROPY_SCALE, game.n_patterns, out
        ),
    }
    unit = ("row", "transposed", "pairwise")  # the kernels the uniform path picks among
    for run in kernels.values():  # compile or load
        run(states[0])
    rows = []
    for lo, hi in CLASSES:
        chosen = [c for c in states if lo <= len(c) <= hi]
        if not chosen:
            continue
        times = {}
        for name, run in kernels.items():
            if name == "pairwise" and hi > 64:  # n(n - 1)/2 comparisons: not for large sets
                times[name] = 0.0
                continue
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                for c in chosen:
                    run(c)
                best = min(best, (time.perf_counter() - start) / len(chosen))
            times[name] = best * 1e3
        rows.append((f"{lo}-{hi}", len(chosen), times))
        print(
            f"{lo:5d}-{hi:<5d} {len(chosen):5d} states  "
            + "  ".join(f"{k} {v:.3f} ms" for k, v in times.items()),
            flush=True,
        )
    machine = f"{_machine()}, {numba.get_num_threads()} threads"
    names = list(kernels)
    lines = [
        "# Bucket statistics: milliseconds per state over all 12,972 guesses",
        "",
        f"`python benchmarks/buckets.py --repeat {args.repeat}` on {machine}; states met by "
        "MIG and MRD from salet and trace (easy). Best of the repeats.",
        "",
        "| candidates | states | " + " | ".join(names) + " | row / transposed | "
        "transposed / pairwise | weighted / best unit |",
        "|---|---:|" + "---:|" * (len(names) + 3),
    ]
    for size, count, times in rows:
        pairs = times["transposed"] / times["pairwise"] if times["pairwise"] else None
        lines.append(
            f"| {size} | {count} | "
            + " | ".join(f"{times[k]:.3f}" if times[k] else "-" for k in names)
            + f" | {times['row'] / times['transposed']:.2f} | "
            + ("-" if pairs is None else f"{pairs:.2f}")
            + f" | {times['weighted, unit weights'] / min(times[k] for k in unit if times[k]):.2f}"
            + " |"
        )
    write_results(OUT, lines)


if __name__ == "__main__":
    main()
