"""Tables of exact optima (``optimal.Solver``): the minimum TOTAL per opener, with a larger
cap where six guesses are impossible (``opener_totals``), and Cunanan & Thielscher's
ApMinTotal per search breadth (``apmintotal_table``, their Table 2), and the proof of a game's
optimal openers by their V_i filtering and exact solves of the openers it leaves
(``opener_proof``; Primel's, too long for a notebook, stored by ``store_opener_proof``). That
proof is the paper's own method, in one process: the cumulative filtering of
``LowerBounds.filter_openers``, then one exact solver for the openers it leaves;
``openers.top_openers`` proves the k best openers of a Wordle list by a resumable sweep
instead (V_2 as a ranking, V_i stages on Dask).

References
----------
- [cunanan2023]_, Tables 2 and 3: ApMinTotal per breadth, on Wordle and other games;
  Section 4.4 and Theorems 1 and 8: ruling openers out by V_i against an upper bound.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from . import games
from .bounds import LowerBounds
from .errors import WordlekitError
from .game import MAX_GUESSES, Game
from .optimal import INFEASIBLE, Solver, feasible
from .words import data_file

#: The stored proof for Primel (``store_opener_proof``), a file of ``words.DATA_SHA256``.
STORED_PROOF = "sweeps/primel_openers.csv"

#: The columns of ``opener_proof``'s table, as stored.
PROOF_COLUMNS = ["opener", "dropped_at", "v", "budget", "total", "states"]


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


def opener_filter(game: Game, upper_bound: int, depth: int = 6) -> pd.DataFrame:
    """Every opener of ``game`` through ``LowerBounds.filter_openers(upper_bound, depth)``.

    Returns one row per opener, in list order: ``opener``, ``dropped_at`` (Int64: the i whose
    V_i exceeded ``upper_bound``; missing for the openers left after V_``depth``) and ``v``
    (V_i at the last step that examined it: above ``upper_bound`` where dropped, exact and at
    most it where left), with ``budget``, ``total`` and ``states`` missing (Int64) for
    ``solve_openers`` to fill in.
    """
    n = len(game.guesses)
    dropped = pd.array([None] * n, dtype="Int64")
    v = np.zeros(n, dtype=np.int64)
    examined = np.asarray(game.all_guesses)
    for row in LowerBounds(game).filter_openers(upper_bound, depth):
        v[examined] = row["values"]
        dropped[examined[row["values"] > upper_bound]] = row["i"]
        examined = row["survivors"]
    frame = pd.DataFrame({"opener": list(game.guesses), "dropped_at": dropped, "v": v})
    for column in ("budget", "total", "states"):
        frame[column] = pd.array([None] * n, dtype="Int64")
    return frame


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
    path, name: str = "Primel", upper_bound: int = 28951, depth: int = 4, until=None
) -> pd.DataFrame:
    """``opener_filter`` then ``solve_openers`` on ``games.game(name)``, written to ``path``
    (CSV, ``PROOF_COLUMNS``) after the filtering and again after each solve, so that a run
    stopped (``until``, a ``time.time()``, or killed) resumes from the file. Prints each step
    with its wall time (the log of the run; times are never stored)."""
    path, game, start = Path(path), games.game(name), time.time()
    if path.is_file():
        frame = _read_proof(path)
    else:
        frame = opener_filter(game, upper_bound, depth)
        _write_proof(frame, path)
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


def read_stored_proof() -> pd.DataFrame:
    """The stored proof for Primel (``STORED_PROOF``), its sha256 checked (``words.data_file``)."""
    return _read_proof(data_file(STORED_PROOF))


def _read_proof(path) -> pd.DataFrame:
    missing = dict.fromkeys(["dropped_at", "budget", "total", "states"], "Int64")  # may be empty
    return pd.read_csv(path, dtype={"opener": str, "v": "int64", **missing})


def _write_proof(frame: pd.DataFrame, path: Path) -> None:
    partial = path.with_name(path.name + ".partial")
    frame[PROOF_COLUMNS].to_csv(partial, index=False, lineterminator="\n")
    partial.replace(path)
