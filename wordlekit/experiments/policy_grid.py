"""The grid behind the rollout paper's tables: policies by name x modes x openers, evaluated
exactly (``evaluate_grid``), with each cell's total, mean, failures, worst case and seconds;
and the same grid under several tie orders (``tie_order_grid``) with each cell's range
(``tie_order_range``).

Rollout over every guess (Eq. (5) with no shortlist, ``Rollout(base, top_k=None)``) takes
longer than a notebook run may: ``every_guess_run`` plays it once from an opener and lists every
decision (the state as its history, the guess, its Q-factor total and the base's), which
``store_every_guess`` writes to ``wordlekit/data/sweeps/`` and ``read_every_guess`` reads back
(sha256 checked); ``StoredChoices`` replays the stored guesses as a policy, so the notebook
evaluates the stored policy exactly and recomputes a sample of its decisions.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pandas as pd

from ..errors import WordlekitError
from ..evaluation import Evaluation, decisions, evaluate
from ..game import TIE_ORDERS, Game
from ..heuristics import get_heuristic
from ..paths import REPO_ROOT
from ..policies import make_policy
from ..progress import tqdm
from ..rollout import DEFAULT_TOP_K, Rollout
from ..warmup import warm_up
from ..words import data_file


def evaluate_grid(
    game: Game,
    columns: dict[str, tuple[str, str]],
    openers,
    top_k: int = DEFAULT_TOP_K,
    progress: bool = True,
) -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    """Evaluate every (mode, policy) column from every opener.

    One policy object serves every opener of a column, so a rollout's memoised base-policy
    values (``T_H`` of every state met so far) are shared between openers.

    Parameters
    ----------
    game : Game (its lists are used; the mode comes from each column)
    columns : {column name: (mode, policy name)}, e.g. ``{"easy_mig": ("easy", "mig")}``
    openers : sequence of str

    Returns
    -------
    averages : DataFrame, index opener, one column per entry of ``columns`` (guesses per game)
    details : DataFrame, one row per (opener, column): total, mean, unfinished (answers not
        solved within six guesses), worst (most guesses), seconds: the names of ``results``
    evaluations : {(opener, column): Evaluation}
    """
    policies, games, evaluations, rows = {}, {}, {}, []
    for column, (mode, name) in columns.items():
        games.setdefault(mode, game.with_mode(mode))
        policies[column] = make_policy(name, top_k)
        warm_up(games[mode], name)
    cells = [(o, c) for c in columns for o in openers]
    for opener, column in tqdm(
        cells, desc="evaluating", unit="cell", disable=not progress, file=sys.stderr
    ):
        mode, name = columns[column]
        start = time.perf_counter()
        result: Evaluation = evaluate(games[mode], policies[column], opener)
        seconds = time.perf_counter() - start
        evaluations[opener, column] = result
        rows.append(
            {
                "opener": opener,
                "column": column,
                "mode": mode,
                "policy": name,
                "total": result.total,
                "mean": result.mean,
                "unfinished": result.unfinished,
                "worst": result.worst,
                "seconds": seconds,
            }
        )
    details = pd.DataFrame(rows)
    averages = details.pivot(index="opener", columns="column", values="mean")
    averages = averages.loc[list(openers), list(columns)]
    averages.columns.name = None
    return averages, details, evaluations


def tie_order_name(order: str, seed: int = 0) -> str:
    """How a tie order is named in tables: the order, or ``random-SEED``."""
    return f"random-{seed}" if order == "random" else order


def tie_order_grid(
    game: Game,
    columns: dict[str, tuple[str, str]],
    openers,
    orders=TIE_ORDERS[:3],
    seeds=(0,),
    top_k: int = DEFAULT_TOP_K,
    progress: bool = True,
) -> pd.DataFrame:
    """The averages of ``evaluate_grid`` under each tie order (``Game.in_tie_order``): every
    order of ``orders`` but ``random``, then one random order per seed of ``seeds``.

    Returns
    -------
    DataFrame indexed by (tie order name, opener), one column per entry of ``columns``.
    """
    runs = [(o, 0) for o in orders if o != "random"] + [("random", s) for s in seeds]
    frames = {}
    for order, seed in runs:
        averages, _, _ = evaluate_grid(
            game.in_tie_order(order, seed), columns, openers, top_k, progress
        )
        frames[tie_order_name(order, seed)] = averages
    return pd.concat(frames, names=["tie_order", "opener"])


def tie_order_range(per_order: pd.DataFrame) -> pd.DataFrame:
    """Each cell's least and greatest value over the tie orders of ``tie_order_grid``:
    columns ``<column>_ties_min`` and ``<column>_ties_max``, indexed by opener (first-seen
    order)."""
    grouped = per_order.groupby(level="opener", sort=False)
    low, high = grouped.min(), grouped.max()
    out = pd.DataFrame(index=low.index)
    for column in per_order.columns:
        out[f"{column}_ties_min"] = low[column]
        out[f"{column}_ties_max"] = high[column]
    return out


#: Table 1's grid for the value-space policies of Section 4 (Eq. (15): ``oracle-mig``;
#: Eqs. (16)-(17): ``per-answer-rollout-mig``), the paper's hard mode computed as strict.
VALUE_SPACE_COLUMNS = {
    "easy_oracle_mig": ("easy", "oracle-mig"),
    "easy_per_answer_rollout_mig": ("easy", "per-answer-rollout-mig"),
    "hard_oracle_mig": ("strict", "oracle-mig"),
    "hard_per_answer_rollout_mig": ("strict", "per-answer-rollout-mig"),
}
#: The stored grid of ``store_value_space`` (``wordlekit/data/sweeps/NAME.csv``).
VALUE_SPACE_STORE = "rollout_value_space"


def store_value_space(folder, openers, progress: bool = True) -> Path:
    """``evaluate_grid`` of ``VALUE_SPACE_COLUMNS`` from ``openers`` on the original lists,
    its ``details`` without the seconds written as ``folder/rollout_value_space.csv``; the wall
    time is printed."""
    start = time.perf_counter()
    _, details, _ = evaluate_grid(
        Game.original(), VALUE_SPACE_COLUMNS, list(openers), progress=progress
    )
    print(f"{len(details)} cells, {time.perf_counter() - start:.0f} s", flush=True)
    path = Path(folder) / f"{VALUE_SPACE_STORE}.csv"
    details.drop(columns="seconds").to_csv(path, index=False)
    return path


def read_value_space() -> pd.DataFrame:
    """The stored grid of ``store_value_space`` (sha256 checked against SOURCES.md first)."""
    return pd.read_csv(data_file(f"sweeps/{VALUE_SPACE_STORE}.csv"))


#: Where ``benchmarks/paper_timings.py`` writes the paper's timing claims measured here.
PAPER_TIMINGS = REPO_ROOT / "benchmarks" / "paper-timings-results.md"


def read_paper_timings(path=PAPER_TIMINGS) -> tuple[str, pd.DataFrame]:
    """The results of ``benchmarks/paper_timings.py``: the line that says how and where they
    were measured, and its table (columns as written, numbers as numbers)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    how = next(line for line in lines if line.startswith("`"))
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in lines
        if line.startswith("|") and not line.startswith("|---")
    ]
    table = pd.DataFrame(rows[1:], columns=rows[0])
    for column in table.columns[3:]:
        table[column] = pd.to_numeric(table[column])
    return how, table


#: The stored runs of rollout over every guess (``wordlekit/data/sweeps/NAME.csv``).
EVERY_GUESS_STORE = "rollout_every_guess"


def history_text(game: Game, history) -> str:
    """A history as one string: ``guess feedback`` per turn, turns joined by ``,``."""
    return ",".join(f"{game.guesses[g]} {game.format_feedback(f)}" for g, f in history)


def parse_history(text: str) -> list[tuple[str, str]]:
    """The (guess word, feedback) pairs of ``history_text``."""
    return [tuple(turn.split(" ")) for turn in text.split(",")]


def every_guess_run(
    game: Game, opener: str, base: str = "mig", progress: bool = True
) -> pd.DataFrame:
    """Play rollout over every guess (``Rollout(base, top_k=None)``) from ``opener`` against
    every answer and list each decision it makes (states of two or more candidates after the
    opener), depth first.

    Returns
    -------
    DataFrame, one row per decision: ``mode``, ``opener``, ``history`` (``history_text``),
    ``candidates`` (|S|), ``guess`` (rollout's), ``total`` (|S| Q of it), ``base_guess`` (the
    base heuristic's), ``base_total`` (|S| Q of the base's guess, T_H(S)), ``priced`` (Q-factors
    computed at this state before the choice was certain).
    """
    policy = Rollout(get_heuristic(base), None)
    priced = {}

    class Counted:  # the walk asks it once per decision: what the choice cost
        name = policy.name

        def choose(self, game: Game, state) -> int:
            before = policy.priced
            guess = policy.choose(game, state)
            priced[state.key] = policy.priced - before
            return guess

    rows = []
    bar = tqdm(total=len(game.answers), desc=f"{policy.name} {game.mode}", disable=not progress,
               file=sys.stderr)  # fmt: skip
    first = game.guess_index(opener, role="opener")
    for node in decisions(game, Counted(), game.initial_state(), first):
        bar.update(len(node.solved))
        state = node.state
        if node.turn == 1 or game.sole_guess(state) is not None:
            continue
        base_guess = policy.base_heuristic.choose(game, state)
        rows.append({
            "mode": game.mode, "opener": opener, "history": history_text(game, state.history),
            "candidates": len(state), "guess": game.guesses[node.guess],
            "total": int(policy.q_total(game, state, node.guess)),
            "base_guess": game.guesses[base_guess],
            "base_total": int(policy.q_total(game, state, base_guess)),
            "priced": priced[state.key],
        })  # fmt: skip
    bar.close()
    return pd.DataFrame(rows)


def store_every_guess(folder, opener: str = "salet", base: str = "mig", modes=("easy", "strict"),
                      progress: bool = True) -> Path:  # fmt: skip
    """``every_guess_run`` in each of ``modes`` on the original lists, written as
    ``folder/rollout_every_guess.csv``; the wall time of each mode is printed."""
    frames = []
    for mode in modes:
        game = Game.original(mode)
        warm_up(game, f"rollout-{base}")
        start = time.perf_counter()
        frames.append(every_guess_run(game, opener, base, progress))
        print(f"{mode}: {len(frames[-1])} decisions, {frames[-1]['priced'].sum()} Q-factors, "
              f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
    path = Path(folder) / f"{EVERY_GUESS_STORE}.csv"
    pd.concat(frames).to_csv(path, index=False)
    return path


def read_every_guess() -> pd.DataFrame:
    """The stored run of ``store_every_guess`` (sha256 checked against SOURCES.md first)."""
    return pd.read_csv(data_file(f"sweeps/{EVERY_GUESS_STORE}.csv"), keep_default_na=False)


class StoredChoices:
    """A policy that plays the guesses of a stored run (``every_guess_run`` rows of one mode
    and opener) at the states they were stored for, and refuses any other state."""

    def __init__(self, game: Game, rows: pd.DataFrame, name: str = "stored"):
        self.name = name
        self._choices = {
            game.state_after(parse_history(h)).key: game.guess_index(g)
            for h, g in zip(rows["history"], rows["guess"], strict=True)
        }

    def choose(self, game: Game, state) -> int:
        guess = self._choices.get(state.key)
        if guess is None:
            raise WordlekitError(
                f"{self.name} has no stored guess at {game.describe(state)}; expected a state "
                f"of the stored run"
            )
        return guess
