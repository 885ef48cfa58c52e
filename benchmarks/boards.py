"""Many boards: Dordle counted exactly, and the cost of a game on 2, 4, 8 and 16 boards.

    NUMBA_NUM_THREADS=1 python benchmarks/boards.py [--policies mig,mrd] [--games 50]
        [--out benchmarks/boards-results.md]

1. Dordle on the original lists, every one of its 5,356,910 secrets (ordered pairs of distinct
   answers), counted exactly from salet by ``evaluation.count_guesses`` for each policy of
   ``--policies`` (lifted heuristics, ``lifted.Lifted``): wall time, TOTAL, mean, distribution
   and the share solved within 7. The issue's budget is about 10 minutes on 2 cores.
2. Seconds per game of lifted MIG, the fixed openers then MIG, and rollout (exact on two
   boards, sampled on more: ``many_boards.board_policies``) over ``--games`` secrets drawn
   uniformly (seed 0), for N = 2, 4, 8, 16, each after a warm-up game.

No peer publishes an exact multi-board evaluation or optimum to run beside these (the known
Quordle solvers pick one-step information-gain guesses and rank fixed openers by simulation);
the exact solver of many boards hands one-board endings to ``optimal.Solver``, which
benchmarks/optimal.py holds to alex1770/wordle. Prints Markdown and appends it to ``--out``.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from wordlekit import Game
from wordlekit.boards import Boards
from wordlekit.evaluation import count_guesses, play_games
from wordlekit.experiments.many_boards import (
    FOLLOWERS,
    SAMPLES,
    best_followers,
    board_policies,
    sample_order,
)
from wordlekit.lifted import Lifted
from wordlekit.warmup import warm_up

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", default="mig,mrd")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--out", default=str(HERE / "boards-results.md"))
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    game = Game.original()
    warm_up(game, "mig")
    lines = [
        f"## {args.label or 'run'}: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"NUMBA_NUM_THREADS={os.environ.get('NUMBA_NUM_THREADS', 'all')}, "
        f"load {os.getloadavg()[0]:.1f}",
        "",
        "| Dordle, from salet | seconds | TOTAL | mean | distribution | solved within 7 |",
        "|---|---:|---:|---:|---|---:|",
    ]
    print("\n".join(lines), flush=True)
    dordle = Boards(game, 2)
    for name in args.policies.split(","):
        start = time.perf_counter()
        result = count_guesses(dordle, Lifted(name), "salet", dordle.max_guesses)
        seconds = time.perf_counter() - start
        within = 1 - result.unfinished / result.games
        row = (
            f"| {name} | {seconds:.1f} | {result.total:,} | {result.mean:.6f} | "
            + " ".join(f"{k}:{v}" for k, v in result.distribution.items() if v)
            + f" | {within:.6f} |"
        )
        print(row, flush=True)
        lines.append(row)
    followers = best_followers(game, "salet", FOLLOWERS)
    head = [
        "",
        f"| boards | policy | seconds per game ({args.games} games) | mean |",
        "|---|---|---:|---:|",
    ]
    print("\n".join(head), flush=True)
    lines += head
    for n in (2, 4, 8, 16):
        boards = Boards(game, n)
        secrets = sample_order(boards, args.games + 1, 0)
        for name, policy in board_policies(game, n, followers, SAMPLES, 0).items():
            play_games(boards, policy, "salet", secrets[:1], boards.max_guesses)  # warm-up
            start = time.perf_counter()
            result = play_games(boards, policy, "salet", secrets[1:], boards.max_guesses)
            per_game = (time.perf_counter() - start) / args.games
            row = f"| {n} | {name} | {per_game:.3f} | {result.mean:.3f} |"
            print(row, flush=True)
            lines.append(row)
    with open(args.out, "a") as out:
        out.write("\n".join(lines) + "\n\n")


if __name__ == "__main__":
    main()
