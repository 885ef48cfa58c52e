"""The version of wordlekit, as installed: one function for the library, the CLI and any record.

``package_version()`` reads it from the installed distribution's metadata
(``importlib.metadata``), whose one source is ``version`` in pyproject.toml, so no second copy
of the number can drift from it. ``wordlekit.__version__`` and ``wordlekit --version`` both
come from here, and so should any record that notes which wordlekit wrote it.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version

#: What ``package_version`` returns when wordlekit is imported without being installed (a
#: source tree on ``sys.path``): a valid version (PEP 440) that no release will ever have.
UNKNOWN = "0+unknown"


@cache
def package_version() -> str:
    """The installed wordlekit's version, e.g. ``"0.1.0"``; ``UNKNOWN`` if not installed."""
    try:
        return version("wordlekit")
    except PackageNotFoundError:
        return UNKNOWN
