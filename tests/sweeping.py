"""What the sweep tests share besides their fixtures (``processes``, ``evaluate_totals``, in
``conftest``): a Dask scheduler and gated workers on 127.0.0.1, the CLI, a store's rows, and
TOTALs from an independent path, ``wordlekit evaluate``.

The tests are split by cost so that ``pytest --dist loadfile`` can run them side by side:
``test_sweep_cluster`` (a cluster killed or signalled in the middle of a sweep),
``test_top_openers`` (proofs of the best openers) and ``test_sweep`` (the rest).
"""

import contextlib
import io
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from wordlekit import cli, paths

#: Openers of the rollout paper's Table 1, in easy mode: four, enough for a row done, rows held
#: by the gate and rows left to resume (each costs a MIG evaluation of the original game).
OPENERS = ("salet", "reast", "crate", "trace")
MODE = "easy"
BIN = os.path.dirname(sys.executable)
#: Every process a test starts is stopped by then, pass or fail.
TIMEOUT = 120
GATE_PRELOAD = str(Path(__file__).with_name("sweep_gate.py"))


class EvaluateTotals(dict):
    """TOTAL of MIG from an opener, as `wordlekit evaluate --json` prints it (run in-process
    through ``cli.main``), evaluated when a test first asks for it."""

    def __missing__(self, opener):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli.main(["evaluate", "--opener", opener, "--mode", MODE, "--json"]) == 0
        self[opener] = json.loads(out.getvalue().splitlines()[-1])["total"]
        return self[opener]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sweep_args(store, *extra):
    return [
        sys.executable,
        "-m",
        "wordlekit",
        "sweep",
        "--store",
        str(store),
        "--openers",
        ",".join(OPENERS),
        "--modes",
        MODE,
        "--json",
        *extra,
    ]


def rows(store):
    if not store.exists():
        return []
    with contextlib.closing(sqlite3.connect(store, timeout=30)) as db:
        try:
            return db.execute(
                "SELECT opener, mode, lists, status, relation, result FROM results"
            ).fetchall()
        except sqlite3.OperationalError:  # the driver has not created the table yet
            return []


def wait_for(condition, what, timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def check_rows(store, totals):
    found = rows(store)
    assert sorted(r[0] for r in found) == sorted(OPENERS)  # every opener exactly once
    for opener, mode, lists, status, relation, result in found:
        assert (mode, lists, status, relation) == (MODE, "original", "done", "=")
        assert result == totals[opener], opener


def summary(proc_stdout):
    return json.loads(proc_stdout.strip().splitlines()[-1])


def resume(store, totals):
    """After a sweep stopped with one row done: the same command on one local worker finishes
    it, every opener's total right. Returns the rerun's summary."""
    kept = rows(store)  # the one row the gate let through, done
    assert len(kept) == 1 and kept[0][3] == "done"
    again = subprocess.run(
        sweep_args(store, "--workers", "1"),
        cwd=paths.REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert again.returncode == 0, again.stderr
    check_rows(store, totals)
    return summary(again.stdout)


def scheduler(processes):
    """A Dask scheduler on a free port of 127.0.0.1: (its process, its address)."""
    port = free_port()
    proc = processes(
        [
            os.path.join(BIN, "dask"),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-dashboard",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return proc, f"tcp://127.0.0.1:{port}"


def gated_workers(processes, address, tmp_path, n):
    """``n`` single-threaded workers behind the gate ``tmp_path / "gate"``, registered."""
    logs = [tmp_path / f"worker{i}.log" for i in range(n)]
    env = {**os.environ, "NUMBA_NUM_THREADS": "1", "WORDLEKIT_TEST_GATE": str(tmp_path / "gate")}
    workers = [
        processes(
            [
                os.path.join(BIN, "dask"),
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-nanny",
                "--host",
                "127.0.0.1",
                "--no-dashboard",
                "--preload",
                GATE_PRELOAD,
            ],
            stdout=subprocess.DEVNULL,
            log=log,
            env=env,
        )
        for log in logs
    ]
    for log in logs:
        wait_for(lambda: "Registered to" in log.read_text(), f"{log.name} to join")
    return workers


def run(*args, timeout=TIMEOUT):
    return subprocess.run(
        [sys.executable, "-m", "wordlekit", *args],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=timeout,
    )
