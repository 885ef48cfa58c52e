"""The grid behind the rollout paper's tables: policies by name x modes x openers, evaluated
exactly (``evaluate_grid``), with each cell's total, mean, failures, worst case and seconds."""

from __future__ import annotations

import sys
import time

import pandas as pd

from .evaluation import Evaluation, evaluate
from .game import Game
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
    details : DataFrame, one row per (opener, column): total, mean, failed, max_guesses (the
        worst case, ``Evaluation.worst``), seconds
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
                "failed": result.failed,
                "max_guesses": result.worst,
                "seconds": seconds,
            }
        )
    details = pd.DataFrame(rows)
    averages = details.pivot(index="opener", columns="column", values="mean")
    averages = averages.loc[list(openers), list(columns)]
    averages.columns.name = None
    return averages, details, evaluations
