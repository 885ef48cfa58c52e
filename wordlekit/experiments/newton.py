r"""The Newton step, measured: a base policy's error against its rollout's error, state by state.

The rollout paper (Bhambri, Bhattacharjee & Bertsekas, Sections 1, 3 and 4.2) explains rollout's
near-optimal results as "a single step of Newton's method for solving the Bellman equation",
started from the base heuristic's cost function. In the paper's notation (Eqs. (11), (13),
(17)), with the uniform belief over the candidates x_k, one guess costing 1, and J a cost per
game (an expectation under the belief),

.. math::

    (T J)(x_k) = \min_{u_k} \frac{1}{m_k} \sum_{\theta^i \in x_k} \bigl[1 + J(f(x_k, \theta^i, u_k))\bigr],

Bellman's equation is J* = T J*, and rollout on a base policy pi plays the minimising u_k of
T J_pi (the one-step lookahead of Eq. (17), over the shortlist of ``rollout.Rollout``). Its own
cost J_rollout solves J_rollout = T_{rollout} J_rollout. Bertsekas reads this as Newton's method
on J = T J: T is concave and piecewise linear in J (a minimum over guesses of linear maps), the
linearisation of T at J_pi is T_{rollout}, and J_rollout is the root of that linearisation.
Newton's method near a root converges *superlinearly*: for a smooth map, quadratically,

.. math::

    \lVert J_{\text{rollout}} - J^* \rVert \le c \, \lVert J_\pi - J^* \rVert^2,

and for a piecewise linear one *finitely*: once J_pi is close enough to J* that the minimising
guesses of T J_pi are optimal ones, one step lands on J* exactly.

What this module measures, for one game, one opener and one base policy, at every state S the
base reaches (``evaluation.policy_states``) and at the root after the opener:

.. math::

    e_b(S) = J_{\text{base}}(S) - J^*(S) \ge 0, \qquad e_r(S) = J_{\text{rollout}}(S) - J^*(S) \ge 0,

with J* the exact optimum (``optimal.Solver`` with *no* cap on the number of guesses, so that J*
is a lower bound of every policy's cost, which the papers' policies do not keep under six
guesses either) and J_base, J_rollout the exact costs of the two policies
(``evaluation.PolicyValues``). Policy improvement gives e_r <= e_b at every state (the base's own
guess is always on rollout's shortlist). Newton-like improvement predicts e_r much smaller
than e_b, and a log-log slope of e_r against e_b above 1 (2 if quadratic), or e_r = 0 outright.

Costs are kept both ways: ``*_total`` is the integer total over the candidates of S (T_pi(S)
of ``evaluate``, guesses summed over |S| games), ``*_mean`` = total / |S| the expected number
of guesses per game, the paper's J(x_k). The means are what ``fit_newton`` fits and the
notebook plots: they are the cost function of the Bellman equation above, and they put states
of different sizes on one scale (a total grows with |S|). Either way e_r / e_b is the same at a
state. Integer totals have a consequence the plot shows: an error is either 0 or at least 1 /
|S| guesses per game, so a small error cannot shrink "a little": it vanishes.

References
----------
- [bhambri2022]_, Sections 1, 3 and 4.2: rollout as a single Newton step.
- [bertsekas2022]_: Newton's method on Bellman's equation, the reading measured here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..checks import whole_number
from ..consistent import RandomConsistent
from ..errors import WordlekitError
from ..evaluation import PolicyValues, policy_states
from ..game import Game, State, state_seed
from ..heuristics import HEURISTICS, MIG, Heuristic, get_heuristic
from ..optimal import Solver
from ..policies import shortlist_for
from ..progress import bar as progress_bar
from ..rollout import DEFAULT_TOP_K, Rollout

#: How many of the base's best guesses a noisy policy draws from (``NoisyPolicy.pool``).
DEFAULT_POOL = 10

#: The Newton experiments' bases by name for ``make_base``: the paper's heuristics, the
#: published GEP (a sign error that makes it far from optimal), and the bases only these
#: experiments use, ``noisy-<heuristic>`` and ``random-consistent`` (``policies.make_policy``
#: names the policies every command plays; the shortlist rule is ``policies.shortlist_for``).
BASES = tuple(HEURISTICS) + tuple(f"noisy-{name}" for name in HEURISTICS) + ("random-consistent",)


@dataclass(frozen=True)
class OneStateProblem:
    r"""Bertsekas's picture of the Newton step: one state, a few policies, J a number.

    Policy mu costs ``T_mu J = cost[mu] + factor[mu] * J`` (a stage cost, then the same state
    again with weight ``factor[mu]`` < 1: a chance of not being done, or a discount), so
    ``J_mu = cost[mu] / (1 - factor[mu])``, Bellman's operator is the concave piecewise-linear
    ``T J = min_mu T_mu J`` and J* = T J* is its fixed point, the smallest J_mu. Rollout from a
    base mu plays the minimiser of T J_mu; its cost is the root of the line T_rollout J = J, the
    linearisation of T at J_mu: one Newton step on J = T J. A tiny textbook case for notebook 16.

    Parameters
    ----------
    cost, factor : sequence of float, one per policy; 0 <= factor < 1
    """

    cost: tuple
    factor: tuple

    def __post_init__(self):
        if len(self.cost) != len(self.factor) or not self.cost:
            raise WordlekitError("cost and factor need one value per policy, at least one")
        if not all(0 <= a < 1 for a in self.factor):
            raise WordlekitError(f"every factor must be in [0, 1), got {list(self.factor)}")

    def value(self, policy: int) -> float:
        """J_mu, the fixed point of T_mu."""
        return self.cost[policy] / (1.0 - self.factor[policy])

    def bellman(self, j) -> np.ndarray:
        """T J (array-like J), the minimum over policies of T_mu J."""
        j = np.asarray(j, dtype=np.float64)
        return np.min([c + a * j for c, a in zip(self.cost, self.factor)], axis=0)

    def greedy(self, j: float) -> int:
        """The policy attaining T J at ``j`` (ties: the lowest index): rollout's choice at J."""
        return int(np.argmin([c + a * j for c, a in zip(self.cost, self.factor)]))

    def optimum(self) -> float:
        """J*, the fixed point of T: the smallest J_mu."""
        return min(self.value(mu) for mu in range(len(self.cost)))

    def newton_steps(self, base: int, steps: int) -> list[tuple[int, float]]:
        """``[(base, J_base), (mu_1, J_mu_1), ...]``: repeated rollout (policy iteration), each
        step the Newton step from the previous policy's cost."""
        path = [(base, self.value(base))]
        for _ in range(steps):
            mu = self.greedy(path[-1][1])
            path.append((mu, self.value(mu)))
        return path


class NoisyPolicy:
    """A heuristic with noise: with probability epsilon, a random one of its ``pool`` best guesses.

    At a state S of two or more candidates the policy draws u ~ U[0, 1) and, if u < epsilon,
    plays a guess drawn uniformly from the base's ``pool`` best guesses (``Heuristic.rank``:
    guesses that split nothing are never among them, so the policy always makes progress);
    otherwise it plays the base's own choice. One candidate left: it guesses it.

    The random numbers come from ``np.random.default_rng`` seeded by (seed, candidates of S), so
    the policy is a deterministic function of the state, as a policy must be for its cost
    ``T_pi(S)`` to be defined (and rollout's memo to be consistent): one seed is one policy, and
    every run sees the same choices. At epsilon = 0 it is the base exactly.

    Parameters
    ----------
    base : Heuristic
        The heuristic made noisy (e.g. ``MIG()``); its ``keys`` also rank a rollout's shortlist.
    epsilon : float in [0, 1]
        Probability of a random guess at each state.
    seed : int
    pool : int >= 1
        How many of the base's best guesses the random guess is drawn from (default 10).
    """

    def __init__(self, base: Heuristic, epsilon: float, seed: int = 0, pool: int = DEFAULT_POOL):
        if not isinstance(base, Heuristic):
            raise WordlekitError(
                f"a noisy policy needs a heuristic (MIG, MRD, GEP) as its base, got {base!r}"
            )
        if (
            isinstance(epsilon, bool)
            or not isinstance(epsilon, (int, float, np.floating))
            or not 0 <= epsilon <= 1
        ):
            raise WordlekitError(
                f"noise probability epsilon must be a number in [0, 1], got {epsilon!r}"
            )
        whole_number(pool, "noise pool")
        whole_number(seed, "seed", low=None)
        self.base = base
        self.epsilon = float(epsilon)
        self.seed = int(seed)
        self.pool = int(pool)
        self.name = f"noisy-{base.name}(eps {self.epsilon:g}, pool {self.pool}, seed {self.seed})"

    def __repr__(self) -> str:
        return f"NoisyPolicy({self.base!r}, {self.epsilon!r}, seed={self.seed}, pool={self.pool})"

    def choose(self, game: Game, state: State) -> int:
        """The base's guess, or with probability epsilon a random one of its ``pool`` best."""
        if (last := game.sole_guess(state)) is not None:
            return last
        rng = np.random.default_rng(state_seed(self.seed, state.candidates))
        if rng.random() < self.epsilon:
            best = self.base.rank(game, state, self.pool)
            return int(best[rng.integers(len(best))])
        return self.base.choose(game, state)

    def keys(self, game: Game, state: State) -> np.ndarray:
        """The base's keys: a rollout over the noisy policy shortlists the base's best guesses."""
        return self.base.keys(game, state)


def make_base(name: str, seed: int = 0, epsilon: float = 0.5, pool: int = DEFAULT_POOL):
    """A base policy by name and the heuristic that ranks its rollout's shortlist.

    Parameters
    ----------
    name : one of ``BASES``
        ``mig``, ``mrd``, ``gep``, ``gep-published`` (the heuristic itself, which also ranks the
        shortlist; ``gep-published``'s shortlist by GEP as defined, as ``policies.make_policy``
        does), ``noisy-<heuristic>`` (``NoisyPolicy(heuristic, epsilon, seed, pool)``) or
        ``random-consistent`` (``consistent.RandomConsistent(seed)``: a uniformly random candidate).
    seed, epsilon, pool
        For the noisy and random bases (ignored by the others).

    Returns
    -------
    (base, shortlist_heuristic) : the policy, and the Heuristic whose best guesses rollout
        evaluates besides the base's own choice. The non-heuristic bases are shortlisted by MIG,
        so that rollouts over MIG, noisy MIG and a random policy minimise over the same guesses
        and differ only in the cost-to-go J_base they look ahead with.
    """
    if name not in BASES:
        raise WordlekitError(f"unknown base policy {name!r}; expected one of {', '.join(BASES)}")
    if name == "random-consistent":
        return RandomConsistent(seed), MIG()
    heuristic = get_heuristic(name.removeprefix("noisy-"))
    if name.startswith("noisy-"):
        return NoisyPolicy(heuristic, epsilon, seed, pool), shortlist_for(heuristic)
    return heuristic, shortlist_for(heuristic)


def newton_table(
    game: Game,
    opener: str | int,
    base,
    shortlist_heuristic: Heuristic | None = None,
    top_k: int = DEFAULT_TOP_K,
    solver: Solver | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """J*, J_base and J_rollout at the root after ``opener`` and at every state the base reaches.

    Parameters
    ----------
    game : Game
    opener : str or int
        The fixed first guess (a word of the guess list, or its index).
    base : policy with ``name`` and ``choose(game, state)`` (see ``make_base``)
    shortlist_heuristic : Heuristic, optional
        Ranks rollout's shortlist (``rollout.Rollout``); None: the base itself, which must then
        have ``keys``.
    top_k : int
        Rollout's shortlist size besides the base's choice (default 10, the paper's).
    solver : optimal.Solver, optional
        Exact J*; give one built with ``max_guesses=None`` to share its memo between bases.
        None: a new uncapped solver.
    progress : bool
        A progress bar over the states on stderr.

    Returns
    -------
    pandas.DataFrame, one row per state: the root after the opener first (``turn`` 0; its values
    are those of strategies opening with ``opener``), then every state of two or more candidates
    at which the base chooses, in the order of its depth-first walk. Columns: ``turn`` (guesses
    played), ``candidates`` (|S|), ``base_guess`` and ``rollout_guess`` (words; the opener at the
    root), ``optimal_total``, ``base_total``, ``rollout_total`` (int64, guesses summed over the
    candidates of S), ``optimal_mean``, ``base_mean``, ``rollout_mean`` (float, guesses per game:
    total / |S|), ``e_base`` and ``e_rollout`` (float, J - J* in guesses per game: the plotted
    errors), ``e_base_total`` and ``e_rollout_total`` (int64, the same as totals).
    """
    if solver is None:
        solver = Solver(game, max_guesses=None)
    elif (
        solver.game is not game
        or solver.max_guesses < len(game.answers)
        or solver.breadth is not None
        or solver.prior is not None
    ):
        raise WordlekitError(
            "newton_table needs an exact, uncapped solver of the same game: "
            "Solver(game, max_guesses=None)"
        )
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    rollout = Rollout(base, top_k, shortlist_heuristic=shortlist_heuristic)
    base_values, rollout_values = PolicyValues(game, base), PolicyValues(game, rollout)
    root = game.initial_state()
    states = policy_states(game, base, first)
    if progress:
        states = progress_bar(f"J*, J_base, J_rollout ({base.name})", unit="state", iterable=states)
    rows = [
        (
            0,
            len(root),
            first,
            first,
            solver.opener_total(first),
            base_values.after(root, first),
            rollout_values.after(root, first),
        )
    ]
    for state in states:
        rows.append(
            (
                state.turn,
                len(state),
                base.choose(game, state),
                rollout.choose(game, state),
                solver.value(state, solver.max_guesses),
                base_values.total(state),
                rollout_values.total(state),
            )
        )
    turn, size, base_guess, rollout_guess, optimal, base_total, rollout_total = (
        np.array(column, dtype=np.int64) for column in zip(*rows)
    )
    table = pd.DataFrame(
        {
            "turn": turn,
            "candidates": size,
            "base_guess": [game.guesses[g] for g in base_guess],
            "rollout_guess": [game.guesses[g] for g in rollout_guess],
            "optimal_total": optimal,
            "base_total": base_total,
            "rollout_total": rollout_total,
            "optimal_mean": optimal / size,
            "base_mean": base_total / size,
            "rollout_mean": rollout_total / size,
            "e_base": (base_total - optimal) / size,
            "e_rollout": (rollout_total - optimal) / size,
            "e_base_total": base_total - optimal,
            "e_rollout_total": rollout_total - optimal,
        }
    )
    table.index.name = "state"
    return table


@dataclass(frozen=True)
class NewtonFit:
    """The least-squares line log10 e_r = slope * log10 e_b + intercept, and what it leaves out.

    Attributes
    ----------
    states : int, points given
    improvable : int, points with e_b > 0 (the base is not optimal there)
    exact : int, points with e_b > 0 and e_r = 0: rollout is optimal where its base is not
        (the integer effect, and the finite convergence of Newton's method on a piecewise
        linear map). These cannot go on a log scale and are not fitted.
    fitted : int, points with e_b > 0 and e_r > 0 (the fit's points)
    slope, intercept : float (log10 units), NaN if there are fewer than ``min_points`` fitted
        points (default ``MIN_FIT_POINTS``) or they hold fewer than two distinct e_b
    ratio : float, sum e_r / sum e_b over every point (NaN if no e_b > 0): the share of the
        base's error that rollout keeps, zeros included
    """

    states: int
    improvable: int
    exact: int
    fitted: int
    slope: float
    intercept: float
    ratio: float


#: The fewest points a slope is fitted to: a line through 3 or 5 scattered points of a log-log
#: plot can take any slope (GEP's 3 points gave 1.53, the noisy base's 26 gave -0.13).
MIN_FIT_POINTS = 10


def fit_newton(e_base, e_rollout, min_points: int = MIN_FIT_POINTS) -> NewtonFit:
    """Fit the slope of log10 e_r against log10 e_b over the points where both are positive.

    Parameters
    ----------
    e_base, e_rollout : array-like of float, shape (n,), nonnegative
        Errors J_base - J* and J_rollout - J* of the same n states (any unit; the slope does not
        depend on it, the intercept does).

    A slope of 1 means rollout removes a fixed share of the error whatever its size (linear);
    above 1, the smaller the base's error the larger the share removed (superlinear); 2 is the
    quadratic rate of Newton's method on a smooth equation. With fewer than ``min_points``
    fitted points no slope is given (NaN): the counts still say what happened.
    """
    e_b = np.asarray(e_base, dtype=np.float64)
    e_r = np.asarray(e_rollout, dtype=np.float64)
    if e_b.ndim != 1 or e_b.shape != e_r.shape:
        raise WordlekitError(
            f"errors e_b and e_r must be two 1-d arrays of one length, got shapes "
            f"{e_b.shape} and {e_r.shape}"
        )
    if (
        not (np.isfinite(e_b).all() and np.isfinite(e_r).all())
        or (e_b < 0).any()
        or (e_r < 0).any()
    ):
        raise WordlekitError(
            "errors e_b and e_r must be finite and >= 0 (a policy's cost is never "
            "below the optimum J*)"
        )
    both = (e_b > 0) & (e_r > 0)
    slope = intercept = np.nan
    if both.sum() >= min_points and len(np.unique(e_b[both])) >= 2:
        slope, intercept = np.polyfit(np.log10(e_b[both]), np.log10(e_r[both]), 1)
    total = e_b.sum()
    return NewtonFit(
        states=len(e_b),
        improvable=int((e_b > 0).sum()),
        exact=int(((e_b > 0) & (e_r == 0)).sum()),
        fitted=int(both.sum()),
        slope=float(slope),
        intercept=float(intercept),
        ratio=float(e_r.sum() / total) if total > 0 else np.nan,
    )


def fit_table(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per base: the fit of ``fit_newton`` over the states of its ``newton_table``
    (means, the plotted errors), the slope of the same fit on totals, and the root's errors.

    Columns: ``states``, ``improvable``, ``exact``, ``fitted``, ``slope``, ``intercept``,
    ``ratio`` (see ``NewtonFit``; over the means), ``slope_totals``, and at the root after the
    opener ``root_e_base_total`` and ``root_e_rollout_total`` (TOTALs above the optimum) and
    ``root_base_total``, ``root_rollout_total``, ``root_optimal_total``.
    """
    rows = []
    for name, table in tables.items():
        means = fit_newton(table["e_base"], table["e_rollout"])
        totals = fit_newton(table["e_base_total"], table["e_rollout_total"])
        root = table.iloc[0]
        rows.append(
            {
                "base": name,
                **vars(means),
                "slope_totals": totals.slope,
                "root_optimal_total": int(root["optimal_total"]),
                "root_base_total": int(root["base_total"]),
                "root_rollout_total": int(root["rollout_total"]),
                "root_e_base_total": int(root["e_base_total"]),
                "root_e_rollout_total": int(root["e_rollout_total"]),
            }
        )
    return pd.DataFrame(rows).set_index("base")


def binned_errors(e_base, e_rollout, edges) -> pd.DataFrame:
    """Rollout's error averaged over bins of the base's error, zeros included.

    The fit of ``fit_newton`` can only use states where rollout is not exact; this view keeps
    them: for each bin (lo, hi] of e_b, the number of states, the share with e_r = 0, and the
    mean e_b and mean e_r (float, the unit of the inputs). Bins without a state are left out.

    Parameters
    ----------
    e_base, e_rollout : array-like of float, shape (n,), nonnegative (as in ``fit_newton``)
    edges : increasing sequence of float, the bin edges (states with e_b = 0 or outside the
        edges are not counted).
    """
    e_b = np.asarray(e_base, dtype=np.float64)
    e_r = np.asarray(e_rollout, dtype=np.float64)
    fit_newton(e_b, e_r)  # the same checks of shape and sign
    edges = np.asarray(edges, dtype=np.float64)
    if edges.ndim != 1 or len(edges) < 2 or (np.diff(edges) <= 0).any():
        raise WordlekitError(
            f"bin edges must be an increasing sequence of two or more numbers, got {edges.tolist()}"
        )
    rows = []
    for lo, hi in itertools.pairwise(edges):
        inside = (e_b > lo) & (e_b <= hi) & (e_b > 0)
        if inside.any():
            rows.append(
                {
                    "e_base_from": lo,
                    "e_base_to": hi,
                    "states": int(inside.sum()),
                    "exact_share": float((e_r[inside] == 0).mean()),
                    "mean_e_base": float(e_b[inside].mean()),
                    "mean_e_rollout": float(e_r[inside].mean()),
                }
            )
    return pd.DataFrame(
        rows,
        columns=[
            "e_base_from",
            "e_base_to",
            "states",
            "exact_share",
            "mean_e_base",
            "mean_e_rollout",
        ],
    )
