"""Tables of exact optima (``optimal.Solver``): the minimum TOTAL per opener, with a larger
cap where six guesses are impossible (``opener_totals``), and Cunanan & Thielscher's
ApMinTotal per search breadth (``apmintotal_table``, their Table 2).

References
----------
- [cunanan2023]_, Tables 2 and 3: ApMinTotal per breadth, on Wordle and other games.
"""

from __future__ import annotations

import time

import pandas as pd

from ..errors import WordlekitError
from ..game import MAX_GUESSES, Game
from ..optimal import INFEASIBLE, Solver, feasible


def opener_totals(
    game: Game, openers, max_guesses: int | None = MAX_GUESSES, fallback: int | None = None
) -> pd.DataFrame:
    """The minimum TOTAL from each opener within ``max_guesses``, and within ``fallback``
    guesses for the openers from which no strategy keeps the first cap.

    One solver serves every opener (they share its memo), and one more, with the larger cap,
    only the infeasible openers: under the NYT hard rule trace, slate and raise cannot solve
    every answer within six guesses, and their optima with a cap of 8 are what remains to say.

    Parameters
    ----------
    game : Game
    openers : sequence of str
    max_guesses : int or None
        The cap, as ``Solver``'s (None: no cap).
    fallback : int, optional
        A larger cap for the openers that are infeasible within ``max_guesses``.

    Returns
    -------
    DataFrame indexed by opener (in the order given), with columns
        ``total`` (Int64, guesses summed over the answers; missing where no strategy solves
        every answer within ``max_guesses``) and, with ``fallback``, ``fallback_total`` (Int64,
        the same within ``fallback`` guesses where ``total`` is missing; missing elsewhere,
        and where the larger cap is infeasible too).
    """
    if fallback is not None and (max_guesses is None or fallback <= max_guesses):
        raise WordlekitError(
            f"fallback cap {fallback!r}: expected more guesses than the cap "
            f"max_guesses={max_guesses!r}"
        )
    openers = list(openers)
    indices = [game.guess_index(o, role="opener") for o in openers]

    def column(totals: list[int]):
        return pd.array([t if feasible(t) else None for t in totals], dtype="Int64")

    solver = Solver(game, max_guesses)
    frame = pd.DataFrame(
        {"total": column([solver.opener_total(g) for g in indices])},
        index=pd.Index(openers, name="opener"),
    )
    if fallback is not None:
        wider = Solver(game, fallback)
        frame["fallback_total"] = column(
            [
                wider.opener_total(g) if missing else INFEASIBLE
                for g, missing in zip(indices, frame["total"].isna())
            ]
        )
    return frame


def apmintotal_table(
    game: Game, breadths=(1, 5, 10, 20), max_guesses: int | None = None
) -> pd.DataFrame:
    """ApMinTotal(S, n) and its starter for each search breadth n (Cunanan & Thielscher's
    Table 2): ``Solver(breadth=n)`` from the root, each with its own memo.

    Returns one row per n (the index): ``total`` and ``starter`` (None where no strategy keeps
    ``max_guesses``), the wall ``seconds`` and the solver's ``nodes``.
    """
    rows = []
    root = game.initial_state()
    left = len(game.answers) if max_guesses is None else max_guesses
    for breadth in breadths:
        solver = Solver(game, max_guesses, breadth=breadth)
        start = time.perf_counter()
        total = solver.value(root, left)
        seconds = time.perf_counter() - start
        solved = feasible(total)
        rows.append(
            {
                "n": breadth,
                "total": total if solved else None,
                "starter": game.guesses[solver.best_guess(root, left)] if solved else None,
                "seconds": seconds,
                "nodes": solver.nodes,
            }
        )
    return pd.DataFrame(rows).set_index("n")
