"""Hard (and strict) mode's endgame cutoff: a state proved unsolvable in time by its largest
endgame.

An *endgame* of a state is a group of its candidates that agree on every letter but one, in
place: "_ight" (eight, fight, light, might, night, right, sight, tight, wight) or "s_ore".
A guess T tells such words apart only by the letter they differ in, and only for the letters
it holds: every word whose letter is not in T gets the same feedback from T (the four shared
letters get the same tiles, and the differing position is never green and its tile does not
depend on the letter). A word whose letter is in T gets either that same feedback (T's tiles
for the letter are coloured anyway) or one of its own. So T splits the group into one large
class and singletons, ``parts(T) - 1`` of them, and ``parts`` on a subset is never more.

Follow the answers that always land in the large class: the guesses along that path are the
same for all of them, and after r guesses T_1..T_r at least ``m - sum_i (parts(T_i) - 1)``
words of an m-word group are still together. With ``left`` guesses, the last one can solve
one of them only, so a strategy needs ``m - 1 <= sum over the r = left - 1 guesses before it``.
In hard mode the allowed guesses only shrink as the game goes on, so the r distinct allowed
guesses with the most parts bound every path's sum: when even they fall short, no strategy
solves the state within ``left`` guesses. (The idea is alex1770/wordle's "endgame cutoff";
this is our own derivation and code.) After curns in hard mode, a child holding most of the
"_ills" words is proved unsolvable this way without a search.

Strict mode on Wordle's tiles uses it too: its allowed guesses (those consistent with every
feedback) only shrink as well. Easy mode does not: it can play any word (the check rarely
binds there, and costs), and neither does a game whose feedback is not tiles per letter.

References
----------
- [selby2022]_: the endgame cutoff of alex1770/wordle, whose idea this is.
"""

from __future__ import annotations

import numpy as np

from . import _kernels
from .buckets import bucket_stats
from .game import Game, State


def largest_endgame(game: Game, candidates: np.ndarray) -> np.ndarray:
    """The candidates of the largest endgame of a set (ties: the first position, then the
    smallest letters): words agreeing on every letter but one, in place."""
    base = len(game.alphabet) + 1
    return _kernels.largest_endgame(game.answer_codes, candidates, base)


def endgame_unsolvable(game: Game, state: State, left: int) -> bool:
    """Whether the largest endgame of ``state`` proves that no strategy solves every candidate
    within ``left`` guesses (see the module's docstring); False says nothing."""
    n = len(state.candidates)
    if left < 2 or n <= left:  # an endgame of m <= left words never binds
        return False
    if (len(game.alphabet) + 1) ** game.length >= 2**62:  # the kernel's keys would overflow
        return False
    group = largest_endgame(game, state.candidates)
    m = len(group)
    if m <= left:
        return False
    # the allowed guesses only: a few hundred after two guesses, against 12,972 for
    # ``buckets.parts_of_every_guess`` (costly in a profile: benchmarks/quoted-results.md)
    parts = bucket_stats(game, group, game.allowed_guesses(state)).parts
    r = left - 1
    most = parts if len(parts) <= r else np.partition(parts, len(parts) - r)[-r:]
    return m - 1 > int((most - 1).sum())
