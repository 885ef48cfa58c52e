"""Which openers keep every game within d guesses: the minimax feasibility search per opener.

``opener_sweep(game, d, openers)`` asks ``optimal.minimax.Minimax.opener_feasible`` for each
opener, one search (memo and easy mode's cores) shared by all of them, and returns one row per
opener: ``within`` (proved either way), ``states`` (the search's states after it, cumulative)
and ``cpu_s`` (CPU seconds of that opener: a timing, so it goes to build/ and
benchmarks/minimax-results.md, never into a stored file); with ``lists`` (the name of the
game's pair of ``words.LISTS``), a ``lists`` column first. ``sample_openers`` draws a seeded
sample in list order.

``worst_case_table(frames)`` summarises sweeps by lists and mode: the least d within which some
covered opener keeps every game, the openers within it, and whether that is proved over every
opener (every opener of those lists covered at d - 1 and none within it) or holds on a sample
only. A (lists, mode, d, opener) in several frames counts once (two that disagree are
refused), and one mode's rows settle another's only on the same lists (``implied_rows``).

Six sweeps are stored (lists, mode, d, opener, within), each read by ``read_stored`` (sha256
checked) and rechecked in part by ``recheck_sample``: ``STORED``,
``sweeps/minimax_openers_sample.csv``, a seeded sample of the original lists' openers in easy,
hard and strict mode; ``STORED_EASY_WITHIN4``, ``sweeps/minimax_easy_within4.csv``, every opener
of the original lists in easy mode within 4 (it predates the ``lists`` column: ``read_stored``
reads it as the original lists, which it is); ``STORED_NYT2023_EASY_WITHIN4``,
``sweeps/minimax_nyt2023_easy_within4.csv``, every opener of the nyt-2023 lists in easy mode
within 4; ``STORED_STRICT_WITHIN5`` and ``STORED_NYT2023_STRICT_WITHIN5``, every opener of
the original and of the nyt-2023 lists in strict mode within 5; and
``STORED_NYT2023_HARD_WITHIN5``, every opener of the nyt-2023 lists in hard mode within 5.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from ..errors import WordlekitError
from ..game import Game
from ..optimal.minimax import Minimax, OutOfTime
from ..words import LISTS, data_file

STORED = "sweeps/minimax_openers_sample.csv"
STORED_EASY_WITHIN4 = "sweeps/minimax_easy_within4.csv"
STORED_NYT2023_EASY_WITHIN4 = "sweeps/minimax_nyt2023_easy_within4.csv"
STORED_STRICT_WITHIN5 = "sweeps/minimax_strict_within5.csv"
STORED_NYT2023_STRICT_WITHIN5 = "sweeps/minimax_nyt2023_strict_within5.csv"
STORED_NYT2023_HARD_WITHIN5 = "sweeps/minimax_nyt2023_hard_within5.csv"
COLUMNS = ["lists", "mode", "d", "opener", "within"]


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
    game: Game,
    d: int,
    openers,
    search: Minimax | None = None,
    progress=None,
    seconds=None,
    lists: str | None = None,
):
    """One row per opener: whether every answer is found within ``d`` guesses after it (the
    opener counted), with the search's cumulative states and the opener's CPU seconds. With
    ``seconds``, an opener still undecided after that much CPU time is left so: ``within``
    None (counted in no table as either). With ``lists``, the name of the game's lists (a
    ``Game`` does not know it), a ``lists`` column first, as ``worst_case_table`` and
    ``store_sample`` need."""
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
                **({} if lists is None else {"lists": lists}),
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


def worst_case_table(frames, n_openers: dict | None = None, examples: int = 5) -> pd.DataFrame:
    """By lists and mode (lists in the frames' order, then easy, hard, strict): the least d at
    which some covered opener is within d, how many covered openers are (and a few by name),
    how many were covered at d and at d - 1, the lower bound over ALL the openers of those
    lists (``at least``: one more than the largest d at which every one is covered and none
    within it), whether the least worst case over all of them is proved (every one covered at
    d - 1 and none within it), the CPU seconds of the sweeps (``cpu_s`` summed, if present) and
    the openers swept at each d. ``n_openers`` maps each lists' name to its number of openers;
    by default the guesses of each ``words.LISTS`` pair the frames name, counted from its game.
    A row of other lists is refused. A mode with no covered opener within any d swept has no d.
    (Within d, the opener counted: an opener within d is within every larger d.) A (lists, mode,
    d, opener) covered by several frames counts once, decided where one frame decided it;
    frames that disagree on it are refused, and so are rows that contradict what another
    mode's rows imply. Rows of one mode settle the others on the same lists
    (``implied_rows``): ``swept`` counts those apart ("12972 by easy mode")."""
    every = pd.concat([_with_lists(frame) for frame in frames], ignore_index=True)
    every = every.assign(implied="")
    n_openers = _openers_per_lists(every["lists"], n_openers)
    every = pd.concat([every, implied_rows(every)], ignore_index=True)
    key = ["lists", "mode", "d", "opener"]
    answers = every.dropna(subset=["within"]).drop_duplicates(key + ["within"])
    clash = answers[answers.duplicated(key, keep=False)]
    if not clash.empty:
        first = clash.iloc[0]
        same = (clash[key] == first[key]).all(axis=1)
        by = sorted(set(clash[same]["implied"]) - {""})
        where = "the frames given" + (f", counting {' and '.join(by)} mode's rows" if by else "")
        raise WordlekitError(
            f"{first['lists']}, {first['mode']} within {first['d']}: {first['opener']} is both "
            f"within and not in {where}; expected frames that agree (a strict-mode strategy is "
            "a hard-mode one, and both are easy-mode ones)"
        )
    every = every.iloc[np.argsort(every["within"].isna().to_numpy(), kind="stable")]
    every = every.drop_duplicates(key).sort_index()
    order = {mode: i for i, mode in enumerate(("easy", *STRICTER))}
    groups = every.groupby(["lists", "mode"], sort=False)
    keys = sorted(groups.groups, key=lambda k: (list(n_openers).index(k[0]), order.get(k[1], 9)))
    out = []
    for lists, mode in keys:
        rows = groups.get_group((lists, mode))
        found = rows[rows["within"] == True]  # noqa: E712 (None: undecided)
        cpu = float(rows["cpu_s"].sum()) if "cpu_s" in rows else None
        refuted = [
            d
            for d, at in rows.groupby("d")
            if len(at) == n_openers[lists] and (at["within"] == False).all()  # noqa: E712
        ]
        at_least = max(refuted) + 1 if refuted else None
        # no covered opener within any d swept: no d, and nothing at d or below it
        d = None if found.empty else int(found["d"].min())
        at = rows.iloc[:0] if d is None else rows[rows["d"] == d]
        below = rows.iloc[:0] if d is None else rows[rows["d"] == d - 1]
        none_below = d is not None and (below["within"] == False).all()  # noqa: E712
        names = at[at["within"] == True]["opener"].tolist()  # noqa: E712
        out.append(
            {
                "lists": lists,
                "mode": mode,
                "least worst case found": d,
                "openers within it": len(names),
                "covered at d": None if d is None else len(at),
                "covered at d - 1 (none within)": len(below) if none_below else None,
                "at least": at_least,
                "example openers": ", ".join(names[:examples]),
                "proved over every opener": none_below and len(below) == n_openers[lists],
                "cpu s": cpu,
                "swept": _swept(rows),
            }
        )
    out = pd.DataFrame(out)
    counts = ["least worst case found", "covered at d", "covered at d - 1 (none within)"]
    return out.astype(dict.fromkeys(counts + ["at least"], "Int64"))  # None: <NA>


def _with_lists(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` if it has a ``lists`` column; a clear error otherwise."""
    if "lists" not in frame.columns:
        raise WordlekitError(
            f"a sweep with columns {', '.join(map(str, frame.columns))}; expected a lists "
            "column too (opener_sweep(..., lists=NAME); read_stored adds it to the older files)"
        )
    return frame


def _openers_per_lists(lists: pd.Series, n_openers: dict | None) -> dict:
    """How many openers each lists named in ``lists`` has: from ``n_openers``, or counted from
    the game of each ``words.LISTS`` pair; a row of any other lists is refused."""
    known = list(LISTS) if n_openers is None else list(n_openers)
    named = list(dict.fromkeys(lists))  # in the frames' order
    unknown = [name for name in named if name not in known]
    if unknown:
        raise WordlekitError(
            f"sweep rows of unknown lists {unknown[0]!r}; expected one of {', '.join(known)}"
        )
    if n_openers is None:
        return {name: len(Game.from_lists(name).guesses) for name in named}
    return {name: n_openers[name] for name in named}


#: The rules that only take guesses away, each from the one before it (easy mode's first):
#: a strict-mode strategy is a hard-mode one on Wordle's tiles (a guess consistent with every
#: feedback keeps its greens in place and as many of each letter as were marked), and both are
#: easy-mode ones (``Game``'s modes).
STRICTER = ("hard", "strict")


def implied_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows one mode's decided rows settle in another mode on the same lists: a strategy
    of a stricter mode (``STRICTER``: strict, then hard) is one of every looser mode too, so an
    opener not within d in a looser mode is not within d in a stricter one, and one within d in
    a stricter mode is within d in every looser one. Each row keeps its lists (the same opener
    on other lists is another game); ``implied`` names the mode it comes from."""
    frame = _with_lists(frame)
    chain = ("easy", *STRICTER)
    settled = []
    for i, loose in enumerate(chain):
        refused = frame[(frame["mode"] == loose) & (frame["within"] == False)]  # noqa: E712
        for strict in chain[i + 1 :]:
            found = frame[(frame["mode"] == strict) & (frame["within"] == True)]  # noqa: E712
            settled.append(refused[COLUMNS].assign(mode=strict, implied=loose))
            settled.append(found[COLUMNS].assign(mode=loose, implied=strict))
    settled = [rows for rows in settled if not rows.empty]
    if not settled:
        return pd.DataFrame(columns=COLUMNS + ["implied"])
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
    """Write a sweep's deterministic columns (``COLUMNS``, ``lists`` first) as a stored
    sweep."""
    _with_lists(frame)[COLUMNS].to_csv(path, index=False, lineterminator="\n")


def read_stored(name: str = STORED) -> pd.DataFrame:
    """A stored sweep (``STORED``, the sample, or one of the ``STORED_*`` full sweeps), its
    sha256 checked, with the columns ``COLUMNS``: a file without a ``lists`` column
    (``STORED_EASY_WITHIN4``, written before it) is of the original lists."""
    frame = pd.read_csv(data_file(name))
    if "lists" not in frame.columns:
        frame.insert(0, "lists", "original")
    return frame


def recheck_sample(frame: pd.DataFrame, k: int = 5, seed: int = 0) -> pd.DataFrame:
    """``k`` rows of ``frame`` drawn at random (seed ``seed``) searched again, each with a new
    search on the game of its lists and mode: the rows with ``again`` beside ``within`` (they
    must agree)."""
    frame = _with_lists(frame)
    rng = np.random.default_rng(seed)
    picked = frame.iloc[sorted(rng.choice(len(frame), size=min(k, len(frame)), replace=False))]
    games, again = {}, []
    for row in picked.itertuples():
        if (row.lists, row.mode) not in games:  # unknown lists: Game.from_lists's clear error
            games[row.lists, row.mode] = Game.from_lists(row.lists, row.mode)
        game = games[row.lists, row.mode]
        again.append(Minimax(game).opener_feasible(game.guess_index(row.opener), int(row.d)))
    return picked.assign(again=again)
