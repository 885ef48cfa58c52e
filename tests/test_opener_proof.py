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


def test_corrupted_stored_proof_is_refused_naming_the_file(tmp_path, monkeypatch):
    source = paths.DATA_DIR / optimum_tables.STORED_PROOF
    (tmp_path / "sweeps").mkdir()
    copy = tmp_path / optimum_tables.STORED_PROOF
    copy.write_bytes(source.read_bytes().replace(b",", b";", 1))
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(
        WordlekitError, match=r"primel_openers.csv: sha256 is [0-9a-f]{64}, expected"
    ):
        optimum_tables.read_stored_proof()


def test_stored_proof_reads_back_with_its_recorded_sha256():
    frame = optimum_tables.read_stored_proof()
    assert words.DATA_SHA256[optimum_tables.STORED_PROOF]
    assert list(frame.columns) == optimum_tables.PROOF_COLUMNS
    assert len(frame) == 8363  # every Primel opener (the paper's G, Table 3)
    assert frame["opener"].str.fullmatch(r"\d{5}").all() and np.all(frame["v"] > 0)


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
