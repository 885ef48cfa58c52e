"""Every notebook runs (QUICK parameters, through papermill) and writes what it should.

Expected values come from the papers (``wordlekit/data/reference``) or are invariants (rollout never
worse than its base); nothing is compared with a number the notebooks computed before.
"""

import ast
import filecmp
import hashlib
import math
import re

import nbformat
import numpy as np
import pandas as pd
import pytest

from wordlekit import paths, reproduce, tables
from wordlekit.deep import REPRESENTATIONS
from wordlekit.game import small_game

from . import reference
from .test_figures import (
    check_figure3,
    check_figure4,
    check_figure_files,
    check_table3,
    check_top_hard,
    check_topk,
    figure3_expected,
    published,
)
from .test_reproduce import volatile_text

pytestmark = pytest.mark.slow

#: Texts each figure must show (titles, axis labels, legend entries), as the notebooks draw
#: them in QUICK and full runs alike.
FIGURE_TEXTS = {
    "rollout-heuristics-histogram": [
        "guesses",
        "games",
        "mig",
        "rollout-mig",
        "more than 6 guesses: lost",
    ],
    "rollout-figure1": ["rollout-mig, easy mode", "S", "A", "L", "E", "T"],
    "rollout-figure2": ["rollout-mig, hard mode"],
    "rollout-figure3-qfactors": [
        "mystery word m (candidate)",
        "shortlisted guess u",
        "Q(m, u): guesses from here",
    ],
    "rollout-figure4": [
        "opener",
        "average guesses (2,315 answers)",
        "MIG",
        "rollout MIG",
        "published (same colour)",
        "minus the strict optimum",
    ],
    "rollout-topk": ["shortlist size k", "average guesses"],
    "rollout-table3": ["average guesses", "ours, one per seed", "published"],
    "optimal-table4-survivors": ["openers left (log scale)"],
    "teaching-values": ["J(S), guesses per game", "J*(S)"],
    "teaching-repeated-rollout": ["rounds of rollout, k", "TOTAL"],
    "prior-per-answer": ["mean guesses", "prior probability, tenths of the answers (1 = rarest)"],
    "sophiezero-learning": [
        "episodes",
        "mean guesses (games won)",
        "share solved within six",
        "random consistent word, published (88%)",
        "random consistent word, published (4.8)",
    ],
    "sophiezero-deep-learning": [
        "episodes",
        "share solved within six",
        "mean guesses (games won)",
        "Figure 3: full, accuracy",
        "Figure 6: small information, tries",
        "not in the paper: information, accuracy",
        "published best (98%)",
        "published best (4.31)",
        "random consistent word, published (88%)",
    ],
    "avts-convergence": [
        "iterations",
        "best TOTAL of the greedy policy - optimum",
        "thompson, the blog: 870",
        "(14,855 guesses, 2,309 answers), not these",
    ],
    "avts-blog-lists": [
        "iterations",
        "best TOTAL - 7883 (the optimum)",
        "The blog's lists (14,855 guesses, 2,309 answers), opener free",
    ],
    "optimal-figure1": ["22 March 2022: slosh", "T", "A", "R", "E", "S"],
    "optimal-figure2": ["bbbbb"],  # the largest bucket of any good opener
    "sweep-mig-distribution": [
        "openers",
        "MIG: average guesses from the opener (easy)",
        "the paper's 3 openers",
    ],
    "teaching-lookahead": [
        "lookahead depth l (0: the base itself, 1: rollout)",
        "TOTAL - optimum (log scale above 1)",
    ],
    "teaching-truncated": ["m: guesses the base plays before the terminal J~", "TOTAL - optimum"],
    "teaching-sampled": ["s: candidates sampled per state", "TOTAL"],
    "teaching-newton": ["base's error e_b = J_base - J* (guesses per game)"],
    "teaching-tree": [
        "envoy: turn 1",
        "taper: turn 1",
    ],  # MIG's and rollout's openers, found at once
    "teaching-newton-toy": [
        "J (cost from the one state)",
        "T J = min over policies (concave, piecewise linear)",
        "J* = 3.7500",
    ],
    "teaching-belief": ["MIG on the exact belief", "MIG on the particle belief"],
    "teaching-belief-bars": ["exact Bayes", "belief"],
    "teaching-noise": ["noise probability p (tile noise)", "mig", "most-likely"],
    "adversaries-three-models": [
        "guesses to solve the answer",
        "answers",
        "uniform secret: least mean",
        "worst case: least worst, then mean",
        "Absurdle: shortest win",
    ],
    "many-boards-rollout-gain": [
        "boards (log scale)",
        "MIG - rollout: guesses saved per game",
        "rollout over MIG (exact Q-factors)",
        "sampled rollout over MIG (20 secrets per Q-factor)",
        "wordle",
        "sedecordle",
    ],
}


def check_figure(outputs, stem):
    check_figure_files(outputs, stem, FIGURE_TEXTS[stem])


@pytest.fixture(scope="module")
def q_factors(original):
    """rollout-algorithm1's table recomputed in plain Python (tests/test_figures.py), once."""
    return figure3_expected(original)


def committed_files():
    """sha256 of every file under notebooks/ and figures/."""
    return {
        p: hashlib.sha256(p.read_bytes()).hexdigest()
        for folder in (paths.NOTEBOOKS_DIR, paths.FIGURES_DIR)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    out = tmp_path_factory.mktemp("figures")
    before = committed_files()
    # Two notebooks at a time, as `make reproduce` runs them: each QUICK run is mostly a kernel's
    # start and numba's cache, so this halves the fixture's 117 s (the sequential path's order
    # is test_reproduce's test_which_notebooks_read_which_tables).
    timings = reproduce.run(
        quick=True,
        output_dir=out,
        build_dir=out / "build",
        log=lambda *a: None,
        progress=False,
        jobs=2,
    )
    assert sorted(name for name, _ in timings) == [nb.stem for nb in reproduce.notebooks()]
    assert committed_files() == before  # a QUICK run never touches notebooks/ or figures/
    return out


def test_executed_notebooks_hold_no_times_paths_or_widget_state(outputs):
    for notebook in reproduce.notebooks():
        text = (outputs / "notebooks" / notebook.name).read_text()
        nb = nbformat.reads(text, as_version=4)
        assert volatile_text(nb) == [], notebook.name
        assert reproduce.WIDGET_VIEW not in text and '"papermill"' not in text, notebook.name
        assert [c for c in nb.cells if "injected-parameters" in c.metadata.get("tags", [])], (
            notebook.name
        )  # QUICK and OUTPUT_DIR, as papermill adds them


def test_every_notebook_has_one_parameters_cell_with_quick_and_output_dir():
    import nbformat

    for path in reproduce.notebooks():
        nb = nbformat.read(path, as_version=4)
        tagged = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
        assert len(tagged) == 1, path.name
        assert "QUICK: bool = False" in tagged[0].source and "OUTPUT_DIR: str" in tagged[0].source
        assert nb.cells[0].cell_type == "markdown" and "Full run here" in nb.cells[0].source, (
            path.name
        )


def test_heuristics_histogram(outputs):
    hist = pd.read_csv(outputs / "rollout-heuristics-histogram.csv", index_col=["mode", "policy"])
    mig = hist.loc[("strict", "mig")]
    assert mig.sum() == 2315
    total = sum(int(k) * v for k, v in mig.items())
    assert abs(total - 8352) <= 3  # published 3.6078, hard (strict) column of Table 1
    check_figure(outputs, "rollout-heuristics-histogram")


def test_table1(outputs):
    table = pd.read_csv(outputs / "rollout-table1.csv", index_col="opener")
    row = table.loc["salet"]
    for column in ["easy_mig", "hard_mig"]:
        assert row[column] == pytest.approx(row[f"published_{column}"], abs=0.003)
        assert row[f"published_{column}"] == published("rollout_paper_table1").loc["salet", column]
    assert 7920 / 2315 <= row["easy_rollout_mig"] <= 7960 / 2315
    assert row["hard_rollout_mig"] <= row["hard_mig"]
    assert row["nyt_hard_rollout_mig"] >= 8122 / 2315  # the NYT-rule optimum
    # The optimal columns are proved by the solver; Selby's totals are the expected values.
    assert row["easy_optimal_total"] == 7920 and row["hard_optimal_total"] == 8122
    assert row["easy_optimal"] == pytest.approx(row["published_easy_optimal"], abs=5e-5)
    assert row["published_selby_easy_total"] == 7920
    # The tie rule alone (inset-mig) from salet, strict: the paper's hard rollout-MIG exactly
    assert round(row["hard_inset_mig"] * 2315) == round(row["published_hard_rollout_mig"] * 2315)
    # Each tie-order range holds the table's own (alphabetical) value
    for column in ["easy_mig", "easy_rollout_mig", "hard_mig", "hard_rollout_mig"]:
        assert row[f"{column}_ties_min"] <= row[column] <= row[f"{column}_ties_max"], column


def test_table2(outputs):
    row = pd.read_csv(outputs / "rollout-table2.csv", index_col="opener").loc["salet"]
    assert row["hard_mrd"] == pytest.approx(3.5438, abs=0.003)
    assert row["hard_gep"] == pytest.approx(5.8674, abs=0.003)
    assert row["hard_rollout_gep"] == pytest.approx(3.5352, abs=0.02)
    assert row["hard_rollout_mrd"] <= row["hard_mrd"]
    # Each tie-order range holds the table's own (alphabetical) value
    for column in ["hard_mrd", "hard_rollout_mrd", "hard_gep", "hard_rollout_gep"]:
        assert row[f"{column}_ties_min"] <= row[column] <= row[f"{column}_ties_max"], column


def test_figures(outputs, q_factors):
    for stem in [
        "rollout-figure1",
        "rollout-figure2",
        "rollout-figure3-qfactors",
        "rollout-figure4",
        "rollout-topk",
        "rollout-table3",
    ]:
        check_figure(outputs, stem)
    # What they are drawn from, as this run wrote it (tests/test_figures.py checks the committed
    # figures/ the same way; the boards of Figures 1 and 2 are checked there, from the games).
    check_figure3(outputs, q_factors)  # QUICK changes nothing in notebook 06
    check_figure4(outputs)  # QUICK: salet only
    check_topk(outputs)  # QUICK: strict mode, k = 1 and 10
    check_table3(outputs, full_lists=False)  # QUICK: one seed, smaller lists


def test_figure2_second_guess(outputs):
    # The paper's Figure 2 plays CARSE, GLOBE, OLIVE in hard mode: after GLOBE, OLIVE is alone
    # (its third guess wins). Rollout's own choice is priced no worse than MIG's (policy
    # improvement), optimal play after any guess costs no more than MIG playing on, and the
    # base's choice is always in the shortlist.
    why = pd.read_csv(outputs / "rollout-figure2-second-guess.csv", index_col="who")
    paper, base, rollout = why.loc["the paper"], why.loc["mig (base)"], why.loc["rollout-mig"]
    assert paper["guess"] == "globe" and paper["left_for_olive"] == 1
    assert base["mig_rank"] == 1 and base["in_shortlist"] and rollout["in_shortlist"]
    assert rollout["q_base_plays_on"] <= base["q_base_plays_on"]
    assert (why["q_optimal_after"] <= why["q_base_plays_on"]).all()


def test_the_boards_reviewed(outputs):
    # Notebook 05's review of its two boards: at the first state V(s) is the optimum over the
    # 2,315 answers, Selby's published 7920 (easy) and 8122 (hard), salet is a best easy opener
    # (inaccuracy 0), no guess beats the best, and each game's guesses are V(first state) +
    # its inaccuracies - its lucks.
    review = pd.read_csv(outputs / "rollout-figures-review.csv")
    for board, optimum in (("easy mode", 7920), ("hard mode", 8122)):
        moves = review[review["board"] == board].sort_values("turn")
        first = moves.iloc[0]
        assert first["candidates"] == 2315
        assert first["best_expected"] == pytest.approx(optimum / 2315, abs=5e-5)
        assert (moves["inaccuracy"] >= 0).all()
        assert (moves["expected_guesses"] >= moves["best_expected"] - 1e-9).all()
        split = first["best_expected"] + moves["inaccuracy"].sum() - moves["luck"].sum()
        assert split == pytest.approx(len(moves), abs=5e-4)  # the table's four decimals
    easy = review[review["board"] == "easy mode"].iloc[0]
    assert easy["guess"] == "salet" and easy["inaccuracy"] == 0


def test_algorithm1_plays_the_smallest_average_q_factor(outputs, q_factors):
    """Eq. (5): rollout plays the shortlisted guess of smallest average Q-factor (the first
    of them on a tie), with the Q-factors recomputed in plain Python (tests/test_figures.py).
    Here that is not MIG's own choice, the first row, so playing the base would fail."""
    notebook = nbformat.read(outputs / "notebooks" / "06-algorithm1-lookahead.ipynb", 4)
    printed = "".join(
        o.get("text", "") for c in notebook.cells if c.cell_type == "code" for o in c.outputs
    )
    played = re.search(r"rollout plays (\w+)", printed).group(1)
    average = q_factors["average Q-factor"]
    assert played == average.idxmin() != q_factors.index[0]


def test_topk_study(outputs):
    study = pd.read_csv(outputs / "rollout-topk.csv", index_col=["mode", "k"])
    base = study.loc[("strict", 0), "total"]
    assert abs(base - 8352) <= 3
    assert study.loc[("strict", 10), "total"] <= base


def test_table3(outputs):
    table = pd.read_csv(outputs / "rollout-table3.csv", index_col="opener")
    assert list(table.index) == ["ambros", "rabies", "tances"]
    assert (table["easy_rollout_mig"] <= table["easy_mig"]).all()
    assert (table["hard_rollout_mig"] <= table["hard_mig"]).all()
    assert (table["published_easy_mig"] == published("rollout_paper_table3")["easy_mig"]).all()
    # The optimum of the QUICK lists, proved in the run: no policy beats it
    optimal = pd.read_csv(outputs / "rollout-table3-optimal.csv")
    for mode in ("easy", "hard"):
        assert (optimal[f"{mode}_optimal"] <= optimal[f"{mode}_rollout_mig"] + 5e-5).all(), mode
        assert (optimal[f"{mode}_rollout_mig"] <= optimal[f"{mode}_mig"] + 5e-5).all(), mode


def test_rerun_reproduces_files_byte_for_byte(outputs, tmp_path):
    # One at a time (the fixture ran two at a time), so numba gets every core. Two that read no
    # other notebook's table, and on every core no slower than on one: 05 and 07 took 217 s and
    # 55 s here on two threads beside the other test process, against 37 s and 17 s on one.
    reproduce.run(
        quick=True,
        only=["18", "21"],
        output_dir=tmp_path,
        build_dir=tmp_path / "build",
        log=lambda *a: None,
        progress=False,
    )
    written = sorted(
        p.relative_to(tmp_path)
        for p in tmp_path.rglob("*")
        # the run's own summary holds its wall times, the one file a rerun must not repeat
        if p.is_file() and "build" not in p.parts and p.name != "reproduce-summary.md"
    )
    assert len([p for p in written if p.suffix == ".ipynb"]) == 2
    for name in written:  # tables, figures and the executed notebooks, whose OUTPUT_DIR is the same
        assert filecmp.cmp(tmp_path / name, outputs / name, shallow=False) or _same_but_output_dir(
            tmp_path / name, outputs / name, tmp_path, outputs
        ), name


def _same_but_output_dir(path, reference, folder, reference_folder):
    """True if the two files differ only where each names its own output folder."""
    return path.read_text().replace(str(folder.resolve()), "OUT") == reference.read_text().replace(
        str(reference_folder.resolve()), "OUT"
    )


def test_unknown_notebook_name_is_refused():
    from wordlekit import WordlekitError

    with pytest.raises(WordlekitError, match="no notebook matches 'table9'"):
        reproduce.select(["table9"])


def test_optimal_tables_1_to_3(outputs):
    t1 = pd.read_csv(outputs / "optimal-table1.csv", index_col="combination")
    for combination, total in [
        ("MostParts,InSet,ESS", 7944),
        ("InSet,MSS", 8516),
        ("InSet", 10069),
    ]:
        assert t1.loc[combination, "total"] == total == t1.loc[combination, "published_total"]
    assert t1.loc["MostParts,InSet,ESS", "opener"] == "trace"
    t2 = pd.read_csv(outputs / "optimal-table2.csv", index_col="n")
    assert (t2.loc[1, "total"], t2.loc[1, "starter"]) == (7944, "trace")
    assert (t2.loc[5, "total"], t2.loc[5, "starter"]) == (7921, "salet")
    t3 = pd.read_csv(outputs / "optimal-table3.csv", index_col="game")
    assert t3.loc["Mininerdle", "size"] == 206 and t3.loc["Mininerdle", "apmintotal"] == 544
    assert t3.loc["Mininerdle", "optimal_total"] <= 544
    assert pd.isna(t3.loc["FFXIVrdle", "apmintotal"])  # its list is not public
    # (InSet, MSS) as published (8516) under the paper's rule and the first-of-two rule of the
    # authors' code, which cannot change a row led by InSet
    ties = pd.read_csv(outputs / "optimal-table1-ties.csv", index_col="combination")
    row = ties.loc["InSet,MSS"]
    assert row["total_alphabetical"] == row["total_first_of_two"] == row["published_total"] == 8516
    check_figure(outputs, "optimal-figure1")
    check_figure(outputs, "optimal-figure2")


def test_optimal_table4(outputs):
    t4 = pd.read_csv(outputs / "optimal-table4.csv", index_col="i")
    assert (t4.loc[1, "remaining"], t4.loc[1, "min_v"]) == (12453, 6829)  # published, Table 4
    check_figure(outputs, "optimal-table4-survivors")
    # The stored proofs, read in QUICK runs too: every opener of Table 3's |G| accounted for,
    # nothing left unsolved, and the optimum at most the published ApMinTotal(S, 20).
    proofs = pd.read_csv(outputs / "optimal-opener-proofs.csv", index_col="game")
    assert list(proofs.index) == ["Primel", "Nerdle"]
    assert list(proofs["openers"]) == [8363, 17723]  # Table 3
    assert list(proofs["published_apmintotal"]) == [29011, 53512]  # Table 3
    assert (proofs["dropped_by_v"] + proofs["solved"] == proofs["openers"]).all()
    assert (proofs["unsolved"] == 0).all() and proofs["proved_optimal"].all()
    assert (proofs["least_total"] <= proofs["published_apmintotal"]).all()
    assert (proofs["least_total"] <= proofs["upper_bound"]).all()
    # the next optimal guess after tares (slosh): a survivor's V_i never exceeds the bound
    nxt = pd.read_csv(outputs / "optimal-next-guess.csv", index_col="i")
    assert (nxt["min_v"] <= nxt["upper_bound"]).all() and (nxt["remaining"] >= 1).all()


def test_teaching_notebook(outputs):
    table = pd.read_csv(outputs / "teaching-policies.csv", index_col="policy")
    optimum = table.loc["optimal", "total"]
    for name in ["mig", "mrd", "gep"]:
        # rollout never worse than its base; nothing better than the optimum
        assert optimum <= table.loc[f"rollout-{name}", "total"] <= table.loc[name, "total"]
    for stem in ["teaching-values", "teaching-repeated-rollout"]:
        check_figure(outputs, stem)
    # The five-word game (small_game(5, 0, 9)): each row of the root's Q-factor table sums to
    # |S| + MIG's total after the guess, by the plain-Python reference; the tree's titles give
    # MIG's and its rollout's TOTALs, which the reference evaluates too.
    five = small_game(5, 0, 9)
    guesses, answers = list(five.guesses), list(five.answers)
    q = pd.read_csv(outputs / "teaching-qfactors.csv", index_col="guess u")
    assert list(q.columns[:-1]) == answers and len(q) == 5
    for u, row in q.iterrows():
        groups = reference.children("easy", guesses, tuple(answers), tuple(guesses), (), u)
        expected = len(answers) + sum(
            reference.base_total("mig", "easy", guesses, c, a)
            for tiles, (c, a, _) in groups.items()
            if set(tiles) != {"g"}
        )
        assert row[answers].sum() == expected, u
    mig = reference.heuristic_policy("mig", "easy")
    mig_total = sum(reference.evaluate(mig, "easy", guesses, answers, q.index[0]))
    best = q[answers].sum(axis=1).idxmin()
    rollout_total = sum(
        reference.evaluate(
            reference.rollout_policy("mig", "easy", guesses, 5), "easy", guesses, answers, best
        )
    )
    check_figure(outputs, "teaching-tree")
    svg = (outputs / "teaching-tree.svg").read_text()
    assert f"mig: TOTAL {mig_total} " in svg and f"rollout-mig: TOTAL {rollout_total} " in svg


def test_prior_notebook(outputs):
    sweep = pd.read_csv(outputs / "prior-sweep.csv", index_col=["power", "policy"])[
        "expected_guesses"
    ]
    uniform = sweep.loc[0.0]
    # Power 0 is the uniform prior: the prior-aware policies are the papers' policies.
    assert uniform["mig[prior]"] == uniform["mig"]
    plain, favourite = "rollout-mig[prior]-no-favourite", "rollout-mig[prior]"
    assert uniform[favourite] == uniform[plain] == uniform["rollout-mig"]
    assert uniform["optimal[prior]"] == uniform["optimal (uniform)"]
    for power in sweep.index.unique("power"):
        row = sweep.loc[power]
        optimum = row["optimal[prior]"]
        for policy in ["mig[prior]", favourite, plain, "optimal (uniform)"]:
            assert optimum <= row[policy] + 1e-4, (power, policy)
        assert row[favourite] <= row["mig[prior]"] and row[plain] <= row["mig[prior]"]
        assert optimum <= row["optimal[prior], at most six"]
    gains = pd.read_csv(outputs / "prior-gains.csv", index_col="heuristic")
    assert (gains["gain"] >= 0).all() and (gains["gain_no_favourite"] >= 0).all()
    check_figure(outputs, "prior-per-answer")


def test_sophiezero_notebook(outputs):
    baselines = pd.read_csv(outputs / "sophiezero-baselines.csv", index_col="policy")
    paper = published("sophiezero_published", "policy")
    for column in ("solved_within_six", "mean_guesses"):
        assert (baselines[f"published_{column}"] == paper[column].reindex(baselines.index)).all()
    # The full run's values (committed, made by make reproduce) against the paper's: MIG without
    # the list within the paper's rounding of 4.12; the random baseline's share solved within
    # two seed-to-seed spreads of 88%.
    full = pd.read_csv(paths.FIGURES_DIR / "sophiezero-baselines.csv", index_col="policy")
    mig, random = "MIG without the answer list", "random consistent word"
    assert abs(full.loc[mig, "mean_guesses_solved"] - paper.loc[mig, "mean_guesses"]) <= 0.005
    assert (
        abs(full.loc[random, "solved_within_six"] - paper.loc[random, "solved_within_six"])
        <= 2 * full.loc[random, "solved_spread"]
    )
    learning = pd.read_csv(outputs / "sophiezero-learning.csv")
    # Consistent actions hold every known letter in its known place, so the two features
    # "places known" and "action letters on known places" are equal and so are their weights.
    assert (learning["theta_3"] == learning["theta_4"]).all()
    assert learning["epsilon"].iloc[-1] == pytest.approx(0.1, abs=1e-3)
    # The paper's printed weights have the same identity (fourth = fifth), and are all negative
    # with "guesses left" the largest: the committed full run's relative weights agree on both.
    weights = pd.read_csv(outputs / "sophiezero-weights.csv", index_col="feature")
    paper_theta = published("sophiezero_published_weights", "feature")["theta"]
    assert paper_theta["places known"] == paper_theta["action letters on known places"]
    relative = (paper_theta / paper_theta.abs().max()).reindex(weights.index)
    assert np.allclose(weights["published_relative"], relative, atol=1e-4)
    ours = weights.filter(like="relative_seed_")
    assert (ours.loc["places known"] == ours.loc["action letters on known places"]).all()
    rollout = pd.read_csv(outputs / "sophiezero-rollout.csv", index_col=["base", "policy"])
    assert set(rollout.index.get_level_values("policy")) == {
        "base",
        "rollout, own shortlist",
        "rollout, MIG shortlist",
    }
    check_figure(outputs, "sophiezero-learning")
    # The random baseline's mean under each reading of the paper's 4.8: a won game takes at most
    # six guesses and a lost one at least seven, so the readings are ordered.
    readings = pd.read_csv(outputs / "sophiezero-baseline-metrics.csv", index_col="reading")
    means = readings["mean_guesses"]
    assert list(means.index) == [
        "over won games",
        "lost games counted as 6",
        "lost games counted as 7",
        "every game played to the end",
    ]
    assert means.is_monotonic_increasing
    assert (readings["published_mean_guesses"] == paper.loc[random, "mean_guesses"]).all()


def test_sophiezero_deep_notebook(outputs):
    paper = published("sophiezero_published_deep", "representation")
    for folder in (outputs, paths.FIGURES_DIR):  # QUICK run and the committed full run
        results = pd.read_csv(folder / "sophiezero-deep-results.csv", index_col="representation")
        assert list(results.index) == [*REPRESENTATIONS, "random consistent word"]
        for column in (
            "best_solved_within_six",
            "best_mean_guesses_solved",
            "share_of_tests_over_benchmark",
        ):
            pub = results[f"published_{column}"].reindex(paper.index)
            assert pub.equals(paper[column]), column
        assert results["share_of_tests_over_benchmark"].dropna().between(0, 1).all()
        curves = pd.read_csv(folder / "sophiezero-deep-learning.csv")
        assert set(curves["representation"]) == set(REPRESENTATIONS)
        # A test scores 55 sampled secrets, the paper's protocol: its shares are k / 55 (written
        # to 4 decimals).
        shares = curves["test_solved"] * 55
        assert np.allclose(shares.round(), shares, rtol=0, atol=55 * 5e-5)
        # epsilon decays to 0.1 at the last episode (QUICK: one episode of 40 before it)
        last = curves.groupby(["representation", "seed"])["epsilon"].last()
        assert np.allclose(last, 0.1, atol=2e-3)
        rollout = pd.read_csv(folder / "sophiezero-deep-rollout.csv", index_col=["agent", "policy"])
        assert set(rollout.index.get_level_values("policy")) == {"base", "rollout, own shortlist"}
        assert {f"deep, {r}" for r in REPRESENTATIONS} | {"linear SARSA (notebook 12)"} <= set(
            rollout.index.get_level_values("agent")
        )
    check_figure(outputs, "sophiezero-deep-learning")


def test_avts_notebook(outputs):
    # QUICK: every picker on a 400-answer game, Thompson sampling on the original lists.
    small = pd.read_csv(outputs / "avts-small.csv", index_col="picker")
    assert set(small.index) == {"thompson", "laplace", "puct", "hoeffding", "epsilon"}
    assert (small["gap"] == 0).all() and small["iterations_to_optimum"].notna().all()
    # 7920 is the published optimum (Bertsimas & Paskov; Selby; Cunanan & Thielscher), also
    # from salet: the searches reach it, and an exact TOTAL never goes below it.
    for name in ("avts-salet", "avts-free"):
        table = pd.read_csv(outputs / f"{name}.csv", index_col="picker")
        assert (
            table.loc["thompson", "optimum"] == 7920 and table.loc["thompson", "best_total"] == 7920
        )
    free = pd.read_csv(outputs / "avts-free.csv", index_col="picker")
    blog = published("avts_blog_published", "picker")["iterations_to_optimum"]
    assert free["published_iterations_to_optimum"].dropna().astype(int).to_dict() == {
        p: blog[p] for p in free.index if p in blog.index
    }
    assert free.loc["thompson", "best_opener"] == "salet"
    curves = pd.read_csv(outputs / "avts-curves.csv")
    assert (curves.groupby(["setting", "picker"])["best_total"].is_monotonic_decreasing).all()
    assert (curves.loc[curves["setting"] != "small game", "total"] >= 7920).all()
    # Hand-checkable: nine -ight answers in hard mode; Thompson, PUCT and epsilon-greedy reach
    # the optimum, Laplace and Hoeffding with the blog's constants stall on the same four actions.
    stall = pd.read_csv(outputs / "avts-stall.csv", index_col="picker")
    assert (stall["optimum"] == 27).all()  # brute force, tests/test_avts.py
    assert stall["iterations_to_optimum"].notna().tolist() == [True, False, True, False, True]
    debias = pd.read_csv(outputs / "avts-debias.csv", index_col=["picker", "compared_by"])
    assert (debias.xs("q3 (debiased)", level="compared_by")["gap"] == 0).all()
    check_figure(outputs, "avts-convergence")
    free_lists = set(free["published_lists"])
    assert free_lists == {"nyt-2022: 14,855 guesses, 2,309 answers"}
    # the blog's quoted estimator values, read from the reference file, beside ours
    estimator = pd.read_csv(outputs / "avts-blog-estimator.csv", index_col="opener")
    quoted = published("avts_blog_estimator")
    assert (
        estimator["published_estimated_guesses"].to_dict() == quoted["estimated_guesses"].to_dict()
    )
    # the stored runs on the blog's lists: never below the optimum 7883 (notebook 14)
    runs = pd.read_csv(outputs / "avts-blog-runs.csv", index_col="run")
    assert (runs["best_total"] >= 7883).all() and (runs["target"] == 7883).all()
    check_figure(outputs, "avts-blog-lists")


def test_every_opener_notebook(outputs):
    # QUICK: salet, easy mode. Selby's published optimum: 7920.
    top = pd.read_csv(outputs / "sweep-top.csv", index_col=["lists", "mode", "opener"])
    salet = top.loc[("original", "easy", "salet")]
    assert (salet["rank"], salet["status"], salet["total"]) == (1, "proved top", 7920)
    assert salet["published_selby_total"] == 7920
    rollout = pd.read_csv(outputs / "sweep-rollout.csv", index_col="opener")
    assert (rollout["rollout_mig_total"] >= 7920).all()  # no policy beats the optimum
    # Rollout is never worse than its base: MIG from salet, 3.6108 guesses on average (rollout
    # paper, Table 1); the published rollout-MIG, 3.4345, is 7951 guesses (ours: 7946).
    published = tables.published("rollout_paper_table1").loc["salet"]
    assert rollout.loc["salet", "rollout_mig_total"] <= published["easy_mig"] * 2315
    assert (
        abs(rollout.loc["salet", "rollout_mig_total"] - published["easy_rollout_mig"] * 2315) < 10
    )
    assert (rollout["proof"] == "evaluated").all() and rollout.loc["salet", "best"]
    mig = pd.read_csv(outputs / "sweep-mig.csv", index_col="opener")
    assert len(mig) == 4 and (mig["total"] >= 7920).all()
    # The paper's openers (QUICK: the first 3 of Table 1), MIG easy: within 0.0022 of the
    # published averages (rollout paper, Table 1), i.e. within 5 of published x 2315.
    paper = pd.read_csv(outputs / "sweep-mig-paper-openers.csv", index_col="opener")
    table1 = tables.published("rollout_paper_table1")
    assert sorted(paper.index) == sorted(table1.index[:3])
    assert (abs(paper["total"] - table1["easy_mig"].reindex(paper.index) * 2315) <= 5).all()
    check_figure(outputs, "sweep-mig-distribution")
    # QUICK: the stored NYT-hard sweeps, salet (Selby's best: 8122 on the original lists, 8097
    # on nyt-2022) proved again in this run
    check_top_hard(outputs, ["salet"])
    check_top_hard(outputs, ["salet"], "top_hard_nyt2022")


def test_teaching_lookahead_notebook(outputs):
    # QUICK: a 150-answer game from MIG's own opener; the exact optimum is computed there.
    value = pd.read_csv(outputs / "teaching-value-space.csv", index_col="j_tilde")
    optimum = value["optimum"].iloc[0]
    assert (value["total"] >= optimum).all()  # no policy beats the optimum
    assert value.loc["optimal J* (every guess)", "over_optimum"] == 0  # J~ = J*: the optimal policy
    rollout = value.loc["mig's exact cost (rollout)", "total"]
    assert rollout <= value.loc["none: mig itself", "total"]  # rollout never worse than its base
    depth = pd.read_csv(outputs / "teaching-lookahead.csv")
    assert list(depth["depth"]) == [0, 1, 2]
    assert depth.loc[0, "total"] == value.loc["none: mig itself", "total"]  # l = 0: the base
    assert depth.loc[1, "total"] == rollout  # l = 1 over the base's cost is rollout
    assert (depth["total"] <= depth["base_total"]).all() and (depth["total"] >= optimum).all()
    truncated = pd.read_csv(outputs / "teaching-truncated.csv", dtype={"m": str})
    assert (
        truncated.loc[truncated["m"] == "inf", "total"] == rollout
    ).all()  # m = infinity: rollout
    assert (truncated["total"] >= optimum).all()
    sampled = pd.read_csv(outputs / "teaching-sampled.csv")
    assert (sampled["exact_rollout_total"] == rollout).all() and (sampled["total"] >= optimum).all()
    assert len(sampled) == 4 and set(sampled["s"]) == {2, 5}
    for stem in ("teaching-lookahead", "teaching-truncated", "teaching-sampled"):
        check_figure(outputs, stem)


def test_newton_step_notebook(outputs):
    # QUICK: two small games. Invariants only: J* <= J_rollout <= J_base at every state and at
    # the root, noisy MIG at epsilon 0 is MIG, binned means keep e_r <= e_b.
    states = pd.read_csv(
        outputs / "teaching-newton-states.csv", index_col=["game", "base", "state"]
    )
    assert set(states.index.get_level_values("game")) == {"small", "real"}
    assert (states["optimal_total"] <= states["rollout_total"]).all()
    assert (states["rollout_total"] <= states["base_total"]).all()
    assert (states["e_rollout"] >= 0).all()
    assert (states.xs(0, level="state")["turn"] == 0).all()  # the root after the opener first
    fits = pd.read_csv(outputs / "teaching-newton.csv", index_col=["game", "base"])
    assert set(fits.loc["small"].index) == {
        "mig",
        "mrd",
        "gep",
        "gep-published",
        "noisy-mig",
        "random-consistent",
    }
    assert (fits["root_optimal_total"] <= fits["root_rollout_total"]).all()
    assert (fits["root_rollout_total"] <= fits["root_base_total"]).all()
    assert (fits["exact"] + fits["fitted"] <= fits["improvable"]).all()
    assert (fits["improvable"] <= fits["states"]).all()
    noise = pd.read_csv(outputs / "teaching-newton-noise.csv", index_col="epsilon")
    assert noise.loc[0.0, "root_e_base_total"] == fits.loc[("small", "mig"), "root_e_base_total"]
    assert (noise["root_e_rollout_total"] <= noise["root_e_base_total"]).all()
    bins = pd.read_csv(outputs / "teaching-newton-bins.csv")
    assert ((bins["exact_share"] >= 0) & (bins["exact_share"] <= 1)).all()
    assert (bins["mean_e_rollout"] <= bins["mean_e_base"]).all()
    # no slope from fewer than 10 points (MIN_FIT_POINTS)
    assert fits.loc[fits["fitted"] < 10, "slope"].isna().all()
    check_figure(outputs, "teaching-newton")
    check_figure(outputs, "teaching-newton-toy")


def test_stochastic_wordle_notebook(outputs):
    # QUICK: a 30-answer game, p in {0, 0.1} and one lie per row; the real game with most-likely only.
    model = pd.read_csv(outputs / "teaching-noise-model.csv", index_col=["noise", "reported"])
    tile, lie = model.loc["tile p=0.1"], model.loc["row p=1 (one lie)"]
    assert tile.loc["gybbg", "probability"] == pytest.approx(
        0.9**5, abs=1e-4
    )  # nothing misreported
    assert tile.loc["bybbg", "probability"] == pytest.approx(
        0.9**4 * 0.05, abs=1e-4
    )  # one tile, one colour
    assert tile["noise_bits"].iloc[0] == pytest.approx(
        5 * (-0.9 * math.log2(0.9) - 0.1 * math.log2(0.05)), abs=1e-4
    )
    assert (lie["probability"] == 0.1).all() and lie["noise_bits"].iloc[0] == pytest.approx(
        math.log2(10), abs=1e-4
    )
    small = pd.read_csv(outputs / "teaching-noise-small.csv")
    exact = small[small["p"] == 0]
    assert (exact["method"] == "exact").all() and (exact["standard_error"] == 0).all()
    for policy in ("mig", "rollout-mig"):  # p = 0 is the deterministic game, to the last digit
        row = exact[exact["policy"] == policy].iloc[0]
        assert row["mean"] == row["deterministic_game"]
    noisy = small[small["p"] > 0]
    assert (noisy["method"] == "simulation").all() and (noisy["standard_error"] > 0).all()
    assert (small["mean"] >= 1).all() and small["unfinished_share"].between(0, 1).all()
    belief = pd.read_csv(outputs / "teaching-noise-belief.csv", index_col=0)
    tv = belief["tv_after_report_1"].dropna()
    # QUICK: 0.3, 3 and 30 particles per answer of the 30-answer game
    assert tv.index.tolist() == [9, 90, 900] and tv.iloc[-1] < tv.iloc[0] / 3  # about 1/sqrt(N)
    assert belief["mig_mean"].notna().all()
    real = pd.read_csv(outputs / "teaching-noise-real.csv", index_col=["noise", "policy"])
    assert real.loc[("tile p=0", "most-likely"), "method"] == "exact"
    assert real.loc[("tile p=0", "most-likely"), "answers"] == 2315
    for stem in ("teaching-belief", "teaching-noise", "teaching-belief-bars"):
        check_figure(outputs, stem)


# The exercises of the teaching notebooks: each worked solution ends with a dict of its key
# numbers, checked here against plain-Python references (tests/reference.py), hand-worked
# values or theorems (optimum <= rollout <= base), never against what the notebook printed before.
TEACHING = {
    "00": "00-teaching-pomdp-rollout",
    "15": "15-teaching-lookahead-truncated-sampled",
    "16": "16-teaching-newton-step",
    "17": "17-teaching-stochastic-wordle",
}


def solutions(notebook_path) -> list[dict]:
    """The key numbers of each solution cell (tagged ``solution``), in order."""
    nb = nbformat.read(notebook_path, as_version=4)
    found = []
    for cell in nb.cells:
        if "solution" in cell.metadata.get("tags", []):
            results = [o for o in cell.outputs if o.output_type == "execute_result"]
            assert results, cell.source[:60]
            found.append(ast.literal_eval(results[-1].data["text/plain"]))
    return found


def test_teaching_notebooks_end_with_folded_exercises():
    for stem in TEACHING.values():
        nb = nbformat.read(paths.NOTEBOOKS_DIR / f"{stem}.ipynb", as_version=4)
        folded = [c for c in nb.cells if "solution" in c.metadata.get("tags", [])]
        assert 3 <= len(folded) <= 5, stem
        for cell in folded:
            assert cell.cell_type == "code" and "hide-cell" in cell.metadata["tags"], stem
            assert cell.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
        exercises = [c for c in nb.cells if c.source.startswith("**Exercise ")]
        assert len(exercises) == len(folded), stem
        last = max(i for i, c in enumerate(nb.cells) if "solution" in c.metadata.get("tags", []))
        assert last == len(nb.cells) - 1, stem  # the exercises end the notebook


def _first_candidate(cands, allowed, history):
    return cands[0]  # the lazy base of the exercises: the first candidate, alphabetically


def _lazy_total(candidates) -> int:
    """Guesses summed over ``candidates`` when the first candidate is always guessed."""
    guess, total = candidates[0], len(candidates)
    split = {}
    for a in candidates:
        split.setdefault(reference.feedback(guess, a), []).append(a)
    return total + sum(_lazy_total(c) for tiles, c in split.items() if tiles != "ggggg")


def _lazy_rollout(top_k):
    """Rollout over the first candidate, as the paper describes it: the base's own guess, then
    the next candidates in its order (its shortlist), the smallest total wins, ties to the first."""

    def choose(cands, allowed, history):
        best, best_total = None, None
        for u in list(cands[: max(top_k, 1)]):
            split = {}
            for a in cands:
                split.setdefault(reference.feedback(u, a), []).append(a)
            total = len(cands) + sum(_lazy_total(c) for t, c in split.items() if t != "ggggg")
            if best_total is None or total < best_total:
                best, best_total = u, total
        return best

    return choose


def test_exercises_of_notebook_00(outputs):
    pose, lazy, opener = solutions(outputs / "notebooks" / f"{TEACHING['00']}.ipynb")
    game = small_game(120, 0, 2)  # QUICK's game
    answers, guesses = list(game.answers.words), list(game.guesses.words)
    # 1: the belief after two reports is uniform on the answers consistent with both.
    seen = [reference.feedback(g, pose["answer"]) for g in pose["guesses"]]
    consistent = [a for a in answers if [reference.feedback(g, a) for g in pose["guesses"]] == seen]
    assert pose["support"] == consistent and pose["uniform"]
    # 2: the lazy base, exactly, and its rollout, by the plain-Python rollout.
    assert lazy["opener"] == answers[0]
    assert lazy["base_total"] == sum(
        reference.evaluate(_first_candidate, "easy", guesses, answers, answers[0])
    )
    assert lazy["rollout_total"] == sum(
        reference.evaluate(_lazy_rollout(10), "easy", guesses, answers, answers[0])
    )
    assert lazy["optimum"] <= lazy["rollout_total"] <= lazy["base_total"]
    # 3: MIG's opener and TOTAL by the plain-Python MIG; the optimum after it in between.
    mig_opener = reference.heuristic_choice("mig", "easy", answers, guesses)
    mig = reference.heuristic_policy("mig", "easy")
    assert opener["mig_opener"] == mig_opener
    assert opener["mig_total"] == sum(reference.evaluate(mig, "easy", guesses, answers, mig_opener))
    assert opener["optimum"] <= opener["optimum_after_mig_opener"] <= opener["mig_total"]
    assert opener["optimum"] == lazy["optimum"]


def test_exercises_of_notebook_15(outputs):
    sampled, truncated, narrow = solutions(outputs / "notebooks" / f"{TEACHING['15']}.ipynb")
    # 1: sampling every candidate is exact rollout.
    assert sampled["sampled_all"] == sampled["exact_rollout"] >= sampled["optimum"]
    # 2: m = 0 with the entropy terminal plays MIG: MIG's TOTAL by the plain-Python MIG.
    game = small_game(150, 150, 1)  # QUICK's game
    answers, guesses = list(game.answers.words), list(game.guesses.words)
    mig_opener = reference.heuristic_choice("mig", "easy", answers, guesses)
    mig = reference.heuristic_policy("mig", "easy")
    mig_total = sum(reference.evaluate(mig, "easy", guesses, answers, mig_opener))
    assert truncated["m0_total"] == truncated["base_total"] == mig_total
    # 3: lookahead over the base's cost, with the base's guess on the shortlist: between the two.
    assert narrow["optimum"] <= narrow["depth2_top3"] <= narrow["base_total"] == mig_total
    assert narrow["optimum"] <= narrow["depth2_top10"]


def test_exercises_of_notebook_16(outputs):
    optimal, lazy, whole = solutions(outputs / "notebooks" / f"{TEACHING['16']}.ipynb")
    # 1: policy improvement: rollout is optimal wherever its base is.
    assert optimal["states_base_optimal"] > 0 and optimal["rollout_worse_there"] == 0
    # 2: the lazy base from the small game's opener, exactly, by plain Python.
    game = small_game(100, 30, 0)  # QUICK's small game
    answers, guesses = list(game.answers.words), list(game.guesses.words)
    assert lazy["root_base_total"] == sum(
        reference.evaluate(_first_candidate, "easy", guesses, answers, lazy["opener"])
    )
    assert lazy["root_optimal_total"] <= lazy["root_rollout_total"] <= lazy["root_base_total"]
    assert 0 <= lazy["ratio"] <= 1
    # 3: totals are whole guesses, so a positive error is at least one guess.
    assert whole["not_whole"] == 0 and whole["smallest_positive"] >= 1


def test_exercises_of_notebook_17(outputs):
    likelihood, posterior, particles = solutions(outputs / "notebooks" / f"{TEACHING['17']}.ipynb")
    # 1: by hand, three tiles agree and two show one given other colour.
    assert likelihood["likelihood"] == pytest.approx(0.8**3 * 0.1**2, abs=1e-8)
    # 2: Bayes by hand over QUICK's game: P(report | true pattern), 0 for the guessed word.
    game = small_game(30, 20, 0)
    answers = list(game.answers.words)
    guess, shown = posterior["guess"], posterior["reported"]
    assert reference.feedback(guess, answers[0])[1:] == shown[1:]
    assert reference.feedback(guess, answers[0])[0] != shown[0]

    def like(a):
        agree = sum(x == y for x, y in zip(reference.feedback(guess, a), shown))
        return 0.0 if a == guess else 0.9**agree * 0.05 ** (5 - agree)

    mass = sum(like(a) for a in answers)
    expected = sorted(answers, key=lambda a: -like(a))[:3]
    assert list(posterior["top"]) == expected
    for word, value in posterior["top"].items():
        assert value == pytest.approx(like(word) / mass, abs=1e-6)
    # 3: the particle filter's distance to the exact posterior shrinks about as 1/sqrt(N).
    tv = particles["tv"]
    assert all(0 <= d <= 1 for d in tv.values()) and tv[1000] < tv[10] / 3


def test_any_guessing_game(outputs):
    # QUICK: mastermind-3-4 from 112. Rollout is never worse than its base (policy
    # improvement), and C&T's V_i rise with i (Section 4) and never exceed a TOTAL some policy
    # reaches from that opener (they are lower bounds).
    policies = pd.read_csv(outputs / "any-game-policies.csv", index_col="policy")
    for base in ("mig", "knuth"):
        assert policies.loc[f"rollout-{base}", "total"] <= policies.loc[base, "total"]
    bounds = pd.read_csv(outputs / "any-game-bounds.csv", index_col="opener", dtype={"opener": str})
    assert (bounds["V_1"] <= bounds["V_2"]).all() and (bounds["V_2"] <= bounds["V_3"]).all()
    assert bounds.loc["112", "V_3"] <= policies["total"].min()
    assert list(bounds.index) == ["111", "112", "123"]  # the classes of 3-peg codes
    # The exact optimum of each class lies between its bounds and every policy from it
    # (lower bound <= optimum <= any policy), and the best class is the one marked best.
    optimum = pd.read_csv(
        outputs / "any-game-optimum.csv", index_col="opener", dtype={"opener": str}
    )
    assert list(optimum.index) == list(bounds.index)
    assert (bounds["V_3"] <= optimum["total"]).all()
    assert optimum.loc["112", "total"] <= policies["total"].min()
    assert optimum.loc[optimum["best"], "total"].tolist() == [optimum["total"].min()]
    # The literature's strategies each open with their own choice. Kooi's most parts (gep)
    # must open with 123: by hand, over 3-peg codes it is the only class of first guesses that
    # reaches all 9 feedbacks (112 never gets 0 black 3 white, 111 only 4 of them).
    one_step = pd.read_csv(
        outputs / "any-game-one-step.csv", index_col="policy", dtype={"opener": str}
    )
    assert one_step.loc["gep", "opener"] == "123"
    assert (optimum["total"].min() <= one_step["total"]).all()
    # Bulls and Cows (5,040 codes): no policy beats the published optimum (Tanaka, 26274).
    bulls = pd.read_csv(
        outputs / "any-game-bulls-and-cows.csv", index_col="policy", dtype={"opener": str}
    )
    assert (bulls["over_optimum"] > 0).all() and (bulls["opener"] == "0123").all()


def test_many_boards_notebook(outputs):
    # Dordle on the original lists: every ordered pair of distinct answers, 2,315 x 2,314.
    both = pd.read_csv(outputs / "many-boards-dordle-mig.csv", index_col="policy")
    assert list(both.index) == ["mig", "mrd"]  # MIG and a second base, each over every secret
    assert (both["games"] == 2315 * 2314).all() and (both["worst"] <= 7).all()
    dordle = both.loc["mig"]
    steps = {
        int(c.removeprefix("in_")): int(dordle[c]) for c in dordle.index if c.startswith("in_")
    }
    assert dordle["games"] == 2315 * 2314 == sum(steps.values())
    assert dordle["total"] == sum(k * c for k, c in steps.items())
    assert dordle["mean"] == pytest.approx(dordle["total"] / dordle["games"], abs=1e-4)
    assert steps.get(2, 0) == 0  # a guess solves one board at most, and salet is no answer
    again = pd.read_csv(outputs / "many-boards-dordle-recheck.csv")
    assert len(again) >= 1 and again["agree"].all()  # stored rows counted again, as stored
    # Cut lists: no strategy beats the optimum, rollout is never worse than its base (policy
    # improvement), and the secrets of n answers are n (n - 1).
    cut = pd.read_csv(outputs / "many-boards-cut-lists.csv", index_col="n_answers")
    assert 10 in cut.index and (cut["secrets"] == cut.index * (cut.index - 1)).all()
    assert (cut["optimum"] <= cut["opener_optimum"]).all()
    assert (cut["opener_optimum"] <= cut["rollout_total"]).all()
    assert (cut["rollout_total"] <= cut["base_total"]).all()
    assert (cut["base_gap"] == cut["base_total"] - cut["opener_optimum"]).all()
    # The bracket: boards_optima's floor n (O - 7) + ceil(n (n - 1) / 2) with Wordle's optimum
    # O = 7920 (Cunanan & Thielscher, Table 4), below MIG's exact total.
    bracket = pd.read_csv(outputs / "many-boards-dordle-bracket.csv", index_col="bound")
    lower, upper = bracket["total"]
    assert lower == 2315 * (7920 - 7) + math.ceil(2315 * 2314 / 2) <= upper == both["total"].min()
    # Rollout on Dordle: both policies on the same stored secrets, the gain inside its interval.
    rollout = pd.read_csv(outputs / "many-boards-dordle-rollout.csv", index_col="policy")
    assert list(rollout.index) == ["mig", "rollout-mig"] and rollout["games"].nunique() == 1
    low, high = map(float, rollout.loc["rollout-mig", "gain_ci95"].split(" to "))
    assert low <= rollout.loc["rollout-mig", "gain_over_mig"] <= high
    # Every game: cap N + 5, at least N + 1 guesses (salet solves no board), shares in [0, 1].
    many = pd.read_csv(outputs / "many-boards-table.csv", index_col=["boards", "game", "sample"])
    assert list(many.columns) == [
        "policy",
        "cap",
        "games",
        "mean",
        "ci95",
        "solved within cap",
        "minus_mig",
        "minus_mig_ci95",
    ]
    boards = many.index.get_level_values("boards")
    assert sorted(set(boards)) == [2, 4, 8, 16] and (many["cap"] == boards + 5).all()
    assert (many["mean"] >= boards + 1).all() and many["solved within cap"].between(0, 1).all()
    for text, mean in zip(many["ci95"], many["mean"]):
        low, high = map(float, text.split(" to "))
        assert low <= mean <= high
    assert (many.loc[many["policy"] == "mig", "minus_mig"] == 0).all()
    played = pd.read_csv(outputs / "many-boards-recheck.csv")
    assert sorted(set(played["boards"])) == [2, 4, 8, 16] and played["agree"].all()
    # Rollout's gain against the boards: one board is Wordle, exact over every answer, MIG from
    # salet as the rollout paper's Table 1 (3.6108, easy) and rollout no worse than its base.
    gain = pd.read_csv(outputs / "many-boards-rollout-gain.csv", index_col="boards")
    assert list(gain.index) == [1, 2, 4, 8, 16] and gain["exact"].tolist() == [True] + [False] * 4
    wordle = gain.loc[1]
    assert wordle["games"] == 2315 and wordle["rollout_mean"] <= wordle["mig_mean"]
    assert wordle["mig_mean"] == pytest.approx(
        published("rollout_paper_table1").loc["salet", "easy_mig"], abs=0.003
    )
    assert (gain["gain_low"] <= gain["gain"]).all() and (gain["gain"] <= gain["gain_high"]).all()
    check_figure(outputs, "many-boards-rollout-gain")


def test_adversaries_notebook(outputs):
    # QUICK: small_game(12, 6, 1, "ch") under the three models, each optimum against brute force
    # (tests/reference.py): the mean's optimum, the least worst case and the least TOTAL within
    # it, and Absurdle's shortest win.
    g = small_game(12, 6, 1, suffix="ch")
    guesses, answers = list(g.guesses), list(g.answers)
    three = pd.read_csv(outputs / "adversaries-three-models.csv", index_col="model")
    mean, worst, adversary = (three.iloc[i] for i in range(3))
    assert mean["total"] == reference.optimal_total("easy", guesses, answers)
    least_worst = reference.least_worst("easy", guesses, answers)
    assert worst["worst"] == least_worst
    assert worst["total"] == reference.optimal_total("easy", guesses, answers, left=least_worst)
    assert adversary["against_absurdle"] == reference.absurdle_shortest("easy", guesses, answers)
    counts = pd.read_csv(outputs / "adversaries-three-models-guesses.csv", index_col="guesses")
    for column, row in zip(counts.columns, (mean, worst), strict=True):
        assert counts[column].sum() == len(answers)
        assert (counts.index * counts[column]).sum() == row["total"]
        assert counts[column][counts[column] > 0].index.max() == row["worst"]
    check_figure(outputs, "adversaries-three-models")
    # Absurdle's adversary is one answerer the worst case allows: no strategy lasts longer.
    assert adversary["against_absurdle"] <= worst["against_absurdle"] <= worst["worst"]
    assert mean["against_absurdle"] <= mean["worst"] and worst["worst"] <= mean["worst"]
    # Absurdle: the lengths recomputed agree with the stored proof; qntm's FAQ: the best is
    # four guesses, in easy and hard mode alike.
    proof = pd.read_csv(outputs / "adversaries-absurdle.csv")
    assert proof["agree"].all() and proof["recomputed"].any()
    for mode in ("easy", "hard"):
        rows = proof[proof["mode"] == mode].set_index("guesses")["result"]
        assert list(rows.index) == [1, 2, 3, 4] and (rows.loc[[1, 2, 3]] == "impossible").all()
        assert rows.loc[4].startswith("win: ") and len(rows.loc[4].split()) == 5
    # The objectives: stored capped optima computed again agree; from salet within six, Selby's
    # optima 7920 (easy) and 8122 (hard); the lexicographic identities of optimal.objectives.
    again = pd.read_csv(outputs / "adversaries-objectives-recheck.csv")
    assert len(again) >= 1 and again["agree"].all()
    for folder in (outputs, paths.FIGURES_DIR):  # QUICK run and the committed full run
        table = pd.read_csv(folder / "adversaries-objectives.csv", dtype={"mean_cap": str})
        row = table.set_index(["lists", "mode", "mean_cap"])
        assert row.loc[("original", "easy", "6"), "mean_total"] == 7920
        assert row.loc[("original", "hard", "6"), "mean_total"] == 8122
        found = table.dropna(subset=["mean_total"])
        assert (found["gives_up"] == found["worst_then_mean_total"] - found["mean_total"]).all()
        assert (found["least_worst"] <= found["mean_then_worst"]).all()
    # The Mastermind ladder of the committed run: Koyama & Lai's 5625 and 5626 within five,
    # the least worst case 5 (Knuth, Ville), Goddard's 3.608 for (3, 5) (451 / 125).
    ladder = pd.read_csv(
        paths.FIGURES_DIR / "adversaries-mastermind.csv", index_col=["game", "rule"]
    )
    mm = ladder.loc[("mastermind-4-6", "any code")]
    assert (mm["mean_total"], mm["least_worst"], mm["worst_then_mean_total"]) == (5625, 5, 5626)
    assert ladder.loc[("mastermind-3-5", "any code"), "mean_total"] == 451
    strict = ladder.xs("strict", level="rule")
    free = ladder.xs("any code", level="rule")
    assert (strict["mean_total"] >= free["mean_total"]).all()  # a restriction never helps
    assert (strict["least_worst"] >= free["least_worst"]).all()
    quick = pd.read_csv(outputs / "adversaries-mastermind.csv", index_col=["game", "rule"])
    assert (quick["worst_then_mean_total"] >= quick["mean_total"]).all()
    # The stored rungs: (4, 7)'s least mean is Ville's 4.676 to his three decimals; Super
    # Mastermind is bounded, never claimed proved, lower <= upper, strict no better than free.
    for folder in (outputs, paths.FIGURES_DIR):
        upper = pd.read_csv(folder / "adversaries-mastermind-next.csv", index_col=["game", "rule"])
        assert round(upper.loc[("mastermind-4-7", "unrestricted"), "total"] / 2401, 3) == 4.676
        assert upper.loc[("mastermind-4-7", "unrestricted"), "proved"]
        smm = upper.xs("mastermind-5-8", level="game")
        assert not smm["proved"].any() and (smm["lower"] <= smm["total"]).all()
        assert smm.loc["strict", "total"] >= smm.loc["unrestricted", "total"]
        # The least worst case over every opener, by lists and mode. Original lists: easy mode's
        # is proved from the stored sweep of all 12,972 guesses (SOURCES.md) within 4, none
        # within, and salet within 5 (tests/test_minimax.py); hard and strict mode's from the
        # same sweep (their strategies are easy-mode ones) and the sampled openers within 5
        # (abaci: worst-openers; the stored strict sweep). nyt-2023: the stored sweep of its
        # 14,855 guesses within 4, none within, and salet within 5 (searched in the run;
        # benchmarks/minimax-results.md), so easy mode's is 5 and hard mode's at least 5.
        worst = pd.read_csv(folder / "adversaries-worst-openers.csv", index_col=["lists", "mode"])
        modes = ["easy", "hard", "strict"]
        assert list(worst.index) == [
            (lists, m) for lists in ("original", "nyt-2023") for m in modes
        ]
        original, nyt = worst.loc["original"], worst.loc["nyt-2023"]
        assert original["proved over every opener"].all()
        assert (original["least worst case found"] == 5).all() and (original["at least"] == 5).all()
        assert (original["covered at d - 1 (none within)"] == 12972).all()
        assert (original["openers within it"] >= 1).all()
        assert original.loc["hard", "swept"].startswith("within 4: 12972 by easy mode")
        easy = nyt.loc["easy"]
        assert easy["proved over every opener"] and easy["least worst case found"] == 5
        assert easy["covered at d - 1 (none within)"] == 14855
        assert easy["example openers"] == "salet" and easy["openers within it"] == 1
        # hard mode: the stored sweep within 5 covers every one of the 14,855 guesses (SOURCES.md),
        # none within, and tails' strict-mode strategy within 6 is a hard-mode one, so 6 is proved
        hard = nyt.loc["hard"]
        assert hard["proved over every opener"] and hard["least worst case found"] == 6
        assert hard["at least"] == 6 and hard["example openers"] == "tails"
        assert hard["covered at d - 1 (none within)"] == 14855
        assert hard["swept"] == (
            "within 4: 14855 by easy mode, within 5: 14855, within 6: 1 by strict mode"
        )
        # Strict mode: both lists' stored sweeps within 5 cover every guess (SOURCES.md), and on
        # nyt-2023 refute every one, so tails within 6 (searched in the run; its strategy was
        # walked over every answer by an independent checker, SOURCES.md) makes 6 proved.
        strict = original.loc["strict"]
        assert strict["covered at d"] == 12972 and "within 5: 12972" in strict["swept"]
        strict = nyt.loc["strict"]
        assert strict["proved over every opener"] and strict["least worst case found"] == 6
        assert strict["at least"] == 6 and strict["covered at d - 1 (none within)"] == 14855
        assert strict["example openers"] == "tails"
