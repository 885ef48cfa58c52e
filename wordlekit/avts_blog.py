"""The AVTS blog's experiment on its own lists, stored, and the studies around it (notebook 13).

The blog ("Wordle Perfect Play with Generic Methods", seed 002, [tyl2024]_) counted the
iterations each action picker needed until the greedy policy of its tree was optimal play, on
14,855 allowed guesses and 2,309 answers (``nyt-2022`` here). Those searches take minutes to
hours each, too long for ``make reproduce``: ``store_runs`` makes them once and writes two
CSVs, which ship in ``wordlekit/data/sweeps/`` with their sha256 (``SOURCES.md``):

- ``avts_blog_runs.csv``: one row per run (``run``, ``picker``, ``seed``, ``variant``,
  ``settings``, ``iterations_run``, ``iterations_to_optimum``, ``first_total``, ``best_total``,
  ``target``, ``best_opener``, ``nodes``, ``root_actions``);
- ``avts_blog_traces.csv``: each run's exact TOTAL of the greedy policy (``run``,
  ``iteration``, ``total``, ``opener``) at its first and last iteration and wherever the TOTAL
  or the opener changed (``report.avts_curves``' rows).

A search is deterministic given its seed, so a run's first iterations can be made again and
compared with the stored trace (``recheck``), which is what the notebook does. Wall times are
machine facts: ``store_runs`` writes them to a third file beside the others, which is not
shipped (``benchmarks/avts-results.md`` quotes them).

``seed_table`` gives each picker's spread over seeds and ``constant_sweep`` runs one picker
with other constants than the blog's.

References
----------
- [tyl2024]_: the pickers, their constants and the published iteration counts.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd

from .avts import Search, avts_curves
from .game import Game
from .words import data_file

#: The stored files (``wordlekit/data/sweeps/``).
RUNS_FILE = "avts_blog_runs.csv"
TRACES_FILE = "avts_blog_traces.csv"
#: Not shipped: the wall time of each run on the machine that made it.
SECONDS_FILE = "avts_blog_seconds.csv"

#: The two variants of the search the blog ran: its final one (action cutoff, debiased values)
#: and its first one (the 100 best-estimated actions of each state, no cutoff, raw values).
VARIANTS = {
    "cutoff": {"debias": True, "preselect": None},
    "top-100": {"debias": False, "preselect": 100},
}


def settings_text(settings: dict) -> str:
    """``{"delta": 0.3}`` as ``delta=0.3`` (sorted by name; empty: the blog's constants)."""
    return " ".join(f"{k}={v}" for k, v in sorted(settings.items()))


def run_name(picker: str, seed: int, variant: str = "cutoff", settings: dict | None = None) -> str:
    """The ``run`` key of a stored run, e.g. ``thompson/seed0/cutoff``."""
    name = f"{picker}/seed{seed}/{variant}"
    return f"{name}/{settings_text(settings)}" if settings else name


def search(
    game: Game, picker: str, seed: int, variant: str = "cutoff", settings: dict | None = None
) -> Search:
    """A fresh search of one stored run's kind (opener free)."""
    return Search(game, picker, seed=seed, **VARIANTS[variant], **(settings or {}))


def one_run(
    game: Game,
    picker: str,
    seed: int,
    iterations: int,
    target: int | None,
    variant: str = "cutoff",
    settings: dict | None = None,
    progress: bool = False,
) -> tuple[dict, pd.DataFrame, float]:
    """Run one search (opener free) for ``iterations`` or until ``target``: its ``runs`` row, its
    ``traces`` rows and its wall time in seconds."""
    start = time.perf_counter()
    tree = search(game, picker, seed, variant, settings)
    trace = tree.run(iterations, target=target, progress=progress)
    seconds = time.perf_counter() - start
    name = run_name(picker, seed, variant, settings)
    best = int(trace.best_totals[-1])
    row = {
        "run": name,
        "picker": picker,
        "seed": seed,
        "variant": variant,
        "settings": settings_text(settings or {}),
        "iterations_run": int(trace.iterations[-1]),
        "iterations_to_optimum": trace.reached,
        "first_total": int(trace.totals[0]),
        "best_total": best,
        "target": target,
        "best_opener": trace.openers[int(trace.totals.argmin())],
        "nodes": trace.nodes,
        "root_actions": trace.root_actions,
    }
    curve = avts_curves({picker: trace}).reset_index().drop(columns=["picker", "best_total"])
    curve.insert(0, "run", name)
    return row, curve, seconds


def store_runs(
    folder, game: Game, plan, target: int | None, progress: bool = True
) -> dict[str, Path]:
    """Make the stored runs of ``plan`` in ``folder``, appending each run as it ends (so a run
    stopped early keeps what finished; a run already in the files is skipped).

    ``plan``: an iterable of dicts with keys ``picker``, ``seed``, ``iterations`` and optionally
    ``variant`` and ``settings``. Returns the three files' paths by name.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = {name: folder / name for name in (RUNS_FILE, TRACES_FILE, SECONDS_FILE)}
    done = set()
    if files[RUNS_FILE].is_file():
        done = set(pd.read_csv(files[RUNS_FILE])["run"])
    for item in plan:
        variant, settings = item.get("variant", "cutoff"), item.get("settings") or {}
        if run_name(item["picker"], item["seed"], variant, settings) in done:
            continue
        row, curve, seconds = one_run(
            game,
            item["picker"],
            item["seed"],
            item["iterations"],
            target,
            variant,
            settings,
            progress,
        )
        for name, frame in (
            (RUNS_FILE, pd.DataFrame([row])),
            (TRACES_FILE, curve),
            (SECONDS_FILE, pd.DataFrame([{"run": row["run"], "seconds": round(seconds, 1)}])),
        ):
            path = files[name]
            frame.to_csv(path, mode="a", header=not path.is_file(), index=False)
    return files


def read_stored() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The stored runs and traces (``wordlekit/data/sweeps/``), their sha256 checked first."""
    runs = pd.read_csv(data_file(f"sweeps/{RUNS_FILE}"), keep_default_na=False)
    runs["iterations_to_optimum"] = pd.to_numeric(
        runs["iterations_to_optimum"], errors="coerce"
    ).astype("Int64")
    traces = pd.read_csv(data_file(f"sweeps/{TRACES_FILE}"), keep_default_na=False)
    return runs, traces


def recheck(game: Game, runs: pd.DataFrame, traces: pd.DataFrame, run: str, iterations: int):
    """Run ``run`` again for its first ``iterations`` and compare with its stored trace: the
    stored and the new (iteration, total, opener) rows up to there, and whether they agree."""
    row = runs.set_index("run").loc[run]
    settings = {}
    for item in str(row["settings"]).split():
        key, value = item.split("=")
        settings[key] = float(value)
    tree = search(game, row["picker"], int(row["seed"]), row["variant"], settings)
    target = int(row["target"])
    trace = tree.run(iterations, target=target)
    now = avts_curves({row["picker"]: trace}).reset_index()
    stored = traces[(traces["run"] == run) & (traces["iteration"] <= trace.iterations[-1])]
    columns = ["iteration", "total", "opener"]
    now = now[columns].reset_index(drop=True)
    stored = stored[columns].reset_index(drop=True)
    # The new trace ends at its own last iteration, which the stored one records only if the
    # TOTAL or the opener changed there.
    if len(stored) and len(now) and now.iloc[-1]["iteration"] != stored.iloc[-1]["iteration"]:
        now = now.iloc[:-1]
    agree = now.equals(stored)
    return stored, now, agree


def seed_table(runs: pd.DataFrame) -> pd.DataFrame:
    """Per picker and variant: how many seeds, how many reached the target, and the spread of
    the iterations to optimal play and of the best TOTAL over the seeds."""
    rows = []
    for (picker, variant), group in runs.groupby(["picker", "variant"], sort=False):
        reached = group["iterations_to_optimum"].dropna().astype(int)
        rows.append(
            {
                "picker": picker,
                "variant": variant,
                "seeds": len(group),
                "reached": len(reached),
                "iterations_run_max": int(group["iterations_run"].max()),
                "iterations_to_optimum_min": reached.min() if len(reached) else None,
                "iterations_to_optimum_median": reached.median() if len(reached) else None,
                "iterations_to_optimum_max": reached.max() if len(reached) else None,
                "best_total_min": int(group["best_total"].min()),
                "best_total_max": int(group["best_total"].max()),
                "target": int(group["target"].iloc[0]),
            }
        )
    frame = pd.DataFrame(rows).set_index(["picker", "variant"])
    counts = ["iterations_to_optimum_min", "iterations_to_optimum_max"]
    frame[counts] = frame[counts].astype("Int64")
    return frame


def constant_sweep(
    game: Game, grid: dict, iterations: int, target: int, seeds=(0,), opener: str | None = None
) -> pd.DataFrame:
    """Each picker with each of its constants (``grid``: picker -> {setting: [values]}), for
    each seed: iterations until the greedy policy reached ``target`` (empty if not within
    ``iterations``), the best TOTAL, the tree's size and the root's actions."""
    rows = []
    for picker, constants in grid.items():
        for setting, values in constants.items():
            for value in values:
                for seed in seeds:
                    tree = Search(game, picker, seed=seed, opener=opener, **{setting: value})
                    trace = tree.run(iterations, target=target)
                    rows.append(
                        {
                            "picker": picker,
                            "setting": setting,
                            "value": value,
                            "seed": seed,
                            "iterations_to_optimum": trace.reached,
                            "best_total": int(trace.best_totals[-1]),
                            "nodes": trace.nodes,
                            "root_actions": trace.root_actions,
                        }
                    )
    frame = pd.DataFrame(rows).set_index(["picker", "setting", "value", "seed"])
    frame["iterations_to_optimum"] = frame["iterations_to_optimum"].astype("Int64")
    return frame
