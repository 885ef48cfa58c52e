"""What the Mastermind ladder costs here: each rung's proof, and Super Mastermind's buckets.

    python benchmarks/mastermind_ladder.py [--out PATH] [--rows ROWS.jsonl]
    python benchmarks/mastermind_ladder.py --super OPENER [--rule strict] [--budget SECONDS] [--resume]
        [--bound N] [--memo-entries N] [--journal FILE [--journal-least V]] [--colours C]
    python benchmarks/mastermind_ladder.py --extrapolate FILE --super OPENER [--rows ROWS.jsonl]

The first form proves the rungs of ``experiments.mastermind_ladder.SOLVED_RUNGS`` under both
rules (``prove_rung``: one exact search per class of openers, best V_1 first, no cap on
guesses) and writes one row per rung and rule: the optimum and its opener, the states scored,
wall and CPU seconds, the process's peak resident memory so far and the numba threads. It
writes benchmarks/mastermind-ladder-results.md (or ``--out``); with ``--rows`` also the rows
of the stored ladder it proved (JSON lines of ``mastermind_ladder.COLUMNS``, which
``mastermind_ladder.store_ladder`` stores).

The second values the buckets of one opener of Super Mastermind (5 pegs, 8 colours, 32,768
codes) smallest first, each exactly (``Solver.bucket_value``, one solver, its memo shared; no
cap), so that a run too short to finish still measures what each bucket costs: after each
bucket a row with its codes, value and CPU seconds, the states scored so far, the memo's
entries for that bucket, the peak memory and the TOTAL proved so far: 32,768 plus the buckets
valued plus the floors BOUND(codes, 20) of the others, a lower bound that rises to the opener's
optimum. The buckets are disjoint sets of codes, so no state below one is a state below
another: each bucket starts a fresh memo, which loses nothing and keeps the memory to the
largest bucket's; ``--memo-entries N`` keeps each memo to N entries (``branch_and_bound.Memo``'s
limit: the largest buckets' memos would pass the machine's memory; same values, some states
proved again). The table is rewritten after every bucket, so a stopped or killed run keeps what
it measured; it stops at ``--budget`` seconds. ``--resume`` reads the buckets already valued
back from the results file (the same opener and rule, or one error line and exit status 2) and
values only the others: a proof of many CPU hours runs across sessions, a bucket at a time.
``--bound N`` rules an opener out against a total N known from another (the best so far): each
bucket is valued only up to what would keep the opener's TOTAL below N, and the run stops at
the first bucket that cannot (its row ``>= v``, a lower bound, which ``--resume`` values again).
``--journal FILE`` keeps the values of every state worth at least ``--journal-least`` (default
2000) in FILE as they are proved (``branch_and_bound.Journal``), and reads back those a stopped
run kept: a bucket of many hours, stopped inside, then resumes where it was instead of from its
start (the same game and rule; any bound).
``--colours C`` plays Mastermind (pegs of the opener, C colours) instead (a small one checks the
script in the tests). Writes benchmarks/mastermind-ladder-super-results.md (or ``--out``), and
with ``--rows`` the row of the stored ladder it proved (the opener's optimum, or the lower bound
so far). An opener that is no code of the game is one error line and exit status 2.

The third, ``--extrapolate FILE --super OPENER [--rows ROWS.jsonl]``, reads such a file back
and appends what the rest of the opener's proof would cost: CPU seconds per bucket fitted as a
power of its codes, the buckets left predicted, the memo's bytes per entry and the entries the
whole search would keep (``extrapolate``); with ``--rows``, the file's row of the stored ladder
(``measured_row``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import resource
import sys
import time
from collections import Counter
from pathlib import Path

import numba
import numpy as np
from _results import load as _load
from _results import machine as _machine
from _results import write as write_results

from wordlekit import WordlekitError
from wordlekit import branch_and_bound as bnb
from wordlekit.bounds import bound
from wordlekit.branch_and_bound import NO_LIMIT
from wordlekit.experiments import mastermind_ladder
from wordlekit.games import mastermind
from wordlekit.optimal import Solver

OUT = Path(__file__).with_name("mastermind-ladder-results.md")
SUPER_OUT = Path(__file__).with_name("mastermind-ladder-super-results.md")


def peak_mb() -> int:
    """The process's peak resident memory so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def write_rows(path: Path, rows: list[dict]) -> None:
    """The rows of ``mastermind_ladder.COLUMNS`` measured by this run, one JSON object a line
    (``mastermind_ladder.store_ladder`` stores them)."""
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))


def ladder(args) -> None:
    load = os.getloadavg()[0]
    head = [
        "# The Mastermind ladder: each rung's proof on this machine",
        "",
        f"`python benchmarks/mastermind_ladder.py` on {_machine()}, "
        f"{numba.get_num_threads()} numba thread(s). One exact search per class of openers "
        "(best V_1 first, each later class bounded by the best total so far), no cap on guesses. "
        "No warm-up: the first row includes numba's compilation. Peak MB is the process's so far.",
        "",
        "| rung | codes | rule | optimum | mean | opener | states | wall s | CPU s | peak MB "
        "| threads |",
        "|---|---:|---|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    rows, stored = [], []
    for pegs, colours in mastermind_ladder.SOLVED_RUNGS:
        for rule in mastermind_ladder.RULES:
            wall, cpu = time.perf_counter(), time.process_time()
            found = mastermind_ladder.prove_rung(pegs, colours, rule)
            stored += found
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best = min((r for r in found if r["relation"] == "="), key=lambda r: r["total"])
            codes = colours**pegs
            rows.append(
                f"| ({pegs}, {colours}) | {codes:,} | {rule} | {best['total']:,} "
                f"| {best['total'] / codes:.4f} | {best['opener']} "
                f"| {sum(r['states'] for r in found):,} | {wall:.1f} | {cpu:.1f} | {peak_mb():,} "
                f"| {numba.get_num_threads()} |"
            )
            print(rows[-1], flush=True)
            write_results(args.out or OUT, head + rows + ["", "Running."])
    write_results(args.out or OUT, head + rows + ["", _load(load) + "."])
    if args.rows:
        write_rows(args.rows, stored)


def table_rows(lines: list[str]) -> list[list[str]]:
    """The cells of a ``--super`` results file's bucket rows (``"3 of 19" | codes | ...``)."""
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
    return [row for row in cells if re.fullmatch(r"\d+ of \d+", row[0])]


def number(cell: str) -> float:
    """A table cell's number (``1,796`` -> 1796.0)."""
    return float(cell.replace(",", ""))


def resumed(path: Path, title: str) -> tuple[list[str], list[str]]:
    """(the header lines, the bucket rows) of the results file ``path`` of an earlier run of the
    same opener and rule (its title, ``title``); a file of another run, or none, is an error."""
    if not path.is_file():
        raise WordlekitError(f"--resume: no results file {path}; expected one written by --super")
    lines = path.read_text().splitlines()
    if not lines or lines[0] != title:
        found = lines[0] if lines else "an empty file"
        raise WordlekitError(f"--resume: {path} holds {found!r}; expected {title!r}")
    first = next(i for i, line in enumerate(lines) if line.startswith("|---"))
    rows = [line for line in lines[first + 1 :] if line.startswith("| ")]
    if len(table_rows(rows)) != len(rows):
        raise WordlekitError(f"--resume: {path} has a row that is no bucket's; expected its table")
    # a bucket valued only up to a bound (its value ">= v") is valued again
    return lines[: first + 1], [row for row in rows if not exceeded(table_rows([row])[0])]


def exceeded(row: list[str]) -> bool:
    """Whether a bucket row's value is only a lower bound (``--bound``: ``>= v``)."""
    return row[3].startswith(">=")


def open_journal(args, game: str) -> bnb.Journal:
    """``--journal``'s file, of this game and rule (no cap); a file it cannot read or append
    to is a ``WordlekitError`` naming it."""
    try:
        return bnb.Journal(args.journal, args.journal_least, f"{game}, {args.rule} rule, no cap")
    except OSError as error:
        raise WordlekitError(
            f"journal {str(args.journal)!r}: {error.strerror}; expected a file this script can "
            "read and append to"
        ) from None


def super_mastermind(args) -> None:
    pegs, colours = len(args.super), args.colours
    name = "Super Mastermind" if (pegs, colours) == (5, 8) else "Mastermind"
    out = args.out or SUPER_OUT
    title = (
        f"# {name} ({pegs}, {colours}), {args.rule} rule: the buckets of {args.super}, "
        "smallest first"
    )
    try:
        game = mastermind(pegs, colours, "strict" if args.rule == "strict" else "easy")
        opener = game.guess_index(args.super, role="opener")
        head, rows = resumed(out, title) if args.resume else (None, [])
        journal = (
            None if args.journal is None else open_journal(args, f"{name} ({pegs}, {colours})")
        )
    except WordlekitError as error:
        print(f"mastermind_ladder.py: error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    load = os.getloadavg()[0]
    command = (
        f"python benchmarks/mastermind_ladder.py --super {args.super} --rule {args.rule} "
        f"--budget {args.budget}"
        + ("" if colours == 8 else f" --colours {colours}")
        + ("" if args.bound is None else f" --bound {args.bound}")
        + ("" if args.memo_entries is None else f" --memo-entries {args.memo_entries}")
        + ("" if args.journal is None else f" --journal {args.journal.name}")
        + ("" if args.journal is None else f" --journal-least {args.journal_least}")
        + (" --resume" if args.resume else "")
    )
    start, cpu_start = time.perf_counter(), time.process_time()
    patterns = game.patterns
    built = time.perf_counter() - start
    run = (
        f"`{command}` on {_machine()}, {numba.get_num_threads()} numba thread(s); "
        f"1-minute load average {load:.1f} at the start (the machine is shared). The pattern "
        f"matrix ({patterns.nbytes / 1e9:.2f} GB) built in {built:.0f} s; peak {peak_mb():,} MB "
        "after it."
    )
    if head is None:
        head = [
            title,
            "",
            run,
            "",
            "| buckets valued | bucket's codes | feedback | its value | its CPU s | CPU s in all "
            "| wall s in all | states in all | memo entries | peak MB | TOTAL proved at least |",
            "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
    else:  # the earlier runs' lines, then this one's
        head = head[:-3] + [f"Resumed after {len(rows)} buckets: {run}", ""] + head[-2:]
    if journal is not None:
        print(
            f"journal {args.journal}: {journal.read:,} values read back, "
            f"{journal.dropped} bytes of a cut record dropped",
            flush=True,
        )
    solver = Solver(game, None)
    root = game.initial_state()
    feedbacks = game.answering.n_feedbacks(game.length)
    # smallest first, ties by feedback
    buckets = sorted((len(c), p) for p, c in game.unsolved_children(root, opener))
    floors = [bound(size, feedbacks) for size, _ in buckets]
    at_least = len(game.answers) + sum(floors)
    done = {row[2]: row for row in table_rows(rows)}
    cpu_before = sum(number(row[4]) for row in done.values())
    wall_before = max((number(row[6]) for row in done.values()), default=0.0)
    states_before = max((int(number(row[7])) for row in done.values()), default=0)
    for k, (size, feedback) in enumerate(buckets):
        row = done.get(game.format_feedback(feedback))
        if row is not None:
            at_least += int(number(row[3])) - floors[k]
    tail = []
    for k, (size, feedback) in enumerate(buckets):
        if game.format_feedback(feedback) in done:
            continue
        if time.perf_counter() - start > args.budget:
            tail = [
                f"**Stopped at the budget** of {args.budget} s after {len(rows)} of "
                f"{len(buckets)} buckets: the TOTAL from {args.super} is at least {at_least:,} "
                "(the buckets valued, exactly, and the others at their floors BOUND(codes, 20))."
            ]
            break
        # no state below another bucket is below this one
        solver.memo = bnb.Memo(args.memo_entries, journal)
        its = time.process_time()
        budget = NO_LIMIT if args.bound is None else args.bound - at_least + floors[k]
        value = solver.bucket_value(opener, feedback, budget)
        now = time.process_time()
        at_least += value - floors[k]
        memo = len(solver.memo.exact) + len(solver.memo.lower)
        rows.append(
            f"| {len(rows) + 1} of {len(buckets)} | {size:,} | {game.format_feedback(feedback)} "
            f"| {'>= ' if value >= budget else ''}{value:,} | {now - its:.1f} "
            f"| {cpu_before + now - cpu_start:.0f} "
            f"| {wall_before + time.perf_counter() - start:.0f} "
            f"| {states_before + solver.nodes:,} | {memo:,} | {peak_mb():,} | {at_least:,} |"
        )
        print(rows[-1], flush=True)
        if value >= budget:
            tail = [
                f"**Ruled out:** the TOTAL from {args.super} is at least {at_least:,}, not below "
                f"the bound {args.bound:,} (the buckets valued, the last one only up to the "
                "bound, and the others at their floors BOUND(codes, 20))."
            ]
            break
        write_results(out, head + rows + ["", "Running."])
    else:
        tail = [
            f"The optimum from {args.super}: **{at_least:,}** "
            f"(mean {at_least / len(game.answers):.4f})."
        ]
    write_results(out, head + rows + [""] + tail)
    print(tail[0])
    if journal is not None:
        journal.close()
    if args.rows:
        write_rows(args.rows, [measured_row(out, args.super, colours)])


def bucket_sizes(opener: str, pegs: int = 5, colours: int = 8) -> list[int]:
    """The sizes of ``opener``'s buckets but the solved one, smallest first, counted in plain
    Python over every code (no pattern matrix): black pegs where the codes agree, white the
    colours they share less the blacks."""
    counts: Counter = Counter()
    for code in itertools.product("123456789"[:colours], repeat=pegs):
        black = sum(a == b for a, b in zip(opener, code))
        counts[black, sum((Counter(opener) & Counter(code)).values()) - black] += 1
    del counts[pegs, 0]
    return sorted(counts.values())


def extrapolate(path: Path, opener: str, smallest: int = 1000) -> list[str]:
    """The lines that extrapolate a ``--super`` results file of ``opener`` (this script's
    table, read back): CPU seconds per bucket fitted as a * codes**b over the buckets valued of
    at least ``smallest`` codes (least squares on the logarithms), the buckets left (the largest:
    they are valued smallest first) predicted by it, and the memo's memory per entry (the peak
    less the peak after the matrix, over the entries), its entries taken as growing with the CPU
    seconds."""
    lines = path.read_text().splitlines()
    table = table_rows(lines)
    codes = np.array([int(row[1].replace(",", "")) for row in table], dtype=float)
    cpu = np.array([float(row[4]) for row in table])
    wide = codes >= smallest
    b, log_a = np.polyfit(np.log(codes[wide]), np.log(cpu[wide]), 1)
    header = next(line for line in lines if line.startswith("`python"))
    after_matrix = int(header.rsplit("peak ", 1)[1].split(" MB")[0].replace(",", ""))
    entries, peak = int(table[-1][8].replace(",", "")), int(table[-1][9].replace(",", ""))
    per_entry = (peak - after_matrix) * 1e6 / max(entries, 1)
    left = bucket_sizes(opener)[len(table) :]
    predicted = [float(np.exp(log_a) * n**b) for n in left]
    more = entries * (cpu.sum() + sum(predicted)) / max(cpu.sum(), 1e-9)
    return [
        "## Extrapolation",
        "",
        f"{len(table)} buckets ({int(codes.sum()):,} codes) valued in {cpu.sum():.0f} CPU s. "
        f"CPU seconds per bucket ~ {np.exp(log_a):.3g} * codes^{b:.2f}, fitted on the "
        f"{int(wide.sum())} buckets of at least {smallest:,} codes. The buckets left, "
        f"{', '.join(f'{n:,}' for n in left) or 'none'} codes, would take "
        f"{', '.join(f'{p:,.0f}' for p in predicted) or '0'} CPU s: {sum(predicted):,.0f} CPU s "
        f"more, {cpu.sum() + sum(predicted):,.0f} for the opener. The memo took "
        f"{per_entry:,.0f} bytes per entry ({entries:,} entries, {peak - after_matrix:,} MB "
        f"above the peak after the matrix); growing with the CPU seconds, the opener's whole "
        f"search would keep about {more:,.0f} entries, {more * per_entry / 1e9:.1f} GB beside "
        f"the matrix's {32768**2 / 1e9:.2f}.",
    ]


def measured_row(path: Path, opener: str, colours: int = 8) -> dict:
    """The stored ladder's row of a ``--super`` results file of ``opener`` (this script's
    table, read back): its last row's TOTAL proved (``>=``, proof "buckets"; ``=``, "optimum",
    if every bucket was valued), states and wall seconds."""
    lines = path.read_text().splitlines()
    table = table_rows(lines)
    valued, buckets = map(int, table[-1][0].split(" of "))
    finished = valued == buckets and not exceeded(table[-1])
    return {
        "pegs": len(opener),
        "colours": colours,
        "rule": "strict" if "strict rule" in lines[0] else "unrestricted",
        "opener": opener,
        "relation": "=" if finished else ">=",
        "total": int(table[-1][10].replace(",", "")),
        "proof": "optimum" if finished else "buckets",
        "states": int(table[-1][7].replace(",", "")),
        "seconds": float(table[-1][6].replace(",", "")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--rows", type=Path, help="also write the rows of the stored ladder here (JSON lines)"
    )
    parser.add_argument("--super", help="an opener of Super Mastermind (5, 8), e.g. 11223")
    parser.add_argument("--rule", choices=list(mastermind_ladder.RULES), default="strict")
    parser.add_argument(
        "--colours",
        type=int,
        default=8,
        help="with --super: the colours (default 8; pegs: the opener's)",
    )
    parser.add_argument(
        "--extrapolate",
        type=Path,
        help="append the extrapolation of this --super results file (of --super's opener)",
    )
    parser.add_argument("--budget", type=int, default=3600, help="seconds (default 3600)")
    parser.add_argument(
        "--memo-entries",
        type=int,
        help="with --super: keep each bucket's memo to this many entries (branch_and_bound.Memo)",
    )
    parser.add_argument(
        "--bound",
        type=int,
        help="with --super: stop once the opener's TOTAL is proved at least this (ruled out)",
    )
    parser.add_argument(
        "--journal",
        type=Path,
        help="with --super: keep large states' values in this file, and read back those kept",
    )
    parser.add_argument(
        "--journal-least",
        type=int,
        default=2000,
        help="with --journal: keep the values of at least this (default 2000)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --super: keep the buckets the results file has valued, value the others",
    )
    args = parser.parse_args()
    if args.extrapolate is not None:
        lines = extrapolate(args.extrapolate, args.super or "11223")
        text = args.extrapolate.read_text().rstrip("\n")
        if text.endswith("Running."):  # the run was ended by hand, not by its budget
            text = text.removesuffix("Running.") + (
                "**Stopped by hand** while the next bucket was valued: the buckets above are exact."
            )
        write_results(args.extrapolate, [text, ""] + lines)
        print("\n".join(lines))
        if args.rows:
            write_rows(args.rows, [measured_row(args.extrapolate, args.super or "11223")])
    elif args.super is None:
        ladder(args)
    else:
        super_mastermind(args)


if __name__ == "__main__":
    main()
