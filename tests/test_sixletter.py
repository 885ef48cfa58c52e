"""The 6-letter variant (Table 3, notebook 08): the draws of ``sixletter.sample_lists``, and the
exact optimum of the 6-letter game, checked against a brute-force reference on a small
sub-game, against the policies and lower bounds, and the stored proofs against both."""

from collections import Counter

import numpy as np
import pandas as pd
import pytest

from wordlekit import Game, Rollout, WordlekitError, evaluate, get_heuristic, paths, sixletter
from wordlekit.bounds import LowerBounds, guess_lower_bound
from wordlekit.experiments.sixletter_optima import prove_optima, read_stored_optima
from wordlekit.optimal import Solver
from wordlekit.sixletter import OPENERS, sample_lists
from wordlekit.words import WordList, norvig_counts

from . import reference
from .test_optimal import assert_solver_is_brute_force

MODES = ["easy", "strict"]


def cluster_game(mode: str, seed: int, suffix: str = "ers", n_answers: int = 9, n_extra: int = 12):
    """A 6-letter sub-game whose answers share an ending (near-identical words: small buckets,
    hard splits), with Table 3's openers and a few other corpus words as the other guesses."""
    words = sixletter.corpus_words()
    rng = np.random.default_rng(seed)
    pool = [w for w in words if w.endswith(suffix) and w not in OPENERS]
    answers = sorted(pool[i] for i in rng.choice(len(pool), n_answers, replace=False))
    others = [w for w in words if w not in answers and w not in OPENERS]
    extra = [others[i] for i in rng.choice(len(others), n_extra, replace=False)]
    guesses = sorted(set(answers) | set(extra) | set(OPENERS))
    return Game(
        WordList(tuple(guesses), f"6-letter sub-game guesses (seed {seed})"),
        WordList(tuple(answers), f"6-letter sub-game answers (seed {seed})"),
        mode,
    )


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed, suffix", [(0, "ers"), (1, "ing"), (2, "ted")])
def test_six_letter_optimum_equals_brute_force(mode, seed, suffix):
    """The solver's optimum from each of Table 3's openers, with no cap and within six guesses,
    is the exhaustive search's of ``tests/reference.py`` (plain Python, its own feedback)."""
    game = cluster_game(mode, seed, suffix)
    for opener in OPENERS:
        for cap in (None, 6, 3):
            assert_solver_is_brute_force(game, opener, cap)


@pytest.fixture(scope="module")
def small_lists():
    """Lists drawn as the paper's (uniformly from the corpus), small enough for a test."""
    return sample_lists(3, n_guesses=1500, n_answers=300)


@pytest.mark.parametrize("mode", MODES)
def test_optimum_below_rollout_below_mig_above_lower_bounds(small_lists, mode):
    """No policy beats the uncapped optimum; rollout is never worse than its base; and the
    optimum is at least Cunanan & Thielscher's bounds V_1 = 3|C| - parts - [opener in C]
    (from the reference's feedback) and V_2 (``bounds.LowerBounds``), and at most the
    optimum within six guesses."""
    game = Game(*small_lists, mode)
    uncapped, capped, bounds = Solver(game, None), Solver(game, 6), LowerBounds(game)
    root = game.initial_state()
    answers = list(game.answers)
    for opener in OPENERS:
        index = game.guess_index(opener)
        optimum = uncapped.opener_total(index)
        mig = evaluate(game, get_heuristic("mig"), opener).total
        rollout = evaluate(game, Rollout(get_heuristic("mig")), opener).total
        assert optimum <= rollout <= mig, opener
        parts = len({reference.feedback(opener, a) for a in answers})
        v1 = guess_lower_bound(len(answers), parts, opener in answers)
        assert v1 <= bounds.v(2, root, index) <= optimum <= capped.opener_total(index), opener


def test_stored_optima_are_the_proofs_of_five_samples():
    stored = read_stored_optima()  # checks the file's sha256
    assert len(stored) == 30
    assert set(stored["seed"]) == {0, 1, 2, 3, 4} and set(stored["mode"]) == set(MODES)
    assert (stored.groupby(["seed", "mode"])["opener"].apply(tuple) == OPENERS).all()
    assert (stored["answers"] == 2315).all()
    assert (stored["total"] <= stored["total_cap6"]).all()  # a cap only removes strategies


@pytest.mark.parametrize("seed", [0, 4])
def test_stored_optima_between_lower_bound_and_rollout(seed):
    """Each stored optimum is at least V_1 of its opener (computed here in plain Python from
    the sample's lists) and at most the rollout of notebook 08's committed per-seed table
    (rollout solves every answer, so no optimum exceeds it)."""
    stored = read_stored_optima().set_index(["seed", "mode", "opener"])
    rollouts = pd.read_csv(paths.FIGURES_DIR / "rollout-table3-seeds.csv").set_index(
        ["seed", "opener"]
    )
    guesses, answers = sample_lists(seed)
    for mode, column in [("easy", "easy_rollout_mig"), ("strict", "hard_rollout_mig")]:
        for opener in OPENERS:
            total = stored.loc[(seed, mode, opener), "total"]
            parts = len({reference.feedback(opener, a) for a in answers.words})
            assert total >= guess_lower_bound(len(answers.words), parts, opener in answers.words)
            rollout = rollouts.loc[(seed, opener), column]  # an average to 4 decimals
            assert total / len(answers.words) <= rollout + 5e-5, (mode, opener)


def test_committed_optimal_table():
    """Notebook 08's committed table of optima: five seeds, the paper's published rollout
    beside ours, and the optimum never above rollout, nor rollout above MIG."""
    table = pd.read_csv(paths.FIGURES_DIR / "rollout-table3-optimal.csv")
    paper = pd.read_csv(paths.REFERENCE_DIR / "rollout_paper_table3.csv", index_col="opener")
    assert sorted(set(table["seed"])) == [0, 1, 2, 3, 4] and len(table) == 15
    for mode in ("easy", "hard"):
        column = f"{mode}_rollout_mig"
        assert (table[f"published_{column}"] == table["opener"].map(paper[column])).all()
        assert (table[f"{mode}_optimal"] <= table[column] + 5e-5).all(), mode
        assert (table[column] <= table[f"{mode}_mig"] + 5e-5).all(), mode


def test_prove_optima_counts_states_and_caps():
    frame = prove_optima([5], modes=["strict"], n_guesses=400, n_answers=80)
    assert list(frame["opener"]) == list(OPENERS) and (frame["answers"] == 80).all()
    assert (frame["states"] >= 0).all() and (frame["total"] <= frame["total_cap6"]).all()


# --- the draws -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "guesses_by, answers_by",
    [("uniform", "uniform"), ("frequency", "uniform"), ("uniform", "most-frequent")],
)
def test_sample_lists_draws_distinct_sorted_words_with_the_openers(guesses_by, answers_by):
    guesses, answers = sample_lists(
        7, 600, 90, guesses_by=guesses_by, answers_by=answers_by, answers_include=OPENERS[:1]
    )
    g, a = guesses.words, answers.words
    assert len(set(g)) == len(g) == 600 and len(set(a)) == len(a) == 90
    assert list(g) == sorted(g) and list(a) == sorted(a) and set(a) <= set(g)
    assert set(OPENERS) <= set(g) and OPENERS[0] in a
    assert all(len(w) == 6 and w.isalpha() for w in g)
    again = sample_lists(
        7, 600, 90, guesses_by=guesses_by, answers_by=answers_by, answers_include=OPENERS[:1]
    )
    assert (again[0].words, again[1].words) == (g, a)  # the seed decides the lists


def test_most_frequent_is_the_top_of_the_corpus():
    counts = norvig_counts()
    six = [w for w in counts if len(w) == 6 and w.isalpha()]  # the file is sorted by count
    guesses, answers = sample_lists(
        0, 500, 50, include=(), guesses_by="most-frequent", answers_by="most-frequent"
    )
    assert set(guesses.words) == set(six[:500])
    assert set(answers.words) == set(six[:50])


def test_frequency_draw_prefers_frequent_words():
    """A draw weighted by the corpus counts holds more of the most frequent words than a
    uniform one (the 2,000 most frequent are 4% of the 49,040 words)."""
    top = set([w for w in norvig_counts() if len(w) == 6][:2000])  # sorted by count
    hits = Counter()
    for by in ("uniform", "frequency"):
        guesses, _ = sample_lists(1, 1000, 10, include=(), guesses_by=by)
        hits[by] = len(top & set(guesses.words))
    assert hits["uniform"] < 100 and hits["frequency"] > 500  # uniform: about 41 expected


def test_bad_draw_is_refused():
    with pytest.raises(WordlekitError, match="guesses_by='often': expected one of uniform"):
        sample_lists(0, 100, 10, guesses_by="often")
    with pytest.raises(WordlekitError, match="answers_include=.*expected at most"):
        sample_lists(0, 100, 10, answers_include=("abacus",))
