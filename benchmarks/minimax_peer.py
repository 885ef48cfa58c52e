"""The worst-case search (``Minimax.opener_feasible``) raced against the C++ peer alex1770/wordle,
one thread each, cell by cell back to back in one run.

    NUMBA_NUM_THREADS=1 python benchmarks/minimax_peer.py --peer PATH [--cells hard:5:abaci ...]
        [--budget 60] [--out benchmarks/minimax-peer-results.md]

A cell is (mode, d, opener): can every answer of the original lists be found within d guesses
after the opener (the opener counted)? Ours: ``Minimax(Game.original(mode)).opener_feasible``, a
fresh search per cell (no memo carried between cells, as the peer starts afresh each run), on
one numba thread, timed in this process (CPU: ``time.process_time``; wall:
``time.perf_counter``) after a warm-up per mode that compiles or loads the kernels (timed apart,
not counted). The peer: ``PATH`` (a binary the user built from GitHub alex1770/wordle; nothing of
it is part of this repository), single-threaded, with its depth-only option ``-d`` and cap
``-g d`` (how it is run and read: benchmarks/_peer.py). Both get ``--budget`` CPU seconds a cell
(ours: ``Minimax.deadline``; the peer: a CPU rlimit), past which the cell is undecided for it.
Both answers must agree where both decided, and agree with the stored sample
(wordlekit/data/sweeps/minimax_openers_sample.csv) where it has the cell: a disagreement is
printed, marked in the table, and makes the script exit 1. A bad ``--peer`` or ``--cells`` is
one error line and exit status 2.
"""

from __future__ import annotations

import argparse
import csv
import os
import shlex
import statistics
import sys
import time

import numba
from _peer import Peer, binary_problem
from _results import load as results_load
from _results import machine
from _results import write as write_results

from wordlekit import Game
from wordlekit.optimal.minimax import Minimax, OutOfTime
from wordlekit.paths import DATA_DIR

#: The cells, each answered before by ours (benchmarks/minimax-results.md and its stored
#: sample; salet and abaci: tests/test_minimax.py, benchmarks/worst-openers-results.md): easy
#: within 4 refused (salet; fakey and adept, the sample's slowest), easy within 5 found,
#: hard within 5 refused (salet, copse) and found (pinto, spelt, abaci), and the
#: two hard openers the sample left undecided after 30 s of ours (aides, eughs).
CELLS = [
    ("easy", 4, "salet"),
    ("easy", 4, "fakey"),
    ("easy", 4, "adept"),
    ("easy", 5, "salet"),
    ("easy", 5, "adept"),
    ("hard", 5, "salet"),
    ("hard", 5, "copse"),
    ("hard", 5, "pinto"),
    ("hard", 5, "spelt"),
    ("hard", 5, "abaci"),
    ("hard", 5, "aides"),
    ("hard", 5, "eughs"),
]
STORED = DATA_DIR / "sweeps" / "minimax_openers_sample.csv"
WARM_OPENER = "salet"


def fail(message: str) -> None:
    """Bad input: one line, exit status 2."""
    print(f"minimax_peer.py: error: {message}", file=sys.stderr)
    sys.exit(2)


def parse_cells(texts: list[str]) -> list[tuple[str, int, str]]:
    """``mode:d:opener`` per cell, checked against the game before any long run."""
    cells = []
    for text in texts:
        parts = text.split(":")
        if len(parts) != 3 or parts[0] not in ("easy", "hard") or not parts[1].isdigit():
            fail(f"--cells {text!r}: expected mode:d:opener, mode easy or hard, e.g. hard:5:abaci")
        mode, d, opener = parts[0], int(parts[1]), parts[2].lower()
        if not 2 <= d <= 8:
            fail(f"--cells {text!r}: expected d from 2 to 8, got {d}")
        if opener not in Game.original().guesses.words:
            fail(f"--cells {text!r}: {opener!r} is not one of the 12,972 guesses")
        cells.append((mode, d, opener))
    return cells


def stored() -> dict[tuple[str, int, str], bool | None]:
    """The stored sample's cells: True, False, or None where it was left undecided."""
    with open(STORED) as f:
        rows = list(csv.DictReader(f))
    answers = {"True": True, "False": False, "": None}
    return {(r["mode"], int(r["d"]), r["opener"]): answers[r["within"]] for r in rows}


def warm_up(game: Game) -> float:
    """Compile or load the search's kernels in ``game``'s mode and build the transposed
    pattern matrix: a search of salet within 3 and within 4 on a copy of the lists cut to
    the answers salet leaves after its most common feedback (every kernel the cells use, on
    the same types). Returns its wall seconds."""
    began = time.perf_counter()
    search = Minimax(game)
    search.opener_feasible(game.guess_index(WARM_OPENER), 3)
    state = game.initial_state()
    split = game.split(state, game.guess_index(WARM_OPENER))
    biggest = max(range(len(split.sizes)), key=lambda b: split.sizes[b])
    search.feasible(split.child(biggest), 3)  # guess_profiles and, in easy mode, the cores
    return time.perf_counter() - began


def ours(game: Game, opener: str, d: int, budget: float) -> tuple[bool | None, float, float, int]:
    """(answer or None if undecided, CPU s, wall s, states) of a fresh search."""
    search = Minimax(game)
    began_cpu, began = time.process_time(), time.perf_counter()
    search.deadline = began_cpu + budget
    try:
        answer = search.opener_feasible(game.guess_index(opener), d)
    except OutOfTime:
        answer = None
    return answer, time.process_time() - began_cpu, time.perf_counter() - began, search.states


def shown(answer: bool | None) -> str:
    return "undecided" if answer is None else ("found" if answer else "refused")


def ratio(a: float, b: float | None, more: bool = False) -> str:
    """a / b, ``> a / b`` when ``more`` (a was stopped at its budget); - without b."""
    return "-" if not b else (">" if more else "") + f"{a / b:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", required=True, metavar="PATH", help="a built alex1770/wordle")
    parser.add_argument("--cells", nargs="+", metavar="MODE:D:OPENER", default=None)
    parser.add_argument("--budget", type=float, default=60.0, help="CPU seconds a cell, each")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    if problem := binary_problem(args.peer):
        fail(f"--peer {problem}")
    if not args.budget > 0:
        fail(f"--budget {args.budget}: expected CPU seconds above 0")
    cells = parse_cells(args.cells) if args.cells else CELLS
    numba.set_num_threads(1)
    threads = numba.get_num_threads()
    command = "NUMBA_NUM_THREADS=1 python benchmarks/minimax_peer.py " + shlex.join(sys.argv[1:])
    load = os.getloadavg()[0]
    known = stored()
    peer = Peer(args.peer, max_guesses=6)
    games, warm = {}, {}
    for mode in dict.fromkeys(m for m, _, _ in cells):
        games[mode] = Game.original(mode)
        games[mode].patterns
        warm[mode] = warm_up(games[mode])
        print(f"warm-up {mode}: {warm[mode]:.1f} s", flush=True)

    rows, mismatches = [], []
    for mode, d, opener in cells:
        mine, cpu, wall, states = ours(games[mode], opener, d, args.budget)
        theirs, run = peer.within(mode, opener, d, cpu_limit=int(args.budget + 0.999))
        before = known.get((mode, d, opener), "-")
        notes = []
        if None not in (mine, theirs) and mine != theirs:
            notes.append(f"ours {shown(mine)}, peer {shown(theirs)}")
        for who, answer in (("ours", mine), ("peer", theirs)):
            if before in (True, False) and answer is not None and answer != before:
                notes.append(f"{who} {shown(answer)}, stored sample {shown(before)}")
        for note in notes:
            mismatches.append(f"{mode} within {d} {opener}: {note}")
            print(f"*** MISMATCH {mode} within {d} {opener}: {note} ***", file=sys.stderr)
        row = (mode, d, opener, mine, theirs, before, cpu, wall, states, run, notes)
        rows.append(row)
        print(
            f"{mode} within {d} {opener}: ours {shown(mine)} {cpu:.2f} CPU s {wall:.2f} s, "
            f"peer {shown(theirs)} {run.search_cpu} search CPU s {run.cpu:.2f} CPU s "
            f"{run.seconds:.2f} s",
            flush=True,
        )

    header = (
        "| mode | d | opener | ours | peer | stored sample | ours CPU s | peer CPU s (search) | "
        "peer CPU s (command) | CPU ratio (search) | CPU ratio (command) | ours wall s | "
        "peer wall s | wall ratio | our states | peer nodes |"
    )
    lines = [header, "|---|---:|---|---|---|---|" + "---:|" * 10]
    for mode, d, opener, mine, theirs, before, cpu, wall, states, run, notes in rows:
        mark = "".join(f" **MISMATCH: {n}**" for n in notes)
        peer_search = run.search_cpu
        cells_text = [
            mode,
            str(d),
            opener,
            shown(mine) + mark,
            shown(theirs),
            "-" if before == "-" else shown(before),
            f"{cpu:.2f}",
            "-" if peer_search is None else f"{peer_search:.2f}",
            f"{run.cpu:.2f}",
            ratio(cpu, peer_search, mine is None) if theirs is not None else "-",
            ratio(cpu, run.cpu, mine is None) if theirs is not None else "-",
            f"{wall:.2f}",
            f"{run.seconds:.2f}",
            ratio(wall, run.seconds, mine is None) if theirs is not None else "-",
            f"{states:,}",
            "-" if run.nodes is None else f"{run.nodes:,}",
        ]
        lines.append("| " + " | ".join(cells_text) + " |")
        print(lines[-1], flush=True)
    decided = [r for r in rows if r[3] is not None and r[4] is not None]
    timed = [r for r in decided if r[9].search_cpu]
    ours_total = sum(r[6] for r in decided)
    peer_search = sum(r[9].search_cpu or 0 for r in decided)
    peer_command = sum(r[9].cpu for r in decided)

    def median(values) -> str:
        values = list(values)
        return f"{statistics.median(values):.2f}" if values else "-"

    summary = [
        f"Cells decided by both: {len(decided)} of {len(rows)}. CPU seconds over them: ours "
        f"{ours_total:.1f}, the peer's searches {peer_search:.1f} (ratio "
        f"{ratio(ours_total, peer_search)}), its commands {peer_command:.1f} (ratio "
        f"{ratio(ours_total, peer_command)}). Median CPU ratio per cell: "
        f"{median(r[6] / r[9].search_cpu for r in timed)} against the peer's search (the "
        f"{len(timed)} cells it took 0.01 s or more on), "
        f"{median(r[6] / r[9].cpu for r in decided)} against its whole command.",
        "Undecided (past the budget of either): "
        + (
            "; ".join(
                f"{r[0]} within {r[1]} {r[2]}: ours {shown(r[3])} after {r[6]:.1f} CPU s, "
                f"the peer {shown(r[4])} after {r[9].cpu:.2f} CPU s"
                for r in rows
                if r[3] is None or r[4] is None
            )
            or "none"
        )
        + ".",
        f"Mismatches: {len(mismatches)}"
        + ("." if not mismatches else ": " + "; ".join(mismatches) + "."),
    ]
    text = [
        "# Minimax feasibility against the C++ peer alex1770/wordle, one thread each",
        "",
        f"Command: `{command}`. Machine: {machine()}; {results_load(load)}.",
        "",
        f"Threads: ours numba on {threads} thread (`numba.get_num_threads()`), the search itself "
        "serial; the peer single-threaded (it has no threads). So every ratio here is per core.",
        "",
        f"Peer: alex1770/wordle, commit {peer.version}, `-d -g d` (depth-only mode: it stops at "
        "the first strategy within the cap, so it answers the same question as ours; its answer "
        "line is `<=` a TOTAL when found, its infinity when refused), run as a subprocess per "
        "cell after an untimed run that writes its start-up file. Peer CPU s (search) is its own "
        "`Time taken` (the search alone, in 0.01 s steps, as ours is the search alone); "
        "(command) is the whole process, start-up included. Budget: "
        f"{args.budget:g} CPU s a cell each.",
        "",
        "Ours: a fresh `Minimax(Game.original(mode)).opener_feasible(opener, d)` per cell, "
        "after a warm-up per mode (compiles or loads the kernels; not counted): "
        + ", ".join(f"{m} {s:.1f} s wall" for m, s in warm.items())
        + ". CPU ratio (search) = ours CPU s / the peer's search CPU s; (command) = ours / its "
        "whole command's; wall ratio = ours wall s / its command's wall s; `>`: ours was stopped "
        "at the budget, so the ratio is at least that. On a loaded machine the CPU figures are "
        "the ones to compare.",
        "",
        *lines,
        "",
        *summary,
    ]
    for line in summary:
        print(line, flush=True)
    if args.out:
        write_results(args.out, text)
    if mismatches:
        print(f"*** {len(mismatches)} MISMATCH(ES) ***", file=sys.stderr, flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
