"""Approximation in value space: l-step lookahead over a cost-to-go approximation J~.

The rollout paper (Bhambri et al., Section 4) writes the exact DP over the belief and then
replaces the optimal cost-to-go J*_{k+1} by an approximation J~_{k+1} (Eq. (13)). With the
uniform belief over the candidate set S = x_k, a cost of one per guess (g = 1) and the next
state S_f(u) = f(x_k, theta^i, u) for the feedback f that guess u gets from candidate theta^i,
the one-step lookahead policy plays

    u~ in argmin_u  Q(u),    Q(u) = (1/|S|) sum_{theta^i in S} (1 + J~(S_f(u)))
                                  = (|S| + sum_{f != all green} |S_f(u)| J~(S_f(u))) / |S|,

where the all-green feedback (u was the answer) costs nothing more. Here ``J~(S)`` is the
expected number of guesses still needed from S, *counting the one about to be played*, per
candidate (a mean); ``CostToGo.total`` is ``|S| J~(S)``, guesses summed over the candidates,
the unit of TOTAL and of ``evaluation.PolicyValues.total``. Classes that make J~ concrete:

- ``EntropyCostToGo``: ``J~(S) = log2 |S|``. Averaged over the feedback of u it is the entropy
  E(x_k, u) of item (e) after Eq. (18): ``(1/|S|) sum_f |S_f| log2 |S_f|``, the remaining
  uncertainty, so the lookahead minimises what MIG minimises (it *is* MIG, up to ties).
- ``PolicyCost(pi)``: the exact cost ``T_pi(S) / |S|`` of a base policy pi (Eq. (17)-(18)): the
  lookahead is then the rollout policy (``rollout.Rollout`` is exactly this, at l = 1).
- ``optimal.OptimalCost()``: J* itself (``optimal.Solver``); the lookahead then plays optimally.
- ``avts.EstimatorCostToGo(estimator)``: minus the best action value of an AVTS estimator, by
  default the blog's entropic estimator (``avts.EntropicEstimator``): ``min_u n(u)`` with
  ``n(u) = log2|S| / H(u) + 1`` and ``1/|S| + (1 - 1/|S|) n(u)`` for a candidate u.
- ``OracleCost()``: Eq. (15)'s J^i, the optimal cost if the answer theta^i were known: one
  guess (name it), ``J~(S) = 1``. Below every policy's cost, J* included (see the class).
  ``OracleLookahead(H)`` is Eq. (15) as a policy, every allowed guess, ties by H's ranking.
- ``PerAnswerPolicyCost(policies)``: Eqs. (16)-(17) with one base policy per hypothesis: each
  candidate theta^i is charged what the best of ``policies`` *for that answer* needs from S.
  ``rollout.PerAnswerRollout`` is the one-step lookahead over it.
- ``TruncatedPolicyCost(pi, m, terminal)``: pi plays m more guesses, then ``terminal`` stands
  for the rest (truncated rollout): m = 0 is ``terminal`` itself, m = None (infinity) is
  ``PolicyCost(pi)``.
- any callable ``f(game, state) -> J~(S)`` (a mean), wrapped by ``as_cost_to_go``.

**l-step lookahead** (``Lookahead(..., depth=l)``) minimises over l guesses ahead, every
feedback enumerated exactly, and applies J~ at the end. In totals, with V_0 = |S| J~(S),

    V_j(S) = |S|                                            if |S| = 1 (guess it),
    V_j(S) = min_{u in L'(S)} ( |S| + sum_{f != all green} V_{j-1}(S_f(u)) ),  j >= 1,

and the policy plays ``argmin_{u in L(S)} (|S| + sum_f V_{l-1}(S_f(u)))``. The minimisations
run over shortlists, never over all 12,972 guesses (``top_k=None`` asks for every allowed
guess, affordable on small games only): L(S) at the root holds ``top_k`` guesses, L'(S) at the
deeper levels ``deep_top_k``; both are the base policy's own choice (when J~ is a policy's cost)
followed by the best of ``shortlist_heuristic``'s one-step ranking, candidates first among equal
scores. Cost per decision: about ``top_k * F * (deep_top_k * F) ** (l - 1)`` evaluations of
J~, F the number of feedbacks of a guess (tens to a hundred on the real game), plus one
one-step ranking (all guesses scored) per state of the first l - 1 levels. Values V_j are
memoised per state, so states reached twice are priced once.

**Properties** (tests/test_lookahead.py checks them on small games): with J~ = J* and every
guess considered, every l gives an optimal policy. With J~ = T_pi / |S| of a base policy pi
whose choice is in every shortlist, V_1 <= T_pi and by induction V_j <= V_{j-1}, so the
l-step lookahead policy costs at most V_l(S) <= T_pi(S): it is never worse than its base (the
cost improvement of multistep rollout, the paper's reference [Ber20]).

Under a prior (``PolicyCost(pi, prior)``) |S| becomes the candidates' prior weight W(S) and
totals are weighted, as in ``rollout``; the other costs are for the papers' uniform belief.

References
----------
- [bhambri2022]_, Section 4, Eq. (13): approximation in value space; Eq. (15): the oracle
  cost-to-go; Eqs. (16)-(17): one cost-to-go, or one base policy, per hypothesis.
- [bertsekas2020]_: multistep lookahead and its cost improvement over the base policy.
"""

from __future__ import annotations

import math

import numpy as np

from .checks import whole_number
from .contracts import Model as Game
from .contracts import ModelState as State
from .errors import WordlekitError
from .evaluation import PerModel, PolicyValues, backup
from .heuristics import MIG
from .topk import EXCLUDED, best_positions

DEFAULT_TOP_K = 10


class CostToGo:
    """A cost-to-go approximation J~: expected guesses still needed from a state.

    Subclasses define ``cost_to_go`` (the mean, J~(S)) or ``total`` (``mass * J~(S)``), and
    ``name``. ``mass`` is |S| (the prior weight W(S) for a prior-weighted cost).
    """

    name = "cost-to-go"

    def cost_to_go(self, game: Game, state: State) -> float:
        """J~(S): expected further guesses from ``state`` (including the next one), per candidate."""
        return self.total(game, state) / self.mass(game, state)

    def total(self, game: Game, state: State):
        """``mass(S) * J~(S)``: further guesses summed over the candidates (int when exact)."""
        return self.mass(game, state) * self.cost_to_go(game, state)

    def mass(self, game: Game, state: State):
        """|S|, what ``total`` sums over (int): ``game.mass``, the secrets consistent."""
        return game.mass(state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class FunctionCostToGo(CostToGo):
    """A user's J~ as a plain function ``f(game, state) -> float`` (the mean, in guesses)."""

    def __init__(self, function, name: str | None = None):
        self.function = function
        self.name = name or getattr(function, "__name__", "user")

    def cost_to_go(self, game: Game, state: State) -> float:
        return float(self.function(game, state))

    def __repr__(self) -> str:
        return f"FunctionCostToGo({self.function!r})"


def as_cost_to_go(cost_to_go) -> CostToGo:
    """``cost_to_go`` itself if it is a ``CostToGo``, a callable wrapped, else an error."""
    if isinstance(cost_to_go, CostToGo):
        return cost_to_go
    if callable(cost_to_go):
        return FunctionCostToGo(cost_to_go)
    raise WordlekitError(
        f"cost-to-go {cost_to_go!r} is neither a CostToGo nor a callable "
        f"f(game, state) -> expected guesses"
    )


class EntropyCostToGo(CostToGo):
    """``J~(S) = log2 |S|`` (bits, taken as guesses): the entropy estimate behind MIG, Eq. (13).

    A lookahead over it minimises ``1 + (1/|S|) sum_f |S_f| log2 |S_f|`` = 1 + E(x_k, u), the
    feedback's remaining entropy, which is what MIG minimises. As a number of guesses it is
    low: a last candidate costs 0 though one guess is still needed, and a guess rarely gains
    more than a few bits late in a game.
    """

    name = "entropy"

    def cost_to_go(self, game: Game, state: State) -> float:
        return math.log2(game.mass(state))

    def total(self, game: Game, state: State) -> float:
        n = game.mass(state)
        return n * math.log2(n)


class PolicyCost(CostToGo):
    """``J~(S) = T_pi(S) / |S|``: the exact cost of a base policy pi (rollout's J~, Eq. (17)).

    ``total`` is ``evaluation.PolicyValues.total`` (int64 guesses, memoised per game). With a
    ``prior`` (``prior.Prior``), totals are weighted by it and ``mass`` is W(S).
    """

    def __init__(self, policy, prior=None):
        self.policy = policy
        self.prior = prior
        self.name = policy.name
        self.values = PerModel(lambda game: PolicyValues(game, policy, prior))

    def total(self, game: Game, state: State) -> int:
        return self.values(game).total(state)

    def mass(self, game: Game, state: State) -> int:
        return self.values(game).mass(state)

    def __repr__(self) -> str:
        return f"PolicyCost({self.policy!r}{'' if self.prior is None else f', {self.prior!r}'})"


class OracleCost(CostToGo):
    """Eq. (15)'s cost-to-go: ``J^i(S)``, the optimal cost from S if the answer were known to
    be theta^i, averaged over the candidates theta^i of S.

    Knowing the answer, the best play is to name it: one guess, whatever S and i
    (``J~(S) = 1``, ``total = |S|``; the all-green child, the answer already named, costs
    nothing, as in every backup). In hard and strict mode too: the answer always obeys the
    rule. So in Eq. (15) ``|S| Q(u) = 2|S| - [u is a candidate]``: every candidate ties, and
    the lookahead plays one (``OracleLookahead``). No policy that must find the answer does
    better than the oracle: ``|S| <= T*(S) <= T_pi(S)`` for every state and policy pi, and so
    Eq. (15)'s Q-factors are lower bounds on the optimum's (tests/test_lookahead.py).
    """

    name = "oracle"

    def total(self, game: Game, state: State) -> int:
        return game.mass(state)


class PolicyDepths:
    """Guesses a policy needs from a state for each of its secrets, memoised per state: the
    per-answer form of ``evaluation.PolicyValues`` (their sum is its ``total``).

    ``of(S)``: int64 array aligned with ``game.secrets(S)``, the guesses pi plays from S
    (S's own guess included) until each secret is found.
    """

    def __init__(self, game: Game, policy):
        self.game = game
        self.policy = policy
        self.memo: dict = {}

    def of(self, state: State) -> np.ndarray:
        game = self.game
        if game.sole_guess(state) is not None:
            return np.ones(game.mass(state), dtype=np.int64)
        value = self.memo.get(state.key)
        if value is None:
            secrets = game.secrets(state)
            value = np.ones(len(secrets), dtype=np.int64)
            for _, child in game.unsolved_children(state, self.policy.choose(game, state)):
                value[np.searchsorted(secrets, game.secrets(child))] += self.of(child)
            self.memo[state.key] = value
        return value


class PerAnswerPolicyCost(CostToGo):
    """Eqs. (16)-(17) with one base policy per hypothesis: ``J~^i(S) = min_pi J^i_pi(S)``.

    ``J^i_pi(S)`` is what base policy pi needs from S under the oracle assumption that the
    answer is theta^i (its depth in pi's tree from S: ``PolicyDepths``). Each candidate gets
    the policy best for it, so ``total(S) = sum_{theta^i in S} min_pi J^i_pi(S)``. With one
    policy this is ``PolicyCost`` (Eq. (18), rollout); with several it lies between the
    oracle and every one of them, ``|S| <= total(S) <= min_pi T_pi(S)``. The choice of pi^i
    reads the answer, so no single policy need achieve ``total``: it may fall below the
    optimum T*(S) (tests/test_lookahead.py shows a three-word case).

    Parameters
    ----------
    policies : sequence of policies with ``name`` and ``choose(game, state)``
    """

    def __init__(self, policies):
        self.policies = tuple(policies)
        if not self.policies:
            raise WordlekitError("a per-answer cost needs at least one base policy; got none")
        self.name = "best-of-" + "+".join(p.name for p in self.policies)
        self._depths = [PerModel(lambda game, p=p: PolicyDepths(game, p)) for p in self.policies]
        self._totals = PerModel(lambda game: {})

    def total(self, game: Game, state: State) -> int:
        if game.sole_guess(state) is not None:
            return game.mass(state)
        memo = self._totals(game)
        value = memo.get(state.key)
        if value is None:
            depths = np.minimum.reduce([d(game).of(state) for d in self._depths])
            value = memo[state.key] = int(depths.sum())
        return value

    def __repr__(self) -> str:
        return f"PerAnswerPolicyCost({list(self.policies)!r})"


class TruncatedPolicyCost(CostToGo):
    """Truncated rollout's J~: the base policy plays m more guesses, then ``terminal`` stands in.

    In totals, ``T_0(S) = terminal.total(S)`` and, for r >= 1,
    ``T_r(S) = |S|`` if |S| = 1 (the base guesses the last candidate) else
    ``|S| + sum_{f != all green} T_{r-1}(S_f(pi(S)))``; J~(S) = T_m(S) / |S|. So m = 0 is
    ``terminal`` and m = None (infinity) is ``PolicyCost(policy)``, the paper's rollout; in
    between, each of the |S| candidates costs its guesses along pi's first m moves, plus the
    terminal estimate where it is still unsolved.

    Parameters
    ----------
    policy : any policy with ``choose(game, state)``
    m : int >= 0, or None for infinity
    terminal : CostToGo or callable, e.g. ``EntropyCostToGo()`` or ``avts.EstimatorCostToGo()``
    """

    def __init__(self, policy, m: int | None, terminal):
        whole_number(m, "truncation m (guesses the base policy plays)", 0, none="no truncation")
        self.policy = policy
        self.m = None if m is None else int(m)
        self.terminal = as_cost_to_go(terminal)
        self.name = f"{policy.name}-m{'inf' if m is None else m}-{self.terminal.name}"
        self._exact = PolicyCost(policy)
        self._memo = PerModel(lambda game: {})

    def total(self, game: Game, state: State):
        if self.m is None:
            return self._exact.total(game, state)
        return self._truncated(game, state, self.m)

    def _truncated(self, game: Game, state: State, left: int):
        if left == 0:
            return self.terminal.total(game, state)
        n = game.mass(state)
        if game.sole_guess(state) is not None:
            return n
        memo = self._memo(game)
        key = (state.key, left)
        value = memo.get(key)
        if value is None:
            value = memo[key] = backup(
                game,
                state,
                self.policy.choose(game, state),
                n,
                lambda child: self._truncated(game, child, left - 1),
                self.policy.name,
            )
        return value

    def __repr__(self) -> str:
        return f"TruncatedPolicyCost({self.policy!r}, m={self.m!r}, terminal={self.terminal!r})"


class Lookahead:
    """The l-step lookahead policy over a cost-to-go approximation (see the module docstring).

    Parameters
    ----------
    cost_to_go : CostToGo or callable ``f(game, state) -> J~(S)``
        J~ applied after the last lookahead level.
    depth : int >= 1
        l, the number of guesses minimised over before J~ (1: Eq. (13); 1 with a
        ``PolicyCost``: rollout).
    top_k : int or None
        Size of the shortlist at the root (default 10, the paper's); None: every allowed guess.
    deep_top_k : int or None
        Size of the shortlists at levels 2..l (default, the marker -1: ``top_k``); None: every
        allowed guess.
    shortlist_heuristic : Heuristic, optional
        Ranks the shortlists by its ``keys``. Default: the base policy if it is a heuristic,
        else MIG.
    base_policy : policy, optional
        Its choice heads every shortlist, so ties go to it and, with J~ its own cost, the
        lookahead is never worse than it. Default: ``cost_to_go.policy`` when there is one
        (``PolicyCost``, ``TruncatedPolicyCost``), else none.
    """

    def __init__(
        self,
        cost_to_go,
        depth: int = 1,
        top_k: int | None = DEFAULT_TOP_K,
        deep_top_k: int | None = -1,
        shortlist_heuristic=None,
        base_policy=None,
    ):
        whole_number(depth, "lookahead depth l")
        self.cost = as_cost_to_go(cost_to_go)
        self.depth = int(depth)
        self.top_k = whole_number(top_k, "top-k", none="every guess")
        self.deep_top_k = (
            self.top_k
            if deep_top_k == -1
            else whole_number(deep_top_k, "deep top-k", none="every guess")
        )
        self.base_policy = (
            base_policy if base_policy is not None else getattr(self.cost, "policy", None)
        )
        if shortlist_heuristic is None:
            shortlist_heuristic = self.base_policy if hasattr(self.base_policy, "keys") else MIG()
        self.shortlist_heuristic = shortlist_heuristic
        self.name = f"lookahead{self.depth}-{self.cost.name}"
        self._choices = PerModel(lambda game: {})
        self._values = PerModel(lambda game: {})

    def __repr__(self) -> str:
        return (
            f"Lookahead({self.cost!r}, depth={self.depth}, top_k={self.top_k}, "
            f"deep_top_k={self.deep_top_k}, shortlist_heuristic={self.shortlist_heuristic!r}, "
            f"base_policy={self.base_policy!r})"
        )

    def shortlist(self, game: Game, state: State, k: int | None = -1) -> np.ndarray:
        """Guesses minimised over at ``state``: the base policy's choice (if any), then the
        ``k`` best by the shortlist heuristic (default ``top_k``; None: every allowed guess that
        makes progress, best first)."""
        k = self.top_k if k == -1 else k
        allowed = game.allowed_guesses(state)
        keys = self.shortlist_heuristic.keys(game, state)
        # Among equal scores, candidates first: key -> 2 * key + (guess is not a candidate).
        outside = ~np.isin(allowed, game.finishing_guesses(state), assume_unique=True)
        ranked = np.where(keys == EXCLUDED, EXCLUDED, 2 * keys + outside)
        if k is None:  # every guess that makes progress, best first (small games only)
            order = np.argsort(ranked, kind="stable")
            top = allowed[order[ranked[order] != EXCLUDED]]
        else:
            top = allowed[best_positions(ranked, k)]
        if self.base_policy is None:
            return np.asarray(top, dtype=np.int64)
        base_choice = self.base_policy.choose(game, state)
        return np.array(
            [base_choice] + [g for g in top.tolist() if g != base_choice], dtype=np.int64
        )

    def mass(self, game: Game, state: State):
        """|S| (or W(S) under a prior-weighted cost): the guesses charged for one more guess."""
        return self.cost.mass(game, state)

    def q_totals(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        """The l-step Q-factors of the root shortlist at ``state``, as totals: ``mass * Q(u)``.

        Returns
        -------
        options : numpy.ndarray of int64, the shortlisted guess indices (see ``shortlist``)
        totals : numpy.ndarray, ``|S| * Q(u)`` for each option, guesses summed over the
            candidates: ``|S| + sum_{f != all green} V_{l-1}(S_f(u))``. int64 when J~'s totals
            are integers (policy costs, J*), else float64. Divide by ``mass`` for Q(u).
        """
        options = self.shortlist(game, state)
        return options, np.array([self._q_total(game, state, int(u), self.depth) for u in options])

    def q_total(self, game: Game, state: State, guess: int):
        """``mass * Q(u)`` of one guess u, shortlisted or not, as in ``q_totals``: what a guess
        the shortlist leaves out would cost (e.g. a published game's move)."""
        return self._q_total(game, state, int(guess), self.depth)

    def _q_total(self, game: Game, state: State, guess: int, level: int):
        return backup(
            game,
            state,
            guess,
            self.mass(game, state),
            lambda child: self._value(game, child, level - 1),
        )

    def _value(self, game: Game, state: State, level: int):
        """V_level(S) in totals: J~ at level 0, else the best of the deep shortlist."""
        if level == 0:
            return self.cost.total(game, state)
        if game.sole_guess(state) is not None:
            return self.mass(game, state)
        memo = self._values(game)
        key = (state.key, level)
        value = memo.get(key)
        if value is None:
            value = min(
                self._q_total(game, state, int(u), level)
                for u in self.shortlist(game, state, self.deep_top_k)
            )
            memo[key] = value
        return value

    def choose(self, game: Game, state: State) -> int:
        """The guess with the smallest Q-factor (ties: the first in the shortlist)."""
        if (last := game.sole_guess(state)) is not None:
            return last
        choices = self._choices(game)
        guess = choices.get(state.key)
        if guess is None:
            options, totals = self.q_totals(game, state)
            guess = int(options[int(np.argmin(totals))])
            choices[state.key] = guess
        return guess


class OracleLookahead(Lookahead):
    """Eq. (15) as a policy: the one-step lookahead over ``OracleCost`` and every allowed guess
    that makes progress, ties going to the first in ``shortlist_heuristic``'s ranking
    (candidates first among equal scores).

    Its Q-factors have the closed form ``|S| Q(u) = 2|S| - [u is a candidate]`` (``OracleCost``),
    computed here without building u's children (the generic backup gives the same totals and
    choices, tests/test_lookahead.py), so the policy plays the candidate the heuristic ranks
    best, and costs about what the heuristic does.
    """

    def __init__(self, shortlist_heuristic):
        super().__init__(OracleCost(), depth=1, top_k=None, shortlist_heuristic=shortlist_heuristic)
        self.name = f"oracle-{shortlist_heuristic.name}"

    def __repr__(self) -> str:
        return f"OracleLookahead({self.shortlist_heuristic!r})"

    def q_totals(self, game: Game, state: State) -> tuple[np.ndarray, np.ndarray]:
        options = self.shortlist(game, state)
        in_set = np.isin(options, game.finishing_guesses(state)).astype(np.int64)
        return options, 2 * self.mass(game, state) - in_set

    def choose(self, game: Game, state: State) -> int:
        """The first candidate of the ranking (``q_totals``' argmin, without sorting every
        guess): the candidate with the best key, the earliest in list order among equals."""
        if (last := game.sole_guess(state)) is not None:
            return last
        choices = self._choices(game)
        guess = choices.get(state.key)
        if guess is None:
            ranking = self.shortlist_heuristic
            candidates = np.sort(game.finishing_guesses(state)).astype(np.int32)
            if getattr(ranking, "_keys_are_coef", lambda: False)():
                keys = ranking.keys_of(game, state, candidates)  # the candidates' keys only
            else:
                allowed = game.allowed_guesses(state)
                keys = ranking.keys(game, state)[np.searchsorted(allowed, candidates)]
            guess = choices[state.key] = int(candidates[np.argmin(keys)])
        return guess
