"""Every subcommand driven with generated malformed arguments (Hypothesis).

Each case is a command line of one subcommand with at least one malformed argument (a word,
a feedback string, a number at or past a limit, a path to a file, a folder or nothing, a list,
policy, mode, task or notebook name), the others absent, valid or malformed too. Paths include
the special ones of issue 44: ``/dev/full``, a read-only file, a folder that takes no file, a
missing folder, a list with a byte-order mark, an empty list; and some cases run with
``WORDLEKIT_CACHE`` set to a file or to a folder that cannot be made. Whatever the mix, the CLI
must answer as issue 31 asks: exit status 2, exactly one line on stderr (``wordlekit: error:
...``), nothing on stdout, no traceback, and nothing written, neither in the scratch folder the
case runs in nor in the repository's build/, figures/ and notebooks/.

The CLI's ``main`` runs in this process (a subprocess per case would cost a second each), with
a fixed seed (``WORDLEKIT_FUZZ_SEED``, default 20261125). ``make test`` runs 300 cases (about
20 s here); ``make fuzz`` runs ``FUZZ_EXAMPLES`` (default 3000): ``make fuzz FUZZ_EXAMPLES=10000
FUZZ_SEED=7``.
"""

import contextlib
import io
import os
import string
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from wordlekit import cli, paths
from wordlekit.cli import options
from wordlekit.game import MODES
from wordlekit.policies import POLICIES
from wordlekit.words import LISTS, named_lists

from . import special_paths

EXAMPLES = int(os.environ.get("WORDLEKIT_FUZZ_EXAMPLES", "300"))
SEED = int(os.environ.get("WORDLEKIT_FUZZ_SEED", "20261125"))

_LISTS = [named_lists(name) for name in LISTS]
#: Every allowed guess of every named list: a generated "word" in it is not malformed.
GUESSES = frozenset().union(*(set(guesses) for guesses, _ in _LISTS))


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


#: Text that is no number at all (``int`` refuses it), "none" left out (a cap may be "none").
not_a_number = st.one_of(
    st.sampled_from(["", " ", "abc", "1.5", "1e3", "0x10", "nan", "inf", "--", "ten", "½"]),
    st.text(max_size=8).filter(lambda t: not _is_int(t) and t.strip().lower() != "none"),
)


def numbers(low: int, high: int):
    """A whole-number option's malformed values: no number, below ``low``, above ``high``."""
    return st.one_of(
        not_a_number,
        st.integers(max_value=low - 1).map(str),
        st.integers(min_value=high + 1, max_value=10**40).map(str),
        st.just(str(high + 1)),
        st.just(str(low - 1)),
    )


bad_float = st.one_of(
    st.sampled_from(["0", "-1", "nan", "inf", "-inf", "1e13", "1e309", "abc", ""]),
    st.floats(max_value=0).map(repr),
    st.floats(min_value=1e12, exclude_min=True).map(repr),
    st.text(max_size=6).filter(lambda t: not _is_float(t)),
)
bad_word = st.one_of(
    st.sampled_from(["", "sale", "saletx", "zzzzz", "sal3t", "s@let", "12345", "ÿÿÿÿÿ", "a\tb"]),
    st.text(alphabet=string.ascii_lowercase, min_size=5, max_size=5),
    st.text(max_size=12),
).filter(lambda w: w.strip().lower() not in GUESSES)
bad_tiles = st.one_of(
    st.sampled_from(["", "bbbb", "bbbbbb", "bxbbb", "GGGGG ", "33333", "b:bbb"]),
    st.text(max_size=7).filter(lambda t: len(t.strip()) != 5),
)
bad_entry = st.one_of(
    st.sampled_from(
        [
            "salet",
            "salet:",
            ":bybbb",
            "salet:bybbb:x",
            "salet:ggggg",  # salet is no answer: nothing is consistent
            "crane:ggggg",  # solved already
        ]
    ),
    st.builds(lambda w, t: f"{w}:{t}", bad_word, st.sampled_from(["bybbb", "bbbbb"])),
    st.builds(lambda t: f"salet:{t}", bad_tiles),
)
bad_policy = st.one_of(
    st.sampled_from(["", "entropy", "rollout-", "rollout-entropy", "MIG", "lookahead2-", "best"]),
    st.text(max_size=10),
).filter(lambda p: p not in POLICIES)
bad_mode = st.one_of(st.sampled_from(["", "nyt", "Easy", "hard,easy"]), st.text(max_size=6)).filter(
    lambda m: m not in MODES
)
bad_lists = st.one_of(
    st.sampled_from(["", "nyt-2024", "ORIGINAL", "original,"]), st.text(max_size=9)
).filter(lambda n: n not in LISTS)
#: Paths in the scratch folder (see ``run_in_scratch``): a file of non-words, a folder, a list
#: of non-words after a byte-order mark, an empty list, nothing.
NOTES, FOLDER, OPENERS, BOM, EMPTY = "notes.txt", "folder", "openers.txt", "bom.txt", "empty.txt"
#: Stand-ins, replaced in each case by a file that cannot be written and a folder that takes no
#: file (``special_paths``: made in the scratch folder, or the system's where this user is root).
READ_ONLY, LOCKED = "<read-only>", "<locked>"
missing_file = st.sampled_from(["nofile.txt", "missing/x.txt", "notes.txt/x", "./nope"])
bad_read_path = st.one_of(missing_file, st.sampled_from([NOTES, FOLDER, FOLDER + "/"]))
bad_list_path = st.one_of(bad_read_path, st.sampled_from([BOM, EMPTY]))
bad_write_path = st.sampled_from(
    [
        FOLDER,
        FOLDER + "/",
        "missing/out.json",
        "notes.txt/out.json",
        "/dev/full",
        READ_ONLY,
        LOCKED + "/out.json",
    ]
)
bad_folder = st.sampled_from([NOTES, "notes.txt/sub", LOCKED + "/sub"])
bad_openers = st.one_of(
    st.sampled_from(
        ["", ",", "salet,zzzzz", "nofile.txt", "./openers", FOLDER, NOTES, "sale", BOM, EMPTY]
    ),
    bad_word.filter(lambda w: w != "all"),
)
#: WORDLEKIT_CACHE of a case: mostly unset, else a file or a folder that cannot be made.
cache_setting = st.sampled_from([None] * 8 + [NOTES, LOCKED + "/cache"])
bad_depths = st.one_of(
    st.sampled_from(["0", "7", "2,x", "a", "-1", "2,3,99"]),
    # a part neither blank nor digits ("" or "," is no V_i at all: valid, and a whole run)
    st.text(max_size=6).filter(
        lambda t: any(p.strip() and not p.strip().isdigit() for p in t.split(","))
    ),
)
bad_notebook = st.sampled_from(["", " ", "table9", "99", "zz", "98-"])  # no notebook has 98 or 99
#: (--only, -p NAME VALUE) that the notebooks' parameters cells refuse.
bad_parameter = st.sampled_from(
    [
        (None, ("NOPE", "1")),
        (None, ("QUICK", "True")),
        (None, ("OUTPUT_DIR", "x")),
        ("13", ("SEED", "x")),
        ("13", ("SEED", "1.5")),
        ("15", ("DEPTHS", "abc")),
        ("15", ("DEPTHS", "[1, 'a']")),
        ("07", ("TOP_K", "[1.5]")),
        ("11", ("POWERS", "'x'")),
        ("13", ("FREE_ITERATIONS", "[1]")),
    ]
)


def option(flag, good, bad):
    """An argument: its flag ("--top-k", or a function from a value to the words it takes on
    the command line), a valid value (None: none; FLAG: a flag without a value) and a strategy
    of malformed values (None: it cannot be malformed)."""
    return (flag, good, bad)


def history(entries):
    """hint's GUESS:FEEDBACK entries, last on the line, after "--" (an entry may begin with -)."""
    return ["--", *entries]


def parameter(pair):
    """reproduce's -p NAME VALUE, with --only for a notebook that has NAME."""
    only, (name, value) = pair
    return ["-p", name, value] + (["--only", only] if only else [])


def cap_first(value):
    """within's D, its positional argument, first."""
    return [value]


FLAG = object()  # an option without a value
LIST_SOURCE = [
    option("--lists", "original", bad_lists),
    option("--answers", None, bad_list_path),
    option("--guesses", None, bad_list_path),
    option("--mode", "easy", bad_mode),
]
PRIOR = [
    option("--prior", "uniform", st.one_of(bad_read_path, st.just("zipf"))),
    option("--prior-floor", "1", bad_float),
]
#: numba's threads, on the commands that compute (evaluate, optimal, hint, play).
THREADS = option("--threads", "1", numbers(1, options.cores()))
#: The last options of evaluate, optimal and hint: the JSON line, the game, its prior, threads.
ON_A_GAME = [option("--json", FLAG, None), *LIST_SOURCE, *PRIOR, THREADS]
#: The GUESS:FEEDBACK entries of a game played so far, as hint and review take them.
GAME_ENTRIES = option(
    history,
    ["salet:bybbb"],
    st.builds(
        lambda before, bad, after: [*before, bad, *after],
        st.lists(st.just("salet:bybbb"), max_size=1),
        bad_entry,
        st.lists(st.one_of(st.just("crony:bgbbb"), bad_entry), max_size=2),
    ),
)
COMMANDS = {
    "evaluate": [
        option("--opener", "salet", bad_word),
        option("--policy", "mig", bad_policy),
        option("--top-k", "10", numbers(1, options.MAX_COUNT)),
        option("--tree", None, bad_read_path),
        option("--tree-out", None, bad_write_path),
        option("--tree-format", "lines", st.sampled_from(["", "svg", "JSON", "tree"])),
        *ON_A_GAME,
    ],
    "optimal": [
        option("--opener", "salet", bad_word),
        option("--max-guesses", "6", numbers(1, options.MAX_CAP)),
        option("--breadth", "5", numbers(1, options.MAX_COUNT)),
        option("--tree", None, bad_write_path),
        *ON_A_GAME,
    ],
    "within": [
        option(cap_first, "4", numbers(1, options.MAX_CAP)),
        option("--openers", "salet", bad_openers),
        option("--sample", "1", numbers(1, options.MAX_COUNT)),
        option("--seed", "0", numbers(0, options.MAX_SEED)),
        option("--seconds", "30", bad_float),
        option("--tree", None, bad_write_path),
        option("--tree-format", "lines", st.sampled_from(["", "svg", "JSON", "tree"])),
        option("--json", FLAG, None),
        *LIST_SOURCE,
        THREADS,
    ],
    "hint": [
        option("--policy", "mig", bad_policy),
        option("--suggestions", "3", numbers(1, options.MAX_SUGGESTIONS)),
        *ON_A_GAME,
        GAME_ENTRIES,
    ],
    "review": [
        option("--batch", None, bad_read_path),
        option("--baseline", "mig", bad_policy),
        option("--best", "1", numbers(1, options.MAX_SUGGESTIONS)),
        option("--json", FLAG, None),
        *LIST_SOURCE,
        THREADS,
        GAME_ENTRIES,
    ],
    "play": [
        option("--seed", "1", numbers(0, options.MAX_SEED)),
        option("--policy", "mig", bad_policy),
        option("--hints", FLAG, None),
        *LIST_SOURCE,
        THREADS,
    ],
    "sweep": [
        option("--store", "new.sqlite", st.one_of(bad_write_path, st.just(NOTES))),
        option("--task", "evaluate", st.sampled_from(["", "evaluation", "mintotal", "cut-off"])),
        option("--openers", "salet", bad_openers),
        option("--modes", "easy", st.one_of(bad_mode, st.just("easy,nyt"))),
        option("--lists", "original", st.one_of(bad_lists, st.just("original,nyt-2024"))),
        option("--answers", None, bad_read_path),
        option("--guesses", None, bad_read_path),
        option("--policy", "mig", bad_policy),
        option("--top-k", "10", numbers(1, options.MAX_COUNT)),
        option("--bound", "8000", numbers(1, options.MAX_TOTAL)),
        option("--depth", "2", numbers(1, options.MAX_DEPTH)),
        option("--max-guesses", "6", numbers(1, options.MAX_CAP)),
        option("--workers", "1", numbers(1, options.MAX_WORKERS)),
        option("--json", FLAG, None),
    ],
    "top-openers": [
        option("--store-dir", "stores", bad_folder),
        option("--k", "1", numbers(1, options.MAX_COUNT)),
        option("--openers", "salet,crane", bad_openers),
        option("--mode", "easy", bad_mode),
        option("--lists", "original", bad_lists),
        option("--answers", None, bad_read_path),
        option("--guesses", None, bad_read_path),
        option("--max-guesses", "6", numbers(1, options.MAX_CAP)),
        option("--depths", "2,3", bad_depths),
        option("--csv", None, bad_write_path),
        option("--workers", "1", numbers(1, options.MAX_WORKERS)),
    ],
    "reproduce": [
        option("--only", None, bad_notebook),
        option("--output-dir", None, bad_folder),
        option("--jobs", "1", numbers(1, options.MAX_JOBS)),
        option("--quick", FLAG, None),
        option(parameter, None, bad_parameter),
    ],
    "verify": [option("--only", None, bad_notebook)],
}


@st.composite
def command_lines(draw):
    """One subcommand with at least one malformed argument (see the module doc)."""
    if draw(st.integers(0, 30)) == 0:  # no subcommand, or an unknown one
        return draw(
            st.sampled_from([[], ["frobnicate"], ["--opener", "salet"], ["evaluate", "--nope"]])
        )
    command = draw(st.sampled_from(sorted(COMMANDS)))
    slots = [slot for slot in COMMANDS[command] if slot[2] is not None]
    forced = draw(st.sampled_from(slots))  # at least this one is malformed
    # Mostly this one alone (the others absent or valid), the sharpest case: one bad value
    # must be caught on its own, whatever else is valid; else any mix.
    others = ["absent", "good"] if draw(st.integers(0, 9)) < 7 else ["absent", "good", "bad"]
    argv = [command]
    for flag, good, bad in COMMANDS[command]:
        choice = "bad" if (flag, good, bad) == forced else draw(st.sampled_from(others))
        if choice == "bad" and bad is None:
            choice = "good"
        if choice == "absent" or (choice == "good" and good is None):
            continue
        value = good if choice == "good" else draw(bad)
        if callable(flag):
            argv += flag(value)
        elif good is FLAG:
            argv.append(flag)
        else:
            # "--flag=value": a malformed value may begin with "-" and must stay a value
            argv.append(f"{flag}={value}")
    return argv


def _tree(root: Path) -> dict:
    """Every file and folder under ``root`` with its size and modification time."""
    if not root.exists():
        return {}
    return {
        str(p.relative_to(root)): (p.is_dir(), p.stat().st_size, p.stat().st_mtime_ns)
        for p in root.rglob("*")
    }


@pytest.fixture(scope="module")
def repository_untouched():
    """The repository's outputs before the cases; checked unchanged after them all."""
    watched = (paths.BUILD_DIR, paths.FIGURES_DIR, paths.NOTEBOOKS_DIR)
    before = [_tree(folder) for folder in watched]
    yield
    assert [_tree(folder) for folder in watched] == before


def run_in_scratch(argv, cache=None):
    """``cli.main(argv)`` in a fresh scratch folder, with WORDLEKIT_CACHE set to ``cache`` (a
    path in it) if given: (status, stdout, stderr, files written)."""
    here = os.getcwd()
    stdin = sys.stdin
    cache_before = os.environ.get("WORDLEKIT_CACHE")
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        (root / NOTES).write_text("hello world\nnot words here\n")
        (root / OPENERS).write_text("salet\ncrane\n")
        (root / BOM).write_text("\ufeffzzzzz\nqqqqq\n", encoding="utf-8")
        (root / EMPTY).write_text("")
        (root / FOLDER).mkdir()
        special = {
            READ_ONLY: special_paths.read_only_file(root) or FOLDER,
            LOCKED: special_paths.unwritable_folder(root) or NOTES,
        }

        def placed(text: str) -> str:
            for stand_in, path in special.items():
                text = text.replace(stand_in, str(path))
            return text

        argv = [placed(arg) for arg in argv]
        before = _tree(root)
        out, err = io.StringIO(), io.StringIO()
        os.chdir(root)
        sys.stdin = io.StringIO("")  # play: end of input at once
        if cache is not None:
            os.environ["WORDLEKIT_CACHE"] = str(root / placed(cache))
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = cli.main(argv)
                except SystemExit as exc:
                    status = exc.code
        finally:
            os.chdir(here)
            sys.stdin = stdin
            if cache_before is None:
                os.environ.pop("WORDLEKIT_CACHE", None)
            else:
                os.environ["WORDLEKIT_CACHE"] = cache_before
            written = _tree(root) != before
            special_paths.unlock(root)
        return status, out.getvalue(), err.getvalue(), written


@seed(SEED)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(argv=command_lines(), cache=cache_setting)
def test_malformed_arguments_are_one_line_and_status_2(argv, cache, repository_untouched):
    status, out, err, wrote = run_in_scratch(argv, cache)
    lines = err.splitlines()
    assert status == 2, (argv, status, out[-500:], err[-2000:])
    assert len(lines) == 1 and lines[0].startswith("wordlekit: error: "), (argv, err)
    assert "Traceback" not in err and out == "", (argv, out)
    assert not wrote, argv
