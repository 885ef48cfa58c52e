"""Set-up of a local sweep's worker process, run by Dask as the worker starts (a preload)."""

import signal
import threading


def dask_setup(worker) -> None:
    """Ignore SIGINT: a terminal's Ctrl-C is the driver's to handle (it closes the cluster and
    says so in one line); a worker that also raised KeyboardInterrupt printed a traceback."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
