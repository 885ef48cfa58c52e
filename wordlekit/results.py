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

``GuessCounts`` defines the first five from a result's guesses per answer and its cap, once;
``to_dict`` writes them, JSON-ready, for every result type.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The keys ``to_dict`` writes, in this order, for every result.
KEYS = ("total", "mean", "distribution", "worst", "unfinished", "max_guesses")


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
