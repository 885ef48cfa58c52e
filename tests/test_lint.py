"""House checks run by `make test`: ruff's lint and format check over the code, tests,
benchmarks, the book's configuration and the Python blocks of the README and docs/ pages (ruff
formats fenced Python in Markdown), configured in pyproject.toml. A new lint error or an
unformatted file fails here, naming the file and line, as it would in an editor."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordlekit import paths

ROOT = paths.REPO_ROOT
TREES = ["wordlekit", "tests", "benchmarks", "docs", "README.md"]


def _tool(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    if found.exists():
        return str(found)
    which = shutil.which(name)
    if which is None:
        pytest.fail(f"{name} is not installed: `make test` installs it with the 'test' extra")
    return which


def _run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_no_lint_error():
    done = _run(_tool("ruff"), "check", "--no-cache", "--output-format", "concise", *TREES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_leaves_every_file_as_it_is():
    done = _run(_tool("ruff"), "format", "--no-cache", "--check", *TREES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_check_can_fail(tmp_path):
    # The check above is only worth something if ruff reports a real error with this config.
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")
    done = _run(
        _tool("ruff"), "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(bad)
    )
    assert done.returncode == 1 and "F401" in done.stdout
