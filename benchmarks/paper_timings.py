"""Time the rollout paper's three timing claims on this machine.

    NUMBA_NUM_THREADS=1 python benchmarks/paper_timings.py [--games 10]

Prints and writes benchmarks/paper-timings-results.md, one table; notebook 02 reads its rows
(``claim`` and ``what`` name them) to set them beside the claims, as this machine's timings.

1. Section 5.2: rollout on 6-letter Wordle solves "all the mystery word games with an average
   computation time in the order of seconds". Measured two ways, on the seeded 6-letter lists
   of notebook 08 (``sixletter.sample_lists(0)``) from tances and, for comparison, on the
   original 5-letter lists from salet: the whole evaluation over every answer divided by the
   number of answers (the memo of base-policy values shared between games), and ``--games``
   seeded answers each played alone by a fresh policy (nothing shared: one game's own cost).
2. Footnote 5: MRD and GEP take "significantly higher" time than MIG to solve every answer from
   one opener. Each heuristic and the rollout over it, from salet, easy and strict mode.
3. Section 2.1: a shortlist of 100 instead of 10 gives minor improvements "at the expense of
   substantially longer computation". rollout-mig with k = 10 and k = 100 from salet.

And the cost of no shortlist at all, Eq. (5) over every allowed guess (``Rollout(MIG(),
top_k=None)``) from salet: the run ``policy_grid.store_every_guess`` stores for notebook 06.

Every row is after a warm-up (kernels compiled or loaded) and is one run, not the best of
several: a run is long, and the evaluation memoises, so a second run would time the memo.
"""

from __future__ import annotations

import argparse
import datetime
import os
import time
from pathlib import Path

import numba
import numpy as np
from _results import machine as _machine

from wordlekit import Game, Rollout, evaluate, get_heuristic
from wordlekit.policies import make_policy
from wordlekit.sixletter import sample_lists
from wordlekit.warmup import warm_up

OUT = Path(__file__).with_name("paper-timings-results.md")
COLUMNS = ("claim", "what", "mode", "answers", "TOTAL", "mean", "seconds", "seconds per game")


def whole(game: Game, name: str, opener: str, top_k: int | None = 10) -> tuple[int, float, float]:
    """TOTAL, mean and wall time of ``name`` from ``opener`` over every answer (``top_k`` None:
    rollout over every guess, for ``rollout-mig`` only)."""
    warm_up(game, name)
    if top_k is None:
        policy = Rollout(get_heuristic(name.removeprefix("rollout-")), None)
    else:
        policy = make_policy(name, top_k)
    start = time.perf_counter()
    result = evaluate(game, policy, opener)
    return result.total, result.mean, time.perf_counter() - start


def alone(game: Game, name: str, opener: str, games: int, seed: int = 0) -> tuple[int, float]:
    """Guesses and wall time of ``games`` seeded answers, each played by a fresh policy."""
    rng = np.random.default_rng(seed)
    picks = sorted(rng.choice(len(game.answers), size=games, replace=False).tolist())
    warm_up(game, name)
    guesses, start = 0, time.perf_counter()
    for i in picks:
        result = evaluate(game, make_policy(name), opener, answers=[game.answers[i]])
        guesses += result.total
    return guesses, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    rows = []

    def add(claim, what, mode, answers, total, mean, seconds):
        rows.append((claim, what, mode, answers, total, mean, seconds, seconds / answers))
        print(f"{claim:10} {what:40} {mode:7} TOTAL {total:6}  {seconds:8.2f} s", flush=True)

    six_guesses, six_answers = sample_lists(0)
    lists = {"6-letter": (six_guesses, six_answers, "tances"), "5-letter": (None, None, "salet")}
    for label, (guesses, answers, opener) in lists.items():
        for mode in ("easy", "strict"):
            game = Game.original(mode) if guesses is None else Game(guesses, answers, mode)
            game.patterns
            total, mean, seconds = whole(game, "rollout-mig", opener)
            add("6-letter", f"{label} rollout-mig from {opener}, every answer", mode,
                len(game.answers), total, mean, seconds)  # fmt: skip
            guessed, seconds = alone(game, "rollout-mig", opener, args.games)
            add("6-letter", f"{label} rollout-mig from {opener}, games alone", mode, args.games,
                guessed, guessed / args.games, seconds)  # fmt: skip
    for mode in ("easy", "strict"):
        game = Game.original(mode)
        for name in ("mig", "mrd", "gep", "rollout-mig", "rollout-mrd", "rollout-gep"):
            total, mean, seconds = whole(game, name, "salet")
            add("MRD, GEP", f"{name} from salet", mode, len(game.answers), total, mean, seconds)
        for k in (10, 100):
            total, mean, seconds = whole(game, "rollout-mig", "salet", top_k=k)
            add("k = 100", f"rollout-mig from salet, k = {k}", mode, len(game.answers), total,
                mean, seconds)  # fmt: skip
        total, mean, seconds = whole(game, "rollout-mig", "salet", top_k=None)
        add("Eq. (5)", "rollout-mig from salet, every guess", mode, len(game.answers), total, mean,
            seconds)  # fmt: skip

    machine = (
        f"{_machine(processor=True)}, {numba.config.NUMBA_NUM_THREADS} threads, "
        f"load average at the end {os.getloadavg()[0]:.1f}"
    )
    header = "| " + " | ".join(COLUMNS) + " |\n|---|---|---|---:|---:|---:|---:|---:|\n"
    lines = [
        f"| {c} | {w} | {m} | {n} | {t} | {mean:.4f} | {s:.2f} | {per:.4f} |"
        for c, w, m, n, t, mean, s, per in rows
    ]
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    text = (
        "# The rollout paper's timing claims, measured here\n\n"
        f"`NUMBA_NUM_THREADS=1 python benchmarks/paper_timings.py --games {args.games}` on "
        f"{machine}, {today}. One run per row after warm-up; `seconds per game` is seconds / "
        "answers (a whole evaluation shares the base policy's memo between games; `games "
        "alone` plays each of its seeded answers with a fresh policy). 6-letter lists: "
        "`sixletter.sample_lists(0)`. TOTAL of a `games alone` row: guesses over its games.\n\n"
        + header
        + "\n".join(lines)
        + "\n"
    )
    OUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
