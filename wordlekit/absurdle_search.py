"""The shortest win at Absurdle, and the proof that nothing shorter wins.

A win at Absurdle (``absurdle``) is guessing the last word left, so a win in n guesses is n - 1
guesses that leave one word, then that word. Write R(S, j) for "j guesses can leave one word
of the candidates S, whatever bucket the adversary keeps among the largest" (every tie choice:
the result holds under any tie rule). Then

- R(S, 0) iff |S| = 1;
- R(S, 1) iff some guess splits S *perfectly* (every candidate its own feedback: then every
  bucket has one word, whichever is kept), found by the perfect scan
  ``buckets.first_perfect``, which drops a guess at its first repeated feedback;
- R(S, j) iff some guess g has R(B, j - 1) for every largest bucket B of g on S.

**The counting bound.** A guess gives at most F distinct feedbacks (F = 3^5 - 5 = 238 on five
letters, ``answering.Tiles.n_feedbacks``), so it keeps at least |S| / F words, and by induction
R(S, j) needs |S| <= F^j: a guess whose largest bucket has more than F^(j-1) words is ruled out
without a look at its bucket. Guesses are tried in increasing size of their largest bucket, so
the search stops at the first one over the bound.

**No three-guess win** is R(A, 2) false on the answers A: for each first guess, either its
largest bucket has more than F words (the counting bound, no scan), or every one of its
largest buckets is scanned for a perfect second guess and has none. That is one bucket count
per first guess and one perfect scan per small largest bucket, instead of the 12,972^2 pairs
of partitions a plain check compares. ``shortest_win`` proves each length in turn and returns
the first line that wins; ``winning_second_guesses`` counts, after a given opener, the second
guesses from which a perfect third guess exists (four-guess wins).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .absurdle import Absurdle, AbsurdleState
from .buckets import first_perfect
from .errors import WordlekitError


@dataclass(frozen=True)
class Depth:
    """One proof that ``left`` guesses cannot leave a single word (a win in ``left + 1`` is
    impossible), or the line that can.

    Attributes
    ----------
    left : int
        Guesses before the winning one.
    line : tuple of int or None
        The guesses that leave one word (the adversary's tie rule decides which), then that
        word: a win in ``left + 1``; None if there is none (proved).
    bounded : int
        First guesses ruled out by the counting bound alone.
    scanned : int
        First guesses whose largest buckets were searched.
    seconds : float
    """

    left: int
    line: tuple | None
    bounded: int
    scanned: int
    seconds: float


def _order(model: Absurdle, state: AbsurdleState, guesses: np.ndarray):
    """(guess, size of its largest bucket, tied patterns) for every guess, smallest first
    (ties: list order)."""
    found = [(int(g), *model.largest(state.candidates, int(g))) for g in guesses]
    found.sort(key=lambda t: (t[1], t[0]))
    return found


def _reduce(model: Absurdle, state: AbsurdleState, j: int, counts=None) -> tuple | None:
    """Guesses that leave one word of ``state`` within ``j`` whatever tie the adversary takes
    (the line the model's tie rule follows), or None: R(S, j) of the module docstring."""
    game = model.game
    if len(state.candidates) == 1:
        return ()
    if j == 0:
        return None
    allowed = model.allowed_guesses(state)
    if j == 1:
        at = first_perfect(game, state.candidates, allowed)
        return None if at < 0 else (int(allowed[at]),)
    limit = game.answering.n_feedbacks(game.length) ** (j - 1)
    for guess, size, tied in _order(model, state, allowed):
        if size > limit:  # and every later guess: sorted
            if counts is not None:
                counts[0] += 1
            continue
        if counts is not None:
            counts[1] += 1
        if size == len(state.candidates):  # splits nothing
            continue
        lines = [_reduce(model, model.next_state(state, guess, int(p)), j - 1) for p in tied]
        if all(line is not None for line in lines):
            kept = model.response(state, guess)
            return (guess, *lines[list(tied).index(kept)])
    return None


def prove_depth(model: Absurdle, left: int) -> Depth:
    """Whether ``left`` guesses can leave one word of the answers (R(A, left)), with the count
    of first guesses the counting bound ruled out and of those searched."""
    start = time.perf_counter()
    counts = [0, 0]
    line = _reduce(model, model.initial_state(), left, counts)
    if line is not None:
        state = model.initial_state()
        for guess in line:
            state = model.next_state(state, guess, model.response(state, guess))
        line = (*line, int(model.game.guess_of_answer[state.candidates[0]]))
    return Depth(left, line, counts[0], counts[1], time.perf_counter() - start)


def shortest_win(model: Absurdle, longest: int = 4) -> list[Depth]:
    """Each length from one guess up, proved impossible, until a win (the last ``Depth``, with
    its line) or ``longest`` guesses: a clear error if none wins within them."""
    proofs = []
    for left in range(longest):
        proofs.append(prove_depth(model, left))
        if proofs[-1].line is not None:
            return proofs
    raise WordlekitError(
        f"Absurdle: no win within {longest} guesses was found; expected one (a longer search "
        "is not built)"
    )


def winning_second_guesses(model: Absurdle, opener: int) -> list[tuple[int, int]]:
    """After ``opener``, every second guess from which a third splits the bucket kept
    perfectly (a four-guess win, whatever ties the adversary breaks), as (second, third), the
    third the first perfect one in list order (-1 where the second guess already leaves one
    word, which a small game allows)."""
    root = model.initial_state()
    wins = []
    for p in model.largest(root.candidates, opener)[1]:
        after = model.next_state(root, opener, int(p))
        for guess in model.allowed_guesses(after).tolist():
            _, tied = model.largest(after.candidates, guess)
            thirds = [_reduce(model, model.next_state(after, guess, int(q)), 1) for q in tied]
            if all(t is not None for t in thirds):
                wins.append((p, guess, thirds[0][0] if thirds[0] else -1))
    # a second guess wins only if it wins after every bucket the opener can keep
    keeps = len(model.largest(root.candidates, opener)[1])
    counted: dict = {}
    for _, guess, third in wins:
        counted.setdefault(guess, []).append(third)
    return [(g, t[0]) for g, t in counted.items() if len(t) == keeps]


def opener_wins(model: Absurdle, opener: int, guesses: int) -> bool:
    """Whether ``opener`` starts a win in ``guesses`` guesses whatever ties the adversary
    breaks: R(B, guesses - 2) for every largest bucket B of ``opener`` on the answers (then one
    word is left, and the last guess names it). The recheck of a stored win from its opener,
    without the search over the other openers that found it."""
    if guesses < 2:
        raise WordlekitError(f"guesses {guesses}: expected 2 or more (an opener and a last guess)")
    root = model.initial_state()
    _, tied = model.largest(root.candidates, opener)
    return all(
        _reduce(model, model.next_state(root, opener, int(p)), guesses - 2) is not None
        for p in tied
    )
