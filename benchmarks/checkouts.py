"""Timings of the same tasks on two checkouts of wordlekit, in one run: what ``seam.py`` and
``solver_context.py`` share.

Each round runs every task once on each checkout in turn, each in a fresh process with that
checkout first on ``PYTHONPATH`` and ``NUMBA_NUM_THREADS=1``; alternating round by round puts
both checkouts under the same load. A task script takes the task's name as its argument,
compiles or loads its kernels first and prints one JSON line: ``seconds`` (the timed run) and
``result`` (what it computed, which must agree between the checkouts). ``command_line`` is the
command line each such script has: ``--before CHECKOUT [--repeat N] [--label TEXT]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def timed(tree: Path, script: str, task: str) -> dict:
    """One run of ``task`` by ``script`` on the checkout ``tree``: its JSON line."""
    env = {**os.environ, "PYTHONPATH": str(tree), "NUMBA_NUM_THREADS": "1"}
    out = subprocess.run(
        [sys.executable, "-c", script, task.replace(" ", "-")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(before: str, script: str, tasks, repeat: int, label: str) -> None:
    """Time ``tasks`` on the checkout ``before`` and on this one, ``repeat`` rounds, and print a
    Markdown table: each task's result on both, the median and best seconds, and the ratio of
    the medians after / before."""
    trees = {"before": Path(before).resolve(), "after": HERE}
    times = {(t, w): [] for t in tasks for w in trees}
    results: dict = {}
    load = os.getloadavg()[0]
    for _ in range(repeat):
        for task in tasks:
            for which, tree in trees.items():
                run = timed(tree, script, task)
                times[task, which].append(run["seconds"])
                results.setdefault(task, {})[which] = run["result"]
    print(f"{label}: --repeat {repeat}, load {load:.1f} -> {os.getloadavg()[0]:.1f}")
    print(
        "| task | result before | result after | median s before | median s after "
        "| best s before | best s after | after / before (median) |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|"
    )
    for task in tasks:
        old, new = times[task, "before"], times[task, "after"]
        print(
            f"| {task} | {results[task]['before']} | {results[task]['after']} | "
            f"{statistics.median(old):.4f} | {statistics.median(new):.4f} | "
            f"{min(old):.4f} | {min(new):.4f} | "
            f"{statistics.median(new) / statistics.median(old):.3f} |"
        )


def command_line(doc: str, script: str, tasks, repeat: int) -> None:
    """Parse ``--before CHECKOUT [--repeat N] [--label TEXT]`` (``repeat`` rounds by default;
    ``doc``: the script's docstring, whose first line describes it) and ``compare``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--before", required=True, help="a checkout from before the change")
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    compare(args.before, script, tasks, args.repeat, args.label)
