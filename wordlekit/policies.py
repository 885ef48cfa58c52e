"""Policies by name: the heuristics, the rollouts over them, two-step lookahead and sampled rollout.

``knuth`` is Knuth's Mastermind strategy (``valuations.KNUTH``: the smallest largest bucket,
a candidate among equals, then list order), a base policy like the heuristics.
``rollout-H`` is rollout over heuristic H (top-k shortlist), ``lookahead2-H`` the two-step
lookahead with H's exact cost as J~ (``lookahead.Lookahead(PolicyCost(H), depth=2)``, top-k
guesses at both levels), ``sampled-rollout-H`` rollout whose
Q-factors are estimated from ``DEFAULT_SAMPLES`` candidates per state (seed 0).

``evaluate_grid`` evaluates policies by name x modes x openers exactly: the grid behind the
rollout paper's tables.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

from .errors import WordlekitError
from .evaluate import Evaluation, evaluate
from .game import Game
from .heuristics import HEURISTICS, get_heuristic
from .lookahead import Lookahead, PolicyCost
from .progress import tqdm
from .rollout import DEFAULT_TOP_K, Rollout, SampledRollout
from .valuations import KNUTH, ValuationStrategy

if TYPE_CHECKING:
    import pandas as pd

#: Heuristics that the two-step lookahead and sampled rollout are offered over by name.
_SEARCHED = ("mig", "mrd", "gep")
#: Base policies that are valuation strategies, not heuristics (no prior, no lookahead2).
_VALUED = {"knuth": KNUTH}
POLICIES = (
    tuple(HEURISTICS)
    + tuple(_VALUED)
    + tuple(f"rollout-{name}" for name in (*HEURISTICS, *_VALUED))
    + tuple(f"lookahead2-{name}" for name in _SEARCHED)
    + tuple(f"sampled-rollout-{name}" for name in _SEARCHED)
)
#: Candidates sampled per state by ``sampled-rollout-*``.
DEFAULT_SAMPLES = 20


def uses_top_k(name: str) -> bool:
    """Whether policy ``name`` has a shortlist (and so a top-k): all but the plain heuristics."""
    return name not in HEURISTICS and name not in _VALUED


def make_policy(name: str, top_k: int = DEFAULT_TOP_K, prior=None):
    """A new policy by name: a heuristic (``mig``), a rollout over one (``rollout-mig``), the
    two-step lookahead over its cost (``lookahead2-mig``) or its sampled rollout
    (``sampled-rollout-mig``); see the module docstring.

    With a ``prior`` (``wordlekit.prior.Prior``) the heuristic works on the prior's belief and
    the rollout weighs its Q-factors by it; ``gep-published`` has no such version.
    """
    if name not in POLICIES:
        raise WordlekitError(f"unknown policy {name!r}; expected one of {', '.join(POLICIES)}")
    valued = _VALUED.get(name.removeprefix("rollout-"))
    if valued is not None:
        if prior is not None:
            raise WordlekitError(
                f"policy {name!r} has no version for a prior; expected the uniform prior"
            )
        strategy = ValuationStrategy(valued, name=name.removeprefix("rollout-"))
        return strategy if name in _VALUED else Rollout(strategy, top_k)
    base = name.removeprefix("lookahead2-").removeprefix("sampled-rollout-")
    if base != name:
        if prior is not None:
            raise WordlekitError(
                f"policy {name!r} has no version for a prior; expected the uniform "
                f"prior or one of {', '.join(HEURISTICS)}, rollout-*"
            )
        if name.startswith("lookahead2-"):
            return Lookahead(PolicyCost(get_heuristic(base)), depth=2, top_k=top_k)
        return SampledRollout(get_heuristic(base), DEFAULT_SAMPLES, seed=0, top_k=top_k)
    if prior is not None:
        heuristic = get_heuristic(name.removeprefix("rollout-"), prior)
        return Rollout(heuristic, top_k, prior=prior) if name.startswith("rollout-") else heuristic
    if name == "rollout-gep-published":
        # The paper's shortlist ranked by GEP as defined; only its play-on had the sign error.
        return Rollout(
            get_heuristic("gep-published"), top_k, shortlist_heuristic=get_heuristic("gep")
        )
    if name.startswith("rollout-"):
        return Rollout(get_heuristic(name.removeprefix("rollout-")), top_k)
    return get_heuristic(name)


def next_guess(game, policy, history, opener: str | None = None) -> str:
    """The guess ``policy`` plays next in one game, given its history so far.

    Parameters
    ----------
    game : Game
    policy : a policy (see ``make_policy``)
    history : sequence of (guess word, feedback) pairs; feedback as g/y/b tiles or a pattern
    opener : str, optional
        The first guess to play when the history is empty (the papers fix it, e.g. salet).
        Without one, the policy chooses the first guess itself.
    """
    state = game.state_after(history)
    if (
        history
        and len(state.candidates) == 1
        and game.guess_of_answer[state.candidates[0]] == game.guess_index(history[-1][0])
    ):
        raise WordlekitError(
            f"the game is already solved by {history[-1][0]!r}; no guess is needed"
        )
    if state.turn == 0 and opener is not None:
        return game.guesses[game.guess_index(opener, role="opener")]
    return game.guesses[policy.choose(game, state)]


def warm_up(game: Game, name: str, weighted: bool = False) -> None:
    """Compile (or load from numba's cache) every kernel that policy ``name`` uses on ``game``
    (its prior-weighted version if ``weighted``).

    Plays the policy on a tiny game cut from the same lists (same word length and mode), so
    the real run that follows measures computing, not compiling.
    """
    from .prior import uniform_prior

    tiny = tiny_game(game)
    prior = uniform_prior(tiny.answers) if weighted else None
    evaluate(tiny, make_policy(name, 2, prior), tiny.answers[0])


def tiny_game(game: Game) -> Game:
    """A game of 12 answers and a few more guesses cut from ``game``'s lists, in its mode:
    what warm-ups play to compile the kernels a run on ``game`` will use."""
    answers = game.answers.words[:12]
    extra = [w for w in game.guesses.words[:24] if w not in answers]
    make = type(game.guesses)  # a code game's codes may be shorter than words
    return Game(
        make(tuple(answers) + tuple(extra), "warm-up guesses"),
        make(tuple(answers), "warm-up answers"),
        game.mode,
        game.answering,
    )


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
    details : DataFrame, one row per (opener, column): total, mean, failed, max_guesses (the
        worst case, ``Evaluation.worst``), seconds
    evaluations : {(opener, column): Evaluation}
    """
    import pandas as pd  # here, not at the top: the CLI imports this module and builds no table

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
                "failed": result.failed,
                "max_guesses": result.worst,
                "seconds": seconds,
            }
        )
    details = pd.DataFrame(rows)
    averages = details.pivot(index="opener", columns="column", values="mean")
    averages = averages.loc[list(openers), list(columns)]
    averages.columns.name = None
    return averages, details, evaluations
