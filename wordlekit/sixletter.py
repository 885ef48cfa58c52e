"""The 6-letter variant of the rollout paper (Section 5.2, Table 3).

The paper sampled 12,972 guesses at random from the 6-letter words of Norvig's corpus and
2,315 answers from those guesses, and published neither list. So Table 3 can only be
reproduced in distribution: ``sample_lists`` draws seeded samples (the three openers of Table 3
always among the guesses), and the notebook reports the mean and spread over several seeds.
Its other draws (by corpus frequency, the most frequent words) and ``source_row`` (what another
word file offers) are the readings of the paper's words that notebook 08 tests against the gap
between our samples and the published table.

References
----------
- [bhambri2022]_, Section 5.2 and Table 3: the 6-letter variant.
- [norvig]_: the corpus the lists are sampled from.
"""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .errors import WordlekitError
from .words import WordList, data_file, norvig_counts

OPENERS = ("ambros", "rabies", "tances")


@functools.cache
def corpus_words(length: int = 6) -> tuple[str, ...]:
    """Alphabetic words of ``length`` letters in Norvig's corpus, sorted (49,040 for 6); read
    once per length (a tuple: the cached value cannot be changed by a caller)."""
    return tuple(
        sorted(w for w in norvig_counts() if len(w) == length and w.isalpha() and w.isascii())
    )


def source_row(name: str, words, length: int = 6, openers=OPENERS) -> dict:
    """What a candidate source of the paper's lists offers: how many distinct alphabetic words
    of ``length`` letters it holds (``words``) and, for each opener, whether it is one of them.
    The paper's list held Table 3's openers, so a source without them, or with fewer than
    12,972 words, is not the one it was drawn from (unless the openers were added to it)."""
    held = {w for w in words if len(w) == length and w.isalpha() and w.isascii()}
    return {"source": name, "words": len(held), **{o: o in held for o in openers}}


#: ``source_row`` of word files that are not shipped (``wordlekit/data/SOURCES.md`` says which).
STORED_SOURCES = "sweeps/sixletter_sources.csv"


def stored_sources() -> pd.DataFrame:
    """The stored ``source_row`` of each word file of ``STORED_SOURCES``, its sha256 checked."""
    return pd.read_csv(data_file(STORED_SOURCES))


#: How ``sample_lists`` draws a list from its pool: uniformly (the paper's "random
#: distribution"), with probability proportional to the corpus count, or the most frequent.
DRAWS = ("uniform", "frequency", "most-frequent")


def _draw(rng, pool: list[str], size: int, by: str, counts) -> list[str]:
    """``size`` distinct words of ``pool``, drawn as ``by`` says (one of ``DRAWS``)."""
    if by == "uniform":
        return [pool[i] for i in rng.choice(len(pool), size=size, replace=False)]
    weights = np.array([counts[w] for w in pool], dtype=np.float64)
    if by == "frequency":
        chosen = rng.choice(len(pool), size=size, replace=False, p=weights / weights.sum())
        return [pool[i] for i in chosen]
    # most frequent first; equal counts in alphabetical order, so the cut is deterministic
    order = np.lexsort((np.arange(len(pool)), -weights))
    return [pool[i] for i in order[:size]]


def sample_lists(
    seed: int,
    n_guesses: int = 12972,
    n_answers: int = 2315,
    include=OPENERS,
    length: int = 6,
    guesses_by: str = "uniform",
    answers_by: str = "uniform",
    answers_include=(),
) -> tuple[WordList, WordList]:
    """Seeded random guess and answer lists, as the paper describes them.

    ``n_guesses`` words are drawn from the corpus (the words of ``include`` always among
    them), then ``n_answers`` answers from those guesses (the words of ``answers_include``
    always among them). By default both draws are uniform without replacement, the paper's
    reading; ``guesses_by`` and ``answers_by`` (one of ``DRAWS``) give the other readings
    notebook 08 tests: drawn with probability proportional to the word's count in Norvig's
    corpus, or the most frequent words. Both lists are returned sorted (list order decides
    heuristic ties).
    """
    pool = corpus_words(length)
    include, answers_include = tuple(include), tuple(answers_include)
    absent = [w for w in include if w not in pool]
    if absent:
        raise WordlekitError(f"opener(s) {absent} are not {length}-letter words of the corpus")
    if not len(include) <= n_guesses <= len(pool) or not 1 <= n_answers <= n_guesses:
        raise WordlekitError(
            f"cannot draw {n_guesses} guesses and {n_answers} answers from {len(pool)} words; "
            f"expected {len(include)} <= guesses <= {len(pool)} and 1 <= answers <= guesses"
        )
    for name, by in (("guesses_by", guesses_by), ("answers_by", answers_by)):
        if by not in DRAWS:
            raise WordlekitError(f"{name}={by!r}: expected one of {', '.join(DRAWS)}")
    if not set(answers_include) <= set(include) or len(answers_include) > n_answers:
        raise WordlekitError(
            f"answers_include={answers_include!r}: expected at most {n_answers} words of "
            f"include={include!r}"
        )
    counts = None if guesses_by == answers_by == "uniform" else norvig_counts()
    rng = np.random.default_rng(seed)
    rest = [w for w in pool if w not in set(include)]
    guesses = sorted(list(include) + _draw(rng, rest, n_guesses - len(include), guesses_by, counts))
    others = [w for w in guesses if w not in set(answers_include)]
    drawn = _draw(rng, others, n_answers - len(answers_include), answers_by, counts)
    answers = sorted(list(answers_include) + drawn)
    return (
        WordList(tuple(guesses), f"6-letter guesses (seed {seed})"),
        WordList(tuple(answers), f"6-letter answers (seed {seed})"),
    )
