"""Provenance: which code and which lists produced a result.

``record(guesses, answers)`` is the one record every JSON result of the command line and every
new row of a sweep store carries: the package ``version`` (``version.package_version``), the
git ``commit`` of the checkout this wordlekit runs from (``None`` for an installed wheel, or
where git is missing), ``modified`` (tracked files differ from that commit: the commit alone
is then not the code; ``None`` with no commit) and the sha256 of the two word lists
(``WordList.sha256``: the words one per line, so a list read from a file with Windows line ends
or a byte-order mark has the hash of the same words written plainly). No time and no path: the
same code and lists give the same record, so a JSON result stays the same bytes from run to run.

``toplevel(folder)`` is the checkout that holds a folder, which ``reproduce`` and ``verify``
compare with the one they act on (``paths.REPO_ROOT``).
"""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path

from . import paths
from .version import package_version

#: Seconds a git query may take before it counts as unknown (a hung network file system).
GIT_TIMEOUT = 10


def _git(folder: Path, *args: str) -> str | None:
    """``git -C folder ARGS``'s output, stripped; None when git is missing or fails."""
    try:
        proc = subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


def toplevel(folder) -> Path | None:
    """The root of the git checkout that holds ``folder`` (resolved), None outside any."""
    root = _git(Path(folder), "rev-parse", "--show-toplevel")
    return Path(root).resolve() if root else None


def commit(root=None) -> tuple[str | None, bool | None]:
    """(commit, modified) of the checkout at ``root`` (default this wordlekit's, ``None``
    unless it runs from a checkout): HEAD's full hash, and whether a tracked file differs from
    it. (None, None) outside a checkout or without git."""
    if root is None:
        if not paths.in_checkout():
            return None, None
        root = paths.REPO_ROOT
    if toplevel(root) != Path(root).resolve():
        return None, None  # a folder inside some other repository is not a checkout of ours
    head = _git(Path(root), "rev-parse", "HEAD")
    if head is None:
        return None, None
    status = _git(Path(root), "status", "--porcelain", "--untracked-files=no")
    return head, None if status is None else status != ""


@functools.cache
def _code() -> tuple:
    """(version, commit, modified) of this process, asked once (the code does not change while
    it runs; a sweep writes thousands of rows)."""
    return (package_version(), *commit())


def record(guesses, answers) -> dict:
    """The provenance of a result computed with these lists (``WordList`` each, or anything
    with a ``sha256``; None for lists the caller does not have, whose sha256 is then None):
    ``version``, ``commit``, ``modified``, ``guesses_sha256`` and ``answers_sha256`` (see the
    module doc)."""
    code_version, head, modified = _code()
    return {
        "version": code_version,
        "commit": head,
        "modified": modified,
        "guesses_sha256": None if guesses is None else guesses.sha256,
        "answers_sha256": None if answers is None else answers.sha256,
    }
