"""The command line: JSON output, and one clear line with status 2 for every bad input."""

import json
import subprocess
import sys

import pytest

from wordlekit import paths


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "wordlekit", *args],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=600,
    )


def test_evaluate_json_last_line():
    proc = run("evaluate", "--opener", "salet", "--policy", "mig", "--mode", "strict", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert {
        "total",
        "mean",
        "histogram",
        "max_guesses",
        "failed",
        "seconds",
        "compile_seconds",
    } <= summary.keys()
    assert sum(summary["histogram"].values()) == 2315
    assert abs(summary["total"] - 8352) <= 3  # published 3.6078


def test_hint_names_its_lists_nyt_2023():
    # cigar is an answer of the original list (data/SOURCES.md); the 2023 list has 3,158.
    proc = run(
        "hint", "salet:bbbbb", "--lists", "nyt-2023", "--policy", "mig", "--suggestions", "1"
    )
    assert proc.returncode == 0, proc.stderr
    assert "nyt-2023 lists: 14855 guesses, 3158 answers" in proc.stdout.splitlines()[0]


def test_evaluate_with_user_lists(tmp_path):
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("batch\ncatch\npatch\n")
    proc = run(
        "evaluate",
        "--opener",
        "batch",
        "--policy",
        "rollout-mig",
        "--json",
        "--guesses",
        str(tmp_path / "g.txt"),
        "--answers",
        str(tmp_path / "a.txt"),
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["total"] == 6  # worked by hand


BAD_INPUTS = [
    (["evaluate", "--opener", "salex"], "opener 'salex' is not an allowed guess"),
    (["evaluate", "--opener", "sale"], "opener 'sale' has 4 letters; expected a 5-letter word"),
    (["evaluate", "--opener", "salet", "--policy", "entropy"], "unknown policy 'entropy'"),
    (["evaluate", "--opener", "salet", "--mode", "nyt"], "unknown mode 'nyt'"),
    (["evaluate", "--opener", "salet", "--top-k", "0"], "'0' is not a whole number >= 1"),
    (["evaluate", "--opener", "salet", "--answers", "no/such/file.txt"], "no such word list file"),
    (["evaluate"], "--opener"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (
        ["reproduce", "--only", "07", "-p", "NOPE", "1"],
        "no parameter NOPE in 07-topk-study; its parameters are OPENER, BASE_HEURISTIC, TOP_K",
    ),
    (
        ["reproduce", "--only", "13", "-p", "SEED", "x"],
        "parameter SEED of 13-avts-generic-search expects int, got 'x'",
    ),
    (["reproduce", "-p", "QUICK", "True"], "set QUICK with --quick, not -p"),
    (["reproduce", "--only", "table9"], "no notebook matches 'table9'"),
    (["evaluate", "--opener", "salet", "--lists", "nyt-2024"], "unknown word lists 'nyt-2024'"),
    (
        ["hint", "--lists", "nyt-2022", "--answers", "a.txt"],
        "--lists nyt-2022 and --guesses/--answers",
    ),
    (["sweep", "--store", "README.md", "--openers", "salet"], "is not a sweep store"),
]


@pytest.mark.parametrize("args, message", BAD_INPUTS)
def test_bad_input_is_one_line_and_status_2(args, message):
    proc = run(*args)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordlekit: error: "), proc.stderr
    assert message in lines[0]
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "content, message",
    [
        ("crane\nslat\n", "not 5 letters long, e.g. 'slat'"),
        ("crane\ncrane\n", "duplicate word"),
        ("", "empty"),
        ("zzzzz\n", "'zzzzz'.*every answer must be an allowed guess"),
    ],
)
def test_malformed_word_lists(tmp_path, content, message):
    import re

    (tmp_path / "a.txt").write_text(content)
    proc = run("evaluate", "--opener", "salet", "--answers", str(tmp_path / "a.txt"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert re.search(message, proc.stderr), proc.stderr


def test_play_in_a_terminal_imports_no_plotting_or_widgets():
    """A terminal game needs neither matplotlib nor ipywidgets: importing them would cost a
    second or more before the first prompt (``wordlekit.session`` holds the game logic)."""
    code = (
        "import io, sys\nfrom wordlekit import cli\nsys.stdin = io.StringIO('crane\\n')\n"
        "cli.main(['play', '--seed', '1', '--hints'])\n"
        "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'seaborn') if m in sys.modules))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "hint:" in proc.stdout  # the policy was asked, so hint's imports count too
    assert proc.stdout.strip().splitlines()[-1] == "[]"
