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
shipped (``benchmarks/avts_blog.py`` turns them into ``benchmarks/avts-blog-results.md``).

The searches of notebook 13's section 4 (the papers' original lists, opener free, target 7920)
take minutes too; they are stored the same way (``store_runs(..., prefix=FREE_PREFIX)``:
``avts_free_runs.csv``, ``avts_free_traces.csv``), read with ``read_stored(FREE_PREFIX)`` and
turned back into ``Trace``s by ``stored_traces``.

``seed_table`` gives each picker's spread over seeds and ``constant_sweep`` runs one picker
with other constants than the blog's.

References
----------
- [tyl2024]_: the pickers, their constants and the published iteration counts.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from ..avts import Search, Trace, avts_curves
from ..game import Game
from ..words import data_file

#: The stored files (``wordlekit/data/sweeps/``): ``PREFIX_runs.csv``, ``PREFIX_traces.csv``
#: and, not shipped, ``PREFIX_seconds.csv`` (the wall time of each run on the machine that made
#: it), with the prefix ``avts_blog`` for the blog's lists.
RUNS_FILE = "avts_blog_runs.csv"
TRACES_FILE = "avts_blog_traces.csv"
SECONDS_FILE = "avts_blog_seconds.csv"
#: The prefix of the stored runs of notebook 13's section 4 (original lists, opener free).
FREE_PREFIX = "avts_free"
#: Their budgets (a run stops earlier at the target, 7920): the notebook's ``FREE_ITERATIONS``.
FREE_PLAN = [
    {"picker": p, "seed": 0, "iterations": n}
    for p, n in {
        "thompson": 3000,
        "laplace": 3000,
        "epsilon": 5000,
        "puct": 600,
        "hoeffding": 600,
    }.items()
]

#: The optimum of the blog's lists with the opener free: 7883 from tarse, proved the best opener
#: of ``nyt-2022`` (notebook 14); the stored runs' target.
BLOG_TARGET = 7883

#: The stored runs, in the order the notebook lists them: Thompson sampling and epsilon-greedy
#: with five seeds (they draw random numbers), Laplace, PUCT and Hoeffding with one (they draw
#: none: any seed gives the same run), and the blog's first version of four pickers. The budgets
#: are what fitted the time the runs had (``SOURCES.md``); a run stops earlier at the target.
STORED_PLAN = (
    [{"picker": "thompson", "seed": s, "iterations": 1500} for s in range(5)]
    + [{"picker": "epsilon", "seed": s, "iterations": 1500} for s in range(5)]
    + [{"picker": "laplace", "seed": 0, "iterations": 6000}]
    + [{"picker": p, "seed": 0, "iterations": 1500} for p in ("puct", "hoeffding")]
    + [
        {"picker": p, "seed": 0, "iterations": 200, "variant": "top-100"}
        for p in ("hoeffding", "puct", "laplace", "epsilon")
    ]
)

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


def _row(name: str, picker: str, seed: int, variant: str, settings: dict, trace: Trace) -> dict:
    """The ``runs`` row of a run's trace."""
    return {
        "run": name,
        "picker": picker,
        "seed": seed,
        "variant": variant,
        "settings": settings_text(settings),
        "iterations_run": int(trace.iterations[-1]),
        "iterations_to_optimum": trace.reached,
        "first_total": int(trace.totals[0]),
        "best_total": int(trace.best_totals[-1]),
        "target": trace.target,
        "best_opener": trace.openers[int(trace.totals.argmin())],
        "nodes": trace.nodes,
        "root_actions": trace.root_actions,
    }


def _joined(parts: list) -> Trace:
    """The traces of one search run in several calls, as one trace."""
    last = parts[-1]
    return Trace(
        last.picker,
        last.estimator,
        last.opener,
        np.concatenate([p.iterations for p in parts]),
        np.concatenate([p.totals for p in parts]),
        tuple(o for p in parts for o in p.openers),
        np.concatenate([p.seconds for p in parts]),
        last.target,
        last.nodes,
        last.root_actions,
    )


def _replace(path: Path, name: str, frame: pd.DataFrame) -> None:
    """Write ``frame`` as run ``name``'s rows of the CSV at ``path``, replacing any it had."""
    frame = frame.astype(object).where(frame.notna(), "").astype(str)  # None: an empty cell
    if path.is_file():
        old = pd.read_csv(path, keep_default_na=False, dtype=str)
        frame = pd.concat([old[old["run"] != name], frame], ignore_index=True)
    frame.to_csv(path, index=False)


def _files(prefix: str) -> tuple[str, str, str]:
    """The names of the runs, traces and seconds files of ``prefix``."""
    return f"{prefix}_runs.csv", f"{prefix}_traces.csv", f"{prefix}_seconds.csv"


def store_runs(
    folder,
    game: Game,
    plan,
    target: int | None,
    chunk: int = 100,
    progress: bool = True,
    prefix: str = "avts_blog",
) -> dict[str, Path]:
    """Make the stored runs of ``plan`` in ``folder`` (opener free), one after another.

    ``plan``: an iterable of dicts with keys ``picker``, ``seed``, ``iterations`` and optionally
    ``variant`` and ``settings``. A run stops at ``iterations`` or at the first iteration whose
    greedy policy reaches ``target``. Every ``chunk`` iterations the run's rows are written
    again, so a run stopped early keeps what it did (its ``iterations_run`` says how far it
    got); a run already in the files with as many iterations, or stopped at the target, is
    skipped. Returns the three files' paths by name (``prefix``: ``_files``).
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    runs_file, traces_file, seconds_file = _files(prefix)
    files = {name: folder / name for name in (runs_file, traces_file, seconds_file)}
    done = {}
    if files[runs_file].is_file():
        old = pd.read_csv(files[runs_file], keep_default_na=False)
        done = {r.run: (r.iterations_run, r.iterations_to_optimum != "") for r in old.itertuples()}
    for item in plan:
        picker, seed, iterations = item["picker"], item["seed"], item["iterations"]
        variant, settings = item.get("variant", "cutoff"), item.get("settings") or {}
        name = run_name(picker, seed, variant, settings)
        if name in done and (done[name][0] >= iterations or done[name][1]):
            continue
        start = time.perf_counter()
        tree = search(game, picker, seed, variant, settings)
        parts = []
        while tree.iterations < iterations:
            parts.append(tree.run(min(chunk, iterations - tree.iterations), target=target))
            trace = _joined(parts)
            curve = (
                avts_curves({picker: trace}).reset_index().drop(columns=["picker", "best_total"])
            )
            curve.insert(0, "run", name)
            seconds = round(time.perf_counter() - start, 1)
            _replace(
                files[runs_file],
                name,
                pd.DataFrame([_row(name, picker, seed, variant, settings, trace)]),
            )
            _replace(files[traces_file], name, curve)
            _replace(files[seconds_file], name, pd.DataFrame([{"run": name, "seconds": seconds}]))
            if progress:
                print(
                    f"{name}: {tree.iterations} iterations, best {trace.best_totals[-1]}, "
                    f"{tree.nodes} nodes, {seconds} s",
                    flush=True,
                )
            if trace.reached is not None:
                break
    return files


def read_stored(prefix: str = "avts_blog") -> tuple[pd.DataFrame, pd.DataFrame]:
    """The stored runs and traces (``wordlekit/data/sweeps/``), their sha256 checked first;
    ``prefix``: ``avts_blog`` (the blog's lists) or ``FREE_PREFIX``."""
    runs_file, traces_file, _ = _files(prefix)
    runs = pd.read_csv(data_file(f"sweeps/{runs_file}"), keep_default_na=False)
    runs["iterations_to_optimum"] = pd.to_numeric(
        runs["iterations_to_optimum"], errors="coerce"
    ).astype("Int64")
    traces = pd.read_csv(data_file(f"sweeps/{traces_file}"), keep_default_na=False)
    return runs, traces


def stored_traces(runs: pd.DataFrame, traces: pd.DataFrame) -> dict[str, Trace]:
    """The stored runs as ``Trace``s, picker -> trace (one run per picker), as ``avts_runs``
    returns them: a run's greedy policy was evaluated after every iteration and its stored
    rows are where the TOTAL or the opener changed, so the TOTAL and opener of every iteration
    are those of the last stored row at or before it. ``seconds`` are missing (NaN): wall times
    are not stored."""
    found = {}
    for row in runs.itertuples():
        if row.picker in found:
            raise ValueError(f"run {row.run}: a second run of {row.picker}; expected one each")
        rows = traces[traces["run"] == row.run]
        iterations = np.arange(1, int(row.iterations_run) + 1, dtype=np.int64)
        at = np.searchsorted(rows["iteration"].to_numpy(), iterations, side="right") - 1
        if len(rows) == 0 or rows["iteration"].iloc[0] != 1:
            raise ValueError(f"run {row.run}: its trace does not start at iteration 1")
        found[row.picker] = Trace(
            row.picker,
            "entropic",
            "free",
            iterations,
            rows["total"].to_numpy(dtype=np.int64)[at],
            tuple(rows["opener"].to_numpy()[at]),
            np.full(len(iterations), np.nan),
            int(row.target),
            int(row.nodes),
            int(row.root_actions),
        )
    return found


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
