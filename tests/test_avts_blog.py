"""The stored AVTS runs of notebook 13: made, appended, read back and rechecked."""

import pandas as pd

from wordlekit.experiments import avts_blog
from wordlekit.game import small_game
from wordlekit.optimal import Solver


def test_store_append_and_recheck(tmp_path):
    game = small_game(400, 100, seed=0)
    optimum = Solver(game, max_guesses=None).value(game.initial_state(), len(game.answers))
    plan = [
        {"picker": "thompson", "seed": 1, "iterations": 60},
        {"picker": "hoeffding", "seed": 0, "iterations": 12, "variant": "top-100"},
    ]
    files = avts_blog.store_runs(tmp_path, game, plan, optimum, chunk=7, progress=False)
    # a second call skips the runs already stored and appends the new one only
    plan.append({"picker": "laplace", "seed": 0, "iterations": 60, "settings": {"delta": 0.3}})
    avts_blog.store_runs(tmp_path, game, plan, optimum, progress=False)
    runs = pd.read_csv(files[avts_blog.RUNS_FILE], keep_default_na=False)
    traces = pd.read_csv(files[avts_blog.TRACES_FILE], keep_default_na=False)
    assert runs["run"].tolist() == [
        "thompson/seed1/cutoff",
        "hoeffding/seed0/top-100",
        "laplace/seed0/cutoff/delta=0.3",
    ]
    top100 = runs.set_index("run").loc["hoeffding/seed0/top-100"]
    # no cutoff: the root holds its 100 best-estimated actions from the start
    assert top100["root_actions"] == 100 and top100["iterations_run"] == 12
    assert set(traces["run"]) == set(runs["run"])
    runs["iterations_to_optimum"] = pd.to_numeric(runs["iterations_to_optimum"], errors="coerce")
    for run in runs["run"]:
        stored, now, agree = avts_blog.recheck(game, runs, traces, run, 8)
        assert agree and len(stored) > 0, run
    table = avts_blog.seed_table(runs)
    assert table.loc[("thompson", "cutoff"), "seeds"] == 1


def test_stored_opener_free_runs_read_back_as_the_searches_traces(tmp_path):
    # Notebook 13's section 4 reads its searches from stored files: the traces rebuilt from
    # them must give the tables and curves the searches themselves give.
    from wordlekit.avts import avts_curves, avts_runs, avts_table

    game = small_game(300, 200, seed=0)
    optimum = Solver(game, max_guesses=None).value(game.initial_state(), len(game.answers))
    budgets = {"thompson": 150, "puct": 40, "epsilon": 120}
    live = avts_runs(game, list(budgets), budgets, target=optimum, seed=0, progress=False)
    plan = [{"picker": p, "seed": 0, "iterations": n} for p, n in budgets.items()]
    files = avts_blog.store_runs(tmp_path, game, plan, optimum, 50, False, prefix="free")
    assert sorted(files) == ["free_runs.csv", "free_seconds.csv", "free_traces.csv"]
    runs = pd.read_csv(files["free_runs.csv"], keep_default_na=False)
    traces = pd.read_csv(files["free_traces.csv"], keep_default_na=False)
    back = avts_blog.stored_traces(runs, traces)
    assert avts_table(back).equals(avts_table(live))
    assert avts_curves(back).equals(avts_curves(live))
    for picker, trace in live.items():
        assert back[picker].totals.tolist() == trace.totals.tolist()
        assert back[picker].openers == trace.openers


def test_the_stored_opener_free_runs_are_the_notebooks_plan():
    # FREE_PLAN is what notebook 13's FREE_ITERATIONS says; the stored runs follow it, and an
    # exact TOTAL never goes below the optimum 7920 (published: Bertsimas & Paskov, Selby).
    runs, traces = avts_blog.read_stored(avts_blog.FREE_PREFIX)
    plan = {p["picker"]: p["iterations"] for p in avts_blog.FREE_PLAN}
    assert dict(zip(runs["picker"], runs["iterations_run"])).keys() == plan.keys()
    assert all(runs["iterations_run"] <= runs["picker"].map(plan))
    assert (traces["total"] >= 7920).all() and (runs["target"] == 7920).all()
    stopped = runs["iterations_run"] < runs["picker"].map(plan)
    assert (runs.loc[stopped, "best_total"] == 7920).all()  # a run stops early only at the optimum
