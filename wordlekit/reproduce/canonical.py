"""The canonical form of an executed notebook: the same bytes on every run with the same
parameters (no run times, dates, hostnames, absolute paths or widget state), so a rerun
rewrites every committed notebook byte for byte and ``git status`` stays clean."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat

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
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))


def is_executed(nb) -> bool:
    """True if some code cell of ``nb`` has run (has an execution count)."""
    return any(c.cell_type == "code" and c.get("execution_count") for c in nb.cells)
