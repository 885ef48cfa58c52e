"""The one-step heuristics lifted to many boards (``boards.Boards``: Dordle, Quordle, ...).

A guess u splits each unsolved board i's candidate set S_i (n_i answers) into buckets of sizes
c_{i,b}; the joint feedback is the tuple of the boards' feedbacks. Under the product belief
(each board uniform on its own set, independently: exact when the sets are disjoint, see
``boards``) the joint feedback's cells have probability prod_i c_{i,b_i} / n_i, and:

- ``mig``: the entropy of the joint feedback is the sum of the boards' entropies,
  ``H(u) = sum_i (log2 n_i - (1/n_i) sum_b c_{i,b} log2 c_{i,b})``; MIG maximises it, so it
  minimises ``sum_i E_i / n_i`` with ``E_i = sum_b c log2 c`` (the one-board fixed-point
  statistic). Ties to list order, as on one board.
- ``mrd``: the expected number of secrets left, ``prod_i (1/n_i) sum_b c_{i,b}^2``; MRD
  minimises its logarithm ``sum_i log(squares_i / n_i)``. Ties to a guess that can solve a
  board now, then list order.
- ``gep``: each board's GEP summed, ``sum_i parts_i / n_i``: the expected number of boards on
  which an answer drawn uniformly from the survivors would be right. Ties as MRD's.

Boards whose feedback histories are identical share one set and have distinct answers, which
the product belief ignores: there these scores approximate the joint feedback's (the secrets'
true posterior is ``boards``'s). A guess that splits nothing on every unsolved board and can
solve none would leave the state unchanged: it is excluded, as on one board.

With one board left the lifted heuristic *is* the one-board heuristic (it plays the base's own
choice and keys), so N = 1 is Wordle exactly and every game ends as Wordle from a state.

The keys are integers, smaller better, as every shortlist expects (``contracts.Ranking``):
the float score's rank among the guesses, doubled plus "cannot solve a board" for MRD and GEP.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

import numpy as np

from . import _kernels
from .boards import Boards, BoardsState
from .buckets import bucket_stats
from .errors import WordlekitError
from .game import State
from .heuristics import Heuristic, get_heuristic
from .rollout import DEFAULT_TOP_K, Rollout
from .topk import EXCLUDED, best_positions

#: The lifted heuristics, by the name of the one-board heuristic they lift.
LIFTED = ("mig", "mrd", "gep")

#: The policies on many boards by name: each lifted heuristic, and rollout over it.
BOARD_POLICIES = LIFTED + tuple(f"rollout-{name}" for name in LIFTED)

#: Per-board statistics kept (a one-board set's statistics over every guess, about 300 KB):
#: the states of a multi-board tree share their boards' sets, as a board's set depends on its
#: own feedback only.
CACHED_SETS = 1024


class BoardTerms(NamedTuple):
    """One board's part of the lifted score of every guess (see the module docstring)."""

    score: np.ndarray  # float64: E/n (mig), log(squares/n) (mrd), -parts/n (gep)
    can_solve: np.ndarray  # bool: the guess is a candidate of this board
    nothing: np.ndarray  # bool: one bucket and not a candidate: changes nothing here


class Lifted:
    """Heuristic ``base`` (``mig``, ``mrd`` or ``gep``, uniform prior) on many boards.

    Parameters
    ----------
    base : str or heuristics.Heuristic
    """

    def __init__(self, base):
        if isinstance(base, str):
            if base not in LIFTED:
                raise WordlekitError(
                    f"heuristic {base!r} has no version for many boards; expected one of "
                    f"{', '.join(LIFTED)}"
                )
            base = get_heuristic(base)
        if not isinstance(base, Heuristic) or base.name not in LIFTED:
            raise WordlekitError(
                f"heuristic {getattr(base, 'name', base)!r} has no version for many boards; "
                f"expected one of {', '.join(LIFTED)}"
            )
        self.base = base
        self.name = base.name
        self.description = f"{base.description}, lifted to many boards"
        self._terms: OrderedDict = OrderedDict()

    def __repr__(self) -> str:
        return f"Lifted({self.base!r})"

    def _one_board(self, game: Boards, state: BoardsState) -> State | None:
        """The one-board state of the last unsolved board, or None while two or more are left."""
        open_boards = state.open_boards
        if len(open_boards) != 1:
            return None
        return State(state.sets[open_boards[0]], None, state.turn)

    def board_terms(self, game: Boards, candidates: np.ndarray) -> BoardTerms:
        """One board's part of every guess's score, and which guesses can solve it or split
        nothing there (remembered: a board's set recurs in many states)."""
        key = candidates.tobytes()
        terms = self._terms.get(key)
        if terms is None:
            stats = bucket_stats(game.game, candidates, game.game.all_guesses)
            n = stats.n
            if self.name == "mig":
                score = stats.entropy / n
            elif self.name == "mrd":
                score = np.log(stats.squares / n)
            else:
                score = -stats.parts / n
            terms = BoardTerms(score, stats.in_set > 0, stats.splits_nothing)
            self._terms[key] = terms
            if len(self._terms) > CACHED_SETS:
                self._terms.popitem(last=False)
        else:
            self._terms.move_to_end(key)
        return terms

    def _combined(self, game: Boards, state: BoardsState):
        """(the float score of every guess, smaller better; which can solve a board; which
        change nothing), summed over the unsolved boards."""
        boards = [self.board_terms(game, state.sets[i]) for i in state.open_boards]
        score = boards[0].score.copy()
        can_solve = boards[0].can_solve.copy()
        nothing = boards[0].nothing.copy()
        for terms in boards[1:]:
            score += terms.score
            can_solve |= terms.can_solve
            nothing &= terms.nothing
        return score, can_solve, nothing

    def scores(self, game: Boards, state: BoardsState) -> np.ndarray:
        """The float score of every guess, smaller better (see the module docstring)."""
        return self._combined(game, state)[0]

    def keys(self, game: Boards, state: BoardsState) -> np.ndarray:
        """Integer keys of every guess (aligned with ``game.allowed_guesses``), smaller better;
        ``EXCLUDED`` for a guess that changes nothing."""
        single = self._one_board(game, state)
        if single is not None:
            return self.base.keys(game.game, single)
        score, can_solve, nothing = self._combined(game, state)
        _, rank = np.unique(score, return_inverse=True)
        keys = rank.astype(np.int64)
        if self.name != "mig":
            keys = 2 * keys + ~can_solve
        keys[nothing] = EXCLUDED
        return keys

    def rank(self, game: Boards, state: BoardsState, k: int) -> np.ndarray:
        """The k best guesses at ``state``, best first (fewer if fewer make progress)."""
        return game.allowed_guesses(state)[best_positions(self.keys(game, state), k)]

    def choose(self, game: Boards, state: BoardsState) -> int:
        """The guess with the smallest key (ties: list order)."""
        if (last := game.sole_guess(state)) is not None:
            return last
        single = self._one_board(game, state)
        if single is not None:
            return self.base.choose(game.game, single)
        open_boards = state.open_boards
        if len(open_boards) == 2 and self.name == "mig":  # no candidate rule: one kernel pass
            a, b = (self.board_terms(game, state.sets[i]) for i in open_boards)
            best = int(_kernels.first_least_sum(a.score, a.nothing, b.score, b.nothing))
            if best < 0:
                raise RuntimeError(f"{self.name}: no guess makes progress at {state}")
            return best
        # the first smallest score, as the keys would rank it, without ranking every guess
        score, can_solve, nothing = self._combined(game, state)
        score[nothing] = np.inf
        best = int(np.argmin(score))
        if nothing[best]:
            raise RuntimeError(f"{self.name}: no guess makes progress at {state}")
        if self.name != "mig":  # among equal scores, a guess that can solve a board first
            tied = np.flatnonzero((score == score[best]) & can_solve)
            if len(tied):
                best = int(tied[0])
        return best


def boards_policy(name: str, top_k: int = DEFAULT_TOP_K):
    """The policy on many boards called ``name`` (``BOARD_POLICIES``): a lifted heuristic, or
    rollout over one (``Rollout`` through the seam: its Q-factors are the lifted heuristic's
    exact totals from each child, ``evaluation.PolicyValues`` on the model)."""
    if name not in BOARD_POLICIES:
        raise WordlekitError(
            f"unknown policy {name!r} for many boards; expected one of {', '.join(BOARD_POLICIES)}"
        )
    if name.startswith("rollout-"):
        return Rollout(Lifted(name.removeprefix("rollout-")), top_k)
    return Lifted(name)


class FixedOpeners:
    """The fixed openers players use on many boards: after the opener, ``words`` in turn
    whatever the feedback, then ``then`` (e.g. lifted MIG). A fixed word that would change
    nothing (every board's set unsplit and none solved by it) is skipped for ``then``'s choice,
    so the policy always makes progress."""

    def __init__(self, words, then):
        self.words = tuple(words)
        self.then = then
        self.name = "fixed " + "+".join(self.words) + f" then {then.name}"

    def __repr__(self) -> str:
        return f"FixedOpeners({self.words!r}, {self.then!r})"

    def choose(self, game: Boards, state: BoardsState) -> int:
        if (last := game.sole_guess(state)) is not None:
            return last
        k = state.turn - 1  # the opener was turn 1
        if 0 <= k < len(self.words):
            guess = game.guess_index(self.words[k], role="fixed opener")
            if any(
                len(np.unique(game.game.patterns[guess, state.sets[i]])) > 1
                or guess in game.game.guess_of_answer[state.sets[i]]
                for i in state.open_boards
            ):
                return guess
        return self.then.choose(game, state)
