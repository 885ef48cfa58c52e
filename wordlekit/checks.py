"""The one check of a count a caller passes in: a whole number, at least some bound.

A bool is no count here (``True`` would pass as 1), nor a float, even 2.0: the caller meant
something else. The message names the value, what it is for and what was expected; the CLI
checks its own options' ranges as it parses them (``cli.options``) and never reaches these.
"""

from __future__ import annotations

import numpy as np

from .errors import WordlekitError


def whole_number(value, what: str, low: int | None = 1, none: str | None = None) -> int | None:
    """``value`` as an int if it is a whole number of at least ``low`` (any, if ``low`` is None).

    Parameters
    ----------
    value : object
        What the caller passed.
    what : str
        What the value is for, as the message names it ("top-k", "number of particles N").
    low : int or None
        The least value allowed; None for no bound (a seed).
    none : str, optional
        What None means, if the caller allows it (``"every guess"``); None is then returned.

    Raises
    ------
    WordlekitError
        ``"{what} must be a whole number >= {low} [or None ({none})], got {value!r}"``.
    """
    if value is None and none is not None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, np.integer))
        or (low is not None and value < low)
    ):
        expected = "a whole number" + ("" if low is None else f" >= {low}")
        also = "" if none is None else f" or None ({none})"
        raise WordlekitError(f"{what} must be {expected}{also}, got {value!r}")
    return int(value)
