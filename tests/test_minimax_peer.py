"""benchmarks/minimax_peer.py (the worst-case search raced against alex1770/wordle): its bad
input, and how it reads and checks the peer's answers, with a stand-in for the peer (a shell
script printing the peer's answer lines, as its source prints them: ``Best first guess score
%s= %d``, ``Nodes used = %lld``, ``Time taken = %.2fs``). No timings are checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPT = BENCHMARKS / "minimax_peer.py"

# Says "found" to every cell but salet within 3 (refused), as the peer's depth-only mode
# words it; echoes the options it was given to a file beside it.
FAKE = """#!/bin/sh
echo "$@" >> "$(dirname "$0")/calls"
echo "Commit fake 2024"
case "$*" in
  *"-g 3 -d -w salet"*) echo "Best first guess score = 1000000000" ;;
  *) echo "Best first guess score <= 7936" ;;
esac
echo "Nodes used = 1843"
echo "Time taken = 0.15s"
"""


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NUMBA_NUM_THREADS": "1"},
    )


def test_a_missing_peer_is_one_line_and_status_2(tmp_path):
    out = tmp_path / "r.md"
    done = run("--peer", str(tmp_path / "nowhere"), "--out", str(out))
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith("minimax_peer.py: error: --peer ")
    assert "does not exist; expected a built alex1770/wordle binary" in lines[0]
    assert not out.exists()


def test_bad_cells_are_one_line_and_status_2(tmp_path):
    fake = tmp_path / "wordle"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    for cell, expected in [
        ("hard5abaci", "expected mode:d:opener"),
        ("hard:5:qwxyz", "'qwxyz' is not one of the 12,972 guesses"),
    ]:
        done = run("--peer", str(fake), "--cells", cell)
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 2 and len(lines) == 1, done.stderr
        assert expected in lines[0]


def test_a_disagreement_is_marked_and_exits_1(tmp_path):
    # The stand-in finds salet within 4 in easy mode; no strategy does (salet's least worst
    # case is 5: tests/test_minimax.py), so that cell is a mismatch; within 3 both refuse.
    fake = tmp_path / "wordle"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    out = tmp_path / "r.md"
    done = run("--peer", str(fake), "--cells", "easy:3:salet", "easy:4:salet", "--out", str(out))
    assert done.returncode == 1, done.stderr
    assert "MISMATCH easy within 4 salet: ours refused, peer found" in done.stderr
    table = [
        line.split("|") for line in out.read_text().splitlines() if line.startswith("| easy |")
    ]
    assert [(r[2].strip(), r[4].strip(), r[5].strip()) for r in table] == [
        ("3", "refused", "refused"),
        ("4", "refused **MISMATCH: ours refused, peer found**", "found"),
    ]
    assert [r[8].strip() for r in table] == ["0.15", "0.15"]  # the peer's own search seconds
    assert [r[16].strip() for r in table] == ["1,843", "1,843"]
    assert "Mismatches: 1: easy within 4 salet: ours refused, peer found." in out.read_text()
    calls = (tmp_path / "calls").read_text().splitlines()
    assert calls[0].endswith("-g 6 -e -b 1 -w salet")  # the untimed start-up run
    assert calls[1].endswith("-g 3 -d -w salet") and calls[2].endswith("-g 4 -d -w salet")
    assert "wordle_guesses_12972.txt -h " in calls[1] and "wordle_answers_2315.txt" in calls[1]
