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

The package by job: ``selection`` (which notebooks), ``parameters`` (their parameters cell and
``-p`` values), ``canonical`` (the executed notebook's canonical form, which ``verify`` and the
tests read too), ``execution`` (one notebook through papermill), ``planning`` (recorded times,
the order of a run, tables read from other notebooks), ``summary`` (the run's Markdown table)
and ``runner`` (a whole run). The names below are the ones its callers use.
"""

from .canonical import KERNELSPEC, WIDGET_VIEW, clean, is_executed, write_notebook
from .execution import execute, kernel_manager_class
from .parameters import notebook_parameters, parse_value, resolve_parameters
from .planning import (
    TIMES_FILE,
    last_full_run,
    longest_first,
    reading_order,
    reads_from,
    recorded_times,
)
from .runner import output_folder, run, run_label
from .selection import notebooks, select
from .summary import slowest_cells

__all__ = [
    "KERNELSPEC",
    "TIMES_FILE",
    "WIDGET_VIEW",
    "clean",
    "execute",
    "is_executed",
    "kernel_manager_class",
    "last_full_run",
    "longest_first",
    "notebook_parameters",
    "notebooks",
    "output_folder",
    "parse_value",
    "reading_order",
    "reads_from",
    "recorded_times",
    "resolve_parameters",
    "run",
    "run_label",
    "select",
    "slowest_cells",
    "write_notebook",
]
