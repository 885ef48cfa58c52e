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

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
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


def probe_folder(folder: Path) -> None:
    """Raise ``OSError`` unless ``folder`` takes a new file: a file without a name is made
    there and dropped, the folder's times put back, so that nothing shows. Only a real write
    proves it: as root every permission check says yes, even on a read-only system folder."""
    times = folder.stat()
    tempfile.TemporaryFile(dir=folder).close()
    with contextlib.suppress(OSError):  # only the owner may set the times: then they show
        os.utime(folder, ns=(times.st_atime_ns, times.st_mtime_ns))


def writable_folder(path: Path, variable: str) -> Path:
    """``path``, created if missing and shown to take a file (:func:`probe_folder`); else one
    clear error naming it and ``variable``, the environment variable that chooses it."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe_folder(path)
    except OSError as exc:
        what = "is a file" if path.is_file() else f"cannot be created or written ({exc.strerror})"
        raise WordlekitError(
            f"cache folder {str(path)!r} {what}; expected a writable folder: set {variable} to one"
        ) from None
    return path


def cache_dir() -> Path:
    """Folder for on-disk caches (pattern matrices), created on first use."""
    return writable_folder(cache_root(), "WORDLEKIT_CACHE")


def numba_cache_dir() -> Path:
    """Where numba keeps the compiled kernels: ``numba/`` in the cache folder."""
    return cache_root() / "numba"


#: Why the cache folder could not be used when wordlekit was imported (one line), if it could
#: not: ``check_cache`` raises it.
_unusable: list[str] = []


def use_numba_cache() -> None:
    """Point numba's cache at ``numba_cache_dir()`` unless the user chose one (NUMBA_CACHE_DIR).

    Without it numba writes its cache beside the source, in ``__pycache__`` of the installed
    package (site-packages), or silently recompiles where that is read-only. Numba picks a
    function's cache folder when ``@njit(cache=True)`` decorates it, from its configuration,
    read when numba is imported: so this runs before wordlekit's kernels are defined, and
    makes numba read the variable again if it was imported first. Worker processes inherit
    it. It applies to every numba function of this process, which is why a value the user set
    is kept.

    A cache folder that cannot be used (``WORDLEKIT_CACHE`` set to a file, an unwritable
    folder) would send numba back to the package's ``__pycache__``: the kernels are then
    compiled into a scratch folder removed at exit, and :func:`check_cache` (the command line,
    before any work) or :func:`cache_dir` (the first pattern matrix cached) says what is wrong.
    Nothing is raised here: this runs on import, before the command line can report anything.
    """
    given = "NUMBA_CACHE_DIR" in os.environ
    folder = Path(os.environ.setdefault("NUMBA_CACHE_DIR", str(numba_cache_dir())))
    try:
        if not given:  # a file given as WORDLEKIT_CACHE: named as the user wrote it
            cache_dir()
        writable_folder(folder, "NUMBA_CACHE_DIR" if given else "WORDLEKIT_CACHE")
    except WordlekitError as exc:
        _unusable.append(str(exc))
        scratch = tempfile.mkdtemp(prefix="wordlekit-numba-")
        atexit.register(shutil.rmtree, scratch, ignore_errors=True)
        os.environ["NUMBA_CACHE_DIR"] = scratch
    numba = sys.modules.get("numba")
    if numba is not None:
        numba.config.reload_config()


def check_cache() -> None:
    """One clear error if the cache folders cannot be used, as found when wordlekit was
    imported or now (``WORDLEKIT_CACHE`` changed since): the command line asks before any
    kernel is compiled or any file written."""
    if _unusable:
        raise WordlekitError(_unusable[0])
    cache_dir()
