"""Progress bars for long computations (tqdm), which ``TQDM_DISABLE=1`` turns off everywhere.

``wordlekit reproduce`` and ``wordlekit verify`` set ``TQDM_DISABLE=1`` for the notebooks' kernels:
a bar's text holds elapsed times, which would make the executed notebooks differ from run to run,
and those runs show their own bar over each notebook's cells instead. tqdm reads the variable
itself only for bars created without an explicit ``disable=``; this wrapper honours it always.
"""

from __future__ import annotations

import os


def progress_disabled() -> bool:
    """True if the environment asks for no progress bars (``TQDM_DISABLE`` set and not 0/false)."""
    return os.environ.get("TQDM_DISABLE", "").strip().lower() not in ("", "0", "false")


def tqdm(iterable=None, **kwargs):
    """``tqdm.auto.tqdm(iterable, **kwargs)``, silent when :func:`progress_disabled`."""
    # Imported at the first bar, not at the top: every CLI command imports this module, and
    # tqdm.auto adds about 47 ms to the CLI's 330 ms start-up (python -X importtime), bars or not.
    from tqdm.auto import tqdm as bar

    if progress_disabled():
        kwargs["disable"] = True
    return bar(iterable, **kwargs)
