"""Time the kernel twins kept for speed against the one kernel that could serve both.

    NUMBA_NUM_THREADS=1 python benchmarks/twins.py [--repeat 7]

A twin is a kernel that does what another one already does, kept because it is faster where
it is used (``wordlekit/_kernels``' module docstrings name them). Per size class of the states
MIG and MRD meet from salet and trace (easy mode, original lists), over all 12,972 guesses, in
milliseconds per state, the median of ``--repeat`` rounds, the two sides of a pair timed in
turn in each round (the machine is shared):

- the unit-weight bucket statistics (``buckets.bucket_stats``: the fastest layout for the size)
  against the prior-weighted kernel given unit weights (``keys.fill_weighted_stats``), which
  could compute them too;
- the fused entropic values (``buckets.entropic_values``, up to ``PAIRWISE_MAX`` candidates)
  against the bucket statistics and the estimator's numpy formula (``avts.EntropicEstimator``'s
  other branch), the same floats.

Writes benchmarks/twins-results.md.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from pathlib import Path

import numba
import numpy as np
from _results import machine as _machine
from _results import write as write_results

from wordlekit import Game, buckets
from wordlekit.buckets import ENTROPY_SCALE, PAIRWISE_MAX, bucket_stats
from wordlekit.evaluation import policy_states
from wordlekit.heuristics import get_heuristic

OUT = Path(__file__).with_name("twins-results.md")


def entropic_by_table(game, candidates, guesses):
    """The entropic values as ``EntropicEstimator`` computes them above ``PAIRWISE_MAX``."""
    n = len(candidates)
    stats = bucket_stats(game, candidates, guesses)
    entropy = math.log2(n) - stats.entropy / (n * ENTROPY_SCALE)
    inset = stats.in_set == 1
    useful = ~stats.splits_nothing
    steps = math.log2(n) / entropy[useful] + 1.0
    p = 1.0 / n
    return -np.where(inset[useful], p + (1.0 - p) * steps, steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    game = Game.original()
    guesses = game.all_guesses
    states = [
        s.candidates
        for h in ("mig", "mrd")
        for opener in ("salet", "trace")
        for s in policy_states(game, get_heuristic(h), opener)
    ]
    ones = np.ones(len(game.answers), dtype=np.int64)
    pairs = {
        "weighted kernel, unit weights / unit-weight statistics": (
            lambda c: bucket_stats(game, c, guesses),
            lambda c: bucket_stats(game, c, guesses, weights=ones),
            [(2, 5), (6, 24), (25, 64), (65, 150), (151, 2315)],
        ),
        "statistics and formula / fused entropic values": (
            lambda c: buckets.entropic_values(game, c, guesses),
            lambda c: entropic_by_table(game, c, guesses),
            [(2, 5), (6, 10), (11, PAIRWISE_MAX)],
        ),
    }
    rows = []
    for what, (twin, other, classes) in pairs.items():
        for lo, hi in classes:
            chosen = [c for c in states if lo <= len(c) <= hi]
            twin(chosen[0]), other(chosen[0])  # compile or load
            times = ([], [])
            for _ in range(args.repeat):
                for run, out in zip((twin, other), times):
                    start = time.perf_counter()
                    for c in chosen:
                        run(c)
                    out.append((time.perf_counter() - start) / len(chosen) * 1e3)
            kept, merged = (statistics.median(t) for t in times)
            rows.append((what, f"{lo}-{hi}", len(chosen), kept, merged))
            print(f"{what}: {lo}-{hi} {kept:.3f} / {merged:.3f} ms = {merged / kept:.2f}x")
    machine = f"{_machine()}, {numba.get_num_threads()} thread(s)"
    lines = [
        "# Kernel twins: milliseconds per state over all 12,972 guesses",
        "",
        f"`NUMBA_NUM_THREADS=1 python benchmarks/twins.py --repeat {args.repeat}` on {machine}; "
        "states met by MIG and MRD from salet and trace (easy). Median of the rounds; 1-minute "
        f"load average {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.",
        "",
        "| pair: without the twin / with it | candidates | states | twin ms | without ms | ratio |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for what, size, count, kept, merged in rows:
        lines.append(
            f"| {what} | {size} | {count} | {kept:.3f} | {merged:.3f} | {merged / kept:.2f} |"
        )
    write_results(OUT, lines)


if __name__ == "__main__":
    main()
