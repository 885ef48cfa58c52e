"""How a loaded machine slows numba's parallel kernels: ``wordlekit optimal`` on 1 and N threads,
alone and beside busy processes, with OpenMP's threads spinning or sleeping when they wait.

    python benchmarks/threads.py [--opener salet] [--modes easy hard] [--threads 1 2]
                                 [--waits default passive] [--busy 0 1] [--repeats 3] [--out PATH]

Each run is ``wordlekit optimal --opener O --mode M --threads T --json`` in a process of its own
(the search's seconds from its JSON: no start-up, no compiling), while B processes spin on the
cores (``python -c "while True: pass"``, started and ended here). ``--waits``: the
``OMP_WAIT_POLICY`` of the run (``default``: unset; ``passive``: numba's OpenMP threads sleep at
a barrier instead of spinning; it matters only under numba's ``omp`` threading layer, which
the header names). The conditions are run in rounds, one run of each per round, so that the
load of whatever else the machine runs falls on all of them alike; the table gives each
condition's median and range and the median 1-minute load average as its runs started.
Writes a Markdown table to benchmarks/threads-results.md (or ``--out``).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
from _results import load as load_note
from _results import machine
from _results import write as write_results

OUT = Path(__file__).with_name("threads-results.md")
WORDLEKIT = [sys.executable, "-m", "wordlekit"]
SPIN = [sys.executable, "-c", "while True: pass"]


@numba.njit(parallel=True)
def _touch(a):
    total = 0.0
    for i in numba.prange(a.size):
        total += a[i]
    return total


def threading_layer() -> str:
    """The threading layer numba picks here (known only once a parallel kernel has run)."""
    _touch(np.ones(4))
    return numba.threading_layer()


def one_run(opener: str, mode: str, threads: int, wait: str) -> float:
    env = dict(os.environ)
    env.pop("OMP_WAIT_POLICY", None)
    if wait != "default":
        env["OMP_WAIT_POLICY"] = wait
    proc = subprocess.run(
        [*WORDLEKIT, "optimal", "--opener", opener, "--mode", mode, "--threads", str(threads)]
        + ["--json"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return json.loads(proc.stdout.splitlines()[-1])["seconds"]


def measure(args) -> tuple[dict, dict]:
    """Seconds of every run, and the 1-minute load average as each started, by (mode, threads,
    wait, busy)."""
    conditions = list(itertools.product(args.modes, args.threads, args.waits, args.busy))
    times: dict = {c: [] for c in conditions}
    loads: dict = {c: [] for c in conditions}
    for mode in args.modes:  # numba's cache and the pattern matrix, before anything is timed
        one_run(args.opener, mode, 1, "default")
    for _ in range(args.repeats):
        for condition in conditions:
            mode, threads, wait, busy = condition
            spinners = [subprocess.Popen(SPIN) for _ in range(busy)]
            try:
                loads[condition].append(os.getloadavg()[0])
                times[condition].append(one_run(args.opener, mode, threads, wait))
            finally:
                for p in spinners:
                    p.kill()
                    p.wait()
            print(condition, f"{times[condition][-1]:.2f} s", f"load {loads[condition][-1]:.1f}")
    return times, loads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opener", default="salet")
    parser.add_argument("--modes", nargs="+", default=["easy", "hard"])
    parser.add_argument("--threads", nargs="+", type=int, default=[1, os.cpu_count() or 1])
    parser.add_argument("--waits", nargs="+", default=["default", "passive"])
    parser.add_argument("--busy", nargs="+", type=int, default=[0, 1])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    layer = threading_layer()
    load = os.getloadavg()[0]
    times, loads = measure(args)
    command = (
        f"python benchmarks/threads.py --opener {args.opener} --modes {' '.join(args.modes)} "
        f"--threads {' '.join(map(str, args.threads))} --waits {' '.join(args.waits)} "
        f"--busy {' '.join(map(str, args.busy))} --repeats {args.repeats}"
    )
    lines = [
        "# numba's threads on a loaded machine",
        "",
        f"`{command}` on {datetime.date.today()} at {commit or 'unknown commit'}, "
        f"{machine()} (threading layer {layer}); {load_note(load)}.",
        "",
        f"Seconds of `wordlekit optimal --opener {args.opener} --mode M --threads T` (the search "
        f"alone), median (min-max) of {args.repeats} runs beside B busy processes, and in "
        "brackets the median 1-minute load average as those runs started:",
        "",
        "| mode | threads | OMP_WAIT_POLICY | " + " | ".join(f"B = {b}" for b in args.busy) + " |",
        "|---|---:|---|" + "---:|" * len(args.busy),
    ]
    for mode, threads, wait in itertools.product(args.modes, args.threads, args.waits):
        cells = []
        for busy in args.busy:
            runs, started = times[mode, threads, wait, busy], loads[mode, threads, wait, busy]
            cells.append(
                f"{statistics.median(runs):.2f} ({min(runs):.2f}-{max(runs):.2f}) "
                f"[{statistics.median(started):.1f}]"
            )
        lines.append(f"| {mode} | {threads} | {wait} | " + " | ".join(cells) + " |")
    write_results(args.out, lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
