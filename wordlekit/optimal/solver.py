"""``Solver``: where a search of the exact solver starts (a state, an opener, one bucket of
an opener), over the recursion that suits its weights (``uniform.UniformSearch`` with every
answer counted once, ``search.Search`` with a prior's weights)."""

from __future__ import annotations

from .. import branch_and_bound as bnb
from ..branch_and_bound import INFEASIBLE, NO_LIMIT
from ..errors import WordlekitError
from ..game import MAX_GUESSES, Game, State
from ..prior import Weights
from ..symmetry import Stabilizer
from .context import Context
from .search import Search
from .uniform import UniformSearch

#: Children of up to this many candidates are checked for solvability before the exact
#: values of a guess's children (hard and strict mode: ``Solver._some_child_unsolvable``).
FEASIBILITY_CHECK_MAX = 16


class Solver:
    """Exact minimum TOTAL for one game, with memoised values shared between calls.

    Parameters
    ----------
    game : Game
    max_guesses : int or None
        Every answer must be solved within this many guesses (6 in the NYT game); None for no
        cap (Cunanan & Thielscher's MinTotal).
    breadth : int, optional
        Consider only the ``breadth`` best guesses at every state, ranked by the valuations
        (MostParts, InSet, ExpSizeSplit) then list order: Cunanan & Thielscher's
        ApMinTotal(C, n), an upper bound on MinTotal. None (default) searches every guess.
    prior : prior.Prior, optional
        Minimise the total weighted by this prior (the expected number of guesses times the
        prior's mass, ``prior.mass()``). None (default): every answer counts once. With a prior,
        ``breadth`` ranks guesses by the weighted bound V(g), then sum_b W_b c_b, then list order.

    The solver runs numba on the threads its caller set; a small game's search is faster on
    one (``threads.search_threads``).
    """

    def __init__(
        self,
        game: Game,
        max_guesses: int | None = MAX_GUESSES,
        breadth: int | None = None,
        prior=None,
    ):
        self.game = game
        self.max_guesses = len(game.answers) if max_guesses is None else max_guesses
        self.breadth = breadth
        self.prior = prior
        self.weights = Weights.of(game, prior)  # W(S), unit or the prior's
        if self.weights.uniform:
            self._search: Search = UniformSearch(game, breadth)
        else:
            self._search = Search(game, breadth, self.weights)
        # The symmetries of a code game (uniform, every guess searched): after an opener, only
        # one guess of each class under those that fix the guesses so far (``symmetry``).
        top = self._search.top
        group = Stabilizer.of(game) if prior is None and breadth is None else None
        self._opening = Context(top.columns, group, top.floors, top.splits)

    @property
    def memo(self):
        """``branch_and_bound.Memo``: (state key, guesses left) -> value, best guess."""
        return self._search.memo

    @memo.setter
    def memo(self, memo) -> None:  # a sweep's worker starts a fresh one when it grows large
        self._search.memo = memo

    @property
    def nodes(self) -> int:
        """States whose guesses were all scored, over every call."""
        return self._search.nodes

    @property
    def exact(self) -> dict:
        """(state key, guesses left) -> (total, best guess), for every state solved."""
        return self._search.memo.exact

    def value(self, state: State, left: int, beta: int = NO_LIMIT) -> int:
        """MinTotal of ``state`` with ``left`` guesses, if it is below the budget ``beta``.

        Returns the exact value when it is < beta (``NO_LIMIT``, the default: always);
        otherwise some lower bound >= beta. ``INFEASIBLE`` or more: no strategy solves every
        candidate within ``left`` guesses.
        """
        return self._search.value(state, left, beta, self._search.top)

    def solvable(self, state: State, left: int) -> bool:
        """Whether some strategy solves every candidate of ``state`` within ``left`` guesses."""
        return self.value(state, left, INFEASIBLE) < INFEASIBLE

    def opener_total(
        self,
        opener: int,
        bound: int | None = None,
        progress=None,
        smallest_first: bool = False,
    ) -> int:
        """Minimum TOTAL over strategies opening with guess index ``opener``.

        With ``bound``, the exact total only if it is below ``bound``; otherwise some lower
        bound >= ``bound`` (cheaper to prove). A total >= ``INFEASIBLE`` means that no strategy
        opening with it solves every answer within the cap. ``progress(valued, buckets,
        at_least)``, if given, is called as each bucket after the opener is valued (largest
        first, or smallest first with ``smallest_first``): the TOTAL proved so far is at least
        ``at_least``. Without a bound the order changes no value and little work (every bucket
        is valued whole); smallest first, a proof too long to finish still measures what its
        cheaper buckets cost (benchmarks/bulls.py).
        """
        game = self.game
        root = game.initial_state()
        # No strategy at all costs at least INFEASIBLE: stop at the first child proved unsolvable.
        beta = INFEASIBLE if bound is None else min(bound, INFEASIBLE)
        children = [c for _, c in game.unsolved_children(root, opener)]
        context = self._opening.after(opener)
        search = self._search
        left = self.max_guesses - 1
        if self._some_child_unsolvable(children, left, bound is None, context):
            return INFEASIBLE
        mass = self.weights.mass(root.candidates)
        floor = mass + sum(search.floor(c.candidates, context) for c in children)
        proved = [0, floor]  # buckets valued, the TOTAL's lower bound with their values

        def value(child, budget):
            found = search.value(child, left, budget, context)
            if progress is not None:
                proved[0] += 1
                proved[1] += found - search.floor(child.candidates, context)
                progress(proved[0], len(children), proved[1])
            return found

        order = bnb.largest_first(children)
        return bnb.guess_cost(
            mass,
            order[::-1] if smallest_first else order,
            lambda c: search.floor(c.candidates, context),
            value,
            floor,
            beta,
        )

    def bucket_value(self, opener: int, feedback: int, beta: int = NO_LIMIT) -> int:
        """Minimum TOTAL of the answers that give ``feedback`` (a pattern) to guess index
        ``opener``, with the guesses left after it: one of the terms ``opener_total`` sums,
        valued alone (same symmetries), so that the buckets of one opener can be valued in
        separate processes: ``opener_total(o) = |answers| + sum over its unsolved feedbacks f
        of bucket_value(o, f)`` (uniform, no bound; ``INFEASIBLE`` or more if the bucket cannot
        be solved within the cap). With ``beta``, the exact value only if it is below ``beta``,
        otherwise some lower bound >= ``beta`` (cheaper: an opener whose buckets already cost
        more than a known total is ruled out without their exact values). A feedback no answer
        gives, or the all-green one, is a ``WordlekitError`` naming it and the feedbacks
        expected.
        """
        game = self.game
        buckets = dict(game.unsolved_children(game.initial_state(), opener))
        if feedback not in buckets:
            expected = ", ".join(game.format_feedback(p) for p in buckets)
            raise WordlekitError(
                f"feedback {game.format_feedback(feedback)} is not a bucket of "
                f"{game.guesses[opener]}; expected one of {expected}"
            )
        context = self._opening.after(opener)
        return self._search.value(buckets[feedback], self.max_guesses - 1, beta, context)

    def _some_child_unsolvable(
        self, children: list, left: int, every: bool, context: Context
    ) -> bool:
        """Whether a small child (up to ``FEASIBILITY_CHECK_MAX`` candidates; ``every``: any
        child) cannot be solved within ``left`` guesses, checked smallest first before any
        exact value. In hard and strict mode a small bucket can be unsolvable (after trace:
        the seven -atch words, every guess forced to keep a, t, c, h): found here in a few
        states instead of after valuing every larger child. Easy mode skips the check (any
        guess may be played there, so small buckets are solvable within the NYT's cap in
        practice and the check would only cost; the result is exact either way). The values it
        computes are memoised, so the exact search that follows reuses them. Used for the
        opener's children only: for every guess inside the search it cost more than it saved
        (exact values of small children of guesses the bounds would have dropped). At the
        opener, hard mode, it proves trace, raise and house infeasible far sooner; feasible
        openers expand the same states (benchmarks/quoted-results.md).

        Without a bound on the opener's total (``every``), every child needs its exact value
        anyway, so all are checked, smallest first, at no extra cost: curns, whose unsolvable
        child has 19 candidates (u yellow, n green: daunt, found, maund...), was slow to prove
        infeasible by valuing the larger children first, and is fast now (salet expands the
        same 6,111 states; benchmarks/quoted-results.md). With a bound the budgets prune the
        larger children, so only small ones are checked."""
        if self.game.mode == "easy":
            return False
        largest = len(self.game.answers) if every else FEASIBILITY_CHECK_MAX
        small = sorted((c for c in children if len(c.candidates) <= largest), key=len)
        return any(self._search.value(c, left, INFEASIBLE, context) >= INFEASIBLE for c in small)

    def best_guess(self, state: State, left: int) -> int:
        """An optimal guess at ``state`` (solving it if needed)."""
        n = len(state.candidates)
        if n <= 2:
            first = self.weights.likeliest(state.candidates)
            return int(self.game.guess_of_answer[state.candidates[first]])
        key = (state.key, min(left, n))
        if key not in self.memo.exact:
            self.value(state, left)
        return self.memo.exact[key][1]
