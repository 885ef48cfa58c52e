"""Time the core engine on this machine and write the table to benchmarks/results.md.

    python benchmarks/run.py            # or: make benchmark

Every timing is after JIT warm-up (kernels compiled or loaded from numba's cache), best of
``--repeat`` runs, on the original lists from the opener salet. The published code needed
hours per opener for one rollout column (20 parallel jobs); targets are those of the issue.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numba
from _results import machine as _machine

from wordlekit import Game, evaluate
from wordlekit.feedback import _encoded, compute_pattern_matrix
from wordlekit.policies import make_policy
from wordlekit.warmup import warm_up

OUT = Path(__file__).with_name("results.md")


def best_of(repeat, fn):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    cases = [
        ("mig", "easy", 1.0),
        ("mig", "hard", None),
        ("mig", "strict", None),
        ("rollout-mig", "easy", 5.0),
        ("rollout-mig", "hard", 2.0),
        ("rollout-mig", "strict", 2.0),
        ("rollout-mrd", "strict", None),
        ("rollout-gep-published", "strict", None),
        ("rollout-mrd", "easy", None),
        ("rollout-gep", "easy", None),
    ]
    start = time.perf_counter()
    game = Game.original("easy")
    encoded = _encoded(game.guesses, game.answers)
    compute_pattern_matrix(*encoded)
    game.patterns
    for name, mode, _ in cases:
        warm_up(game.with_mode(mode), name)
    warm_up_seconds = time.perf_counter() - start

    rows = []
    seconds, _ = best_of(args.repeat, lambda: compute_pattern_matrix(*encoded))
    rows.append(("pattern matrix 12,972 x 2,315", "", "", seconds, 0.5))
    for name, mode, target in cases:
        g = game.with_mode(mode)

        def run():
            return evaluate(g, make_policy(name), "salet")

        seconds, result = best_of(args.repeat, run)
        rows.append((f"{name} from salet", mode, result.total, seconds, target))
        print(f"{name:24} {mode:7} TOTAL {result.total:6}  {seconds:7.3f} s", flush=True)

    header = "| what | mode | TOTAL | seconds | target (s) |\n|---|---|---:|---:|---:|\n"
    lines = [
        f"| {what} | {mode} | {total} | {seconds:.3f} | {'' if target is None else target} |"
        for what, mode, total, seconds, target in rows
    ]
    machine = f"{_machine(processor=True)}, {numba.config.NUMBA_NUM_THREADS} threads"
    text = (
        "# wordlekit benchmark\n\n"
        f"`python benchmarks/run.py --repeat {args.repeat}` on {machine}. Best of "
        f"{args.repeat} runs after warm-up ({warm_up_seconds:.1f} s of compiling or loading kernels "
        "and the pattern matrix). Rollout: k = 10, all 2,315 answers.\n\n"
        + header
        + "\n".join(lines)
        + "\n"
    )
    OUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
