"""Which openers keep every game within d guesses: the minimax feasibility search per opener.

``opener_sweep(game, d, openers)`` asks ``optimal.minimax.Minimax.opener_feasible`` for each
opener, one search (memo and easy mode's cores) shared by all of them, and returns one row per
opener: ``within`` (proved either way), ``states`` (the search's states after it, cumulative)
and ``cpu_s`` (CPU seconds of that opener: a timing, so it goes to build/ and
benchmarks/minimax-results.md, never into a stored file). ``sample_openers`` draws a seeded
sample in list order.

``worst_case_table(frames)`` summarises sweeps by mode: the least d within which some covered
opener keeps every game, the openers within it, and whether that is proved over every opener
(every opener of the list covered at d - 1 and none within it) or holds on a sample only. A
(mode, d, opener) in several frames counts once (two that disagree are refused).

Two sweeps are stored (mode, d, opener, within), each read by ``read_stored`` (sha256
checked) and rechecked in part by ``recheck_sample``: ``STORED``,
``sweeps/minimax_openers_sample.csv``, a seeded sample of openers in easy and hard mode, and
``STORED_EASY_WITHIN4``, ``sweeps/minimax_easy_within4.csv``, every opener of the original
lists in easy mode within 4.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from ..errors import WordlekitError
from ..game import Game
from ..optimal.minimax import Minimax, OutOfTime
from ..words import data_file

STORED = "sweeps/minimax_openers_sample.csv"
STORED_EASY_WITHIN4 = "sweeps/minimax_easy_within4.csv"
COLUMNS = ["mode", "d", "opener", "within"]


def sample_openers(game: Game, k: int, seed: int = 0, among=None) -> list[int]:
    """``k`` openers drawn without replacement (numpy seed ``seed``) from ``among`` (guess
    indices; default every guess), in list order; a clear error if there are fewer."""
    among = np.arange(len(game.guesses)) if among is None else np.asarray(among, np.int64)
    if not 1 <= k <= len(among):
        raise WordlekitError(
            f"a sample of {k} openers; expected 1 to {len(among):,}, the openers to draw from"
        )
    rng = np.random.default_rng(seed)
    return sorted(int(among[i]) for i in rng.choice(len(among), size=k, replace=False))


def opener_sweep(
    game: Game, d: int, openers, search: Minimax | None = None, progress=None, seconds=None
):
    """One row per opener: whether every answer is found within ``d`` guesses after it (the
    opener counted), with the search's cumulative states and the opener's CPU seconds. With
    ``seconds``, an opener still undecided after that much CPU time is left so: ``within``
    None (counted in no table as either)."""
    search = Minimax(game) if search is None else search
    rows = []
    for opener in openers:
        began = time.process_time()
        search.deadline = None if seconds is None else began + seconds
        try:
            within = search.opener_feasible(int(opener), d)
        except OutOfTime:
            within = None
        search.deadline = None
        rows.append(
            {
                "mode": game.mode,
                "d": d,
                "opener": game.guesses[int(opener)],
                "within": None if within is None else bool(within),
                "states": search.states,
                "cpu_s": time.process_time() - began,
            }
        )
        if progress is not None:
            progress(rows[-1])
    return pd.DataFrame(rows)


def worst_case_table(frames, n_openers: int, examples: int = 5) -> pd.DataFrame:
    """By mode: the least d at which some covered opener is within d, how many covered
    openers are (and a few by name), how many were covered at d and at d - 1, whether the
    least worst case over ALL ``n_openers`` openers is proved (every one covered at d - 1 and
    none within it), the CPU seconds of the sweeps (``cpu_s`` summed, if present) and the
    openers swept at each d. A mode with no covered opener within any d swept has no d.
    (Within d, the opener counted: an opener within d is within every larger d.) A (mode, d,
    opener) covered by several frames counts once, decided where one frame decided it; frames
    that disagree on it are refused, and so are rows that contradict what another mode's rows
    imply. Rows of one mode settle others (``implied_rows``): ``swept`` counts those apart
    ("12972 by easy mode")."""
    every = pd.concat(list(frames), ignore_index=True).assign(implied="")
    every = pd.concat([every, implied_rows(every)], ignore_index=True)
    key = ["mode", "d", "opener"]
    answers = every.dropna(subset=["within"]).drop_duplicates(key + ["within"])
    clash = answers[answers.duplicated(key, keep=False)]
    if not clash.empty:
        first = clash.iloc[0]
        same = (clash[key] == first[key]).all(axis=1)
        by = sorted(set(clash[same]["implied"]) - {""})
        where = "the frames given" + (f", counting {' and '.join(by)} mode's rows" if by else "")
        raise WordlekitError(
            f"{first['mode']} within {first['d']}: {first['opener']} is both within and not in "
            f"{where}; expected frames that agree (a hard- or strict-mode strategy is an "
            "easy-mode one)"
        )
    every = every.iloc[np.argsort(every["within"].isna().to_numpy(), kind="stable")]
    every = every.drop_duplicates(key).sort_index()
    out = []
    for mode, rows in every.groupby("mode", sort=False):
        found = rows[rows["within"] == True]  # noqa: E712 (None: undecided)
        if found.empty:  # no covered opener within any d swept
            out.append(
                {
                    "mode": mode,
                    "least worst case found": None,
                    "openers within it": 0,
                    "covered at d": None,
                    "covered at d - 1 (none within)": None,
                    "example openers": "",
                    "proved over every opener": False,
                    "cpu s": float(rows["cpu_s"].sum()) if "cpu_s" in rows else None,
                    "swept": _swept(rows),
                }
            )
            continue
        d = int(found["d"].min())
        at = rows[rows["d"] == d]
        below = rows[rows["d"] == d - 1]
        proved = len(below) == n_openers and (below["within"] == False).all()  # noqa: E712
        names = at[at["within"] == True]["opener"].tolist()  # noqa: E712
        out.append(
            {
                "mode": mode,
                "least worst case found": d,
                "openers within it": len(names),
                "covered at d": len(at),
                "covered at d - 1 (none within)": len(below)
                if (below["within"] == False).all()  # noqa: E712
                else None,
                "example openers": ", ".join(names[:examples]),
                "proved over every opener": proved,
                "cpu s": float(rows["cpu_s"].sum()) if "cpu_s" in rows else None,
                "swept": _swept(rows),
            }
        )
    return pd.DataFrame(out)


#: The rules that only take guesses away from easy mode's: each of their strategies is an
#: easy-mode strategy (``Game``'s modes).
STRICTER = ("hard", "strict")


def implied_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows one mode's decided rows settle in another mode of ``frame``: every hard- or
    strict-mode strategy is also an easy-mode one, so an opener not within d in easy mode is not
    within d in either, and one within d in either is within d in easy mode. Only for the modes
    ``frame`` holds; ``implied`` names the mode each row comes from."""
    modes = set(frame["mode"])
    columns = ["mode", "d", "opener", "within"]
    easy = frame[(frame["mode"] == "easy") & (frame["within"] == False)]  # noqa: E712
    settled = [
        easy[columns].assign(mode=mode, implied="easy") for mode in STRICTER if mode in modes
    ]
    if "easy" in modes:
        for mode in STRICTER:
            found = frame[(frame["mode"] == mode) & (frame["within"] == True)]  # noqa: E712
            settled.append(found[columns].assign(mode="easy", implied=mode))
    if not settled:
        return pd.DataFrame(columns=columns + ["implied"])
    return pd.concat(settled, ignore_index=True)


def _swept(rows: pd.DataFrame) -> str:
    """The openers covered at each d, those settled by another mode's rows counted apart."""
    parts = []
    for d, at in rows.groupby("d"):
        counts = at["implied"].value_counts()
        own = [str(int(counts[""]))] if "" in counts else []
        others = [f"{int(n)} by {mode} mode" for mode, n in sorted(counts.items()) if mode]
        parts.append(f"within {d}: " + " + ".join(own + others))
    return ", ".join(parts)


def store_sample(frame: pd.DataFrame, path) -> None:
    """Write a sweep's deterministic columns (``COLUMNS``) as a stored sweep."""
    frame[COLUMNS].to_csv(path, index=False, lineterminator="\n")


def read_stored(name: str = STORED) -> pd.DataFrame:
    """A stored sweep (``STORED``, the sample, or ``STORED_EASY_WITHIN4``), its sha256
    checked."""
    return pd.read_csv(data_file(name))


def recheck_sample(frame: pd.DataFrame, k: int = 5, seed: int = 0) -> pd.DataFrame:
    """``k`` rows of ``frame`` drawn at random (seed ``seed``) searched again, each with a new
    search: the rows with ``again`` beside ``within`` (they must agree)."""
    rng = np.random.default_rng(seed)
    picked = frame.iloc[sorted(rng.choice(len(frame), size=min(k, len(frame)), replace=False))]
    again = []
    for row in picked.itertuples():
        game = Game.original(row.mode)
        again.append(Minimax(game).opener_feasible(game.guess_index(row.opener), int(row.d)))
    return picked.assign(again=again)
