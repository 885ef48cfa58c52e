"""The Mastermind ladder: exact optima of Mastermind (P pegs, C colours) rung by rung, under
the unrestricted rule (any code may be guessed) and the strict one (every guess consistent with
all feedback so far, the literature's "possible codes only"), beside the published values.

Every rung is proved by the exact solver (``optimal.Solver``, no cap on guesses) with one search
per class of openers (``equivalence.opener_classes``: permuting pegs and colours maps the
strategies from one opener onto those from another, total for total), and the symmetries that
fix the guesses so far at every state below (``symmetry``). The classes are tried best first
by their cheap bound V_1 (``bounds.guess_lower_bound``), each later one only asked whether it
beats the best total so far (``Solver.opener_total``'s bound): a class that does not is a
proved lower bound, ``>=``, and the best class's total is the optimum.

Super Mastermind (5, 8) has 32,768 codes: its pattern matrix is 1.07 GB, within the memory
guard (``feedback.check_matrix_size``), and its proofs are hours (measured bucket by bucket
in benchmarks/mastermind-ladder-super-results.md). What this module stores of it are the measured
rows: the classes' V_2 or V_3 (``bounds.LowerBounds``, Cunanan & Thielscher's lower bounds,
valid under either rule: ``bound_rows``), the totals of one-step strategies evaluated exactly
(upper bounds: ``strategy_rows``), and the buckets of one opener valued in the time given
(benchmarks/mastermind_ladder.py ``--super``).

The runs take minutes, too long for a notebook: ``store_ladder`` made them once and wrote
``wordlekit/data/sweeps/mastermind_ladder.csv`` (command, commit and cost in
``wordlekit/data/SOURCES.md``, sha256 in ``words.DATA_SHA256``); ``read_ladder`` reads it back,
``ladder`` makes one row per rung and rule from it, beside the published values, and
``recheck_ladder`` proves a seeded sample of its rows again.

References
----------
- [koyama1993]_: the optimum 5625 of Mastermind (4, 6); guess equivalence.
- [ville2013]_: the optimum of Mastermind (4, 7), mean 4.676 (its abstract).
- [cunanan2023]_, Definitions 16 and 17: the lower bounds V_i.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from .. import paths
from ..bounds import LowerBounds
from ..equivalence import classes_best_first, proved_best_opener
from ..errors import WordlekitError
from ..evaluation import evaluate
from ..games import mastermind
from ..optimal import Solver
from ..policies import make_policy
from ..tables import guessing_game_anchors
from ..words import data_file

#: The stored ladder (``store_ladder``): a file of ``words.DATA_SHA256``.
LADDER = "sweeps/mastermind_ladder.csv"

#: Its columns. One row per rung (pegs, colours), rule and class of openers (its smallest
#: code): ``relation`` "=" (``total`` is the class's exact optimum), ">=" (a lower bound on
#: it) or "<=" (the total of a strategy from that opener: an upper bound); ``proof`` how it
#: was shown: "optimum" (exact search), "cutoff" (the bounded search stopped at the best total
#: of an earlier class), "V_2" or "V_3" (``bounds.LowerBounds``), "buckets" (some of the
#: opener's buckets valued exactly, the others at their floors), "gep strategy" or "mig
#: strategy" (the total of that policy, most parts or greatest entropy, from that opener,
#: evaluated exactly; "(strict)": under the strict rule, a strategy either rule allows);
#: ``states`` the states the search scored for that row, ``seconds`` its wall time in the
#: stored run (a record of that run's cost, not regenerated).
COLUMNS = ["pegs", "colours", "rule", "opener", "relation", "total", "proof", "states", "seconds"]

#: The rules, as the ladder names them, and the game modes that play them.
RULES = {"unrestricted": "easy", "strict": "strict"}

#: Rungs proved whole by ``store_ladder`` (under both rules).
SOLVED_RUNGS = ((3, 5), (4, 6), (4, 7))

#: The published values beside the rungs: (pegs, colours, rule) -> (quantity, source key) of
#: ``wordlekit/data/reference/guessing_games_published.csv``.
PUBLISHED = {
    (4, 6, "unrestricted"): ("optimal_total", "koyama1993"),
    (4, 7, "unrestricted"): ("optimal_mean", "ville2013"),
}


def prove_rung(pegs: int, colours: int, rule: str) -> list[dict]:
    """The rows of one rung and rule (``COLUMNS``): every class of openers settled by one
    solver (no cap on guesses), best V_1 first, each later class with the bound of the best
    total so far (``equivalence.proved_best_opener``)."""
    game = mastermind(pegs, colours, RULES[rule])
    solver = Solver(game, None)
    rows: list[dict] = []
    since = [time.perf_counter(), solver.nodes]  # when the class being settled began

    def settled(opener: int, total: int, exact: bool) -> None:
        rows.append(
            {
                "pegs": pegs,
                "colours": colours,
                "rule": rule,
                "opener": game.guesses[opener],
                "relation": "=" if exact else ">=",
                "total": total,
                "proof": "optimum" if exact else "cutoff",
                "states": solver.nodes - since[1],
                "seconds": round(time.perf_counter() - since[0], 1),
            }
        )
        since[:] = [time.perf_counter(), solver.nodes]

    proved_best_opener(solver, classes_best_first(game), settled)
    return rows


def bound_rows(pegs: int, colours: int, depths=(2, 3)) -> list[dict]:
    """The largest of V_i, i in ``depths``, of every class of openers at the root
    (``bounds.LowerBounds``, easy mode): a lower bound on the optimum from that opener under
    either rule (the strict rule only removes guesses, and each LB_i is a minimum over them).
    One ``>=`` row per class and rule, ``proof`` naming the V_i kept; the cost (``states``,
    ``seconds``, both i) on the unrestricted row, 0 on the strict one, which repeats it."""
    game = mastermind(pegs, colours, "easy")
    bounds = LowerBounds(game)
    root = game.initial_state()
    rows = []
    for opener in classes_best_first(game):
        start, nodes = time.perf_counter(), bounds.nodes
        value, depth = max((int(bounds.v(i, root, opener)), i) for i in depths)
        cost = {"states": bounds.nodes - nodes, "seconds": round(time.perf_counter() - start, 1)}
        for rule in RULES:
            rows.append(
                {
                    "pegs": pegs,
                    "colours": colours,
                    "rule": rule,
                    "opener": game.guesses[opener],
                    "relation": ">=",
                    "total": value,
                    "proof": f"V_{depth}",
                    **(cost if rule == "unrestricted" else {"states": 0, "seconds": 0.0}),
                }
            )
    return rows


def strategy_rows(
    pegs: int, colours: int, opener: str, policy: str = "gep", rule: str = "strict"
) -> list[dict]:
    """The total of ``policy`` (``policies.make_policy``) from ``opener`` under ``rule``,
    evaluated exactly over every code (``evaluation.evaluate``): an upper bound on that rule's
    optimum, and under the strict rule on both (a strict strategy is one the unrestricted rule
    allows too). One ``<=`` row per rule it bounds (its ``seconds`` on the row of ``rule``, 0
    on the other, which repeats it)."""
    game = mastermind(pegs, colours, RULES[rule])
    start = time.perf_counter()
    total = int(evaluate(game, make_policy(policy), opener).total)
    seconds = round(time.perf_counter() - start, 1)
    return [
        {
            "pegs": pegs,
            "colours": colours,
            "rule": bounded,
            "opener": opener,
            "relation": "<=",
            "total": total,
            "proof": f"{policy} strategy" + (" (strict)" if rule == "strict" else ""),
            "states": 0,
            "seconds": seconds if bounded == rule else 0.0,
        }
        for bounded in (RULES if rule == "strict" else [rule])
    ]


def store_ladder(rows, name: str = "mastermind_ladder.csv") -> pd.DataFrame:
    """Write ``rows`` (dicts of ``COLUMNS``: ``prove_rung``'s of ``SOLVED_RUNGS`` under both
    rules, ``bound_rows(5, 8)``, and the rows of Super Mastermind's buckets measured by
    benchmarks/mastermind_ladder.py) to ``wordlekit/data/sweeps/name``; its sha256 then goes
    into ``words.DATA_SHA256`` and ``SOURCES.md`` by hand."""
    frame = pd.DataFrame(list(rows), columns=COLUMNS)
    frame.to_csv(paths.DATA_DIR / "sweeps" / name, index=False, lineterminator="\n")
    return frame


def read_ladder() -> pd.DataFrame:
    """The stored rows (``COLUMNS``), the file's sha256 checked first (``words.data_file``: a
    clear error naming it and both hashes if it differs)."""
    return _read(data_file(LADDER))


def _read(path) -> pd.DataFrame:
    frame = pd.read_csv(path, dtype={"opener": str})
    if list(frame.columns) != COLUMNS:
        raise WordlekitError(f"{path}: columns {list(frame.columns)}; expected {COLUMNS}")
    return frame


def _published() -> pd.DataFrame:
    frame = guessing_game_anchors()
    return frame[frame["max_guesses"] == ""]


def ladder(rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per rung and rule, from the stored rows (``read_ladder`` unless ``rows``):
    ``game``, ``pegs``, ``colours``, ``codes``, ``rule``; ``total`` and ``mean``, ours (the
    least exact total over the classes; missing where none was solved); ``lower``, the least
    lower bound over the classes (a proved lower bound on the optimum: every opener is in some
    class); ``proved`` (``lower == total``: the optimum); ``kind`` ("optimum", or what the
    bounds rest on); ``opener`` (the best class's code); ``published`` (as published: a TOTAL
    or a mean), its ``quantity`` and ``source`` (a key of docs/references.md); ``states`` and
    ``seconds`` summed over the rung's rows (the stored run's)."""
    rows = read_ladder() if rows is None else rows
    published = _published()
    out = []
    for (pegs, colours, rule), group in rows.groupby(["pegs", "colours", "rule"], sort=False):
        # totals of strategies: exact optima ("="), or a strategy's total ("<=")
        exact = group[group["relation"].isin(["=", "<="])]
        # each class's best proved lower bound (its exact total where solved)
        bounds = group[group["relation"].isin(["=", ">="])]
        per_class = bounds.groupby("opener")["total"].max()
        lower = int(per_class.min()) if len(per_class) == _n_classes(pegs, colours) else None
        total = int(exact["total"].min()) if len(exact) else None
        best = exact.loc[exact["total"].idxmin(), "opener"] if len(exact) else None
        proved = total is not None and lower == total
        kinds = sorted(set(group["proof"]) - {"optimum", "cutoff"})
        quantity, source = PUBLISHED.get((pegs, colours, rule), (None, None))
        value = None
        if quantity is not None:
            match = published[
                (published["game"] == f"mastermind-{pegs}-{colours}")
                & (published["quantity"] == quantity)
            ]
            value = float(match["published"].iloc[0]) if len(match) else None
        codes = colours**pegs
        out.append(
            {
                "game": f"mastermind-{pegs}-{colours}",
                "pegs": int(pegs),
                "colours": int(colours),
                "codes": codes,
                "rule": rule,
                "total": total,
                "mean": None if total is None else total / codes,
                "lower": lower,
                "proved": proved,
                "kind": "optimum" if proved else ", ".join(kinds or ["cutoff"]),
                "opener": best,
                "published": value,
                "quantity": quantity,
                "source": source,
                "states": int(group["states"].sum()),
                "seconds": float(group["seconds"].sum()),
            }
        )
    frame = pd.DataFrame(out)
    for column in ("total", "lower"):
        frame[column] = frame[column].astype("Int64")
    return frame


def _n_classes(pegs: int, colours: int) -> int:
    """How many classes of openers (P, C) has: the partitions of P into at most C parts."""

    def partitions(n: int, largest: int, parts: int) -> int:
        if n == 0:
            return 1
        if parts == 0:
            return 0
        return sum(partitions(n - k, k, parts - 1) for k in range(1, min(n, largest) + 1))

    return partitions(pegs, pegs, colours)


def recheck_ladder(rows: pd.DataFrame, sample: int = 2, seed: int = 0, codes_max: int = 1296):
    """Prove again, in this run, ``sample`` rows drawn by ``np.random.default_rng(seed)`` among
    the "optimum" rows of rungs of at most ``codes_max`` codes; returns them with a column
    ``again`` (this run's exact total), which must equal ``total``."""
    pool = rows[(rows["proof"] == "optimum") & (rows["colours"] ** rows["pegs"] <= codes_max)]
    rng = np.random.default_rng(seed)
    picked = pool.iloc[sorted(rng.choice(len(pool), min(sample, len(pool)), replace=False))]
    again = []
    for _, row in picked.iterrows():
        game = mastermind(int(row["pegs"]), int(row["colours"]), RULES[row["rule"]])
        again.append(Solver(game, None).opener_total(game.guess_index(row["opener"])))
    return picked.assign(again=again)
