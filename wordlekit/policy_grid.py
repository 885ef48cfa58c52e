"""The grid behind the rollout paper's tables: policies by name x modes x openers, evaluated
exactly (``evaluate_grid``), with each cell's total, mean, failures, worst case and seconds;
and the same grid under several tie orders (``tie_order_grid``) with each cell's range
(``tie_order_range``)."""

from __future__ import annotations

import sys
import time

import pandas as pd

from .evaluation import Evaluation, evaluate
from .game import TIE_ORDERS, Game
from .policies import make_policy
from .progress import tqdm
from .rollout import DEFAULT_TOP_K
from .warmup import warm_up


def evaluate_grid(
    game: Game,
    columns: dict[str, tuple[str, str]],
    openers,
    top_k: int = DEFAULT_TOP_K,
    progress: bool = True,
) -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    """Evaluate every (mode, policy) column from every opener.

    One policy object serves every opener of a column, so a rollout's memoised base-policy
    values (``T_H`` of every state met so far) are shared between openers.

    Parameters
    ----------
    game : Game (its lists are used; the mode comes from each column)
    columns : {column name: (mode, policy name)}, e.g. ``{"easy_mig": ("easy", "mig")}``
    openers : sequence of str

    Returns
    -------
    averages : DataFrame, index opener, one column per entry of ``columns`` (guesses per game)
    details : DataFrame, one row per (opener, column): total, mean, unfinished (answers not
        solved within six guesses), worst (most guesses), seconds: the names of ``results``
    evaluations : {(opener, column): Evaluation}
    """
    policies, games, evaluations, rows = {}, {}, {}, []
    for column, (mode, name) in columns.items():
        games.setdefault(mode, game.with_mode(mode))
        policies[column] = make_policy(name, top_k)
        warm_up(games[mode], name)
    cells = [(o, c) for c in columns for o in openers]
    for opener, column in tqdm(
        cells, desc="evaluating", unit="cell", disable=not progress, file=sys.stderr
    ):
        mode, name = columns[column]
        start = time.perf_counter()
        result: Evaluation = evaluate(games[mode], policies[column], opener)
        seconds = time.perf_counter() - start
        evaluations[opener, column] = result
        rows.append(
            {
                "opener": opener,
                "column": column,
                "mode": mode,
                "policy": name,
                "total": result.total,
                "mean": result.mean,
                "unfinished": result.unfinished,
                "worst": result.worst,
                "seconds": seconds,
            }
        )
    details = pd.DataFrame(rows)
    averages = details.pivot(index="opener", columns="column", values="mean")
    averages = averages.loc[list(openers), list(columns)]
    averages.columns.name = None
    return averages, details, evaluations


def tie_order_name(order: str, seed: int = 0) -> str:
    """How a tie order is named in tables: the order, or ``random-SEED``."""
    return f"random-{seed}" if order == "random" else order


def tie_order_grid(
    game: Game,
    columns: dict[str, tuple[str, str]],
    openers,
    orders=TIE_ORDERS[:3],
    seeds=(0,),
    top_k: int = DEFAULT_TOP_K,
    progress: bool = True,
) -> pd.DataFrame:
    """The averages of ``evaluate_grid`` under each tie order (``Game.in_tie_order``): every
    order of ``orders`` but ``random``, then one random order per seed of ``seeds``.

    Returns
    -------
    DataFrame indexed by (tie order name, opener), one column per entry of ``columns``.
    """
    runs = [(o, 0) for o in orders if o != "random"] + [("random", s) for s in seeds]
    frames = {}
    for order, seed in runs:
        averages, _, _ = evaluate_grid(
            game.in_tie_order(order, seed), columns, openers, top_k, progress
        )
        frames[tie_order_name(order, seed)] = averages
    return pd.concat(frames, names=["tie_order", "opener"])


def tie_order_range(per_order: pd.DataFrame) -> pd.DataFrame:
    """Each cell's least and greatest value over the tie orders of ``tie_order_grid``:
    columns ``<column>_ties_min`` and ``<column>_ties_max``, indexed by opener (first-seen
    order)."""
    grouped = per_order.groupby(level="opener", sort=False)
    low, high = grouped.min(), grouped.max()
    out = pd.DataFrame(index=low.index)
    for column in per_order.columns:
        out[f"{column}_ties_min"] = low[column]
        out[f"{column}_ties_max"] = high[column]
    return out
