"""The user's cache folder (``paths.cache_root``): what wordlekit keeps there, its size, and
clearing it.

Two kinds of file, both only saving time (deleting them never changes a result; the next run
computes them again): the pattern matrices of a million cells or more
(``patterns-KEY.npy``, ``feedback.pattern_matrix``; a ``patterns-KEY.PID.tmp.npy`` left by an
interrupted write) and, under ``numba/``, numba's compiled kernels (``.nbi`` index and ``.nbc``
code files, one folder per module) unless the user pointed ``NUMBA_CACHE_DIR`` elsewhere.

``clear`` deletes those files and nothing else: a folder holding any other file (a
``WORDLEKIT_CACHE`` set to one's home folder by mistake) is refused, untouched.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from . import paths
from .errors import WordlekitError

#: How ``feedback.pattern_matrix`` names a cached matrix (``KEY``: lists and format version).
PATTERN_FILE = "patterns-{key}.npy"
#: The suffixes of numba's cache files (index, compiled code).
NUMBA_SUFFIXES = (".nbi", ".nbc")


def pattern_file(key: str) -> Path:
    """Where the pattern matrix of cache key ``key`` is kept (the folder created if missing)."""
    return paths.cache_dir() / PATTERN_FILE.format(key=key)


@dataclass(frozen=True)
class Contents:
    """What a cache folder holds: wordlekit's files by kind, and any other file found."""

    folder: Path
    patterns: tuple[Path, ...]
    kernels: tuple[Path, ...]  # under numba/ (none new while NUMBA_CACHE_DIR points elsewhere)
    others: tuple[Path, ...]

    sizes: dict  # bytes of each of wordlekit's files, read when the folder was

    def size(self, files) -> int:
        """Bytes of ``files`` (some of wordlekit's) as they were found."""
        return sum(self.sizes[f] for f in files)


def numba_here() -> bool:
    """True if numba's kernels go to ``numba/`` in wordlekit's cache folder (they go wherever
    ``NUMBA_CACHE_DIR`` says: ``paths.use_numba_cache`` keeps a value the user set)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    return not chosen or Path(chosen).resolve() == paths.numba_cache_dir().resolve()


def contents(folder=None) -> Contents:
    """What ``folder`` (default ``paths.cache_root()``) holds; a clear error if it is a file."""
    folder = Path(folder) if folder is not None else paths.cache_root()
    if folder.exists() and not folder.is_dir():
        raise WordlekitError(
            f"cache folder {str(folder)!r} is a file; expected a folder (WORDLEKIT_CACHE)"
        )
    try:
        return _contents(folder)
    except OSError as exc:
        raise WordlekitError(
            f"cache folder {str(folder)!r} cannot be read ({exc.strerror}); expected a "
            "readable folder (WORDLEKIT_CACHE)"
        ) from None


def _contents(folder: Path) -> Contents:
    patterns, kernels, others = [], [], []
    # Only numba/ is walked: anything else at the top is foreign as a whole (a WORDLEKIT_CACHE
    # of / is not read through). No symbolic link is followed or counted as wordlekit's.
    for entry in folder.iterdir() if folder.is_dir() else ():
        if entry.is_symlink():
            others.append(entry)
        elif entry.is_file() and entry.match(PATTERN_FILE.format(key="*")):
            patterns.append(entry)
        elif entry.name == "numba" and entry.is_dir():
            for where, folders, files in os.walk(entry):
                here = Path(where)
                others += [here / f for f in folders if (here / f).is_symlink()]
                for name in files:
                    path = here / name
                    mine = path.suffix in NUMBA_SUFFIXES and not path.is_symlink()
                    (kernels if mine else others).append(path)
        else:
            others.append(entry)
    sizes = {}
    for path in patterns + kernels:
        try:
            sizes[path] = path.stat().st_size
        except FileNotFoundError:  # deleted meanwhile by another run's clear
            sizes[path] = 0
    patterns, kernels, others = sorted(patterns), sorted(kernels), sorted(others)
    return Contents(folder, tuple(patterns), tuple(kernels), tuple(others), sizes)


def clear(folder=None) -> Contents:
    """Delete wordlekit's files from the cache folder (and the then empty folders of
    ``numba/``); returns what was deleted. Refused, deleting nothing, if the folder holds any
    other file."""
    found = contents(folder)
    if found.others:
        raise WordlekitError(
            f"cache folder {str(found.folder)!r} holds {len(found.others)} file(s) or "
            f"folder(s) wordlekit did not write, e.g. {str(found.others[0])!r}; expected a "
            "wordlekit cache (pattern matrices, numba's kernels): nothing cleared"
        )
    for path in found.patterns + found.kernels:
        path.unlink(missing_ok=True)
    numba_folder = found.folder / "numba"
    if numba_folder.is_dir():
        for where, _, _ in os.walk(numba_folder, topdown=False):
            # a folder another run has just written into stays
            with contextlib.suppress(OSError):
                Path(where).rmdir()
    return found
