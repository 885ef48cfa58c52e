"""Policies compared when the answer follows a prior (``prior.Prior``): the open problem the
rollout paper ends with.

``prior_table`` compares the papers' policies, their versions on the prior's belief and the
exact optimum under a prior; ``rollout_gains`` reads from it what rollout gains over its base
and how much of the base's gap to the optimum it closes.
"""

from __future__ import annotations

import time

import pandas as pd

from ..evaluation import evaluate
from ..game import MAX_GUESSES, Game
from ..heuristics import get_heuristic
from ..optimal import Solver
from ..policies import make_policy
from ..prior import Prior
from ..progress import bar as progress_bar
from ..rollout import Rollout
from ..trees import TreePolicy, optimal_tree


def prior_table(
    game: Game,
    prior: Prior,
    opener: str,
    heuristics=("mig", "mrd", "gep"),
    top_k: int = 10,
    optimum: bool = True,
    progress: bool = True,
) -> pd.DataFrame:
    """Policies compared when the answer follows ``prior``, from ``opener``.

    For each heuristic h, five policies: the papers' h and rollout on h, which ignore the prior
    (``uses_prior`` False); h on the prior's belief; rollout on it with the paper's shortlist
    (``-no-favourite``); and rollout with the favourite candidate added to the shortlist. With
    ``optimum``, the exact optimum under the prior (no cap, and at most six guesses) and the
    papers' optimal strategy for the uniform prior, played under this one.

    Returns one row per policy: ``expected_guesses`` under the prior, ``solved_within_six``
    (probability), ``unfinished`` and ``worst`` (answers needing more than six guesses, most
    guesses: the names of ``results``), ``uniform_mean`` (the papers' average, every answer
    equally likely) and ``seconds``. The optimum rows have no per-answer figures for the capped solve.
    """
    first = game.guess_index(opener, role="opener")
    entries = []
    for name in heuristics:
        entries += [
            (name, False, lambda name=name: make_policy(name, top_k)),
            (f"rollout-{name}", False, lambda name=name: make_policy(f"rollout-{name}", top_k)),
            (f"{name}[prior]", True, lambda name=name: make_policy(name, top_k, prior)),
            (
                f"rollout-{name}[prior]-no-favourite",
                True,
                lambda name=name: Rollout(
                    get_heuristic(name, prior), top_k, prior=prior, favourite=False
                ),
            ),
            (
                f"rollout-{name}[prior]",
                True,
                lambda name=name: make_policy(f"rollout-{name}", top_k, prior),
            ),
        ]
    if optimum:

        def solved_tree(solver_prior):
            solver = Solver(game, None, prior=solver_prior)
            solver.opener_total(first)
            return TreePolicy(game, optimal_tree(solver, first))

        entries += [
            ("optimal[prior]", True, lambda: solved_tree(prior)),
            ("optimal (uniform)", False, lambda: solved_tree(None)),
        ]
    rows = []
    for label, uses_prior, build in progress_bar(
        f"{prior.name} prior, {opener}", show=progress, iterable=entries
    ):
        start = time.perf_counter()
        result = evaluate(game, build(), first)
        rows.append(
            {
                "policy": label,
                "uses_prior": uses_prior,
                "expected_guesses": prior.expected_guesses(result),
                "solved_within_six": prior.solved_within(result),
                "unfinished": result.unfinished,
                "worst": result.worst,
                "uniform_mean": result.mean,
                "seconds": time.perf_counter() - start,
            }
        )
    if optimum:
        start = time.perf_counter()
        capped = Solver(game, MAX_GUESSES, prior=prior).opener_total(first)
        rows.append(
            {
                "policy": "optimal[prior], at most six",
                "uses_prior": True,
                "expected_guesses": capped / prior.mass(),
                "solved_within_six": 1.0,
                "unfinished": 0,
                "worst": None,
                "uniform_mean": None,
                "seconds": time.perf_counter() - start,
            }
        )
    frame = pd.DataFrame(rows).set_index("policy")
    frame[["unfinished", "worst"]] = frame[["unfinished", "worst"]].astype("Int64")
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
        row = {
            "heuristic": name,
            "base": base,
            "rollout_no_favourite": plain,
            "rollout": favourite,
            "gain_no_favourite": base - plain,
            "gain": base - favourite,
        }
        if optimum is not None:
            row["optimum"] = optimum
            gap = base - optimum
            row["gap_closed_no_favourite"] = (base - plain) / gap if gap > 0 else None
            row["gap_closed"] = (base - favourite) / gap if gap > 0 else None
        rows.append(row)
    return pd.DataFrame(rows).set_index("heuristic")
