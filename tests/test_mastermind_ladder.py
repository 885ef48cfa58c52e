"""The Mastermind ladder (``experiments.mastermind_ladder``): the size limit of a generated
Mastermind, the classes of openers and the strict-rule optimum against the brute force of
``tests/reference.py``, and the stored ladder's reader. Expected values come from the brute
force, hand counts and the published optima (Koyama & Lai 1993, Ville 2013)."""

import subprocess
import sys

import pytest

from wordlekit import paths, words
from wordlekit.equivalence import opener_classes
from wordlekit.errors import WordlekitError
from wordlekit.experiments import mastermind_ladder
from wordlekit.games import mastermind

from . import reference


def test_a_mastermind_too_large_for_memory_is_one_line_naming_its_size_and_need():
    # 9**8 = 43,046,721 codes; one byte per pair: 43,046,721**2 = 1.853e15 bytes = 1.85e6 GB
    with pytest.raises(WordlekitError) as error:
        mastermind(8, 9)
    assert str(error.value) == (
        "mastermind-8-9: 43,046,721 codes need a pattern matrix of 1.85e+06 GB (codes**2 "
        "bytes, twice that in memory with its transposed copy); the limit is 2 GB: set "
        "WORDLEKIT_MAX_MATRIX_GB to allow more"
    )


def test_the_mastermind_limit_is_the_memory_guard_not_a_count_of_codes(monkeypatch):
    # 7**4 = 2,401 codes: 2,401**2 = 5,764,801 bytes, above 0.005 GB and within 0.006 GB
    monkeypatch.setenv("WORDLEKIT_MAX_MATRIX_GB", "0.005")
    with pytest.raises(WordlekitError, match=r"^mastermind-4-7: 2,401 codes need .* 5.76 MB"):
        mastermind(4, 7)
    monkeypatch.setenv("WORDLEKIT_MAX_MATRIX_GB", "0.006")
    assert len(mastermind(4, 7).answers) == 2401


def test_cli_refuses_a_mastermind_too_large_in_one_line_with_status_2():
    done = subprocess.run(
        [sys.executable, "-m", "wordlekit", "optimal", "--game", "mastermind-7-9"],
        capture_output=True,
        text=True,
        check=False,
    )
    # 9**7 = 4,782,969 codes: 4,782,969**2 = 2.288e13 bytes = 2.29e4 GB
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "wordlekit: error: mastermind-7-9: 4,782,969 codes need a pattern matrix of 2.29e+04 GB "
        "(codes**2 bytes, twice that in memory with its transposed copy); the limit is 2 GB: "
        "set WORDLEKIT_MAX_MATRIX_GB to allow more"
    ]


@pytest.mark.parametrize(("pegs", "colours"), [(2, 3), (3, 3), (2, 4)])
@pytest.mark.parametrize("strict", [False, True])
def test_openers_of_one_class_cost_the_same_by_brute_force(pegs, colours, strict):
    # Permuting pegs and colours maps strategies onto strategies: openers that repeat their
    # colours alike (the class) have the same optimum, under either rule; the classes are the
    # partitions of P into at most C parts, one opener each.
    totals = reference.mastermind_opener_totals(pegs, colours, strict)
    by_class: dict = {}
    for code, total in totals.items():
        by_class.setdefault(tuple(sorted(code.count(c) for c in set(code))), set()).add(total)
    assert all(len(values) == 1 for values in by_class.values())
    game = mastermind(pegs, colours, "strict" if strict else "easy")
    classes = [game.guesses[int(i)] for i in opener_classes(game)]
    assert len(classes) == len(by_class) == mastermind_ladder._n_classes(pegs, colours)
    assert {tuple(sorted(c.count(x) for x in set(c))) for c in classes} == set(by_class)


@pytest.mark.parametrize(("pegs", "colours"), [(2, 3), (3, 3), (2, 4)])
@pytest.mark.parametrize("rule", ["strict", "unrestricted"])
def test_a_rung_proved_by_opener_classes_is_the_brute_force_optimum(pegs, colours, rule):
    totals = reference.mastermind_opener_totals(pegs, colours, rule == "strict")
    rows = mastermind_ladder.prove_rung(pegs, colours, rule)
    best = min(totals.values())
    for row in rows:
        if row["relation"] == "=":
            assert row["total"] == totals[row["opener"]]
        else:  # a class that cannot beat the best so far: a true lower bound, at least it
            assert best <= row["total"] <= totals[row["opener"]]
    (rung,) = mastermind_ladder.ladder(mastermind_ladder.pd.DataFrame(rows)).to_dict("records")
    assert rung["proved"] and rung["total"] == best and totals[rung["opener"]] == best
    assert rung["codes"] == colours**pegs


def test_a_strict_strategy_bounds_both_optima_from_above():
    strict = min(reference.mastermind_opener_totals(3, 3, True).values())
    rows = mastermind_ladder.strategy_rows(3, 3, "112")
    assert {r["rule"] for r in rows} == {"strict", "unrestricted"}
    assert all(r["relation"] == "<=" and r["total"] >= strict for r in rows)


def test_the_stored_ladder_matches_the_published_optima():
    table = mastermind_ladder.ladder().set_index(["game", "rule"])
    assert words.DATA_SHA256[mastermind_ladder.LADDER]
    # Koyama & Lai 1993: 5625 over the 1,296 codes of (4, 6)
    assert table.loc[("mastermind-4-6", "unrestricted"), "total"] == 5625
    # Ville 2013: the optimal mean of (4, 7) is 4.676 (three decimals)
    seven = table.loc[("mastermind-4-7", "unrestricted")]
    assert seven["proved"] and round(seven["total"] / 2401, 3) == seven["published"] == 4.676
    # a rule that removes guesses never does better
    for game in ("mastermind-3-5", "mastermind-4-6", "mastermind-4-7"):
        assert table.loc[(game, "strict"), "total"] >= table.loc[(game, "unrestricted"), "total"]


def test_the_stored_ladder_rows_have_their_columns_and_relations():
    rows = mastermind_ladder.read_ladder()
    assert list(rows.columns) == mastermind_ladder.COLUMNS
    assert set(rows["relation"]) <= {"=", ">=", "<="}
    assert set(rows["rule"]) <= set(mastermind_ladder.RULES)


def test_a_recheck_proves_stored_rows_again():
    rows = mastermind_ladder.read_ladder()
    again = mastermind_ladder.recheck_ladder(rows, sample=2, seed=0, codes_max=125)
    assert len(again) == 2 and (again["again"] == again["total"]).all()
    assert (again["colours"] ** again["pegs"] <= 125).all()


def test_a_corrupted_stored_ladder_is_refused_naming_the_file(tmp_path, monkeypatch):
    source = paths.DATA_DIR / mastermind_ladder.LADDER
    (tmp_path / "sweeps").mkdir()
    copy = tmp_path / mastermind_ladder.LADDER
    copy.write_bytes(source.read_bytes().replace(b",", b";", 1))
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(
        WordlekitError, match=r"mastermind_ladder.csv: sha256 is [0-9a-f]{64}, expected"
    ):
        mastermind_ladder.read_ladder()
