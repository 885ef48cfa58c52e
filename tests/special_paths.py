"""Places the tests cannot write to, whoever runs them.

A file or folder made read-only with chmod stops a user, but not root, for whom every
permission bit is waived (the CI container runs as root). A read-only system folder stops
both: sysfs refuses new files and writes to its read-only files even to root. Each function
returns such a place, checked by trying (nothing is written where the try succeeds), or None
where there is none; a test then skips that case.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

#: A sysfs file and folder that refuse writes on Linux, to root too.
SYSTEM_FILE = Path("/sys/kernel/notes")
SYSTEM_FOLDER = Path("/sys/kernel")


def _refuses_append(path: Path) -> bool:
    try:
        with open(path, "a"):
            return False
    except OSError:
        return True


def _refuses_files(folder: Path) -> bool:
    try:
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return True
    return False


def read_only_file(scratch: Path) -> Path | None:
    """A file that exists and cannot be written: one made in ``scratch`` and chmod 444, or a
    system file where that does not stop this user."""
    path = scratch / "read-only.txt"
    path.write_text("salet\n")
    path.chmod(0o444)
    if _refuses_append(path):
        return path
    path.chmod(0o644)
    path.unlink()
    return SYSTEM_FILE if SYSTEM_FILE.is_file() and _refuses_append(SYSTEM_FILE) else None


def unwritable_folder(scratch: Path) -> Path | None:
    """A folder that exists and takes no new file: one made in ``scratch`` and chmod 555, or a
    system folder where that does not stop this user."""
    path = scratch / "locked"
    path.mkdir()
    path.chmod(0o555)
    if _refuses_files(path):
        return path
    path.chmod(0o755)
    path.rmdir()
    return SYSTEM_FOLDER if SYSTEM_FOLDER.is_dir() and _refuses_files(SYSTEM_FOLDER) else None


def unlock(scratch: Path) -> None:
    """Give back the write permission taken in ``scratch``, so that it can be removed."""
    for name in ("read-only.txt", "locked"):
        with contextlib.suppress(OSError):
            os.chmod(scratch / name, 0o755)
