"""The proof of a game's optimal openers (``optimum_tables.opener_filter``, ``solve_openers``,
``opener_proof``) against every opener's optimum by exhaustive search (``tests/reference.py``),
and the stored proof's reader."""

import numpy as np
import pandas as pd
import pytest

from wordlekit import paths, words
from wordlekit.errors import WordlekitError
from wordlekit.experiments import optimum_tables
from wordlekit.experiments.optimum_tables import opener_filter, opener_proof, solve_openers
from wordlekit.game import small_game

from . import reference


def _reference_totals(game) -> dict:
    """Each opener's least TOTAL over every strategy (no cap), by exhaustive search."""
    answers = tuple(game.answers)
    totals = {}
    for opener in game.guesses:
        groups = reference.children("easy", game.guesses, answers, game.guesses, (), opener)
        totals[opener] = len(answers) + sum(
            reference.optimal_total("easy", game.guesses, cands)
            for tiles, (cands, _, _) in groups.items()
            if set(tiles) != {"g"}
        )
    return totals


@pytest.mark.parametrize("slack", [0, 3])
def test_proof_finds_every_optimal_opener_by_exhaustive_search(slack):
    # An upper bound at or a little above the optimum: the filtering drops some openers and
    # the exact solves settle the rest; what it proves is the reference's optimum and openers.
    game = small_game(12, 8, 64, suffix="er")
    totals = _reference_totals(game)
    best = min(totals.values())
    upper = best + slack
    frame = opener_filter(game, upper, depth=4)
    dropped = frame[frame["dropped_at"].notna()]
    assert len(dropped) > 0 and (dropped["v"] > upper).all()
    assert all(totals[o] > upper for o in dropped["opener"])  # Theorem 1: none was optimal
    left = frame[frame["dropped_at"].isna()]
    assert all(v <= totals[o] for o, v in zip(left["opener"], left["v"]))  # V_i <= V*
    solve_openers(game, frame, upper)
    proof = opener_proof(frame, upper)
    assert proof["unsolved"] == 0 and proof["best"] == best
    assert proof["optimal"] == [o for o in game.guesses if totals[o] == best]
    assert proof["dropped"] + proof["solved"] == proof["openers"] == len(game.guesses)
    assert proof["refuted"] == proof["solved"] - len(proof["optimal"])


def test_a_stopped_proof_says_what_is_left_and_resumes():
    game = small_game(12, 8, 64, suffix="er")
    best = min(_reference_totals(game).values())
    frame = opener_filter(game, best + 3, depth=2)
    survivors = int(frame["dropped_at"].isna().sum())
    solve_openers(game, frame, best + 3, until=0)  # the deadline has passed: nothing solved
    assert opener_proof(frame, best + 3)["unsolved"] == survivors
    assert opener_proof(frame, best + 3)["best"] == best + 3  # only the bound is known
    solve_openers(game, frame, best + 3)
    assert opener_proof(frame, best + 3)["best"] == best


def test_stored_proof_round_trips(tmp_path):
    game = small_game(12, 8, 64, suffix="er")
    frame = opener_filter(game, 60, depth=2)
    frame.loc[frame["dropped_at"].isna().idxmax(), ["budget", "total", "states"]] = [61, 58, 4]
    optimum_tables._write_proof(frame, tmp_path / "proof.csv")
    back = optimum_tables._read_proof(tmp_path / "proof.csv")
    pd.testing.assert_frame_equal(back, frame[optimum_tables.PROOF_COLUMNS])


@pytest.mark.parametrize("name", list(optimum_tables.STORED_PROOFS))
def test_corrupted_stored_proof_is_refused_naming_the_file(tmp_path, monkeypatch, name):
    stored = optimum_tables.STORED_PROOFS[name]
    (tmp_path / "sweeps").mkdir()
    (tmp_path / stored).write_bytes((paths.DATA_DIR / stored).read_bytes().replace(b",", b";", 1))
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    file = stored.split("/")[-1]
    with pytest.raises(WordlekitError, match=rf"{file}: sha256 is [0-9a-f]{{64}}, expected"):
        optimum_tables.read_stored_proof(name)


def test_a_game_without_a_stored_proof_is_refused_naming_it():
    with pytest.raises(WordlekitError, match=r"no stored proof for the game 'Wordle': expected"):
        optimum_tables.read_stored_proof("Wordle")


@pytest.mark.parametrize(("name", "openers"), [("Primel", 8363), ("Nerdle", 17723)])
def test_stored_proof_reads_back_with_its_recorded_sha256(name, openers):
    frame = optimum_tables.read_stored_proof(name)
    assert words.DATA_SHA256[optimum_tables.STORED_PROOFS[name]]
    assert list(frame.columns) == optimum_tables.PROOF_COLUMNS
    assert len(frame) == openers  # every opener (the paper's |G|, Table 3)
    assert np.all(frame["v"] > 0)
    assert frame["opener"].str.len().eq(5 if name == "Primel" else 8).all()


def test_the_upper_bound_is_read_back_and_a_proof_below_it_refused():
    game = small_game(12, 8, 64, suffix="er")  # optimum 28 (the reference's)
    frame = opener_filter(game, 30, depth=2)
    solve_openers(game, frame, 30)
    assert optimum_tables.stored_upper_bound(frame) == 30  # the first cutoff is the bound + 1
    dropped = frame.index[frame["dropped_at"].notna()]
    assert len(dropped) > 0
    frame.loc[dropped[0], "v"] = 30
    with pytest.raises(WordlekitError, match=r"dropped an opener with V = 30, not above its upper"):
        optimum_tables.stored_upper_bound(frame)


def test_proof_steps_count_the_openers_each_step_leaves():
    frame = pd.DataFrame(
        {
            "opener": ["a", "b", "c", "d", "e"],
            "dropped_at": pd.array([1, 2, None, 1, None], dtype="Int64"),
            "v": [70, 61, 55, 80, 58],
            "budget": pd.array([None, None, 61, None, 58], dtype="Int64"),
            "total": pd.array([None, None, 57, None, 58], dtype="Int64"),
            "states": pd.array([None, None, 3, None, 2], dtype="Int64"),
        }
    )
    # V_1 drops a and d, V_2 drops b; c is solved at 57 (the optimum), e refuted at its budget.
    steps = optimum_tables.proof_steps(frame, 60)
    assert steps.to_dict("list") == {
        "step": ["V_1", "V_2", "exact solves"],
        "remaining": [3, 2, 1],
    }


def test_a_stopped_filtering_resumes_from_its_checkpoint(tmp_path):
    # A run killed part way through V_2, its last line cut short, resumes from the values it
    # recorded and makes the same decisions as a run never stopped; what it recorded is not
    # computed again.
    game = small_game(12, 8, 64, suffix="er")
    upper = min(_reference_totals(game).values()) + 3
    whole = opener_filter(game, upper, depth=3)
    recorded = []

    def killed_after_five(i, g, value):
        recorded.append(f"{i},{game.guesses[g]},{value}")
        if len(recorded) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        optimum_tables.LowerBounds(game).filter_openers(upper, 3, record=killed_after_five)
    checkpoint = tmp_path / "proof.csv.values"
    checkpoint.write_text("i,opener,v\n" + "".join(f"{r}\n" for r in recorded) + "2,ab")
    resumed = opener_filter(game, upper, depth=3, checkpoint=checkpoint)
    assert resumed["dropped_at"].equals(whole["dropped_at"])
    left = whole["dropped_at"].isna()
    assert (resumed["v"][left] == whole["v"][left]).all()
    lines = checkpoint.read_text().splitlines()
    assert lines[1:6] == recorded
    assert all(line.count(",") == 2 for line in lines)  # the cut line is gone, not glued
    assert len(set(lines)) == len(lines)  # nothing valued twice


def test_a_checkpoint_of_another_game_is_refused_naming_the_line(tmp_path):
    game = small_game(12, 8, 64, suffix="er")
    checkpoint = tmp_path / "proof.csv.values"
    checkpoint.write_text("i,opener,v\n2,salet,99\n")
    with pytest.raises(WordlekitError, match=r"line 2: '2,salet,99' is not 'i,opener,v'"):
        opener_filter(game, 60, depth=2, checkpoint=checkpoint)
