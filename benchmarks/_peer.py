"""Selby's C++ solver (GitHub alex1770/wordle, MIT) run as a peer, in one place for the
benchmarks that race it (optimal.py: the least TOTAL; minimax_peer.py: the worst case).

``--reference``/``--peer PATH`` is a binary the user built from that repository (nothing of it
is part of this one). Each call runs it as a subprocess in a scratch directory of its own, on
the lists of ``Game.original()`` (passed with -a and -h: its own defaults are later NYT lists),
one opener (-w), mode (-H for hard, -U for strict) and guess cap (-g), and reads its answer off
the line ``Best first guess score [<]= N``: N is the least TOTAL within the cap, or with -d
(its depth-only mode) the TOTAL of the first strategy found within the cap, an upper bound (the
``<``); N = 1,000,000,000, its infinity, when no strategy keeps every answer within the cap.
The peer has no threads. Its start-up score file (-e) is written once, untimed, as our pattern
matrix and kernels are loaded before timing; each call's wall and CPU seconds are then the
whole command's (start-up included), and ``search_cpu`` is the search alone (its ``Time
taken``, ``clock()`` around the search).
"""

from __future__ import annotations

import os
import re
import resource
import shlex
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from wordlekit.optimal import INFEASIBLE
from wordlekit.paths import DATA_DIR

GUESSES = DATA_DIR / "wordle_guesses_12972.txt"  # the lists of Game.original()
ANSWERS = DATA_DIR / "wordle_answers_2315.txt"

PEER_MODE_FLAGS = {"easy": [], "hard": ["-H"], "strict": ["-U"]}
PEER_INFINITY = 1_000_000_000  # the peer's "infinity": no strategy within the cap
PEER_TOTAL = re.compile(r"^Best first guess score (<?)= (\d+)", re.M)
PEER_SEARCH_CPU = re.compile(r"^Time taken = ([0-9.]+)s", re.M)
PEER_NODES = re.compile(r"^Nodes used = (\d+)", re.M)
WARM_OPENER = "salet"


def binary_problem(path: str) -> str | None:
    """Why ``path`` cannot be the peer binary (one clause, for a one-line error), or None."""
    p = Path(path)
    if not p.exists():
        return f"{path!r} does not exist; expected a built alex1770/wordle binary"
    if not p.is_file() or not os.access(p, os.X_OK):
        return f"{path!r} is not an executable file; expected a built alex1770/wordle binary"
    return None


@dataclass
class PeerRun:
    """One run of the peer: its standard output, the whole command's wall and CPU seconds
    (user + system), and ``stopped`` when it passed its CPU limit (no answer then)."""

    out: str
    seconds: float
    cpu: float
    stopped: bool = False

    @property
    def search_cpu(self) -> float | None:
        """The CPU seconds of the search alone, as the peer prints them (0.01 s steps)."""
        match = PEER_SEARCH_CPU.search(self.out)
        return float(match.group(1)) if match else None

    @property
    def nodes(self) -> int | None:
        """The search's entries, as the peer counts them (``Nodes used``)."""
        match = PEER_NODES.search(self.out)
        return int(match.group(1)) if match else None


class Peer:
    """Runs the peer binary on one opener and mode, in a scratch directory of its own."""

    def __init__(self, binary: str, max_guesses: int):
        self.binary = str(Path(binary).resolve())
        self.max_guesses = max_guesses
        self.scratch = tempfile.TemporaryDirectory(prefix="peer-")
        self.version = "?"
        # Untimed: writes the peer's start-up score file (-e) and checks that it runs; a beta
        # cutoff of 1 makes the search itself instant.
        out = self.run("easy", WARM_OPENER, ["-e", "-b", "1"]).out
        match = re.search(r"^Commit (.*)$", out, re.M)
        self.version = match.group(1).strip() if match else "?"

    def run(
        self,
        mode: str,
        opener: str,
        extra: list[str],
        cap: int | None = None,
        cpu_limit: int | None = None,
    ) -> PeerRun:
        """The peer on ``opener`` in ``mode`` within ``cap`` guesses (default
        ``max_guesses``), with ``extra`` options; stopped past ``cpu_limit`` CPU seconds."""
        cmd = [
            self.binary,
            "-a",
            str(GUESSES),
            "-h",
            str(ANSWERS),
            "-g",
            str(self.max_guesses if cap is None else cap),
            *PEER_MODE_FLAGS[mode],
            *extra,
            "-w",
            opener,
        ]

        def limit() -> None:
            if cpu_limit is not None:
                resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 5))
                resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGXCPU dumps core

        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(
            cmd, cwd=self.scratch.name, capture_output=True, text=True, preexec_fn=limit
        )
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        stopped = proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL) and cpu_limit is not None
        if proc.returncode != 0 and not stopped:
            raise SystemExit(
                f"peer failed ({proc.returncode}): {shlex.join(cmd)}\n"
                f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
            )
        return PeerRun(proc.stdout, seconds, cpu, stopped)

    def total(self, run: PeerRun, what: str) -> tuple[int, bool]:
        """The N of ``run``'s answer line and whether it is an upper bound (``<=``)."""
        match = PEER_TOTAL.search(run.out)
        if match is None:
            raise SystemExit(f"cannot read the peer's answer for {what}:\n{run.out[-2000:]}")
        return int(match.group(2)), bool(match.group(1))

    def solve(self, mode: str, opener: str) -> tuple[int, float, float]:
        """(TOTAL, wall seconds, CPU seconds): the least TOTAL within ``max_guesses``;
        TOTAL >= INFEASIBLE when it proves no strategy fits the cap."""
        run = self.run(mode, opener, [])
        total, bound = self.total(run, f"{opener} {mode}")
        if bound:
            raise SystemExit(f"the peer gave a bound, not a total, for {opener} {mode}")
        return (INFEASIBLE if total >= PEER_INFINITY // 2 else total), run.seconds, run.cpu

    def within(
        self, mode: str, opener: str, d: int, cpu_limit: int | None = None
    ) -> tuple[bool | None, PeerRun]:
        """Whether some strategy finds every answer within ``d`` guesses after ``opener`` (the
        opener counted), by the depth-only mode (-d -g d); None if stopped at ``cpu_limit``."""
        run = self.run(mode, opener, ["-d"], cap=d, cpu_limit=cpu_limit)
        if run.stopped:
            return None, run
        total, _ = self.total(run, f"{opener} {mode} within {d}")
        return total < PEER_INFINITY // 2, run
