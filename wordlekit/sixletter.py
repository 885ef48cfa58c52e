"""The 6-letter variant of the rollout paper (Section 5.2, Table 3).

The paper sampled 12,972 guesses at random from the 6-letter words of Norvig's corpus and
2,315 answers from those guesses, and published neither list. So Table 3 can only be
reproduced in distribution: ``sample_lists`` draws seeded samples (the three openers of Table 3
always among the guesses), and the notebook reports the mean and spread over several seeds.

References
----------
- [bhambri2022]_, Section 5.2 and Table 3: the 6-letter variant.
- [norvig]_: the corpus the lists are sampled from.
"""

from __future__ import annotations

import numpy as np

from .errors import WordlekitError
from .words import WordList, norvig_counts

OPENERS = ("ambros", "rabies", "tances")


def corpus_words(length: int = 6) -> list[str]:
    """Alphabetic words of ``length`` letters in Norvig's corpus, sorted (49,040 for 6)."""
    return sorted(w for w in norvig_counts() if len(w) == length and w.isalpha() and w.isascii())


def sample_lists(
    seed: int, n_guesses: int = 12972, n_answers: int = 2315, include=OPENERS, length: int = 6
) -> tuple[WordList, WordList]:
    """Seeded random guess and answer lists, as the paper describes them.

    ``n_guesses`` words are drawn uniformly without replacement from the corpus (the words of
    ``include`` always among them), then ``n_answers`` answers uniformly from those guesses.
    Both lists are returned sorted (list order decides heuristic ties).
    """
    pool = corpus_words(length)
    include = tuple(include)
    absent = [w for w in include if w not in pool]
    if absent:
        raise WordlekitError(f"opener(s) {absent} are not {length}-letter words of the corpus")
    if not len(include) <= n_guesses <= len(pool) or not 1 <= n_answers <= n_guesses:
        raise WordlekitError(
            f"cannot draw {n_guesses} guesses and {n_answers} answers from {len(pool)} words; "
            f"expected {len(include)} <= guesses <= {len(pool)} and 1 <= answers <= guesses"
        )
    rng = np.random.default_rng(seed)
    rest = [w for w in pool if w not in set(include)]
    drawn = rng.choice(len(rest), size=n_guesses - len(include), replace=False)
    guesses = sorted(list(include) + [rest[i] for i in drawn])
    answers = sorted(guesses[i] for i in rng.choice(len(guesses), size=n_answers, replace=False))
    return (
        WordList(tuple(guesses), f"6-letter guesses (seed {seed})"),
        WordList(tuple(answers), f"6-letter answers (seed {seed})"),
    )
