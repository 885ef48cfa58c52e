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
