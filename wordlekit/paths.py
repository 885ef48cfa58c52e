"""Locations anchored at the repository root, so nothing depends on the working directory.

``WORDLEKIT_CACHE`` overrides where pattern matrices are cached (default: ``.cache/`` in the
repository, which git ignores).
"""

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"
REFERENCE_DIR = DATA_DIR / "reference"
FIGURES_DIR = REPO_ROOT / "figures"
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
BUILD_DIR = REPO_ROOT / "build"


class Written(list):
    """Paths of files just written (a list of ``Path``), shown by file name only.

    A notebook cell ending in ``save_figure(...)`` or ``write_table(...)`` displays its result;
    names alone keep the executed notebook free of this machine's folders, so it is the same
    wherever and into whichever ``OUTPUT_DIR`` it runs.
    """

    def __repr__(self) -> str:
        return "wrote " + ", ".join(Path(p).name for p in self)


def output_dir(path=None) -> Path:
    """Where tables and figures go: ``path`` if given, else ``figures/``; created if missing."""
    out = Path(path) if path else FIGURES_DIR
    out.mkdir(parents=True, exist_ok=True)
    return out


def cache_dir() -> Path:
    """Folder for on-disk caches (pattern matrices), created on first use."""
    path = Path(os.environ.get("WORDLEKIT_CACHE", REPO_ROOT / ".cache"))
    path.mkdir(parents=True, exist_ok=True)
    return path
