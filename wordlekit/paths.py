"""Where things are: the data shipped in the package, the user's cache, the repository's folders.

Three kinds of location, so that nothing depends on the working directory and an installed
wheel works from anywhere:

- ``DATA_DIR`` / ``REFERENCE_DIR``: the word lists, the Norvig corpus and the papers' published
  tables, shipped inside the package (``wordlekit/data/``) and found with ``importlib.resources``;
  read only.
- ``cache_dir()``: pattern matrices and numba's compiled kernels. ``WORDLEKIT_CACHE`` if set,
  else the user's cache folder (``platformdirs``, e.g. ``~/.cache/wordlekit``): never inside the
  package, which may be read-only or shared by several users.
- ``REPO_ROOT`` and its ``notebooks/``, ``figures/`` and ``build/``: the reproduction, which only
  a checkout of the repository has (``checkout()`` says so clearly otherwise).
"""

import os
import sys
from importlib import resources
from pathlib import Path

import platformdirs

from .errors import WordlekitError

#: The package's own data, found by ``importlib.resources``. A package installed as files (by
#: pip from a wheel, editable, or a checkout) gives a plain ``Path``, which pandas, numpy and the
#: notebooks accept; pip never installs a package as a zip, the one case that would not.
DATA_DIR = Path(resources.files(__package__) / "data")
REFERENCE_DIR = DATA_DIR / "reference"

REPO_ROOT = Path(__file__).resolve().parent.parent
FIGURES_DIR = REPO_ROOT / "figures"
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
BUILD_DIR = REPO_ROOT / "build"


def in_checkout() -> bool:
    """True if this wordlekit runs from a checkout of its repository (notebooks/ beside it)."""
    return (REPO_ROOT / "pyproject.toml").is_file() and NOTEBOOKS_DIR.is_dir()


def checkout(what: str) -> Path:
    """``REPO_ROOT`` if this is a checkout; else a clear error saying that ``what`` needs one.

    An installed wheel has the library and its data but not the notebooks, figures and build
    folders the reproduction reads and writes.
    """
    if not in_checkout():
        raise WordlekitError(
            f"{what} needs a checkout of the wordlekit repository (its notebooks/ and figures/); "
            f"this wordlekit is installed at {REPO_ROOT / 'wordlekit'}: clone the repository "
            "and run `make setup` there"
        )
    return REPO_ROOT


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
    if path:
        out = Path(path)
    else:
        checkout("writing into figures/ (no output folder given)")
        out = FIGURES_DIR
    out.mkdir(parents=True, exist_ok=True)
    return out


def cache_root() -> Path:
    """``WORDLEKIT_CACHE``, else the user's cache folder for wordlekit (not created here)."""
    given = os.environ.get("WORDLEKIT_CACHE", "").strip()
    return Path(given).expanduser() if given else Path(platformdirs.user_cache_dir("wordlekit"))


def cache_dir() -> Path:
    """Folder for on-disk caches (pattern matrices), created on first use."""
    path = cache_root()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WordlekitError(
            f"cache folder {str(path)!r} cannot be created ({exc.strerror}); expected a "
            "writable folder: set WORDLEKIT_CACHE to one"
        ) from None
    return path


def numba_cache_dir() -> Path:
    """Where numba keeps the compiled kernels: ``numba/`` in the cache folder."""
    return cache_root() / "numba"


def use_numba_cache() -> None:
    """Point numba's cache at ``numba_cache_dir()`` unless the user chose one (NUMBA_CACHE_DIR).

    Without it numba writes its cache beside the source, in ``__pycache__`` of the installed
    package (site-packages), or silently recompiles where that is read-only. Numba picks a
    function's cache folder when ``@njit(cache=True)`` decorates it, from its configuration,
    read when numba is imported: so this runs before wordlekit's kernels are defined, and
    makes numba read the variable again if it was imported first. Worker processes inherit
    it. It applies to every numba function of this process, which is why a value the user set
    is kept.
    """
    os.environ.setdefault("NUMBA_CACHE_DIR", str(numba_cache_dir()))
    numba = sys.modules.get("numba")
    if numba is not None:
        numba.config.reload_config()
