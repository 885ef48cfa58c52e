"""The command line's checks before the work (issue 44): output files, the cache folder, the
size of one's own lists, the files read, what ``optimal`` says of the opener it chose.

Each mistake must be one line, ``wordlekit: error: ...``, with status 2, before any work and
with nothing written; a write that fails after the work all the same keeps the result printed.
Every expected value is worked by hand in the test's comments.
"""

import json
import os
from pathlib import Path

import pytest

from wordlekit import WordlekitError, WordList, cli, paths
from wordlekit.feedback import check_matrix_size
from wordlekit.game import Game
from wordlekit.results import OPTIMUM_KEYS, RUN_KEYS, optimum_to_dict

from . import special_paths
from .test_cli import run, run_python


def main(capsys, *argv):
    """``cli.main(argv)`` in this process: (status, stdout, stderr lines)."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err.splitlines()


@pytest.fixture
def lists(tmp_path):
    """Guesses batch, bicep, catch, patch; answers batch, catch, patch. By hand: from batch,
    catch and patch both get bgggg (2 and 3 guesses): TOTAL 6; from bicep each answer gets its
    own feedback (gbybb, bbybb, bbyby): 2 + 2 + 2 = 6; from catch, 1 + 2 + 3 = 6; from
    patch likewise 6. So every opener totals 6, and the first in list order is batch."""
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("batch\ncatch\npatch\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


@pytest.fixture
def atch(tmp_path):
    """Five -atch words as guesses and answers: after any opener the other four all get
    bgggg, and each later guess solves one of them only. So no strategy solves them all
    within 2 or 3 guesses; within 5, 1 + 2 + 3 + 4 + 5 = 15."""
    (tmp_path / "atch.txt").write_text("batch\ncatch\nhatch\nlatch\npatch\n")
    return ["--guesses", str(tmp_path / "atch.txt"), "--answers", str(tmp_path / "atch.txt")]


def one_line(err: list[str], message: str) -> None:
    assert len(err) == 1 and err[0].startswith("wordlekit: error: "), err
    assert message in err[0], err


# -- optimal without --opener (defect 5) --------------------------------------------------------


def test_optimal_without_opener_says_which_opener_it_proved_best(capsys, lists):
    status, out, err = main(capsys, "optimal", "--json", *lists)
    assert status == 0 and err == []
    lines = out.splitlines()
    assert lines[0] == "no --opener given: batch is proved a best first guess of all 4"
    assert lines[1].startswith("optimal from batch, easy mode, at most 6 guesses: TOTAL 6")
    summary = json.loads(lines[-1])
    assert (summary["opener"], summary["opener_proved_best"], summary["total"]) == (
        "batch",
        True,
        6,
    )
    # an opener given is not "proved best"
    status, out, _ = main(capsys, "optimal", "--opener", "bicep", "--json", *lists)
    assert status == 0 and json.loads(out.splitlines()[-1])["opener_proved_best"] is False


#: The names ``optimal --json`` may use: the one vocabulary of results (issue 43), the run's
#: cost, and the provenance every JSON line carries.
OPTIMUM_VOCABULARY = (
    {"total", "mean", "max_guesses"} | set(OPTIMUM_KEYS) | set(RUN_KEYS) | {"provenance"}
)


@pytest.mark.parametrize(
    "extra, expected",
    [
        # One board, from the lists above: batch proved best, TOTAL 6 over 3 answers.
        ([], {"opener": "batch", "opener_proved_best": True, "total": 6, "mean": 2.0}),
        # Two boards of the same lists (secrets: ordered pairs of distinct answers, 3 x 2 = 6).
        (["--boards", "2"], {"boards": 2, "secrets": 6}),
    ],
)
def test_optimal_json_speaks_the_results_vocabulary(capsys, lists, extra, expected):
    status, out, _ = main(capsys, "optimal", "--json", *extra, *lists)
    summary = json.loads(out.splitlines()[-1])
    assert status == 0 and set(summary) <= OPTIMUM_VOCABULARY, set(summary) - OPTIMUM_VOCABULARY
    assert {key: summary[key] for key in expected} == expected
    assert {"total", "mean", "max_guesses", "opener", "opener_proved_best", "nodes"} <= set(summary)


def test_an_optimum_outside_the_vocabulary_is_refused():
    # A name the vocabulary does not have is a bug of the caller's, caught where it is written.
    with pytest.raises(ValueError, match=r"not in results.OPTIMUM_KEYS: \['opener_best'\]"):
        optimum_to_dict(6, 3, 6, True, opener_best=True)
    infeasible = optimum_to_dict(10**9, 5, 2, False, opener=None)
    assert infeasible == {"opener": None, "total": "infeasible", "mean": None, "max_guesses": 2}


@pytest.mark.parametrize("cap", ["2", "3"])
def test_optimal_without_opener_names_no_opener_when_none_is_feasible(capsys, atch, cap):
    status, out, err = main(capsys, "optimal", "--max-guesses", cap, "--json", *atch)
    assert status == 0 and err == []
    assert out.splitlines()[0] == (
        f"infeasible: no strategy from any of the 5 openers solves every answer within {cap} "
        "guesses in easy mode"
    )
    summary = json.loads(out.splitlines()[-1])
    assert (summary["opener"], summary["opener_proved_best"], summary["total"]) == (
        None,
        False,
        "infeasible",
    )
    status, out, _ = main(capsys, "optimal", "--max-guesses", "5", *atch)
    assert "TOTAL 15" in out.splitlines()[1]


def test_a_cap_of_one_guess_leaves_nothing_after_the_opener(capsys, lists):
    # Within one guess only the opener is played: it cannot solve three answers, even when it
    # splits them all (bicep's 2 + 2 + 2 needs a second guess each).
    status, out, _ = main(capsys, "optimal", "--opener", "bicep", "--max-guesses", "1", *lists)
    assert status == 0 and out.startswith("infeasible: no strategy from bicep")


# -- output files, checked before the work (defect 3) -------------------------------------------


def _bad_outputs(tmp: Path) -> list:
    """(path, what the message says) for every kind of output that cannot be written."""
    (tmp / "folder").mkdir()
    (tmp / "file.txt").write_text("")
    cases = [
        ("/dev/full", "is not a regular file"),
        (str(tmp / "folder"), "is a folder; expected a file name"),
        (str(tmp / "missing" / "out.json"), "does not exist"),
        (str(tmp / "file.txt" / "out.json"), "is a file, not a folder"),
    ]
    read_only = special_paths.read_only_file(tmp)
    if read_only is not None:
        cases.append((str(read_only), "cannot write"))
    locked = special_paths.unwritable_folder(tmp)
    if locked is not None:
        cases.append((str(locked / "out.json"), "cannot write"))
    return cases


def _tree(root: Path) -> dict:
    return {str(p): p.stat().st_mtime_ns for p in root.rglob("*")}


def test_optimal_checks_its_tree_file_before_the_work(capsys, tmp_path, lists):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    cases = _bad_outputs(scratch)
    before = _tree(scratch)
    try:
        for path, message in cases:
            status, out, err = main(capsys, "optimal", "--opener", "batch", "--tree", path, *lists)
            assert status == 2 and out == "", path  # no result: nothing was computed
            one_line(err, f"--tree {path!r}")
            one_line(err, message)
        assert _tree(scratch) == before  # the checks wrote nothing, not even a probe's trace
    finally:
        special_paths.unlock(scratch)


def test_the_sweeps_check_their_outputs_before_any_store_is_made(capsys, tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    cases = _bad_outputs(scratch)
    stores = tmp_path / "stores"
    top = ["top-openers", "--k", "1", "--openers", "salet,crane", "--store-dir", str(stores)]
    try:
        for path, message in cases:
            status, out, err = main(capsys, *top, "--csv", path)
            assert status == 2 and out == "" and not stores.exists(), path
            one_line(err, message)
            status, out, err = main(capsys, "sweep", "--openers", "salet", "--store", path)
            assert status == 2 and out == "", path
            one_line(err, message)
        locked = special_paths.unwritable_folder(tmp_path)
        if locked is not None:  # a store folder that cannot be made
            status, _, err = main(capsys, *top[:-1], str(locked / "stores"))
            assert status == 2
            one_line(err, "cannot write in folder")
    finally:
        special_paths.unlock(scratch)
        special_paths.unlock(tmp_path)


@pytest.mark.parametrize(
    "command, option, first_line, total",
    [
        # from batch: optimal 6 (see ``lists``); MIG plays bicep next, leaving catch and patch
        # for guess 3: 1 + 3 + 3 = 7 (tests/test_cli_evaluate.py)
        ("optimal", "--tree", "optimal from batch, easy mode, at most 6 guesses: TOTAL 6", 6),
        ("evaluate", "--per-answer", "mig from batch, easy mode, 3 answers, 4 guesses", 7),
        ("evaluate", "--tree-out", "mig from batch, easy mode, 3 answers, 4 guesses", 7),
    ],
)
def test_a_write_that_fails_after_the_work_keeps_the_result(
    capsys, monkeypatch, lists, command, option, first_line, total
):
    # /dev/full is refused before the work; let it through to stand for a disk that fills up
    # during the run: the result is printed whole (the JSON line too), then one line, status 2.
    # (the check of a tree file is inputs.tree_output's, shared by optimal, evaluate and within)
    for module in ("exact", "inputs"):
        monkeypatch.setattr(f"wordlekit.cli.{module}.file_to_write", lambda option, text: None)
    argv = [command, "--opener", "batch", option, "/dev/full", "--json", *lists]
    status, out, err = main(capsys, *argv)
    assert status == 2
    lines = out.splitlines()
    assert lines[0] == first_line or lines[0].startswith(first_line)
    assert json.loads(lines[-1])["total"] == total and "written to" not in out
    one_line(err, f"{option} '/dev/full': cannot write (No space left on device); the result")


# -- the cache folder, before numba compiles anything (defect 4) --------------------------------


def _numba_files_in_package() -> set:
    return {
        str(p) for p in (paths.REPO_ROOT / "wordlekit").rglob("*") if p.suffix in (".nbi", ".nbc")
    }


@pytest.mark.parametrize("kind", ["file", "unwritable folder"])
def test_a_cache_folder_that_cannot_be_used_is_refused_before_numba_writes(tmp_path, lists, kind):
    if kind == "file":
        cache = tmp_path / "a-file"
        cache.write_text("")
        message = f"cache folder {str(cache)!r} is a file"
    else:
        locked = special_paths.unwritable_folder(tmp_path)
        if locked is None:
            pytest.skip("no folder here refuses this user's files")
        cache = locked / "cache"
        message = f"cache folder {str(cache)!r} cannot be created or written"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["WORDLEKIT_CACHE"] = str(cache)
    before = _numba_files_in_package()
    try:
        proc = run_python("-m", "wordlekit", "evaluate", "--opener", "batch", *lists, env=env)
    finally:
        special_paths.unlock(tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    err = proc.stderr.splitlines()
    one_line(err, message)
    assert err[0].endswith("; expected a writable folder: set WORDLEKIT_CACHE to one")
    assert _numba_files_in_package() == before  # numba fell back to no __pycache__ of ours


def test_a_cache_that_is_a_file_is_refused_when_set_after_import(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLEKIT_CACHE", str(tmp_path / "a.txt"))
    (tmp_path / "a.txt").write_text("")
    status, out, err = main(capsys, "hint", "--policy", "mig")
    assert status == 2 and out == ""
    one_line(err, "is a file; expected a writable folder: set WORDLEKIT_CACHE to one")


# -- the size of one's own lists (defect 6) -----------------------------------------------------


def test_lists_too_large_for_memory_are_refused_before_anything_is_built(tmp_path):
    # 70,000 distinct 5-letter words (aaaaa, aaaab, ...): 70,000 x 70,000 pairs of one byte
    # each (243 patterns fit a byte) is 4.9e9 bytes, above the default limit of 2 GB.
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = ["".join(letters[(i // 26**k) % 26] for k in range(4, -1, -1)) for i in range(70_000)]
    (tmp_path / "big.txt").write_text("\n".join(words) + "\n")
    big = str(tmp_path / "big.txt")
    proc = run("evaluate", "--opener", "aaaaa", "--guesses", big, "--answers", big)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "wordlekit: error: 70,000 guesses x 70,000 answers need a pattern matrix of 4.9 GB "
        "(twice that in memory with its transposed copy, and as much on disk in the cache); "
        "the limit is 2 GB: set WORDLEKIT_MAX_MATRIX_GB to allow more"
    ]


def test_the_matrix_limit_is_set_by_wordlekit_max_matrix_gb(monkeypatch):
    guesses = WordList(("batch", "bicep", "catch", "patch"), "g")
    answers = WordList(("batch", "catch", "patch"), "a")
    # 4 x 3 pairs of one byte: 12 bytes, above a limit of 1e-8 GB (10 bytes), within 2e-8
    monkeypatch.setenv("WORDLEKIT_MAX_MATRIX_GB", "1e-8")
    with pytest.raises(WordlekitError, match="of 12 bytes .*the limit is 1e-08 GB"):
        Game(guesses, answers)
    monkeypatch.setenv("WORDLEKIT_MAX_MATRIX_GB", "2e-8")
    assert Game(guesses, answers).patterns.shape == (4, 3)
    for text in ("x", "0", "-1", "nan"):
        monkeypatch.setenv("WORDLEKIT_MAX_MATRIX_GB", text)
        with pytest.raises(WordlekitError, match=f"WORDLEKIT_MAX_MATRIX_GB '{text}': expected"):
            check_matrix_size(1, 1, 1)


# -- small things (defect 7) ---------------------------------------------------------------------


def test_a_word_list_with_a_byte_order_mark_reads_as_without(capsys, tmp_path, lists):
    # the same answers as ``lists``, written by an editor that puts a BOM first. Rollout from
    # batch: catch next (a candidate, splitting catch and patch): 1 + 2 + 3 = 6
    (tmp_path / "bom.txt").write_bytes("\ufeffbatch\ncatch\npatch\n".encode())
    args = [*lists[:2], "--answers", str(tmp_path / "bom.txt"), "--policy", "rollout-mig"]
    status, out, err = main(capsys, "evaluate", "--opener", "batch", "--json", *args)
    assert status == 0 and json.loads(out.splitlines()[-1])["total"] == 6, err


def test_a_folder_given_as_a_word_list_is_called_a_folder(capsys, tmp_path):
    status, _, err = main(capsys, "evaluate", "--opener", "salet", "--answers", str(tmp_path))
    assert status == 2
    one_line(err, f"{tmp_path}: is a folder; expected a word list file")


def test_the_shipped_lists_state_their_word_count_once(capsys):
    # the original guesses are shipped as wordle_guesses_12972.txt, named for their count
    status, _, err = main(capsys, "evaluate", "--opener", "zzzzz")
    assert status == 2
    one_line(err, "opener 'zzzzz' is not an allowed guess; expected a word of wordle_guesses")
    assert err[0].count("12972") == 1


def test_a_generated_game_states_its_word_count_once(capsys):
    # Primel's guesses are the five-digit primes: pi(99999) - pi(9999) = 9592 - 1229 = 8363
    status, _, err = main(capsys, "evaluate", "--game", "primel", "--opener", "12345")
    assert status == 2
    one_line(err, "opener '12345' is not an allowed guess; expected a word of generated primel")
    assert err[0].count("8363") == 1


@pytest.mark.parametrize(
    "history, guess, broken",
    [
        # salet against shown: only s (green) in common; crony does not start with s
        ([("salet", "gbbbb")], "crony", "position 1 must be 's' (guess 1 'salet' got gbbbb)"),
        # salet against brisk: s yellow, a l e t grey; crony has no s
        ([("salet", "ybbbb")], "crony", "it must contain 's' (guess 1 'salet' got ybbbb)"),
    ],
)
def test_the_hard_mode_error_names_the_letter_and_position(history, guess, broken):
    game = Game(
        WordList(("brisk", "crony", "salet", "shown"), "g"),
        WordList(("brisk", "crony", "shown"), "a"),
        "hard",
    )
    with pytest.raises(WordlekitError) as error:
        game.state_after([*history, (guess, "bbbbb")])
    assert str(error.value) == (
        f"guess 2 {guess!r} is not allowed in hard mode (NYT hard mode: greens kept in place, "
        f"greens and yellows reused): {broken}"
    )


def test_help_is_plain_text(capsys):
    status, out, _ = main(capsys, "--help")
    assert status == 0 and "``" not in out and "Wordle" in out


def test_the_guide_names_every_policy_base_and_wrapper():
    from wordlekit.policies import BASES, WRAPPERS

    guide = (paths.REPO_ROOT / "docs" / "guide.md").read_text()
    for name in (*BASES, *(f"{prefix}-" for prefix in WRAPPERS)):
        assert f"`{name}`" in guide, name
