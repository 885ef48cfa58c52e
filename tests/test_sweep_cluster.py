"""Sweeps with real parts, stopped in the middle: a Dask scheduler and workers on 127.0.0.1, a
worker killed, the scheduler lost, a local sweep interrupted (Ctrl-C to its process group,
SIGTERM) and resumed.

Expected values come from an independent path, the ``wordlekit evaluate`` command (run
in-process through ``cli.main``). Tests act in the middle of a sweep on events: the workers run
``sweep_gate.py``, which lets each one compute its first task and holds the rest until the test
opens the gate.
"""

import hashlib
import json
import os
import signal
import subprocess

import pytest

from wordlekit import paths

from .sweeping import (
    GATE_PRELOAD,
    OPENERS,
    TIMEOUT,
    check_rows,
    gated_workers,
    resume,
    rows,
    scheduler,
    summary,
    sweep_args,
    wait_for,
)

pytestmark = pytest.mark.slow


def test_cluster_sweep_survives_a_killed_worker(tmp_path, processes, evaluate_totals):
    _, address = scheduler(processes)
    workers = gated_workers(processes, address, tmp_path, 2)
    store = tmp_path / "sweep.sqlite"
    driver = processes(
        sweep_args(store, "--scheduler", address), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    wait_for(lambda: rows(store), "the first row")
    assert driver.poll() is None and len(rows(store)) < len(OPENERS)  # held by the gate
    workers[0].kill()
    workers[0].wait(timeout=30)
    (tmp_path / "gate").touch()
    out, err = driver.communicate(timeout=TIMEOUT)
    assert driver.returncode == 0, err
    result = summary(out)
    assert (result["done"], result["crashed"], result["skipped"]) == (len(OPENERS), 0, 0)
    # the --json line names the shipped files it swept, by the sha256 of their bytes
    shipped = [paths.DATA_DIR / f"wordle_{r}.txt" for r in ("guesses_12972", "answers_2315")]
    digests = [hashlib.sha256(f.read_bytes()).hexdigest() for f in shipped]
    recorded = result["provenance"]["original"]
    assert [recorded["guesses_sha256"], recorded["answers_sha256"]] == digests
    check_rows(store, evaluate_totals)


def test_a_lost_scheduler_is_one_line_and_the_rows_stay(tmp_path, processes, evaluate_totals):
    scheduler_proc, address = scheduler(processes)
    gated_workers(processes, address, tmp_path, 1)
    store = tmp_path / "sweep.sqlite"
    driver = processes(
        sweep_args(store, "--scheduler", address), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    wait_for(lambda: rows(store), "the first row")
    os.killpg(scheduler_proc.pid, signal.SIGKILL)
    out, err = driver.communicate(timeout=TIMEOUT)
    lines = err.strip().splitlines()
    assert driver.returncode == 2 and len(lines) == 1, err
    assert "lost the connection to the Dask scheduler" in lines[0] and "rerun" in lines[0]
    assert resume(store, evaluate_totals)["skipped"] == 1


def _ctrl_c_as_in_a_terminal():
    """In the child before it starts Python: SIGINT back to its default and unblocked. A child
    inherits an ignored or blocked SIGINT from where the tests run (a background job of a
    non-interactive shell ignores it; a thread of an earlier test may block it), and Python
    then never raises KeyboardInterrupt: in CI on a fresh clone the driver ran all its tasks
    and exited 0."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


@pytest.mark.parametrize(
    "signum, to_group",
    [
        (signal.SIGINT, True),  # Ctrl-C in a terminal: the whole foreground process group
        (signal.SIGTERM, False),  # kill PID
        (signal.SIGTERM, True),  # a service manager stopping the whole group
    ],
    ids=["ctrl-c", "sigterm", "sigterm-group"],
)
def test_a_signalled_local_sweep_says_one_line_and_resumes(
    tmp_path,
    processes,
    evaluate_totals,
    signum,
    to_group,
):
    store = tmp_path / "sweep.sqlite"
    # the local cluster's workers run the gate too (Dask's configuration, from the environment)
    env = {
        **os.environ,
        "WORDLEKIT_TEST_GATE": str(tmp_path / "gate"),
        "DASK_DISTRIBUTED__WORKER__PRELOAD": json.dumps([GATE_PRELOAD]),
    }
    driver = processes(
        sweep_args(store, "--workers", "1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_ctrl_c_as_in_a_terminal,
        env=env,
    )
    wait_for(lambda: rows(store), "the first row")
    assert driver.poll() is None
    (os.killpg if to_group else os.kill)(driver.pid, signum)
    out, err = driver.communicate(timeout=TIMEOUT)
    lines = err.strip().splitlines()
    # the shell's statuses: 128 + the signal's number (Ctrl-C 130, SIGTERM 143)
    assert driver.returncode == 128 + signum and len(lines) == 1, (driver.returncode, err)
    assert "interrupted" in lines[0] and "rerun the same command to resume" in lines[0]
    result = resume(store, evaluate_totals)
    assert (result["skipped"], result["done"]) == (1, len(OPENERS) - 1)
