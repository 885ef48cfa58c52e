"""A notebook's parameters: the names and types its cell tagged ``parameters`` declares, and
``-p NAME VALUE`` pairs checked against them before anything runs (one clear error each)."""

from __future__ import annotations

import ast
from pathlib import Path

import papermill

from ..errors import WordlekitError

#: Parameters set by options of their own (``--quick``, ``--output-dir``), not by ``-p``.
RESERVED = {"QUICK": "--quick", "OUTPUT_DIR": "--output-dir"}


def notebook_parameters(notebook: Path) -> dict[str, str]:
    """The names in ``notebook``'s parameters cell and their declared types ("int", "list", ...)."""
    return {name: declared for name, (declared, _) in _parameters_cell(notebook).items()}


def _parameters_cell(notebook: Path) -> dict[str, tuple[str, str]]:
    """The names in ``notebook``'s parameters cell: (declared type, default as written)."""
    found = papermill.inspect_notebook(str(notebook))
    return {name: (spec["inferred_type_name"], spec["default"]) for name, spec in found.items()}


def _item_type(default: str):
    """The one type of the items of a list parameter's default (``[1, 2]``: int), or None when
    the default is not a literal list of one type (``list(range(10))``, ``[]``)."""
    try:
        items = ast.literal_eval(default)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    kinds = {type(item) for item in items} if isinstance(items, (list, tuple)) else set()
    if kinds == {int, float}:
        return float
    return kinds.pop() if len(kinds) == 1 else None


def _fits(item, kind) -> bool:
    """Whether a list item is of ``kind`` (an int fits a float; a bool is no number here)."""
    if kind is float:
        return isinstance(item, (int, float)) and not isinstance(item, bool)
    if kind is int:
        return isinstance(item, int) and not isinstance(item, bool)
    return isinstance(item, kind)


def parse_value(text: str):
    """A ``-p`` value: a Python literal (``20``, ``0.5``, ``[1, 2]``, ``True``, ``"salet"``), else
    the text itself as a string, as papermill's ``-p`` reads a bare word."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return text


def _as_declared(name: str, text: str, declared: str, notebook: str, default: str = ""):
    """``text`` as a value of the declared type (a list's items of the type of its default's
    items); a clear error if it cannot be one."""
    value = parse_value(text)
    expected = declared
    if declared == "str":
        return value if isinstance(value, str) else text
    if declared == "bool":
        if isinstance(value, bool):
            return value
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
    elif declared == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif declared == "float":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif declared == "list":
        items = None
        if isinstance(value, (list, tuple)):
            items = list(value)
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):
            items = [value]  # one value for a list parameter: a list of one
        kind = _item_type(default)
        if items is not None and (kind is None or all(_fits(item, kind) for item in items)):
            return items
        expected = "a list such as [1, 2] (or one value)"
        if kind is not None:
            expected = f"a list of {kind.__name__} such as {default} (or one {kind.__name__})"
    elif declared == "dict":
        if isinstance(value, dict):
            return value
        expected = 'a dict such as {"a": 1}'
    else:  # no annotation: take the literal as it is
        return value
    raise WordlekitError(f"parameter {name} of {notebook} expects {expected}, got {text!r}")


def resolve_parameters(pairs, notebook: Path) -> dict:
    """Check ``-p NAME VALUE`` pairs against ``notebook``'s parameters cell; return {name: value}.

    Parameters
    ----------
    pairs : sequence of (str, str)
        Names and values as typed on the command line.
    notebook : Path
        The notebook they are for.

    Raises
    ------
    WordlekitError
        A name that is not in the parameters cell, ``QUICK`` or ``OUTPUT_DIR`` (they have options
        of their own), or a value that does not fit the declared type.
    """
    declared = _parameters_cell(notebook)
    values = {}
    for name, text in pairs or ():
        if name in RESERVED:
            raise WordlekitError(f"set {name} with {RESERVED[name]}, not -p")
        if name not in declared:
            own = [n for n in declared if n not in RESERVED]
            raise WordlekitError(
                f"no parameter {name} in {notebook.stem}; its parameters are "
                f"{', '.join(own) if own else '(none besides QUICK and OUTPUT_DIR)'}"
            )
        kind, default = declared[name]
        values[name] = _as_declared(name, text, kind, notebook.stem, default)
    return values
