"""Progress bars for long computations (tqdm), which ``TQDM_DISABLE=1`` turns off everywhere.

``wordlekit reproduce`` and ``wordlekit verify`` set ``TQDM_DISABLE=1`` for the notebooks' kernels:
a bar's text holds elapsed times, which would make the executed notebooks differ from run to run,
and those runs show their own bar over each notebook's cells instead. tqdm reads the variable
itself only for bars created without an explicit ``disable=``; this wrapper honours it always.

:func:`bar` is the bar of one computation as wordlekit shows it (on stderr, cleared when it
ends); :func:`ticking` redraws a bar every second through a step that can take minutes.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading


def progress_disabled() -> bool:
    """True if the environment asks for no progress bars (``TQDM_DISABLE`` set and not 0/false)."""
    return os.environ.get("TQDM_DISABLE", "").strip().lower() not in ("", "0", "false")


def tqdm(iterable=None, **kwargs):
    """``tqdm.auto.tqdm(iterable, **kwargs)``, silent when :func:`progress_disabled`."""
    # Imported at the first bar, not at the top: every CLI command imports this module, and
    # tqdm.auto is a noticeable share of the CLI's start-up, bars or not
    # (benchmarks/quoted-results.md).
    from tqdm.auto import tqdm as bar

    if progress_disabled():
        kwargs["disable"] = True
    return bar(iterable, **kwargs)


def bar(desc: str, total: int | None = None, unit: str = "it", show: bool = True, **options):
    """A bar over one computation: on stderr (stdout holds the results), cleared when it ends
    (``leave=False`` unless ``options`` say otherwise), silent when ``show`` is false.

    Parameters
    ----------
    desc : str
        What is being computed, shown first.
    total : int, optional
        How many ``unit`` there are (None: not known yet; set ``.total`` later).
    unit : str
        What one step of the bar is ("answer", "guess", ...).
    show : bool
        False gives a silent bar, whose calls cost next to nothing.
    **options
        Other ``tqdm`` options (``bar_format``, ``leave``, ``smoothing``, an ``iterable``).
    """
    options.setdefault("leave", False)
    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, disable=not show, **options)


@contextlib.contextmanager
def ticking(redraw, seconds: float = 1.0):
    """Call ``redraw()`` every ``seconds`` on a thread of its own while the block runs, so that a
    bar's elapsed time does not stand still through one step that takes minutes (tqdm redraws
    only when the bar is updated)."""
    stop = threading.Event()

    def tick():
        while not stop.wait(seconds):
            redraw()

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        stop.set()
        ticker.join()
