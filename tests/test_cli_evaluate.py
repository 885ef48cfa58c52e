"""``wordlekit evaluate``'s --per-answer, --max-guesses and --opener auto (issue 44), on the
batch game worked by hand in tests/test_heuristics.py: from batch MIG solves batch in 1, then
plays bicep, which leaves catch and patch for guess 3; from bicep every answer takes 2."""

import json
import os

import pytest

from wordlekit import WordlekitError, evaluate, get_heuristic

from .test_cli import run
from .test_heuristics import batch_game


@pytest.fixture
def lists(tmp_path):
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("batch\ncatch\npatch\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


def test_per_answer_writes_each_answers_guesses(lists, tmp_path):
    out = tmp_path / "per-answer.csv"
    for _ in range(2):  # the same bytes again, over the file of the first run
        proc = run("evaluate", "--opener", "batch", "--per-answer", str(out), *lists)
        assert proc.returncode == 0, proc.stderr
        assert out.read_bytes() == b"answer,guesses\nbatch,1\ncatch,3\npatch,3\n"
    assert f"guesses per answer written to {out}" in proc.stdout


def one_error_line(proc) -> str:
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordlekit: error: "), proc.stderr
    return lines[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only folder")
def test_per_answer_refused_before_the_work(lists, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    proc = run("evaluate", "--opener", "batch", "--per-answer", str(locked / "x.csv"), *lists)
    assert "cannot write" in one_error_line(proc)
    assert proc.stdout == ""  # refused before the evaluation printed anything


def test_per_answer_checks(lists, tmp_path):
    missing = tmp_path / "no" / "x.csv"
    proc = run("evaluate", "--opener", "batch", "--per-answer", str(missing), *lists)
    assert "does not exist" in one_error_line(proc) and proc.stdout == ""
    # /dev/full takes no write: refused before the work too (a write that fails after the work
    # keeps the result: tests/test_cli_inputs.py)
    proc = run("evaluate", "--opener", "batch", "--per-answer", "/dev/full", *lists)
    assert "--per-answer '/dev/full' is not a regular file" in one_error_line(proc)
    assert proc.stdout == ""


def test_max_guesses_is_the_cap(lists):
    proc = run("evaluate", "--opener", "batch", "--max-guesses", "2", "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    # catch and patch take three guesses: over a cap of two
    assert (summary["max_guesses"], summary["unfinished"], summary["total"]) == (2, 2, 7)
    assert "unfinished (over 2 guesses) 2" in proc.stdout


@pytest.mark.parametrize("value", ["0", "101", "six"])
def test_max_guesses_out_of_range(lists, value):
    proc = run("evaluate", "--opener", "batch", "--max-guesses", value, *lists)
    assert one_error_line(proc) == (
        f"wordlekit: error: argument --max-guesses: '{value}' is not a whole number >= 1 "
        "(at most 100)"
    )


def test_opener_auto_is_the_policys_first_choice(lists):
    # MIG's first guess is bicep, the only word that splits all three answers
    proc = run("evaluate", "--opener", "auto", "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("mig from bicep (the policy's own first choice), easy mode")
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert (summary["opener"], summary["total"]) == ("bicep", 6)


def test_the_library_takes_the_same_options():
    game, mig = batch_game(), get_heuristic("mig")
    result = evaluate(game, mig, None)
    assert (result.opener, result.total) == ("bicep", 6)
    result = evaluate(game, mig, "batch", max_guesses=2)
    assert (result.max_guesses, result.unfinished) == (2, 2)
    with pytest.raises(WordlekitError, match="max_guesses must be a whole number >= 1, got 0"):
        evaluate(game, mig, "batch", max_guesses=0)
