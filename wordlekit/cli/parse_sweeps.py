"""The grammar of the sweeps over openers (``cli/sweeps``): sweep and top-openers."""

from __future__ import annotations

import argparse

from ..game import MODES
from ..rollout import DEFAULT_TOP_K
from .arguments import (
    add_cluster,
    add_game,
    add_json,
    add_lists,
    add_max_guesses,
    add_openers,
    add_policy,
)
from .options import MAX_DEPTH, MAX_TOTAL, count, whole


def add_sweep(commands) -> argparse.ArgumentParser:
    """The ``sweep`` command."""
    sw = commands.add_parser(
        "sweep",
        help="one task per opener, mode and word lists, on Dask, into a resumable store",
        description="Run one task kind over many openers, modes and word lists on Dask "
        "distributed (a local cluster, one worker process per core, or --scheduler). "
        "Rows go to a SQLite --store; rerunning the same command skips what is done.",
    )
    sw.add_argument(
        "--task",
        default="evaluate",
        metavar="T",
        help="evaluate (a policy's TOTAL), optimal (the exact optimum), cutoff (the "
        "optimum if below --bound, else 'at least B') or lower-bound (V_i of "
        "Cunanan & Thielscher, --depth i); default evaluate",
    )
    sw.add_argument(
        "--store",
        required=True,
        metavar="FILE",
        help="SQLite file of results (created if missing; reused to resume)",
    )
    add_openers(sw)
    sw.add_argument(
        "--modes",
        default="easy",
        metavar="M,...",
        help=f"modes separated by commas, of {', '.join(MODES)} (default easy)",
    )
    add_lists(sw, several=True)
    add_game(sw)
    add_policy(sw, "mig", "evaluate: ")
    sw.add_argument(
        "--top-k",
        type=count,
        default=DEFAULT_TOP_K,
        metavar="K",
        help=f"evaluate: rollout shortlist size (default {DEFAULT_TOP_K})",
    )
    sw.add_argument(
        "--bound",
        type=whole(1, MAX_TOTAL),
        metavar="B",
        help="cutoff: the cutoff B (required); lower-bound: stop at B",
    )
    sw.add_argument(
        "--depth",
        type=whole(1, MAX_DEPTH),
        default=2,
        metavar="I",
        help="lower-bound: the i of V_i (default 2)",
    )
    add_max_guesses(sw, "evaluate: games over G unfinished; optimal, cutoff: ")
    add_cluster(sw)
    add_json(sw, "done, pruned, skipped, crashed, seconds, workers, tasks_per_second")
    return sw


def add_top_openers(commands) -> argparse.ArgumentParser:
    """The ``top-openers`` command."""
    top = commands.add_parser(
        "top-openers",
        help="the k openers with the smallest optimum, proved (bounds, cutoff)",
        description="Prove which openers have the k smallest exact optima: solve a few exactly, "
        "rule the others out with Cunanan & Thielscher's lower bounds V_i and the "
        "cutoff search, each stage a resumable sweep on Dask (stores in --store-dir).",
    )
    top.add_argument(
        "--k",
        type=count,
        default=10,
        metavar="K",
        help="how many best openers to prove (default 10)",
    )
    add_openers(top)
    top.add_argument("--mode", default="easy", choices=MODES, help="game mode (default easy)")
    add_lists(top)
    add_game(top)
    add_max_guesses(top)
    top.add_argument(
        "--depths",
        default="2,3,4",
        metavar="I,...",
        help="the V_i to try before the cutoff search, in order (default 2,3,4; '' for none)",
    )
    top.add_argument(
        "--store-dir",
        required=True,
        metavar="DIR",
        help="folder of the stages' SQLite stores (created; reused to resume)",
    )
    top.add_argument("--csv", metavar="FILE", help="also write every opener's row to FILE")
    add_cluster(top)
    return top
