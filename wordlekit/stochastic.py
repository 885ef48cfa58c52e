"""A stochastic Wordle: feedback misreported with a known probability (Section 5.1).

The rollout paper's Section 5.1 replaces the deterministic system x_{k+1} = f(x_k, theta, u_k)
by x_{k+1} = f(x_k, theta, u_k, w_k), with a random disturbance w_k of known distribution. Here
theta is the answer a, u_k the guess and w_k the noise that turns the true feedback pattern
t = feedback(u_k, a) into the *reported* pattern f that the player sees.

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
operations instead of 9**L (``_kernels._fill_information_gain``).

The win. The game ends when the answer is guessed: the true answer, whatever a noisy row would
say. So the win is observed without noise (the player sees the game end), and a row that is
reported while the game goes on may show all green (a misreported near miss): it only tells
the player what its likelihood says. Formally the observation after guess u is ``win`` if
u = a, else a pattern f drawn from P(. | t(u, a)).

Exact Bayes (``bayes_update``), the estimator B_k of the paper's Eq. (8): after guess u and
report f (not a win),

    b'(a) = b(a) P(f | t(u, a)) / sum_a' b(a') P(f | t(u, a')),   b'(u) = 0.

The belief is no longer uniform over a set: with p > 0 every report has positive probability
under every answer, so no answer but the ones guessed is ever excluded. At p = 0 the update is
``belief.belief_update`` and the belief is uniform on the candidate set.

Particle filter (``ParticleFilter``), the paper's suggestion: N particles (answers) drawn from
the prior, reweighted by P(f | t(u, a_i)) after every report and resampled (multinomial,
seeded) when the effective sample size 1 / sum w_i**2 falls below N / 2. Its belief is the
weighted histogram of the particles; ``total_variation`` measures its distance to the exact
belief, (1/2) sum_a |b_N(a) - b(a)|. If every particle is excluded, the filter draws N new
particles from the prior weighted by the likelihood of the whole history (importance sampling).

Policies on the belief (``choose(game, noise, belief, turn) -> guess``):

- ``BeliefMIG``: maximum information gain on the belief. The observation O of guess u is the
  win or the reported row, so its information about the answer is

      I(u) = H(O) - H(O | A),
      H(O) = -b(u) log2 b(u) - sum_f m_f log2 m_f,   m_f = sum_{a != u} b(a) P(f | t(u, a)),
      H(O | A) = sum_{a != u} b(a) H(P(. | t(u, a))).

  At p = 0 the reports are the true buckets and I(u) is the entropy of the feedback of
  ``heuristics.MIG``, so it makes the deterministic MIG's choices (ties to list order, a last
  candidate guessed at once). Why not MIG with the belief as the prior's weights
  (``heuristics.MIG(prior=...)``)? That is the entropy of the *true* feedback under b: it
  ignores the noise, which makes the rows of a guess whose tiles the noise blurs worth less;
  and ``prior.Prior`` holds positive integer weights of about 2**32 in total, which cannot carry
  the very small posteriors that noise leaves on unlikely answers. Every allowed guess is
  scored (easy mode: "hard" mode is not defined when the feedback may lie); answers whose
  belief is below ``floor`` (1e-12) are left out of the sums, for speed.
- ``MostLikely``: guess the answer of largest belief (a greedy baseline that never explores).
- ``BeliefRollout``: rollout on the belief, the stochastic version of the paper's
  approximation in value space, with the base policy's cost-to-go:

      Q(u) = 1 + sum_{a != u} b(a) E_w[ J_base(b'(u, f); a) ],

  J_base(b'; a) being the guesses the base policy then needs against answer a, for the base
  policy's choice, its top k guesses by information gain and the most likely answer (the
  one-step gain counts a possible win as information only, not as the guesses it saves). E_w is estimated by Monte-Carlo
  (n sampled answers and noise, the same samples for every option: common random numbers,
  seeded by the belief so the policy is a function of it), or computed exactly by enumeration
  (``n_simulations=None``), affordable at p = 0 or on tiny games.

Evaluation (``evaluate``) averages a policy's guesses over every answer (uniform prior) and
over the noise: exactly, by enumerating every report with probability at least ``prune``
(default when p = 0, where the reports are the true buckets), or by seeded simulation of
``n_games`` games per answer. A cap on the guesses, ``max_guesses`` (default 12, not the NYT game's
six: misreported feedback makes games longer), makes every game end: a game not won by then
counts ``max_guesses`` guesses, and the share of such games is reported. The result says
which method produced it.
"""

from __future__ import annotations

import math
import sys
import weakref
import zlib
from dataclasses import dataclass

import numpy as np

from . import _kernels
from .errors import WordlekitError
from .feedback import n_patterns
from .game import Game

__all__ = ["Noise", "tile_noise", "row_noise", "noise_model", "bayes_update", "ParticleFilter",
           "total_variation", "information_gain", "BeliefMIG", "MostLikely", "BeliefRollout",
           "StochasticEvaluation", "evaluate", "play_game", "track_beliefs"]

#: Games longer than this are stopped: an unfinished game counts this many guesses. Larger than
#: ``game.MAX_GUESSES``: misreported feedback makes games longer than the NYT limit.
DEFAULT_MAX_GUESSES = 12
#: Branches of the exact enumeration less likely than this are cut (their mass is reported).
DEFAULT_PRUNE = 1e-12
#: Answers with less belief than this are left out of a policy's sums.
DEFAULT_FLOOR = 1e-12
#: Scores (bits, guesses) closer than this are equal: ties then go to list order, so float
#: rounding cannot decide between guesses that split the belief equally well.
TIE = 1e-9

NOISE_MODELS = ("tile", "row")


def _check_probability(p, what: str, closed: bool) -> float:
    upper = "1]" if closed else "1)"
    if isinstance(p, bool) or not isinstance(p, (int, float, np.integer, np.floating)) \
            or not (0 <= p <= 1 if closed else 0 <= p < 1):
        raise WordlekitError(f"noise probability p of {what} must be a number in [0, {upper}, "
                             f"got {p!r}")
    return float(p)


def _digits(length: int) -> np.ndarray:
    """Tile colours of every pattern, first tile first: shape (3**length, length), int8."""
    codes = np.arange(n_patterns(length))
    return np.stack([(codes // 3 ** (length - 1 - i)) % 3 for i in range(length)], axis=1).astype(np.int8)


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
            raise WordlekitError(f"unknown noise model {kind!r}; expected one of {', '.join(NOISE_MODELS)}")
        self.kind = kind
        self.p = _check_probability(p, f"{kind} noise", closed=(kind == "row"))
        self.length = int(length)
        digits = _digits(self.length)
        agree = (digits[:, None, :] == digits[None, :, :]).sum(axis=2)
        if kind == "tile":
            self.likelihood = (1 - self.p) ** agree * (self.p / 2) ** (self.length - agree)
        else:
            self.likelihood = np.where(agree == self.length, 1 - self.p,
                                       np.where(agree == self.length - 1,
                                                self.p / (2 * self.length), 0.0))
        self.row_entropy = -_xlog2x(self.likelihood).sum(axis=1)
        #: The per-tile factor of tile noise, tile[t, f] = P(tile shows f | its colour is t)
        #: (the likelihood is its L-th Kronecker power); the identity for row noise.
        self.tile = (np.full((3, 3), self.p / 2) + np.eye(3) * (1 - 3 * self.p / 2)
                     if kind == "tile" else np.eye(3))
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
            raise WordlekitError(f"noise model for {noise.length}-letter words, but the game has "
                                 f"{game.length}-letter words; expected one length")
        return noise
    return tile_noise(game.length, noise)


def _xlog2x(x: np.ndarray) -> np.ndarray:
    """x log2 x elementwise, 0 at x = 0 (x >= 0)."""
    return x * np.log2(np.maximum(x, np.finfo(float).tiny))


def _answer_of_guess(game: Game) -> np.ndarray:
    """For every guess, the index of the same word in the answer list, or -1."""
    key = "answer_of_guess"
    if key not in game.derived:
        out = np.full(len(game.guesses), -1, dtype=np.int64)
        out[game.guess_of_answer] = np.arange(len(game.answers))
        game.derived[key] = out
    return game.derived[key]


def _check_easy(game: Game) -> None:
    if game.mode != "easy":
        raise WordlekitError(f"the stochastic game is played in easy mode, got mode {game.mode!r}; "
                             "hard-mode rules are not defined when the feedback may lie")


# ---------------------------------------------------------------------------------------------
# Beliefs: exact Bayes and the particle filter

def bayes_update(game: Game, noise: Noise, belief: np.ndarray, guess: int, report: int) -> np.ndarray:
    """Exact Bayes after ``guess`` (not a win) got the reported pattern ``report``.

    ``b'(a) = b(a) P(report | t(guess, a)) / normaliser``, and 0 for the guessed word.

    Parameters
    ----------
    belief : numpy.ndarray, shape (n_answers,), float64, summing to 1

    Returns
    -------
    numpy.ndarray, shape (n_answers,), float64: the posterior.
    """
    if not 0 <= report < game.n_patterns:
        raise WordlekitError(f"report {report} is out of range; expected 0 to {game.n_patterns - 1}")
    posterior = belief * noise.likelihood[game.patterns[guess], report]
    answer = _answer_of_guess(game)[guess]
    if answer >= 0:
        posterior[answer] = 0.0
    mass = posterior.sum()
    if mass <= 0:
        raise WordlekitError(f"report {report} to {game.guesses[guess]!r} has probability 0 "
                             f"under this belief and {noise.name}; expected a report some answer can give")
    return posterior / mass


def total_variation(b1: np.ndarray, b2: np.ndarray) -> float:
    """Total-variation distance (1/2) sum_a |b1(a) - b2(a)|, in [0, 1]."""
    return 0.5 * float(np.abs(np.asarray(b1) - np.asarray(b2)).sum())


def _check_count(value, what: str, none: str = "") -> int:
    """``value`` as an int if it is a whole number >= 1; one clear error naming ``what``
    otherwise (``none``: what None would mean, if the caller allows it)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        also = f" or None ({none})" if none else ""
        raise WordlekitError(f"{what} must be an integer >= 1{also}, got {value!r}")
    return int(value)


def _check_particles(n_particles) -> int:
    return _check_count(n_particles, "number of particles N")


class ParticleFilter:
    """A particle filter over the answers (sequential importance resampling, seeded).

    Parameters
    ----------
    game : Game
    noise : Noise, or a number p for per-tile noise
    n_particles : int >= 1, N
    seed : int or sequence of ints (``numpy.random.default_rng``'s seed)
    prior : numpy.ndarray, shape (n_answers,), optional; uniform by default

    Attributes
    ----------
    particles : numpy.ndarray of int64, shape (N,): answer indices
    weights : numpy.ndarray of float64, shape (N,): normalised importance weights
    resamples : int, how many times the particles were resampled
    restarts : int, how many times every particle was excluded and the filter redrew them
    """

    def __init__(self, game: Game, noise, n_particles: int, seed: int = 0, prior=None):
        self.game = game
        self.noise = noise_model(game, noise)
        self.n_particles = _check_particles(n_particles)
        n = len(game.answers)
        self.prior = np.full(n, 1.0 / n) if prior is None else np.asarray(prior, dtype=float)
        self.rng = np.random.default_rng(seed)
        self.particles = self.rng.choice(n, size=self.n_particles, p=self.prior)
        self.weights = np.full(self.n_particles, 1.0 / self.n_particles)
        self.history: list[tuple[int, int]] = []
        self.resamples = 0
        self.restarts = 0

    def _likelihood(self, answers: np.ndarray, guess: int, report: int) -> np.ndarray:
        like = self.noise.likelihood[self.game.patterns[guess, answers], report]
        return np.where(answers == _answer_of_guess(self.game)[guess], 0.0, like)

    def update(self, guess: int, report: int) -> None:
        """Reweight by the likelihood of ``report`` to ``guess`` (not a win); resample when the
        effective sample size falls below N / 2."""
        self.history.append((int(guess), int(report)))
        w = self.weights * self._likelihood(self.particles, guess, report)
        if w.sum() <= 0:
            # Every particle excluded: draw afresh from the prior, weighted by the whole history.
            self.restarts += 1
            self.particles = self.rng.choice(len(self.prior), size=self.n_particles, p=self.prior)
            w = np.ones(self.n_particles)
            for g, f in self.history:
                w *= self._likelihood(self.particles, g, f)
            if w.sum() <= 0:
                raise WordlekitError(f"no answer of the {self.n_particles} drawn particles can give "
                                     "this history; expected a history some answer can give")
        w /= w.sum()
        if 1.0 / (w ** 2).sum() < self.n_particles / 2:
            self.particles = self.particles[self.rng.choice(self.n_particles, size=self.n_particles, p=w)]
            w = np.full(self.n_particles, 1.0 / self.n_particles)
            self.resamples += 1
        self.weights = w

    def belief(self) -> np.ndarray:
        """The particle belief: weight of the particles on each answer, shape (n_answers,)."""
        return np.bincount(self.particles, weights=self.weights, minlength=len(self.game.answers))


class _ExactBelief:
    """The exact-Bayes tracker, with the particle filter's interface."""

    def __init__(self, game: Game, noise: Noise, prior: np.ndarray):
        self.game, self.noise, self._belief = game, noise, prior

    def update(self, guess: int, report: int) -> None:
        self._belief = bayes_update(self.game, self.noise, self._belief, guess, report)

    def belief(self) -> np.ndarray:
        return self._belief


# ---------------------------------------------------------------------------------------------
# Policies on the belief

def _support(belief: np.ndarray, floor: float) -> np.ndarray:
    return np.flatnonzero(belief > floor)


def information_gain(game: Game, noise, belief: np.ndarray, guesses=None,
                     floor: float = DEFAULT_FLOOR) -> np.ndarray:
    """I(u) = H(O) - H(O | A) in bits for every guess u, O the win or the reported row.

    Parameters
    ----------
    belief : numpy.ndarray, shape (n_answers,), float64, summing to 1
    guesses : array of guess indices, optional (default: every guess)
    floor : answers with belief at most this are left out of the sums

    Returns
    -------
    numpy.ndarray, shape (len(guesses),), float64, bits. At p = 0 the entropy of the feedback
    buckets under the belief (``heuristics.MIG``'s score under a uniform belief).
    """
    noise = noise_model(game, noise)
    guesses = game.all_guesses if guesses is None else np.asarray(guesses)
    support = _support(belief, floor)
    out = np.empty(len(guesses))
    _kernels._fill_information_gain(game.patterns, support, belief[support], guesses,
                                    NOISE_MODELS.index(noise.kind), noise.tile, noise.p,
                                    game.length, noise.row_entropy, game.solved, out)
    return out


def _best_first(scores: np.ndarray, k: int, preferred=None) -> np.ndarray:
    """Positions of the k best (largest) scores, best first. Scores within ``TIE`` of the
    previous one in decreasing order are equal; among equals, ``preferred`` positions first (if
    given), then lower positions."""
    k = min(k, len(scores))
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    kth = np.partition(scores, len(scores) - k)[len(scores) - k]
    pool = np.flatnonzero(scores >= kth - TIE)
    pool = pool[np.argsort(-scores[pool], kind="stable")]
    group = np.concatenate([[0], np.cumsum(-np.diff(scores[pool]) > TIE)])
    later = np.zeros(len(pool), dtype=bool) if preferred is None else ~preferred[pool]
    return pool[np.lexsort((pool, later, group))][:k]


class _Memo:
    """A policy's choices by (game, noise, turn, belief): a policy on the belief is a function
    of it, and the same beliefs recur across games (after the opener there are at most 3**L).
    Bounded: cleared when full."""

    def __init__(self, size: int = 4096):
        self.size = size
        self.games = weakref.WeakKeyDictionary()

    def get(self, game, noise, belief, turn, compute):
        items = self.games.setdefault(game, {})
        key = (noise.kind, noise.p, turn, belief.tobytes())
        value = items.get(key)
        if value is None:
            if len(items) >= self.size:
                items.clear()
            value = items[key] = compute()
        return value


class BeliefMIG:
    """Maximum information gain on the belief (see the module docstring for I(u)).

    Plays the first guess in list order whose gain is within ``TIE`` of the best; an answer
    holding all the belief (above 1 - floor) is played at once.

    Parameters
    ----------
    floor : float, answers with belief at most this are left out of the sums
    """

    name = "mig"

    def __init__(self, floor: float = DEFAULT_FLOOR):
        self.floor = floor
        self._choices = _Memo()

    def __repr__(self) -> str:
        return f"BeliefMIG(floor={self.floor:g})"

    def scores(self, game: Game, noise, belief: np.ndarray) -> np.ndarray:
        """I(u) in bits for every guess, shape (n_guesses,)."""
        return information_gain(game, noise, belief, floor=self.floor)

    def rank(self, game: Game, noise, belief: np.ndarray, k: int) -> np.ndarray:
        """The k guesses of largest gain, best first; among equal gains, possible answers
        (belief above the floor) first, then list order."""
        answers = np.zeros(len(game.guesses), dtype=bool)
        answers[game.guess_of_answer[_support(belief, self.floor)]] = True
        return _best_first(self.scores(game, noise, belief), k, answers)

    def choose(self, game: Game, noise, belief: np.ndarray, turn: int) -> int:
        noise = noise_model(game, noise)
        top = int(np.argmax(belief))
        if belief[top] >= 1 - self.floor:
            return int(game.guess_of_answer[top])
        def best():
            scores = self.scores(game, noise, belief)
            return int(np.flatnonzero(scores >= scores.max() - TIE)[0])  # ties to list order

        return self._choices.get(game, noise, belief, turn, best)


class MostLikely:
    """Guess the answer of largest belief (ties to list order): exploitation only."""

    name = "most-likely"

    def __repr__(self) -> str:
        return "MostLikely()"

    def choose(self, game: Game, noise, belief: np.ndarray, turn: int) -> int:
        return int(game.guess_of_answer[int(np.argmax(belief))])


class BeliefRollout:
    """Rollout on the belief: one step of lookahead with the base policy's cost-to-go.

    Q(u) = 1 + sum_{a != u} b(a) E_w[J_base(b'(u, f))], estimated for the shortlist (the base's
    choice, its top k by information gain, the most likely answer); plays the smallest Q (ties,
    within ``TIE``, to the earlier option, so the base's choice wins a tie).

    Parameters
    ----------
    base_heuristic : policy on the belief with ``rank`` (default ``BeliefMIG()``)
    top_k : int >= 1, guesses shortlisted by the base's one-step score
    n_simulations : int >= 1, or None
        Monte-Carlo samples (answer and noise) per shortlisted guess, the same for every
        option; None: exact expectation by enumeration (p = 0 or tiny games only).
    seed : int, with the belief's bytes and the turn seeds each decision's samples
    max_guesses : int, play-outs stop there (an unfinished one counts ``max_guesses`` guesses)
    """

    def __init__(self, base_heuristic=None, top_k: int = 5, n_simulations: int | None = 16,
                 seed: int = 0, max_guesses: int = DEFAULT_MAX_GUESSES):
        if n_simulations is not None:
            _check_count(n_simulations, "number of simulations n", none="exact")
        self.base_heuristic = base_heuristic or BeliefMIG()
        self.top_k = _check_count(top_k, "top-k")
        self.n_simulations = n_simulations
        self.seed = seed
        self.max_guesses = _check_cap(max_guesses)
        self.name = f"rollout-{self.base_heuristic.name}"
        self._choices = _Memo()

    def __repr__(self) -> str:
        return (f"BeliefRollout({self.base_heuristic!r}, top_k={self.top_k}, "
                f"n_simulations={self.n_simulations}, seed={self.seed})")

    def shortlist(self, game: Game, noise, belief: np.ndarray, turn: int) -> np.ndarray:
        """The base's choice, its top k by one-step score, then the most likely answer."""
        base_choice = self.base_heuristic.choose(game, noise, belief, turn)
        top = self.base_heuristic.rank(game, noise, belief, self.top_k).tolist()
        favourite = int(game.guess_of_answer[int(np.argmax(belief))])
        options = [base_choice] + [g for g in top if g != base_choice]
        if favourite not in options:
            options.append(favourite)
        return np.array(options, dtype=np.int64)

    def q_factors(self, game: Game, noise, belief: np.ndarray, turn: int):
        """Q(u) for the shortlist: (options, q, standard error of each q; 0 when exact)."""
        noise = noise_model(game, noise)
        options = self.shortlist(game, noise, belief, turn)
        if self.n_simulations is None:
            q = np.array([_expected_from(game, noise, self.base_heuristic, belief, turn, int(u),
                                         self.max_guesses) for u in options])
            return options, q, np.zeros(len(options))
        n = self.n_simulations
        rng = np.random.default_rng([self.seed, zlib.crc32(belief.tobytes()), turn])
        answers = rng.choice(len(belief), size=n, p=belief / belief.sum())
        streams = rng.integers(2 ** 63, size=n)
        costs = np.empty((len(options), n))
        for i, u in enumerate(options):
            for s in range(n):
                guesses, _ = play_game(game, noise, self.base_heuristic, int(answers[s]),
                                       np.random.default_rng(streams[s]), first=int(u),
                                       belief=belief, turn=turn, max_guesses=self.max_guesses)
                costs[i, s] = guesses - (turn - 1)
        se = costs.std(axis=1, ddof=1) / math.sqrt(n) if n > 1 else np.full(len(options), np.nan)
        return options, costs.mean(axis=1), se

    def choose(self, game: Game, noise, belief: np.ndarray, turn: int) -> int:
        noise = noise_model(game, noise)
        top = int(np.argmax(belief))
        if belief[top] >= 1 - DEFAULT_FLOOR:
            return int(game.guess_of_answer[top])
        def best():
            options, q, _ = self.q_factors(game, noise, belief, turn)
            return int(options[int(np.flatnonzero(q <= q.min() + TIE)[0])])

        return self._choices.get(game, noise, belief, turn, best)


# ---------------------------------------------------------------------------------------------
# Playing and evaluating

def _check_cap(max_guesses) -> int:
    return _check_count(max_guesses, "max_guesses")


def play_game(game: Game, noise, policy, answer: int, rng: np.random.Generator,
              first: int | None = None, belief=None, turn: int = 1,
              max_guesses: int = DEFAULT_MAX_GUESSES, tracker=None, trace=None) -> tuple[int, bool]:
    """One game against ``answer`` (an answer index), reports drawn with ``rng`` from ``noise``
    (a Noise, or a number p for per-tile noise).

    ``first`` is the guess of turn ``turn`` (an opener), ``belief`` the belief before it
    (default uniform), ``tracker`` the belief the policy reads (default exact Bayes; e.g. a
    ``ParticleFilter``). ``trace(turn, guess, report, tracker)``, if given, is called after
    every report. Returns (guesses played in all, counting the earlier ``turn - 1``; whether the
    answer was guessed within ``max_guesses``).
    """
    noise = noise_model(game, noise)
    n = len(game.answers)
    if tracker is None:
        tracker = _ExactBelief(game, noise, np.full(n, 1.0 / n) if belief is None else belief)
    guess = first
    while True:
        if guess is None:
            guess = policy.choose(game, noise, tracker.belief(), turn)
        if _answer_of_guess(game)[guess] == answer:
            return turn, True
        if turn >= max_guesses:
            return max_guesses, False
        report = noise.sample(int(game.patterns[guess, answer]), rng)
        tracker.update(guess, report)
        if trace is not None:
            trace(turn, guess, report, tracker)
        turn += 1
        guess = None


@dataclass(frozen=True)
class StochasticEvaluation:
    """A policy's guesses in the stochastic game, per answer, and how they were obtained.

    Attributes
    ----------
    policy, opener, noise : str (noise as ``Noise.name``)
    p : float
    method : str
        ``"exact"`` (every report enumerated down to ``pruned`` mass) or ``"simulation"``
        (``n_games`` seeded games per answer).
    max_guesses : int
    answers : tuple of str, the answers averaged over (all of the game's, or a sample)
    guesses_per_answer : numpy.ndarray, shape (n_answers,), float64
        Expected guesses (exact) or the mean over the games (simulation) for each answer; an
        unfinished game counts ``max_guesses``.
    unfinished_per_answer : numpy.ndarray, shape (n_answers,), float64
        Probability (exact) or share of games (simulation) not won within the cap.
    variance_per_answer : numpy.ndarray, shape (n_answers,), float64
        Sample variance of the guesses per answer (simulation; 0 for exact).
    n_games : int, games per answer (0 for exact)
    pruned : float, probability of the branches the enumeration cut; they count one more guess
        than played, so the exact ``mean`` is a lower bound within ``error_bound``
    seed : int
    sampled_answers : bool, whether ``answers`` is a subset of the game's answers
    """

    policy: str
    opener: str
    noise: str
    p: float
    method: str
    max_guesses: int
    answers: tuple
    guesses_per_answer: np.ndarray
    unfinished_per_answer: np.ndarray
    variance_per_answer: np.ndarray
    n_games: int
    pruned: float
    seed: int
    sampled_answers: bool = False

    @property
    def mean(self) -> float:
        """Average guesses per game, uniform over the answers."""
        return float(self.guesses_per_answer.mean())

    @property
    def total(self) -> float:
        """Guesses summed over the answers (the papers' TOTAL when p = 0)."""
        return float(self.guesses_per_answer.sum())

    @property
    def standard_error(self) -> float:
        """Standard error of ``mean`` (0 for exact). Over every answer with two or more games
        each, sqrt(sum_a var_a / n_games) / n_answers (the answers are not sampled); over a
        sample of answers, or one game each, the spread of the per-answer means divided by
        sqrt(n_answers) (which also counts the answers' own spread: larger)."""
        if self.method == "exact":
            return 0.0
        n = len(self.answers)
        if self.sampled_answers or self.n_games < 2:
            return float(self.guesses_per_answer.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
        return math.sqrt(self.variance_per_answer.sum() / self.n_games) / n

    @property
    def error_bound(self) -> float:
        """How far above ``mean`` the exact expectation may be (exact method: a cut branch
        counts at least 2 guesses and at most ``max_guesses``); 0 for simulation."""
        return self.pruned * (self.max_guesses - 2) if self.method == "exact" else 0.0

    @property
    def unfinished(self) -> float:
        """Share of games not won within the cap."""
        return float(self.unfinished_per_answer.mean())

    def to_dict(self) -> dict:
        return {"policy": self.policy, "opener": self.opener, "noise": self.noise, "p": self.p,
                "method": self.method, "answers": len(self.answers),
                "sampled_answers": self.sampled_answers, "n_games": self.n_games,
                "mean": self.mean, "standard_error": self.standard_error,
                "unfinished": self.unfinished, "pruned": self.pruned, "error_bound": self.error_bound,
                "max_guesses": self.max_guesses}


class _Tally:
    def __init__(self, n: int):
        self.guesses = np.zeros(n)
        self.unfinished = np.zeros(n)
        self.pruned = np.zeros(n)


def _enumerate(game, noise, policy, prior, lik, turn, first, max_guesses, prune, tally) -> None:
    """Add to ``tally`` every answer's guesses over the reports after this node, exactly.

    ``lik[a]`` is P(reports so far | a) (0 for guessed words); the policy sees the belief
    prior * lik, normalised. Reports less likely than ``prune`` (in prior probability) are cut:
    they count one more guess, and their mass goes to ``tally.pruned``.
    """
    weights = prior * lik
    belief = weights / weights.sum()
    guess = first if first is not None else policy.choose(game, noise, belief, turn)
    won = _answer_of_guess(game)[guess]
    lik = lik.copy()
    if won >= 0 and lik[won] > 0:
        tally.guesses[won] += lik[won] * turn
        lik[won] = 0.0
    live = np.flatnonzero(lik)
    if len(live) == 0:
        return
    if turn >= max_guesses:
        tally.guesses[live] += lik[live] * max_guesses
        tally.unfinished[live] += lik[live]
        return
    rows = noise.likelihood[game.patterns[guess, live]]  # (|live|, 3**L): P(f | t(guess, a))
    branch = lik[live, None] * rows  # P(reports so far and f | a)
    report_mass = prior[live] @ branch
    for f in np.flatnonzero(report_mass > 0):
        if report_mass[f] < prune:
            tally.guesses[live] += branch[:, f] * (turn + 1)
            tally.pruned[live] += branch[:, f]
            continue
        child = np.zeros_like(lik)
        child[live] = branch[:, f]
        _enumerate(game, noise, policy, prior, child, turn + 1, None, max_guesses, prune, tally)


def _expected_from(game, noise, policy, belief, turn, first, max_guesses) -> float:
    """Exact expected guesses from turn ``turn`` on (this one included) when ``first`` is
    played now on ``belief`` and ``policy`` plays on: the exact Q-factor of rollout."""
    tally = _Tally(len(belief))
    _enumerate(game, noise, policy, belief, (belief > 0).astype(float), turn, first, max_guesses, 0.0, tally)
    return float(belief @ tally.guesses) - (turn - 1)


METHODS = ("auto", "exact", "simulation")


def evaluate(game: Game, policy, opener, noise, max_guesses: int = DEFAULT_MAX_GUESSES,
             method: str = "auto", n_games: int = 20, seed: int = 0, prune: float = DEFAULT_PRUNE,
             answers=None, n_particles: int | None = None, progress: bool = False) -> StochasticEvaluation:
    """Average guesses of ``policy`` from ``opener`` over every answer and the noise.

    Parameters
    ----------
    game : Game, easy mode
    policy : object with ``name`` and ``choose(game, noise, belief, turn) -> guess index``
    opener : str or int, the first guess (None: the policy chooses it)
    noise : Noise, or a number p in [0, 1) for per-tile noise
    max_guesses : int >= 1, games stop there (an unfinished game counts ``max_guesses`` guesses)
    method : "auto" (exact if p = 0, else simulation), "exact" or "simulation"
    n_games : int >= 1, simulated games per answer
    seed : int; game i against answer a draws its reports from ``default_rng([seed, a, i])``
    prune : float, the exact enumeration cuts reports less likely than this
    answers : answer indices to average over (default all); e.g. a seeded sample
    n_particles : int, optional: the policy reads a particle filter of N particles instead of
        the exact belief (simulation only; seeded by ``[seed, a, i, N]``; the reports are the
        same as with the exact belief as long as the guesses are)
    progress : bool, a progress bar over the answers on stderr

    Returns
    -------
    StochasticEvaluation (its ``method`` says exact or simulation)
    """
    _check_easy(game)
    noise = noise_model(game, noise)
    max_guesses = _check_cap(max_guesses)
    if method not in METHODS:
        raise WordlekitError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")
    if method == "auto":
        method = "exact" if noise.is_exact and n_particles is None else "simulation"
    if method == "exact" and n_particles is not None:
        raise WordlekitError("a particle filter is random: expected method 'simulation' with n_particles")
    if n_particles is not None:
        _check_particles(n_particles)
    _check_count(n_games, "number of games per answer")
    first = None if opener is None else (
        game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener))
    n = len(game.answers)
    chosen = np.arange(n) if answers is None else np.asarray(answers, dtype=np.int64)
    prior = np.full(n, 1.0 / n)
    bar = None
    if progress:
        from .progress import tqdm
        bar = tqdm(total=len(chosen), desc=f"{policy.name}, {noise.name}", unit="answer",
                   file=sys.stderr, leave=False)
    if method == "exact":
        tally = _Tally(n)
        lik = np.zeros(n)
        lik[chosen] = 1.0
        _enumerate(game, noise, policy, prior, lik, 1, first, max_guesses, prune, tally)
        guesses, unfinished = tally.guesses[chosen], tally.unfinished[chosen]
        variance, games, pruned = np.zeros(len(chosen)), 0, float(tally.pruned[chosen].mean())
        if bar is not None:
            bar.update(len(chosen))
    else:
        guesses, unfinished, variance = (np.zeros(len(chosen)) for _ in range(3))
        for k, a in enumerate(chosen):
            played = np.empty(n_games)
            lost = 0
            for i in range(n_games):
                rng = np.random.default_rng([seed, int(a), i])
                tracker = None if n_particles is None else ParticleFilter(
                    game, noise, n_particles, seed=[seed, int(a), i, n_particles])
                played[i], won = play_game(game, noise, policy, int(a), rng, first=first,
                                           max_guesses=max_guesses, tracker=tracker)
                lost += not won
            guesses[k], unfinished[k] = played.mean(), lost / n_games
            variance[k] = played.var(ddof=1) if n_games > 1 else 0.0
            if bar is not None:
                bar.update(1)
        games, pruned = int(n_games), 0.0
    if bar is not None:
        bar.close()
    name = policy.name if n_particles is None else f"{policy.name} (N={n_particles} particles)"
    return StochasticEvaluation(
        name, "" if first is None else game.guesses[first], noise.name, noise.p, method, max_guesses,
        tuple(game.answers[int(a)] for a in chosen), guesses, unfinished, variance, games, pruned, seed,
        len(chosen) < n)


def track_beliefs(game: Game, noise, policy, opener, answers, particle_counts, n_games: int = 1,
                  seed: int = 0, max_guesses: int = DEFAULT_MAX_GUESSES) -> list[dict]:
    """Particle filters of each size beside the exact belief, on the same games.

    The games are played by ``policy`` on the exact belief, reports drawn as in ``evaluate``;
    after every report, a particle filter of each N in ``particle_counts`` (seeded as in
    ``evaluate``) is updated with the same guess and report.

    Returns
    -------
    list of dict, one per (game, turn, N): ``answer``, ``game``, ``turn`` (reports seen),
    ``n_particles``, ``tv`` (total-variation distance to the exact belief), ``distinct``
    (answers held by the particles), ``exact_on_answer`` and ``particles_on_answer`` (the
    belief each puts on the true answer).
    """
    noise = noise_model(game, noise)
    counts = [_check_particles(n) for n in particle_counts]
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    rows = []
    for a in answers:
        for i in range(n_games):
            rng = np.random.default_rng([seed, int(a), i])
            filters = {n: ParticleFilter(game, noise, n, seed=[seed, int(a), i, n]) for n in counts}

            def trace(turn, guess, report, tracker, a=int(a), i=i, filters=filters):
                exact = tracker.belief()
                for n, pf in filters.items():
                    pf.update(guess, report)
                    b = pf.belief()
                    rows.append({"answer": game.answers[a], "game": i, "turn": turn, "n_particles": n,
                                 "tv": total_variation(b, exact), "distinct": int((b > 0).sum()),
                                 "exact_on_answer": float(exact[a]), "particles_on_answer": float(b[a])})

            play_game(game, noise, policy, int(a), rng, first=first, max_guesses=max_guesses, trace=trace)
    return rows
