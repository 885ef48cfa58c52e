"""The order of a run: the last full run's time per notebook (kept in ``build/``, never parsed
from prose), the longest started first when notebooks run side by side, a notebook after those
whose tables it reads, and the cores shared out among them."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import nbformat

from ..errors import WordlekitError

#: Where the last full run's wall time per notebook is kept, under the build folder.
TIMES_FILE = "reproduce-times.json"


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


def reading_order(notebooks: list[Path]) -> list[Path]:
    """``notebooks`` in their order, but each after those of them whose tables it reads
    (:func:`reads_from`): the order one job runs them in (04 reads 09's strict optima)."""
    reads = reads_from(notebooks)
    ordered: list[Path] = []
    pending = list(notebooks)
    while pending:
        ready = next((nb for nb in pending if reads[nb] <= set(ordered)), None)
        if ready is None:
            raise WordlekitError(
                f"notebooks {', '.join(nb.stem for nb in pending)} wait on each other's tables"
            )
        ordered.append(ready)
        pending.remove(ready)
    return ordered


def threads_per_job(jobs: int) -> int:
    """Numba threads per notebook when ``jobs`` run at once: the cores shared out (on a
    2-core machine, one each; numba's threads on a core another process holds mostly wait)."""
    return max(1, (os.cpu_count() or 1) // jobs)
