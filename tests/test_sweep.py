"""Sweeps: the tasks on a worker, the store, bad input refused in one line, and a sweep started
from a script; real Dask workers on 127.0.0.1 where a test runs one.

Expected values come from an independent path, the ``wordlekit evaluate`` command (run
in-process through ``cli.main``), from bounds worked by hand and from Selby's published hard
optimum (salet 8122). A cluster stopped in the middle of a sweep is ``test_sweep_cluster``'s;
the best openers proved, ``test_top_openers``'s.
"""

import contextlib
import json
import sqlite3
import subprocess
import sys

import pytest

from .sweeping import TIMEOUT, free_port, rows, run, summary

pytestmark = pytest.mark.slow


def test_cutoff_is_exact_below_the_bound_and_at_least_the_bound_otherwise():
    from wordlekit.sweep import Task, compute

    from .conftest import atch_game

    # Worked by hand: chomp leaves {batch, hatch, latch, watch} and three singletons; the four
    # are guessed one by one (1 + 2 + 3 + 4), so 7 + 3 + 10 = 20.
    below = compute(Task.make("cutoff", bound=21), "chomp", "easy", "original", atch_game())
    assert (below["relation"], below["result"]) == ("=", 20)
    at = compute(Task.make("cutoff", bound=20), "chomp", "easy", "original", atch_game())
    assert at["relation"] == ">=" and at["result"] >= 20


def test_lower_bounds_follow_the_mode_of_the_task():
    from wordlekit.sweep import Task, compute

    # In one process, as on a worker: the hard-mode V_2 of salet restricts every state's
    # guesses to the allowed ones, so it is above the easy-mode V_2 (the bounds of one mode
    # are not reused for the other) and still below Selby's published hard optimum, 8122.
    task = Task.make("lower-bound", depth=2)
    easy = compute(task, "salet", "easy", "original")
    hard = compute(task, "salet", "hard", "original")
    assert easy["relation"] == hard["relation"] == "="
    assert easy["result"] < hard["result"] <= 8122


def test_openers_a_lower_bound_excludes_are_recorded_without_a_search(tmp_path):
    # No opener of 2,315 answers costs less than 2 * 2315 - 1 guesses (one answer guessed
    # first, every other one second at best), so V_1 prunes them all below that, without a worker.
    store = tmp_path / "pruned.sqlite"
    proc = run(
        "sweep",
        "--task",
        "cutoff",
        "--bound",
        "4000",
        "--openers",
        "salet,xylyl",
        "--store",
        str(store),
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    assert summary(proc.stdout)["pruned"] == 2 and summary(proc.stdout)["workers"] == 0
    assert all(r[3:5] == ("pruned", ">=") and r[5] >= 4629 for r in rows(store))


def test_store_of_another_sweep_is_refused(tmp_path):
    store = tmp_path / "s.sqlite"
    run("sweep", "--task", "cutoff", "--bound", "10", "--openers", "salet", "--store", str(store))
    proc = run(
        "sweep", "--task", "cutoff", "--bound", "11", "--openers", "salet", "--store", str(store)
    )
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert 'holds the sweep {"bound": 10' in proc.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--lists", "nyt-2024"], "unknown word lists 'nyt-2024'"),
        (["--task", "cutoff", "--bound", "79x"], "'79x' is not a whole number >= 1"),
        (["--task", "cutoff"], "task cutoff needs --bound"),
        (["--openers", "salet,xxxxx"], "'xxxxx' is not in"),
        (["--modes", "nyt"], "unknown mode 'nyt'"),
        (
            ["--scheduler", "tcp://127.0.0.1:{port}"],
            "cannot reach the Dask scheduler at tcp://127.0.0.1:",
        ),
        (["--scheduler", "127.0.0.1"], "expected an address like tcp://HOST:PORT"),
        (["--store", "{tmp}"], "is a folder"),
        (["--store", "README.md"], "is not a sweep store"),
    ],
)
def test_bad_sweep_input_is_one_line_and_status_2(tmp_path, args, message):
    args = [a.format(port=free_port(), tmp=tmp_path) for a in args]
    if "--store" not in args:
        args += ["--store", str(tmp_path / "s.sqlite")]
    if "--openers" not in args:
        args += ["--openers", "salet"]
    proc = run("sweep", *args, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordlekit: error: "), proc.stderr
    assert message in lines[0]


def _on_a_worker():
    """What ``run_task`` sets up on a worker, then a kernel compiled there (numba reloads its
    configuration at every compilation)."""
    import numba

    from wordlekit.sweep import single_threaded

    single_threaded()

    @numba.njit
    def twice(x):
        return 2 * x

    return numba.get_num_threads(), twice(21)


def test_local_workers_run_numba_on_one_thread_and_can_compile():
    # With NUMBA_NUM_THREADS=1 in the workers' environment, numba (imported before the Nanny
    # set it) started one thread per core, and a kernel compiled on a worker raised
    # "Cannot set NUMBA_NUM_THREADS to a different value once the threads have been launched".
    from wordlekit.sweep import dask_client

    with dask_client(workers=1) as client:
        assert client.submit(_on_a_worker, pure=False).result() == (1, 42)


def test_an_unreachable_scheduler_creates_no_store(tmp_path):
    store = tmp_path / "s.sqlite"
    proc = run(
        "sweep",
        *("--task", "cutoff", "--bound", "8000", "--openers", "salet", "--store", str(store)),
        *("--scheduler", f"tcp://127.0.0.1:{free_port()}"),
        timeout=60,
    )
    assert proc.returncode == 2 and "cannot reach the Dask scheduler" in proc.stderr
    assert not store.exists()


def test_a_store_without_rows_takes_a_new_task(tmp_path):
    # As an earlier version left it after an unreachable scheduler: the task fixed, no row.
    from wordlekit.sweep.store import _SCHEMA

    store = tmp_path / "s.sqlite"
    with contextlib.closing(sqlite3.connect(store)) as db, db:
        db.executescript(_SCHEMA)
        db.execute("""INSERT INTO sweep VALUES ('task', '{"policy": "mig", "task": "evaluate"}')""")
    # every opener of 2,315 answers costs at least 2 * 2315 - 1: pruned by V_1, no worker
    proc = run(
        "sweep", "--task", "cutoff", "--bound", "4000", "--openers", "salet", "--store", str(store)
    )
    assert proc.returncode == 0, proc.stderr
    assert [r[3] for r in rows(store)] == ["pruned"]
    proc = run("sweep", "--openers", "salet", "--store", str(store), timeout=60)
    assert proc.returncode == 2 and 'holds the sweep {"bound": 4000' in proc.stderr


def _old_store(tmp_path, row: str):
    """A store holding one row as an older version wrote it: ``row`` the SQL values after the
    task, opener, mode, lists and parameters."""
    from wordlekit.sweep import read_store
    from wordlekit.sweep.store import _SCHEMA

    store = tmp_path / "old.sqlite"
    with contextlib.closing(sqlite3.connect(store)) as db, db:
        db.executescript(_SCHEMA)
        db.execute(
            f"INSERT INTO results VALUES ('evaluate', 'salet', 'easy', 'original', '{{}}', {row})"
        )
    return read_store(store)


def test_old_stores_read_their_failed_tasks_as_crashed(tmp_path):
    frame = _old_store(
        tmp_path, "'failed', NULL, NULL, '{}', NULL, NULL, '0.1.0', 'MemoryError: ', 2"
    )
    assert frame["status"].tolist() == ["crashed"] and frame["error"][0] == "MemoryError: "


def test_old_stores_read_lost_games_as_unfinished_and_the_worst_case_as_worst(tmp_path):
    # Before one vocabulary, an evaluated row's details called its lost games "failed" and its
    # worst case "max_guesses" (a name now kept for the cap): a row as such a version wrote it,
    # its values written by hand (2 games lost, 8 guesses at worst).
    details = '{"failed": 2, "max_guesses": 8, "mean": 3.628510}'
    frame = _old_store(tmp_path, f"'done', '=', 8400, '{details}', 1.0, NULL, '0.1.0', NULL, 1")
    assert frame["details"][0] == {"unfinished": 2, "worst": 8, "mean": 3.62851}


SCRIPT = """
import json, sys
from wordlekit.sweep import Task, read_store, run_sweep
{guard}
    summary = run_sweep(Task.make("evaluate", "mig"), "mig.sqlite", "salet,crane", ["easy"],
                        ["original"], workers=1, progress=False)
    frame = read_store("mig.sqlite")
    print(json.dumps(dict(zip(frame["opener"], frame["result"].astype(int).tolist()))))
"""


def test_a_script_runs_a_local_sweep_under_the_main_guard(tmp_path, evaluate_totals):
    script = tmp_path / "sweep_script.py"
    script.write_text(SCRIPT.format(guard='if __name__ == "__main__":'))
    proc = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got == {w: evaluate_totals[w] for w in ("salet", "crane")}


def test_a_script_without_the_guard_is_told_to_add_it(tmp_path):
    script = tmp_path / "sweep_script.py"
    script.write_text(SCRIPT.format(guard="if True:"))
    proc = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert proc.returncode == 1
    # one exception, the driver's, instead of every worker's "Nanny failed to start"
    assert proc.stderr.count("Traceback") == 1, proc.stderr
    assert 'start the sweep under `if __name__ == "__main__":`' in proc.stderr.splitlines()[-1]
    assert not (tmp_path / "mig.sqlite").exists()


def test_the_progress_bar_follows_tqdm_disable(tmp_path, capfd, monkeypatch):
    from wordlekit.sweep import Task, dask_client, run_sweep

    task = Task.make("evaluate", "mig")
    with dask_client(workers=1) as client:
        monkeypatch.setenv("TQDM_DISABLE", "1")
        run_sweep(task, tmp_path / "a.sqlite", "salet", ["strict"], client=client, progress=True)
        silent = capfd.readouterr().err
        monkeypatch.delenv("TQDM_DISABLE")
        run_sweep(task, tmp_path / "b.sqlite", "salet", ["strict"], client=client, progress=True)
        shown = capfd.readouterr().err
    assert "sweep evaluate" not in silent and "sweep evaluate" in shown


def test_openers_read_by_the_library_as_by_the_cli(tmp_path):
    # run_sweep and top_openers read --openers' text through the same words.read_openers as the
    # CLI: a file of any name is read, a missing path or a folder is refused by name.
    from wordlekit.errors import WordlekitError
    from wordlekit.sweep import resolve_openers
    from wordlekit.words import original_guesses

    guesses = original_guesses()
    listed = tmp_path / "mine"
    listed.write_text("salet\ncrane\n")
    assert resolve_openers(str(listed), guesses) == ["salet", "crane"]
    assert resolve_openers("salet, crane", guesses) == ["salet", "crane"]
    with pytest.raises(WordlekitError, match=r"openers 'nofile.txt': no such file"):
        resolve_openers("nofile.txt", guesses)
    with pytest.raises(WordlekitError, match=r"is a folder"):
        resolve_openers(str(tmp_path), guesses)
