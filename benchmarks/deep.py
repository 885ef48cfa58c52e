"""Time SophieZero's deep agents: training per episode, exact evaluation, rollout.

    python benchmarks/deep.py [--episodes 500] [--rollout]

Prints and writes benchmarks/deep-results.md: for each state representation of
``wordlekit.deep``, the wall time of ``train_deep`` for ``--episodes`` episodes (one 55-word
test at the end) and per episode, then the trained network's greedy policy scored exactly on
all 2,315 secrets (and, with ``--rollout``, rollout on it, its own 10-word shortlist). Training
runs BLAS on one thread (``train_deep`` asks threadpoolctl for it); set NUMBA_NUM_THREADS=1 to
keep the evaluation on one core too. The last column projects the stored run's training
(``deep.STORED``: episodes times seeds, without its exact checkpoints) from the cost per
episode measured here.
"""

from __future__ import annotations

import argparse
import datetime
import os
import time
from pathlib import Path

import sklearn
from _results import machine as _machine
from _results import write as write_results

from wordlekit import deep
from wordlekit.rollout import Rollout
from wordlekit.unaware import evaluate_secrets, unaware_game

OUT = Path(__file__).with_name("deep-results.md")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=500)
    parser.add_argument("--rollout", action="store_true")
    args = parser.parse_args()
    game = unaware_game()
    game.patterns  # built or loaded before the clocks start
    stored = deep.STORED["episodes"] * len(deep.STORED["seeds"])
    rows = []
    for representation in deep.REPRESENTATIONS:
        start = time.perf_counter()
        training = deep.train_deep(game, representation, args.episodes, seed=0, checkpoints=1)
        train = time.perf_counter() - start
        policy = deep.DeepPolicy(training.network, representation, 0)
        start = time.perf_counter()
        result = evaluate_secrets(game, policy, training.opener)
        evaluate = time.perf_counter() - start
        roll = ""
        if args.rollout:
            start = time.perf_counter()
            evaluate_secrets(game, Rollout(policy, 10, shortlist_heuristic=policy), training.opener)
            roll = f"{time.perf_counter() - start:.1f}"
        per_episode = train / args.episodes
        rows.append(
            (
                representation,
                f"{train:.1f}",
                f"{1000 * per_episode:.1f}",
                f"{evaluate:.2f}",
                roll,
                f"{result.solved:.4f}",
                f"{per_episode * stored / 60:.1f}",
            )
        )
        print(" | ".join(rows[-1]), flush=True)
    machine = (
        f"{_machine()} (NUMBA_NUM_THREADS={os.environ.get('NUMBA_NUM_THREADS', 'unset')}), "
        f"scikit-learn {sklearn.__version__} (BLAS on one thread)"
    )
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = f"python benchmarks/deep.py --episodes {args.episodes}" + (
        " --rollout" if args.rollout else ""
    )
    lines = [
        "# SophieZero's deep agents: training and evaluation",
        "",
        f"`{command}` on {machine}, {when}. Training: seed 0, the stored run's network "
        f"({deep.STORED['hidden']} hidden units), one 55-word test at the end included; "
        "evaluation: the trained greedy policy scored exactly on all 2,315 secrets. The last "
        f"column projects the stored run's training, {deep.STORED['episodes']:,} episodes x "
        f"{len(deep.STORED['seeds'])} seeds, from the cost per episode (its exact checkpoints "
        "and rollouts come on top). The machine is shared: upper bounds.",
        "",
        "| representation | training (s) | per episode (ms) | exact evaluation (s) | rollout (s) "
        "| solved within six | stored run's training (min) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    write_results(OUT, lines)


if __name__ == "__main__":
    main()
