"""Control of a run: --threads, the cache command, which checkout reproduce and verify act on, and
a .venv that git ignores."""

import importlib
import os
import subprocess
import sys

import numba
import pytest

from wordlekit import cli, paths
from wordlekit.cache import contents as cache_contents
from wordlekit.errors import WordlekitError

#: The cores this process may run on, counted here without wordlekit.
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def one_line_error(capsys, argv) -> str:
    """Run ``argv`` in this process; it must end with status 2 and one line: returns it."""
    assert cli.main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordlekit: error: "), lines
    return lines[0]


@pytest.mark.parametrize("command", ["evaluate", "optimal", "hint", "play"])
@pytest.mark.parametrize("value", ["0", str(CORES + 1), "two", "-1"])
def test_threads_out_of_range_is_one_line_naming_the_value_and_the_cores(capsys, command, value):
    line = one_line_error(capsys, [command, "--threads", value])
    assert f"argument --threads: {value!r} is not a whole number from 1 to {CORES}" in line


@pytest.mark.parametrize("threads", sorted({1, CORES}))
def test_threads_sets_numba_once_before_the_command_runs(monkeypatch, threads):
    seen = []

    def command(name):
        return lambda args: seen.append(numba.get_num_threads()) or 0

    monkeypatch.setattr(cli, "command", command)
    before = numba.get_num_threads()
    try:
        assert cli.main(["hint", "--threads", str(threads)]) == 0
    finally:
        numba.set_num_threads(before)
    assert seen == [threads]


def test_without_threads_numba_keeps_its_default(monkeypatch):
    seen = []
    monkeypatch.setattr(cli, "command", lambda name: lambda args: seen.append(1) or 0)
    monkeypatch.setattr(numba, "set_num_threads", lambda n: seen.append(("set", n)))
    assert cli.main(["hint"]) == 0
    assert seen == [1]


@pytest.mark.skipif(CORES < 2, reason="needs two cores")
def test_threads_past_numbas_pool_is_one_line():
    # numba fixes its pool when imported (NUMBA_NUM_THREADS): past it, one line, not numba's error
    proc = subprocess.run(
        [sys.executable, "-m", "wordlekit", "hint", "--threads", "2", "salet:bbbbb"],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        env={**os.environ, "NUMBA_NUM_THREADS": "1"},
        timeout=300,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == (
        "wordlekit: error: --threads 2: numba runs at most 1 thread(s) here "
        "(NUMBA_NUM_THREADS=1); expected a whole number from 1 to 1"
    )


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A temporary WORDLEKIT_CACHE holding, as wordlekit leaves them, a pattern matrix of
    1,500,000 bytes and two numba files of 200,000 and 100,000 bytes (numba's kernels go
    there: NUMBA_CACHE_DIR unset)."""
    folder = tmp_path / "cache"
    (folder / "numba" / "_kernels_ab").mkdir(parents=True)
    (folder / "patterns-0123abcd.npy").write_bytes(b"\0" * 1_500_000)
    (folder / "numba" / "_kernels_ab" / "k.py311.nbi").write_bytes(b"\0" * 200_000)
    (folder / "numba" / "_kernels_ab" / "k.py311.1.nbc").write_bytes(b"\0" * 100_000)
    monkeypatch.setenv("WORDLEKIT_CACHE", str(folder))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    return folder


def test_cache_shows_its_folder_and_the_size_of_each_kind(cache, capsys):
    assert cli.main(["cache"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wordlekit cache: {cache} (WORDLEKIT_CACHE)",
        "  pattern matrices: 1 file(s), 1.5 MB",
        "  numba's kernels: 2 file(s), 0.3 MB",
    ]
    assert len(list(cache.rglob("*"))) == 5  # nothing touched


def test_cache_clear_deletes_wordlekits_files_only(cache, capsys):
    assert cli.main(["cache", "--clear"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "cleared 3 file(s), 1.8 MB"
    assert cache.is_dir() and list(cache.iterdir()) == []
    assert cli.main(["cache", "--clear"]) == 0  # empty: nothing to clear, no error
    assert capsys.readouterr().out.splitlines()[-1] == "cleared 0 file(s), 0.0 MB"


@pytest.mark.parametrize("foreign", ["notes.txt", "numba/_kernels_ab/source.py", "link"])
def test_cache_clear_refuses_a_folder_with_files_it_did_not_write(cache, capsys, foreign):
    path = cache / foreign
    if foreign == "link":
        (cache / "numba" / "link").symlink_to(cache.parent)  # never followed, never deleted
        path = cache / "numba" / "link"
    else:
        path.write_text("mine\n")
    before = sorted(cache.rglob("*"))
    line = one_line_error(capsys, ["cache", "--clear"])
    assert line == (
        f"wordlekit: error: cache folder {str(cache)!r} holds 1 file(s) or folder(s) wordlekit "
        f"did not write, e.g. {str(path)!r}; expected a wordlekit cache (pattern matrices, "
        "numba's kernels): nothing cleared"
    )
    assert sorted(cache.rglob("*")) == before


def test_cache_set_to_a_file_is_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "f").write_text("x\n")
    monkeypatch.setenv("WORDLEKIT_CACHE", str(tmp_path / "f"))
    line = one_line_error(capsys, ["cache"])  # the command line's check of the folder speaks
    assert f"cache folder {str(tmp_path / 'f')!r} is a file; expected a" in line
    with pytest.raises(WordlekitError, match="is a file; expected a folder"):
        cache_contents(tmp_path / "f")  # the library's own, for a caller that gives a folder


def test_the_pattern_matrices_wordlekit_writes_are_the_ones_it_clears(cache, monkeypatch):
    from wordlekit.words import WordList

    feedback = importlib.import_module("wordlekit.feedback")  # the package's name is a function

    monkeypatch.setattr(feedback, "_matrices", {})
    monkeypatch.setattr(feedback, "_DISK_CACHE_MIN", 0)
    words = WordList(("crane", "slate", "nacre"), "t")
    feedback.pattern_matrix(words, words)
    assert len(list(cache.glob("patterns-*.npy"))) == 2  # the fixture's and this one
    assert cli.main(["cache", "--clear"]) == 0
    assert not list(cache.glob("patterns-*.npy"))


def git(folder, *args) -> str:
    return subprocess.run(
        ["git", "-C", str(folder), *args], capture_output=True, text=True, check=True
    ).stdout.strip()


def checkout_line(command: str) -> str:
    """What reproduce and verify say of this checkout, from git itself."""
    head = git(paths.REPO_ROOT, "rev-parse", "HEAD")
    changed = git(paths.REPO_ROOT, "status", "--porcelain", "--untracked-files=no") != ""
    note = ", with changes not committed" if changed else ""
    return f"wordlekit {command}: the notebooks of {paths.REPO_ROOT} (commit {head[:12]}{note})"


@pytest.fixture
def stubbed(monkeypatch):
    """reproduce's run and verify's check replaced by stubs that record their call."""
    from wordlekit.cli import notebooks

    calls = []

    def run(**kwargs):
        calls.append("run")
        kwargs["log"]("first line of the run")

    monkeypatch.setattr(notebooks, "run", run)
    monkeypatch.setattr(notebooks, "verify", lambda chosen: calls.append("verify") or [])
    return calls


@pytest.mark.parametrize("command", ["reproduce", "verify"])
def test_reproduce_and_verify_refuse_the_folder_of_another_checkout(
    tmp_path, monkeypatch, capsys, stubbed, command
):
    other = tmp_path / "other"
    (other / "notebooks").mkdir(parents=True)
    git(other, "init", "-q")
    monkeypatch.chdir(other / "notebooks")
    line = one_line_error(capsys, [command, "--only", "00"])
    assert line == (
        f"wordlekit: error: {command}: the current folder is in the checkout {other}, but this "
        f"wordlekit runs from {paths.REPO_ROOT} and acts on that one; run {command} with "
        f"{other}'s own wordlekit ({other}/.venv/bin/wordlekit, after `make setup` there) or "
        f"from outside {other}"
    )
    assert capsys.readouterr().out == "" and stubbed == []


@pytest.mark.parametrize("where", ["outside", "inside"])
@pytest.mark.parametrize("command", ["reproduce", "verify"])
def test_reproduce_and_verify_say_which_checkout_they_act_on(
    tmp_path, monkeypatch, capsys, stubbed, command, where
):
    monkeypatch.chdir(tmp_path if where == "outside" else paths.REPO_ROOT / "docs")
    assert cli.main([command, "--only", "00"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == checkout_line(command)
    assert stubbed == ["run" if command == "reproduce" else "verify"]


@pytest.mark.parametrize("command", ["reproduce", "verify"])
def test_a_bad_notebook_name_is_still_one_line_and_nothing_on_stdout(
    tmp_path, monkeypatch, capsys, command
):
    monkeypatch.chdir(tmp_path)
    line = one_line_error(capsys, [command, "--only", "table9"])
    assert "no notebook matches 'table9'" in line
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("kind", ["folder", "symlink"])
def test_gitignore_covers_the_venv_as_a_folder_or_a_symbolic_link(tmp_path, kind):
    # `.venv/` matches only a folder: a .venv linked to a shared environment showed in git status
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / ".gitignore").write_bytes((paths.REPO_ROOT / ".gitignore").read_bytes())
    (tmp_path / "env").mkdir()
    (tmp_path / "env" / "python").write_text("")
    if kind == "folder":
        (repo / ".venv").mkdir()
        (repo / ".venv" / "python").write_text("")
    else:
        (repo / ".venv").symlink_to(tmp_path / "env")
    assert git(repo, "status", "--porcelain", "--untracked-files=all") == "?? .gitignore"
