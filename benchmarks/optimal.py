"""Prove the optimum of an opener, easy and NYT hard mode, and optionally time a C++ peer on it.

    python benchmarks/optimal.py [--openers salet crate ...] [--add-openers moble ...]
                                 [--modes easy hard] [--threads 1 2] [--max-guesses 6]
                                 [--reference PATH] [--quick] [--out PATH]

Default openers: the 13 of the rollout paper's Table 1 (wordlekit/data/reference/rollout_paper_table1.csv)
and EXTRA_OPENERS below, each in easy and NYT hard mode; ``--quick`` is salet alone. Prints one
line per cell and writes benchmarks/optimal-results.md: our TOTAL, Selby's published TOTAL
(wordlekit/data/reference/optimal_totals_selby.csv), our seconds and the states we expanded, and the
process's peak memory.

``--reference PATH`` is the path of a locally built alex1770/wordle binary (Selby's C++ solver,
https://github.com/alex1770/wordle; nothing of it is part of this repository; how it is run
and read: benchmarks/_peer.py). Each cell then
also runs it on the same lists (wordlekit/data/wordle_guesses_12972.txt, wordlekit/data/wordle_answers_2315.txt,
passed with -a and -h: its own defaults are later NYT lists), the same opener (-w), mode (-H for
hard, -U for strict) and cap (-g), as a subprocess in a scratch directory; its wall time is the
whole command's (startup included, from its start-up score file, written once by an untimed
run with -e as our pattern matrix and kernels are loaded before timing). Its TOTAL must equal
ours: a mismatch is printed loudly and marked in the table. The table adds its seconds, the
ratio ours / peer per cell and their median (overall and per mode). The peer is
single-threaded; ours runs with numba on one thread and on all cores, side by side
(``--threads``, default 1 and ``os.cpu_count()``): each thread count is a worker process of its
own, started with ``NUMBA_NUM_THREADS`` set (numba fixes its thread pool at import) and warmed
up once, and every cell is solved by each worker in turn and then by the peer, so the timings
of a cell are taken back to back under the same load. ``--add-openers`` appends openers to the
default list (e.g. held-out ones, not chosen while tuning the solver).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _peer import PEER_MODE_FLAGS, WARM_OPENER, Peer, binary_problem
from _results import machine as _machine
from _results import write as write_results

from wordlekit import Game, warmup
from wordlekit.game import MAX_GUESSES
from wordlekit.optimal import INFEASIBLE, Solver
from wordlekit.paths import DATA_DIR

OUT = Path(__file__).with_name("optimal-results.md")
ROOT = Path(__file__).resolve().parent.parent
DATA = DATA_DIR

#: Openers beyond the paper's Table 1, of varied difficulty. Chosen by running the peer
#: (alex1770/wordle) on mediocre and bad openers, easy and hard: good ones a few points off
#: the best (roate, soare, arise), mediocre ones whose proofs take the peer over 10 s (crypt,
#: adieu, pound) and one it cannot prove in hard mode within 6 guesses (pound hard:
#: infeasible). Words with rare or repeated letters (fuzzy, jazzy, mamma, quick, vixen, whisk,
#: glyph, audio, chump, might...) took the peer over 60 s in easy mode and were left out.
EXTRA_OPENERS = ["roate", "soare", "arise", "later", "ratio", "house", "crypt", "adieu", "pound"]


def shown(total: int | None) -> str:
    if total is None:
        return "-"
    return "infeasible" if total >= INFEASIBLE else str(total)


def git_state() -> str:
    """The commit of the working tree, and whether wordlekit/ differs from it (at the start,
    when the solver is imported)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "wordlekit"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "not a git checkout"
    return f"commit {head}" + (", wordlekit/ modified" if dirty else "")


def warm_up_solver(game: Game, max_guesses: int) -> None:
    """Compile (or load) the kernels the timed solves use, in this mode: the solver's warm-up
    (``wordlekit.warmup``, MIG's kernels included), and one cheap proof on the real lists (the opener salet with a
    cap of three guesses: infeasible, found quickly, through the same code paths)."""
    warmup.warm_up_solver(game)
    Solver(game, min(max_guesses, 3)).opener_total(game.guess_index(WARM_OPENER))


#: Openers held out of the default list while the hard-mode search was tuned (issue 30).
HELD_OUT = ["moble", "curns", "chary", "piles", "deism", "orbed", "manes"]


def worker(modes: list[str], max_guesses: int) -> None:
    """Solve the cells asked on stdin ("mode opener" per line) and answer one JSON line each:
    TOTAL, seconds and states expanded, with numba on the threads this process was started
    with. Warms up every mode first and then says "ready"."""
    game = Game.original()
    game.patterns
    for mode in modes:
        warm_up_solver(game.with_mode(mode), max_guesses)
    print("ready", flush=True)
    for line in sys.stdin:
        mode, opener = line.split()
        g = game.with_mode(mode)
        solver = Solver(g, max_guesses)
        before = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter()
        total = solver.opener_total(g.guess_index(opener))
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        reply = {"total": total, "seconds": seconds, "cpu": cpu, "nodes": solver.nodes}
        reply["peak_mb"] = peak
        print(json.dumps(reply), flush=True)


class Worker:
    """A ``worker`` subprocess with numba on ``threads`` threads."""

    def __init__(self, threads: int, modes: list[str], max_guesses: int):
        self.threads = threads
        env = dict(os.environ, NUMBA_NUM_THREADS=str(threads))
        cmd = [sys.executable, __file__, "--worker", "--max-guesses", str(max_guesses)]
        self.proc = subprocess.Popen(
            [*cmd, "--modes", *modes],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        if self.proc.stdout.readline().strip() != "ready":
            raise SystemExit(f"the {threads}-thread worker failed to start")

    def solve(self, mode: str, opener: str) -> dict:
        self.proc.stdin.write(f"{mode} {opener}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.threads}-thread worker died on {opener} {mode}")
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def ratio_summary(label: str, ratios: dict[str, list[tuple[float, str]]]) -> str:
    """Median and worst ratio per mode, and over every cell."""
    every = [r for rs in ratios.values() for r in rs]
    if not every:
        return f"{label}: no cells."
    parts = [
        f"{label}: median {statistics.median(r for r, _ in every):.2f} over {len(every)} cells"
    ]
    for mode, rs in ratios.items():
        if rs:
            worst = max(rs)
            parts.append(
                f"{mode} median {statistics.median(r for r, _ in rs):.2f}, "
                f"worst {worst[0]:.2f} ({worst[1]})"
            )
    return "; ".join(parts) + "."


def main() -> None:
    with open(DATA / "reference" / "optimal_totals_selby.csv") as f:
        selby = {row["opener"]: row for row in csv.DictReader(f)}
    with open(DATA / "reference" / "rollout_paper_table1.csv") as f:
        table1 = [row["opener"] for row in csv.DictReader(f)]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openers", nargs="+", default=table1 + EXTRA_OPENERS)
    parser.add_argument(
        "--add-openers",
        nargs="+",
        default=[],
        metavar="WORD",
        help=f"openers appended to the list (held out while tuning: {' '.join(HELD_OUT)})",
    )
    parser.add_argument(
        "--modes", nargs="+", default=["easy", "hard"], choices=sorted(PEER_MODE_FLAGS)
    )
    parser.add_argument(
        "--threads",
        nargs="+",
        type=int,
        default=sorted({1, os.cpu_count() or 1}),
        help="numba thread counts to time ours with, side by side (default: 1 and all cores)",
    )
    parser.add_argument("--max-guesses", type=int, default=MAX_GUESSES)
    parser.add_argument(
        "--reference",
        metavar="PATH",
        help="a locally built alex1770/wordle binary to run on every cell",
    )
    parser.add_argument("--quick", action="store_true", help="salet only (easy and hard)")
    parser.add_argument(
        "--out",
        type=Path,
        default=OUT,
        metavar="PATH",
        help="where to write the table (default: benchmarks/optimal-results.md, which only an "
        "idle machine's run should replace)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.modes, args.max_guesses)
        return
    if args.quick:
        args.openers = ["salet"]
    openers = list(dict.fromkeys(args.openers + args.add_openers))
    if any(t < 1 for t in args.threads):
        parser.error(f"--threads: expected thread counts of 1 or more, got {args.threads}")
    if args.reference and (problem := binary_problem(args.reference)):
        print(f"optimal.py: error: --reference {problem}", file=sys.stderr)
        sys.exit(2)

    load_before = os.getloadavg()
    code = git_state()  # now: the lead may commit while the run goes on
    game = Game.original()
    for mode in args.modes:
        g = game.with_mode(mode)
        for opener in openers:
            g.guess_index(opener)  # a clear error before any long run
    workers = [Worker(t, args.modes, args.max_guesses) for t in args.threads]
    peer = Peer(args.reference, args.max_guesses) if args.reference else None

    rows, mismatches = [], []
    for mode in args.modes:
        for opener in openers:
            ours = [w.solve(mode, opener) for w in workers]
            total = ours[0]["total"]
            published = selby.get(opener, {}).get(f"{mode}_total", "") or "-"
            line = f"{opener} {mode:6} {shown(total):>10} published {published:>5}  ours" + "".join(
                f" {o['seconds']:6.1f} s ({w.threads}t)" for w, o in zip(workers, ours)
            )
            line += f" cpu {ours[0]['cpu']:.1f} s {ours[0]['nodes']:7d} states"
            notes = []
            if published != "-" and shown(total) != published:
                notes.append(f"ours differs from published {published}")
            for w, o in zip(workers, ours):
                if shown(o["total"]) != shown(total):
                    notes.append(f"{w.threads} threads give {shown(o['total'])}")
            peer_total = peer_seconds = peer_cpu = None
            if peer:
                peer_total, peer_seconds, peer_cpu = peer.solve(mode, opener)
                line += (
                    f"  peer {shown(peer_total):>10} {peer_seconds:6.1f} s (cpu {peer_cpu:.1f} s)"
                )
                line += "  ratio" + "".join(
                    f" {o['seconds'] / peer_seconds:5.2f} ({w.threads}t)"
                    for w, o in zip(workers, ours)
                )
                if shown(peer_total) != shown(total):  # infeasible totals differ by their bound
                    notes.append(f"peer {shown(peer_total)} != ours {shown(total)}")
            for note in notes:
                mismatches.append(f"{opener} {mode}: {note}")
                line += f"  *** MISMATCH: {note} ***"
                print(f"*** MISMATCH {opener} {mode}: {note} ***", file=sys.stderr, flush=True)
            rows.append((opener, mode, total, published, ours, peer_seconds, peer_cpu, notes))
            print(line, flush=True)
    for w in workers:
        w.close()

    peak_mb = max(o["peak_mb"] for row in rows for o in row[4])
    load_after = os.getloadavg()
    machine = _machine()
    command = shlex.join(["python", "benchmarks/optimal.py", *sys.argv[1:]])
    lines = [
        "# Exact optimum per opener",
        "",
        f"Machine: {machine}; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after.",
        "",
        f"Command: `{command}` (wordlekit at {code}).",
        "",
        f"Ours with numba on {' and '.join(str(t) for t in args.threads)} thread(s), each in a "
        f"worker process of its own, cell by cell back to back. Peak memory of a worker: "
        f"{peak_mb:.0f} MB.",
        "",
    ]
    if peer:
        lines += [
            f"Peer: alex1770/wordle, commit {peer.version}, single-threaded; its seconds "
            "are the whole command's wall time (startup included). "
            "Ratio = ours / peer wall seconds, at each thread count; CPU ratio = ours / peer "
            "CPU seconds (user + system, all threads), the fairer figure on a loaded machine.",
            "",
        ]
    threads = [w.threads for w in workers]
    header = ["opener", "mode", "TOTAL", "published (Selby)"]
    header += [f"ours s ({t}t)" for t in threads] + ["peer s"]
    header += [f"ratio ({t}t)" for t in threads]
    header += [f"ours CPU s ({t}t)" for t in threads] + ["peer CPU s"]
    header += [f"CPU ratio ({t}t)" for t in threads] + ["states expanded"]
    lines += ["| " + " | ".join(header) + " |", "|---|---|" + "---:|" * (len(header) - 2)]
    for o, m, t, p, ours, ps, pc, notes in rows:
        mark = "".join(f" **MISMATCH: {note}**" for note in notes)
        cells = [o, m, f"{shown(t)}{mark}", p] + [f"{x['seconds']:.1f}" for x in ours]
        cells.append("-" if ps is None else f"{ps:.1f}")
        cells += ["-" if ps is None else f"{x['seconds'] / ps:.2f}" for x in ours]
        cells += [f"{x['cpu']:.1f}" for x in ours] + ["-" if pc is None else f"{pc:.1f}"]
        cells += ["-" if not pc else f"{x['cpu'] / pc:.2f}" for x in ours]
        cells.append(str(ours[0]["nodes"]))
        lines.append("| " + " | ".join(cells) + " |")
    summary = []
    if peer:
        for k, t in enumerate(threads):
            ratios = {
                m: [(row[4][k]["seconds"] / row[5], row[0]) for row in rows if row[1] == m]
                for m in args.modes
            }
            summary.append(ratio_summary(f"Ratio ours / peer, {t} thread(s), wall", ratios))
            # the peer's CPU time of a tiny proof rounds to 0 (infeasible openers): skipped
            ratios = {
                m: [(row[4][k]["cpu"] / row[6], row[0]) for row in rows if row[1] == m and row[6]]
                for m in args.modes
            }
            summary.append(ratio_summary(f"Ratio ours / peer, {t} thread(s), CPU", ratios))
    summary.append(
        f"Mismatches: {len(mismatches)}"
        + ("." if not mismatches else ": " + "; ".join(mismatches) + ".")
    )
    lines += [""] + summary
    write_results(args.out, lines)
    for line in summary:
        print(line, flush=True)
    if mismatches:
        print(f"*** {len(mismatches)} MISMATCH(ES) ***", file=sys.stderr, flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
