"""What every benchmark's results file says of where its figures were measured, written once.

A results file (``benchmarks/*-results.md``) gives its command and the machine it ran on, and
on this shared machine the load around the run; each script writes its own table, and takes
these lines from here so that they read alike and change in one place. The scripts run as
``python benchmarks/NAME.py``, which puts this folder first on ``sys.path``.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

import numba


def machine(processor: bool = False) -> str:
    """The machine, as ``x86_64, 2 cores, Python 3.12.3, numba 0.61.2``; with ``processor``,
    the processor's own name where the platform gives one."""
    name = (platform.processor() or platform.machine()) if processor else platform.machine()
    return (
        f"{name}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numba {numba.__version__}"
    )


def load(start: float) -> str:
    """The 1-minute load average at the start of a run (``start``, ``os.getloadavg()[0]``
    then) and now, at its end."""
    return (
        f"1-minute load average {start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end "
        "(the machine is shared)"
    )


def write(path: Path, lines: list[str]) -> None:
    """A results file: ``lines``, one a line, ending with a newline."""
    Path(path).write_text("\n".join(lines) + "\n")


def report(path: Path | str | None, lines: list[str]) -> None:
    """A benchmark's report: ``lines`` printed and, with a ``path``, written as its results
    file (``write``)."""
    print("\n".join(lines), flush=True)
    if path:
        write(path, lines)
