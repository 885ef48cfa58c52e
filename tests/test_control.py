"""Control of a run: --threads, the cache command, and which checkout reproduce and verify act on."""

import os
import subprocess
import sys

import numba
import pytest

from wordlekit import cli, paths

#: The cores this process may run on, counted here without wordlekit.
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def one_line_error(capsys, argv) -> str:
    """Run ``argv`` in this process; it must end with status 2 and one line: returns it."""
    assert cli.main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordlekit: error: "), lines
    return lines[0]


@pytest.mark.parametrize("command", ["evaluate", "optimal", "hint", "play"])
@pytest.mark.parametrize("value", ["0", str(CORES + 1), "two", "-1"])
def test_threads_out_of_range_is_one_line_naming_the_value_and_the_cores(capsys, command, value):
    line = one_line_error(capsys, [command, "--threads", value])
    assert f"argument --threads: {value!r} is not a whole number from 1 to {CORES}" in line


@pytest.mark.parametrize("threads", sorted({1, CORES}))
def test_threads_sets_numba_once_before_the_command_runs(monkeypatch, threads):
    seen = []

    def command(name):
        return lambda args: seen.append(numba.get_num_threads()) or 0

    monkeypatch.setattr(cli, "command", command)
    before = numba.get_num_threads()
    try:
        assert cli.main(["hint", "--threads", str(threads)]) == 0
    finally:
        numba.set_num_threads(before)
    assert seen == [threads]


def test_without_threads_numba_keeps_its_default(monkeypatch):
    seen = []
    monkeypatch.setattr(cli, "command", lambda name: lambda args: seen.append(1) or 0)
    monkeypatch.setattr(numba, "set_num_threads", lambda n: seen.append(("set", n)))
    assert cli.main(["hint"]) == 0
    assert seen == [1]


@pytest.mark.skipif(CORES < 2, reason="needs two cores")
def test_threads_past_numbas_pool_is_one_line():
    # numba fixes its pool when imported (NUMBA_NUM_THREADS): past it, one line, not numba's error
    proc = subprocess.run(
        [sys.executable, "-m", "wordlekit", "hint", "--threads", "2", "salet:bbbbb"],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        env={**os.environ, "NUMBA_NUM_THREADS": "1"},
        timeout=300,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == (
        "wordlekit: error: --threads 2: numba runs at most 1 thread(s) here "
        "(NUMBA_NUM_THREADS=1); expected a whole number from 1 to 1"
    )
