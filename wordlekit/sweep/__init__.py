"""Sweeps: one task per opener, mode and pair of word lists, on Dask, into a resumable store.

A *sweep* runs one task kind (``evaluate``, ``optimal``, ``cutoff``, ``lower-bound``) over a set
of openers, modes and word lists (named lists of ``words.LISTS``, or any game's own: ``Lists``).
One job per module:

- ``tasks``: what one row computes, on a worker (``Task``, ``Lists``, ``compute``, ``run_task``);
- ``store``: the SQLite file that keeps the task and one row per result (``SweepStore``,
  ``read_store``), so an interrupted sweep resumes where it stopped;
- ``driver``: the plan, the Dask cluster or client, the fan-out, signals (``run_sweep``,
  ``dask_client``, ``sweep_rows``).

Proofs over many openers built from these sweeps (the best openers, the best opener for a
policy) are in ``openers``.
"""

from .driver import (
    Summary,
    Terminated,
    connect,
    dask_client,
    plan,
    resolve_openers,
    run_sweep,
    sweep_rows,
)
from .store import SweepStore, read_store
from .tasks import TASKS, Lists, Task, compute, run_task, single_threaded, warm_up_task

__all__ = [
    "TASKS",
    "Lists",
    "Summary",
    "SweepStore",
    "Task",
    "Terminated",
    "compute",
    "connect",
    "dask_client",
    "plan",
    "read_store",
    "resolve_openers",
    "run_sweep",
    "run_task",
    "single_threaded",
    "sweep_rows",
    "warm_up_task",
]
