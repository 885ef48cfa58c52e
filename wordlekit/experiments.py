"""Experiment grids behind the tables: policies x modes x openers, evaluated exactly.

One policy object serves every opener of a mode, so a rollout's memoised base-policy values
(``T_H`` of every state met so far) are shared between openers.
"""

from __future__ import annotations

import sys
import time

import pandas as pd

from .evaluate import Evaluation, evaluate
from .game import Game
from .policies import make_policy, warm_up


def evaluate_grid(game: Game, columns: dict[str, tuple[str, str]], openers, top_k: int = 10,
                  progress: bool = True) -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    """Evaluate every (mode, policy) column from every opener.

    Parameters
    ----------
    game : Game (its lists are used; the mode comes from each column)
    columns : {column name: (mode, policy name)}, e.g. ``{"easy_mig": ("easy", "mig")}``
    openers : sequence of str

    Returns
    -------
    averages : DataFrame, index opener, one column per entry of ``columns`` (guesses per game)
    details : DataFrame, one row per (opener, column): total, mean, failed, max_guesses, seconds
    evaluations : {(opener, column): Evaluation}
    """
    from tqdm.auto import tqdm

    policies, games, evaluations, rows = {}, {}, {}, []
    for column, (mode, name) in columns.items():
        games.setdefault(mode, game.with_mode(mode))
        policies[column] = make_policy(name, top_k)
        warm_up(games[mode], name)
    cells = [(o, c) for c in columns for o in openers]
    for opener, column in tqdm(cells, desc="evaluating", unit="cell", disable=not progress,
                               file=sys.stderr):
        mode, name = columns[column]
        start = time.perf_counter()
        result: Evaluation = evaluate(games[mode], policies[column], opener)
        seconds = time.perf_counter() - start
        evaluations[opener, column] = result
        rows.append({"opener": opener, "column": column, "mode": mode, "policy": name,
                     "total": result.total, "mean": result.mean, "failed": result.failed,
                     "max_guesses": result.max_guesses, "seconds": seconds})
    details = pd.DataFrame(rows)
    averages = details.pivot(index="opener", columns="column", values="mean")
    averages = averages.loc[list(openers), list(columns)]
    averages.columns.name = None
    return averages, details, evaluations


def valuation_table(game: Game, combinations=None, progress: bool = True) -> pd.DataFrame:
    """Cunanan & Thielscher's Table 1: every combined valuation's strategy, ranked by TOTAL.

    Each strategy picks its own opener. Rows are sorted by TOTAL, then by the number of
    valuations, then in ``all_combinations`` order; ``rank`` numbers them from 1.
    """
    from tqdm.auto import tqdm

    from .valuations import ValuationStrategy, all_combinations

    combinations = all_combinations() if combinations is None else combinations
    cache: dict = {}
    rows = []
    root = game.initial_state()
    for combination in tqdm(combinations, desc="valuations", unit="strategy",
                            disable=not progress, file=sys.stderr):
        strategy = ValuationStrategy(combination, cache)
        start = time.perf_counter()
        opener = game.guesses[strategy.choose(game, root)]
        result = evaluate(game, strategy, opener)
        rows.append({"combination": strategy.name, "valuations": len(strategy.combination),
                     "opener": opener, "total": result.total, "mean": result.mean,
                     "max_guesses": result.max_guesses,
                     "seconds": time.perf_counter() - start})
    table = pd.DataFrame(rows).sort_values(["total", "valuations"], kind="stable")
    table.insert(0, "rank", range(1, len(table) + 1))
    return table.set_index("rank")


def apmintotal_table(game: Game, breadths=(1, 5, 10, 20), max_guesses: int | None = None) -> pd.DataFrame:
    """ApMinTotal(S, n) and its starter for each search breadth n (their Table 2)."""
    from .optimal import INFEASIBLE, Solver

    rows = []
    root = game.initial_state()
    left = len(game.answers) if max_guesses is None else max_guesses
    for breadth in breadths:
        solver = Solver(game, max_guesses, breadth=breadth)
        start = time.perf_counter()
        total = solver.value(root, left, 10 ** 12)
        seconds = time.perf_counter() - start
        feasible = total < INFEASIBLE
        rows.append({"n": breadth, "total": total if feasible else None,
                     "starter": game.guesses[solver.best_guess(root, left)] if feasible else None,
                     "seconds": seconds, "nodes": solver.nodes})
    return pd.DataFrame(rows).set_index("n")
