"""Guess equivalence at every state of a code game: the symmetries that fix the guesses so far.

Permuting the pegs and the colours (digits) of Mastermind or Bulls and Cows keeps every
feedback: if ``h`` is such a permutation, the feedback of h(g) to h(s) is that of g to s. So if
h also fixes every guess played so far, it maps the candidates of the state onto themselves
(each candidate gave the feedback it did), and playing h(g) there costs exactly what playing g
costs: a search needs only one guess of each class (Koyama & Lai 1993; Neuwirth 1982, "guess
equivalence"). ``equivalence`` uses the whole group at the root; ``Solver`` uses the
stabiliser of its history at every state below.

A ``Stabilizer`` holds the permutations that fix the guesses so far as pairs (peg permutation,
colour map on the colours those guesses use); the colours no guess has used yet (*free*) may be
permuted freely, which is not enumerated (a factor of up to 10! in Bulls and Cows) but folded
into the smallest image of a code (``_kernels.smallest_images``): a guess is kept iff it is
the smallest code of its class. The group shrinks as guesses are played, fast: after 1122 in
Mastermind (4, 6), 8 peg permutations and 24 of the free colours 3-6; after a second guess
often the identity alone, with only its free colours left.

References
----------
- [koyama1993]_, [neuwirth1982]_: guess equivalence.
"""

from __future__ import annotations

import itertools

import numpy as np

from . import _kernels
from .answering import Pegs
from .game import Game


class Stabilizer:
    """The peg and colour permutations of a code game that fix the guesses played so far.

    ``pairs``: (peg permutation, colour map) tuples, the colour map a tuple giving each used
    colour's image and -1 for free colours; the permutation acts on a code c as
    c'[i] = map(c[perm[i]]). Build the root's with ``Stabilizer.of(game)``, then ``fixing``.
    """

    __slots__ = ("_arrays", "codes", "colours", "keys", "pairs")

    def __init__(self, codes: np.ndarray, colours: int, pairs: list, keys=None):
        self.codes, self.colours, self.pairs = codes, colours, pairs
        if keys is None:  # each code's key, the base-C number smallest_images compares
            keys = codes @ (colours ** np.arange(codes.shape[1] - 1, -1, -1))
        self.keys = keys
        self._arrays = None

    @classmethod
    def of(cls, game: Game) -> Stabilizer | None:
        """The whole group of a code game whose guesses are every code (closed under it), or
        None: a game of words, or a list of codes that is not complete."""
        answering = game.answering
        if not isinstance(answering, Pegs) or game.guesses != game.answers:
            return None
        if sorted(game.guesses) != sorted(answering.codes()):
            return None
        colours = len(answering.symbols)
        codes = np.array([[answering.symbols.index(x) for x in w] for w in game.guesses])
        unmapped = (-1,) * colours
        pairs = [(p, unmapped) for p in itertools.permutations(range(answering.pegs))]
        return cls(codes.astype(np.int64), colours, pairs)

    def fixing(self, guess: int) -> Stabilizer | None:
        """The permutations of this group that also fix ``guess``, or None when that leaves
        nothing to gain: the identity alone with at most one free colour."""
        code = self.codes[guess]
        pairs = []
        for perm, colour_map in self.pairs:
            image = list(colour_map)
            for i, x in enumerate(code[list(perm)].tolist()):
                y = int(code[i])
                if image[x] < 0:
                    if y in image:  # y already the image of another colour
                        break
                    image[x] = y
                elif image[x] != y:
                    break
            else:
                pairs.append((perm, tuple(image)))
        free = pairs[0][1].count(-1) if pairs else 0
        if len(pairs) <= 1 and free <= 1:
            return None
        return Stabilizer(self.codes, self.colours, pairs, self.keys)

    def representatives(self, guesses: np.ndarray) -> np.ndarray:
        """The guesses of ``guesses`` that are the smallest code of their class (in list order,
        which is the codes' order). ``guesses`` must be closed under the group (every guess in
        easy mode; the candidates, in strict mode, are, since the group fixes the state)."""
        if self._arrays is None:
            perms = np.array([p for p, _ in self.pairs], dtype=np.int64)
            maps = np.array([m for _, m in self.pairs], dtype=np.int64)
            used = maps[0] >= 0
            free = np.flatnonzero(~used).astype(np.int64)
            self._arrays = perms, maps, free
        perms, maps, free = self._arrays
        smallest = np.empty(len(guesses), dtype=np.int64)
        _kernels.smallest_images(self.codes, guesses, perms, maps, free, smallest)
        return guesses[self.keys[guesses] == smallest]
