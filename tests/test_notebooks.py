"""Every notebook runs (QUICK parameters, through papermill) and writes what it should.

Expected values come from the papers (``data/reference``) or are invariants (rollout never
worse than its base); nothing is compared with a number the notebooks computed before.
"""

import filecmp
import hashlib
import math

import nbformat
import pandas as pd
import pytest

from wordlekit import paths, reproduce, tables

from .test_figures import (
    check_figure3,
    check_figure4,
    check_table3,
    check_topk,
    figure3_expected,
    published,
)
from .test_reproduce import volatile_text

pytestmark = pytest.mark.slow


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
    timings = reproduce.run(
        quick=True, output_dir=out, build_dir=out / "build", log=lambda *a: None, progress=False
    )
    assert [name for name, _ in timings] == [nb.stem for nb in reproduce.notebooks()]
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
    assert (outputs / "rollout-heuristics-histogram.png").is_file()


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


def test_table2(outputs):
    row = pd.read_csv(outputs / "rollout-table2.csv", index_col="opener").loc["salet"]
    assert row["hard_mrd"] == pytest.approx(3.5438, abs=0.003)
    assert row["hard_gep"] == pytest.approx(5.8674, abs=0.003)
    assert row["hard_rollout_gep"] == pytest.approx(3.5352, abs=0.02)
    assert row["hard_rollout_mrd"] <= row["hard_mrd"]


def test_figures(outputs, original):
    for stem in [
        "rollout-figure1",
        "rollout-figure2",
        "rollout-figure3-qfactors",
        "rollout-figure4",
        "rollout-topk",
        "rollout-table3",
    ]:
        assert (outputs / f"{stem}.png").stat().st_size > 1000, stem
        assert (outputs / f"{stem}.svg").is_file(), stem
    # What they are drawn from, as this run wrote it (tests/test_figures.py checks the committed
    # figures/ the same way; the boards of Figures 1 and 2 are checked there, from the games).
    check_figure3(outputs, figure3_expected(original))  # QUICK changes nothing in notebook 06
    check_figure4(outputs)  # QUICK: salet only
    check_topk(outputs)  # QUICK: strict mode, k = 1 and 10
    check_table3(outputs, full_lists=False)  # QUICK: one seed, smaller lists


def test_algorithm1_picks_the_smallest_average_q_factor(outputs):
    table = pd.read_csv(outputs / "rollout-algorithm1.csv", index_col="guess")
    assert table["average Q-factor"].min() <= table["average Q-factor"].iloc[0]


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


def test_rerun_reproduces_files_byte_for_byte(outputs, tmp_path):
    reproduce.run(
        quick=True,
        only=["05", "06"],
        output_dir=tmp_path,
        build_dir=tmp_path / "build",
        log=lambda *a: None,
        progress=False,
    )
    written = sorted(
        p.relative_to(tmp_path)
        for p in tmp_path.rglob("*")
        if p.is_file() and "build" not in p.parts
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


def test_optimal_table4(outputs):
    t4 = pd.read_csv(outputs / "optimal-table4.csv", index_col="i")
    assert (t4.loc[1, "remaining"], t4.loc[1, "min_v"]) == (12453, 6829)  # published, Table 4
    assert (outputs / "optimal-table4-survivors.png").stat().st_size > 1000


def test_teaching_notebook(outputs):
    table = pd.read_csv(outputs / "teaching-policies.csv", index_col="policy")
    optimum = table.loc["optimal", "total"]
    for name in ["mig", "mrd", "gep"]:
        # rollout never worse than its base; nothing better than the optimum
        assert optimum <= table.loc[f"rollout-{name}", "total"] <= table.loc[name, "total"]
    for stem in ["teaching-values", "teaching-repeated-rollout"]:
        assert (outputs / f"{stem}.png").stat().st_size > 1000


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
    assert (outputs / "prior-per-answer.png").stat().st_size > 1000


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
    rollout = pd.read_csv(outputs / "sophiezero-rollout.csv", index_col=["base", "policy"])
    assert set(rollout.index.get_level_values("policy")) == {
        "base",
        "rollout, own shortlist",
        "rollout, MIG shortlist",
    }
    assert (outputs / "sophiezero-learning.png").stat().st_size > 1000


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
    assert (outputs / "avts-convergence.png").stat().st_size > 1000


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
    assert (outputs / "sweep-mig-distribution.png").stat().st_size > 1000


def test_teaching_lookahead_notebook(outputs):
    # QUICK: a 150-answer game from MIG's own opener; the exact optimum is computed there.
    value = pd.read_csv(outputs / "teaching-value-space.csv", index_col="j_tilde")
    optimum = value["optimum"].iloc[0]
    assert (value["total"] >= optimum).all()  # no policy beats the optimum
    assert value.loc["optimal J* (every guess)", "over_optimum"] == 0  # J~ = J*: the optimal policy
    rollout = value.loc["mig's exact cost (rollout)", "total"]
    assert rollout <= value.loc["none: mig itself", "total"]  # rollout never worse than its base
    depth = pd.read_csv(outputs / "teaching-lookahead.csv")
    assert list(depth["depth"]) == [1, 2]
    assert depth.loc[0, "total"] == rollout  # l = 1 over the base's cost is rollout
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
        assert (outputs / f"{stem}.png").stat().st_size > 1000


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
    assert (outputs / "teaching-newton.png").stat().st_size > 1000


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
    assert (small["mean"] >= 1).all() and small["unfinished"].between(0, 1).all()
    belief = pd.read_csv(outputs / "teaching-noise-belief.csv", index_col=0)
    tv = belief["tv_after_report_1"].dropna()
    assert tv.index.tolist() == [10, 100, 1000] and tv.iloc[-1] < tv.iloc[0] / 3  # about 1/sqrt(N)
    assert belief["mig_mean"].notna().all()
    real = pd.read_csv(outputs / "teaching-noise-real.csv", index_col=["noise", "policy"])
    assert real.loc[("tile p=0", "most-likely"), "method"] == "exact"
    assert real.loc[("tile p=0", "most-likely"), "answers"] == 2315
    for stem in ("teaching-belief", "teaching-noise"):
        assert (outputs / f"{stem}.png").stat().st_size > 1000


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
