"""Tables of exact optima (``optimal.Solver``): the minimum TOTAL per opener, with a larger
cap where six guesses are impossible (``opener_totals``), and Cunanan & Thielscher's
ApMinTotal per search breadth (``apmintotal_table``, their Table 2); and their Table 4, the
filtering of every opener by V_i (``bounds.LowerBounds.filter_openers``), stored.

Table 4's filtering of the 12,972 openers takes minutes, too long for ``make reproduce``:
``store_table4`` made it once and wrote every opener's V_i per step to
``wordlekit/data/sweeps/table4_filtering.csv`` (command, commit and cost in
``wordlekit/data/SOURCES.md``); ``read_table4`` reads it back (sha256 checked),
``table4_rows`` replays the filtering from it (``filter_openers``' rows) and ``recheck_table4``
computes every V_1 and a seeded sample of the other values again (notebook 10).

It also proves a game's optimal openers by their V_i filtering and exact solves of the
openers it leaves (``opener_proof``; Primel's and Nerdle's, too long for a notebook, stored by
``store_opener_proof``, read by ``read_stored_proof`` and rechecked by ``recheck_proof``). That proof is the paper's own method, in one process: the cumulative
filtering of ``LowerBounds.filter_openers``, then one exact solver for the openers it leaves;
``openers.top_openers`` proves the k best openers of a Wordle list by a resumable sweep
instead (V_2 as a ranking, V_i stages on Dask).

References
----------
- [cunanan2023]_, Tables 2 and 3: ApMinTotal per breadth, on Wordle and other games; Table 4:
  the openers left by V_i; Section 4.4 and Theorems 1 and 8: ruling openers out by V_i against
  an upper bound.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from .. import games
from ..bounds import LowerBounds
from ..errors import WordlekitError
from ..game import MAX_GUESSES, Game
from ..optimal import INFEASIBLE, Solver, feasible
from ..words import data_file

#: The stored proofs of a game's optimal openers (``store_opener_proof``), by game: files of
#: ``words.DATA_SHA256``.
STORED_PROOFS = {"Primel": "sweeps/primel_openers.csv", "Nerdle": "sweeps/nerdle_openers.csv"}

#: The columns of ``opener_proof``'s table, as stored.
PROOF_COLUMNS = ["opener", "dropped_at", "v", "budget", "total", "states"]


#: Table 4's filtering, stored (``store_table4``): a file of ``words.DATA_SHA256``.
TABLE4 = "sweeps/table4_filtering.csv"

#: The stored filtering's settings: original lists, easy mode, the upper bound 7920 (salet's
#: ApMinTotal, notebook 09), V_1 to V_6.
TABLE4_RUN = {"upper_bound": 7920, "depth": 6}


def opener_totals(
    game: Game, openers, max_guesses: int | None = MAX_GUESSES, fallback: int | None = None
) -> pd.DataFrame:
    """The minimum TOTAL from each opener within ``max_guesses``, and within ``fallback``
    guesses for the openers from which no strategy keeps the first cap.

    One solver serves every opener (they share its memo), and one more, with the larger cap,
    only the infeasible openers: under the NYT hard rule trace, slate and raise cannot solve
    every answer within six guesses, and their optima with a cap of 8 are what remains to say.

    Parameters
    ----------
    game : Game
    openers : sequence of str
    max_guesses : int or None
        The cap, as ``Solver``'s (None: no cap).
    fallback : int, optional
        A larger cap for the openers that are infeasible within ``max_guesses``.

    Returns
    -------
    DataFrame indexed by opener (in the order given), with columns
        ``total`` (Int64, guesses summed over the answers; missing where no strategy solves
        every answer within ``max_guesses``) and, with ``fallback``, ``fallback_total`` (Int64,
        the same within ``fallback`` guesses where ``total`` is missing; missing elsewhere,
        and where the larger cap is infeasible too).
    """
    if fallback is not None and (max_guesses is None or fallback <= max_guesses):
        raise WordlekitError(
            f"fallback cap {fallback!r}: expected more guesses than the cap "
            f"max_guesses={max_guesses!r}"
        )
    openers = list(openers)
    indices = [game.guess_index(o, role="opener") for o in openers]

    def column(totals: list[int]):
        return pd.array([t if feasible(t) else None for t in totals], dtype="Int64")

    solver = Solver(game, max_guesses)
    frame = pd.DataFrame(
        {"total": column([solver.opener_total(g) for g in indices])},
        index=pd.Index(openers, name="opener"),
    )
    if fallback is not None:
        wider = Solver(game, fallback)
        frame["fallback_total"] = column(
            [
                wider.opener_total(g) if missing else INFEASIBLE
                for g, missing in zip(indices, frame["total"].isna())
            ]
        )
    return frame


def apmintotal_table(
    game: Game, breadths=(1, 5, 10, 20), max_guesses: int | None = None
) -> pd.DataFrame:
    """ApMinTotal(S, n) and its starter for each search breadth n (Cunanan & Thielscher's
    Table 2): ``Solver(breadth=n)`` from the root, each with its own memo.

    Returns one row per n (the index): ``total`` and ``starter`` (None where no strategy keeps
    ``max_guesses``), the wall ``seconds`` and the solver's ``nodes``.
    """
    rows = []
    root = game.initial_state()
    left = len(game.answers) if max_guesses is None else max_guesses
    for breadth in breadths:
        solver = Solver(game, max_guesses, breadth=breadth)
        start = time.perf_counter()
        total = solver.value(root, left)
        seconds = time.perf_counter() - start
        solved = feasible(total)
        rows.append(
            {
                "n": breadth,
                "total": total if solved else None,
                "starter": game.guesses[solver.best_guess(root, left)] if solved else None,
                "seconds": seconds,
                "nodes": solver.nodes,
            }
        )
    return pd.DataFrame(rows).set_index("n")


def table4_values(game: Game, rows: list[dict]) -> pd.DataFrame:
    """``filter_openers``' rows as one row per opener of ``game``, in list order: ``opener``
    and ``v_1`` .. ``v_d`` (Int64), its V_i at each step that valued it (exact where at most
    the upper bound, else a lower bound above it), missing after the step that ruled it out."""
    frame = pd.DataFrame({"opener": list(game.guesses)})
    for row in rows:
        column = np.full(len(game.guesses), -1, dtype=np.int64)
        column[row["examined"]] = row["values"]
        frame[f"v_{row['i']}"] = pd.array(column, dtype="Int64")
        frame.loc[column < 0, f"v_{row['i']}"] = pd.NA
    return frame


def store_table4(path, workers: int = 1) -> pd.DataFrame:
    """Filter every opener of the original lists by V_1 .. V_6 against 7920 (``TABLE4_RUN``),
    on ``workers`` processes, and write ``table4_values`` to ``path`` as CSV; prints the
    candidate sets bounded and the wall time (the log of the run; times are never stored)."""
    game = Game.original()
    lower = LowerBounds(game)
    start = time.perf_counter()
    rows = lower.filter_openers(TABLE4_RUN["upper_bound"], TABLE4_RUN["depth"], workers=workers)
    print(f"{lower.nodes} candidate sets bounded, {time.perf_counter() - start:.1f} s", flush=True)
    frame = table4_values(game, rows)
    frame.to_csv(path, index=False, lineterminator="\n")
    return frame


def read_table4(game: Game) -> pd.DataFrame:
    """The stored filtering (``TABLE4``), its sha256 checked (``words.data_file``); ``game``'s
    guesses must be its openers, in order."""
    frame = pd.read_csv(data_file(TABLE4), dtype={"opener": str})
    if frame["opener"].tolist() != list(game.guesses):
        raise WordlekitError(
            f"{TABLE4}: its openers are not {game}'s guesses; expected the original lists"
        )
    return frame.astype({c: "Int64" for c in frame.columns if c.startswith("v_")})


def table4_rows(game: Game, values: pd.DataFrame, upper_bound: int) -> list[dict]:
    """``filter_openers``' rows (``i``, ``remaining``, ``min_v``, ``best``, ``survivors``,
    ``examined``, ``values``) replayed from ``table4_values``; an error if a step valued other
    openers than the previous step left."""
    rows, left = [], np.arange(len(game.guesses))
    for column in [c for c in values.columns if c.startswith("v_")]:
        examined = np.flatnonzero(values[column].notna().to_numpy())
        if not np.array_equal(examined, left):
            raise WordlekitError(
                f"{column}: valued {len(examined)} openers; expected the {len(left)} left by "
                f"the step before"
            )
        v = values[column].to_numpy(dtype=np.int64, na_value=-1)[examined]
        left = examined[v <= upper_bound]
        rows.append(
            {
                "i": int(column.removeprefix("v_")),
                "remaining": len(left),
                "min_v": int(v.min()),
                "best": game.guesses[int(examined[np.argmin(v)])],
                "survivors": left,
                "examined": examined,
                "values": v,
            }
        )
    return rows


def recheck_table4(
    game: Game, rows: list[dict], upper_bound: int, sample: int, seed: int = 0
) -> pd.DataFrame:
    """Compute stored values of ``table4_rows`` again: V_1 of every opener, and at each later
    step the V_i of ``sample`` openers it valued, drawn with ``seed``, and of its best opener.

    One ``LowerBounds`` serves every value, as in the filtering. Returns one row per value
    rechecked: ``i``, ``opener``, ``stored``, ``now`` and ``agree``: equal where the stored
    value is exact (at most ``upper_bound``), both above ``upper_bound`` where it is not.
    """
    rng = np.random.default_rng(seed)
    lower = LowerBounds(game)
    root = game.initial_state()
    found = []
    for row in rows:
        i, examined, stored = row["i"], row["examined"], row["values"]
        cheap = lower.cheap_v(i, root)
        if i == 1:  # V_1 is the cheap bound itself: every opener
            picked = np.arange(len(examined))
            now = cheap[examined]
        else:
            drawn = rng.choice(len(examined), min(sample, len(examined)), replace=False)
            picked = np.union1d(drawn, [int(np.argmin(stored))])
            now = [
                lower.v(i, root, int(examined[k]), upper_bound + 1, int(cheap[examined[k]]))
                for k in picked
            ]
        found.append(
            pd.DataFrame(
                {
                    "i": i,
                    "opener": [game.guesses[int(g)] for g in examined[picked]],
                    "stored": stored[picked],
                    "now": np.asarray(now, dtype=np.int64),
                }
            )
        )
    frame = pd.concat(found, ignore_index=True)
    exact = frame["stored"] <= upper_bound
    frame["agree"] = np.where(exact, frame["now"] == frame["stored"], frame["now"] > upper_bound)
    return frame
    return pd.DataFrame(rows).set_index("n")


def opener_filter(
    game: Game, upper_bound: int, depth: int = 6, workers: int = 1, checkpoint=None
) -> pd.DataFrame:
    """Every opener of ``game`` through ``LowerBounds.filter_openers(upper_bound, depth)``.

    Returns one row per opener, in list order: ``opener``, ``dropped_at`` (Int64: the i whose
    V_i exceeded ``upper_bound``; missing for the openers left after V_``depth``) and ``v``
    (V_i at the last step that examined it: above ``upper_bound`` where dropped, exact and at
    most it where left), with ``budget``, ``total`` and ``states`` missing (Int64) for
    ``solve_openers`` to fill in.

    ``workers``: processes, as in ``filter_openers``. ``checkpoint``: a file (CSV ``i,opener,v``)
    that records each V_i (i > 1) as it is found, read back by a run that was stopped, so that
    a filtering of hours (Nerdle's V_2) resumes instead of starting over.
    """
    n = len(game.guesses)
    dropped = pd.array([None] * n, dtype="Int64")
    v = np.zeros(n, dtype=np.int64)
    known, record, log = {}, None, None
    if checkpoint is not None:
        checkpoint = Path(checkpoint)
        if checkpoint.is_file():
            known = _read_checkpoint(game, checkpoint)
        else:
            checkpoint.write_text("i,opener,v\n")
        log = checkpoint.open("a")

        def record(i, g, value):
            log.write(f"{i},{game.guesses[g]},{value}\n")
            log.flush()

    try:
        rows = LowerBounds(game).filter_openers(
            upper_bound, depth, workers=workers, known=known, record=record
        )
    finally:
        if log is not None:
            log.close()
    for row in rows:
        v[row["examined"]] = row["values"]
        dropped[row["examined"][row["values"] > upper_bound]] = row["i"]
    frame = pd.DataFrame({"opener": list(game.guesses), "dropped_at": dropped, "v": v})
    for column in ("budget", "total", "states"):
        frame[column] = pd.array([None] * n, dtype="Int64")
    return frame


def _read_checkpoint(game: Game, path: Path) -> dict:
    """``opener_filter``'s checkpoint as ``{(i, g): V_i}``. A last line cut short by a kill is
    cut from the file (it is computed again)."""
    index = {word: g for g, word in enumerate(game.guesses)}
    text = path.read_text()
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        path.write_text(text)
    lines = text.split("\n")[1:-1]  # the header, and the empty string after the last newline
    known = {}
    for number, line in enumerate(lines, start=2):
        parts = line.split(",")
        if len(parts) != 3 or parts[1] not in index or not (parts[0] + parts[2]).isdigit():
            raise WordlekitError(
                f"{path}, line {number}: {line!r} is not 'i,opener,v' with an opener of "
                f"{game.guesses.name}: expected the checkpoint opener_filter wrote for it"
            )
        known[(int(parts[0]), index[parts[1]])] = int(parts[2])
    return known


def solve_openers(game: Game, frame: pd.DataFrame, upper_bound: int, until=None, progress=None):
    """Fill in, in place, the exact solves of the openers ``opener_filter`` left, lowest V
    first: ``total`` is ``Solver.opener_total`` with the bound ``budget`` = (the least total
    known, ``upper_bound`` at first) + 1, so it is exact where at most that least total and
    otherwise a lower bound of at least ``budget``; ``states``, the states the solver scored
    for it (after the openers before it, whose memo it shares: a resumed run counts others).

    Openers already solved are skipped (a resumed run). Stops before an opener when
    ``time.time()`` has passed ``until``; ``progress(frame, position)`` after each opener.
    """
    solver = Solver(game, max_guesses=None)
    left = frame[frame["dropped_at"].isna()].sort_values(["v", "opener"], kind="stable")
    for position in left.index[left["total"].isna()]:
        if until is not None and time.time() > until:
            return
        known = frame["total"][frame["total"] < frame["budget"]]
        budget = min([upper_bound, *known.astype(int)]) + 1
        before = solver.nodes
        total = solver.opener_total(game.guess_index(frame.at[position, "opener"]), bound=budget)
        frame.loc[position, ["budget", "total", "states"]] = [budget, total, solver.nodes - before]
        if progress is not None:
            progress(frame, position)


def opener_proof(frame: pd.DataFrame, upper_bound: int) -> dict:
    """What ``frame`` (``opener_filter`` then ``solve_openers``) proves.

    Returns ``openers``, ``dropped`` (by V_i), ``solved`` and ``refuted`` (survivors whose
    exact solve reached its budget), ``unsolved`` (survivors not yet solved), ``best`` (the
    least total known: ``upper_bound`` or an exact total below it) and ``optimal`` (the
    openers whose exact total is ``best``, in list order): ``best`` is the optimum, and
    ``optimal`` every optimal opener, exactly when ``unsolved`` is 0 (Theorem 1: every other
    opener's total is proved above it).
    """
    survivors = frame[frame["dropped_at"].isna()]
    solved = survivors[survivors["total"].notna()]
    exact = solved[solved["total"] < solved["budget"]]
    best = min([upper_bound, *exact["total"].astype(int)])
    return {
        "openers": len(frame),
        "dropped": len(frame) - len(survivors),
        "solved": len(solved),
        "refuted": int((solved["total"] > best).sum()),
        "unsolved": len(survivors) - len(solved),
        "best": best,
        "optimal": list(exact.loc[exact["total"] == best, "opener"]),
    }


def store_opener_proof(
    path,
    name: str = "Primel",
    upper_bound: int = 28951,
    depth: int = 4,
    until=None,
    workers: int = 1,
) -> pd.DataFrame:
    """``opener_filter`` then ``solve_openers`` on ``games.game(name)``, written to ``path``
    (CSV, ``PROOF_COLUMNS``) after the filtering and again after each solve, so that a run
    stopped (``until``, a ``time.time()``, or killed) resumes from the file; the filtering
    itself resumes from ``path`` + ``.values`` (``opener_filter``'s checkpoint, removed once
    the filtering is written). Prints each step with its wall time (the log of the run; times
    are never stored). ``workers``: the filtering's processes."""
    path, game, start = Path(path), games.game(name), time.time()
    if path.is_file():
        frame = _read_proof(path)
    else:
        checkpoint = path.with_name(path.name + ".values")
        frame = opener_filter(game, upper_bound, depth, workers, checkpoint)
        _write_proof(frame, path)
        checkpoint.unlink()
        print(
            f"filtered: {opener_proof(frame, upper_bound)} {time.time() - start:.0f} s", flush=True
        )

    def log(frame, position):
        _write_proof(frame, path)
        row = frame.loc[position]
        print(
            f"{row['opener']} v={row['v']} budget={row['budget']} total={row['total']} "
            f"states={row['states']} {time.time() - start:.0f} s",
            flush=True,
        )

    solve_openers(game, frame, upper_bound, until, log)
    print(f"proof: {opener_proof(frame, upper_bound)}", flush=True)
    return frame


def read_stored_proof(name: str = "Primel") -> pd.DataFrame:
    """The stored proof for the game ``name`` (``STORED_PROOFS``), its sha256 checked
    (``words.data_file``)."""
    if name not in STORED_PROOFS:
        raise WordlekitError(
            f"no stored proof for the game {name!r}: expected one of {', '.join(STORED_PROOFS)}"
        )
    return _read_proof(data_file(STORED_PROOFS[name]))


def stored_upper_bound(frame: pd.DataFrame) -> int:
    """The upper bound a stored proof ran with: its first solve's cutoff less one (later
    cutoffs only fall). Refuses a proof that dropped an opener at or below it."""
    upper_bound = int(frame["budget"].max()) - 1
    dropped = frame.loc[frame["dropped_at"].notna(), "v"]
    if len(dropped) and dropped.min() <= upper_bound:
        raise WordlekitError(
            f"a stored proof dropped an opener with V = {dropped.min()}, not above its upper "
            f"bound {upper_bound}: expected every opener dropped to be above it"
        )
    return upper_bound


def proof_steps(frame: pd.DataFrame, upper_bound: int) -> pd.DataFrame:
    """How many openers each step of a proof leaves: ``step`` (V_1 .. V_depth, then the exact
    solves: the openers found optimal plus those still unsolved) and ``remaining``."""
    dropped_at = frame["dropped_at"]
    proof = opener_proof(frame, upper_bound)
    depth = int(dropped_at.max()) if dropped_at.notna().any() else 0
    rows = [
        {"step": f"V_{i}", "remaining": int((dropped_at.isna() | (dropped_at > i)).sum())}
        for i in range(1, depth + 1)
    ]
    rows.append({"step": "exact solves", "remaining": proof["unsolved"] + len(proof["optimal"])})
    return pd.DataFrame(rows)


def recheck_proof(game: Game, frame: pd.DataFrame, upper_bound: int) -> pd.DataFrame:
    """What a stored proof rests on, computed again in seconds: the first optimal opener's
    exact total (kind ``equal``), the stored V of the two openers left with the lowest V
    (exact, being at most the bound: ``equal``) and, for each step, the last opener in list
    order it ruled out, its V_i computed again above the bound (``above``; a cold memo, so each
    is computed whole). Columns ``check``, ``kind``, ``stored``, ``again``."""
    lower, solver, root = LowerBounds(game), Solver(game, max_guesses=None), game.initial_state()
    proof = opener_proof(frame, upper_bound)
    dropped_at = frame["dropped_at"]
    depth = int(dropped_at.max())
    rows = [
        {
            "check": f"exact total from {name}",
            "kind": "equal",
            "stored": proof["best"],
            "again": solver.opener_total(game.guess_index(name)),
        }
        for name in proof["optimal"][:1]
    ]
    left = frame[dropped_at.isna()].sort_values("v", kind="stable").head(2)
    for name, v in zip(left["opener"], left["v"]):
        again = lower.v(depth, root, game.guess_index(name))
        rows.append(
            {"check": f"V_{depth}({name})", "kind": "equal", "stored": int(v), "again": again}
        )
    for i in range(1, depth + 1):
        row = frame[dropped_at == i].iloc[-1]
        again = lower.v(i, root, game.guess_index(row["opener"]), upper_bound + 1)
        rows.append(
            {
                "check": f"V_{i}({row['opener']}) > {upper_bound}",
                "kind": "above",
                "stored": int(row["v"]),
                "again": again,
            }
        )
    return pd.DataFrame(rows, columns=["check", "kind", "stored", "again"])


def _read_proof(path) -> pd.DataFrame:
    missing = dict.fromkeys(["dropped_at", "budget", "total", "states"], "Int64")  # may be empty
    return pd.read_csv(path, dtype={"opener": str, "v": "int64", **missing})


def _write_proof(frame: pd.DataFrame, path: Path) -> None:
    partial = path.with_name(path.name + ".partial")
    frame[PROOF_COLUMNS].to_csv(partial, index=False, lineterminator="\n")
    partial.replace(path)
