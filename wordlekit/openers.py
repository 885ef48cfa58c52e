"""Proofs built from sweeps: which openers are best, by their optimum or under a policy.

Over all 12,972 openers an exact search each is hours (a bad opener's cutoff search can take
minutes), so both proofs here solve few openers and rule the rest out with Cunanan &
Thielscher's lower bounds V_i (``bounds``), each stage a resumable sweep (``sweep``):

- ``top_openers``: the k openers with the smallest optimum (solve the k most promising, then
  show every other opener costs more than the k-th of those: by V_i, else by the cutoff
  search);
- ``best_policy_opener``: the opener from which a policy has the smallest TOTAL (no policy beats the
  optimum, so an opener whose V_i reaches the best TOTAL found cannot do better);
- ``read_stored_sweep`` and ``recheck_stored_sweep``: a ``top_openers`` run over every opener
  that ships in ``wordlekit/data/sweeps/`` (``STORED_SWEEPS``; hours of worker time), read
  against its sha256, and its best rows and a seeded sample of the others proved again.

Both rank openers by V_2, which costs one early-exit scan per bucket and no search. The V_i
are computed under the mode's rule (``bounds.LowerBounds``): in hard mode they bound the
hard-mode optimum and are stronger there than the easy-mode V_i (hard optima sit about 200
above easy ones, out of reach of the easy bounds), so each mode has its own V_i sweeps; one per
mode serves every cutoff and policy.

References
----------
- [cunanan2023]_, Section 4: the V_i that rule openers out.
- [selby2022]_: the published optima the stored sweeps are compared with.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from . import paths
from .bounds import LowerBounds
from .errors import WordlekitError
from .game import MAX_GUESSES
from .sweep import Lists, Task, sweep_rows
from .sweep.store import DONE
from .words import data_file

#: The V_i of the ranking: V_2 orders openers far better than V_1 (V_1 counts parts only, and
#: ranks raise, raile, ratel first: optima 8005-8144; V_2's first ten are trace, slate, reast,
#: crate, salet, carle, slane, crane, carte, least, nine of the ten best), and it costs one
#: early-exit scan per bucket, no search.
RANK_DEPTH = 2


def _store(store_dir: Path, mode: str, name: str) -> Path:
    """A V_i stage's store: easy mode's keep their names (``v2.sqlite``), other modes' get the
    mode in front (``hard-v2.sqlite``): their V_i differ."""
    return store_dir / (name if mode == "easy" else f"{mode}-{name}")


def _ranked(openers, mode: str, lists: Lists, store_dir: Path, client, progress: bool):
    """``openers`` by (V_2 under ``mode``'s rule, V_1, list order), and their V_2 by opener."""
    game = lists.game()
    v1 = LowerBounds(game).cheap_v(1, game.initial_state())
    index = {w: game.guess_index(w, role="opener") for w in openers}
    v2 = sweep_rows(
        Task.make("lower-bound", depth=RANK_DEPTH),
        _store(store_dir, mode, f"v{RANK_DEPTH}.sqlite"),
        openers,
        mode,
        lists,
        client,
        progress,
    )["result"].astype(int)
    order = sorted(openers, key=lambda w: (v2[w], int(v1[index[w]]), index[w]))
    return order, v2, index


def _rule_out(
    openers, bound: int, depths, v2, mode: str, lists: str, store_dir: Path, client, progress: bool
):
    """Openers whose optimum is proved >= ``bound`` by some V_i, i in ``depths`` (tried in turn,
    each a sweep over what the previous left), and the openers left.

    Returns ``(frames, rest)``: frames of rows (relation ``>=``, ``result`` the bound found,
    ``proof`` ``V_i``) and the list of openers no bound excluded.
    """
    frames, rest = [], list(openers)
    if RANK_DEPTH in depths:  # already computed by the ranking, exactly
        out = [w for w in rest if v2[w] >= bound]
        frames.append(
            pd.DataFrame(
                {"relation": ">=", "result": [int(v2[w]) for w in out], "proof": f"V_{RANK_DEPTH}"},
                index=pd.Index(out, name="opener"),
            )
        )
        rest = [w for w in rest if v2[w] < bound]
    for depth in (d for d in depths if d != RANK_DEPTH):
        if not rest:
            break
        rows = sweep_rows(
            Task.make("lower-bound", bound=bound, depth=depth),
            _store(store_dir, mode, f"v{depth}-{bound}.sqlite"),
            rest,
            mode,
            lists,
            client,
            progress,
        )
        out = rows["relation"] == ">="
        frames.append(_settled_by(rows[out], f"V_{depth}"))
        rest = list(rows.index[~out])
    return frames, rest


def _settled_by(rows, proof: str):
    """Sweep rows with their ``proof``: ``proof`` for a computed row, V_1 for one the sweep
    pruned by V_1 without a task (status ``pruned``)."""
    return rows.assign(proof=[proof if how == DONE else "V_1" for how in rows["status"]])


def _table(frames, index: dict):
    """One row per opener from the stages' frames: ``relation``, ``total`` (Int64) and
    ``proof``, best first: exact values, then proved bounds, then infeasible; list order in
    ties."""
    rows = pd.concat(frames)[["relation", "result", "proof"]].rename(columns={"result": "total"})
    rows["total"] = rows["total"].astype("Int64")
    order = {"=": 0, ">=": 1, "infeasible": 2}
    rows = (
        rows.assign(_o=rows["relation"].map(order), _i=[index[w] for w in rows.index])
        .sort_values(["_o", "total", "_i"], kind="stable")
        .drop(columns=["_o", "_i"])
    )
    rows.index.name = "opener"
    return rows


def kth_smallest(totals, k: int) -> int:
    """The k-th smallest of some openers' optima: no more than the k-th best of all openers,
    so an opener whose optimum is above it cannot be among the k best. (The largest of the
    optima solved, which step 1 used to take, is looser when a batch held infeasible openers:
    in NYT hard mode the first twenty by V_2 had six, and the cutoff was 8174 instead of 8164.)
    """
    return int(sorted(int(t) for t in totals)[k - 1])


def top_openers(
    openers,
    mode: str,
    lists: str,
    k: int,
    store_dir,
    client,
    max_guesses: int = MAX_GUESSES,
    depths=(2, 3, 4),
    progress: bool = False,
) -> pd.DataFrame:
    """The ``k`` openers of ``openers`` with the smallest optimum, proved, solving few exactly.

    1. Rank the openers by Cunanan & Thielscher's V_2 (``RANK_DEPTH``; one cheap sweep) and
       solve the first ``k`` exactly, and more, ``k`` at a time, until ``k`` of them are
       feasible: U, the k-th smallest optimum solved, bounds the k-th best from above.
    2. Every other opener must be shown to cost at least the cutoff B = U + 1. The V_i for i
       in ``depths`` (cheap to expensive, each a sweep with budget B over the openers the
       previous ones left) rule most of them out.
    3. The openers left get the cutoff search (task ``cutoff``): exact if the optimum is at
       most U, else the proof that it is at least B, so it cannot enter the top ``k``.

    Returns one row per opener, best first: ``total`` (exact, or the proved lower bound),
    ``relation`` (``=``, ``>=`` or ``infeasible``), ``proof`` (``optimum``, ``cutoff search``
    or ``V_i``: what settled the row), ``rank`` (1.. for the top ``k``; ties share a rank)
    and ``status`` (``proved top``, ``proved, not top``, ``at least B``, ``infeasible``).
    ``lists``: a name of ``words.LISTS``, a ``Game`` or a ``sweep.Lists``. Stores go to
    ``store_dir``, one per stage (rerunning resumes them; rows of other lists are kept apart).
    """
    lists = Lists.of(lists)
    store_dir = Path(store_dir)
    store_dir.mkdir(parents=True, exist_ok=True)
    openers = list(dict.fromkeys(openers))
    ranked, v2, index = _ranked(openers, mode, lists, store_dir, client, progress)

    optimal = Task.make("optimal", max_guesses=max_guesses)
    solved, frames = 0, []
    while solved < len(ranked):  # step 1: k feasible optima (or every opener solved)
        batch = ranked[solved : solved + k]
        frames.append(
            sweep_rows(
                optimal,
                store_dir / f"optimal-{max_guesses}.sqlite",
                batch,
                mode,
                lists,
                client,
                progress,
            ).assign(proof="optimum")
        )
        solved += len(batch)
        feasible_totals = pd.concat(frames).query("relation == '='")["result"]
        if len(feasible_totals) >= k:
            break
    if solved < len(ranked):
        cutoff = kth_smallest(feasible_totals, k) + 1
        ruled_out, rest = _rule_out(
            ranked[solved:], cutoff, depths, v2, mode, lists, store_dir, client, progress
        )  # step 2
        frames += ruled_out
        if rest:  # step 3
            rows = sweep_rows(
                Task.make("cutoff", bound=cutoff, max_guesses=max_guesses),
                store_dir / f"cutoff-{cutoff}-{max_guesses}.sqlite",
                rest,
                mode,
                lists,
                client,
                progress,
            )
            frames.append(_settled_by(rows, "cutoff search"))
    rows = _table(frames, index)
    proved = rows["relation"] == "="
    totals = rows.loc[proved, "total"]
    kth = kth_smallest(totals, min(k, len(totals))) if len(totals) else None
    rows["rank"] = pd.array([None] * len(rows), dtype="Int64")
    rows.loc[proved, "rank"] = totals.rank(method="min").astype(int).values
    status = []
    for _, row in rows.iterrows():
        if row["relation"] == "infeasible":
            status.append("infeasible")
        elif row["relation"] == ">=":
            status.append(f"at least {row['total']}")
        else:
            status.append("proved top" if row["total"] <= kth else "proved, not top")
    rows["status"] = status
    rows.loc[rows["status"] != "proved top", "rank"] = pd.NA
    return rows


def best_policy_opener(
    policy: str,
    openers,
    mode: str,
    lists: str,
    store_dir,
    client,
    seeds: int = 10,
    depths=(2, 3, 4),
    top_k: int = 10,
    progress: bool = False,
) -> pd.DataFrame:
    """The opener from which ``policy`` has the smallest TOTAL, proved, evaluating few.

    No policy beats the optimum, so an opener whose optimum is proved to be at least R, the
    best TOTAL found so far, cannot do better than R under the policy either:

    1. Rank the openers by V_2 (as ``top_openers``) and evaluate the policy exactly from the
       first ``seeds``: R is the smallest TOTAL.
    2. Rule out every other opener whose V_i (i in ``depths``) is at least R.
    3. Evaluate the policy from the openers left.

    Returns one row per opener, best first: ``total`` (the policy's exact TOTAL, or a lower
    bound on the opener's optimum, hence on the policy's TOTAL), ``relation`` (``=`` or
    ``>=``), ``proof`` (``evaluated`` or ``V_i``) and ``best`` (True for the openers reaching
    the smallest TOTAL). ``lists`` as ``top_openers`` takes them.
    """
    lists = Lists.of(lists)
    store_dir = Path(store_dir)
    store_dir.mkdir(parents=True, exist_ok=True)
    openers = list(dict.fromkeys(openers))
    ranked, v2, index = _ranked(openers, mode, lists, store_dir, client, progress)
    task = Task.make("evaluate", policy, top_k)
    store = store_dir / f"{policy}-{mode}.sqlite"
    frames = [sweep_rows(task, store, ranked[:seeds], mode, lists, client, progress)]
    best = int(frames[0]["result"].min())
    ruled_out, rest = _rule_out(
        ranked[seeds:], best, depths, v2, mode, lists, store_dir, client, progress
    )
    frames = [frames[0].assign(proof="evaluated")] + ruled_out
    if rest:
        frames.append(
            sweep_rows(task, store, rest, mode, lists, client, progress).assign(proof="evaluated")
        )
    rows = _table(frames, index)
    exact = rows["relation"] == "="
    rows["best"] = exact & (rows["total"] == rows.loc[exact, "total"].min())
    return rows


@dataclass(frozen=True)
class StoredSweep:
    """What a stored ``top_openers`` run proved over, beside its CSV (which has no such header).

    Attributes
    ----------
    mode, lists : the game of the run (``--mode``, ``--lists``)
    cutoff : int
        B, the budget every other opener was shown to reach (one more than the k-th smallest
        optimum of the openers solved first): each ``>=`` row's total is at least B.
    max_guesses : int, the cap of the run's exact searches (``--max-guesses``)
    published : (str, str) or None
        The published optima of the same game, if any: a table of ``wordlekit/data/reference/``
        (``tables.published``) and its column, read only into a ``published_*`` column.
    """

    mode: str
    lists: str
    cutoff: int
    max_guesses: int = MAX_GUESSES
    published: tuple[str, str] | None = None


#: The ``top_openers`` runs shipped in ``wordlekit/data/sweeps/NAME.csv`` (the ``--csv`` of
#: ``wordlekit top-openers``, byte for byte; sha256 in ``words.DATA_SHA256``; command, commits
#: and cost in ``wordlekit/data/SOURCES.md``).
STORED_SWEEPS = {
    "top_hard_original": StoredSweep(
        mode="hard",
        lists="original",
        cutoff=8164,
        published=("optimal_totals_selby_hard", "hard_total"),  # Selby's hard.top101.proven
    ),
    "top_hard_nyt2022": StoredSweep(
        mode="hard",
        lists="nyt-2022",
        cutoff=8113,
        # Selby's best hard openers of results_hard_nyt20220830
        published=("optimal_totals_selby_hard_nyt", "nyt2022_hard_total"),
    ),
}

#: The columns ``top_openers`` returns and ``wordlekit top-openers --csv`` writes.
TOP_COLUMNS = ["relation", "total", "proof", "rank", "status"]


def _known(name: str) -> None:
    """A clear error unless ``name`` is a key of ``STORED_SWEEPS``."""
    if name not in STORED_SWEEPS:
        raise WordlekitError(
            f"unknown stored sweep {name!r}; expected one of {', '.join(STORED_SWEEPS)}"
        )


def read_stored_sweep(name: str) -> pd.DataFrame:
    """The rows of the stored sweep ``name`` (a key of ``STORED_SWEEPS``), as ``top_openers``
    returned them: by opener, best first, ``relation``, ``total`` (Int64), ``proof``, ``rank``
    (Int64) and ``status``. The file is checked against its recorded sha256 first (a clear
    error naming it and both hashes if it differs), and every ``>=`` row against the
    sweep's cutoff B."""
    _known(name)
    path = data_file(f"sweeps/{name}.csv")
    rows = pd.read_csv(
        path,
        index_col="opener",
        dtype={"total": "Int64", "rank": "Int64"},
        keep_default_na=False,
        na_values={"total": [""], "rank": [""]},
    )
    if list(rows.columns) != TOP_COLUMNS:
        raise WordlekitError(f"{path}: columns {list(rows.columns)}; expected {TOP_COLUMNS}")
    cutoff = STORED_SWEEPS[name].cutoff
    short = rows[(rows["relation"] == ">=") & (rows["total"] < cutoff)]
    if len(short):
        raise WordlekitError(
            f"{path}: {len(short)} '>=' row(s) below the cutoff {cutoff}, e.g. "
            f"{short.index[0]} {short['total'].iloc[0]}; STORED_SWEEPS[{name!r}] has the "
            "wrong cutoff"
        )
    return rows


def stored_sweep_record(name: str) -> dict[str, str]:
    """What ``wordlekit/data/SOURCES.md`` records of the stored sweep ``name``: its ``run``
    (command, commits, dates, cutoff), ``rows`` (how its openers were settled) and
    ``measured cost`` (worker seconds from the run's stores), as written there. Notebook 14
    prints ``rows`` beside the rows it reads, so that its prose quotes nothing no cell shows
    (``run`` and ``measured cost`` hold dates and times, which notebooks' outputs never do)."""
    _known(name)  # its rows are read, and their sha256 checked, by read_stored_sweep
    text = (paths.DATA_DIR / "SOURCES.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if cells[0] == f"{name}.csv" and len(cells) == 5:
            return dict(zip(("file", "run", "rows", "measured cost", "sha256"), cells))
    raise WordlekitError(f"wordlekit/data/SOURCES.md has no row for the stored sweep {name}.csv")


def _recheck_task(proof: str, relation: str, sweep: StoredSweep) -> Task:
    """The sweep task that proves a stored row again: its exact optimum for an exact row (the
    stronger proof even where the cutoff search had settled it), else what ``top_openers`` ran:
    V_2 unbudgeted (the ranking), V_i with budget B, the cutoff search at B, the optimum."""
    if relation == "=" or proof == "optimum":
        return Task.make("optimal", max_guesses=sweep.max_guesses)
    if proof == "cutoff search":
        return Task.make("cutoff", bound=sweep.cutoff, max_guesses=sweep.max_guesses)
    depth = int(proof.removeprefix("V_"))
    return Task.make(
        "lower-bound", bound=None if depth == RANK_DEPTH else sweep.cutoff, depth=depth
    )


def recheck_sample(rows, top: int, sample: int, seed: int) -> list[str]:
    """The openers ``recheck_stored_sweep`` proves again: the first ``top`` exact rows (best
    first: the top k and the first ones after them), then ``sample`` others of each ``proof``
    (in the order proofs first appear), drawn by ``np.random.default_rng(seed)``."""
    exact = list(rows.index[rows["relation"] == "="][:top])
    rng = np.random.default_rng(seed)
    picked = []
    for proof in rows["proof"].unique():
        pool = [o for o in rows.index[rows["proof"] == proof] if o not in exact]
        picked += [
            pool[i] for i in sorted(rng.choice(len(pool), min(sample, len(pool)), replace=False))
        ]
    return exact + picked


def recheck_stored_sweep(
    name: str,
    rows,
    openers,
    store_dir,
    client,
    progress: bool = False,
) -> pd.DataFrame:
    """Prove the stored rows of ``openers`` again in this run, with this wordlekit.

    ``rows`` are ``read_stored_sweep(name)``; each opener gets the task of
    ``_recheck_task`` (one sweep per task, on ``client``, stores in ``store_dir``). A row
    ``agrees`` when the new proof shows what the stored row claims: the same exact total, no
    strategy within the cap again, or a lower bound at least the stored one (a budgeted V_i
    or cutoff search may stop at a different value past B, and still rules the opener out).

    Returns one row per opener, in the order of ``openers``: the stored ``proof``,
    ``relation`` and ``total``, the ``task`` run, ``recomputed_relation``,
    ``recomputed_total`` (Int64), ``agrees`` (bool) and ``seconds`` (the task's time on its
    worker: machine-dependent).
    """
    sweep = STORED_SWEEPS[name]
    store_dir = Path(store_dir)
    store_dir.mkdir(parents=True, exist_ok=True)
    stored = rows.loc[list(openers), ["proof", "relation", "total"]]
    tasks = {o: _recheck_task(r["proof"], r["relation"], sweep) for o, r in stored.iterrows()}
    found = []
    for task in dict.fromkeys(tasks.values()):
        batch = [o for o, t in tasks.items() if t == task]
        label = "-".join(f"{k}{v}" for k, v in task.parameters.items())
        store = store_dir / f"recheck-{name}-{task.kind}-{label}.sqlite"
        found.append(
            sweep_rows(task, store, batch, sweep.mode, sweep.lists, client, progress).assign(
                task=task.kind if task.depth is None else f"V_{task.depth}"
            )
        )
    new = pd.concat(found).loc[stored.index]
    # A V_i is a lower bound on the opener's optimum even where the task computed it exactly
    # (its own "=" says the bound is exact, not the optimum): the table speaks of the optimum.
    bounds = new["task"].str.startswith("V_") & (new["relation"] == "=")
    out = stored.assign(
        task=new["task"],
        recomputed_relation=new["relation"].mask(bounds, ">="),
        recomputed_total=new["result"].astype("Int64"),
        seconds=new["seconds"],
    )
    same_total = out["recomputed_total"] == out["total"]
    at_least = out["recomputed_total"] >= out["total"]
    out["agrees"] = [
        (rel == new_rel == "infeasible")
        or (rel == new_rel == "=" and bool(same))
        or (rel == ">=" and new_rel != "infeasible" and bool(more))
        for rel, new_rel, same, more in zip(
            out["relation"],
            out["recomputed_relation"],
            same_total.fillna(False),
            at_least.fillna(False),
        )
    ]
    return out[
        [
            "proof",
            "relation",
            "total",
            "task",
            "recomputed_relation",
            "recomputed_total",
            "agrees",
            "seconds",
        ]
    ]


#: The stages of a ``top_openers`` run, in the order it runs them, as its ``proof`` column
#: names them (a deeper ``--depths`` adds V_6 and so on, after these).
PROOF_ORDER = ("V_2", "optimum", "V_3", "V_4", "V_5", "cutoff search")


def stored_sweep_table(stored, published, again, top: int) -> pd.DataFrame:
    """The rows of a stored sweep shown beside published optima: every opener ``published``
    lists (a Series of totals by opener), the proved top and the ``top`` best exact rows, in
    the sweep's order, with ``source`` ("recomputed in this run" for the openers of ``again``,
    else "read from the stored sweep"), ``published_selby_total`` (every stored run's published
    optima are Selby's) and ``diff_total``."""
    best_exact = stored.index[stored["relation"] == "="][:top]
    shown = [
        o
        for o in stored.index
        if o in published.index or stored.loc[o, "status"] == "proved top" or o in best_exact
    ]
    recomputed = pd.Index(shown).isin(again)
    table = stored.loc[shown].assign(
        source=np.where(recomputed, "recomputed in this run", "read from the stored sweep")
    )
    table["published_selby_total"] = published.reindex(shown).astype("Int64")
    table["diff_total"] = table["total"] - table["published_selby_total"]
    return table


def proof_counts(stored, again) -> pd.DataFrame:
    """How the openers of a stored sweep were settled: per ``proof``, in the order the run
    ran its stages (``PROOF_ORDER``), the openers, how many are exact, at least the cutoff or
    infeasible, and how many of them (the openers of ``again``) were proved again in this run;
    then a row ``all``."""
    counts = (
        stored.assign(again=stored.index.isin(again))
        .groupby("proof")
        .agg(
            openers=("relation", "size"),
            exact=("relation", lambda r: int((r == "=").sum())),
            at_least=("relation", lambda r: int((r == ">=").sum())),
            infeasible=("relation", lambda r: int((r == "infeasible").sum())),
            recomputed_in_this_run=("again", "sum"),
        )
    )
    rank = {proof: i for i, proof in enumerate(PROOF_ORDER)}
    counts = counts.loc[sorted(counts.index, key=lambda p: (rank.get(p, len(rank)), p))]
    counts.loc["all"] = counts.sum()
    return counts
