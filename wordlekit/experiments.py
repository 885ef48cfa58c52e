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
    from .progress import tqdm

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
    from .progress import tqdm

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
    from .optimal import Solver, feasible

    rows = []
    root = game.initial_state()
    left = len(game.answers) if max_guesses is None else max_guesses
    for breadth in breadths:
        solver = Solver(game, max_guesses, breadth=breadth)
        start = time.perf_counter()
        total = solver.value(root, left)
        seconds = time.perf_counter() - start
        solved = feasible(total)
        rows.append({"n": breadth, "total": total if solved else None,
                     "starter": game.guesses[solver.best_guess(root, left)] if solved else None,
                     "seconds": seconds, "nodes": solver.nodes})
    return pd.DataFrame(rows).set_index("n")


def prior_table(game: Game, prior, opener: str, heuristics=("mig", "mrd", "gep"), top_k: int = 10,
                optimum: bool = True, progress: bool = True) -> pd.DataFrame:
    """Policies compared when the answer follows ``prior`` (see ``wordlekit.prior``), from ``opener``.

    For each heuristic h, five policies: the papers' h and rollout on h, which ignore the prior
    (``uses_prior`` False); h on the prior's belief; rollout on it with the paper's shortlist
    (``-no-favourite``); and rollout with the favourite candidate added to the shortlist. With
    ``optimum``, the exact optimum under the prior (no cap, and at most six guesses) and the
    papers' optimal strategy for the uniform prior, played under this one.

    Returns one row per policy: ``expected_guesses`` under the prior, ``solved_within_six``
    (probability), ``over_six`` and ``worst`` (answers needing more than six guesses, most
    guesses), ``uniform_mean`` (the papers' average, every answer equally likely) and
    ``seconds``. The optimum rows have no per-answer figures for the capped solve.
    """
    from .progress import tqdm

    from .optimal import Solver, TreePolicy, optimal_tree
    from .rollout import Rollout
    from .heuristics import get_heuristic

    first = game.guess_index(opener, role="opener")
    entries = []
    for name in heuristics:
        entries += [
            (name, False, lambda name=name: make_policy(name, top_k)),
            (f"rollout-{name}", False, lambda name=name: make_policy(f"rollout-{name}", top_k)),
            (f"{name}[prior]", True, lambda name=name: make_policy(name, top_k, prior)),
            (f"rollout-{name}[prior]-no-favourite", True,
             lambda name=name: Rollout(get_heuristic(name, prior), top_k, prior=prior, favourite=False)),
            (f"rollout-{name}[prior]", True, lambda name=name: make_policy(f"rollout-{name}", top_k, prior)),
        ]
    if optimum:
        def solved_tree(solver_prior):
            solver = Solver(game, None, prior=solver_prior)
            solver.opener_total(first)
            return TreePolicy(game, optimal_tree(solver, first))
        entries += [("optimal[prior]", True, lambda: solved_tree(prior)),
                    ("optimal (uniform)", False, lambda: solved_tree(None))]
    rows = []
    for label, uses_prior, build in tqdm(entries, desc=f"{prior.name} prior, {opener}",
                                         disable=not progress, file=sys.stderr, leave=False):
        start = time.perf_counter()
        result = evaluate(game, build(), first)
        rows.append({
            "policy": label, "uses_prior": uses_prior,
            "expected_guesses": prior.expected_guesses(result),
            "solved_within_six": prior.solved_within(result),
            "over_six": result.failed, "worst": result.max_guesses,
            "uniform_mean": result.mean, "seconds": time.perf_counter() - start})
    if optimum:
        start = time.perf_counter()
        capped = Solver(game, 6, prior=prior).opener_total(first)
        rows.append({"policy": "optimal[prior], at most six", "uses_prior": True,
                     "expected_guesses": capped / prior.total, "solved_within_six": 1.0,
                     "over_six": 0, "worst": None, "uniform_mean": None,
                     "seconds": time.perf_counter() - start})
    frame = pd.DataFrame(rows).set_index("policy")
    frame[["over_six", "worst"]] = frame[["over_six", "worst"]].astype("Int64")
    return frame


def rollout_gains(table: pd.DataFrame, heuristics=("mig", "mrd", "gep")) -> pd.DataFrame:
    """From a ``prior_table``: per heuristic, the base's expected guesses, what rollout gains
    over it (with and without the favourite) and, if the optimum is there, the share of the
    base's gap to the optimum that rollout closes."""
    optimum = table["expected_guesses"].get("optimal[prior]")
    rows = []
    for name in heuristics:
        base = table.loc[f"{name}[prior]", "expected_guesses"]
        plain = table.loc[f"rollout-{name}[prior]-no-favourite", "expected_guesses"]
        favourite = table.loc[f"rollout-{name}[prior]", "expected_guesses"]
        row = {"heuristic": name, "base": base, "rollout_no_favourite": plain,
               "rollout": favourite, "gain_no_favourite": base - plain, "gain": base - favourite}
        if optimum is not None:
            row["optimum"] = optimum
            gap = base - optimum
            row["gap_closed_no_favourite"] = (base - plain) / gap if gap > 0 else None
            row["gap_closed"] = (base - favourite) / gap if gap > 0 else None
        rows.append(row)
    return pd.DataFrame(rows).set_index("heuristic")
