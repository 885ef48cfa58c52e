"""Time SophieZero's setting: exact evaluation on every secret, SARSA training, rollout.

    python benchmarks/unaware.py [--episodes 1000]

Prints and writes benchmarks/unaware-results.md: for MIG without the answer list, the random
baseline (seed 0), rollout on it and SARSA (training, then its greedy policy), the share of the
2,315 secrets solved within six, the mean guesses over won games and the wall time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _results import machine as _machine
from _results import write as write_results

from wordlekit.consistent import RandomConsistent
from wordlekit.heuristics import MIG
from wordlekit.rollout import Rollout
from wordlekit.sarsa import SarsaPolicy, train_sarsa
from wordlekit.unaware import evaluate_secrets, unaware_game

OUT = Path(__file__).with_name("unaware-results.md")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    game = unaware_game()
    game.patterns
    root = game.initial_state()
    rows = [
        ("pattern matrix 12,972 x 12,972 (built or loaded)", "", "", time.perf_counter() - start)
    ]
    random = RandomConsistent(0)
    start = time.perf_counter()
    training = train_sarsa(game, args.episodes, seed=0, checkpoints=1)
    rows.append(
        (
            f"SARSA training, {args.episodes} episodes (+1 evaluation)",
            "",
            "",
            time.perf_counter() - start,
        )
    )
    sarsa = SarsaPolicy(training.theta, 0)
    for label, policy, opener in [
        ("MIG without the answer list", MIG(), "tares"),
        ("random consistent word (seed 0)", random, random.choose(game, root)),
        (
            "rollout on it, own shortlist",
            Rollout(random, 10, shortlist_heuristic=random),
            random.choose(game, root),
        ),
        (
            "rollout on it, MIG shortlist",
            Rollout(random, 10, shortlist_heuristic=MIG()),
            random.choose(game, root),
        ),
        ("SARSA greedy policy", sarsa, sarsa.choose(game, root)),
    ]:
        start = time.perf_counter()
        result = evaluate_secrets(game, policy, opener)
        rows.append(
            (
                label,
                f"{result.solved:.4f}",
                f"{result.mean_solved:.4f}",
                time.perf_counter() - start,
            )
        )
    for row in rows:
        print(f"{row[0]:55} {row[1]:>7} {row[2]:>7} {row[3]:7.1f} s", flush=True)
    machine = _machine()
    lines = [
        "# Agents without the answer list (SophieZero's setting)",
        "",
        f"`python benchmarks/unaware.py --episodes {args.episodes}` on {machine}; every policy "
        "scored exactly on all 2,315 secrets.",
        "",
        "| what | solved within six | mean guesses (won) | seconds |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {a} | {b} | {c} | {s:.1f} |" for a, b, c, s in rows]
    write_results(OUT, lines)


if __name__ == "__main__":
    main()
