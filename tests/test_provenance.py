"""Provenance: every JSON result and every new sweep row says which code and which lists made it.

The expected values are computed here without wordlekit: the sha256 of a list with hashlib over
the file's bytes, the commit with git itself, the version from pyproject.toml.
"""

import contextlib
import hashlib
import io
import json
import sqlite3
import subprocess
import tomllib

import pytest

from wordlekit import cli, paths, provenance
from wordlekit.sweep import SweepStore, Task, read_store

DATA = paths.REPO_ROOT / "wordlekit" / "data"
ORIGINAL = {
    "guesses_sha256": hashlib.sha256((DATA / "wordle_guesses_12972.txt").read_bytes()).hexdigest(),
    "answers_sha256": hashlib.sha256((DATA / "wordle_answers_2315.txt").read_bytes()).hexdigest(),
}


def git(folder, *args) -> str:
    return subprocess.run(
        ["git", "-C", str(folder), *args], capture_output=True, text=True, check=True
    ).stdout.strip()


def expected_code() -> dict:
    """version, commit and modified of this checkout, asked of pyproject.toml and git."""
    with open(paths.REPO_ROOT / "pyproject.toml", "rb") as f:
        version = tomllib.load(f)["project"]["version"]
    status = git(paths.REPO_ROOT, "status", "--porcelain", "--untracked-files=no")
    return {
        "version": version,
        "commit": git(paths.REPO_ROOT, "rev-parse", "HEAD"),
        "modified": status != "",
    }


def json_line(*argv) -> dict:
    """The JSON line a command ends with, run in this process."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(list(argv)) == 0
    return json.loads(out.getvalue().splitlines()[-1])


@pytest.fixture
def lists(tmp_path):
    """A game small enough to solve at once (batch, bicep, catch, patch; answers batch, catch,
    patch), and the sha256 of its two files' bytes."""
    guesses, answers = tmp_path / "g.txt", tmp_path / "a.txt"
    guesses.write_bytes(b"batch\nbicep\ncatch\npatch\n")
    answers.write_bytes(b"batch\ncatch\npatch\n")
    return {
        "argv": ["--guesses", str(guesses), "--answers", str(answers)],
        "guesses_sha256": hashlib.sha256(guesses.read_bytes()).hexdigest(),
        "answers_sha256": hashlib.sha256(answers.read_bytes()).hexdigest(),
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["evaluate", "--opener", "batch", "--json"],
        ["optimal", "--opener", "batch", "--json"],
        ["hint", "batch:bgggg", "--policy", "mig", "--json"],
    ],
)
def test_every_json_result_records_the_code_and_the_lists(lists, argv):
    summary = json_line(*argv, *lists["argv"])
    assert summary["provenance"] == {
        **expected_code(),
        "guesses_sha256": lists["guesses_sha256"],
        "answers_sha256": lists["answers_sha256"],
    }


def test_the_named_lists_record_the_sha256_of_their_files():
    summary = json_line("hint", "salet:bbbbb", "--policy", "mig", "--suggestions", "1", "--json")
    assert summary["provenance"] == {**expected_code(), **ORIGINAL}


def test_json_results_are_the_same_bytes_for_the_same_code_and_lists(lists):
    # only the run times differ from run to run: no date, no path in the record
    runs = [json_line("evaluate", "--opener", "batch", "--json", *lists["argv"]) for _ in range(2)]
    for summary in runs:
        del summary["seconds"], summary["compile_seconds"]
    assert json.dumps(runs[0], sort_keys=True) == json.dumps(runs[1], sort_keys=True)
    assert not any(str(paths.REPO_ROOT) in json.dumps(s) for s in runs)


def test_a_commit_is_read_from_a_checkout_and_none_elsewhere(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "f.txt").write_text("one\n")
    git(repo, "add", "f.txt")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one")
    head = git(repo, "rev-parse", "HEAD")
    assert provenance.commit(repo) == (head, False)
    (repo / "f.txt").write_text("two\n")
    assert provenance.commit(repo) == (head, True)  # the commit alone is no longer the code
    (repo / "sub").mkdir()
    assert provenance.commit(repo / "sub") == (None, None)  # inside a checkout, not its root
    assert provenance.commit(tmp_path) == (None, None)  # no checkout at all
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))  # git missing: unknown, no error
    assert provenance.commit(repo) == (None, None)
    assert provenance.toplevel(repo) is None


def test_an_installed_wordlekit_records_no_commit(monkeypatch):
    monkeypatch.setattr(paths, "in_checkout", lambda: False)
    assert provenance.commit() == (None, None)


def _old_store(path):
    """A store as versions before provenance wrote it: their schema, one row."""
    from wordlekit.sweep.store import _SCHEMA

    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.executescript(_SCHEMA)
        db.execute("""INSERT INTO sweep VALUES ('task', '{"max_guesses": 6, "task": "optimal"}')""")
        db.execute(
            "INSERT INTO results VALUES ('optimal', 'salet', 'easy', 'original', "
            """'{"max_guesses": 6}', 'done', '=', 7920, '{}', 1.0, 'w', '0.1.0', NULL, 1)"""
        )


def test_new_sweep_rows_record_provenance_and_old_rows_still_read(tmp_path):
    store = tmp_path / "old.sqlite"
    _old_store(store)
    assert read_store(store)["provenance"].tolist() == [{}]  # read before any write
    writer = SweepStore(store, Task.make("optimal"))
    writer.write("crate", "easy", "original", "done", "=", 7926, {}, 1.0, "w")
    writer.close()
    frame = read_store(store).set_index("opener")
    assert frame.loc["salet", "provenance"] == {}  # Selby's 7920 as the old row keeps it
    assert frame.loc["salet", "result"] == 7920
    assert frame.loc["crate", "provenance"] == {**expected_code(), **ORIGINAL}


def test_a_sweep_records_provenance_in_its_rows(tmp_path):
    # every opener of 2,315 answers costs at least 2 * 2315 - 1: pruned by V_1, no worker
    store = tmp_path / "s.sqlite"
    argv = ["sweep", "--task", "cutoff", "--bound", "4000", "--openers", "salet"]
    assert cli.main([*argv, "--store", str(store)]) == 0
    with contextlib.closing(sqlite3.connect(store)) as db:
        (text,) = db.execute("SELECT provenance FROM results").fetchone()
    assert json.loads(text) == {**expected_code(), **ORIGINAL}


def test_rows_of_other_lists_take_the_callers_record_or_leave_the_lists_unknown(tmp_path, lists):
    # a sweep of one's own lists names them in the store by their content, not by a LISTS name
    from wordlekit.words import read_word_file

    store = tmp_path / "own.sqlite"
    guesses, answers = (read_word_file(path) for path in lists["argv"][1::2])
    writer = SweepStore(store, Task.make("optimal"))
    given = provenance.record(guesses, answers)
    writer.write("batch", "easy", "own-lists", "done", "=", 6, {}, 0.1, "w", provenance=given)
    writer.write("catch", "easy", "other-lists", "done", "=", 7, {}, 0.1, "w")
    writer.close()
    frame = read_store(store).set_index("opener")
    assert frame.loc["batch", "provenance"] == {
        **expected_code(),
        "guesses_sha256": lists["guesses_sha256"],
        "answers_sha256": lists["answers_sha256"],
    }
    assert frame.loc["catch", "provenance"] == {
        **expected_code(),
        "guesses_sha256": None,
        "answers_sha256": None,
    }
