"""Policies compared when the answer follows a prior (``prior.Prior``): the open problem the
rollout paper ends with.

``prior_table`` compares the papers' policies, their versions on the prior's belief and the
exact optimum under a prior; ``rollout_gains`` reads from it what rollout gains over its base
and how much of the base's gap to the optimum it closes.

Notebook 11's tables over five powers of Norvig's counts take minutes, too long for ``make
reproduce``: ``store_prior_sweep`` made them once, in ``wordlekit/data/sweeps/prior_sweep.csv``
(command, commit and cost in ``wordlekit/data/SOURCES.md``); ``read_prior_sweep`` reads them
back (sha256 checked) and ``recheck_prior_sweep`` computes a seeded sample of their rows again.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from ..evaluation import evaluate
from ..game import MAX_GUESSES, Game
from ..heuristics import get_heuristic
from ..optimal import Solver
from ..policies import make_policy
from ..prior import Prior, norvig_prior
from ..progress import bar as progress_bar
from ..rollout import Rollout
from ..trees import TreePolicy, optimal_tree
from ..words import data_file

#: The stored tables of notebook 11 (``store_prior_sweep``): a file of ``words.DATA_SHA256``.
PRIOR_SWEEP = "sweeps/prior_sweep.csv"

#: Their settings: the original lists, easy mode, from salet, rollout's shortlist of 10, Norvig's
#: counts (no floor given: its default) to each power; every heuristic at the largest power,
#: MIG only at the others (notebook 11's sections 2 and 3).
PRIOR_SWEEP_RUN = {"opener": "salet", "top_k": 10, "powers": (0.0, 0.25, 0.5, 0.75, 1.0)}

#: The label of the optimum within six guesses, a row of its own (no policy is played).
CAPPED = "optimal[prior], at most six"


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
    entries = _entries(game, prior, opener, heuristics, top_k, optimum)
    labels = list(entries) + ([CAPPED] if optimum else [])
    return prior_rows(game, prior, opener, labels, top_k, progress, entries)


def _entries(game: Game, prior: Prior, opener: str, heuristics, top_k: int, optimum: bool) -> dict:
    """``prior_table``'s policies: label -> (uses_prior, a function that builds the policy)."""
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
    return {label: (uses_prior, build) for label, uses_prior, build in entries}


def prior_rows(
    game: Game,
    prior: Prior,
    opener: str,
    labels,
    top_k: int = 10,
    progress: bool = False,
    entries: dict | None = None,
) -> pd.DataFrame:
    """The rows ``labels`` of ``prior_table`` (any of its policies' labels, and ``CAPPED``),
    in that order: each policy built and played here, the others not."""
    if entries is None:
        entries = _entries(game, prior, opener, ("mig", "mrd", "gep"), top_k, True)
    unknown = [label for label in labels if label not in entries and label != CAPPED]
    if unknown:
        raise ValueError(f"policies {unknown}: expected labels of prior_table's rows")
    first = game.guess_index(opener, role="opener")
    rows = []
    played = [label for label in labels if label != CAPPED]
    for label in progress_bar(f"{prior.name} prior, {opener}", show=progress, iterable=played):
        uses_prior, build = entries[label]
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
    if CAPPED in labels:
        start = time.perf_counter()
        capped = Solver(game, MAX_GUESSES, prior=prior).opener_total(first)
        rows.append(
            {
                "policy": CAPPED,
                "uses_prior": True,
                "expected_guesses": capped / prior.mass(),
                "solved_within_six": 1.0,
                "unfinished": 0,
                "worst": None,
                "uniform_mean": None,
                "seconds": time.perf_counter() - start,
            }
        )
    frame = pd.DataFrame(rows).set_index("policy").loc[list(labels)]
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


def store_prior_sweep(path) -> pd.DataFrame:
    """Make notebook 11's tables (``PRIOR_SWEEP_RUN``) and write them to ``path`` as CSV, one
    row per (``power``, ``policy``) with ``prior_table``'s columns but ``seconds``; prints each
    table with its seconds (the log of the run; times are never stored)."""
    game = Game.original()
    powers = PRIOR_SWEEP_RUN["powers"]
    frames = []
    for power in powers:
        prior = norvig_prior(game.answers, None, power)
        heuristics = ("mig", "mrd", "gep") if power == max(powers) else ("mig",)
        table = prior_table(
            game, prior, PRIOR_SWEEP_RUN["opener"], heuristics, PRIOR_SWEEP_RUN["top_k"]
        )
        print(f"power {power}:\n{table}", flush=True)
        frames.append(table.drop(columns="seconds").reset_index().assign(power=power))
    frame = pd.concat(frames, ignore_index=True)
    frame = frame[["power"] + [c for c in frame.columns if c != "power"]]
    frame.to_csv(path, index=False, lineterminator="\n")
    return frame


def read_prior_sweep() -> pd.DataFrame:
    """The stored tables (``PRIOR_SWEEP``), their sha256 checked (``words.data_file``): one
    row per (``power``, ``policy``), ``prior_table``'s columns but ``seconds``."""
    frame = pd.read_csv(data_file(PRIOR_SWEEP))
    frame[["unfinished", "worst"]] = frame[["unfinished", "worst"]].astype("Int64")
    return frame


def stored_table(stored: pd.DataFrame, power: float) -> pd.DataFrame:
    """The stored ``prior_table`` of one power (without ``seconds``), indexed by policy."""
    return stored[stored["power"] == power].drop(columns="power").set_index("policy")


def recheck_prior_sweep(
    game: Game,
    stored: pd.DataFrame,
    priors: dict,
    sample: int,
    seed: int = 0,
    opener: str = PRIOR_SWEEP_RUN["opener"],
    top_k: int = PRIOR_SWEEP_RUN["top_k"],
) -> pd.DataFrame:
    """Compute ``sample`` stored rows again, drawn with ``seed`` (``priors``: power -> the
    ``Prior`` of that power). Returns them side by side (``_stored`` and ``_now`` columns) with
    ``agree``: every column equal (floats to 1e-12 of the stored value)."""
    rng = np.random.default_rng(seed)
    picked = stored.iloc[np.sort(rng.choice(len(stored), min(sample, len(stored)), replace=False))]
    found = []
    for power, rows in picked.groupby("power", sort=False):
        now = prior_rows(
            game,
            priors[power],
            opener,
            list(rows["policy"]),
            top_k,
        ).drop(columns="seconds")
        found.append(now.reset_index().assign(power=power))
    now = pd.concat(found, ignore_index=True)
    both = picked.merge(now, on=["power", "policy"], suffixes=("_stored", "_now"))
    agree = pd.Series(True, index=both.index)
    for column in [c for c in stored.columns if c not in ("power", "policy")]:
        a, b = both[f"{column}_stored"], both[f"{column}_now"]
        if column in ("unfinished", "worst", "uses_prior"):
            same = (a == b).fillna(False) | (a.isna() & b.isna())
        else:
            a, b = a.astype(float), b.astype(float)
            same = np.isclose(a, b, rtol=1e-12, atol=0) | (a.isna() & b.isna())
        agree &= same
    both["agree"] = agree
    return both
