"""Dordle's exact optimum on cut answer lists, and how large the list can be in minutes.

    NUMBA_NUM_THREADS=1 python benchmarks/boards_optimum.py [--answers 10 20 30 40] \
        [--boards 2] [--stop-after 300] [--out PATH]

For each N: the original guess list whole (12,972 words), the answer list cut to its first N
words in file order; the optimum over every opener within the game's cap (N + 5 guesses:
``exhaustive.Exhaustive``), the optimum from salet, and the exact totals of lifted MIG and of
rollout over it from salet (``boards_optima.cut_list_optimum``), with the gaps to the optimum
from salet. Prints each row as it is done and writes a Markdown table to
benchmarks/boards-optimum-results.md (or ``--out``). Sizes after one whose optimum took more than
``--stop-after`` seconds are skipped. Numba is warmed up on N = 3 first, so compilation is not
timed.

What the profile taught (cProfile of the optimum at N = 15, 30 and 40, while it was written):
the search itself was never the cost, its bookkeeping was. First ``Boards.children`` (a
``Split`` per board and an encoded feedback per child, for children most of which are never
valued), the exact de-duplication of 12,972 feedback rows by ``np.unique`` on void rows, and a
full sort of every guess at every state; then the gathers of 12,972-long statistics per state.
Children are now built below the seam with their floors from bucket sizes, guesses sorted a
head at a time and de-duplicated only as they are expanded, and the per-board statistics kept in
small dtypes and read without a gather: N = 30 went from 38 s to 5 s, N = 40 from 57 s to 28 s.
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import subprocess
import time
from pathlib import Path

import numba
from _results import machine

from wordlekit.experiments.boards_optima import cut_list_optimum

OUT = Path(__file__).with_name("boards-optimum-results.md")
COLUMNS = (
    "N",
    "secrets",
    "optimum",
    "best opener",
    "salet optimum",
    "MIG",
    "rollout",
    "MIG gap",
    "rollout gap",
    "MIG gap %",
    "rollout gap %",
    "optimum s",
    "all s",
)


def row(n: int, boards: int) -> dict:
    start = time.perf_counter()
    r = cut_list_optimum(n, boards)
    return {
        "N": n,
        "secrets": r.secrets,
        "optimum": r.optimum,
        "best opener": r.best_opener,
        "salet optimum": r.opener_optimum,
        "MIG": r.base_total,
        "rollout": r.rollout_total,
        "MIG gap": r.base_gap,
        "rollout gap": r.rollout_gap,
        "MIG gap %": f"{100 * r.base_gap / r.opener_optimum:.2f}",
        "rollout gap %": f"{100 * r.rollout_gap / r.opener_optimum:.2f}",
        "optimum s": f"{r.seconds:.1f}",
        "all s": f"{time.perf_counter() - start:.1f}",
        "unfinished": r.unfinished,
    }


def commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            cwd=Path(__file__).parent,
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, nargs="+", default=[10, 20, 30, 40])
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--stop-after", type=float, default=300.0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    cut_list_optimum(3, args.boards)  # compile numba's kernels before any timing
    load_before = os.getloadavg()[0]
    rows = []
    print(" | ".join(COLUMNS), flush=True)
    for n in args.answers:
        rows.append(row(n, args.boards))
        print(" | ".join(str(rows[-1][c]) for c in COLUMNS), flush=True)
        if float(rows[-1]["optimum s"]) > args.stop_after:
            break
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = [
        f"# Exact optimum on cut answer lists ({args.boards} boards)",
        "",
        f"Machine: {machine()}, numba threads {numba.get_num_threads()}; load average "
        f"{load_before:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after; peak memory {peak:.0f} MB. Date "
        f"{datetime.date.today().isoformat()}, wordlekit at commit {commit()}.",
        "",
        "Command: `NUMBA_NUM_THREADS=1 python benchmarks/boards_optimum.py --answers "
        f"{' '.join(map(str, args.answers))} --boards {args.boards}`",
        "",
        "The full guess list (12,972), the answers cut to the first N of the original list in "
        "file order. Totals are guesses summed over every secret (ordered tuples of distinct "
        "answers). The optimum keeps to the game's cap (N + 5 guesses); MIG and rollout "
        "(lifted MIG, top 10) open with salet, and their gaps are to the optimum from salet "
        "(`salet optimum`). `optimum s`: the optimum over every opener; `all s`: the row. "
        f"Games MIG or rollout leaves unfinished within the cap: "
        f"{max(r['unfinished'] for r in rows)} in every row.",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "|".join("---:" if c != "best opener" else "---" for c in COLUMNS) + "|",
        *("| " + " | ".join(str(r[c]) for c in COLUMNS) + " |" for r in rows),
        "",
    ]
    args.out.write_text("\n".join(lines))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
