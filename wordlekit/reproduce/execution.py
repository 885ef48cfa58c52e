"""Executing one notebook: papermill on a kernel of this Python (numba's threads and progress
bars set for the run), a bar over the cells that ticks while a cell runs, and the executed
notebook written in its canonical form (``canonical.clean``)."""

from __future__ import annotations

import copy
import functools
import sys
import time
from pathlib import Path

import papermill
from jupyter_client.manager import AsyncKernelManager
from papermill.engines import NBClientEngine, papermill_engines
from papermill.exceptions import PapermillExecutionError

from ..errors import WordlekitError
from ..notebook_env import notebook_env
from ..progress import ticking
from .canonical import clean, write_notebook


@functools.cache
def kernel_manager_class(threads: int | None = None):
    """The kernel manager of a run: this environment's Python, with
    :func:`~wordlekit.notebook_env.notebook_env` (no progress bars, numpy's and OpenBLAS's code
    paths pinned), and with ``threads``, numba limited to that many threads (``NUMBA_NUM_THREADS``).

    The kernelspec named ``python3`` could come from elsewhere (a user's own Jupyter folder,
    another Python); the command is set here so the kernel always imports this wordlekit.
    Setting the variables on the kernel alone leaves the caller's environment as it was.
    """
    env = notebook_env()
    if threads is not None:
        env["NUMBA_NUM_THREADS"] = str(threads)

    class NotebookKernelManager(AsyncKernelManager):
        @property
        def kernel_spec(self):
            spec = super().kernel_spec
            spec.argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
            spec.env = {**spec.env, **env}
            return spec

    return NotebookKernelManager


#: nbclient options: no timestamps or widget state in the metadata, streams merged per cell
#: (the kernel flushes stdout at times that vary, so unmerged outputs split differently from
#: run to run), and the kernel process's own log silenced: "Kernel is running over TCP without
#: encryption" (a warning about the local connection) and "KeyboardInterrupt caught in kernel"
#: (an error logged when the kernel is interrupted to shut down) say nothing about a notebook.
#: Errors in cells still reach the user (a cell that raises stops the run with its error), as do
#: a kernel that dies and anything the kernel prints to stderr outside its log.
CLIENT_OPTIONS = {
    "record_timing": False,
    "store_widget_state": False,
    "coalesce_streams": True,
    "extra_arguments": ["--IPKernelApp.log_level=CRITICAL"],
}


@functools.cache
def _engine_name() -> str:
    """Register (once) and name the papermill engine of a run: nbclient's, whose progress bar
    also ticks while a cell runs (papermill redraws it only when a cell ends, so the elapsed time
    would stand still through a ten-minute cell)."""

    class TickingEngine(NBClientEngine):
        @classmethod
        def execute_managed_notebook(cls, nb_man, kernel_name, **kwargs):
            def redraw():
                if nb_man.pbar is not None:
                    nb_man.pbar.refresh()

            with ticking(redraw):
                return super().execute_managed_notebook(nb_man, kernel_name, **kwargs)

    papermill_engines.register("wordlekit", TickingEngine)
    return "wordlekit"


def execute(
    notebook: Path,
    destination: Path,
    parameters: dict | None = None,
    raw_copy: Path | None = None,
    cwd: Path | None = None,
    progress: str | None = None,
    threads: int | None = None,
):
    """Execute ``notebook`` with papermill and write its clean executed form to ``destination``.

    Parameters
    ----------
    notebook, destination : Path
        The notebook to run and where to write it executed (may be the same file).
    parameters : dict, optional
        Values for its parameters cell; papermill adds them in a cell tagged
        ``injected-parameters``. None or empty: the notebook's own values, no cell added.
    raw_copy : Path, optional
        Where papermill writes its own copy as the run goes (with per-cell timings).
    cwd : Path, optional
        Working folder of the kernel (default: the notebook's folder).
    progress : str, optional
        Show a progress bar over the cells with this description; None shows none.
    threads : int, optional
        Numba threads of the kernel (default: numba's, one per core).

    Returns
    -------
    (nbformat.NotebookNode, float)
        The executed notebook as papermill left it (before cleaning) and its wall time (s).

    Raises
    ------
    WordlekitError
        A cell raised an error; the message names the notebook, the cell and the error.
    """
    bar = False
    if progress is not None:
        bar = {
            "desc": progress,
            "unit": "cell",
            "bar_format": "{desc}: {bar:20} {n_fmt}/{total_fmt} cells, {elapsed}",
        }
    start = time.perf_counter()
    try:
        nb = papermill.execute_notebook(
            str(notebook),
            str(raw_copy) if raw_copy else None,
            parameters=parameters or None,
            kernel_name="python3",
            cwd=str(cwd or notebook.parent),
            progress_bar=bar,
            engine_name=_engine_name(),
            kernel_manager_class=kernel_manager_class(threads),
            **CLIENT_OPTIONS,
        )
    except PapermillExecutionError as exc:
        where = f"; its outputs so far: {raw_copy}" if raw_copy else ""
        raise WordlekitError(
            f"{notebook.name} failed in cell [{exc.exec_count}]: {exc.ename}: {exc.evalue}{where}"
        ) from None
    seconds = time.perf_counter() - start
    write_notebook(clean(copy.deepcopy(nb)), destination)
    return nb, seconds
