"""Which notebooks a run executes: the numbered notebooks of ``notebooks/``, or those whose
names contain a number or a part given (``--only 02 table1``)."""

from __future__ import annotations

from pathlib import Path

from .. import paths
from ..errors import WordlekitError


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
