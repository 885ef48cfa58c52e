"""The noise of a stochastic Wordle: who lies, how often, and what the win tells.

Noise models (``Noise``; both are known to the player):

- ``tile_noise(length, p)``: each tile independently is misreported with probability p, and a
  misreported tile shows one of the two other colours, each with probability p/2. With k the
  number of tiles on which t and f agree,

      P(f | t) = (1 - p)**k (p / 2)**(L - k).

  p lies in [0, 1); from p = 2/3 on a tile's report says nothing (2/3 is uniform) or less
  than nothing, so the interesting range is small p.

- ``row_noise(length, p)``: with probability p the row holds exactly one lie: one tile, chosen
  uniformly among the L, shows one of the two other colours (each 1/2). So P(f | t) is 1 - p
  for f = t, p / (2L) for f one tile away from t, 0 otherwise. With p = 1 this is the variant
  played online ("Fibble": one lie per row).

Both likelihoods are 3**L x 3**L tables (``Noise.likelihood``, rows true, columns reported;
243 x 243 for five letters), built from the tiles' colour digits at once. The policies' kernel
never forms them: tile noise is the L-th Kronecker power of one 3 x 3 factor (``Noise.tile``)
and row noise a sum of one-tile changes, so a guess's report distribution costs L 3**(L+1)
operations instead of 9**L (``_kernels.fill_information_gain``).

The win. The game ends when the answer is guessed: the true answer, whatever a noisy row would
say. So the win is observed without noise (the player sees the game end), and a row that is
reported while the game goes on may show all green (a misreported near miss): it only tells
the player what its likelihood says. Formally the observation after guess u is ``win`` if
u = a, else a pattern f drawn from P(. | t(u, a)).
"""

from __future__ import annotations

import numpy as np

from ..errors import WordlekitError
from ..feedback import n_patterns
from ..game import Game

#: Games longer than this are stopped: an unfinished game counts this many guesses. Larger than
#: ``game.MAX_GUESSES``: misreported feedback makes games longer than the NYT limit.
DEFAULT_MAX_GUESSES = 12
#: Answers with less belief than this are left out of a policy's sums.
DEFAULT_FLOOR = 1e-12
#: Scores in bits or in guesses closer than this are equal: ties then go to list order, so float
#: rounding cannot decide between guesses that split the belief equally well.
TIE = 1e-9

NOISE_MODELS = ("tile", "row")


def _check_probability(p, what: str, closed: bool) -> float:
    upper = "1]" if closed else "1)"
    if (
        isinstance(p, bool)
        or not isinstance(p, (int, float, np.integer, np.floating))
        or not (0 <= p <= 1 if closed else 0 <= p < 1)
    ):
        raise WordlekitError(
            f"noise probability p of {what} must be a number in [0, {upper}, got {p!r}"
        )
    return float(p)


def _digits(length: int) -> np.ndarray:
    """Tile colours of every pattern, first tile first: shape (3**length, length), int8."""
    codes = np.arange(n_patterns(length))
    return np.stack([(codes // 3 ** (length - 1 - i)) % 3 for i in range(length)], axis=1).astype(
        np.int8
    )


class Noise:
    """A known model of misreported feedback for words of ``length`` letters.

    Attributes
    ----------
    kind : str, "tile" or "row"
    p : float, the noise probability (per tile, or per row)
    length : int
    likelihood : numpy.ndarray, shape (3**L, 3**L), float64
        ``likelihood[t, f] = P(f | t)``: the probability that true pattern t is reported as f.
        Rows sum to 1.
    row_entropy : numpy.ndarray, shape (3**L,), float64
        H(P(. | t)) in bits: the noise's own entropy, which a report carries beside information.
    """

    def __init__(self, kind: str, length: int, p: float):
        if kind not in NOISE_MODELS:
            raise WordlekitError(
                f"unknown noise model {kind!r}; expected one of {', '.join(NOISE_MODELS)}"
            )
        self.kind = kind
        self.p = _check_probability(p, f"{kind} noise", closed=(kind == "row"))
        self.length = int(length)
        digits = _digits(self.length)
        agree = (digits[:, None, :] == digits[None, :, :]).sum(axis=2)
        if kind == "tile":
            self.likelihood = (1 - self.p) ** agree * (self.p / 2) ** (self.length - agree)
        else:
            self.likelihood = np.where(
                agree == self.length,
                1 - self.p,
                np.where(agree == self.length - 1, self.p / (2 * self.length), 0.0),
            )
        self.row_entropy = -_xlog2x(self.likelihood).sum(axis=1)
        #: The per-tile factor of tile noise, tile[t, f] = P(tile shows f | its colour is t)
        #: (the likelihood is its L-th Kronecker power); the identity for row noise.
        self.tile = (
            np.full((3, 3), self.p / 2) + np.eye(3) * (1 - 3 * self.p / 2)
            if kind == "tile"
            else np.eye(3)
        )
        self.name = f"{kind} p={self.p:g}"

    def __repr__(self) -> str:
        return f"Noise({self.kind!r}, length={self.length}, p={self.p:g})"

    @property
    def is_exact(self) -> bool:
        """Whether every report is the true pattern (p = 0)."""
        return self.p == 0

    def sample(self, true_pattern: int, rng: np.random.Generator) -> int:
        """A report of ``true_pattern`` drawn from P(. | t) with ``rng`` (one draw of L + 1
        uniforms for tile noise, of 3 for row noise, whatever p: streams stay aligned)."""
        digits = [(true_pattern // 3 ** (self.length - 1 - i)) % 3 for i in range(self.length)]
        if self.kind == "tile":
            u = rng.random(self.length)
            shift = rng.integers(1, 3, size=self.length)
            digits = [(d + s) % 3 if x < self.p else d for d, x, s in zip(digits, u, shift)]
        else:
            u, where, shift = rng.random(), rng.integers(self.length), rng.integers(1, 3)
            if u < self.p:
                digits[where] = (digits[where] + shift) % 3
        out = 0
        for d in digits:
            out = out * 3 + int(d)
        return out


def tile_noise(length: int, p: float) -> Noise:
    """Each tile misreported independently with probability p (as one of the two other
    colours, uniformly); p in [0, 1)."""
    return Noise("tile", length, p)


def row_noise(length: int, p: float) -> Noise:
    """With probability p one tile per row (uniform) shows another colour (uniformly); p in
    [0, 1], p = 1 being the one-lie-per-row game played online."""
    return Noise("row", length, p)


def noise_model(game: Game, noise) -> Noise:
    """``noise`` as a ``Noise`` for ``game``: a Noise of the game's word length, or a number p
    for per-tile noise."""
    if isinstance(noise, Noise):
        if noise.length != game.length:
            raise WordlekitError(
                f"noise model for {noise.length}-letter words, but the game has "
                f"{game.length}-letter words; expected one length"
            )
        return noise
    return tile_noise(game.length, noise)


def _xlog2x(x: np.ndarray) -> np.ndarray:
    """x log2 x elementwise, 0 at x = 0 (x >= 0)."""
    return x * np.log2(np.maximum(x, np.finfo(float).tiny))


def check_easy(game: Game) -> None:
    if game.mode != "easy":
        raise WordlekitError(
            f"the stochastic game is played in easy mode, got mode {game.mode!r}; "
            "hard-mode rules are not defined when the feedback may lie"
        )
