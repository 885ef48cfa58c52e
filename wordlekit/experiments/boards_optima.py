"""Optima of many-board games on cut answer lists, beside lifted MIG and rollout over it.

The rollout paper asks how close rollout comes to the optimum; on Dordle at full size the
optimum is out of reach, so here the answer list is cut to its first N words in file order
(the guess list stays whole, 12,972 words) and, for each N, ``cut_list_optimum`` gives:

- the optimum over every opener (``exhaustive.Exhaustive``) and the opener that reaches it;
- the optimum of the strategies that open with ``salet``, the opener the heuristics play (the
  paper's);
- the exact totals of lifted MIG (``lifted.Lifted("mig")``) and of rollout over it
  (``Rollout(Lifted("mig"))``, top 10) from ``salet``, over every secret
  (``evaluation.count_guesses``);

so that the gaps of MIG and of rollout to the optimum can be tabulated
(``benchmarks/boards_optimum.py`` measures how large N gets in minutes).

**A floor for full Dordle** (``dordle_lower_bound``), from one-board optima. Play any Dordle
strategy within its cap of 7 guesses, and let T_1(a, b), T_2(a, b) be the turns at which board
1 and board 2 are solved for the secret (a, b); the game costs max(T_1, T_2), and T_1 != T_2
(one guess solves one board: the answers differ), so

    max(T_1, T_2) >= (T_1 + T_2 + 1) / 2.

Fix b. Board 2's feedback is then a function of the guesses alone, so the guesses played are a
function of board 1's feedback: a one-board strategy for board 1 over the answers a != b, with
T_1(a, b) its guesses. Extend it to a = b: follow the same guesses while board 1's set (the
answers with b's feedback so far) holds another answer, then guess b. While it holds another
answer a, both boards are unsolved for the real secret (a, b) (a and b got the same, non-green
feedback), which needs two more guesses within the cap: so that happens only up to turn 5, and
the extension guesses b by turn 7. A one-board strategy over all answers costs at least their
one-board optimum O (7920 on the original lists, proved by Cunanan & Thielscher's bounds and
reached from salet; notebook 10), so sum_{a != b} T_1(a, b) >= O - 7, and the same for board 2
with a fixed. Summing over the n (n - 1) secrets:

    total >= (2 n (O - 7) + n (n - 1)) / 2 = n (O - 7) + n (n - 1) / 2.

On the original lists: 2315 x 7913 + 2,678,455 = 20,997,050 guesses, 3.920 per game. It is
sound and loose: it charges the second board only half a guess beyond the first board's own
optimum, where a real strategy shares its guesses between two boards far less kindly.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..boards import Boards
from ..evaluation import count_guesses
from ..exhaustive import Exhaustive
from ..game import Game
from ..lifted import Lifted
from ..rollout import Rollout
from ..words import WordList, original_answers, original_guesses

#: The opener the heuristics play, and whose optimum is given beside the best one (the paper's).
OPENER = "salet"


@dataclass(frozen=True)
class CutListOptimum:
    """One row of the table: totals are guesses summed over every secret (ordered tuples of
    distinct answers), means per game.

    Attributes
    ----------
    n_answers, boards : int
    secrets : int
        n (n - 1) ... on ``boards`` boards.
    max_guesses : int or None
        The cap the optimum keeps to (the game's N + 5), None for none.
    optimum, best_opener : int, str
        The least total over every opener, and the first opener (in the ranking's order) that
        reaches it.
    opener, opener_optimum : str, int
        ``OPENER`` and the least total of the strategies that open with it.
    base_total, rollout_total : int
        Lifted MIG's and rollout over it's exact totals, both from ``opener``.
    unfinished : int
        Secrets MIG or rollout does not finish within the cap (played on and counted in full).
    seconds : float
        Wall time of the optimum over every opener (the rest is quick).
    """

    n_answers: int
    boards: int
    secrets: int
    max_guesses: int | None
    optimum: int
    best_opener: str
    opener: str
    opener_optimum: int
    base_total: int
    rollout_total: int
    unfinished: int
    seconds: float

    @property
    def base_gap(self) -> int:
        """Lifted MIG's total minus the optimum from the same opener (guesses)."""
        return self.base_total - self.opener_optimum

    @property
    def rollout_gap(self) -> int:
        """Rollout's total minus the optimum from the same opener (guesses)."""
        return self.rollout_total - self.opener_optimum

    def to_dict(self) -> dict:
        return {
            **{k: getattr(self, k) for k in self.__dataclass_fields__},
            "base_gap": self.base_gap,
            "rollout_gap": self.rollout_gap,
        }


def cut_game(n_answers: int) -> Game:
    """The original guess list whole, the answer list cut to its first ``n_answers`` words."""
    answers = original_answers()
    return Game(
        original_guesses(), WordList(answers.words[:n_answers], f"first {n_answers} answers")
    )


def cut_list_optimum(
    n_answers: int, boards: int = 2, opener: str = OPENER, max_guesses: int | None = -1
) -> CutListOptimum:
    """The optimum, lifted MIG and rollout over it on ``boards`` boards of ``cut_game``.

    ``max_guesses``: the cap the optimum keeps to; -1 (default) the game's own, N + 5.
    """
    model = Boards(cut_game(n_answers), boards)
    cap = model.max_guesses if max_guesses == -1 else max_guesses
    solver = Exhaustive(model, max_guesses=cap)
    start = time.perf_counter()
    optimum, best = solver.optimum()
    seconds = time.perf_counter() - start
    from_opener = solver.opener_total(opener)
    base = count_guesses(model, Lifted("mig"), opener, model.max_guesses)
    rollout = count_guesses(model, Rollout(Lifted("mig")), opener, model.max_guesses)
    return CutListOptimum(
        n_answers=n_answers,
        boards=model.n_boards,
        secrets=model.n_secrets,
        max_guesses=cap,
        optimum=optimum,
        best_opener=model.guesses[best],
        opener=opener,
        opener_optimum=from_opener,
        base_total=base.total,
        rollout_total=rollout.total,
        unfinished=max(base.unfinished, rollout.unfinished),
        seconds=seconds,
    )


def dordle_lower_bound(n_answers: int, one_board_optimum: int, max_guesses: int = 7) -> int:
    """A floor of Dordle's least total within ``max_guesses`` (module docstring):
    ``n (O - max_guesses) + ceil(n (n - 1) / 2)``, O the one-board optimum over the answers."""
    n = n_answers
    return n * (one_board_optimum - max_guesses) + (n * (n - 1) + 1) // 2
