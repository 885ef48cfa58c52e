"""How the CLI ends: a message on one line, SIGTERM handled as Ctrl-C is (the cleanup runs), and
a closed stdout pipe that is no error."""

from __future__ import annotations

import _thread
import os
import signal
import sys
import threading
import time

from ..errors import Terminated


def one_line(message: str) -> str:
    """``message`` on one line, each line break in it shown escaped, as repr shows it.

    A bad value quoted in a message may hold a newline or another line break, e.g. the value of
    ``--lists $'\\x85'``.
    """
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


#: Set by SIGTERM: a command that caught the interruption itself (a sweep, which says how to
#: resume) returns 130, and main turns that into 143, the shell's status for SIGTERM.
signalled = threading.Event()


def terminate(signum, frame):
    """The SIGTERM handler ``main`` installs: note the signal and raise :class:`Terminated`."""
    signalled.set()
    raise Terminated


#: Ctrl-C or SIGTERM that arrived inside a callback from C code while a command ran (see
#: ``deferring``); ``main`` clears it when a command starts and ends.
deferred: list = []


def deferring(hook):
    """A ``sys.unraisablehook`` for the length of a command: Ctrl-C or SIGTERM that Python raised
    inside a callback from C code is noted in ``deferred`` instead of printed, and raised again
    in the main thread a moment later, once the callback has returned.

    numba's compiler calls back into Python (llvmlite's object cache): an interruption that
    lands there is "ignored" by Python, with a traceback on stderr, and the compilation then
    fails with an unrelated RuntimeError or goes on as if no signal had come. Raised again, the
    interruption ends the command where it can unwind (a sweep's cleanup runs, and the CLI says
    ``terminated`` on one line); ``main`` reports a failure that follows a noted one the same
    way. Anything else goes to ``hook``.
    """

    def hook_or_defer(unraisable):
        exc = unraisable.exc_value
        if not isinstance(exc, KeyboardInterrupt):
            hook(unraisable)
            return
        deferred.append(exc)
        # From another thread: here, any way of raising a signal (os.kill, raise_signal,
        # interrupt_main) runs its handler inside this hook, to be "ignored" once more. The
        # thread waits until this hook has returned: a fixed delay was not enough on a loaded
        # machine, where the hook could still be inside Thread.start when the delay ran out.
        # The flag is set by a store, the hook's last step, where no signal handler can run.
        signum = signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT
        left = [False]
        threading.Thread(target=_raise_again, args=(signum, exc, left), daemon=True).start()
        left[0] = True

    return hook_or_defer


def interruption_behind(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or SIGTERM that ``exc`` was raised from or while handling, if any.

    A signal that lands while a numba kernel calls back into Python (``_numba_unpickle``, which
    builds a constant the kernel needs) makes the kernel fail with ``SystemError: ... returned a
    result with an exception set``, the interruption chained behind it as its cause.
    """
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


#: Guards ``deferred`` and ``raised`` between the main thread and ``_raise_again``'s threads.
_lock = threading.Lock()
#: The noted interruptions already raised again in the main thread (their handler may not have
#: run yet: it runs at the main thread's next check for signals).
raised: list = []


def _raise_again(signum: int, exc: BaseException, left: list) -> None:
    """Mark ``signum`` pending in the main thread, once the hook that noted ``exc`` has left
    (``left[0]``), if the command that noted it still runs."""
    while not left[0]:
        time.sleep(0.001)
    time.sleep(0.001)  # past the hook's return to the C code that called it
    with _lock:
        if exc in deferred:
            raised.append(exc)
            _thread.interrupt_main(signum)


def settle(wait: bool) -> None:
    """End the deferring of a command: no noted interruption is raised again after this, and
    with ``wait``, one already raised again whose handler has not run yet is taken here, where
    ``main`` expects it, instead of in its cleanup or at exit (a traceback and status 1, seen
    on a loaded machine when the failure it caused had already been reported)."""
    with _lock:
        pending = bool(raised)
        deferred.clear()
        raised.clear()
    if pending and wait:
        try:
            for _ in range(1000):  # its handler runs at the next check, well within this
                time.sleep(0.001)
        except KeyboardInterrupt:
            pass


def quiet_stdout() -> None:
    """Point stdout at /dev/null after a closed pipe (``wordlekit evaluate | head -1``), so that
    Python's own flush at exit does not raise BrokenPipeError again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (a test's)
        pass
