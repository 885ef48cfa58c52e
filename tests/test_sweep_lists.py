"""Sweeps on one's own data: ``--guesses/--answers`` and ``--game``, as ``evaluate`` takes them.

Expected values: Koyama & Lai's optimum for Mastermind (4 pegs, 6 colours), 5625 guesses over
the 1,296 codes from 1123; the count of its classes of first guesses, worked by hand; and, for
a tiny game of one's own lists, the brute force of ``tests/reference.py`` opener by opener.
Clusters are real: a Dask scheduler and workers on 127.0.0.1, as in ``test_sweep_cluster``.
"""

import hashlib
import shutil

import pandas as pd
import pytest

from wordlekit import Game, WordList
from wordlekit.game import small_game
from wordlekit.sweep import read_store

from .sweeping import gated_workers, rows, run, scheduler, summary
from .test_optimal import brute_force

pytestmark = pytest.mark.slow


def test_top_openers_of_mastermind_on_a_cluster_is_koyama_and_lai(tmp_path, processes):
    # Koyama & Lai (1993): the optimal strategy for Mastermind (4, 6) takes 5625 guesses over
    # the 1,296 codes, from 1123, and no first guess does better. Its first guesses fall into
    # five classes, by how a code repeats its colours: 1111, 1112, 1122, 1123, 1234.
    (tmp_path / "gate").touch()  # the workers' gate open: no task is held
    _, address = scheduler(processes)
    gated_workers(processes, address, tmp_path, 2)
    table = tmp_path / "top.csv"
    proc = run(
        *("top-openers", "--game", "mastermind", "--k", "1", "--scheduler", address),
        *("--store-dir", str(tmp_path / "stores"), "--csv", str(table)),
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "one opener per class of equivalent first guesses (5 of 1,296" in proc.stderr
    assert "    1  1123  5625" in proc.stdout
    got = pd.read_csv(table, index_col="opener", dtype={"opener": str})
    assert sorted(got.index) == ["1111", "1112", "1122", "1123", "1234"]
    best = got.loc["1123"]
    assert (best["relation"], best["total"], best["rank"]) == ("=", 5625, 1)
    assert best["status"] == "proved top"
    assert (got["total"] >= 5625).all()  # an exact optimum, or a bound on one


def write_lists(folder, game, name) -> list[str]:
    """``game``'s lists as two files; the options that name them."""
    options = []
    for role in ("guesses", "answers"):
        path = folder / f"{name}-{role}.txt"
        path.write_text("\n".join(getattr(game, role)) + "\n")
        options += [f"--{role}", str(path)]
    return options


def test_a_sweep_of_ones_own_lists_is_the_brute_force_and_never_mixes_lists(tmp_path, processes):
    # Two games on the same 14 guesses: 8 -ake answers, and 7 of them. Swept into one store,
    # each run's rows are the brute-force optima of its own answers, easy and hard (None: no
    # strategy within six guesses), the first run's rows untouched by the second; the same
    # words under other file names are found in the store.
    (tmp_path / "gate").touch()  # the workers' gate open: no task is held
    _, address = scheduler(processes)
    gated_workers(processes, address, tmp_path, 1)
    store = tmp_path / "s.sqlite"
    first = small_game(8, 6, 3, suffix="ake")
    games = {"a": first, "b": Game(first.guesses, WordList(first.answers.words[1:], "b"))}
    sweep = ["sweep", "--task", "optimal", "--modes", "easy,hard", "--store", str(store)]
    sweep += ["--scheduler", address, "--json"]
    before = []
    for name, game in games.items():
        proc = run(*sweep, *write_lists(tmp_path, game, name))
        assert proc.returncode == 0, proc.stderr
        assert summary(proc.stdout)["done"] == 2 * len(game.guesses) == 28
        now = rows(store)
        assert set(before) <= set(now)  # the rows of other lists, as they were
        for opener, mode, _, status, relation, result in set(now) - set(before):
            want = brute_force(Game(game.guesses, game.answers, mode), opener, 6)
            assert status == "done", opener
            assert (relation, result) == (("=", want) if want else ("infeasible", None)), opener
        # each new row's provenance names the sha256 of the files' bytes
        frame = read_store(store)
        frame = frame[frame["lists"].isin({r[2] for r in set(now) - set(before)})]
        (recorded,) = summary(proc.stdout)["provenance"].values()  # the --json line's, too
        for role in ("guesses", "answers"):
            digest = hashlib.sha256((tmp_path / f"{name}-{role}.txt").read_bytes()).hexdigest()
            assert {p[f"{role}_sha256"] for p in frame["provenance"]} == {digest}
            assert recorded[f"{role}_sha256"] == digest
        before = now
    assert len(before) == 56 and len({r[2] for r in before}) == 2
    for role in ("guesses", "answers"):
        shutil.copy(tmp_path / f"a-{role}.txt", tmp_path / f"renamed-{role}")
    renamed = ["--guesses", str(tmp_path / "renamed-guesses"), "--answers"]
    again = run(*sweep, *renamed, str(tmp_path / "renamed-answers"))
    assert again.returncode == 0, again.stderr
    assert (summary(again.stdout)["skipped"], summary(again.stdout)["done"]) == (28, 0)


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["sweep", "--lists", "original", "--answers", "{a}"],
            "--lists original and --guesses/--answers: choose one",
        ),
        (
            ["sweep", "--game", "mastermind", "--guesses", "{g}"],
            "--game mastermind and --lists/--guesses/--answers: choose one",
        ),
        (["sweep", "--game", "mastermind", "--modes", "easy,hard"], "hard mode is the NYT rule"),
        (["sweep", "--guesses", "{a}"], "answer(s) of wordle_answers_2315.txt are not in"),
        (
            ["sweep", "--guesses", "{g}", "--answers", "{a}", "--openers", "xylyl"],
            "'xylyl' is not in",
        ),
        (["top-openers", "--lists", "nyt-2022", "--guesses", "{g}"], "choose one"),
        (["top-openers", "--game", "mastermind", "--lists", "original"], "choose one"),
        (["top-openers", "--game", "mastermind", "--mode", "hard"], "hard mode is the NYT rule"),
        (
            ["top-openers", "--game", "mastermind", "--openers", "salet"],
            "'salet' has 5 letters; expected a 4-letter",
        ),
        (["top-openers", "--game", "bulls", "--k", "1"], "unknown game 'bulls'"),
    ],
)
def test_lists_that_do_not_fit_are_one_line_and_status_2(tmp_path, args, message):
    # Nothing is written: a store, or a folder of stores, only once the game is known to fit.
    (tmp_path / "g.txt").write_text("crane\nslate\nsalet\n")
    (tmp_path / "a.txt").write_text("crane\nslate\n")
    args = [a.format(g=tmp_path / "g.txt", a=tmp_path / "a.txt") for a in args]
    out = tmp_path / "out"
    where = ["--store", str(out)] if args[0] == "sweep" else ["--store-dir", str(out)]
    proc = run(*args, *where, timeout=60)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert lines[0].startswith("wordlekit: error: ") and message in lines[0], lines[0]
    assert not out.exists()


@pytest.mark.parametrize("cap, unfinished", [(6, 0), (5, 0), (4, 1), (3, 2)])
def test_an_evaluate_task_counts_the_games_over_its_cap(cap, unfinished):
    from wordlekit.sweep import Task, compute

    from .conftest import atch_game

    # Worked by hand: chomp leaves {batch, hatch, latch, watch}, {catch}, {match}, {patch};
    # MIG guesses each singleton next (2 guesses each) and the four one by one (2, 3, 4, 5),
    # each guess telling apart only itself: TOTAL 20, the worst 5 guesses, one game over 4
    # and two over 3. The default cap, six, leaves the task as older stores recorded it.
    task = Task.make("evaluate", "mig", max_guesses=cap)
    got = compute(task, "chomp", "easy", "tiny", atch_game())
    assert (got["relation"], got["result"]) == ("=", 20)
    assert got["details"] == {"mean": round(20 / 7, 6), "worst": 5, "unfinished": unfinished}
    assert task.parameters == (
        {"policy": "mig"} if cap == 6 else {"max_guesses": cap, "policy": "mig"}
    )


@pytest.mark.parametrize(
    "options, what",
    [
        (["--lists", "original,"], "word lists 'original,'"),
        (["--openers", "salet,"], "openers 'salet,'"),
        (["--modes", "easy,,hard"], "modes 'easy,,hard'"),
    ],
)
def test_an_empty_item_in_a_comma_list_is_refused(tmp_path, capsys, options, what):
    # 'original,' swept the original lists as if the comma were not there (found by the
    # fuzzer): nothing given is dropped without a word
    from wordlekit import cli

    store = tmp_path / "s.sqlite"
    argv = ["sweep", "--store", str(store), "--openers", "salet", *options]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"wordlekit: error: an empty item in {what}; expected names separated by commas"]
    assert not store.exists()
