"""Check that the committed notebooks are what the code computes (``make verify``).

Each executed notebook is copied to a scratch folder (``build/verify/``), its parameters cell
sending tables and figures to ``build/verify/figures/`` (a copy of ``figures/``, never
``figures/`` itself), and re-executed with
``pytest --nbval``: every code cell's outputs must equal the committed ones, text for text.
nbval compares printed text, tables (plain text and HTML) and errors; it does not compare images
or widget views (the numbers behind each figure are in a table, and ``make reproduce`` followed
by ``git status`` checks the figures' bytes). No sanitize file is needed: the outputs hold no run
times, paths or addresses (see ``wordlekit.reproduce.clean``), so they are compared as they are.

This module is also the pytest plugin of that run (``-p wordlekit.verify``): for each cell that
differs it reports the notebook, the cell and the first differing line, after nbval's own report.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

from . import paths
from .errors import WordlekitError
from .notebook_env import notebook_env
from .reproduce import is_executed

#: Output keys nbval does not compare (its own list: images unless --nbdime, widget views).
NOT_COMPARED = ("image/png", "image/jpeg", "application/vnd.jupyter.widget-view+json")
#: pytest settings of the scratch run; the repository's own (warnings as errors, testpaths) are
#: for the test suite, not for the notebooks' kernels.
PYTEST_INI = "[pytest]\naddopts = -p no:cacheprovider\n"


def scratch_copy(notebook: Path, scratch: Path) -> Path:
    """Copy ``notebook`` into ``scratch`` with ``OUTPUT_DIR`` set to ``scratch/figures``.

    The parameters cell gets one more line at its end, so the copy has the same cells, in the
    same order, as the committed notebook (nbval's "Cell n" means the same cell in both).
    """
    nb = nbformat.read(str(notebook), as_version=4)
    for cell in nb.cells:
        if "parameters" in cell.metadata.get("tags", []):
            figures = str((scratch / "figures").resolve())
            cell.source += f"\nOUTPUT_DIR = {figures!r}  # wordlekit verify: never figures/"
            break
    copy = scratch / notebook.name
    nbformat.write(nb, str(copy))
    return copy


def verify(notebooks, scratch: Path | None = None, log=print) -> int:
    """Re-execute executed notebooks in a scratch folder with nbval; return pytest's exit status.

    Parameters
    ----------
    notebooks : sequence of Path
        Executed notebooks (with outputs) to check.
    scratch : Path, optional
        Scratch folder, emptied first (default ``build/verify``).
    log : callable
        Receives the lines to show besides pytest's own output.

    Raises
    ------
    WordlekitError
        A notebook has no outputs to compare with (it was never executed in place).
    """
    notebooks = [Path(nb) for nb in notebooks]
    unexecuted = [
        nb.stem for nb in notebooks if not is_executed(nbformat.read(str(nb), as_version=4))
    ]
    if unexecuted:
        raise WordlekitError(
            f"no outputs to compare in {', '.join(unexecuted)}: run `make reproduce` (or "
            "`wordlekit reproduce --only ...`) first, or check others with --only"
        )
    scratch = Path(scratch) if scratch else paths.BUILD_DIR / "verify"
    shutil.rmtree(scratch, ignore_errors=True)
    # Some notebooks read tables that earlier ones wrote (04 plots Tables 1-2): start from the
    # committed ones, as a run in place would.
    shutil.copytree(paths.FIGURES_DIR, scratch / "figures")
    (scratch / "pytest.ini").write_text(PYTEST_INI)
    copies = [scratch_copy(nb, scratch) for nb in notebooks]
    log(f"re-executing {len(copies)} notebook(s) in {scratch} with pytest --nbval")
    command = [
        sys.executable,
        "-m",
        "pytest",
        "--nbval",
        "--nbval-current-env",
        "--nbval-cell-timeout",
        "7200",
        "-p",
        "wordlekit.verify",
        "-c",
        str(scratch / "pytest.ini"),
        "--rootdir",
        str(scratch),
        "-v",
        f"--color={'yes' if sys.stdout.isatty() else 'no'}",
        *map(str, copies),
    ]
    # The kernels of `make reproduce`: no progress bars (their text holds elapsed times), and
    # numpy's and OpenBLAS's code paths those runs pinned.
    env = {
        **os.environ,
        **notebook_env(),
        "WORDLEKIT_VERIFY_SOURCES": os.pathsep.join(str(nb.parent) for nb in notebooks),
    }
    return subprocess.run(command, env=env, cwd=scratch, check=False).returncode


# --- the first differing line -------------------------------------------------------------------


def _flatten(outputs, sanitize) -> dict[str, list[str]]:
    """Outputs keyed as nbval compares them: stream name or MIME type -> texts, in order."""
    flat: dict[str, list[str]] = {}
    for output in outputs:
        if output.get("output_type") == "stream":
            flat.setdefault(output["name"], []).append(sanitize(output["text"]))
        elif output.get("output_type") == "error":
            flat.setdefault("error", []).append(f"{output['ename']}: {output['evalue']}")
        for key, value in output.get("data", {}).items():
            if key not in NOT_COMPARED:
                text = value if isinstance(value, str) else repr(value)
                flat.setdefault(key, []).append(sanitize(text))
    return flat


def _merge_streams(outputs) -> list:
    """Streams of the same name joined into their first occurrence, as nbval compares them."""
    merged, streams = [], {}
    for output in outputs:
        if output.get("output_type") == "stream":
            if output["name"] in streams:
                streams[output["name"]]["text"] += output["text"]
                continue
            stream = {"output_type": "stream", "name": output["name"], "text": output["text"]}
            streams[output["name"]] = stream
            merged.append(stream)
            continue
        merged.append(output)
    return merged


def first_difference(committed, computed, sanitize=lambda text: text):
    """Where a cell's computed outputs first differ from its committed ones.

    Parameters
    ----------
    committed, computed : sequence of dict
        Cell outputs in nbformat's form (``output_type``, ``name``/``text`` or ``data``).
    sanitize : callable
        Applied to every text before comparing (nbval's substitutions).

    Returns
    -------
    tuple (str, int, str, str) or None
        The output kind (``stdout``, ``text/plain``, ...), the 1-based line number within it and
        the committed and computed lines (``"(none)"`` past the end); None if nothing differs.
    """
    old = _flatten(_merge_streams(committed), sanitize)
    new = _flatten(_merge_streams(computed), sanitize)
    for key in list(old) + [k for k in new if k not in old]:
        old_texts, new_texts = old.get(key, []), new.get(key, [])
        for i in range(max(len(old_texts), len(new_texts))):
            old_lines = old_texts[i].splitlines() if i < len(old_texts) else []
            new_lines = new_texts[i].splitlines() if i < len(new_texts) else []
            if old_lines == new_lines and i < len(old_texts) and i < len(new_texts):
                continue
            for n in range(max(len(old_lines), len(new_lines))):
                old_line = old_lines[n] if n < len(old_lines) else "(none)"
                new_line = new_lines[n] if n < len(new_lines) else "(none)"
                if old_line != new_line:
                    return key, n + 1, old_line, new_line
            return (
                key,
                1,
                "(none)" if i >= len(old_texts) else "(empty)",
                "(none)" if i >= len(new_texts) else "(empty)",
            )
    return None


# --- pytest plugin ------------------------------------------------------------------------------

_FAILURES: list[str] = []


def _describe(item) -> str:
    """``notebooks/NAME.ipynb, cell [n] (nbval Cell m, "first line of its source")`` for an nbval
    cell item: [n] is what JupyterLab shows beside the cell, m counts code cells from 0."""
    sources = os.environ.get("WORDLEKIT_VERIFY_SOURCES", "").split(os.pathsep)
    folder = next(
        (Path(s) for s in sources if s and (Path(s) / item.path.name).is_file()),
        paths.NOTEBOOKS_DIR,
    )
    try:
        shown = (folder / item.path.name).relative_to(paths.REPO_ROOT)
    except ValueError:
        shown = folder / item.path.name
    first = next((line for line in item.cell.source.splitlines() if line.strip()), "")
    count = item.cell.get("execution_count")
    return (
        f"{shown}, cell [{count if count is not None else ' '}] (nbval Cell {item.cell_num}, "
        f'"{first[:60]}")'
    )


def pytest_runtest_makereport(item, call):
    """Record, for each failing notebook cell, where its outputs first differ."""
    if call.when != "call" or call.excinfo is None or not hasattr(item, "cell"):
        return
    where = _describe(item)
    computed = getattr(item, "test_outputs", None) or []
    errors = [o for o in computed if o.get("output_type") == "error"]
    if errors:
        _FAILURES.append(f"{where}: raised {errors[0]['ename']}: {errors[0]['evalue']}")
        return
    difference = first_difference(item.cell.get("outputs", []), computed, item.sanitize)
    if difference is None:
        _FAILURES.append(f"{where}: {call.excinfo.exconly().splitlines()[0]}")
        return
    key, line, old, new = difference
    _FAILURES.append(f"{where}: {key}, line {line}\n    committed: {old}\n    computed:  {new}")


def pytest_terminal_summary(terminalreporter):
    """After pytest's report, one entry per differing cell: notebook, cell, first line."""
    if not _FAILURES:
        return
    terminalreporter.section("wordlekit verify: outputs differ from the committed notebooks")
    for failure in _FAILURES:
        terminalreporter.write_line(failure)
