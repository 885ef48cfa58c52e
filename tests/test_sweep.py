"""Sweeps with real parts: a Dask scheduler and workers on 127.0.0.1, a worker killed in the
middle, a local sweep interrupted (Ctrl-C to its process group, SIGTERM) and resumed, and bad
input refused in one line.

Expected values come from an independent path, the ``wordlekit evaluate`` command (run
in-process through ``cli.main``), and from Selby's published optimum (salet 7920). Tests act
in the middle of a sweep on events: the workers run ``sweep_gate.py``, which lets each one
compute its first task and holds the rest until the test opens the gate.
"""

import contextlib
import hashlib
import io
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordlekit import cli, paths

pytestmark = pytest.mark.slow

#: Openers of the rollout paper's Table 1, in easy mode.
OPENERS = ("salet", "reast", "crate", "trace", "slate", "trape", "slane", "prate", "crane", "carle")
MODE = "easy"
BIN = os.path.dirname(sys.executable)
#: Every process a test starts is stopped by then, pass or fail.
TIMEOUT = 120
GATE_PRELOAD = str(Path(__file__).with_name("sweep_gate.py"))


@pytest.fixture(scope="module")
def evaluate_totals():
    """TOTAL of MIG from each opener, as `wordlekit evaluate --json` prints it."""
    totals = {}
    for opener in OPENERS:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli.main(["evaluate", "--opener", opener, "--mode", MODE, "--json"]) == 0
        totals[opener] = json.loads(out.getvalue().splitlines()[-1])["total"]
    return totals


@pytest.fixture
def processes():
    """Start processes; on teardown kill every one still running (their whole group)."""
    started, files = [], []

    def start(args, log=None, **kwargs):
        """``log``: a file to receive the process's stderr."""
        if log is not None:
            files.append(open(log, "w"))
            kwargs["stderr"] = files[-1]
        proc = subprocess.Popen(
            args, cwd=paths.REPO_ROOT, start_new_session=True, text=True, **kwargs
        )
        started.append(proc)
        return proc

    yield start
    for f in files:
        f.close()
    for proc in started:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


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
    tmp_path, processes, evaluate_totals, signum, to_group
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


def run(*args, timeout=TIMEOUT):
    return subprocess.run(
        [sys.executable, "-m", "wordlekit", *args],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=timeout,
    )


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


def test_top_openers_proves_the_best_with_bounds_and_the_cutoff(tmp_path):
    # Selby's published optima (easy): salet 7920, reast 7923, crate 7926. V_2 ranks reast
    # first, so it is solved exactly (U = 7923); xylyl's V_2 is already above the cutoff 7924;
    # salet and crate need the cutoff search: salet exact, crate only "at least 7924".
    table = tmp_path / "top.csv"
    command = [
        "top-openers",
        "--k",
        "1",
        "--openers",
        "salet,reast,crate,xylyl",
        "--store-dir",
        str(tmp_path / "stores"),
    ]
    proc = run(*command, "--csv", str(table), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "    1  salet  7920" in proc.stdout
    import pandas as pd

    got = pd.read_csv(table, index_col="opener")
    assert got.loc["salet"].tolist()[:4] == ["=", 7920, "cutoff search", 1]
    assert got.loc["reast"].tolist()[:3] == ["=", 7923, "optimum"]
    assert got.loc["reast", "status"] == "proved, not top"
    assert got.loc["crate", "relation"] == ">=" and 7924 <= got.loc["crate", "total"] <= 7926
    assert got.loc["xylyl", "proof"] == "V_2" and got.loc["xylyl", "total"] >= 7924
    assert list(got.index) == ["salet", "reast", "crate", "xylyl"]
    # a rerun resumes every stage from its store: the same table, no store rewritten
    stores = {p: p.read_bytes() for p in (tmp_path / "stores").glob("*.sqlite")}
    assert len(stores) == 5  # V_2, optimum, V_3 and V_4 with the cutoff, the cutoff search
    again = run(*command, "--csv", str(tmp_path / "again.csv"))
    assert again.returncode == 0 and table.read_text() == (tmp_path / "again.csv").read_text()
    assert stores == {p: p.read_bytes() for p in (tmp_path / "stores").glob("*.sqlite")}


def test_the_cutoff_is_the_kth_smallest_optimum_solved():
    # The optima of NYT hard mode's first twenty openers by V_2 that are feasible (six are not):
    # the tenth smallest, carle 8163, bounds the tenth best; the largest, 8173, is looser.
    from wordlekit.openers import kth_smallest

    totals = [8163, 8155, 8143, 8127, 8151, 8134, 8122, 8149, 8170, 8173, 8166, 8173, 8160, 8144]
    assert kth_smallest(totals, 10) == 8163
    assert kth_smallest(totals, 1) == 8122
    assert kth_smallest([7954], 1) == 7954


@pytest.mark.parametrize(
    "args, message",
    [
        (["--depths", "2,x"], "--depths '2,x': expected whole numbers >= 1"),
        (["--lists", "nyt-2024"], "unknown word lists 'nyt-2024'"),
        (["--openers", "salet,xxxxx"], "'xxxxx' is not in"),
    ],
)
def test_bad_top_openers_input_is_one_line_and_status_2(tmp_path, args, message):
    proc = run("top-openers", "--store-dir", str(tmp_path), *args, timeout=60)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert lines[0].startswith("wordlekit: error: ") and message in lines[0]


def test_best_opener_for_a_policy_rules_out_by_the_optimum_bound(tmp_path, evaluate_totals):
    from wordlekit.openers import best_policy_opener
    from wordlekit.sweep import dask_client

    # V_2 ranks crate first: its MIG TOTAL is the bar R. xylyl's V_2 (a lower bound on its
    # optimum, hence on any policy's TOTAL) exceeds R: ruled out without an evaluation. salet
    # is evaluated, and is the best (`wordlekit evaluate`: 8360 against crate's 8375).
    with dask_client(workers=1) as client:
        got = best_policy_opener(
            "mig", ["salet", "crate", "xylyl"], "easy", "original", tmp_path, client, seeds=1
        )
    assert list(got.index) == ["salet", "crate", "xylyl"]
    assert got.loc["salet", "total"] == evaluate_totals["salet"] and got.loc["salet", "best"]
    assert got.loc["crate", "total"] == evaluate_totals["crate"]
    assert got.loc["crate", "proof"] == "evaluated" and not got.loc["crate", "best"]
    assert (
        got.loc["xylyl", "proof"] == "V_2" and got.loc["xylyl", "total"] > got.loc["crate", "total"]
    )


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
