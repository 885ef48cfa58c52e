"""Prove the optimum of an opener, easy and NYT hard mode, and optionally time a C++ peer on it.

    python benchmarks/optimal.py [--openers salet crate ...] [--modes easy hard]
                                 [--max-guesses 6] [--reference PATH] [--quick]

Default openers: the 13 of the rollout paper's Table 1 (wordlekit/data/reference/rollout_paper_table1.csv)
and EXTRA_OPENERS below, each in easy and NYT hard mode; ``--quick`` is salet alone. Prints one
line per cell and writes benchmarks/optimal-results.md: our TOTAL, Selby's published TOTAL
(wordlekit/data/reference/optimal_totals_selby.csv), our seconds and the states we expanded, and the
process's peak memory.

``--reference PATH`` is the path of a locally built alex1770/wordle binary (Selby's C++ solver,
https://github.com/alex1770/wordle; nothing of it is part of this repository). Each cell then
also runs it on the same lists (wordlekit/data/wordle_guesses_12972.txt, wordlekit/data/wordle_answers_2315.txt,
passed with -a and -h: its own defaults are later NYT lists), the same opener (-w), mode (-H for
hard, -U for strict) and cap (-g), as a subprocess in a scratch directory; its wall time is the
whole command's (startup included, from its start-up score file, written once by an untimed
run with -e as our pattern matrix and kernels are loaded before timing). Its TOTAL must equal
ours: a mismatch is printed loudly and marked in the table. The table adds its seconds, the
ratio ours / peer per cell and their median (overall and per mode). The peer is
single-threaded; ours uses numba's threads (all cores).
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba

from wordlekit import Game, warmup
from wordlekit.game import MAX_GUESSES
from wordlekit.optimal import INFEASIBLE, Solver

OUT = Path(__file__).with_name("optimal-results.md")
ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "wordlekit" / "data"
GUESSES = DATA / "wordle_guesses_12972.txt"  # the lists of Game.original()
ANSWERS = DATA / "wordle_answers_2315.txt"

#: Openers beyond the paper's Table 1, of varied difficulty. Chosen by running the peer
#: (alex1770/wordle) on mediocre and bad openers, easy and hard: good ones a few points off
#: the best (roate, soare, arise), mediocre ones whose proofs take the peer over 10 s (crypt,
#: adieu, pound) and one it cannot prove in hard mode within 6 guesses (pound hard:
#: infeasible). Words with rare or repeated letters (fuzzy, jazzy, mamma, quick, vixen, whisk,
#: glyph, audio, chump, might...) took the peer over 60 s in easy mode and were left out.
EXTRA_OPENERS = ["roate", "soare", "arise", "later", "ratio", "house", "crypt", "adieu", "pound"]

PEER_MODE_FLAGS = {"easy": [], "hard": ["-H"], "strict": ["-U"]}
PEER_INFINITY = 1_000_000_000  # the peer's "infinity": no strategy within the cap
PEER_TOTAL = re.compile(r"^Best first guess score (<?)= (\d+)", re.M)
WARM_OPENER = "salet"


def shown(total: int | None) -> str:
    if total is None:
        return "-"
    return "infeasible" if total >= INFEASIBLE else str(total)


class Peer:
    """Runs the peer binary on one opener and mode, in a scratch directory of its own."""

    def __init__(self, binary: str, max_guesses: int):
        self.binary = str(Path(binary).resolve())
        self.max_guesses = max_guesses
        self.scratch = tempfile.TemporaryDirectory(prefix="optimal-peer-")
        self.version = "?"
        # Untimed: writes the peer's start-up score file (-e) and checks that it runs; a beta
        # cutoff of 1 makes the search itself instant.
        out = self._run("easy", WARM_OPENER, ["-e", "-b", "1"])[0]
        match = re.search(r"^Commit (.*)$", out, re.M)
        self.version = match.group(1).strip() if match else "?"

    def _run(self, mode: str, opener: str, extra: list[str]) -> tuple[str, float, float]:
        cmd = [
            self.binary,
            "-a",
            str(GUESSES),
            "-h",
            str(ANSWERS),
            "-g",
            str(self.max_guesses),
            *PEER_MODE_FLAGS[mode],
            *extra,
            "-w",
            opener,
        ]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=self.scratch.name, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if proc.returncode != 0:
            raise SystemExit(
                f"peer failed ({proc.returncode}): {shlex.join(cmd)}\n"
                f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
            )
        return proc.stdout, seconds, cpu

    def solve(self, mode: str, opener: str) -> tuple[int, float, float]:
        """(TOTAL, wall seconds, CPU seconds); TOTAL >= INFEASIBLE when it proves no strategy
        fits the cap."""
        out, seconds, cpu = self._run(mode, opener, [])
        match = PEER_TOTAL.search(out)
        if match is None or match.group(1):
            raise SystemExit(f"cannot read the peer's total for {opener} {mode}:\n{out[-2000:]}")
        total = int(match.group(2))
        return (INFEASIBLE if total >= PEER_INFINITY // 2 else total), seconds, cpu


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


def main() -> None:
    with open(DATA / "reference" / "optimal_totals_selby.csv") as f:
        selby = {row["opener"]: row for row in csv.DictReader(f)}
    with open(DATA / "reference" / "rollout_paper_table1.csv") as f:
        table1 = [row["opener"] for row in csv.DictReader(f)]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openers", nargs="+", default=table1 + EXTRA_OPENERS)
    parser.add_argument(
        "--modes", nargs="+", default=["easy", "hard"], choices=sorted(PEER_MODE_FLAGS)
    )
    parser.add_argument("--max-guesses", type=int, default=MAX_GUESSES)
    parser.add_argument(
        "--reference",
        metavar="PATH",
        help="a locally built alex1770/wordle binary to run on every cell",
    )
    parser.add_argument("--quick", action="store_true", help="salet only (easy and hard)")
    args = parser.parse_args()
    if args.quick:
        args.openers = ["salet"]

    load_before = os.getloadavg()
    code = git_state()  # now: the lead may commit while the run goes on
    game = Game.original()
    game.patterns
    for mode in args.modes:
        g = game.with_mode(mode)
        for opener in args.openers:
            g.guess_index(opener)  # a clear error before any long run
        warm_up_solver(g, args.max_guesses)
    peer = Peer(args.reference, args.max_guesses) if args.reference else None

    rows, mismatches = [], []
    for mode in args.modes:
        g = game.with_mode(mode)
        for opener in args.openers:
            solver = Solver(g, args.max_guesses)
            start = time.perf_counter()
            total = solver.opener_total(g.guess_index(opener))
            seconds = time.perf_counter() - start
            published = selby.get(opener, {}).get(f"{mode}_total", "") or "-"
            line = (
                f"{opener} {mode:6} {shown(total):>10} published {published:>5}  "
                f"ours {seconds:7.1f} s {solver.nodes:7d} states"
            )
            notes = []
            if published != "-" and shown(total) != published:
                notes.append(f"ours differs from published {published}")
            peer_total = peer_seconds = peer_cpu = None
            if peer:
                peer_total, peer_seconds, peer_cpu = peer.solve(mode, opener)
                line += (
                    f"  peer {shown(peer_total):>10} {peer_seconds:6.1f} s "
                    f"(cpu {peer_cpu:.1f} s)  ratio {seconds / peer_seconds:5.1f}"
                )
                if shown(peer_total) != shown(total):  # infeasible totals differ by their bound
                    notes.append(f"peer {shown(peer_total)} != ours {shown(total)}")
            for note in notes:
                mismatches.append(f"{opener} {mode}: {note}")
                line += f"  *** MISMATCH: {note} ***"
                print(f"*** MISMATCH {opener} {mode}: {note} ***", file=sys.stderr, flush=True)
            rows.append(
                (
                    opener,
                    mode,
                    total,
                    published,
                    seconds,
                    peer_total,
                    peer_seconds,
                    peer_cpu,
                    solver.nodes,
                    notes,
                )
            )
            print(line, flush=True)

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    load_after = os.getloadavg()
    machine = (
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numba {numba.__version__} ({numba.config.NUMBA_NUM_THREADS} threads)"
    )
    command = shlex.join(["python", "benchmarks/optimal.py", *sys.argv[1:]])
    lines = [
        "# Exact optimum per opener",
        "",
        f"Machine: {machine}; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after.",
        "",
        f"Command: `{command}` (wordlekit at {code}).",
        "",
        f"Peak memory of the process: {peak_mb:.0f} MB.",
        "",
    ]
    if peer:
        lines += [
            f"Peer: alex1770/wordle, commit {peer.version}, single-threaded; its seconds "
            "are the whole command's wall time (startup included). "
            "Ratio = ours / peer seconds.",
            "",
        ]
    lines += [
        "| opener | mode | TOTAL | published (Selby) | ours s | peer s | ratio | states expanded |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for o, m, t, p, s, pt, ps, _, n, notes in rows:
        mark = "".join(f" **MISMATCH: {note}**" for note in notes)
        peer_s = "-" if ps is None else f"{ps:.1f}"
        ratio = "-" if ps is None else f"{s / ps:.1f}"
        lines.append(f"| {o} | {m} | {shown(t)}{mark} | {p} | {s:.1f} | {peer_s} | {ratio} | {n} |")
    summary = []
    if peer:
        ratios = {m: [s / ps for _, mm, _, _, s, _, ps, *_ in rows if mm == m] for m in args.modes}
        every = [r for rs in ratios.values() for r in rs]
        summary.append(
            f"Median ratio ours / peer: {statistics.median(every):.1f} "
            f"over {len(every)} cells; "
            + ", ".join(f"{m} {statistics.median(rs):.1f}" for m, rs in ratios.items() if rs)
            + "."
        )
    summary.append(
        f"Mismatches: {len(mismatches)}"
        + ("." if not mismatches else ": " + "; ".join(mismatches) + ".")
    )
    lines += [""] + summary
    OUT.write_text("\n".join(lines) + "\n")
    for line in summary:
        print(line, flush=True)
    if mismatches:
        print(f"*** {len(mismatches)} MISMATCH(ES) ***", file=sys.stderr, flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
