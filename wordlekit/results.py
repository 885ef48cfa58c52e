"""One vocabulary for how a policy did over many games, whatever the game.

The evaluation of either game (``evaluation.Evaluation``: exact, or in the game with
misreported feedback an expectation over the reports) and the answer-unaware agents' score on
the real secrets (``unaware.SecretsResult``) all report with these names, in code and in JSON:

``total``
    Guesses summed over the games, one game per answer (the papers' TOTAL).
``mean``
    ``total`` divided by the number of games: the average guesses per game.
``distribution``
    ``{k: games solved in exactly k guesses}`` for k = 1 .. ``worst`` (zeros included).
``worst``
    The most guesses any game took (a policy is played to the end, past the cap).
``unfinished``
    Games not solved within the cap: lost games. (A sweep task that raised is *crashed*,
    never unfinished: ``sweep.store``.)
``max_guesses``
    The cap, six in the NYT game: only ever the cap, never the worst case.

An exact optimum (``wordlekit optimal --json``, one board or many) is a total, not games
played, and reports with ``total``, ``mean`` and ``max_guesses`` above and ``OPTIMUM_KEYS``:

``opener``
    The first guess the optimum starts from; None when the search chose it and none is feasible.
``opener_proved_best``
    Whether the search chose the opener, proving it a best first guess of all (False when the
    opener was given).
``mode``, ``answers``, ``prior``, ``breadth``
    One board: the mode, the number of answers, the prior's name (None: uniform), the search
    breadth (None: every guess).
``boards``, ``game``, ``secrets``
    Many boards: how many, the game's name, the number of secrets (tuples of answers).
``nodes``
    States the search expanded.
``worst``, ``objective``
    One board: the most guesses the strategy found takes for an answer, and the objective it
    optimises (``optimal.objectives``: ``mean``, ``worst``, ``mean-then-worst``,
    ``worst-then-mean``).
``mean_optimum_total``, ``totals_by_cap``, ``strategy``
    One board, an objective other than ``mean``: the mean's optimum TOTAL within the cap, the
    least TOTAL within each cap tried (``INFEASIBLE_TOTAL`` where none exists), and the
    strategy's tree.

Its ``total`` is ``INFEASIBLE_TOTAL`` (``"infeasible"``) and its ``mean`` None when no strategy
solves every answer within the cap. A command adds what the run cost, ``RUN_KEYS``: ``seconds``
computing and ``compile_seconds`` compiling numba's kernels first (``run_to_dict``).

``GuessCounts`` defines the first five from a result's guesses per answer and its cap, once;
``to_dict`` writes them, JSON-ready, for every result type; ``optimum_to_dict`` writes an
optimum's. ``Evaluation`` is the one result of
``evaluation.evaluate``, whatever the game (exact feedback, or misreported: then each answer's
guesses are an expectation, with how it was obtained).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .game import MAX_GUESSES

#: The keys ``to_dict`` writes, in this order, for every result.
KEYS = ("total", "mean", "distribution", "worst", "unfinished", "max_guesses")

#: The keys an exact optimum adds to ``total``, ``mean`` and ``max_guesses`` (one board: the
#: first four after ``opener_proved_best``; many boards: ``boards``, ``game``, ``secrets``).
OPTIMUM_KEYS = (
    "opener",
    "opener_proved_best",
    "mode",
    "answers",
    "prior",
    "breadth",
    "boards",
    "game",
    "secrets",
    "nodes",
    "worst",
    "objective",
    "mean_optimum_total",
    "totals_by_cap",
    "strategy",
)

#: What a command's run cost, in seconds: computing, and compiling numba's kernels before it.
RUN_KEYS = ("seconds", "compile_seconds")

#: An optimum's ``total`` when no strategy solves every answer within the cap (in JSON; the
#: solvers' own ``INFEASIBLE`` is a number, ``branch_and_bound``'s).
INFEASIBLE_TOTAL = "infeasible"


class GuessCounts:
    """The vocabulary over ``guesses_per_answer`` (number of guesses of each game, including the
    final all-green one, int) and ``max_guesses`` (the cap), which the result class holds."""

    guesses_per_answer: np.ndarray
    max_guesses: int

    @property
    def total(self) -> int:
        """TOTAL: guesses summed over the games."""
        return int(self.guesses_per_answer.sum())

    @property
    def mean(self) -> float:
        """Average guesses per game (``total`` / number of games)."""
        return self.total / len(self.guesses_per_answer)

    @property
    def distribution(self) -> dict[int, int]:
        """Number of games solved in exactly k guesses, for k = 1 .. ``worst``."""
        counts = np.bincount(self.guesses_per_answer)
        return {k: int(counts[k]) for k in range(1, len(counts))}

    @property
    def worst(self) -> int:
        """The worst case: most guesses any game took."""
        return int(self.guesses_per_answer.max())

    @property
    def unfinished(self) -> int:
        """Games not solved within the cap ``max_guesses``: games lost."""
        return int((self.guesses_per_answer > self.max_guesses).sum())


def to_dict(result, digits: int | None = None) -> dict:
    """The vocabulary of ``result`` as JSON-ready values: ``KEYS``, ``mean`` rounded to
    ``digits`` decimals if given, ``distribution``'s keys as strings, None where the result
    does not record a quantity (the stochastic game keeps no game's own count: its
    ``distribution`` and ``worst``)."""
    out = {key: getattr(result, key) for key in KEYS}
    if digits is not None:
        out["mean"] = round(out["mean"], digits)
    if out["distribution"] is not None:
        out["distribution"] = {str(k): v for k, v in out["distribution"].items()}
    return out


def optimum_to_dict(
    total: int, mass: int, max_guesses: int | None, solved: bool, **described
) -> dict:
    """An exact optimum as JSON-ready values: ``total`` (``INFEASIBLE_TOTAL`` unless
    ``solved``), ``mean`` (``total`` / ``mass``, the answers' or secrets' count or weight, to
    six decimals; None unless ``solved``), ``max_guesses`` (None: no cap), and ``described``,
    whose names must be ``OPTIMUM_KEYS``: a name outside the vocabulary is a bug, refused."""
    unknown = sorted(set(described) - set(OPTIMUM_KEYS))
    if unknown:
        raise ValueError(f"not in results.OPTIMUM_KEYS: {unknown}")
    return {
        **described,
        "total": total if solved else INFEASIBLE_TOTAL,
        "mean": round(total / mass, 6) if solved else None,
        "max_guesses": max_guesses,
    }


def run_to_dict(seconds: float, compile_seconds: float) -> dict:
    """``RUN_KEYS``: what a command's run cost, to a tenth of a millisecond."""
    return dict(zip(RUN_KEYS, (round(seconds, 4), round(compile_seconds, 4))))


@dataclass(frozen=True)
class Evaluation(GuessCounts):
    """The result of playing one policy against every answer, in the vocabulary of
    ``results``: ``total``, ``mean``, ``distribution``, ``worst`` and ``unfinished`` (answers
    needing more than ``max_guesses``, the cap; games are played to the end past it).

    In the game with misreported feedback (``noise`` set) each answer's guesses are an
    expectation over the reports (``expected``): ``guesses_per_answer`` is float, ``total``,
    ``mean`` and ``unfinished`` (the expected number of answers not solved within the cap, one
    game each) are floats, ``distribution`` and ``worst`` are None (the enumeration and the
    simulation keep each answer's mean, not each game's count), and a game not won within
    the cap stops there, counting ``max_guesses``.

    Attributes
    ----------
    policy, mode, opener : str
        ``opener`` is "" when the policy chose each noisy game's first guess itself.
    answers : tuple of str
    guesses_per_answer : numpy.ndarray, shape (n_answers,)
        Number of guesses (including the final, all-green one) for each answer: int64; in
        the noisy game float64, its expectation (exact) or the mean over the games
        (simulation).
    max_guesses : int
        The cap: six, the NYT game's (``game.MAX_GUESSES``), unless ``evaluate`` was given
        another (Bulls and Cows: 7; Mastermind: often 8-10; the noisy game: 12).

    The noisy game only (defaults otherwise):

    noise : str or None
        ``Noise.name`` (``"tile p=0.1"``); None: the feedback is exact.
    p : float, the noise probability
    method : str
        ``"exact"`` (every report enumerated down to ``pruned`` mass; always so without noise)
        or ``"simulation"`` (``n_games`` seeded games per answer).
    unfinished_per_answer : numpy.ndarray of float64, shape (n_answers,), or None
        Probability (exact) or share of games (simulation) not won within the cap.
    variance_per_answer : numpy.ndarray of float64, shape (n_answers,), or None
        Sample variance of the guesses per answer (simulation; 0 for exact).
    n_games : int, games per answer (0 for exact)
    pruned : float
        Probability of the branches the enumeration cut; they count one more guess than
        played, so the exact ``mean`` is a lower bound within ``error_bound``.
    seed : int or None, the simulation's seed
    sampled_answers : bool, whether ``answers`` is a subset of the game's answers
    """

    policy: str
    mode: str
    opener: str
    answers: tuple
    guesses_per_answer: np.ndarray
    max_guesses: int = MAX_GUESSES
    noise: str | None = None
    p: float = 0.0
    method: str = "exact"
    unfinished_per_answer: np.ndarray | None = None
    variance_per_answer: np.ndarray | None = None
    n_games: int = 0
    pruned: float = 0.0
    seed: int | None = None
    sampled_answers: bool = False

    @property
    def expected(self) -> bool:
        """Whether each answer's guesses are an expectation over misreported feedback."""
        return self.noise is not None

    def guesses_for(self, answer: str):
        """The guesses of ``answer``'s game: int; float (an expectation) in the noisy game."""
        value = self.guesses_per_answer[self.answers.index(answer)]
        return float(value) if self.expected else int(value)

    @property
    def total(self):
        """TOTAL: guesses summed over the games (in expectation: a float)."""
        if self.expected:
            return float(self.guesses_per_answer.sum())
        return GuessCounts.total.fget(self)

    @property
    def mean(self) -> float:
        """Average guesses per game, uniform over the answers."""
        if self.expected:
            return float(self.guesses_per_answer.mean())
        return GuessCounts.mean.fget(self)

    @property
    def distribution(self):
        """Games solved in exactly k guesses, k = 1 .. ``worst``; None in the noisy game."""
        return None if self.expected else GuessCounts.distribution.fget(self)

    @property
    def worst(self):
        """The most guesses any game took; None in the noisy game."""
        return None if self.expected else GuessCounts.worst.fget(self)

    @property
    def unfinished(self):
        """Games not solved within the cap; in the noisy game the expected number of answers
        not solved within it, one game each (a float)."""
        if self.expected:
            return float(self.unfinished_per_answer.sum())
        return GuessCounts.unfinished.fget(self)

    @property
    def unfinished_share(self) -> float:
        """Share of games not solved within the cap (``unfinished`` / answers)."""
        if self.expected:
            return float(self.unfinished_per_answer.mean())
        return self.unfinished / len(self.answers)

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

    def to_dict(self) -> dict:
        """JSON-ready summary (without the per-answer counts): the policy, mode, opener and
        number of answers, then ``results.KEYS`` (``mean`` to six decimals). In the noisy
        game: the policy, mode, opener, noise, p, method, number of answers, whether they are
        a sample, games per answer, ``results.KEYS``, the standard error, the share
        unfinished and the enumeration's cut."""
        if not self.expected:
            return {
                "policy": self.policy,
                "mode": self.mode,
                "opener": self.opener,
                "answers": len(self.answers),
                **to_dict(self, digits=6),
            }
        return {
            "policy": self.policy,
            "mode": self.mode,
            "opener": self.opener,
            "noise": self.noise,
            "p": self.p,
            "method": self.method,
            "answers": len(self.answers),
            "sampled_answers": self.sampled_answers,
            "n_games": self.n_games,
            **to_dict(self),
            "standard_error": self.standard_error,
            "unfinished_share": self.unfinished_share,
            "pruned": self.pruned,
            "error_bound": self.error_bound,
        }


@dataclass(frozen=True)
class Histogram:
    """A policy's games counted by their number of guesses, in the vocabulary above: what an
    evaluation keeps when the games are too many to list one by one (Dordle's 5,356,910, by
    ``evaluation.count_guesses``).

    Attributes
    ----------
    policy, game, opener : str
    counts : tuple of int
        ``counts[k]``: games solved in exactly k guesses (``counts[0]`` is 0).
    max_guesses : int, the cap
    """

    policy: str
    game: str
    opener: str
    counts: tuple
    max_guesses: int

    @property
    def games(self) -> int:
        return sum(self.counts)

    @property
    def total(self) -> int:
        return sum(k * c for k, c in enumerate(self.counts))

    @property
    def mean(self) -> float:
        return self.total / self.games

    @property
    def distribution(self) -> dict[int, int]:
        return {k: int(self.counts[k]) for k in range(1, len(self.counts))}

    @property
    def worst(self) -> int:
        return max(k for k, c in enumerate(self.counts) if c)

    @property
    def unfinished(self) -> int:
        return sum(self.counts[self.max_guesses + 1 :])

    def to_dict(self) -> dict:
        return {
            "policy": self.policy,
            "game": self.game,
            "opener": self.opener,
            "games": self.games,
            **to_dict(self, digits=6),
        }
