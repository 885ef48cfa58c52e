"""What "optimal" minimises: the mean, the worst case, or one of them then the other.

A strategy pi has a TOTAL T(pi) (the sum over the answers of the guesses each takes; the mean
is T / |A|) and a worst case W(pi) (the most guesses any answer takes). Four objectives:

- ``mean``: min T over the strategies within the cap G (today's ``Solver``, MinTotal_G);
- ``worst``: min W, the fewest guesses that guarantee a win (minimax), with a strategy that
  achieves it;
- ``worst-then-mean``: min T among the strategies of least W;
- ``mean-then-worst``: min W among the strategies of least T (the mean's optimum), what users
  of the C++ peer ask it for.

All four come from the one capped solver, with no new search: a strategy within d guesses is
exactly a strategy of W <= d, so with T*(d) the optimum within d guesses (``INFEASIBLE`` when
there is none), non-increasing in d,

    W* = min { d : T*(d) feasible },        worst-then-mean = T*(W*),
    mean-then-worst = min { d <= G : T*(d) = T*(G) },

and the strategy is the capped solver's tree at that d: its worst case is at most d, and not
below (a strategy of smaller W would make T* feasible, or equal to T*(G), at a smaller d).
``worst`` returns worst-then-mean's strategy, which is one of least W. With a prior, T is the
weighted total and the same equalities hold.

``optimize`` takes the optimum as a function ``totals(d) -> (T*(d), opener)``, so the same
rule serves a fixed opener (``Solver(game, d).opener_total``) and the best opener proved over
every class of openers (``equivalence.proved_best_opener``), which lives above this package.
The caps are tried in increasing order and each costs one capped search: a cap just below W*
is the dear one, its infeasibility proved over the whole tree (benchmarks/objectives-results.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..branch_and_bound import INFEASIBLE, feasible
from ..errors import WordlekitError

#: The objectives by name, as ``wordlekit optimal --objective`` spells them.
OBJECTIVES = ("mean", "worst", "mean-then-worst", "worst-then-mean")


def objective_name(value: str) -> str:
    """``value`` as one of ``OBJECTIVES`` (case and spaces ignored); a clear error otherwise."""
    name = str(value).strip().lower()
    if name not in OBJECTIVES:
        raise WordlekitError(
            f"unknown objective {value!r}; expected one of {', '.join(OBJECTIVES)}"
        )
    return name


@dataclass(frozen=True)
class Optimum:
    """One objective's optimum.

    Attributes
    ----------
    objective : str
        One of ``OBJECTIVES``.
    cap : int
        The cap on guesses of the capped optimum that is the strategy (``worst`` and the
        lexicographic ones: its worst case, proved least; ``mean``: the cap asked for).
    total : int
        The strategy's TOTAL (weighted with a prior); ``INFEASIBLE`` or more: no strategy
        within the cap asked for.
    opener : int or None
        The strategy's first guess (None when infeasible and no opener was given).
    mean_total : int
        T*(G), the ``mean`` objective's optimum under the cap asked for: what the others are
        compared with (the TOTAL given up for a better worst case is ``total - mean_total``).
    totals : tuple of (int, int)
        Every (cap, T*(cap)) computed, in the order computed: the proof's steps.
    """

    objective: str
    cap: int
    total: int
    opener: int | None
    mean_total: int
    totals: tuple

    @property
    def feasible(self) -> bool:
        return feasible(self.total)


def optimize(
    totals: Callable[[int], tuple[int, int | None]],
    objective: str,
    max_guesses: int,
    least: int = 1,
) -> Optimum:
    """``objective``'s optimum within ``max_guesses`` guesses, from ``totals(d) = (T*(d), an
    opener reaching it)``, the optimum within d guesses (see the module docstring).

    ``least`` is a cap known infeasible plus one (1 without such knowledge): the caps below
    it are not searched.
    """
    objective = objective_name(objective)
    seen: dict[int, tuple[int, int | None]] = {}

    def at(d: int) -> tuple[int, int | None]:
        if d not in seen:
            seen[d] = totals(d)
        return seen[d]

    def result(d: int) -> Optimum:
        total, opener = at(d)
        return Optimum(objective, d, total, opener, at(max_guesses)[0], tuple(seen.items()))

    top_total, _ = at(max_guesses)
    if objective == "mean" or not feasible(top_total):
        return result(max_guesses)
    # T*(d) is non-increasing in d: the first feasible cap is W*, the first cap reaching
    # T*(G) is mean-then-worst's, and it is at least W*.
    worst = next(d for d in range(max(1, least), max_guesses + 1) if feasible(at(d)[0]))
    if objective in ("worst", "worst-then-mean"):
        return result(worst)
    return result(next(d for d in range(worst, max_guesses + 1) if at(d)[0] == top_total))


__all__ = ["INFEASIBLE", "OBJECTIVES", "Optimum", "objective_name", "optimize"]
