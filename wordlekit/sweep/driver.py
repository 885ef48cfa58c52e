"""The driver of a sweep: plan the rows, run them on Dask, write each result to the store.

The work runs on Dask distributed: without a scheduler address, a ``LocalCluster`` with one
single-threaded worker process per core (numba limited to one thread in each, so the workers
do not oversubscribe the cores); with one, the same tasks go to an existing cluster. The driver
compiles every numba kernel the task needs (on a tiny game) before fanning out, so the workers
load numba's cache instead of racing to write it. A task that raises is recorded as crashed
with its message and submitted once more; the sweep goes on.

Signals end a sweep with the store intact and one line from the caller:

- Ctrl-C in a terminal sends SIGINT to the whole foreground process group, the local workers
  included. They ignore it (``_children_without_sigint``, ``WORKER_PRELOAD``), so only the
  driver sees it: it raises ``KeyboardInterrupt``, and closing the cluster ends the workers
  quietly instead of each printing its own traceback.
- SIGTERM, while a ``dask_client`` is open, raises ``Terminated`` (a ``KeyboardInterrupt``),
  so the same unwinding runs instead of the process dying with its workers left to notice.

A script that runs a local sweep starts it under ``if __name__ == "__main__":``, as every
program that starts processes with the spawn method must: each worker process imports the
script's main module again, and without the guard would run the sweep again. Such a worker
leaves quietly instead of starting workers of its own (a wall of "Nanny failed to start"
tracebacks), and the driver says in one line what to do.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field

import dask
import pandas as pd
from distributed import Client, LocalCluster, as_completed

from ..bounds import LowerBounds
from ..errors import Terminated, WordlekitError
from ..game import MODES, Game, check_mode
from ..progress import tqdm
from ..words import LISTS, read_openers
from .store import CRASHED, DONE, PRUNED, SweepStore, read_store
from .tasks import Lists, Task, run_task, warm_up_task

#: Seconds to wait for an existing scheduler before giving up (a typo should fail fast).
CONNECT_TIMEOUT = 3

#: Environment of every local worker. Not NUMBA_NUM_THREADS: a worker process imports numba
#: (through the driver's main module, which the spawn start method imports again) before the
#: Nanny sets its environment, so numba would start with one thread per core while the
#: variable said 1, and the first kernel a worker compiled raised "Cannot set
#: NUMBA_NUM_THREADS to a different value once the threads have been launched". Each task
#: asks numba for one thread instead (``tasks.single_threaded``).
WORKER_ENV = {"OMP_NUM_THREADS": "1"}

#: Run by every local worker as it starts (``worker.dask_setup``), before any preload of the
#: user's Dask configuration (``distributed.worker.preload``).
WORKER_PRELOAD = ["wordlekit.sweep.worker"]


@dataclass
class Summary:
    """What a sweep did: rows computed now (``done``), decided by a bound (``pruned``), found in
    the store (``skipped``) and ``crashed`` after the retry (their messages in ``errors``);
    ``seconds`` of wall time; ``provenance``, each lists' ``Lists.provenance`` by their key."""

    done: int = 0
    pruned: int = 0
    skipped: int = 0
    crashed: int = 0
    seconds: float = 0.0
    workers: int = 0
    errors: list = field(default_factory=list)
    provenance: dict = field(default_factory=dict)

    @property
    def tasks_per_second(self) -> float:
        return (self.done + self.crashed) / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        return (
            f"done {self.done}, pruned by a lower bound {self.pruned}, skipped (already in "
            f"the store) {self.skipped}, crashed {self.crashed}; {self.seconds:.1f} s on "
            f"{self.workers} worker(s), {self.tasks_per_second:.2f} tasks/s"
        )

    def to_dict(self) -> dict:
        return {
            "done": self.done,
            "pruned": self.pruned,
            "skipped": self.skipped,
            "crashed": self.crashed,
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "tasks_per_second": round(self.tasks_per_second, 4),
            "provenance": self.provenance,
        }


def resolve_openers(openers, guesses) -> list[str]:
    """``"all"`` (every guess), a file of words, or a sequence / comma-separated string of words;
    each checked against ``guesses`` (a ``WordList``)."""
    if isinstance(openers, str):
        openers = read_openers(openers)
    if openers == "all":
        return list(guesses)
    if isinstance(openers, str):
        openers = [w.lower() for w in comma_items(openers, "openers")]
    words = list(dict.fromkeys(openers))
    if not words:
        raise WordlekitError(
            "no openers given; expected all, a file of words or words separated by commas"
        )
    for w in words:
        if w not in guesses:
            guesses.index(w)  # raises, naming the word and the list
    return words


def comma_items(text: str, what: str) -> list[str]:
    """The items of ``text``, separated by commas, each stripped; an empty item between or after
    them ("salet,,crane", "original,") is refused rather than dropped. A blank ``text`` is no
    items (the caller says what it expected)."""
    if not text.strip():
        return []
    items = [item.strip() for item in text.split(",")]
    if "" in items:
        raise WordlekitError(
            f"an empty item in {what} {text!r}; expected names separated by commas"
        )
    return items


def _names(value, known, what: str, check) -> list[str]:
    names = comma_items(value, what) if isinstance(value, str) else list(value)
    names = [check(n.strip()) for n in names if n.strip()]
    if not names:
        raise WordlekitError(f"no {what} given; expected some of {', '.join(known)}")
    return list(dict.fromkeys(names))


def _lists(value) -> dict[str, Lists]:
    """The sweep's lists by their key: names of ``LISTS`` (a sequence, or one string with
    commas), ``Lists`` or ``Game`` objects (``Lists.of``), or one of these alone."""
    if isinstance(value, (Lists, Game)):
        value = [value]
    elif isinstance(value, str):
        value = comma_items(value, "word lists")
    value = [v.strip() if isinstance(v, str) else v for v in value]
    specs = [Lists.of(v) for v in value if v != ""]
    if not specs:
        raise WordlekitError(f"no word lists given; expected some of {', '.join(LISTS)}")
    return {spec.key: spec for spec in specs}


def plan(
    task: Task, openers="all", modes=("easy",), lists=("original",)
) -> list[tuple[str, str, str]]:
    """Every (opener, mode, lists) of a sweep, in a fixed order; ``lists`` as ``_lists``
    takes them, each row's the key its rows have in the store (``Lists.key``). Every mode is
    checked against every game's feedback here, before any row runs."""
    modes = _names(modes, MODES, "modes", check_mode)
    rows = []
    for key, spec in _lists(lists).items():
        game = spec.game()
        for mode in modes:
            game.with_mode(mode)
            rows += [(w, mode, key) for w in resolve_openers(openers, game.guesses)]
    return rows


def _prune(
    task: Task, store: SweepStore, todo: list, lists: dict, records: dict
) -> tuple[list, int]:
    """Record the openers whose V_1 is already >= the cutoff (with ``records[key]``, their
    lists' provenance); return the rest.

    Also for ``lower-bound`` tasks with a budget: V_i >= V_1 for every i (a subset never
    splits into more parts than S, so every bucket's LB_i is at least its LB_1)."""
    if task.kind not in ("cutoff", "lower-bound") or task.bound is None:
        return todo, 0
    rest, pruned = [], 0
    for name in dict.fromkeys(key for _, _, key in todo):
        game = lists[name].game()
        v1 = LowerBounds(game).cheap_v(1, game.initial_state())
        for opener, mode, key in todo:
            if key != name:
                continue
            value = int(v1[game.guesses.index(opener)])
            if value >= task.bound:
                store.write(
                    *(opener, mode, key, PRUNED, ">=", value, {"bound": "V_1"}, 0.0, "driver"),
                    provenance=records[key],
                )
                pruned += 1
            else:
                rest.append((opener, mode, key))
    return rest, pruned


@contextlib.contextmanager
def _children_without_sigint():
    """Processes started inside ignore SIGINT for life (an ignored signal stays ignored across
    fork and exec, where a handler would not), so a terminal's Ctrl-C reaches the driver only.
    The driver ignores it too meanwhile: a Ctrl-C while the cluster starts (a few seconds) is
    lost, not half delivered. A worker the Nanny restarts later ignores it through
    ``WORKER_PRELOAD``."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers, and only it receives SIGINT
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)


def _quiet_dask_logs() -> None:
    """distributed sets levels on its child loggers too (distributed.client logs a lost
    scheduler with a traceback, and an in-process scheduler that loses its client logs every
    undelivered message as CRITICAL): quiet each, so a failure is our one line."""
    quiet = [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]
    for name in ("distributed", "tornado", "asyncio", *quiet):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def connect(scheduler: str | None = None, workers: int | None = None) -> Client:
    """A Dask client: to ``scheduler`` (``tcp://HOST:PORT``) or to a new ``LocalCluster`` with
    ``workers`` single-threaded worker processes (default: one per core)."""
    _quiet_dask_logs()
    if scheduler is None:
        if getattr(multiprocessing.current_process(), "_inheriting", False):
            # A process started by the spawn method, still importing the main module of a
            # script that starts a sweep without the __main__ guard (the flag is the one
            # multiprocessing itself checks before refusing to start a process there): leave
            # without a traceback; the driver sees its workers fail and says why in one line.
            raise SystemExit(1)
        with _children_without_sigint():
            try:
                # dashboard ":0": a free port, so that two local clusters at once (notebook
                # 14 times one while another is open) do not warn about port 8787.
                cluster = LocalCluster(
                    n_workers=workers or os.cpu_count() or 1,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    env=WORKER_ENV,
                    preload=WORKER_PRELOAD + list(dask.config.get("distributed.worker.preload")),
                    silence_logs=logging.CRITICAL,
                )
            except Exception as exc:
                raise WordlekitError(
                    f"the local Dask workers did not start ({type(exc).__name__}); in a "
                    'script, start the sweep under `if __name__ == "__main__":` (each '
                    "worker imports the script again)"
                ) from None
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


def _raise_terminated(signum, frame):
    raise Terminated


@contextlib.contextmanager
def _sigterm_unwinds():
    """While open, SIGTERM raises ``Terminated`` in the main thread, unless the program has a
    SIGTERM handler of its own (then it is left alone)."""
    mine = (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    )
    if mine:
        signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        if mine:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None):
    """``connect`` as a context: on exit the client closes, and so does a local cluster; SIGTERM
    meanwhile unwinds as Ctrl-C does (``Terminated``)."""
    with _sigterm_unwinds():
        client = connect(scheduler, workers)
        cluster = client.cluster if scheduler is None else None
        try:
            yield client
        except BaseException:
            # The error is what the user must see (e.g. a lost scheduler): closing a client
            # whose scheduler is gone raises again inside distributed, and would bury it in a
            # traceback.
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
    """Run the sweep (see the package doc); rows go to the store at ``store_path``.

    ``client``: an existing ``distributed.Client`` to use (then ``scheduler`` and ``workers``
    are ignored and the client is left open).
    """
    start = time.perf_counter()
    lists = _lists(lists)
    rows = plan(task, openers, modes, lists.values())
    store = SweepStore(store_path, task)
    try:
        finished = store.finished()
        todo = [r for r in rows if r not in finished]
        summary = Summary(skipped=len(rows) - len(todo))
        summary.provenance = {key: spec.provenance() for key, spec in lists.items()}
        todo, summary.pruned = _prune(task, store, todo, lists, summary.provenance)
        if todo:
            with (
                contextlib.nullcontext(client)
                if client
                else dask_client(scheduler, workers) as active
            ):
                client = active
                games = dict.fromkeys((key, mode) for _, mode, key in todo)
                warm_up_task(task, [lists[key].game(mode) for key, mode in games])
                summary.workers = len(client.scheduler_info().get("workers", {}))
                _fan_out(client, task, todo, lists, store, summary, retries, progress)
    finally:
        store.close()
    summary.seconds = time.perf_counter() - start
    return summary


def _carried(lists: Lists) -> Lists:
    """A task whose result is ``lists``: see ``_fan_out``."""
    return lists


def _fan_out(client, task, todo, lists, store, summary, retries, progress) -> None:
    # Lists that carry their words (a user's, a generated game's) go to the cluster once, as
    # the result of a task every row depends on, not pickled into each of thousands of tasks
    # (the original lists pickle to 250 kB); the scheduler keeps how to make it, so a worker lost
    # with its copy costs a recomputation, not the rows. Named lists travel as their name.
    records = summary.provenance  # each lists' record, computed once for the run
    shipped = {
        key: spec
        if spec.guesses is None
        else client.submit(_carried, spec, pure=False, key=("wordlekit-lists", key, os.getpid()))
        for key, spec in lists.items()
    }

    def submit(row, attempt):
        # A tuple key puts every task of the sweep in one Dask task group (its first item):
        # with the opener in a string key each task was a group of its own, and the scheduler,
        # which scans its groups at every submit, spent half a core on a sweep of 14,855 tasks.
        opener, mode, key = row
        future = client.submit(
            run_task,
            task,
            opener,
            mode,
            shipped[key],
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
                store.write(
                    *row, CRASHED, error=message, attempts=attempt, provenance=records[row[2]]
                )
                if attempt <= retries:
                    queue.add(submit(row, attempt + 1))
                    continue
                summary.crashed += 1
                summary.errors.append((row, message))
            else:
                store.write(
                    *row,
                    DONE,
                    out["relation"],
                    out["result"],
                    out["details"],
                    out["seconds"],
                    out["worker"],
                    attempts=attempt,
                    provenance=records[row[2]],
                )
                summary.done += 1
            finally:
                future.release()
            bar.update(1)
    finally:
        bar.close()


def sweep_rows(
    task: Task, store_path, openers, mode: str, lists, client, progress: bool = False
) -> pd.DataFrame:
    """Run (or resume) a sweep on ``client`` and return its rows for these openers, by opener
    (``lists``: a name of ``LISTS``, a ``Lists`` or a ``Game``)."""
    lists = Lists.of(lists)
    run_sweep(task, store_path, openers, [mode], [lists], client=client, progress=progress)
    frame = read_store(store_path)
    frame = frame[
        (frame["mode"] == mode)
        & (frame["lists"] == lists.key)
        & frame["opener"].isin(list(openers))
    ]
    return frame.set_index("opener").loc[list(openers)]
