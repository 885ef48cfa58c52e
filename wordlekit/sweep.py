"""Sweeps: one task per opener, mode and pair of word lists, on Dask, into a resumable store.

A *sweep* runs one task kind over a set of openers, modes and named lists (``words.LISTS``):

- ``evaluate``: a policy's exact TOTAL from the opener (any policy name, with ``top_k``);
- ``optimal``: the exact minimum TOTAL from the opener (``optimal.Solver``), or infeasible;
- ``cutoff``: the exact minimum TOTAL if it is below ``bound``, else the proof that it is at
  least ``bound`` (cheap: the branch and bound stops as soon as the bound is reached). Openers
  whose V_1 (Cunanan & Thielscher, ``bounds.LowerBounds.cheap_v``) is already at least
  ``bound`` are recorded as such without a search (status ``pruned``);
- ``lower-bound``: Cunanan & Thielscher's V_i(opener, S) for ``depth`` i, exact below
  ``bound`` (if given), else at least ``bound`` (pruned by V_1 as for ``cutoff``: V_i >= V_1),
  under the mode's rule (in hard mode the guesses of every state are the allowed ones, so the
  bound is the hard-mode one, at least the easy-mode V_i).

Every result is one row of a SQLite file (``SweepStore``), written by the driver only, one
transaction per row, so an interrupted sweep (Ctrl-C, a crash, a lost worker) keeps every row
it received and a rerun of the same command computes only the rest. The store records the task
and its parameters once; a sweep with other ones is refused rather than mixed into it. A task
that raises is recorded as failed with its message and submitted once more; the sweep goes on.

The work runs on Dask distributed: without a scheduler address, a ``LocalCluster`` with one
single-threaded worker process per core (numba limited to one thread in each, so the workers
do not oversubscribe the cores); with one, the same tasks go to an existing cluster. The driver
compiles every numba kernel the task needs (on a tiny game) before fanning out, so the workers
load numba's cache instead of racing to write it.

Proofs over many openers built from these sweeps (the best openers, the best opener for a
policy) are in ``openers``. This module stays one (about 500 lines) because the task, the
store and the driver share one contract, the row: what a task returns is what the store keeps
and what a resume compares.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .branch_and_bound import NO_LIMIT
from .buckets import warm_up as warm_up_scans
from .errors import WordlekitError
from .game import MAX_GUESSES, Game, check_mode
from .words import LISTS, check_lists, read_word_file

TASKS = ("evaluate", "optimal", "cutoff", "lower-bound")

#: Seconds to wait for an existing scheduler before giving up (a typo should fail fast).
CONNECT_TIMEOUT = 3

#: Environment of every local worker. Not NUMBA_NUM_THREADS: a worker process imports numba
#: (through the driver's main module, which the spawn start method imports again) before the
#: Nanny sets its environment, so numba would start with one thread per core while the
#: variable said 1, and the first kernel a worker compiled raised "Cannot set
#: NUMBA_NUM_THREADS to a different value once the threads have been launched". Each task
#: asks numba for one thread instead (``single_threaded``).
WORKER_ENV = {"OMP_NUM_THREADS": "1"}


@dataclass(frozen=True)
class Task:
    """What each row of a sweep computes: a task kind and its parameters.

    Attributes
    ----------
    kind : one of ``TASKS``
    policy, top_k : the policy of ``evaluate`` (``policies.make_policy``)
    bound : int or None
        ``cutoff``: the cutoff B (required); ``lower-bound``: optional budget.
    depth : int, the i of V_i (``lower-bound``)
    max_guesses : int, the cap of ``optimal`` and ``cutoff`` (6 in the NYT game)
    """

    kind: str
    policy: str | None = None
    top_k: int | None = None
    bound: int | None = None
    depth: int | None = None
    max_guesses: int | None = None

    @classmethod
    def make(
        cls,
        kind: str,
        policy: str = "mig",
        top_k: int = 10,
        bound: int | None = None,
        depth: int = 2,
        max_guesses: int = MAX_GUESSES,
    ) -> Task:
        """The task with only the parameters its kind uses (so equal sweeps compare equal)."""
        from .policies import POLICIES, uses_top_k

        if kind not in TASKS:
            raise WordlekitError(f"unknown task {kind!r}; expected one of {', '.join(TASKS)}")
        if kind == "evaluate":
            if policy not in POLICIES:
                raise WordlekitError(
                    f"unknown policy {policy!r}; expected one of {', '.join(POLICIES)}"
                )
            return cls(kind, policy=policy, top_k=top_k if uses_top_k(policy) else None)
        if kind == "optimal":
            return cls(kind, max_guesses=max_guesses)
        if kind == "cutoff":
            if bound is None:
                raise WordlekitError("task cutoff needs --bound B (a whole number)")
            return cls(kind, bound=bound, max_guesses=max_guesses)
        if depth < 1:
            raise WordlekitError(f"depth {depth} is not a whole number >= 1")
        return cls(kind, bound=bound, depth=depth)

    @property
    def parameters(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k != "kind" and v is not None}


# -- on the workers ---------------------------------------------------------------------------

#: Games, solvers and bounds of this process, by named lists (and mode, cap).
_PER_PROCESS: dict = {}
#: A solver's memo is dropped past this many states, so a worker's memory stays bounded over
#: thousands of openers (the memo only saves time: dropping it never changes a result).
MAX_MEMO_STATES = 3_000_000


def _game(lists: str, mode: str) -> Game:
    """The game of ``lists`` in ``mode``, one per process (modes share the pattern matrix)."""
    key = (lists, mode)
    if key not in _PER_PROCESS:
        base = _PER_PROCESS.get((lists, "easy")) or Game.from_lists(lists)
        _PER_PROCESS[(lists, "easy")] = base
        _PER_PROCESS[key] = base.with_mode(mode)
    return _PER_PROCESS[key]


def _cached(key, factory):
    """``factory()`` once per process and key; no key (a game the caller made): a new one."""
    if key is None:
        return factory()
    if key not in _PER_PROCESS:
        _PER_PROCESS[key] = factory()
    return _PER_PROCESS[key]


def compute(task: Task, opener: str, mode: str, lists: str, game: Game | None = None) -> dict:
    """One row's result: ``{"relation": "=" | ">=" | "infeasible", "result": int, "details"}``.

    ``relation`` "=" is an exact value, ">=" a proved lower bound (the cutoff was reached),
    "infeasible" that no strategy solves every answer within the cap. Solvers and bounds are
    kept per process and named lists, so states shared by several openers are solved once
    (``game``: a game of the caller's instead of ``lists``, with solvers of its own).
    """
    from .evaluation import evaluate
    from .optimal import Solver, feasible
    from .policies import make_policy

    key = None if game is not None else (lists, mode)
    game = game or _game(lists, mode)
    index = game.guess_index(opener, role="opener")
    if task.kind == "evaluate":
        result = evaluate(game, make_policy(task.policy, task.top_k or 10), index)
        return {
            "relation": "=",
            "result": result.total,
            "details": {
                "mean": round(result.mean, 6),
                "max_guesses": result.worst,
                "failed": result.failed,
            },
        }
    if task.kind in ("optimal", "cutoff"):
        solver = _cached(
            key and ("solver", *key, task.max_guesses), lambda: Solver(game, task.max_guesses)
        )
        if len(solver.memo.exact) + len(solver.memo.lower) > MAX_MEMO_STATES:
            solver.memo = type(solver.memo)()
        total = solver.opener_total(index, task.bound)
        if not feasible(total):
            return {"relation": "infeasible", "result": None, "details": {}}
        exact = task.bound is None or total < task.bound
        return {"relation": "=" if exact else ">=", "result": int(total), "details": {}}
    from .bounds import LowerBounds

    bounds = _cached(key and ("bounds", *key), lambda: LowerBounds(game))
    root = bounds.game.initial_state()
    budget = task.bound if task.bound is not None else NO_LIMIT
    value = bounds.v(task.depth, root, index, budget)
    return {"relation": "=" if value < budget else ">=", "result": int(value), "details": {}}


def single_threaded() -> None:
    """Run numba's parallel kernels on one thread in this thread (a worker's task thread): one
    single-threaded worker per core, so that N workers divide the time of a sweep."""
    import numba

    numba.set_num_threads(1)


def run_task(task: Task, opener: str, mode: str, lists: str) -> dict:
    """What a worker runs: ``compute`` plus the seconds it took and which worker it was."""
    single_threaded()
    start = time.perf_counter()
    out = compute(task, opener, mode, lists)
    out["seconds"] = time.perf_counter() - start
    try:
        from distributed import get_worker

        out["worker"] = str(get_worker().address)
    except ValueError:  # not on a Dask worker (e.g. called directly)
        out["worker"] = "local"
    return out


# -- the store --------------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sweep (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    task TEXT NOT NULL, opener TEXT NOT NULL, mode TEXT NOT NULL, lists TEXT NOT NULL,
    parameters TEXT NOT NULL, status TEXT NOT NULL, relation TEXT, result INTEGER,
    details TEXT, seconds REAL, worker TEXT, version TEXT, error TEXT, attempts INTEGER,
    PRIMARY KEY (opener, mode, lists));
"""


class SweepStore:
    """One SQLite file per sweep: the task and its parameters, and one row per result.

    Rows are keyed by (opener, mode, lists), so a rerun replaces a failed row and never
    duplicates one. ``status`` is ``done``, ``pruned`` (decided by a lower bound without a
    search) or ``failed`` (``error`` holds the message).
    """

    def __init__(self, path, task: Task):
        self.path = Path(path)
        self.task = task
        if self.path.is_dir():
            raise WordlekitError(
                f"store {str(self.path)!r} is a folder; expected a SQLite file "
                "written by wordlekit sweep (or a new file name)"
            )
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            tables = {
                r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        except sqlite3.DatabaseError as exc:
            raise WordlekitError(
                f"store {str(self.path)!r} is not a sweep store ({exc}); expected "
                "a SQLite file written by wordlekit sweep (or a new file name)"
            ) from None
        if tables and not {"sweep", "results"} <= tables:
            self.db.close()
            raise WordlekitError(
                f"store {str(self.path)!r} is a SQLite file but not a sweep store "
                f"(tables {', '.join(sorted(tables))}); expected one written by "
                "wordlekit sweep"
            )
        # A write-ahead log, synced at checkpoints rather than at every row's commit: a crash
        # of the driver (or Ctrl-C) still loses no committed row, a crash of the machine at
        # most the last few, which a rerun computes again. Syncing every row, the driver spent
        # a third of its time waiting on the disk (3,000 V_1 tasks: 46 s, now 22 s).
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        wanted = json.dumps({"task": task.kind, **task.parameters}, sort_keys=True)
        with self.db:
            self.db.executescript(_SCHEMA)
            row = self.db.execute("SELECT value FROM sweep WHERE key = 'task'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO sweep VALUES ('task', ?)", (wanted,))
        if row is not None and row[0] != wanted:
            self.db.close()
            raise WordlekitError(
                f"store {str(self.path)!r} holds the sweep {row[0]}, not {wanted}; a store "
                "keeps one task with one set of parameters: choose another --store"
            )

    def finished(self) -> set:
        """(opener, mode, lists) of the rows that are done or pruned (failed ones are redone)."""
        return set(
            self.db.execute(
                "SELECT opener, mode, lists FROM results WHERE status IN ('done', 'pruned')"
            )
        )

    def write(
        self,
        opener: str,
        mode: str,
        lists: str,
        status: str,
        relation=None,
        result=None,
        details=None,
        seconds=None,
        worker=None,
        error=None,
        attempts=1,
    ) -> None:
        from . import __version__

        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    self.task.kind,
                    opener,
                    mode,
                    lists,
                    json.dumps(self.task.parameters, sort_keys=True),
                    status,
                    relation,
                    result,
                    json.dumps(details or {}, sort_keys=True),
                    seconds,
                    worker,
                    __version__,
                    error,
                    attempts,
                ),
            )

    def close(self) -> None:
        self.db.close()


def read_store(path) -> pandas.DataFrame:  # noqa: F821
    """Every row of a sweep store as a DataFrame (``details`` and ``parameters`` as dicts)."""
    import pandas as pd

    path = Path(path)
    if not path.is_file():
        raise WordlekitError(f"store {str(path)!r}: no such file")
    with sqlite3.connect(path) as db:
        try:
            frame = pd.read_sql_query("SELECT * FROM results ORDER BY lists, mode, opener", db)
        except (sqlite3.DatabaseError, pd.errors.DatabaseError) as exc:
            raise WordlekitError(f"store {str(path)!r} is not a sweep store ({exc})") from None
    for column in ("details", "parameters"):
        frame[column] = frame[column].map(json.loads)
    return frame


# -- the driver -------------------------------------------------------------------------------


@dataclass
class Summary:
    """What a sweep did: rows computed now (``done``), decided by a bound (``pruned``), found in
    the store (``skipped``) and ``failed`` after the retry; ``seconds`` of wall time."""

    done: int = 0
    pruned: int = 0
    skipped: int = 0
    failed: int = 0
    seconds: float = 0.0
    workers: int = 0
    errors: list = field(default_factory=list)

    @property
    def tasks_per_second(self) -> float:
        return (self.done + self.failed) / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        return (
            f"done {self.done}, pruned by a lower bound {self.pruned}, skipped (already in "
            f"the store) {self.skipped}, failed {self.failed}; {self.seconds:.1f} s on "
            f"{self.workers} worker(s), {self.tasks_per_second:.2f} tasks/s"
        )

    def to_dict(self) -> dict:
        return {
            "done": self.done,
            "pruned": self.pruned,
            "skipped": self.skipped,
            "failed": self.failed,
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "tasks_per_second": round(self.tasks_per_second, 4),
        }


def resolve_openers(openers, guesses) -> list[str]:
    """``"all"`` (every guess), a file of words, or a sequence / comma-separated string of words;
    each checked against ``guesses`` (a ``WordList``)."""
    if isinstance(openers, str):
        if openers == "all":
            return list(guesses)
        path = Path(openers)
        if "," not in openers and path.suffix and path.exists():
            openers = list(read_word_file(path))
        else:
            openers = [w.strip().lower() for w in openers.split(",") if w.strip()]
    words = list(dict.fromkeys(openers))
    if not words:
        raise WordlekitError(
            "no openers given; expected all, a file of words or words separated by commas"
        )
    for w in words:
        if w not in guesses:
            guesses.index(w)  # raises, naming the word and the list
    return words


def _names(value, known, what: str, check) -> list[str]:
    names = value.split(",") if isinstance(value, str) else list(value)
    names = [check(n.strip()) for n in names if n.strip()]
    if not names:
        raise WordlekitError(f"no {what} given; expected some of {', '.join(known)}")
    return list(dict.fromkeys(names))


def plan(
    task: Task, openers="all", modes=("easy",), lists=("original",)
) -> list[tuple[str, str, str]]:
    """Every (opener, mode, lists) of a sweep, in a fixed order."""
    from .game import MODES

    modes = _names(modes, MODES, "modes", check_mode)
    lists = _names(lists, LISTS, "word lists", check_lists)
    rows = []
    for name in lists:
        guesses = Game.from_lists(name).guesses
        for mode in modes:
            rows += [(w, mode, name) for w in resolve_openers(openers, guesses)]
    return rows


def _warm_up(task: Task, modes) -> None:
    """Compile every kernel the task uses (or load numba's cache) on a tiny game, here."""
    from .warmup import tiny_game

    for mode in modes:
        tiny = tiny_game(Game.from_lists("original", mode))
        compute(
            task if task.kind != "cutoff" else Task("optimal", max_guesses=task.max_guesses),
            tiny.guesses[0],
            mode,
            "original",
            tiny,
        )
        if task.kind == "cutoff":
            compute(Task("lower-bound", depth=1), tiny.guesses[0], mode, "original", tiny)
        if task.kind == "lower-bound":
            warm_up_scans(tiny)  # the large sets' pruned MaxSplits, out of a tiny game's reach
    _PER_PROCESS.clear()


def _prune(task: Task, store: SweepStore, todo: list) -> tuple[list, int]:
    """Record the openers whose V_1 is already >= the cutoff; return the rest.

    Also for ``lower-bound`` tasks with a budget: V_i >= V_1 for every i (a subset never
    splits into more parts than S, so every bucket's LB_i is at least its LB_1)."""
    if task.kind not in ("cutoff", "lower-bound") or task.bound is None:
        return todo, 0
    from .bounds import LowerBounds

    rest, pruned = [], 0
    for name in dict.fromkeys(lists for _, _, lists in todo):
        game = Game.from_lists(name)
        v1 = LowerBounds(game).cheap_v(1, game.initial_state())
        for opener, mode, lists in todo:
            if lists != name:
                continue
            value = int(v1[game.guesses.index(opener)])
            if value >= task.bound:
                store.write(
                    opener, mode, lists, "pruned", ">=", value, {"bound": "V_1"}, 0.0, "driver"
                )
                pruned += 1
            else:
                rest.append((opener, mode, lists))
    return rest, pruned


def connect(scheduler: str | None = None, workers: int | None = None):
    """A Dask client: to ``scheduler`` (``tcp://HOST:PORT``) or to a new ``LocalCluster`` with
    ``workers`` single-threaded worker processes (default: one per core)."""
    from distributed import Client, LocalCluster

    # distributed sets levels on its child loggers too (distributed.client logs a lost
    # scheduler with a traceback, and an in-process scheduler that loses its client logs
    # every undelivered message as CRITICAL): quiet each, so a failure is our one line
    quiet = [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]
    for name in ("distributed", "tornado", "asyncio", *quiet):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    if scheduler is None:
        # dashboard ":0": a free port, so that two local clusters at once (notebook 14 times one
        # while another is open) do not warn about port 8787 into the notebook's outputs.
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            env=WORKER_ENV,
            silence_logs=logging.CRITICAL,
        )
        return Client(cluster)
    if "://" not in scheduler or not scheduler.split("://", 1)[1]:
        raise WordlekitError(f"scheduler {scheduler!r}: expected an address like tcp://HOST:PORT")
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise WordlekitError(
            f"cannot reach the Dask scheduler at {scheduler} within "
            f"{CONNECT_TIMEOUT} s ({type(exc).__name__}); start it with "
            "`dask scheduler` or leave out --scheduler for a local cluster"
        ) from None


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None):
    """``connect`` as a context: on exit the client closes, and so does a local cluster."""
    client = connect(scheduler, workers)
    cluster = client.cluster if scheduler is None else None
    try:
        yield client
    except BaseException:
        # The error is what the user must see (e.g. a lost scheduler): closing a client whose
        # scheduler is gone raises again inside distributed, and would bury it in a traceback.
        with contextlib.suppress(Exception):
            client.close()
        with contextlib.suppress(Exception):
            if cluster is not None:
                cluster.close()
        raise
    client.close()
    if cluster is not None:
        cluster.close()


def run_sweep(
    task: Task,
    store_path,
    openers="all",
    modes=("easy",),
    lists=("original",),
    scheduler: str | None = None,
    workers: int | None = None,
    retries: int = 1,
    progress: bool = True,
    client=None,
) -> Summary:
    """Run the sweep (see the module doc); rows go to the store at ``store_path``.

    ``client``: an existing ``distributed.Client`` to use (then ``scheduler`` and ``workers``
    are ignored and the client is left open).
    """
    start = time.perf_counter()
    rows = plan(task, openers, modes, lists)
    store = SweepStore(store_path, task)
    try:
        finished = store.finished()
        todo = [r for r in rows if r not in finished]
        summary = Summary(skipped=len(rows) - len(todo))
        todo, summary.pruned = _prune(task, store, todo)
        if todo:
            with (
                contextlib.nullcontext(client)
                if client
                else dask_client(scheduler, workers) as active
            ):
                client = active
                _warm_up(task, sorted({m for _, m, _ in todo}))
                summary.workers = len(client.scheduler_info().get("workers", {}))
                _fan_out(client, task, todo, store, summary, retries, progress)
    finally:
        store.close()
    summary.seconds = time.perf_counter() - start
    return summary


def _fan_out(client, task, todo, store, summary, retries, progress) -> None:
    from distributed import as_completed
    from tqdm.auto import tqdm

    def submit(row, attempt):
        # A tuple key puts every task of the sweep in one Dask task group (its first item):
        # with the opener in a string key each task was a group of its own, and the scheduler,
        # which scans its groups at every submit, spent half a core on a sweep of 14,855 tasks.
        future = client.submit(
            run_task,
            task,
            *row,
            pure=False,
            key=(f"wordlekit-{task.kind}", "-".join(row), attempt, os.getpid()),
        )
        pending[future.key] = (row, attempt)
        return future

    pending: dict = {}
    queue = as_completed([submit(row, 1) for row in todo])
    bar = tqdm(
        total=len(todo),
        desc=f"sweep {task.kind}",
        unit="task",
        file=sys.stderr,
        disable=not progress,
        smoothing=0.1,
    )
    try:
        for future in queue:
            row, attempt = pending.pop(future.key)
            try:
                out = future.result()
            except Exception as exc:  # a task that raised, or its worker died too often
                message = f"{type(exc).__name__}: {exc}".splitlines()[0]
                if client.status != "running":  # no scheduler: nothing more can run
                    raise WordlekitError(
                        f"lost the connection to the Dask scheduler ({message}); {store.path} "
                        "keeps every row received: rerun the same command to resume"
                    ) from None
                store.write(*row, "failed", error=message, attempts=attempt)
                if attempt <= retries:
                    queue.add(submit(row, attempt + 1))
                    continue
                summary.failed += 1
                summary.errors.append((row, message))
            else:
                store.write(
                    *row,
                    "done",
                    out["relation"],
                    out["result"],
                    out["details"],
                    out["seconds"],
                    out["worker"],
                    attempts=attempt,
                )
                summary.done += 1
            finally:
                future.release()
            bar.update(1)
    finally:
        bar.close()


def sweep_rows(
    task: Task, store_path, openers, mode: str, lists: str, client, progress: bool = False
) -> pandas.DataFrame:  # noqa: F821
    """Run (or resume) a sweep on ``client`` and return its rows for these openers, by opener."""
    run_sweep(task, store_path, openers, [mode], [lists], client=client, progress=progress)
    frame = read_store(store_path)
    frame = frame[
        (frame["mode"] == mode) & (frame["lists"] == lists) & frame["opener"].isin(list(openers))
    ]
    return frame.set_index("opener").loc[list(openers)]
