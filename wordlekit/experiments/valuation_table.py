"""Cunanan & Thielscher's Table 1: every combined valuation's strategy (``valuations``),
evaluated exactly and ranked by TOTAL.

References
----------
- [cunanan2023]_, Table 1.
"""

from __future__ import annotations

import sys
import time

import pandas as pd

from ..evaluation import evaluate
from ..game import Game
from ..progress import tqdm
from ..valuations import ValuationStrategy, all_combinations


def valuation_table(
    game: Game,
    combinations=None,
    progress: bool = True,
    tie_break=None,
    first_of_two: bool = False,
) -> pd.DataFrame:
    """Cunanan & Thielscher's Table 1: every combined valuation's strategy, ranked by TOTAL.

    Each strategy picks its own opener. ``tie_break``: a key per guess that decides between
    equal valuations instead of list order (``valuations.frequency_tie_break``); it is slower,
    as the strategies then share no cache. ``first_of_two``: with two candidates left every
    strategy plays the first, as the authors' code did (``ValuationStrategy``). Rows are sorted by TOTAL, then by the number of
    valuations, then in ``all_combinations`` order; ``rank`` numbers them from 1.
    """
    combinations = all_combinations() if combinations is None else combinations
    cache: dict | None = {} if tie_break is None else None
    rows = []
    root = game.initial_state()
    for combination in tqdm(
        combinations, desc="valuations", unit="strategy", disable=not progress, file=sys.stderr
    ):
        strategy = ValuationStrategy(
            combination, cache, tie_break=tie_break, first_of_two=first_of_two
        )
        start = time.perf_counter()
        opener = game.guesses[strategy.choose(game, root)]
        result = evaluate(game, strategy, opener)
        rows.append(
            {
                "combination": strategy.name,
                "valuations": len(strategy.combination),
                "opener": opener,
                "total": result.total,
                "mean": result.mean,
                "worst": result.worst,
                "seconds": time.perf_counter() - start,
            }
        )
    table = pd.DataFrame(rows).sort_values(["total", "valuations"], kind="stable")
    table.insert(0, "rank", range(1, len(table) + 1))
    return table.set_index("rank")
