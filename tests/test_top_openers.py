"""``wordlekit top-openers`` and ``best_policy_opener``: the best openers proved with lower
bounds, exact optima and the cutoff search, on a local Dask cluster.

Expected values: Selby's published optima of the original game in easy mode (salet 7920, reast
7923, crate 7926) and MIG's TOTALs from ``wordlekit evaluate``, an independent path.
"""

import pytest

from .sweeping import run

pytestmark = pytest.mark.slow


def test_top_openers_proves_the_best_with_bounds_and_the_cutoff(tmp_path):
    # Selby's published optima (easy): salet 7920, reast 7923, crate 7926. V_2 ranks reast
    # first, so it is solved exactly (U = 7923); xylyl's V_2 is already above the cutoff 7924;
    # salet and crate need the cutoff search: salet exact, crate only "at least 7924".
    # One local worker: the stages' tasks take seconds; each worker started more loads the game.
    table = tmp_path / "top.csv"
    command = [
        "top-openers",
        "--k",
        "1",
        "--openers",
        "salet,reast,crate,xylyl",
        "--store-dir",
        str(tmp_path / "stores"),
        "--workers",
        "1",
    ]
    proc = run(*command, "--csv", str(table), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "    1  salet  7920" in proc.stdout
    import pandas as pd

    got = pd.read_csv(table, index_col="opener")
    assert got.loc["salet"].tolist()[:4] == ["=", 7920, "cutoff search", 1]
    assert got.loc["reast"].tolist()[:3] == ["=", 7923, "optimum"]
    assert got.loc["reast", "status"] == "proved, not top"
    assert got.loc["crate", "relation"] == ">=" and 7924 <= got.loc["crate", "total"] <= 7926
    assert got.loc["xylyl", "proof"] == "V_2" and got.loc["xylyl", "total"] >= 7924
    assert list(got.index) == ["salet", "reast", "crate", "xylyl"]
    # a rerun resumes every stage from its store: the same table, no store rewritten
    stores = {p: p.read_bytes() for p in (tmp_path / "stores").glob("*.sqlite")}
    assert len(stores) == 5  # V_2, optimum, V_3 and V_4 with the cutoff, the cutoff search
    again = run(*command, "--csv", str(tmp_path / "again.csv"))
    assert again.returncode == 0 and table.read_text() == (tmp_path / "again.csv").read_text()
    assert stores == {p: p.read_bytes() for p in (tmp_path / "stores").glob("*.sqlite")}


def test_the_cutoff_is_the_kth_smallest_optimum_solved():
    # The optima of NYT hard mode's first twenty openers by V_2 that are feasible (six are not):
    # the tenth smallest, carle 8163, bounds the tenth best; the largest, 8173, is looser.
    from wordlekit.openers import kth_smallest

    totals = [8163, 8155, 8143, 8127, 8151, 8134, 8122, 8149, 8170, 8173, 8166, 8173, 8160, 8144]
    assert kth_smallest(totals, 10) == 8163
    assert kth_smallest(totals, 1) == 8122
    assert kth_smallest([7954], 1) == 7954


@pytest.mark.parametrize(
    "args, message",
    [
        (["--depths", "2,x"], "--depths '2,x': expected whole numbers >= 1"),
        (["--lists", "nyt-2024"], "unknown word lists 'nyt-2024'"),
        (["--openers", "salet,xxxxx"], "'xxxxx' is not in"),
    ],
)
def test_bad_top_openers_input_is_one_line_and_status_2(tmp_path, args, message):
    proc = run("top-openers", "--store-dir", str(tmp_path), *args, timeout=60)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert lines[0].startswith("wordlekit: error: ") and message in lines[0]


def test_best_opener_for_a_policy_rules_out_by_the_optimum_bound(tmp_path, evaluate_totals):
    from wordlekit.openers import best_policy_opener
    from wordlekit.sweep import dask_client

    # V_2 ranks crate first: its MIG TOTAL is the bar R. xylyl's V_2 (a lower bound on its
    # optimum, hence on any policy's TOTAL) exceeds R: ruled out without an evaluation. salet
    # is evaluated, and is the best (`wordlekit evaluate`: 8360 against crate's 8375).
    with dask_client(workers=1) as client:
        got = best_policy_opener(
            "mig", ["salet", "crate", "xylyl"], "easy", "original", tmp_path, client, seeds=1
        )
    assert list(got.index) == ["salet", "crate", "xylyl"]
    assert got.loc["salet", "total"] == evaluate_totals["salet"] and got.loc["salet", "best"]
    assert got.loc["crate", "total"] == evaluate_totals["crate"]
    assert got.loc["crate", "proof"] == "evaluated" and not got.loc["crate", "best"]
    assert (
        got.loc["xylyl", "proof"] == "V_2" and got.loc["xylyl", "total"] > got.loc["crate", "total"]
    )
