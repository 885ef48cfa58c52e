"""Regenerate every table and figure: execute the notebooks with papermill.

A full run (``wordlekit reproduce``, ``make reproduce``: default parameters, no output folder)
writes each executed notebook back to ``notebooks/`` with its outputs and the tables and
figures to ``figures/``, so the committed notebooks are the readable record of the last full
run. Executed notebooks are made deterministic (:func:`clean`): no run times, dates, hostnames,
absolute paths or widget state, so a rerun rewrites every file byte for byte and ``git status``
stays clean. Run times go to ``build/`` only: ``build/reproduce-summary.md`` (wall time per
notebook and its slowest cells), ``build/reproduce-times.json`` (the last full run's times, shown
beside each notebook's progress bar) and ``build/notebooks/`` (papermill's own copies, with
per-cell timings).

A run with other parameters (``quick`` or ``parameters``) or with an ``output_dir`` writes
its tables, figures, executed notebooks (a failed one as far as it ran) and its own
``reproduce-summary.md`` to ``output_dir`` (default ``build/runs/<label>``), never to
``notebooks/``, ``figures/`` or the last full run's summary. Each notebook has one cell tagged ``parameters``;
:func:`notebook_parameters` reads it and :func:`resolve_parameters` checks values against it.

Why one module of about 450 lines: executing a notebook, checking its parameters and writing it
back in canonical form are one contract (``clean`` defines what ``execute`` writes, and
``resolve_parameters`` what it may be given), and ``verify`` and the tests read that contract
here; the pieces are short functions, tested in tests/test_reproduce.py.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import sys
import time
from pathlib import Path

from . import paths
from .errors import WordlekitError

#: The kernel every notebook runs on, also written into each executed notebook (JupyterLab
#: writes the same on save, so opening and saving a notebook does not change its metadata).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: The kernel's language_info without "version": the Python patch release differs between
#: machines and is no part of the record.
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}
#: Metadata that changes on every run: papermill's and nbclient's timings, widget state.
VOLATILE_METADATA = ("papermill", "execution", "widgets", "ExecuteTime")
#: A widget's live view: its model id is random and the model dies with the kernel.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Parameters set by options of their own (``--quick``, ``--output-dir``), not by ``-p``.
RESERVED = {"QUICK": "--quick", "OUTPUT_DIR": "--output-dir"}
#: Where the last full run's wall time per notebook is kept, under the build folder.
TIMES_FILE = "reproduce-times.json"


def notebooks() -> list[Path]:
    """The numbered notebooks, in reading order (a clear error outside a checkout)."""
    paths.checkout("running the notebooks (wordlekit reproduce, verify)")
    return sorted(paths.NOTEBOOKS_DIR.glob("[0-9][0-9]-*.ipynb"))


def select(only=None) -> list[Path]:
    """Notebooks whose file name contains one of ``only``, e.g. "02" or "table1" (all if None)."""
    found = notebooks()
    if not only:
        return found
    chosen = []
    for name in only:
        if not name.strip():  # "" is part of every name: it would select every notebook
            raise WordlekitError(f"notebook name {name!r}: expected a number or part of a name")
        matches = [nb for nb in found if name in nb.stem]
        if not matches:
            raise WordlekitError(
                f"no notebook matches {name!r}; expected a number or part of a name among "
                f"{', '.join(nb.stem for nb in found)}"
            )
        chosen += [nb for nb in matches if nb not in chosen]
    return sorted(chosen)


# --- parameters ---------------------------------------------------------------------------------


def notebook_parameters(notebook: Path) -> dict[str, str]:
    """The names in ``notebook``'s parameters cell and their declared types ("int", "list", ...)."""
    return {name: declared for name, (declared, _) in _parameters_cell(notebook).items()}


def _parameters_cell(notebook: Path) -> dict[str, tuple[str, str]]:
    """The names in ``notebook``'s parameters cell: (declared type, default as written)."""
    import papermill

    found = papermill.inspect_notebook(str(notebook))
    return {name: (spec["inferred_type_name"], spec["default"]) for name, spec in found.items()}


def _item_type(default: str):
    """The one type of the items of a list parameter's default (``[1, 2]``: int), or None when
    the default is not a literal list of one type (``list(range(10))``, ``[]``)."""
    try:
        items = ast.literal_eval(default)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    kinds = {type(item) for item in items} if isinstance(items, (list, tuple)) else set()
    if kinds == {int, float}:
        return float
    return kinds.pop() if len(kinds) == 1 else None


def _fits(item, kind) -> bool:
    """Whether a list item is of ``kind`` (an int fits a float; a bool is no number here)."""
    if kind is float:
        return isinstance(item, (int, float)) and not isinstance(item, bool)
    if kind is int:
        return isinstance(item, int) and not isinstance(item, bool)
    return isinstance(item, kind)


def parse_value(text: str):
    """A ``-p`` value: a Python literal (``20``, ``0.5``, ``[1, 2]``, ``True``, ``"salet"``), else
    the text itself as a string, as papermill's ``-p`` reads a bare word."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return text


def _as_declared(name: str, text: str, declared: str, notebook: str, default: str = ""):
    """``text`` as a value of the declared type (a list's items of the type of its default's
    items); a clear error if it cannot be one."""
    value = parse_value(text)
    expected = declared
    if declared == "str":
        return value if isinstance(value, str) else text
    if declared == "bool":
        if isinstance(value, bool):
            return value
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
    elif declared == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif declared == "float":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif declared == "list":
        items = None
        if isinstance(value, (list, tuple)):
            items = list(value)
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):
            items = [value]  # one value for a list parameter: a list of one
        kind = _item_type(default)
        if items is not None and (kind is None or all(_fits(item, kind) for item in items)):
            return items
        expected = "a list such as [1, 2] (or one value)"
        if kind is not None:
            expected = f"a list of {kind.__name__} such as {default} (or one {kind.__name__})"
    elif declared == "dict":
        if isinstance(value, dict):
            return value
        expected = 'a dict such as {"a": 1}'
    else:  # no annotation: take the literal as it is
        return value
    raise WordlekitError(f"parameter {name} of {notebook} expects {expected}, got {text!r}")


def resolve_parameters(pairs, notebook: Path) -> dict:
    """Check ``-p NAME VALUE`` pairs against ``notebook``'s parameters cell; return {name: value}.

    Parameters
    ----------
    pairs : sequence of (str, str)
        Names and values as typed on the command line.
    notebook : Path
        The notebook they are for.

    Raises
    ------
    WordlekitError
        A name that is not in the parameters cell, ``QUICK`` or ``OUTPUT_DIR`` (they have options
        of their own), or a value that does not fit the declared type.
    """
    declared = _parameters_cell(notebook)
    values = {}
    for name, text in pairs or ():
        if name in RESERVED:
            raise WordlekitError(f"set {name} with {RESERVED[name]}, not -p")
        if name not in declared:
            own = [n for n in declared if n not in RESERVED]
            raise WordlekitError(
                f"no parameter {name} in {notebook.stem}; its parameters are "
                f"{', '.join(own) if own else '(none besides QUICK and OUTPUT_DIR)'}"
            )
        kind, default = declared[name]
        values[name] = _as_declared(name, text, kind, notebook.stem, default)
    return values


def run_label(quick: bool, pairs) -> str:
    """Folder name for a run with other parameters, e.g. "quick" or "TOP_K=20"."""
    parts = (["quick"] if quick else []) + [f"{name}={text}" for name, text in pairs or ()]
    return re.sub(r"[^\w.,=+-]+", "_", "-".join(parts)).strip("_") or "run"


# --- deterministic notebooks --------------------------------------------------------------------


def clean(nb):
    """Make an executed notebook the same bytes on every run with the same parameters (in place).

    Drops papermill's and nbclient's timings and the widget state from the metadata, fixes the
    kernelspec and language_info, drops the empty ``tags`` papermill adds, names the cell of
    injected parameters (papermill gives it a random id), and keeps a widget's
    plain-text form but not its live view (a random model id that only a running kernel can
    show). Outputs themselves must already be deterministic: the notebooks print no times or
    paths, and progress bars are off during a run (``TQDM_DISABLE``).

    Parameters
    ----------
    nb : nbformat.NotebookNode
        An executed notebook.

    Returns
    -------
    nbformat.NotebookNode
        ``nb`` itself.
    """
    for key in VOLATILE_METADATA:
        nb.metadata.pop(key, None)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = json.loads(json.dumps(LANGUAGE_INFO))
    for cell in nb.cells:
        for key in VOLATILE_METADATA:
            cell.metadata.pop(key, None)
        if cell.metadata.get("tags") == []:
            del cell.metadata["tags"]
        if "injected-parameters" in cell.metadata.get("tags", []):
            cell.id = "injected-parameters"  # papermill draws a random one
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW, None)
    return nb


def write_notebook(nb, path: Path) -> None:
    """Write ``nb`` as nbformat does (one-space indent, sorted keys, final newline)."""
    import nbformat

    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))


def is_executed(nb) -> bool:
    """True if some code cell of ``nb`` has run (has an execution count)."""
    return any(c.cell_type == "code" and c.get("execution_count") for c in nb.cells)


#: The kernels' environment: a progress bar in a cell would put elapsed times into its output
#: (the runner shows a bar over the cells instead); wordlekit.progress and tqdm honour it.
KERNEL_ENV = {"TQDM_DISABLE": "1"}


@functools.cache
def kernel_manager_class(threads: int | None = None):
    """The kernel manager of a run: this environment's Python, with :data:`KERNEL_ENV`, and
    with ``threads``, numba limited to that many threads (``NUMBA_NUM_THREADS``).

    The kernelspec named ``python3`` could come from elsewhere (a user's own Jupyter folder,
    another Python); the command is set here so the kernel always imports this wordlekit.
    Setting the variables on the kernel alone leaves the caller's environment as it was.
    """
    from jupyter_client.manager import AsyncKernelManager

    env = dict(KERNEL_ENV)
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
    import threading

    from papermill.engines import NBClientEngine, papermill_engines

    class TickingEngine(NBClientEngine):
        @classmethod
        def execute_managed_notebook(cls, nb_man, kernel_name, **kwargs):
            stop = threading.Event()

            def tick():
                while not stop.wait(1.0):
                    if nb_man.pbar is not None:
                        nb_man.pbar.refresh()

            ticker = threading.Thread(target=tick, daemon=True)
            ticker.start()
            try:
                return super().execute_managed_notebook(nb_man, kernel_name, **kwargs)
            finally:
                stop.set()
                ticker.join()

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
    import copy

    import papermill
    from papermill.exceptions import PapermillExecutionError

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


# --- timings ------------------------------------------------------------------------------------


def recorded_times(build: Path) -> dict[str, float]:
    """Wall seconds of each notebook's last full run, as ``build/reproduce-times.json`` keeps
    them ({} before the first full run)."""
    times_file = build / TIMES_FILE
    return json.loads(times_file.read_text()) if times_file.is_file() else {}


def last_full_run(notebook: Path, build: Path) -> str:
    """How long ``notebook``'s last full run took, to show beside its progress bar: measured
    (``build/reproduce-times.json``) if a full run left it, else the notebook's own "Full run
    here" line (text to read, never used to order the run: see :func:`longest_first`)."""
    seconds = recorded_times(build).get(notebook.stem)
    if seconds is not None:
        return f"{seconds:.0f} s"
    import nbformat

    first = nbformat.read(str(notebook), as_version=4).cells[0].source
    said = re.search(r"Full run here:\**\s*(.+?)(?:[.(]\s|\.?$)", " ".join(first.split()))
    return said.group(1).strip() if said else "not known"


def longest_first(notebooks: list[Path], times: dict[str, float]) -> list[Path]:
    """``notebooks`` in the order to start them side by side: those never timed first (in
    reading order: one may be long, and nothing says otherwise), then the longest by ``times``
    (:func:`recorded_times`), so the last to end is never a long one started late."""
    return sorted(
        notebooks,
        key=lambda nb: (nb.stem in times, -times.get(nb.stem, 0.0), nb.name),
    )


#: A table a notebook writes (``write_table(table, "rollout-table1", ...)``) and a file name it
#: reads (``"rollout-table1.csv"``), as they appear in its code cells.
_WRITES = re.compile(r"""write_table\(\s*[^,]+,\s*["']([\w.-]+)["']""")
_READS = re.compile(r"""["']([\w.-]+\.csv)["']""")


def reads_from(notebooks: list[Path]) -> dict[Path, set[Path]]:
    """For each of ``notebooks``, those of them whose tables it reads: a notebook that reads
    ``"NAME.csv"`` in a code cell after another writes ``write_table(..., "NAME", ...)``. Read
    from the notebooks themselves, so a new notebook that reads another's table waits for it
    without a list to keep up to date."""
    import nbformat

    writes, reads = {}, {}
    for notebook in notebooks:
        code = "\n".join(
            cell.source
            for cell in nbformat.read(str(notebook), as_version=4).cells
            if cell.cell_type == "code"
        )
        writes[notebook] = {f"{stem}.csv" for stem in _WRITES.findall(code)}
        reads[notebook] = set(_READS.findall(code)) - writes[notebook]
    return {
        notebook: {
            other for other in notebooks if other != notebook and reads[notebook] & writes[other]
        }
        for notebook in notebooks
    }


def slowest_cells(nb, count: int = 3) -> list[tuple[int | None, float]]:
    """The ``count`` slowest code cells of a papermill-executed notebook: (In [n], seconds)."""
    cells = [
        (c.get("execution_count"), c.metadata.get("papermill", {}).get("duration") or 0.0)
        for c in nb.cells
        if c.cell_type == "code"
    ]
    return sorted(cells, key=lambda c: -c[1])[:count]


def _summary(rows, note: str) -> str:
    """The Markdown summary of a run: one row per notebook, then a total."""
    lines = [
        note,
        "",
        "| notebook | cells | wall time (s) | last full run | slowest cells (s) |",
        "|---|---:|---:|---|---|",
    ]
    for row in rows:
        slow = ", ".join(f"[{n}] {s:.1f}" for n, s in row["slowest"] if s >= 0.05)
        lines.append(
            f"| {row['notebook']} | {row['cells']} | {row['seconds']:.1f} | "
            f"{row['last']} | {slow} |"
        )
    lines.append(
        f"| total | {sum(r['cells'] for r in rows)} | {sum(r['seconds'] for r in rows):.1f} | | |"
    )
    return "\n".join(lines) + "\n"


# --- the run ------------------------------------------------------------------------------------


def output_folder(quick: bool, parameters, output_dir, build: Path) -> Path | None:
    """Where a run writes: None for a full run (notebooks in place, ``figures/``), else a folder.

    Other parameters never write to ``notebooks/`` or ``figures/`` unless ``output_dir`` says so:
    by default they go to ``build/runs/<label>``.
    """
    if output_dir is not None:
        return Path(output_dir).resolve()
    if quick or parameters:
        return (build / "runs" / run_label(quick, parameters)).resolve()
    return None


def _threads_per_job(jobs: int) -> int:
    """Numba threads per notebook when ``jobs`` run at once: the cores shared out (on a
    2-core machine, one each; numba's threads on a core another process holds mostly wait)."""
    return max(1, (os.cpu_count() or 1) // jobs)


def _execute_task(
    notebook: Path,
    destination: Path,
    given: dict,
    raw_copy: Path,
    cwd: Path,
    progress: str | None = None,
    threads: int | None = None,
) -> dict:
    """Execute one notebook (``execute``) in ``cwd``; what the summary needs of it."""
    nb, seconds = execute(
        notebook, destination, given, raw_copy=raw_copy, cwd=cwd, progress=progress, threads=threads
    )
    return {"cells": len(nb.cells), "seconds": seconds, "slowest": slowest_cells(nb)}


def _run_side_by_side(tasks: list, jobs: int, log, times: dict[str, float]) -> dict:
    """Execute ``tasks`` ``jobs`` at a time, each in a process of its own, the longest (by
    ``times``, :func:`longest_first`) first, a notebook after those whose tables it reads
    (:func:`reads_from`). The first error stops the run: notebooks not started are not, and
    the error is raised once the running ones have ended."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from multiprocessing import get_context

    by_notebook = {task[0]: task for task in tasks}
    pending = [by_notebook[nb] for nb in longest_first(list(by_notebook), times)]
    reads = reads_from(list(by_notebook))
    finished: set = set()
    done: dict = {}
    jobs = min(jobs, len(tasks))
    threads = _threads_per_job(jobs)
    log(f"{len(tasks)} notebooks, {jobs} at a time (numba on {threads} thread(s) each)")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        running: dict = {}
        while pending or running:
            for task in list(pending):
                if len(running) == jobs:
                    break
                if reads[task[0]] <= finished:
                    pending.remove(task)
                    running[
                        pool.submit(_execute_task, *task[:4], paths.NOTEBOOKS_DIR, None, threads)
                    ] = task[0]
            if not running:  # notebooks that read each other's tables; never wait on nothing
                raise WordlekitError(
                    f"notebooks {', '.join(t[0].stem for t in pending)} wait on each other's tables"
                )
            ended, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in ended:
                notebook = running.pop(future)
                try:
                    done[notebook] = future.result()
                except WordlekitError:  # a cell's error, the notebook named
                    pending.clear()
                    log(
                        f"  {notebook.stem}: failed; waiting for "
                        f"{', '.join(nb.stem for nb in running.values()) or 'nothing'} to end"
                    )
                    raise
                except Exception as exc:  # a kernel or worker that died (e.g. out of memory)
                    pending.clear()
                    raise WordlekitError(
                        f"{notebook.name} did not finish: {type(exc).__name__}: {exc}; "
                        f"notebooks running beside it: "
                        f"{', '.join(nb.name for nb in running.values()) or 'none'}"
                    ) from exc
                finished.add(notebook)
                log(f"  {notebook.stem}: {done[notebook]['seconds']:.1f} s")
    return done


def run(
    quick: bool = False,
    only=None,
    output_dir: str | Path | None = None,
    build_dir: str | Path | None = None,
    parameters=None,
    log=print,
    progress: bool = True,
    jobs: int = 1,
) -> list[tuple[str, float]]:
    """Execute the selected notebooks; return (notebook, wall seconds) pairs.

    Parameters
    ----------
    quick : bool
        Small runs (each notebook's ``QUICK``), as the tests use.
    only : sequence of str, optional
        Notebooks to run, by number or part of the name (all if None).
    output_dir : str or Path, optional
        Folder for tables, figures and (under ``notebooks/``) the executed notebooks. Default:
        ``figures/`` and the notebooks in place for a full run; ``build/runs/<label>`` with
        ``quick`` or ``parameters``.
    build_dir : str or Path, optional
        Folder of the recorded run times (default ``build/``), and of a full run's papermill
        copies and summary (a run with an output folder keeps those there).
    parameters : sequence of (str, str), optional
        ``-p NAME VALUE`` pairs, checked against every selected notebook before anything runs.
    log : callable
        Receives the lines to show (the summary table included).
    progress : bool
        Show a progress bar over each notebook's cells (one notebook at a time only).
    jobs : int
        How many notebooks to execute at once, each in its own process and kernel, numba's
        threads shared out among them (``_run_side_by_side``). The files written are the same.
    """
    chosen = select(only)
    values = {nb: resolve_parameters(parameters, nb) for nb in chosen}
    build = Path(build_dir) if build_dir else paths.BUILD_DIR
    output = output_folder(quick, parameters, output_dir, build)
    in_place = output is None
    # A full run keeps papermill's copies (per-cell timings) and its summary in build/; a run
    # with other parameters keeps everything in its own folder, where it said it would: its
    # summary beside its tables, and a failed notebook (papermill's copy, written as the cells
    # run) in place of the executed one. So an exploratory run never overwrites the last full
    # run's summary.
    record = build if in_place else output
    (record / "notebooks").mkdir(parents=True, exist_ok=True)
    if in_place:
        log(
            "full run: executed notebooks are written back to notebooks/, tables and figures "
            "to figures/"
        )
    else:
        log(f"tables, figures and executed notebooks go to {_shown(output)}")
    tasks = []
    for notebook in chosen:
        given = dict(values[notebook])
        if quick:
            given["QUICK"] = True
        if output is not None:
            given["OUTPUT_DIR"] = str(output)
        destination = notebook if in_place else output / "notebooks" / notebook.name
        tasks.append(
            (
                notebook,
                destination,
                given,
                record / "notebooks" / notebook.name,
                last_full_run(notebook, build),
            )
        )
    started = time.perf_counter()
    if jobs > 1 and len(tasks) > 1:
        done = _run_side_by_side(tasks, jobs, log, recorded_times(build))
    else:
        done = {}
        for notebook, destination, given, raw_copy, last in tasks:
            bar = f"{notebook.stem} (last full run {last})" if progress else None
            done[notebook] = _execute_task(
                notebook, destination, given, raw_copy, paths.NOTEBOOKS_DIR, bar
            )
            if not progress:
                log(f"  {notebook.stem}: {done[notebook]['seconds']:.1f} s")
    wall = time.perf_counter() - started
    rows = [
        {"notebook": notebook.stem, "last": last, **done[notebook]}
        for notebook, _, _, _, last in tasks
    ]
    timings = [(row["notebook"], row["seconds"]) for row in rows]
    if in_place:
        known = recorded_times(build)
        known.update({name: round(s, 1) for name, s in timings})
        (build / TIMES_FILE).write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
        note = "Full run (notebooks written back to notebooks/)."
    else:
        note = f"Run with {'QUICK, ' if quick else ''}output to {_shown(output)}."
    if jobs > 1 and len(tasks) > 1:
        side = min(jobs, len(tasks))
        note += (
            f" {side} notebooks at a time, numba on {_threads_per_job(side)} thread(s) "
            f"each: {wall:.1f} s of wall time in all."
        )
    summary = _summary(rows, note)
    (record / "reproduce-summary.md").write_text(summary)
    log(summary.rstrip("\n"))
    return timings


def _shown(path: Path) -> str:
    """``path`` relative to the repository when inside it (shorter to read)."""
    try:
        return str(path.relative_to(paths.REPO_ROOT)) + "/"
    except ValueError:
        return str(path) + "/"
