"""Shared fixtures: the original game, the small games the tests share, the -atch game, and the
sweep tests' processes (always stopped) and TOTALs from ``wordlekit evaluate``.

Small games cut from the original lists come from ``wordlekit.game.small_game``, the sampler
the notebooks use too, so a test and a notebook asking for the same game get the same lists.
"""

import contextlib
import os
import signal
import subprocess

import numba
import pytest

from wordlekit import Game, WordList, paths

# numba's OpenMP threads sleep, not spin, while they wait, in this process and in every process
# the tests start (CLI runs, notebooks' kernels, Dask workers: numba on every core unless told).
# `make test` keeps both cores busy, where a spinning thread takes a core another process wants
# (docs/performance.md, "numba's threads on a loaded machine"): `wordlekit evaluate --policy
# rollout-mig --opener salet` took 5.7 CPU s on two spinning threads beside other jobs, 2.2 s
# on two sleeping ones or on one. Set before numba starts its threads (no import starts them,
# pytest_configure may), which read it once; the values computed are the same either way.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


@pytest.fixture(scope="session")
def original():
    """The original Wordle in easy mode (the pattern matrix is built once per session)."""
    game = Game.original("easy")
    game.patterns
    return game


#: The test files that take longest, longest first (the sums of their tests' times in
#: ``pytest -n 2 --dist loadfile --durations``, measured at stops 48 and 49): run first, so that
#: with ``--dist loadfile`` (each file on one worker) no long file starts last and leaves the
#: other worker idle. A file missing here only runs later.
LONGEST_FIRST = (
    "test_notebooks.py",
    "test_bounds.py",
    "test_optimal.py",
    "test_cli.py",
    "test_rollout.py",
    "test_sweep_cluster.py",
    "test_reproduce.py",
    "test_sweep.py",
    "test_figures.py",
    "test_codegames.py",
    "test_top_openers.py",
    "test_install.py",
    "test_sweep_lists.py",
    "test_hint.py",
    "test_avts.py",
)


def pytest_configure(config):
    # pytest-xdist hands files out in the order of the collection, unless it reorders them by
    # their number of tests (its default), which put the long files with few tests last
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False
    # A test process of several (pytest -n) shares the cores: numba's kernels in it run on its
    # share. On every core they wait for each other at each kernel while the other processes
    # hold a core: test_optimal.py took 57 s on two threads beside other jobs, 21 s on one.
    # The pool stays as numba started it (tests may ask for more threads, as --threads does);
    # subprocesses, notebooks' kernels and a run in one process (-p no:xdist) keep numba's own.
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        numba.set_num_threads(max(1, numba.config.NUMBA_NUM_THREADS // workers))


def pytest_collection_modifyitems(items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


#: Keyword arguments of ``wordlekit.game.small_game``: random words, and clusters of
#: near-identical words whose splits are hard (many ties, small buckets), the cases where tie
#: rules and modes matter. Every answer ending in -ight (9) or -ake (8) is in its cluster.
SMALL_GAMES = [
    dict(n_answers=30, n_extra=40, seed=1),
    dict(n_answers=9, n_extra=30, seed=2, suffix="ight"),
    dict(n_answers=8, n_extra=30, seed=3, suffix="ake"),
    dict(n_answers=40, n_extra=30, seed=4, suffix="er"),
]


ATCH = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")


def atch_game(mode="easy"):
    """The seven -atch answers and chomp: every -atch guess tells apart only itself, and chomp
    splits them into {batch, hatch, latch, watch}, {catch}, {match}, {patch}."""
    return Game(
        WordList(tuple(sorted(ATCH + ("chomp",))), "atch guesses"),
        WordList(ATCH, "atch answers"),
        mode,
    )


# The sweep tests' (tests/sweeping.py holds the rest of what they share).
@pytest.fixture(scope="module")
def evaluate_totals():
    """TOTAL of MIG from each opener a test asks for (one evaluation per opener and module)."""
    from .sweeping import EvaluateTotals

    return EvaluateTotals()


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
