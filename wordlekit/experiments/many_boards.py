"""The experiments of notebook 19, many boards: Dordle counted exactly, rollout and the fixed
openers players use on Dordle, Quordle, Octordle and Sedecordle, paired on the same secrets.

Each long run is a table of rows that ``make reproduce`` does not recompute: it is stored in
``wordlekit/data/sweeps/`` (sha256 in ``wordlekit/data/SOURCES.md``, checked on reading) and
the notebook recomputes a seeded sample of its rows and compares them (``recheck_*``).

- ``dordle_counts``: one row per feedback of the opener on both boards (a first-guess child),
  the secrets of that child counted by the number of guesses the policy needs from there
  (``evaluation.GuessCounter``, one memo for the whole run). Their sum, one guess later, is the
  policy's exact distribution over every secret (``histogram_of``). Rows are independent, so
  the run splits into tasks by row.
- ``paired_secrets``: every policy against the same secrets, drawn uniformly in a seeded
  order (``sample_order``), one row per secret: the paired difference of two policies has a
  much smaller variance than either mean (``paired_difference``).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from ..boards import Boards
from ..errors import WordlekitError
from ..evaluation import GuessCounter, play_games
from ..game import Game
from ..lifted import FixedOpeners, Lifted, boards_policy
from ..progress import tqdm
from ..results import Histogram
from ..rollout import SampledRollout
from ..words import data_file

#: Columns of a stored Dordle count: the opener's feedback on every board, the secrets of
#: that child, then ``g1, g2, ...``: secrets solved in exactly k more guesses.
COUNT_PREFIX = "g"


def opener_children(boards: Boards, opener: str) -> list:
    """(feedback as text, state) of every child of the opener that is not finished, in
    feedback order."""
    first = boards.guess_index(opener, role="opener")
    root = boards.initial_state()
    return [(boards.format_feedback(f), c) for f, c in boards.unsolved_children(root, first)]


def dordle_counts(boards: Boards, policy, opener: str, progress: bool = False) -> pd.DataFrame:
    """One row per child of ``opener``: ``feedback``, ``secrets`` and ``g1..gK``, the child's
    secrets counted by the guesses ``policy`` needs from there (see the module docstring)."""
    counter = GuessCounter(boards, policy)
    rows = []
    children = opener_children(boards, opener)
    for text, child in tqdm(children, disable=not progress, desc=f"{policy.name} from {opener}"):
        counts = counter.counts(child)
        rows.append({"feedback": text, "secrets": boards.mass(child), **_columns(counts)})
    return _frame(rows)


def _columns(counts: list) -> dict:
    return {f"{COUNT_PREFIX}{k}": int(c) for k, c in enumerate(counts) if k > 0}


def _frame(rows: list) -> pd.DataFrame:
    frame = pd.DataFrame(rows).fillna(0)
    counts = sorted((c for c in frame if c.startswith(COUNT_PREFIX)), key=lambda c: int(c[1:]))
    frame[counts] = frame[counts].astype("int64")
    return frame[["feedback", "secrets", *counts]]


def histogram_of(rows: pd.DataFrame, policy: str, game: str, opener: str, cap: int) -> Histogram:
    """The exact distribution over every secret from the rows of ``dordle_counts``: each row's
    counts one guess later (the opener), summed."""
    counts = [0, 0]  # no secret is solved by the opener alone on two boards or more
    for column in rows:
        if column.startswith(COUNT_PREFIX):
            counts.append(int(rows[column].sum()))
    if sum(counts) != int(rows["secrets"].sum()):
        raise WordlekitError(
            f"stored counts of {policy} hold {sum(counts)} games for {rows['secrets'].sum()} "
            "secrets; expected every secret counted once"
        )
    return Histogram(policy, game, opener, tuple(counts), cap)


def recheck_counts(
    boards: Boards, policy, opener: str, rows: pd.DataFrame, sample: int, seed: int
) -> pd.DataFrame:
    """A seeded sample of ``sample`` stored rows counted again with a fresh counter: the stored
    counts, the counts now and whether they agree (``agree``), one row per child."""
    children = dict(opener_children(boards, opener))
    rng = np.random.default_rng(seed)
    chosen = rng.choice(len(rows), size=min(sample, len(rows)), replace=False)
    out = []
    for i in sorted(chosen.tolist()):
        row = rows.iloc[i]
        counter = GuessCounter(boards, policy)
        now = _columns(counter.counts(children[row["feedback"]]))
        stored = {c: int(row[c]) for c in rows if c.startswith(COUNT_PREFIX) and row[c]}
        out.append(
            {
                "feedback": row["feedback"],
                "secrets": int(row["secrets"]),
                "stored": " ".join(f"{k}:{v}" for k, v in stored.items()),
                "now": " ".join(f"{k}:{v}" for k, v in now.items() if v),
                "agree": stored == {k: v for k, v in now.items() if v},
            }
        )
    return pd.DataFrame(out)


def paired_secrets(
    boards: Boards, policies: dict, opener: str, secrets, progress: bool = False
) -> pd.DataFrame:
    """Each policy of ``policies`` (name -> policy) against the same ``secrets`` (secret
    indices): one row per secret, ``secret`` (its name) then each policy's guesses."""
    frame = pd.DataFrame({"secret": [boards.secret_name(s) for s in secrets]})
    for name, policy in policies.items():
        guesses = [
            int(play_games(boards, policy, opener, [s], boards.max_guesses).guesses_per_answer[0])
            for s in tqdm(secrets, disable=not progress, desc=f"{boards.name}: {name}")
        ]
        frame[name] = np.array(guesses, dtype=np.int64)
    return frame


def recheck_games(
    boards: Boards, policies: dict, opener: str, rows: pd.DataFrame, sample: int, seed: int
) -> pd.DataFrame:
    """A seeded sample of ``sample`` stored games played again: per row and policy, the stored
    guesses, the guesses now and whether they agree."""
    rng = np.random.default_rng(seed)
    chosen = sorted(rng.choice(len(rows), size=min(sample, len(rows)), replace=False).tolist())
    out = []
    for i in chosen:
        secret = boards.secret_index(rows["secret"].iloc[i])
        for name, policy in policies.items():
            now = int(play_games(boards, policy, opener, [secret]).guesses_per_answer[0])
            stored = int(rows[name].iloc[i])
            out.append(
                {
                    "secret": rows["secret"].iloc[i],
                    "policy": name,
                    "stored": stored,
                    "now": now,
                    "agree": stored == now,
                }
            )
    return pd.DataFrame(out)


def interval(values) -> tuple[float, float, float]:
    """(mean, lower, upper): the mean of ``values`` and its 95% confidence interval, normal
    approximation (mean +- 1.96 standard errors)."""
    values = np.asarray(values, dtype=float)
    mean = float(values.mean())
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def paired_difference(rows: pd.DataFrame, a: str, b: str) -> tuple[float, float, float]:
    """The mean of ``a - b`` over the same secrets and its 95% confidence interval."""
    return interval(rows[a].to_numpy() - rows[b].to_numpy())


def summary(rows: pd.DataFrame, policies, cap: int) -> pd.DataFrame:
    """Per policy: games, mean guesses with its 95% interval, and the share solved within the
    cap, from ``paired_games`` rows."""
    out = []
    for name in policies:
        mean, low, high = interval(rows[name])
        out.append(
            {
                "policy": name,
                "games": len(rows),
                "mean": round(mean, 4),
                "ci95": f"{low:.4f} to {high:.4f}",
                "solved within cap": round(float((rows[name] <= cap).mean()), 4),
            }
        )
    return pd.DataFrame(out).set_index("policy")


def best_followers(game: Game, opener: str, k: int) -> list[str]:
    """``k`` words to play after ``opener`` whatever the feedback, chosen greedily: each the
    guess whose feedback, joined with the feedback of the words before it, splits the answer
    list into the most informative partition (largest entropy; ties to list order). Fixed
    openers as players choose them: for coverage, not per game."""
    codes = game.patterns[game.guess_index(opener, role="opener")].astype(np.int64)
    chosen = []
    n = len(game.answers)
    for _ in range(k):
        best, best_h = None, -1.0
        for g in range(len(game.guesses)):
            joint = codes * game.n_patterns + game.patterns[g]
            counts = np.unique(joint, return_counts=True)[1]
            h = math.log2(n) - float((counts * np.log2(counts)).sum()) / n
            if h > best_h + 1e-12:
                best, best_h = g, h
        chosen.append(game.guesses[best])
        _, codes = np.unique(codes * game.n_patterns + game.patterns[best], return_inverse=True)
    return chosen


def board_policies(game: Game, n_boards: int, followers: list[str], samples: int, seed: int):
    """The policies of notebook 19's many-board table: lifted MIG, sampled rollout over it
    (``samples`` secrets per Q-factor; exact rollout's Q-factors sum over every joint feedback,
    too many from four boards on), and the fixed openers ``followers`` then MIG."""
    policies = {"mig": Lifted("mig")}
    if n_boards <= 2:
        policies["rollout-mig"] = boards_policy("rollout-mig")
    else:
        policies[f"sampled-rollout-mig-s{samples}"] = SampledRollout(
            Lifted("mig"), samples=samples, seed=seed
        )
    for count in range(1, len(followers) + 1):
        words = followers[:count]
        policies["fixed " + "+".join(words) + " then mig"] = FixedOpeners(words, Lifted("mig"))
    return policies


def read_stored(name: str) -> pd.DataFrame:
    """A stored table of notebook 19 (``wordlekit/data/sweeps/NAME.csv``), its sha256 checked
    against ``wordlekit/data/SOURCES.md`` first."""
    return pd.read_csv(data_file(f"sweeps/{name}.csv"), keep_default_na=False)


#: The stored runs of notebook 19 and how ``store_runs`` makes them.
FOLLOWERS = 2  # fixed words after the opener (then MIG): one and two, as players do
SAMPLES = 20  # secrets per Q-factor of the sampled rollout on four boards and more
BOARD_COUNTS = (2, 4, 8, 16)


def sample_order(boards: Boards, games: int, seed: int) -> list:
    """``games`` secrets drawn uniformly without replacement, in a seeded random order: any
    prefix of the list is a uniform sample too, so a stored run can be extended."""
    secrets = list(boards.sample_secrets(boards.initial_state(), games, seed))
    order = np.random.default_rng(seed).permutation(len(secrets))
    return [secrets[i] for i in order]


def store_runs(
    folder,
    opener: str = "salet",
    games: int = 2000,
    rollout_games: int = 200,
    dordle_rollout_games: int = 10000,
    seed: int = 0,
    progress: bool = True,
) -> dict:
    """Make notebook 19's stored tables in ``folder`` (CSV), the original lists:
    ``dordle_mig_counts`` and ``dordle_mrd_counts`` (``dordle_counts`` of lifted MIG and MRD),
    and for each N of ``BOARD_COUNTS`` ``boards_N`` (lifted MIG and the fixed openers on
    ``games`` secrets) and ``boards_N_rollout`` (MIG and sampled rollout on the first
    ``rollout_games`` of the same secrets; on two boards MIG and exact rollout on a draw of its
    own of ``dordle_rollout_games`` secrets, the issue's 10,000). Returns the files' paths by
    name."""
    folder = Path(folder)
    game = Game.original()
    followers = best_followers(game, opener, FOLLOWERS)
    paths = {}
    dordle = Boards(game, 2)
    for base in ("mig", "mrd"):
        rows = dordle_counts(dordle, Lifted(base), opener, progress)
        paths[f"dordle_{base}_counts"] = folder / f"dordle_{base}_counts.csv"
        rows.to_csv(paths[f"dordle_{base}_counts"], index=False)
    for n in BOARD_COUNTS:
        boards = Boards(game, n)
        secrets = sample_order(boards, games, seed)
        policies = board_policies(game, n, followers, SAMPLES, seed)
        names = list(policies)
        cheap = {k: policies[k] for k in names if "rollout" not in k}
        rollout = {"mig": policies["mig"], **{k: policies[k] for k in names if "rollout" in k}}
        drawn = (
            sample_order(boards, dordle_rollout_games, seed) if n == 2 else secrets[:rollout_games]
        )
        for name, chosen, played in (
            (f"boards_{n}", cheap, secrets),
            (f"boards_{n}_rollout", rollout, drawn),
        ):
            table = paired_secrets(boards, chosen, opener, played, progress)
            paths[name] = folder / f"{name}.csv"
            table.to_csv(paths[name], index=False)
    return paths
