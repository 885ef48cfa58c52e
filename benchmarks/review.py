"""``wordlekit review`` checked against alex1770/wordle's ``-A``, and timed.

1. **The peer.** Every game of ``GAMES`` (our own, in easy and hard mode) is reviewed by
   wordlekit and by the peer's ``-A`` (Selby's C++ solver, https://github.com/alex1770/wordle,
   built from ``--peer-source DIR`` into a temporary folder with its Makefile's flags, or a
   built binary ``--peer PATH``; nothing of it is part of this repository), on the same lists
   (``-a``/``-h``: the original ones) and mode (``-H``). Each move's inaccuracy and luck are
   compared at four decimals (the peer prints ``%7.4f``); an infinity must be one on both
   sides. Where they differ the table says so: the peer's ``-A`` is not exhaustive (it tries
   the 10 best words by its sum-of-squares heuristic at each state reviewed and the best
   100 (easy) or 250 (hard) below, ``analyseplay``'s ``n0th`` and ``nth``), where wordlekit's
   values are exact.
2. **One move after the first** (``--second``): for the second guess of each game, a fresh
   reviewer (numba warm, memo empty) values the state before it, the guess and the state
   after: the cost of reviewing one move (the target is about 2 s on one core).
3. **Every opener's exact total** (``--openers N``): the cost of the exact total of a seeded
   sample of N openers of the 12,972 (easy mode, one solver, its memo shared as a sweep's
   worker would), and its extrapolation to all of them. The full table is not run.

Run with one numba thread: ``NUMBA_NUM_THREADS=1 python benchmarks/review.py --peer-source
/path/to/alex1770-wordle --openers 200``. It prints the tables and writes them to
``benchmarks/review-results.md`` (``--out``).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba

from wordlekit import Game, warmup
from wordlekit.optimal import INFEASIBLE, Solver
from wordlekit.paths import DATA_DIR
from wordlekit.review import Reviewer, history_for

OUT = Path(__file__).with_name("review-results.md")
GUESSES = DATA_DIR / "wordle_guesses_12972.txt"
ANSWERS = DATA_DIR / "wordle_answers_2315.txt"

#: Games of our own, (answer, guesses), good, poor and over the cap; each is reviewed in easy
#: mode and, where its guesses keep the NYT hard rule, in hard mode.
GAMES = [
    ("drone", ["salet", "drone"]),
    ("moist", ["crane", "pilot", "moist"]),
    ("shake", ["adieu", "story", "shake"]),
    ("knoll", ["roate", "lying", "knoll"]),
    ("tiger", ["trace", "tiger"]),
    ("joker", ["salet", "crony", "poker", "joker"]),
    ("watch", ["slate", "catch", "patch", "watch"]),
    ("fluff", ["audio", "fluff"]),
    ("watch", ["crane", "batch", "catch", "hatch", "latch", "watch"]),
    ("cigar", ["salet", "cigar"]),
    ("baker", ["parse", "water", "baker"]),
    ("vivid", ["stare", "clonk", "vivid"]),
]
MODES = ("easy", "hard")
#: Games for hard mode only: an opener, then a random consistent player's guesses
#: (``RandomConsistent(seed)`` for seeds 0, 1, ...: consistent guesses keep the hard rule),
#: some long enough to pass the cap.
HARD_GAMES = [
    ("watch", ["crane", "ascot", "latch", "match", "patch", "watch"]),
    ("match", ["trace", "watch", "patch", "catch", "match"]),
    ("shave", ["slate", "spare", "shave"]),
    ("found", ["roate", "wound", "bound", "hound", "mound", "pound", "found"]),
    ("piney", ["audio", "rinse", "piney"]),
    ("hover", ["salet", "creep", "roger", "hover"]),
    ("fight", ["stare", "tunic", "light", "might", "fight"]),
]


def build_peer(source: str, into: Path) -> Path:
    """The peer compiled from ``source`` (a checkout, or a git directory: its HEAD's
    wordle.cpp) into ``into``, with the flags of its Makefile (-std=c++17 -O3)."""
    if (Path(source) / "wordle.cpp").is_file():
        shutil.copy(Path(source) / "wordle.cpp", into / "wordle.cpp")
    else:
        code = subprocess.run(
            ["git", "-C", source, "show", "HEAD:wordle.cpp"], capture_output=True, check=True
        ).stdout
        (into / "wordle.cpp").write_bytes(code)
    commit = subprocess.run(
        ["git", "-C", source, "log", "-1", "--pretty=format:%h %ad", "--date=iso"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    flags = ["-std=c++17", "-Wall", "-O3", f'-DCOMMITDESC="{commit or "unknown"}"']
    subprocess.run(["g++", "-o", "wordle", "wordle.cpp", *flags], cwd=into, check=True)
    return into / "wordle"


def peer_review(binary: Path, mode: str, game: str, scratch: Path) -> tuple[list, float]:
    """The peer's -A on ``game`` (a.b.c.d): [(inaccuracy or None, luck), ...] per move, and
    its wall seconds. Infinities are math.inf; "can't measure" is None."""
    cmd = [str(binary), "-a", str(GUESSES), "-h", str(ANSWERS), *(["-H"] if mode == "hard" else [])]
    start = time.perf_counter()
    out = subprocess.run(
        [*cmd, "-A", game], cwd=scratch, capture_output=True, text=True, check=True
    ).stdout
    seconds = time.perf_counter() - start
    lines = [ln for ln in out.splitlines() if re.match(r"^[a-z]{5}: ", ln)]
    values = [_peer_value(ln) for ln in lines]
    return [tuple(values[i : i + 2]) for i in range(0, len(values), 2)], seconds


def _peer_value(line: str):
    if "Can't measure" in line:
        return None
    if "-infinity" in line:
        return -math.inf
    if "infinity" in line:
        return math.inf
    return float(re.search(r"= *(-?\d+\.\d+) guesses", line).group(1))


def four(value) -> str:
    """A value as compared: four decimals (no negative zero), inf, -inf or '-'."""
    if value is None:
        return "-"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = f"{value:.4f}"
    return "0.0000" if text == "-0.0000" else text


def _check_disagreement(binary, mode, game, answer, guesses, result, peer, scratch) -> list:
    """Where the inaccuracies first differ (move k), the peer reviews the game with our best
    guess played at move k instead (then the answer): the peer's own inaccuracy of that guess
    against its best. Below zero, the peer's best at that state was not optimal (its -A tries
    the 10 best words by its heuristic there), and ours is the lower, exact one."""
    for move, theirs in zip(result.moves, peer):
        if four(move.inaccuracy) == four(theirs[0]) or not move.best_guesses:
            continue
        k, best = move.turn, move.best_guesses[0]
        words = [*guesses[: k - 1], best] + ([answer] if best != answer else [])
        dotted = ".".join(f"{w}.{f}" for w, f in history_for(game, answer, words))
        again, _ = peer_review(binary, mode, dotted, scratch)
        return [
            f"- {mode} {'.'.join(guesses)}, move {k}: the peer's -A on `{dotted}` gives our best "
            f"guess {best} an inaccuracy of {four(again[k - 1][0])} against the peer's own best "
            "at that state."
        ]
    return []


def compare(binary: Path | None, games) -> tuple[list[str], dict]:
    rows, counts = [], {"moves": 0, "agree": 0, "games": 0, "checks": []}
    scratch = Path(tempfile.mkdtemp(prefix="review-peer-"))
    for mode in MODES:
        game = Game.original(mode)
        reviewer = Reviewer(game, alternatives=1)
        for answer, guesses in games + (HARD_GAMES if mode == "hard" else []):
            history = history_for(game, answer, guesses)
            dotted = ".".join(f"{w}.{f}" for w, f in history)
            start = time.perf_counter()
            try:
                result = reviewer.review(history)
            except Exception as exc:  # a guess the hard rule refuses: not a game of this mode
                print(f"{mode} {dotted}: skipped ({exc})", file=sys.stderr)
                continue
            ours_s = time.perf_counter() - start
            peer, peer_s = peer_review(binary, mode, dotted, scratch) if binary else ([], math.nan)
            counts["games"] += 1
            if peer:
                counts["checks"] += _check_disagreement(
                    binary, mode, game, answer, guesses, result, peer, scratch
                )
            for move, theirs in zip(result.moves, peer or [(None, None)] * len(result.moves)):
                mine = (four(move.inaccuracy), four(move.luck))
                other = (four(theirs[0]), four(theirs[1])) if peer else ("?", "?")
                same = mine == other
                counts["moves"] += 1
                counts["agree"] += same
                rows.append(
                    f"| {mode} | {dotted} | {move.turn} {move.guess} {move.feedback} | "
                    f"{mine[0]} | {other[0]} | {mine[1]} | {other[1]} | "
                    f"{'yes' if same else '**no**'} | {', '.join(move.best_guesses)} | "
                    f"{ours_s:.1f} | {peer_s:.1f} |"
                )
                ours_s = peer_s = math.nan  # the game's seconds on its first row only
    shutil.rmtree(scratch, ignore_errors=True)
    return rows, counts


def second_moves(games) -> list[tuple[str, float]]:
    """(game, wall and CPU seconds by default, the same with ``--best 5``, candidates) to
    review each game's second move with a fresh reviewer (numba warm)."""
    timings = []
    for mode in MODES:
        game = Game.original(mode)
        for answer, guesses in games:
            history = history_for(game, answer, guesses)
            if len(history) < 2:
                continue
            try:
                game.state_after(history)
            except Exception:
                continue
            row = [f"{mode} {'.'.join(guesses[:2])}"]
            for alternatives in (1, 5):
                reviewer = Reviewer(game, alternatives=alternatives)
                start, cpu = time.perf_counter(), time.process_time()
                move = reviewer.review_move(history, 2)
                row += [time.perf_counter() - start, time.process_time() - cpu]
            timings.append((*row, move.candidates))
    return timings


def opener_costs(n: int, seed: int, done=()) -> tuple[list, float]:
    """The exact easy-mode total of ``n`` openers drawn with ``seed``, one solver: (opener,
    total or None, wall s, CPU s) each, and the wall seconds in all (of this run). ``done``:
    the rows of a stopped run's log (``from_log``), the sample's first openers, kept as they
    are; the solver's memo starts empty again after them."""
    game = Game.original("easy")
    solver = Solver(game)
    openers = random.Random(seed).sample(range(len(game.guesses)), n)
    drawn = [game.guesses[o] for o in openers[: len(done)]]
    if [w for w, *_ in done] != drawn:
        raise SystemExit(
            f"the log's openers {[w for w, *_ in done][:3]}... are not the first {len(done)} of "
            f"the sample of {n} with seed {seed} ({drawn[:3]}...): expected a log of that run"
        )
    for row in done:  # printed again, so that this run's log holds every row
        print(f"  {row[0]} {row[1]} {row[2]:.1f}s {row[3]:.1f} CPU s", file=sys.stderr, flush=True)
    rows, start = list(done), time.perf_counter()
    for opener in openers[len(done) :]:
        t, cpu = time.perf_counter(), time.process_time()
        total = solver.opener_total(opener)
        wall, used = time.perf_counter() - t, time.process_time() - cpu
        rows.append((game.guesses[opener], None if total >= INFEASIBLE else total, wall, used))
        print(
            f"  {rows[-1][0]} {rows[-1][1]} {wall:.1f}s {used:.1f} CPU s",
            file=sys.stderr,
            flush=True,
        )
    return rows, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer-source", help="a checkout of alex1770/wordle to build")
    parser.add_argument("--peer", help="a built alex1770/wordle binary instead")
    parser.add_argument("--openers", type=int, default=0, help="openers to time (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--parts",
        default="compare,second",
        help="what to run, comma-separated: compare (needs the peer), second, openers",
    )
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument(
        "--openers-log", help="print the openers' section from the log of a stopped run, only"
    )
    parser.add_argument(
        "--resume", help="the log of a stopped --openers run: keep its rows, time the rest"
    )
    args = parser.parse_args()
    if args.openers_log:
        costs = from_log(args.openers_log)
        print("\n".join(opener_section(costs, sum(w for _, _, w, _ in costs), 200, args.seed)))
        return
    for mode in MODES:
        warmup.warm_up_solver(Game.original(mode))
    load = os.getloadavg()[0]
    lines = [
        "# wordlekit review against alex1770/wordle -A, and its cost",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, numba {numba.__version__} on "
        f"{numba.config.NUMBA_NUM_THREADS} thread(s); load average {load:.1f} before.",
        "",
        f"Command: `NUMBA_NUM_THREADS=1 python benchmarks/review.py {' '.join(sys.argv[1:])}`",
        "",
    ]
    parts = set(args.parts.split(",")) | ({"openers"} if args.openers else set())
    if "compare" in parts:
        lines += compared(args)
    if "second" in parts:
        lines += second_table()
    if "openers" in parts:
        done = from_log(args.resume) if args.resume else ()
        lines += openers_table(args.openers or 200, args.seed, done)
    lines.append(f"Load average after: {os.getloadavg()[0]:.1f}.")
    text = "\n".join(lines) + "\n"
    print(text)
    Path(args.out).write_text(text, encoding="utf-8")


def compared(args) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="review-build-") as folder:
        binary = None
        if args.peer_source:
            binary = build_peer(args.peer_source, Path(folder))
        elif args.peer:
            binary = Path(args.peer).resolve()
        rows, counts = compare(binary, GAMES)
    return [
        "## Each move's inaccuracy and luck, ours and the peer's (four decimals)",
        "",
        f"{counts['agree']} of {counts['moves']} moves agree in both values, over "
        f"{counts['games']} games (``GAMES`` in easy and hard mode, a game whose guesses break "
        "the hard rule in easy mode only; ``HARD_GAMES`` in hard mode). Seconds: the whole game, ours (one reviewer per "
        "mode, its memo shared by the games) and the peer's (the whole command).",
        "",
        "Where they differ, the peer checked against itself (below zero: the peer's best at "
        "that state was not optimal, as its -A tries only the 10 best words by its heuristic "
        "there; ours is the exact optimum, lower):",
        "",
        *(counts["checks"] or ["- (no difference)"]),
        "",
        "| mode | game | move | inaccuracy (ours) | (peer) | luck (ours) | (peer) | agree "
        "| best guesses (ours) | ours s | peer s |",
        "|---|---|---|---:|---:|---:|---:|---|---|---:|---:|",
        *[r.replace("| nan |", "| |").replace("| nan |", "| |") for r in rows],
        "",
    ]


def second_table() -> list[str]:
    seconds = second_moves(GAMES)
    times = [row[2] for row in seconds]
    listed = [row[4] for row in seconds]
    return [
        "## Reviewing one move after the first",
        "",
        "A fresh reviewer (numba warm, memo empty) values the state before the second guess "
        "(its optimum and the solver's best guess), the guess played and the state after it; "
        "with `--best 5` (the ties among the 5 best, each valued exactly) as well.",
        "",
        f"CPU seconds (one thread; the fair figure on a loaded machine), by default: median "
        f"{statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} second "
        f"moves; with `--best 5`: median {statistics.median(listed):.2f} s, max "
        f"{max(listed):.2f} s.",
        "",
        "| game | candidates | wall s | CPU s | wall s (--best 5) | CPU s (--best 5) |",
        "|---|---:|---:|---:|---:|---:|",
        *[
            f"| {name} | {n} | {w:.2f} | {c:.2f} | {w5:.2f} | {c5:.2f} |"
            for name, w, c, w5, c5, n in seconds
        ],
        "",
    ]


def openers_table(n: int, seed: int, done=()) -> list[str]:
    costs, wall = opener_costs(n, seed, done)
    return opener_section(costs, wall + sum(w for _, _, w, _ in done), n, seed, len(done))


def from_log(path: str) -> list:
    """The rows ``opener_costs`` printed to stderr (``  word total wall_s CPU s``), for a run
    stopped before its end."""
    rows = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = re.match(r"^  (\w+) (\d+|None) ([\d.]+)s ([\d.]+) CPU s$", line)
        if m:
            total = None if m.group(2) == "None" else int(m.group(2))
            rows.append((m.group(1), total, float(m.group(3)), float(m.group(4))))
    return rows


def opener_section(costs, wall: float, n: int, seed: int, resumed: int = 0) -> list[str]:
    """The section of the openers' costs; ``costs`` may stop short of ``n`` (a run stopped);
    ``resumed``: how many of them came from a stopped run's log."""
    each = [c for _, _, _, c in costs]
    mean = statistics.mean(each)
    done = len(costs)
    stopped = (
        f" The run was stopped after the first {done} of them (the machine was shared, at a "
        "load average near 10 on 2 cores); the rows are those its log printed."
        if done < n
        else ""
    ) + (
        f" The first {resumed} rows are a stopped run's (its log); the run resumed after them "
        "with the solver's memo empty again."
        if resumed
        else ""
    )
    return [
        f"## The exact total of {done} openers (easy mode, seed {seed})",
        "",
        f"{n} openers drawn from the 12,972 with `random.Random({seed})`.{stopped} Each is "
        "solved exactly by one solver (memo shared, as a sweep's worker's), one "
        f"thread: {wall:.0f} wall s in all; CPU seconds per opener: mean {mean:.2f}, median "
        f"{statistics.median(each):.2f}, max {max(each):.1f} "
        f"({costs[each.index(max(each))][0]}). Extrapolated to all 12,972 (mean x 12,972): "
        f"{mean * 12972 / 3600:.1f} CPU hours on one core. The first move's review needs only "
        "the played opener's total, computed on demand.",
        "",
        "| opener | total | wall s | CPU s |",
        "|---|---:|---:|---:|",
        *[
            f"| {w} | {t if t is not None else 'infeasible'} | {s:.2f} | {c:.2f} |"
            for w, t, s, c in costs
        ],
        "",
    ]


if __name__ == "__main__":
    main()
