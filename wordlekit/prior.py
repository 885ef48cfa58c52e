"""Non-uniform priors over the answers: the open problem the rollout paper ends with.

The papers assume every answer equally likely, so the belief is uniform over the candidate set
and the expected number of guesses is TOTAL / |S|. Here the answer is drawn with probability
p_a proportional to a weight w_a, for instance its frequency in Norvig's word counts. Bayes'
rule (``belief.belief_update``) keeps the posterior proportional to the prior on the candidates
and zero elsewhere, so **the state is still the candidate set**: what changes is the cost.
The expected number of guesses of a policy from a state S is

    E_pi(S) = T^w_pi(S) / W(S),   T^w_pi(S) = W(S) + sum_{f != all green} T^w_pi(S_f),

with W(S) the weight of S and T^w the weighted total (``evaluation.PolicyValues(prior=...)``).
With unit weights T^w is the papers' TOTAL.

Weights are kept as positive integers so that sums are exact and ties stay ties: integer
counts are used as they are (Norvig's counts of the 2,315 answers sum to 4.8e10); anything
else (a tempered prior, probabilities from a file) is scaled to a total of about 2**32 and
rounded, never below 1.

Priors by name (``get_prior``): ``uniform``; ``norvig`` (counts from Norvig's corpus; an answer
missing from it gets ``floor``, by default the corpus's smallest count, 12,711: the corpus lists
the 333,333 most frequent words, so a missing word is at most that frequent); or a file of
``word weight`` lines.

The tables that compare policies under a prior are experiments built on it
(``experiments.prior_table``).

References
----------
- [bhambri2022]_, Section 6: the non-uniform distribution of the answer, left open there.
- [norvig]_: the word counts of the ``norvig`` prior.
"""

from __future__ import annotations

import math
import weakref
from pathlib import Path

import numpy as np

from .errors import WordlekitError
from .game import MAX_GUESSES
from .words import WordList, norvig_counts

#: Integer weights whose mass (sum) is beyond this are rescaled (keeps every weighted sum
#: within int64).
MAX_MASS = 2**36
#: The mass of non-integer weights after rescaling.
QUANTUM_MASS = 2**32
#: The fixed-point scale of MIG's entropy term: round(c log2 c * ENTROPY_SCALE) keeps enough
#: bits to separate every pair of splits (see ``buckets``), unless the weighted sums W log2 W
#: would then exceed 2**KEY_BITS (a prior's own ``entropy_scale`` is then smaller).
ENTROPY_SCALE = 2**36
KEY_BITS = 60


class Weights:
    """W(S), the weight of a candidate set: the one object behind the uniform and the
    prior-weighted paths (``Weights.of(game, prior)``).

    With unit weights (no prior, the papers' case) W(S) = |S|; with a prior's integer weights
    W(S) = sum_{a in S} w_a. Callers ask this object and never branch on the prior themselves,
    except to pick a uniform-only shortcut or a kernel's uniform twin (``uniform``).

    Attributes
    ----------
    array : numpy.ndarray of int64, shape (n_answers,), or None
        What the kernels take: None selects their uniform twin.
    uniform : bool
        Unit weights.
    entropy_scale : float
        Fixed-point scale of the entropy statistics (``ENTROPY_SCALE`` with unit weights).
    """

    def __init__(self, array: np.ndarray | None = None, entropy_scale: float = ENTROPY_SCALE):
        self.array = array
        self.uniform = array is None
        self.entropy_scale = entropy_scale

    @classmethod
    def of(cls, game, prior=None) -> Weights:
        """The weights of ``game``'s answers under ``prior`` (None: unit weights)."""
        if prior is None:
            return UNIT
        prior.weights_for(game)  # checks that the prior is over the game's answers
        return prior.as_weights

    def __repr__(self) -> str:
        return "Weights(unit)" if self.uniform else f"Weights({len(self.array)} answers)"

    def mass(self, candidates: np.ndarray) -> int:
        """W(S): the number of candidates, or their weight."""
        if self.array is None:
            return len(candidates)
        return int(self.array[candidates].sum())

    def lightest(self, candidates: np.ndarray) -> int:
        """min_{a in S} w_a (1 with unit weights)."""
        return 1 if self.array is None else int(self.array[candidates].min())

    def floor(self, candidates: np.ndarray) -> int:
        """2W(S) - max w: a lower bound on the total of any strategy from S (2|S| - 1 with unit
        weights), as every candidate but one needs a second guess."""
        if self.array is None:
            return 2 * len(candidates) - 1
        w = self.array[candidates]
        return int(2 * w.sum() - w.max())

    def likeliest(self, candidates: np.ndarray) -> int:
        """Position in ``candidates`` of the heaviest one, ties to the first (0 with unit
        weights)."""
        return 0 if self.array is None else int(np.argmax(self.array[candidates]))

    def of_candidates(self, candidates: np.ndarray) -> np.ndarray:
        """w_a of each candidate (int64, aligned with ``candidates``; ones with unit weights)."""
        if self.array is None:
            return np.ones(len(candidates), dtype=np.int64)
        return self.array[candidates]


#: Unit weights: every answer counts once.
UNIT = Weights()


class Prior:
    """A prior over the answers of a game, as positive integer weights.

    Parameters
    ----------
    answers : WordList, the answer list the weights are aligned with
    weights : array of positive numbers, one per answer
    name : str, short label used in policy names (``mig[norvig]``)
    """

    def __init__(self, answers: WordList, weights, name: str):
        values = np.asarray(weights, dtype=float)
        if values.shape != (len(answers),):
            raise WordlekitError(
                f"prior {name!r}: {values.shape[0] if values.ndim else 0} weights "
                f"for {len(answers)} answers; expected one weight per answer"
            )
        bad = np.flatnonzero(~(values > 0) | ~np.isfinite(values))
        if len(bad):
            raise WordlekitError(
                f"prior {name!r}: weight {float(values[bad[0]]):g} for "
                f"{answers[int(bad[0])]!r}; expected a positive number"
            )
        self.answers = answers
        self.name = name
        self.weights = _integer_weights(values)
        self._answer_mass = int(self.weights.sum())  # W(A), the probabilities' denominator
        self.entropy_scale = _entropy_scale(self._answer_mass)
        self.as_weights = Weights(self.weights, self.entropy_scale)  # as the searches use them
        self._checked = weakref.WeakKeyDictionary()

    def __repr__(self) -> str:
        return f"Prior({self.name!r}, {len(self.answers)} answers)"

    @property
    def probabilities(self) -> np.ndarray:
        """p_a for every answer (float64, sums to 1)."""
        return self.weights / self._answer_mass

    @property
    def is_uniform(self) -> bool:
        return bool((self.weights == self.weights[0]).all())

    def entropy(self) -> float:
        """Entropy of the prior in bits (log2 of the number of answers when uniform)."""
        p = self.probabilities
        return float(-(p * np.log2(p)).sum())

    def weights_for(self, game) -> np.ndarray:
        """The weights, after checking once that ``game`` has this prior's answer list."""
        if game not in self._checked:
            if game.answers.words != self.answers.words:
                raise WordlekitError(
                    f"prior {self.name!r} is over {len(self.answers)} answers of "
                    f"{self.answers.name}, but the game's answers are {len(game.answers)} words "
                    f"of {game.answers.name}; expected the same list"
                )
            self._checked[game] = True
        return self.weights

    def mass(self, candidates: np.ndarray | None = None) -> int:
        """W(S): the weight of a candidate set; without one, W(A), the weight of every answer
        (what a weighted TOTAL is divided by for the expected number of guesses)."""
        if candidates is None:
            return self._answer_mass
        return self.as_weights.mass(candidates)

    def belief(self, candidates: np.ndarray) -> np.ndarray:
        """The posterior over ``candidates`` (aligned with them): the prior, renormalised."""
        w = self.as_weights.of_candidates(candidates)
        return w / w.sum()

    def expected_guesses(self, evaluation) -> float:
        """Expected number of guesses of an ``evaluation.Evaluation`` when answers follow the prior."""
        self._check_answers(evaluation.answers)
        return float(self.probabilities @ evaluation.guesses_per_answer)

    def solved_within(self, evaluation, max_guesses: int = MAX_GUESSES) -> float:
        """Probability that the policy needs at most ``max_guesses`` guesses."""
        self._check_answers(evaluation.answers)
        return float(self.probabilities[evaluation.guesses_per_answer <= max_guesses].sum())

    def _check_answers(self, answers) -> None:
        if tuple(answers) != self.answers.words:
            raise WordlekitError(f"prior {self.name!r}: the evaluation is over another answer list")


def _integer_weights(values: np.ndarray) -> np.ndarray:
    """Integers as they are (if they fit); anything else scaled to QUANTUM_MASS and rounded."""
    if (values == np.round(values)).all() and values.sum() <= MAX_MASS:
        return values.astype(np.int64)
    scaled = np.round(values * (QUANTUM_MASS / values.sum()))
    return np.maximum(scaled, 1).astype(np.int64)


def _entropy_scale(mass: int) -> float:
    """2**k, 2**k <= ENTROPY_SCALE, with mass * log2(mass) * 2**k below 2**KEY_BITS."""
    size = mass * max(math.log2(mass), 1.0)
    return float(min(ENTROPY_SCALE, 2 ** (int(KEY_BITS - math.log2(size)) - 1)))


def uniform_prior(answers: WordList) -> Prior:
    """Every answer weight 1: the papers' setting."""
    return Prior(answers, np.ones(len(answers)), "uniform")


def norvig_prior(answers: WordList, floor: float | None = None, power: float = 1.0) -> Prior:
    """Answers weighted by their counts in Norvig's corpus, raised to ``power``.

    ``floor`` (default: the corpus's smallest count) stands in for an answer the corpus lacks
    (``wooer`` among the 2,315). ``power`` tempers the prior: 0 is uniform, 1 the raw counts,
    in between a flatter prior (``norvig^0.5`` in names).
    """
    counts = norvig_counts()
    if floor is None:
        floor = min(counts.values())
    if not floor > 0:
        raise WordlekitError(f"prior floor {floor!r}: expected a positive count")
    if not (power >= 0 and math.isfinite(power)):
        raise WordlekitError(f"prior power {power!r}: expected a number >= 0")
    values = np.array([counts.get(w, floor) for w in answers], dtype=float) ** power
    name = "norvig" if power == 1 else f"norvig^{power:g}"
    return Prior(answers, values, name)


def read_prior(path, answers: WordList, floor: float | None = None) -> Prior:
    """A prior from a text file of ``word weight`` lines (whitespace or tab separated; blank
    lines and lines starting with # are skipped). Words that are not answers are allowed (a
    frequency list usually covers more); an answer without a line gets ``floor``, and without
    a floor is an error naming it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark is no letter
    except OSError as exc:
        raise WordlekitError(f"prior file {str(path)!r}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise WordlekitError(f"prior file {str(path)!r}: not UTF-8 text") from None
    given: dict[str, float] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        try:
            if len(fields) != 2:
                raise ValueError
            weight = float(fields[1])
        except ValueError:
            raise WordlekitError(
                f"prior file {str(path)!r}, line {number}: {line.strip()!r}; "
                "expected a word and a weight, e.g. 'salet 12'"
            ) from None
        if not (weight > 0 and math.isfinite(weight)):
            raise WordlekitError(
                f"prior file {str(path)!r}, line {number}: weight {fields[1]!r}; "
                "expected a positive number"
            )
        word = fields[0].lower()
        if word in given:
            raise WordlekitError(f"prior file {str(path)!r}, line {number}: {word!r} appears twice")
        given[word] = weight
    missing = [w for w in answers if w not in given]
    if missing and floor is None:
        raise WordlekitError(
            f"prior file {str(path)!r} has no weight for {len(missing)} answer(s), e.g. "
            f"{', '.join(repr(w) for w in missing[:5])}; expected every answer (or give a floor)"
        )
    values = [given.get(w, floor) for w in answers]
    return Prior(answers, values, path.stem)


PRIORS = ("uniform", "norvig")


def get_prior(spec: str, answers: WordList, floor: float | None = None) -> Prior:
    """``uniform``, ``norvig`` or the path of a prior file (see ``read_prior``)."""
    if spec == "uniform":
        return uniform_prior(answers)
    if spec == "norvig":
        return norvig_prior(answers, floor)
    if not Path(spec).exists():
        raise WordlekitError(
            f"prior {spec!r}: expected uniform, norvig or an existing file of 'word weight' lines"
        )
    return read_prior(spec, answers, floor)
