"""Notebook 21's experiment (``wordlekit.experiments.adversaries``): the objectives read off
capped optima worked by hand, Absurdle's recheck from an opener against brute force
(``reference.absurdle_shortest``), and the three models of a small game against brute force
(``reference.optimal_total``, ``reference.least_worst``)."""

import pandas as pd
import pytest

from wordlekit import WordlekitError
from wordlekit.absurdle import Absurdle
from wordlekit.absurdle_search import opener_wins
from wordlekit.experiments.adversaries import CAPPED_COLUMNS, objective_table, three_models
from wordlekit.game import small_game

from . import reference


def test_the_objectives_of_capped_optima_worked_by_hand():
    # T*(2) = T*(3) = none, T*(4) = 100, T*(5) = 90, T*(6) = 90 = T*(no cap) on 10 answers:
    # the least worst case is 4 (the first cap with a strategy), worst-then-mean 100, giving up
    # 10 guesses of TOTAL (1.0 per game) against the mean's 90, which a cap of 5 already reaches.
    rows = [
        ("x", "easy", "o", cap, total, 0)
        for cap, total in [(2, None), (3, None), (4, 100), (5, 90), (6, 90), (0, 90)]
    ]
    capped = pd.DataFrame(rows, columns=CAPPED_COLUMNS)
    capped["total"] = capped["total"].astype("Int64")
    table = objective_table(capped, {"x": 10}).set_index("mean_cap")
    for cap in (6, "none"):
        row = table.loc[cap]
        assert (row["mean_total"], row["least_worst"], row["worst_then_mean_total"]) == (90, 4, 100)
        assert (row["gives_up"], row["gives_up_per_game"], row["mean_then_worst"]) == (10, 1.0, 5)


def test_no_strategy_within_the_cap_is_an_empty_row():
    rows = [("x", "hard", "o", cap, None, 0) for cap in (2, 3, 4, 5, 6)]
    capped = pd.DataFrame(rows, columns=CAPPED_COLUMNS)
    capped["total"] = capped["total"].astype("Int64")
    table = objective_table(capped, {"x": 10})
    assert len(table) == 1 and pd.isna(table["mean_total"].iloc[0])


@pytest.mark.parametrize("n_answers, n_extra, seed, suffix", [(12, 10, 51, ""), (9, 6, 52, "ight")])
def test_opener_wins_exactly_when_brute_force_finds_a_line_that_long(
    n_answers, n_extra, seed, suffix
):
    model = Absurdle(small_game(n_answers, n_extra, seed, suffix=suffix))
    shortest = reference.absurdle_shortest("easy", list(model.guesses), list(model.answers))
    openers = range(len(model.guesses))
    assert any(opener_wins(model, g, shortest) for g in openers)
    if shortest > 2:
        assert not any(opener_wins(model, g, shortest - 1) for g in openers)
    with pytest.raises(WordlekitError, match="expected 2 or more"):
        opener_wins(model, 0, 1)


def test_three_models_against_brute_force():
    game = small_game(12, 6, 1, suffix="ch")
    guesses, answers = list(game.guesses), list(game.answers)
    models = three_models(game)
    least_worst = reference.least_worst("easy", guesses, answers)
    assert models["mean"]["total"] == reference.optimal_total("easy", guesses, answers)
    assert models["worst"]["worst"] == least_worst
    assert models["worst"]["total"] == reference.optimal_total(
        "easy", guesses, answers, left=least_worst
    )
    assert models["adversary"]["against_absurdle"] == reference.absurdle_shortest(
        "easy", guesses, answers
    )
    for name in ("mean", "worst"):
        distribution = models[name]["distribution"]
        assert sum(distribution.values()) == len(answers)
        assert sum(k * n for k, n in distribution.items()) == models[name]["total"]
        assert len(models[name]["tree"].splitlines()) == len(answers)  # one line per answer
