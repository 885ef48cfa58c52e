"""Command-line interface: ``wordlekit evaluate | optimal | within | hint | play | review | sweep | top-openers | reproduce | verify | cache``.

Mistakes a user can make (an unknown word, policy or mode, a malformed list) print one line,
``wordlekit: error: ...``, and exit with status 2; never a traceback.

One module per job: ``parser`` builds the grammar from each command group's ``parse_*`` module
(every subcommand and its options; the options several share in ``arguments``), with the numbers'
ranges and types in ``options``; ``inputs`` holds the checks several commands share (the game
or lists chosen, the prior, files to read and write); the commands live by what they do
(``exact``: evaluate, optimal; ``within``: within; ``play``: hint, play; ``review``: review; ``sweeps``: sweep, top-openers;
``notebooks``: reproduce, verify; ``housekeeping``: cache); ``signals`` says how a run ends.
No algorithm lives here: each ``cmd_*`` function checks its input and calls the library.
"""

from __future__ import annotations

import importlib
import signal
import sys
import threading

from .. import paths
from ..errors import WordlekitError
from .options import use_threads
from .parser import build_parser
from .signals import (
    Terminated,
    deferred,
    deferring,
    interruption_behind,
    one_line,
    quiet_stdout,
    settle,
    signalled,
    terminate,
)

#: Each command and the module of this package whose ``cmd_<command>`` runs it.
COMMANDS = {
    "evaluate": "exact",
    "optimal": "exact",
    "within": "within",
    "reproduce": "notebooks",
    "verify": "notebooks",
    "hint": "play",
    "review": "review",
    "play": "play",
    "sweep": "sweeps",
    "top-openers": "sweeps",
    "cache": "housekeeping",
}


def command(name: str):
    """The function that runs command ``name`` (a key of :data:`COMMANDS`)."""
    # The command's module is imported here, when it runs, not at the top: a command then loads
    # only what it uses (sweep and top-openers import dask and pandas, slow to import; the
    # notebooks' commands papermill's helpers), and `wordlekit --help` none of them.
    module = importlib.import_module(f"{__name__}.{COMMANDS[name]}")
    return getattr(module, "cmd_" + name.replace("-", "_"))


def main(argv=None) -> int:
    """Run one command; its exit status: 0, 1 (a sweep with crashed tasks, a verify that found a
    difference), 2 (bad input, one line), 130 (Ctrl-C), 143 (SIGTERM), 0 for a closed pipe."""
    said: list[str] = []  # the line main ended with, said once
    try:
        return _main(argv, said)
    except KeyboardInterrupt as late:
        # an interruption noted inside a callback from C and raised again just as main was
        # reporting the failure it caused: the same ending, said once
        terminated = isinstance(late, Terminated) or signalled.is_set()
        if not said:
            print(f"wordlekit: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return 143 if terminated else 130


def _end(said: list, line: str, status: int) -> int:
    said.append(line)
    print(f"wordlekit: {line}", file=sys.stderr)
    return status


def _main(argv, said: list) -> int:
    previous = None
    signalled.clear()
    deferred.clear()
    interrupted = False
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, terminate)
    unraisable = sys.unraisablehook
    sys.unraisablehook = deferring(unraisable)
    try:
        args = build_parser().parse_args(argv)
        paths.check_cache()  # before any kernel is compiled or file written
        use_threads(getattr(args, "threads", None))
        status = command(args.command)(args)
        return 143 if status == 130 and signalled.is_set() else status
    except WordlekitError as exc:
        return _end(said, f"error: {one_line(str(exc))}", 2)
    except Terminated:
        interrupted = True
        return _end(said, "terminated", 143)
    except KeyboardInterrupt:
        interrupted = True
        return _end(said, "interrupted", 130)
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except Exception as exc:
        cause = interruption_behind(exc) or (deferred[0] if deferred else None)
        if cause is None:
            raise
        # what failed was what the interruption broke (numba's compiler, or a kernel whose call
        # back into Python it cut short): it ends the command, and its raising again ends here
        interrupted = True
        settle(wait=True)
        terminated = isinstance(cause, Terminated)
        return _end(said, "terminated" if terminated else "interrupted", 143 if terminated else 130)
    finally:
        settle(wait=not interrupted)
        sys.unraisablehook = unraisable
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
