"""The exact optimum of any model of the seam, by branch and bound: Dordle, Quordle, ... too.

For a state S of a model (``contracts.Model``) with d guesses left, the least total over all
strategies is

    V_d(S) = mass(S) + min_u sum_{unfinished children S' of S under u} V_{d-1}(S'),

with V(S) = mass(S) when the rule decides the last guess (one secret left, one guess to find it)
and no solution when some secret needs more than d guesses. ``Exhaustive.value`` computes it
through the seam (``children``, ``mass``, ``sole_guess``, ``allowed_guesses``) with the search
of ``optimal.Solver``, which stays specialised to one board for speed:

1. Guesses are tried best first by a ``contracts.Ranking`` (default: ``lifted.Lifted("mig")``
   on many boards, ``MIG`` on one), candidates first among equal keys, so the first guess
   tried is usually close to the best. Guesses the ranking excludes (they split nothing and
   finish nothing: the state would repeat, which an optimal strategy never plays) are skipped,
   and so are guesses whose feedback on every unsolved board is the same as an earlier one's
   (same children, same value).
2. Every guess u has a cheap lower bound ``V(u)``, its children at their floors (below); a guess
   whose bound is not below the best total found is never expanded, and its children are valued
   largest first, each with the budget the others' floors leave (``branch_and_bound``), so a
   losing guess is dropped as soon as it is proved losing.
3. Exact values and the lower bounds proved when a search stopped at its budget are memoised by
   (``state.key``, guesses left): on many boards the key is the sorted unsolved sets, so the
   one-board endings are shared by every answer of the boards already solved.
4. On many boards a state with one board left is one-board Wordle: ``optimal.Solver`` values it
   (``endings=True``, the default), with its own bounds and kernels.

**The floor of a state** (``lower_bound``), a model may offer its own (``model.lower_bound``).
One board: a guess finishes at most one candidate, so every other needs two guesses: 2m - 1 for
m candidates. Many boards (``boards.Boards``), k unsolved boards, m secrets left: a guess solves
at most one board of a secret (its answers are distinct), so every secret needs k more guesses,
and k m is a floor; at k = 1 a guess finishes at most one secret, so 2m - 1 is one too: together
``max(k m, 2m - 1)``. One step sharper, and what is used: say the
next guess u is an answer of ``hits(u)`` secrets (on an unsolved board); each of them needs at
least 1 + (k - 1) guesses, each other secret at least 1 + k, so

    V(S) >= (k + 1) m - max_u hits(u),   hits(u) <= max over groups of g m / n,

where a group is g unsolved boards sharing one set of n answers (``boards``: sets are equal or
disjoint, so u lies in one group's set at most, and on a fixed board of that group a fraction
1/n of the secrets has answer u; the group's boards hold distinct answers, so these events
exclude each other). At k = 1 this is 2m - 1; for k >= 2 it is at least k m + m - m = k m.

**A guess's bound** V(u) = m + the children's floors, from per-board bucket statistics
(``buckets.bucket_stats``, one table per board's set, remembered) without building a child:
at k boards, ``(k + 1) m - hits(u)`` (the argument above, for u). On two boards it is sharper,
each child at its own floor: two disjoint sets of n_1, n_2 answers that u splits into P_i
buckets, g_i = [u in S_i], n'_i = n_i - g_i, P'_i = P_i - g_i: a child of buckets c_1, c_2
costs at least 3 c_1 c_2 - max(c_1, c_2) >= 2 c_1 c_2 + (c_1 - 1)(c_2 - 1), a child of one
board left 2c - 1, so

    V(u) = 3 n_1 n_2 - g_1 n_2 - g_2 n_1 + (n'_1 - P'_1)(n'_2 - P'_2)
           + g_1 (n'_2 - P'_2) + g_2 (n'_1 - P'_1);

two boards sharing one set of n answers (Dordle's root): children (b_1, b_2) of distinct buckets
are disjoint pairs as above, (b, b) a shared set of c >= 2 answers, c (c - 1) secrets, floor
(c - 1)(3c - 2), so with S_1 = n', S_2 the sum of the non-green buckets' c^2 and P' their
number, V(u) = n (n - 1) + 3 (S_1^2 - S_2) - 2 (P' - 1) S_1 + P' (P' - 1) + 2 g (2 S_1 - P')
+ 3 S_2 - 5 S_1 + 2 P'. One board: 3n - P - g (``bounds.guess_lower_bound``).

References
----------
- [cunanan2023]_, Definition 10: MinTotal, here over any model of the seam.
- [bhambri2022]_: the optimum the rollout policy is measured against, here on many boards.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, OrderedDict

import numpy as np

from . import _kernels
from . import branch_and_bound as bnb
from .boards import Boards, BoardsState, falling
from .branch_and_bound import INFEASIBLE, NO_LIMIT
from .buckets import BucketStats, bucket_stats
from .checks import whole_number
from .contracts import Model, ModelState
from .errors import WordlekitError
from .evaluation import PerModel
from .game import Game, State
from .heuristics import get_heuristic
from .lifted import Lifted
from .lookahead import CostToGo
from .optimal import Solver
from .topk import EXCLUDED

__all__ = ["INFEASIBLE", "NO_LIMIT", "Exhaustive", "ExhaustiveCost", "boards_lower_bound"]

#: Boards' sets whose statistics are kept (about 200 KB each on the original guesses).
CACHED_SETS = 1024

#: ``Exhaustive.value``'s default for ``left``: the cap's, counted from the state's turn.
FROM_TURN = -1


def boards_lower_bound(model: Boards, state) -> int:
    """(k + 1) m - max_u hits(u): the floor of a state on many boards (module docstring)."""
    return _boards_floor(_open_sets(state))[0]


def default_ranking(model: Model):
    """MIG lifted to many boards on ``Boards``, MIG itself on one board."""
    return Lifted("mig") if isinstance(model, Boards) else get_heuristic("mig")


def _open_sets(state) -> list[np.ndarray]:
    """The unsolved boards' sets, in board order."""
    return [s for s, done in zip(state.sets, state.solved) if not done]


def _boards_floor(sets: list[np.ndarray]) -> tuple[int, int]:
    """(floor, mass) of a state on many boards from its unsolved sets: the mass is the product
    over groups of equal sets of n (n - 1) ... (n - g + 1) (``boards``; solved boards count 1),
    the floor (k + 1) m - max over groups of g m / n."""
    if len(sets) == 1:
        n = len(sets[0])
        return 2 * n - 1, n
    if len(sets) == 2:
        n1, n2 = len(sets[0]), len(sets[1])
        if n1 != n2 or sets[0].tobytes() != sets[1].tobytes():
            m = n1 * n2
            return 3 * m - max(n1, n2), m
        m = n1 * (n1 - 1)
        return 3 * m - 2 * (n1 - 1), m
    groups = Counter(s.tobytes() for s in sets)
    sizes = {s.tobytes(): len(s) for s in sets}
    m = math.prod(falling(sizes[key], g) for key, g in groups.items())
    hits = max(g * m // sizes[key] for key, g in groups.items())
    return (len(sets) + 1) * m - hits, m


class Exhaustive:
    """The least total of a model, exactly (see the module docstring).

    Parameters
    ----------
    model : contracts.Model
        ``boards.Boards`` (any number of boards) or a one-board ``game.Game`` get bounds and
        pruning from their bucket statistics; any other model is searched through the seam
        alone, every guess tried (tiny games only).
    max_guesses : int or None
        Every secret must be finished within this many guesses in all (``Boards.max_guesses``:
        N + 5); None (default): no cap, Cunanan & Thielscher's MinTotal.
    ranking : contracts.Ranking, optional
        The order guesses are tried in (default ``default_ranking``). It changes no value.
    endings : bool
        On many boards, value a state with one board left by ``optimal.Solver`` (default).
        False searches it here too (the tests compare both).
    """

    def __init__(
        self, model: Model, max_guesses: int | None = None, ranking=None, endings: bool = True
    ):
        self.model = model
        self.max_guesses = whole_number(max_guesses, "max_guesses", none="no cap")
        self.ranking = default_ranking(model) if ranking is None else ranking
        self.memo = bnb.Memo()
        self.nodes = 0  # states whose guesses were ranked and searched
        self._boards = isinstance(model, Boards)
        self._game = model.game if self._boards else model if isinstance(model, Game) else None
        self._stats: OrderedDict = OrderedDict()
        self._own_bound = getattr(model, "lower_bound", None)
        # The default order, lifted MIG, is read from the statistics the bounds use already
        # (the same scores as ``Lifted("mig").scores``), without a ranking of every guess.
        self._own_order = ranking is None and self._boards
        self._endings = Solver(model.game, max_guesses=None) if self._boards and endings else None

    def __repr__(self) -> str:
        return (
            f"Exhaustive({self.model!r}, max_guesses={self.max_guesses!r}, "
            f"ranking={self.ranking!r}, endings={self._endings is not None})"
        )

    # --- the public answers ------------------------------------------------------------------

    def left(self, state: ModelState) -> int | None:
        """Guesses left at ``state`` under the cap (None: no cap)."""
        return None if self.max_guesses is None else self.max_guesses - state.turn

    def optimum(self) -> tuple[int, int]:
        """(the least total from the initial state, a best first guess); the total is
        ``INFEASIBLE`` or more if no strategy finishes every secret within the cap."""
        root = self.model.initial_state()
        total = self.value(root)
        return total, self.best_guess(root)

    def opener_total(self, opener: str | int, bound: int = NO_LIMIT) -> int:
        """The least total of the strategies that open with ``opener`` (a word or an index):
        exact if below ``bound``, else a lower bound >= ``bound``."""
        model = self.model
        guess = model.guess_index(opener, "opener") if isinstance(opener, str) else int(opener)
        root = model.initial_state()
        left = self.left(root)
        if left is not None and left < 1:
            return INFEASIBLE
        children = self._children(root, guess)
        if children is None:
            return INFEASIBLE  # it changes nothing: no strategy opens with it
        mass = self._floor_and_mass(root)[1]
        return self._guess_cost(mass, children, None if left is None else left - 1, bound)

    def best_guess(self, state: ModelState) -> int:
        """A guess with the least total at ``state`` (solving it if needed); ties go to the
        ranking's order."""
        if (sole := self.model.sole_guess(state)) is not None:
            return sole
        left = self.left(state)
        single = self._ending(state)
        if single is not None:
            left = len(single.candidates) if left is None else left
            return int(self._endings.best_guess(single, left))
        key = (state.key, left)
        if key not in self.memo.exact:
            self.value(state, left)
        guess = self.memo.exact[key][1]
        if guess is None or guess < 0:
            raise WordlekitError(
                f"no strategy finishes every secret within {self.max_guesses} guesses at "
                f"{self.model.describe(state)}"
            )
        return int(guess)

    def lower_bound(self, state: ModelState) -> int:
        """A floor of the state's least total (module docstring): the model's own
        ``lower_bound(state)`` if it offers one, else ours."""
        return self._floor_and_mass(state)[0]

    def _floor_and_mass(self, state: ModelState) -> tuple[int, int]:
        if self._boards and self._own_bound is None:
            return _boards_floor(_open_sets(state))
        m = self.model.mass(state)
        if self._own_bound is not None:
            return int(self._own_bound(state)), m
        return (2 * m - 1 if self._game is not None else m), m

    def needed(self, state: ModelState) -> int:
        """Guesses some secret of ``state`` needs at least: one per unsolved board (two if one
        board is left with two or more candidates); one board: 1 or 2."""
        if self._boards:
            sets = _open_sets(state)
            return 2 if len(sets) == 1 and len(sets[0]) > 1 else len(sets)
        if self._game is not None:
            return 1 if self.model.mass(state) == 1 else 2
        return 1

    # --- the search ----------------------------------------------------------------------------

    def value(self, state: ModelState, left: int | None = FROM_TURN, beta: int = NO_LIMIT) -> int:
        """V(S) with ``left`` guesses left (default ``FROM_TURN``: the cap's, counted from the
        state's turn; None: no cap), if it is below the budget ``beta``: the exact value when it
        is < beta, otherwise some lower bound >= beta. ``INFEASIBLE`` or more: some secret
        cannot be finished in time."""
        if left == FROM_TURN:
            left = self.left(state)
        if left is not None and left < self.needed(state):
            return INFEASIBLE
        if self.model.sole_guess(state) is not None:
            return self.model.mass(state)
        ending = self._ending(state)
        if ending is not None:
            return self._endings.value(
                ending, len(ending.candidates) if left is None else left, beta
            )
        floor, mass = self._floor_and_mass(state)
        if floor >= beta:
            return floor
        key = (state.key, left)
        known, exact = self.memo.known(key, floor)
        if exact or known >= beta:
            return known
        best, guess = self._search(state, mass, left, beta, floor)
        if best >= INFEASIBLE and beta > INFEASIBLE:
            best = INFEASIBLE
        return self.memo.store(key, best, beta, guess, known)

    def _ending(self, state: ModelState) -> State | None:
        """The one-board state of the last board, when one is left and ``optimal`` values it."""
        if self._endings is None:
            return None
        open_boards = state.open_boards
        if len(open_boards) != 1:
            return None
        return State(state.sets[open_boards[0]], None, state.turn)

    def _search(self, state: ModelState, mass: int, left: int | None, beta: int, floor: int):
        """(the least total below ``beta`` and its guess) or (a bound >= beta, -1)."""
        guesses, cheap, scores = self._worth_trying(state, mass, beta)
        if len(guesses) == 0:
            return beta, -1
        self.nodes += 1
        child_left = None if left is None else left - 1
        best, best_guess = [beta], -1  # best[0]: the least total found, read by the order
        seen: set = set()  # the feedback rows of the guesses expanded
        columns = np.concatenate(self._sets(state)) if self._game is not None else None
        for t in _best_first(scores, guesses, cheap, best):
            guess = int(guesses[t])
            if columns is not None and self.model.mode == "easy":
                row = self._game.patterns[guess, columns].tobytes()
                if row in seen:
                    continue  # the same feedback on every board as a guess already valued
                seen.add(row)
            children = self._children(state, guess)
            if children is None:
                continue  # changes nothing: the state repeats
            total = self._guess_cost(mass, children, child_left, best[0])
            if total < best[0]:
                best[0], best_guess = total, guess
                if total <= floor:
                    break
        return best[0], best_guess

    def _children(self, state: ModelState, guess: int) -> list | None:
        """(floor, mass, child) of every unfinished child of ``guess``, most secrets first;
        None if the guess leads back to ``state``."""
        if self._boards:
            handles = self._boards_children(state, guess)
        else:
            children = self.model.unsolved_children(state, guess)
            if len(children) == 1 and children[0][1].key == state.key:
                return None
            handles = [(*self._floor_and_mass(c), c) for _, c in children]
        handles.sort(key=lambda h: h[1], reverse=True)
        return handles

    def _boards_children(self, state, guess: int) -> list:
        """``Boards.unsolved_children`` below the seam, with each child's floor and mass from
        its bucket sizes (the search builds many children and values few)."""
        row, green = self._game.patterns[guess], self._game.solved
        open_boards = state.open_boards
        per_board = []
        for i in open_boards:
            ordered, codes, starts = _kernels.split_candidates(row, state.sets[i])
            per_board.append(
                [
                    (bool(codes[starts[b]] == green), ordered[starts[b] : starts[b + 1]])
                    for b in range(len(starts) - 1)
                ]
            )
        shared = len({state.sets[i].tobytes() for i in open_boards}) < len(open_boards)
        out = []
        for combo in itertools.product(*per_board):
            if all(done for done, _ in combo):
                continue  # every board solved: finished
            if shared and not _distinct_answers_fit(combo):
                continue
            sets, solved = list(state.sets), list(state.solved)
            for i, (done, members) in zip(open_boards, combo):
                sets[i], solved[i] = members, done
            floor, mass = _boards_floor([members for done, members in combo if not done])
            out.append((floor, mass, BoardsState(tuple(sets), tuple(solved), state.turn + 1)))
        return out

    def _guess_cost(self, mass: int, handles: list, left: int | None, best: int) -> int:
        """mass + sum of the children's values if below ``best``, else a bound >= ``best``."""
        return bnb.guess_cost(
            mass,
            handles,
            lambda h: h[0],
            lambda h, budget: self.value(h[2], left, budget),
            mass + sum(h[0] for h in handles),
            best,
        )

    # --- which guesses, in which order, with which bounds ------------------------------------

    def board_stats(self, candidates: np.ndarray) -> _SetStats:
        """What the bounds and the default order read of every guess over one board's set
        (remembered for the last ``CACHED_SETS`` sets)."""
        key = candidates.tobytes()
        stats = self._stats.get(key)
        if stats is None:
            stats = self._stats[key] = _SetStats.of_stats(bucket_stats(self._game, candidates))
            if len(self._stats) > CACHED_SETS:
                self._stats.popitem(last=False)
        else:
            self._stats.move_to_end(key)
        return stats

    def _sets(self, state: ModelState) -> list[np.ndarray]:
        return _open_sets(state) if self._boards else [state.candidates]

    def _worth_trying(self, state: ModelState, mass: int, beta: int):
        """(guesses, their cheap lower bounds, their ranking scores), unsorted: the guesses
        that make progress (split a board or can solve one) and whose bound is below
        ``beta``."""
        model = self.model
        allowed = np.asarray(model.allowed_guesses(state), dtype=np.int64)
        if self._game is None:  # a model known only through the seam: its ranking decides
            keys = np.asarray(self.ranking.keys(model, state), dtype=np.int64)
            keep = np.flatnonzero(keys != EXCLUDED)
            return allowed[keep], np.full(len(keep), mass, dtype=np.int64), keys[keep]
        sets = self._sets(state)
        stats = [self.board_stats(s) for s in sets]
        if len(allowed) == len(model.guesses):  # every guess (easy mode): no gather
            stats = [st.every for st in stats]
        else:
            stats = [st.of(allowed) for st in stats]
        cheap = self._cheap(sets, stats, mass)
        progress = stats[0].progress
        for st in stats[1:]:
            progress = progress | st.progress
        keep = np.flatnonzero(progress & (cheap < beta))
        if len(keep) == 0:
            return keep, keep, keep
        guesses = allowed[keep]
        if self._own_order:  # lifted MIG's scores, read from the statistics at hand
            scores = sum(st.score[keep] for st in stats)
        else:
            scores = np.asarray(self.ranking.keys(model, state), dtype=np.int64)[keep]
        # among equal scores, a guess that can solve a board now first (then list order)
        solvable = np.zeros(len(guesses), dtype=bool)
        for st in stats:
            solvable |= st.in_set[keep]
        order = np.lexsort((guesses, ~solvable, scores))
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        return guesses, cheap[keep], rank

    def _cheap(self, sets, stats, mass: int) -> np.ndarray:
        """A lower bound of every allowed guess's total (module docstring), int64."""
        parts = [st.parts.astype(np.int64) for st in stats]
        green = [st.in_set.astype(np.int64) for st in stats]
        if len(sets) == 1:
            return 3 * mass - parts[0] - green[0]
        if len(sets) == 2:
            n1, n2 = len(sets[0]), len(sets[1])
            if n1 != n2 or sets[0].tobytes() != sets[1].tobytes():
                r1 = n1 - parts[0]  # n'_1 - P'_1
                r2 = n2 - parts[1]
                return (
                    3 * n1 * n2
                    - green[0] * n2
                    - green[1] * n1
                    + r1 * r2
                    + green[0] * r2
                    + green[1] * r1
                )
            n, g = n1, green[0]
            s1 = n - g
            s2 = stats[0].squares.astype(np.int64) - g
            p = parts[0] - g
            return (
                n * (n - 1)
                + 3 * (s1 * s1 - s2)
                - 2 * (p - 1) * s1
                + p * (p - 1)
                + 2 * g * (2 * s1 - p)
                + 3 * s2
                - 5 * s1
                + 2 * p
            )
        # k boards: (k + 1) m - hits(u); each board of a group whose set holds u adds m / n
        hits = np.zeros(len(parts[0]), dtype=np.int64)
        for s, in_set in zip(sets, green):
            hits += in_set * (mass // len(s))
        return (len(sets) + 1) * mass - hits


def _best_first(rank: np.ndarray, guesses: np.ndarray, cheap: np.ndarray, best: list, head=16):
    """Positions in increasing ``rank`` whose ``cheap`` bound is below ``best[0]`` when their
    turn comes; sorts a head of the smallest ranks at a time (a search usually stops after
    a few), each next head twice as large."""
    waiting = np.arange(len(rank))
    while len(waiting):
        waiting = waiting[cheap[waiting] < best[0]]
        if len(waiting) > head:
            cut = np.argpartition(rank[waiting], head - 1)[:head]
            now, waiting = waiting[cut], np.delete(waiting, cut)
        else:
            now, waiting = waiting, waiting[:0]
        for t in now[np.argsort(rank[now])]:
            if cheap[t] < best[0]:
                yield t
        head *= 2


def _distinct_answers_fit(combo) -> bool:
    """Whether boards that share a set can hold distinct answers in the buckets chosen: no
    bucket chosen by more boards than it holds answers (two greens on one word, say)."""
    seen: dict = {}
    for _, members in combo:
        key = members.tobytes()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > len(members):
            return False
    return True


class _SetStats:
    """What the search reads of ``buckets.BucketStats`` for one board's set, over every guess
    (``every``) or some (``of``): ``parts`` (int16), ``in_set`` (bool), ``squares`` (int32), ``progress``
    (the guess splits the set or can solve it) and ``score``, lifted MIG's term of the board
    (entropy / n, as ``lifted.Lifted.scores`` sums it)."""

    __slots__ = ("in_set", "parts", "progress", "score", "squares")

    def __init__(self, parts, in_set, squares, progress, score):
        self.parts, self.in_set, self.squares = parts, in_set, squares
        self.progress, self.score = progress, score

    @classmethod
    def of_stats(cls, stats: BucketStats) -> _SetStats:
        return cls(
            stats.parts.astype(np.int16),
            stats.in_set.astype(np.bool_),
            stats.squares.astype(np.int32),
            ~stats.splits_nothing,
            stats.entropy / stats.n,
        )

    @property
    def every(self) -> _SetStats:
        return self

    def of(self, guesses: np.ndarray) -> _SetStats:
        return _SetStats(
            self.parts[guesses],
            self.in_set[guesses],
            self.squares[guesses],
            self.progress[guesses],
            self.score[guesses],
        )


class ExhaustiveCost(CostToGo):
    """``J~ = J*`` on any model: the least total from ``Exhaustive`` (exact), so that
    ``Lookahead(ExhaustiveCost(), top_k=None)`` plays optimally on many boards too.

    Parameters
    ----------
    max_guesses : int, optional
        The cap, counted from the start (the state's turn counts); None (default): no cap.
    """

    name = "exhaustive"

    def __init__(self, max_guesses: int | None = None):
        self.max_guesses = max_guesses
        self.solvers = PerModel(lambda game: Exhaustive(game, max_guesses=max_guesses))

    def total(self, game: Model, state: ModelState) -> int:
        return self.solvers(game).value(state)

    def __repr__(self) -> str:
        return f"ExhaustiveCost(max_guesses={self.max_guesses!r})"
