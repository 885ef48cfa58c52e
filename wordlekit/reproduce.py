"""Regenerate every table and figure: execute the notebooks with papermill.

Executed copies go to ``build/notebooks/``; tables and figures to ``figures/`` (or
``output_dir``). Each notebook takes the parameters ``QUICK`` (a small run, for tests) and
``OUTPUT_DIR``; a run prints each notebook's wall time and writes the summary to
``build/reproduce-summary.md``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from . import paths
from .errors import WordlekitError


def notebooks() -> list[Path]:
    """The numbered notebooks, in reading order."""
    return sorted(paths.NOTEBOOKS_DIR.glob("[0-9][0-9]-*.ipynb"))


def select(only=None) -> list[Path]:
    """Notebooks whose file name contains one of ``only``, e.g. "02" or "table1" (all if None)."""
    found = notebooks()
    if not only:
        return found
    chosen = []
    for name in only:
        matches = [nb for nb in found if name in nb.stem]
        if not matches:
            raise WordlekitError(
                f"no notebook matches {name!r}; expected a number or part of a name among "
                f"{', '.join(nb.stem for nb in found)}")
        chosen += [nb for nb in matches if nb not in chosen]
    return sorted(chosen)


def run(quick: bool = False, only=None, output_dir: str | Path | None = None,
        build_dir: str | Path | None = None, log=print) -> list[tuple[str, float]]:
    """Execute the selected notebooks; return (notebook, wall seconds) pairs."""
    import papermill

    build = Path(build_dir) if build_dir else paths.BUILD_DIR
    (build / "notebooks").mkdir(parents=True, exist_ok=True)
    output = str(Path(output_dir).resolve()) if output_dir else ""
    # The kernel must be this environment's Python, whatever PATH the caller had.
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")
    timings = []
    for notebook in select(only):
        start = time.perf_counter()
        log(f"running {notebook.name} ...")
        papermill.execute_notebook(
            str(notebook), str(build / "notebooks" / notebook.name),
            parameters={"QUICK": quick, "OUTPUT_DIR": output}, kernel_name="python3",
            cwd=str(paths.NOTEBOOKS_DIR), progress_bar=False)
        seconds = time.perf_counter() - start
        timings.append((notebook.stem, seconds))
        log(f"  {notebook.stem}: {seconds:.1f} s")
    total = sum(s for _, s in timings)
    summary = ["| notebook | wall time (s) |", "|---|---:|",
               *[f"| {name} | {s:.1f} |" for name, s in timings], f"| total | {total:.1f} |"]
    (build / "reproduce-summary.md").write_text("\n".join(summary) + "\n")
    log("\n".join(summary))
    return timings
