"""The command line: JSON output, and one clear line with status 2 for every bad input."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from wordlekit import paths


def run(*args):
    """``python -m wordlekit ARGS``, finished, its output captured."""
    return run_python("-m", "wordlekit", *args)


def run_python(*args, timeout=600, env=None):
    """``python ARGS`` from the repository (in ``env``, else this environment), finished, its
    output captured."""
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=timeout,
        env=env,
    )


def test_evaluate_json_last_line():
    proc = run("evaluate", "--opener", "salet", "--policy", "mig", "--mode", "strict", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert {
        "total",
        "mean",
        "distribution",
        "worst",
        "unfinished",
        "max_guesses",
        "seconds",
        "compile_seconds",
    } <= summary.keys()
    assert sum(summary["distribution"].values()) == 2315
    assert summary["max_guesses"] == 6  # the cap, not the worst case
    assert "histogram" not in summary and "failed" not in summary
    assert abs(summary["total"] - 8352) <= 3  # published 3.6078


def test_hint_names_its_lists_nyt_2023():
    # cigar is an answer of the original list (wordlekit/data/SOURCES.md); the 2023 list has 3,158.
    proc = run(
        "hint", "salet:bbbbb", "--lists", "nyt-2023", "--policy", "mig", "--suggestions", "1"
    )
    assert proc.returncode == 0, proc.stderr
    assert "nyt-2023 lists: 14855 guesses, 3158 answers" in proc.stdout.splitlines()[0]


@pytest.fixture
def lists(tmp_path):
    """--guesses and --answers of a game worked by hand: batch, bicep, catch, patch; answers
    batch, catch, patch. From batch: batch 1 guess, catch 2, patch 3 (both bgggg): TOTAL 6."""
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("batch\ncatch\npatch\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


def test_evaluate_with_user_lists(lists):
    proc = run("evaluate", "--opener", "batch", "--policy", "rollout-mig", "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["total"] == 6  # worked by hand
    assert proc.stderr == ""  # the default top-k, 10, is more than 4 guesses: no news


def test_a_count_of_guesses_past_the_lists_is_clamped_with_a_note(lists):
    proc = run(
        "evaluate",
        "--opener",
        "batch",
        "--policy",
        "rollout-mig",
        "--top-k",
        "50",
        "--json",
        *lists,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == (
        "wordlekit: note: --top-k 50 is more than the number of guesses (4); using 4\n"
    )
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert (summary["total"], summary["top_k"]) == (6, 4)  # worked by hand, as above


BAD_INPUTS = [
    (["evaluate", "--opener", "salex"], "opener 'salex' is not an allowed guess"),
    (["evaluate", "--opener", "sale"], "opener 'sale' has 4 letters; expected a 5-letter word"),
    (["evaluate", "--opener", "salet", "--policy", "entropy"], "unknown policy 'entropy'"),
    (["evaluate", "--opener", "salet", "--policy="], "unknown policy ''"),
    # Python 3.11's argparse gave these an empty list, never calling the option's type
    (
        ["evaluate", "--opener", "salet", "--top-k=--"],
        "argument --top-k: expected a value, got '--'",
    ),
    (["reproduce", "--jobs=--"], "argument --jobs: expected a value, got '--'"),
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
    # issue 31: numbers past their range, a folder argument that is a file, a path that is not
    (
        ["evaluate", "--opener", "salet", "--policy", "rollout-mig", "--top-k", "99999999999"],
        "argument --top-k: '99999999999' is not a whole number >= 1 (at most 1,000,000)",
    ),
    (
        ["optimal", "--opener", "salet", "--breadth", "99999999999"],
        "argument --breadth: '99999999999' is not a whole number >= 1 (at most 1,000,000)",
    ),
    (
        ["hint", "--suggestions", "101"],
        "argument --suggestions: '101' is not a whole number >= 1 (at most 100)",
    ),
    (
        ["top-openers", "--k", "1", "--openers", "salet,crane", "--store-dir", "README.md"],
        "--store-dir 'README.md' is a file; expected a folder",
    ),
    (
        ["sweep", "--openers", "nofile.txt", "--store", "figures/never.sqlite"],
        "--openers 'nofile.txt': no such file; expected all, a FILE of words",
    ),
    (["optimal", "--opener", "salet", "--tree", "figures"], "--tree 'figures' is a folder"),
    (["play", "--policy", "entropy"], "unknown policy 'entropy'"),
    (["reproduce", "--only", ""], "notebook name '': expected a number or part of a name"),
    # within: the cap, the openers, the sample, the mode for the game, the tree's one strategy
    (["within", "0"], "argument D: '0' is not a whole number >= 1 (at most 100)"),
    (["within", "five"], "argument D: 'five' is not a whole number >= 1"),
    (["within"], "the following arguments are required: D"),
    (["within", "4", "--openers", "salex"], "opener 'salex' is not an allowed guess"),
    (["within", "4", "--openers", "salet,"], "--openers 'salet,' has an empty word"),
    (["within", "4", "--mode", "nyt"], "unknown mode 'nyt'"),
    (["within", "4", "--game", "mastermind", "--mode", "hard"], "expected easy or strict"),
    (["within", "4", "--sample", "3"], "--sample draws from --openers"),
    (
        ["within", "4", "--openers", "salet,crane", "--sample", "3"],
        "a sample of 3 openers; expected 1 to 2",
    ),
    (["within", "4", "--openers", "salet", "--seconds", "0"], "argument --seconds: '0' is not"),
    (
        ["within", "4", "--openers", "salet,crane", "--tree", "t.json"],
        "--tree writes one strategy, got 2 openers",
    ),
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
    proc = run_python("-c", code)
    assert proc.returncode == 0, proc.stderr
    assert "hint:" in proc.stdout  # the policy was asked, so hint's imports count too
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_a_closed_pipe_ends_quietly_with_status_0():
    # As `wordlekit evaluate --opener salet | head -1` does once head has exited, but
    # decided in advance: the reading end is closed before the command writes a byte.
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "wordlekit", "evaluate", "--opener", "salet"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            cwd=paths.REPO_ROOT,
            timeout=600,
        )
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (0, "")
    # and the pipeline itself, whichever of the two ends first
    shell = subprocess.run(
        [
            "bash",
            "-c",
            f"{sys.executable} -m wordlekit evaluate --opener salet | head -1; "
            'echo "status ${PIPESTATUS[0]}" >&2',
        ],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=600,
    )
    assert shell.stdout == "mig from salet, easy mode, 2315 answers, 12972 guesses\n"
    assert shell.stderr == "status 0\n"


def test_sigterm_ends_optimal_with_one_line_and_status_143(tmp_path):
    # The search announces that it has begun by creating a file: the signal is sent on that
    # event, not after a sleep. Salet's proof takes about a second, less than a loaded machine
    # may take to notice the file, so the search starts over with an empty memo until the
    # signal ends it: it is always the real search that the signal interrupts (not the warm-up's
    # tiny game, solved first). The file is made after a first whole proof, once every kernel is
    # compiled: a signal inside numba's compiler (a fresh clone's first search) is the next
    # tests' case, and a signal inside a kernel's call back into Python the one after them.
    started = tmp_path / "started"
    code = (
        "import pathlib, sys\nfrom wordlekit import cli\nfrom wordlekit.optimal import Solver\n"
        "from wordlekit.branch_and_bound import Memo\n"
        "solve = Solver.opener_total\n"
        "def opener_total(self, *args, **kwargs):\n"
        "    if len(self.game.answers) < 2315:\n"
        "        return solve(self, *args, **kwargs)\n"
        "    solve(self, *args, **kwargs)\n"
        f"    pathlib.Path({str(started)!r}).touch()\n"
        "    while True:\n"
        "        self.memo = Memo()\n"
        "        solve(self, *args, **kwargs)\n"
        "Solver.opener_total = opener_total\n"
        "sys.exit(cli.main(['optimal', '--opener', 'salet']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=paths.REPO_ROOT,
    )
    try:
        while not started.exists():
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=600)
    finally:
        proc.kill()
    assert (proc.returncode, err) == (143, "wordlekit: terminated\n") and "TOTAL" not in out


# A signal that lands inside a callback from C code (numba's compiler calls llvmlite's object
# cache back in Python) is "ignored" by Python: a traceback on stderr, and the command goes on or
# fails later with an unrelated error. A ctypes callback that raises the handler's exception
# stands for it: the command must still end on one line with the signal's status.
_IN_A_CALLBACK = """
import ctypes, signal, sys, time
from wordlekit import cli
from wordlekit.cli.signals import Terminated

# Ctrl-C's handler, as a terminal gives it: a shell's background job (make test &) starts with
# SIGINT ignored, and the interruption raised again would then be dropped
signal.signal(signal.SIGINT, signal.default_int_handler)

@ctypes.CFUNCTYPE(None)
def callback():
    raise {exception}  # as the signal handler would, inside the callback

def command(args):
    callback()  # Python prints "Exception ignored" here unless the CLI takes it over
    {after}
    print("finished")
    return 0

cli.command = lambda name: command
sys.exit(cli.main(["optimal", "--opener", "salet"]))
"""


@pytest.mark.parametrize(
    "exception, after, status, line",
    [
        # the command goes on: the signal is raised again once the callback has returned
        ("Terminated", "for _ in range(1000): time.sleep(0.01)", 143, "terminated"),
        ("KeyboardInterrupt", "for _ in range(1000): time.sleep(0.01)", 130, "interrupted"),
        # what the signal broke fails at once: that failure is the interruption's
        ("Terminated", "raise RuntimeError('no compiled object yet')", 143, "terminated"),
    ],
)
def test_a_signal_inside_a_callback_from_c_ends_the_command_on_one_line(
    exception, after, status, line
):
    code = _IN_A_CALLBACK.format(exception=exception, after=after)
    proc = run_python("-c", code, timeout=60)
    assert (proc.returncode, proc.stderr, proc.stdout) == (status, f"wordlekit: {line}\n", "")


# A signal that lands while a numba kernel calls back into Python (``_numba_unpickle`` builds a
# constant the kernel needs) fails the kernel with a SystemError, the signal's exception chained
# behind it: the command ends as the signal says, on one line (seen on CI, where it exited 1).
_CHAINED = """
import sys
from wordlekit import cli
from wordlekit.cli.signals import Terminated

def kernel():
    raise {exception}

def command(args):
    try:
        kernel()
    except BaseException as exc:
        raise SystemError("CPUDispatcher(split_candidates) returned a result with an exception set") from exc
    return 0

cli.command = lambda name: command
sys.exit(cli.main(["optimal", "--opener", "salet"]))
"""


@pytest.mark.parametrize(
    "exception, status, line",
    [("Terminated", 143, "terminated"), ("KeyboardInterrupt", 130, "interrupted")],
)
def test_a_kernel_failed_by_a_signal_ends_the_command_on_one_line(exception, status, line):
    proc = run_python("-c", _CHAINED.format(exception=exception), timeout=60)
    assert (proc.returncode, proc.stderr, proc.stdout) == (status, f"wordlekit: {line}\n", "")


def test_a_failure_with_no_signal_behind_it_is_not_taken_for_one():
    code = _CHAINED.format(exception="ValueError('not a signal')")
    proc = run_python("-c", code, timeout=60)
    assert proc.returncode == 1 and "SystemError" in proc.stderr and "terminated" not in proc.stderr


def test_optimal_progress_reports_each_bucket_after_the_opener():
    # The buckets after the opener, counted in plain Python: the answers by their feedback,
    # all-green left out. The TOTAL proved so far only rises, to the optimum itself.
    from wordlekit.game import small_game
    from wordlekit.optimal import Solver

    from . import reference

    game = small_game(60, 40, 3)
    opener = game.guesses[0]
    buckets = {reference.feedback(opener, a) for a in game.answers} - {"ggggg"}
    reports = []
    total = Solver(game).opener_total(0, progress=lambda *report: reports.append(report))
    assert [(valued, of) for valued, of, _ in reports] == [
        (i, len(buckets)) for i in range(1, len(buckets) + 1)
    ]
    proved = [at_least for _, _, at_least in reports]
    assert proved == sorted(proved) and proved[-1] == total == Solver(game).opener_total(0)


def in_a_terminal(*args):
    """Run wordlekit with stderr on a pseudo-terminal of 120 columns: (status, what it showed)."""
    import fcntl
    import pty
    import struct
    import termios

    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlekit", *args],
        stdout=subprocess.DEVNULL,
        stderr=terminal,
        cwd=paths.REPO_ROOT,
    )
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal's other end closed: the command has ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(controller)
    return proc.wait(timeout=600), shown.decode(errors="replace")


def test_optimal_and_hint_show_progress_on_a_terminal_only(lists):
    # batch leaves one bucket, {catch, patch}: TOTAL 6
    status, shown = in_a_terminal("optimal", "--opener", "batch", *lists)
    assert status == 0 and "optimal from batch: 1/1 buckets valued, TOTAL at least 6" in shown
    status, shown = in_a_terminal("optimal", "--opener", "batch", "--json", *lists)
    assert status == 0 and shown == ""
    proc = run("optimal", "--opener", "batch", *lists)
    assert proc.returncode == 0 and proc.stderr == ""
    status, shown = in_a_terminal("hint", "--policy", "mig", *lists)
    assert status == 0 and "mig: valuing" in shown
