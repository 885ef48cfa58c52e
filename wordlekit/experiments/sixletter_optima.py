"""The exact optimum of the 6-letter game from Table 3's openers, on ``sixletter`` samples.

The rollout paper calls the 6-letter optimum "practically infeasible" (Section 5.2). The exact
solver (``optimal.Solver``) proves it per opener, for one sample of lists, easy and strict mode,
in seconds: six letters give up to 3^6 = 729 feedbacks, so the answers split into small
buckets after one guess (the cost per sample is in ``wordlekit/data/SOURCES.md``).
``prove_optima`` proves every (seed, mode, opener); five seeds take longer than notebook 08 may
add to ``make reproduce``, so ``store_optima`` wrote them once
to ``wordlekit/data/sweeps/sixletter_optima.csv`` (command, commit and cost in
``wordlekit/data/SOURCES.md``), ``read_stored_optima`` reads them back, checking their sha256,
and notebook 08 proves one seed again.

Two caps: ``total`` is MinTotal with no cap (the least TOTAL of any strategy, so no policy,
however many guesses it takes, does better: rollout's gap to it is never negative);
``total_cap6`` solves every answer within six guesses, the cap of the published optima of
Table 1 (empty where no strategy can).

References
----------
- [bhambri2022]_, Section 5.2 and Table 3: the 6-letter variant.
- [cunanan2023]_, Definition 10: MinTotal.
"""

from __future__ import annotations

import time

import pandas as pd

from ..game import MAX_GUESSES, Game
from ..optimal import Solver, feasible
from ..sixletter import OPENERS, sample_lists
from ..words import data_file

#: The stored proofs (``store_optima``), a file of ``words.DATA_SHA256``.
STORED = "sweeps/sixletter_optima.csv"

#: The columns of ``prove_optima`` that are stored (the wall time is the run's, not stored).
COLUMNS = ["seed", "mode", "opener", "answers", "total", "total_cap6", "states"]


def prove_optima(
    seeds,
    modes=("easy", "strict"),
    openers=OPENERS,
    n_guesses: int = 12972,
    n_answers: int = 2315,
    progress=None,
) -> pd.DataFrame:
    """The optimum from each opener on the lists ``sixletter.sample_lists(seed)`` of each seed:
    ``lists_optima`` of each sample, with a column ``seed`` first."""
    frames = [
        lists_optima(*sample_lists(seed, n_guesses, n_answers), modes, openers, progress, seed)
        for seed in seeds
    ]
    return pd.concat(frames, ignore_index=True)


def lists_optima(
    guesses, answers, modes=("easy", "strict"), openers=OPENERS, progress=None, seed=None
) -> pd.DataFrame:
    """The optimum from each opener on one pair of lists (``WordList``), in each mode.

    One solver per (mode, cap) serves the openers (they share its memo).

    Returns
    -------
    DataFrame, one row per (mode, opener) in that order: ``seed`` (as given), ``mode``,
    ``opener``, ``answers`` (the list's size), ``total`` (int, MinTotal with no cap),
    ``total_cap6`` (Int64, the least TOTAL within six guesses; missing if no strategy keeps
    the cap), ``states`` (int, states whose guesses the uncapped search scored for this
    opener, after the openers before it: its cost in the solver's own unit) and ``seconds``
    (float, wall time of both proofs). ``progress(row)``, if given, is called with each row as
    it is proved.
    """
    rows = []
    for mode in modes:
        game = Game(guesses, answers).with_mode(mode)
        uncapped, capped = Solver(game, None), Solver(game, MAX_GUESSES)
        for opener in openers:
            index = game.guess_index(opener, role="opener")
            start, before = time.perf_counter(), uncapped.nodes
            total = uncapped.opener_total(index)
            states = uncapped.nodes - before
            cap6 = capped.opener_total(index)
            row = {
                "seed": seed,
                "mode": mode,
                "opener": opener,
                "answers": len(answers),
                "total": total,
                "total_cap6": cap6 if feasible(cap6) else None,
                "states": states,
                "seconds": time.perf_counter() - start,
            }
            rows.append(row)
            if progress is not None:
                progress(row)
    frame = pd.DataFrame(rows)
    frame["total_cap6"] = frame["total_cap6"].astype("Int64")
    return frame


def store_optima(path, seeds=(0, 1, 2, 3, 4)) -> pd.DataFrame:
    """Prove the optima of ``seeds`` (full-size lists, easy and strict mode, Table 3's
    openers), write the stored columns to ``path`` as CSV and print each row with its wall
    time as it is proved (the log of the run; times are never stored)."""
    frame = prove_optima(seeds, progress=lambda row: print(row, flush=True))
    frame[COLUMNS].to_csv(path, index=False, lineterminator="\n")
    return frame


def read_stored_optima() -> pd.DataFrame:
    """The stored proofs (``STORED``), their sha256 checked (``words.data_file``)."""
    frame = pd.read_csv(data_file(STORED))
    frame["total_cap6"] = frame["total_cap6"].astype("Int64")
    return frame
