"""Guess equivalence at the root: the best first guess, proved over one opener per class.

A symmetry of a game (a permutation of the guesses and of the secrets that keeps every
feedback) maps the strategies from one opener onto those from its image, total for total. In
Mastermind and Bulls and Cows, permuting the pegs and the colours (digits) is such a symmetry,
and two codes are images of each other exactly when they repeat their colours alike: the
sorted multiplicities of their symbols (1122 and 3344: (2, 2); 1234: (1, 1, 1, 1)). So the
1,296 openers of Mastermind (4, 6) fall into 5 classes (1111, 1112, 1122, 1123, 1234) and the
5,040 of Bulls and Cows into one. Proving the best opener then takes one exact search per
class instead of one per guess: the literature's "guess equivalence" (Koyama & Lai 1993),
here at the root only; games without a declared symmetry (Wordle's) get one class per guess.

References
----------
- [koyama1993]_: guess equivalence, used here at the root.
"""

from __future__ import annotations

import numpy as np

from .bounds import guess_lower_bound
from .branch_and_bound import INFEASIBLE
from .game import Game
from .optimal import Solver, search_threads


def opener_classes(game: Game) -> np.ndarray:
    """One opener per class of equivalent first guesses (int64 guess indices, the first of
    each class in list order), or every guess if the game declares no symmetry
    (``answering.opener_key``)."""
    key = getattr(game.answering, "opener_key", None)
    if key is None:
        return np.arange(len(game.guesses), dtype=np.int64)
    seen: dict = {}
    for index, word in enumerate(game.guesses):
        seen.setdefault(key(word), index)
    return np.array(sorted(seen.values()), dtype=np.int64)


def classes_best_first(game: Game) -> list[int]:
    """The openers of ``opener_classes``, in increasing order of V_1 (``bounds``: a lower bound
    from the sizes of their buckets), ties in list order: the likeliest best first, so that its
    total bounds the searches of the others more tightly."""
    classes = opener_classes(game)
    parts = np.array([len(np.unique(game.patterns[g])) for g in classes])
    v1 = guess_lower_bound(len(game.answers), parts, 1)
    return [int(classes[i]) for i in np.argsort(v1, kind="stable")]


def proved_best_opener(solver: Solver, openers=None, settled=None) -> tuple[int, int | None]:
    """(the minimum TOTAL over every first guess, an opener that reaches it), proved with one
    search per class of ``opener_classes``: each later class is only asked whether it beats the
    best so far (``Solver.opener_total``'s bound), the first of equal openers kept. A total of
    ``INFEASIBLE`` or more, with None for the opener: no opener solves every answer within the
    solver's cap (none is named, as none is better than another).

    ``openers``: one opener per class, in the order to search them (default: ``opener_classes``,
    list order; ``classes_best_first`` bounds the later searches more tightly). ``settled(opener,
    total, exact)``, if given, is called as each class is settled: ``exact`` if its total beat
    the best so far, which it then is, otherwise ``total`` is a lower bound at least the best."""
    best, best_opener_index = INFEASIBLE, None
    if openers is None:
        openers = opener_classes(solver.game).tolist()
    with search_threads(solver.game):  # it starts the searches: one thread on a small game
        for opener in openers:
            total = solver.opener_total(opener, best)
            exact = total < best
            if exact:
                best, best_opener_index = total, opener
            if settled is not None:
                settled(opener, int(total), exact)
    return best, best_opener_index
