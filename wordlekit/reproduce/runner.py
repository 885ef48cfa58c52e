"""A run: the notebooks chosen, their parameters checked, executed one at a time or side by
side in processes of their own, the times recorded and the summary written.

A full run (default parameters, no output folder) writes each executed notebook back to
``notebooks/`` and the tables and figures to ``figures/``; any other run writes everything to
its own folder (``output_folder``).
"""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing import get_context
from pathlib import Path

from .. import paths
from ..errors import WordlekitError
from .execution import execute
from .parameters import resolve_parameters
from .planning import (
    TIMES_FILE,
    last_full_run,
    longest_first,
    reading_order,
    reads_from,
    recorded_times,
    threads_per_job,
)
from .selection import select
from .summary import shown, slowest_cells, summary_table


def run_label(quick: bool, pairs) -> str:
    """Folder name for a run with other parameters, e.g. "quick" or "TOP_K=20"."""
    parts = (["quick"] if quick else []) + [f"{name}={text}" for name, text in pairs or ()]
    return re.sub(r"[^\w.,=+-]+", "_", "-".join(parts)).strip("_") or "run"


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
    by_notebook = {task[0]: task for task in tasks}
    pending = [by_notebook[nb] for nb in longest_first(list(by_notebook), times)]
    reads = reads_from(list(by_notebook))
    finished: set = set()
    done: dict = {}
    jobs = min(jobs, len(tasks))
    threads = threads_per_job(jobs)
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
        log(f"tables, figures and executed notebooks go to {shown(output)}")
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
        by_notebook = {task[0]: task for task in tasks}
        for notebook in reading_order(list(by_notebook)):
            _, destination, given, raw_copy, last = by_notebook[notebook]
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
        note = f"Run with {'QUICK, ' if quick else ''}output to {shown(output)}."
    if jobs > 1 and len(tasks) > 1:
        side = min(jobs, len(tasks))
        note += (
            f" {side} notebooks at a time, numba on {threads_per_job(side)} thread(s) "
            f"each: {wall:.1f} s of wall time in all."
        )
    summary = summary_table(rows, note)
    (record / "reproduce-summary.md").write_text(summary)
    log(summary.rstrip("\n"))
    return timings
