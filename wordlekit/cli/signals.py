"""How the CLI ends: a message on one line, SIGTERM handled as Ctrl-C is (the cleanup runs), and
a closed stdout pipe that is no error."""

from __future__ import annotations

import os
import sys
import threading


def one_line(message: str) -> str:
    """``message`` on one line, each line break in it shown escaped, as repr shows it.

    A bad value quoted in a message may hold a newline or another line break, e.g. the value of
    ``--lists $'\\x85'``.
    """
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that the cleanup a Ctrl-C runs (a sweep's
    store closed with every row received, a Dask cluster shut down) runs for it too."""


#: Set by SIGTERM: a command that caught the interruption itself (a sweep, which says how to
#: resume) returns 130, and main turns that into 143, the shell's status for SIGTERM.
signalled = threading.Event()


def terminate(signum, frame):
    """The SIGTERM handler ``main`` installs: note the signal and raise :class:`Terminated`."""
    signalled.set()
    raise Terminated


def quiet_stdout() -> None:
    """Point stdout at /dev/null after a closed pipe (``wordlekit evaluate | head -1``), so that
    Python's own flush at exit does not raise BrokenPipeError again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (a test's)
        pass
