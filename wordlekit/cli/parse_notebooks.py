"""The grammar of the notebooks' commands and the cache (``cli/notebooks``,
``cli/housekeeping``): reproduce, verify and cache."""

from __future__ import annotations

import argparse

from .options import MAX_JOBS, whole


def add_reproduce(commands) -> argparse.ArgumentParser:
    """The ``reproduce`` command."""
    rep = commands.add_parser(
        "reproduce",
        help="regenerate the papers' tables and figures (runs the notebooks)",
        description="Execute the notebooks with papermill. A full run (no --quick, -p or "
        "--output-dir) writes each executed notebook back to notebooks/ with its "
        "outputs, and tables and figures to figures/; run times go to build/ only "
        "(build/reproduce-summary.md). With --quick or -p, tables, figures, "
        "executed notebooks (a failed one as far as it ran) and the run's own "
        "reproduce-summary.md go to --output-dir (default build/runs/quick or "
        "build/runs/NAME=VALUE), never to notebooks/, figures/ or build/.",
    )
    rep.add_argument("--quick", action="store_true", help="small runs (what the tests use)")
    rep.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="notebooks to run, by number or part of the name (e.g. 02 table1)",
    )
    rep.add_argument(
        "-p",
        "--parameter",
        nargs=2,
        action="append",
        metavar=("NAME", "VALUE"),
        dest="parameters",
        help="set a parameter of the notebooks' parameters cell, e.g. -p TOP_K 20 or "
        "-p SEEDS '[10, 11]' (a Python literal, else a string); repeatable",
    )
    rep.add_argument(
        "--output-dir",
        metavar="DIR",
        help="write tables, figures and executed notebooks (in DIR/notebooks) here",
    )
    rep.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=1,
        metavar="N",
        help="execute N notebooks at a time, the cores shared out among them "
        "(default 1; make reproduce uses 2). The files written are the same",
    )
    return rep


def add_verify(commands) -> argparse.ArgumentParser:
    """The ``verify`` command."""
    ver = commands.add_parser(
        "verify",
        help="check that the committed notebooks are what the code computes (nbval)",
        description="Re-execute the executed notebooks of notebooks/ in a scratch copy "
        "(build/verify, figures there too) with pytest --nbval and compare every "
        "cell's outputs with the committed ones. A difference fails, naming the "
        "notebook, the cell and the first differing line.",
    )
    ver.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="notebooks to check, by number or part of the name (default: all)",
    )
    return ver


def add_cache(commands) -> argparse.ArgumentParser:
    """The ``cache`` command."""
    cache = commands.add_parser(
        "cache",
        help="the cache folder: pattern matrices and numba's kernels, their size",
        description="Show the cache folder (WORDLEKIT_CACHE, else the user's cache folder) and "
        "the size of what wordlekit keeps there; both only save time.",
    )
    cache.add_argument(
        "--clear",
        action="store_true",
        help="delete them (refused if the folder holds files wordlekit did not write)",
    )
    return cache
