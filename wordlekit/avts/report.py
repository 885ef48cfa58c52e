"""The pickers compared: one search per picker, and their traces as tables."""

from __future__ import annotations

import pandas as pd

from ..game import Game
from .search import Search


def avts_runs(
    game: Game,
    pickers,
    iterations,
    target: int | None = None,
    opener: str | None = None,
    seed: int = 0,
    estimator="entropic",
    debias: bool = True,
    progress: bool = True,
    preselect: int | None = None,
) -> dict:
    """One Action Value Tree Search per picker, each from scratch.

    ``iterations`` is one budget for all or a dict picker -> budget; a run stops early at the
    first iteration whose greedy policy reaches ``target``. The greedy policy is evaluated
    exactly after every iteration. ``debias`` and ``preselect`` as ``Search``'s (the blog's first
    version: ``debias=False, preselect=100``). Returns picker -> ``Trace``.
    """
    traces = {}
    for picker in pickers:
        budget = iterations[picker] if isinstance(iterations, dict) else iterations
        search = Search(
            game,
            picker,
            estimator=estimator,
            opener=opener,
            seed=seed,
            debias=debias,
            preselect=preselect,
        )
        traces[picker] = search.run(budget, target=target, progress=progress)
        del search  # the tree can hold hundreds of thousands of states
    return traces


def avts_table(traces: dict, published: dict | None = None) -> pd.DataFrame:
    """Per picker: iterations until the greedy policy was optimal (NaN if not within the budget),
    the iterations run, the first and best exact TOTAL, the gap to the target and the tree's
    size; with ``published`` (picker -> iterations), the published count and ours minus it."""
    rows = []
    for picker, trace in traces.items():
        best = int(trace.best_totals[-1])
        row = {
            "picker": picker,
            "opener": trace.opener,
            "iterations_to_optimum": trace.reached,
            "iterations_run": int(trace.iterations[-1]),
            "first_total": int(trace.totals[0]),
            "best_total": best,
            "optimum": trace.target,
            "gap": None if trace.target is None else best - trace.target,
            "best_opener": trace.openers[int(trace.totals.argmin())],
            "nodes": trace.nodes,
            "root_actions": trace.root_actions,
        }
        if published is not None:
            ours, theirs = trace.reached, published.get(picker)
            row["published_iterations_to_optimum"] = theirs
            row["diff_iterations_to_optimum"] = (
                None if ours is None or theirs is None else ours - theirs
            )
        rows.append(row)
    frame = pd.DataFrame(rows).set_index("picker")
    columns = ["iterations_to_optimum", "gap", "optimum"]
    if published is not None:
        columns += ["published_iterations_to_optimum", "diff_iterations_to_optimum"]
    frame[columns] = frame[columns].astype("Int64")
    return frame


def avts_curves(traces: dict) -> pd.DataFrame:
    """The traces in long form: picker, iteration, exact TOTAL, best TOTAL so far and greedy
    opener, at the first and last iteration and wherever the TOTAL or the opener changed."""
    frames = []
    for picker, trace in traces.items():
        frame = pd.DataFrame(
            {
                "picker": picker,
                "iteration": trace.iterations,
                "total": trace.totals,
                "best_total": trace.best_totals,
                "opener": list(trace.openers),
            }
        )
        changed = (frame[["total", "opener"]] != frame[["total", "opener"]].shift()).any(axis=1)
        changed.iloc[-1] = True
        frames.append(frame[changed])
    return pd.concat(frames, ignore_index=True).set_index(["picker", "iteration"])
