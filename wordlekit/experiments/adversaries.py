"""Notebook 21's tables: one engine under three models of the answerer.

- **The answerer's model, on a small game** (``three_models``): a uniform random secret (the
  papers' POMDP, the mean's optimum), the worst case (minimax: the fewest guesses that
  guarantee a win, ``optimal.objectives``) and a known adversary (Absurdle keeps the largest
  bucket, ``absurdle_search``), each with its strategy written out.
- **Absurdle's proof** (``absurdle_proof``): each length from one guess proved impossible,
  then a win, with the proof's cost in first guesses ruled out by the counting bound and
  searched; ``absurdle_search.opener_wins`` rechecks a stored win from its opener.
- **The objectives table** (``objective_table``): how much TOTAL each objective gives up for
  its worst case, read off the capped optima T*(d) of an opener (``optimal.objectives``
  module docstring). The capped optima are rows of ``CAPPED_COLUMNS``; ``capped_rows``
  computes them, ``store_capped`` writes the ones too long for a notebook
  (``wordlekit/data/sweeps/objective_caps.csv``) and ``read_capped`` reads them back.
- **The Mastermind ladder** (``mastermind_rung``): the optimum of Mastermind (P, C) over every
  class of openers, in the mean and in the worst case, unrestricted and under the strict rule
  (every guess a code consistent with all feedback so far). The published values beside it
  (``guessing_games_published.csv``): Koyama & Lai's and Knuth's for (4, 6), Ville's least
  worst case of (4, 6) and Goddard's least mean of (3, 5).

References
----------
- [qntm2022]_: Absurdle, the adversary.
- [koyama1993]_, [knuth1976]_, [ville2013]_, [goddard2004]_: the Mastermind ladder's published
  values.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pandas as pd

from ..absurdle import Absurdle
from ..absurdle_search import prove_depth, shortest_win
from ..equivalence import proved_best_opener
from ..game import Game
from ..games import mastermind
from ..optimal import Solver, feasible
from ..optimal.objectives import optimize
from ..trees import optimal_paths, tree_lines
from ..words import data_file

#: A stored capped optimum: the optimum within ``cap`` guesses (``cap`` 0: no cap) of the
#: strategies opening with ``opener`` (``total`` empty: none within the cap, proved), and the
#: solver's ``states`` (``Solver.nodes``, the proof's cost).
CAPPED_COLUMNS = ["lists", "mode", "opener", "cap", "total", "states"]

#: The capped optima the notebook's table reads: (lists, mode, opener, caps), cap 0 for none.
#: The caps of each row run from 2 to the mean's cap, so that ``optimize`` finds every
#: objective from them (a cap of 1 never wins on these lists).
CAPPED_RUNS = (
    ("original", "easy", "salet", (2, 3, 4, 5, 6)),
    ("original", "hard", "salet", (2, 3, 4, 5, 6, 7, 0)),
    ("original", "strict", "salet", (2, 3, 4, 5, 6, 7, 8, 0)),
    ("nyt-2023", "hard", "salet", (2, 3, 4, 5, 6, 7, 8, 0)),
    ("nyt-2023", "strict", "salet", (2, 3, 4, 5, 6, 7, 8, 0)),
    ("original", "hard", "abaci", (5,)),
)

STORED_CAPPED = "sweeps/objective_caps.csv"


def capped_optimum(game: Game, lists: str, opener: str, cap: int) -> dict:
    """One row of ``CAPPED_COLUMNS``: the optimum from ``opener`` within ``cap`` guesses
    (0: no cap) on ``game`` (``lists`` names its lists), with the states its proof expanded."""
    solver = Solver(game, cap or None)
    total = solver.opener_total(game.guess_index(opener, role="opener"))
    return {
        "lists": lists,
        "mode": game.mode,
        "opener": opener,
        "cap": cap,
        "total": int(total) if feasible(total) else None,
        "states": int(solver.nodes),
    }


def capped_rows(lists: str, mode: str, opener: str, caps) -> pd.DataFrame:
    """``capped_optimum`` of every cap of ``caps`` (0: none), in ``CAPPED_COLUMNS``."""
    game = Game.from_lists(lists, mode)
    rows = [capped_optimum(game, lists, opener, cap) for cap in caps]
    return _typed(pd.DataFrame(rows, columns=CAPPED_COLUMNS))


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    frame = frame.copy()
    frame["cap"] = frame["cap"].astype(int)
    frame["states"] = frame["states"].astype(int)
    frame["total"] = frame["total"].astype("Int64")
    return frame


def store_capped(path, runs=CAPPED_RUNS) -> pd.DataFrame:
    """Every capped optimum of ``runs`` written to ``path`` (CSV, ``CAPPED_COLUMNS``), the file
    rewritten after each so that a stopped run resumes where it was (rows already in the file
    are kept, not recomputed). Prints each row as it is found with its wall time: the log of the
    run (times are never stored)."""
    path = Path(path)
    done = _typed(pd.read_csv(path)) if path.is_file() else pd.DataFrame(columns=CAPPED_COLUMNS)
    for lists, mode, opener, caps in runs:
        for cap in caps:
            key = (done["lists"] == lists) & (done["mode"] == mode) & (done["opener"] == opener)
            if (key & (done["cap"] == cap)).any():
                continue
            start = time.time()
            row = capped_rows(lists, mode, opener, (cap,))
            done = _typed(pd.concat([done, row], ignore_index=True))
            done.to_csv(path, index=False)
            print(f"{row.iloc[0].to_dict()} {time.time() - start:.0f} s", flush=True)
    return done


def read_capped() -> pd.DataFrame:
    """The stored capped optima (``STORED_CAPPED``), sha256 checked."""
    return _typed(pd.read_csv(data_file(STORED_CAPPED)))


def recheck_capped(rows: pd.DataFrame) -> pd.DataFrame:
    """``rows`` (stored rows to compute again) beside what this run finds: ``total_again``,
    ``states_again`` and ``agree`` (both equal)."""
    again = []
    for (lists, mode, opener), group in rows.groupby(["lists", "mode", "opener"], sort=False):
        found = capped_rows(lists, mode, opener, group["cap"].tolist())
        again.append(
            group.merge(found, on=["lists", "mode", "opener", "cap"], suffixes=("", "_again"))
        )
    out = pd.concat(again, ignore_index=True)
    out["agree"] = (out["total"].fillna(-1) == out["total_again"].fillna(-1)) & (
        out["states"] == out["states_again"]
    )
    return out


#: The columns of ``objective_table``.
OBJECTIVE_COLUMNS = [
    "lists",
    "mode",
    "opener",
    "mean_cap",
    "mean_total",
    "mean",
    "least_worst",
    "worst_then_mean_total",
    "gives_up",
    "gives_up_per_game",
    "mean_then_worst",
]


def objective_table(capped: pd.DataFrame, n_answers: dict) -> pd.DataFrame:
    """The four objectives of every (lists, mode, opener) of ``capped`` and every mean's cap G
    it holds (6, and 0 for none), read off T*(d) by ``optimal.objectives.optimize``: the mean's
    optimum T*(G); the least worst case W* and its least TOTAL (``worst-then-mean``; what it
    gives up against the mean, in all and per game); the least worst case among the mean's
    optima (``mean-then-worst``). ``n_answers``: lists -> answers, for the per-game column. A
    cap the file lacks is an error (``optimize`` asks only for caps from 2 to G)."""
    rows = []
    for (lists, mode, opener), group in capped.groupby(["lists", "mode", "opener"], sort=False):
        found = {int(c): (t, opener) for c, t in zip(group["cap"], group["total"], strict=True)}
        top = n_answers[lists]
        caps = {(top if c == 0 else c): found[c] for c in found}

        def totals(d, caps=caps):
            total, name = caps[d]
            return (10**15 if pd.isna(total) else int(total)), name

        for mean_cap in [c for c in (6, 0) if c in found]:  # six first, then no cap
            cap_g = top if mean_cap == 0 else mean_cap
            worst = optimize(totals, "worst-then-mean", cap_g, least=2)
            then = optimize(totals, "mean-then-worst", cap_g, least=2)
            row = {
                "lists": lists,
                "mode": mode,
                "opener": opener,
                "mean_cap": "none" if mean_cap == 0 else mean_cap,
            }
            if not worst.feasible:
                rows.append({**row, "mean_total": None})
                continue
            n = n_answers[lists]
            rows.append(
                {
                    **row,
                    "mean_total": worst.mean_total,
                    "mean": worst.mean_total / n,
                    "least_worst": worst.cap,
                    "worst_then_mean_total": worst.total,
                    "gives_up": worst.total - worst.mean_total,
                    "gives_up_per_game": (worst.total - worst.mean_total) / n,
                    "mean_then_worst": then.cap,
                }
            )
    frame = pd.DataFrame(rows, columns=OBJECTIVE_COLUMNS)
    for column in (
        "mean_total",
        "least_worst",
        "worst_then_mean_total",
        "gives_up",
        "mean_then_worst",
    ):
        frame[column] = frame[column].astype("Int64")
    return frame


# The three models of the answerer on one small game.


def play_against(model: Absurdle, choose) -> tuple:
    """The game ``choose(inner_state) -> guess`` plays against Absurdle's adversary: the
    guesses, ending with the all-green one."""
    state, line = model.initial_state(), []
    while True:
        guess = int(choose(state.inner))
        line.append(guess)
        feedback = model.response(state, guess)
        if feedback == model.game.solved:
            return tuple(line)
        state = model.next_state(state, guess, feedback)


def _optimum_player(solver: Solver, opener: int):
    """``choose(state)`` of the solved optimum: ``opener`` first, then an optimal guess."""

    def choose(state):
        if state.turn == 0:
            return opener
        return solver.best_guess(state, solver.max_guesses - state.turn)

    return choose


def three_models(game: Game) -> dict:
    """``game`` solved under the three models of the answerer (module docstring): for the
    uniform secret (``mean``, no cap) and the worst case (``worst``, the least cap with a
    strategy, then its least TOTAL), the optimal opener over every guess, TOTAL, worst case,
    the strategy's games against Absurdle's adversary, and the tree in the ``lines`` format;
    for the adversary (``adversary``), Absurdle's shortest win (``absurdle_search``)."""
    n = len(game.answers)
    solvers: dict = {}

    def totals(d):
        solvers[d] = Solver(game, d)
        return proved_best_opener(solvers[d])

    model = Absurdle(game)
    out = {}
    for name, objective in (("mean", "mean"), ("worst", "worst-then-mean")):
        best = optimize(totals, objective, n)
        solver = solvers[best.cap]
        paths = optimal_paths(solver, best.opener)
        line = play_against(model, _optimum_player(solver, best.opener))
        out[name] = {
            "opener": game.guesses[best.opener],
            "total": int(best.total),
            "worst": max(len(p) for p in paths.values()),
            "distribution": dict(sorted(Counter(len(p) for p in paths.values()).items())),
            "against_absurdle": len(line),
            "absurdle_line": " ".join(game.guesses[g] for g in line),
            "tree": tree_lines(game, paths),
        }
    proofs = shortest_win(model, longest=len(game.answers))
    win = proofs[-1].line
    out["adversary"] = {
        "opener": game.guesses[win[0]],
        "against_absurdle": len(win),
        "absurdle_line": " ".join(game.guesses[g] for g in win),
        "proved_impossible": [d.left + 1 for d in proofs[:-1]],
    }
    return out


# Absurdle's proof.


def absurdle_proof(lists: str, mode: str, longest: int = 4) -> pd.DataFrame:
    """Absurdle over ``lists`` in ``mode``, each length from one guess up to ``longest``
    proved impossible or won (``absurdle_search.prove_depth``), stopping at the first win: one
    row per length with the first guesses the counting bound ruled out (``bounded``) and those
    searched (``searched``), the proof's cost without its seconds."""
    model = Absurdle(Game.from_lists(lists, mode))
    rows = []
    for left in range(longest):
        depth = prove_depth(model, left)
        rows.append(
            {
                "lists": lists,
                "mode": mode,
                "guesses": left + 1,
                "result": ("win: " + " ".join(model.guesses[g] for g in depth.line))
                if depth.line
                else "impossible",
                "bounded": depth.bounded,
                "searched": depth.scanned,
            }
        )
        if depth.line:
            break
    return pd.DataFrame(rows)


#: The stored proofs of Absurdle's shortest win (``store_absurdle``): hard mode's four-guess
#: win is minutes of search, past a notebook's budget.
STORED_ABSURDLE = "sweeps/absurdle_proofs.csv"
ABSURDLE_RUNS = (("original", "easy"), ("original", "hard"))


def store_absurdle(path, runs=ABSURDLE_RUNS) -> pd.DataFrame:
    """``absurdle_proof`` of every (lists, mode) of ``runs``, written to ``path`` (CSV)."""
    frame = pd.concat([absurdle_proof(lists, mode) for lists, mode in runs], ignore_index=True)
    frame.to_csv(path, index=False)
    return frame


def read_absurdle() -> pd.DataFrame:
    """The stored proofs of Absurdle (``STORED_ABSURDLE``), sha256 checked."""
    return pd.read_csv(data_file(STORED_ABSURDLE))


# The Mastermind ladder.


def mastermind_rung(pegs: int, colours: int, mode: str = "easy", longest: int = 10) -> dict:
    """Mastermind (``pegs``, ``colours``) solved over every class of openers: the mean's
    optimum (no cap) and its opener, then the least worst case W* (the least cap d with a
    strategy, up to ``longest``) and the least TOTAL within it; ``mode`` "strict" allows only
    codes consistent with all feedback so far. ``states``: the searches' expanded states."""
    game = mastermind(pegs, colours, mode)
    solvers: dict = {}

    def totals(d):
        solvers[d] = Solver(game, d if d < len(game.answers) else None)
        return proved_best_opener(solvers[d])

    mean = optimize(totals, "mean", len(game.answers))
    worst = optimize(totals, "worst-then-mean", min(longest, len(game.answers)), least=2)
    return {
        "game": f"mastermind-{pegs}-{colours}",
        "rule": mode,
        "codes": len(game.answers),
        "mean_total": int(mean.total),
        "mean": mean.total / len(game.answers),
        "mean_opener": game.guesses[mean.opener],
        "least_worst": worst.cap,
        "worst_then_mean_total": int(worst.total),
        "worst_opener": game.guesses[worst.opener],
        "states": int(sum(s.nodes for s in solvers.values())),
    }


__all__ = [
    "ABSURDLE_RUNS",
    "CAPPED_COLUMNS",
    "CAPPED_RUNS",
    "STORED_ABSURDLE",
    "STORED_CAPPED",
    "absurdle_proof",
    "capped_rows",
    "mastermind_rung",
    "objective_table",
    "play_against",
    "read_absurdle",
    "read_capped",
    "recheck_capped",
    "store_absurdle",
    "store_capped",
    "three_models",
]
