"""A Dask worker preload for the sweep tests: each worker computes its first task at once and
holds every later one until the file named by ``WORDLEKIT_TEST_GATE`` exists.

So a test acts "in the middle of a sweep" on an event (a first row in the store, rows that
cannot grow until the test opens the gate), whatever the speed of the machine.
"""

import os
import time

from wordlekit.sweep import tasks

_compute = tasks.compute
_started = []


def _gated(*args, **kwargs):
    if _started:
        while not os.path.exists(os.environ["WORDLEKIT_TEST_GATE"]):
            time.sleep(0.05)
    _started.append(args[1])
    return _compute(*args, **kwargs)


def dask_setup(worker):
    tasks.compute = _gated
