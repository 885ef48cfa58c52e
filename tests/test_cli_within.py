"""``wordlekit within D`` on a small game, in easy and hard mode, against brute force: the least
worst case from any first guess (``reference.least_worst``) and each opener's
(``test_objectives.brute_force_worst``, the same reference after the opener); the strategy it
writes with --tree, replayed by ``evaluate --tree``, finds every answer within D."""

import json

import pytest

from wordlekit.game import small_game

from . import reference
from .test_cli import run
from .test_objectives import brute_force_worst

GAME = (9, 6, 42, "ight")  # small_game(answers, other guesses, seed, suffix), as test_minimax


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    folder = tmp_path_factory.mktemp("within")
    game = small_game(*GAME[:3], suffix=GAME[3])
    (folder / "g.txt").write_text("".join(w + "\n" for w in game.guesses))
    (folder / "a.txt").write_text("".join(w + "\n" for w in game.answers))
    return game, ["--guesses", str(folder / "g.txt"), "--answers", str(folder / "a.txt")]


def summary(*args) -> dict:
    proc = run(*args, "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_within_from_any_first_guess_and_its_tree(lists, mode, tmp_path):
    game, files = lists
    least = reference.least_worst(mode, list(game.guesses), list(game.answers))
    below = summary("within", str(least - 1), "--mode", mode, *files)
    assert below["within"] is False and below["first"] is None
    tree = tmp_path / "within.json"
    at = summary("within", str(least), "--mode", mode, "--tree", str(tree), *files)
    assert at["within"] is True and at["first"] in game.guesses
    replay = summary(
        "evaluate", "--tree", str(tree), "--mode", mode, "--max-guesses", str(least), *files
    )
    assert replay["unfinished"] == 0 and replay["worst"] <= least
    assert sum(replay["distribution"].values()) == len(game.answers)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_within_per_opener_against_brute_force(lists, mode):
    game, files = lists
    worst = {w: brute_force_worst(game.with_mode(mode), w) for w in game.guesses}
    d = min(worst.values())
    rows = summary("within", str(d), "--mode", mode, "--openers", "all", *files)["openers"]
    assert [r["opener"] for r in rows] == list(game.guesses)
    assert {r["opener"]: r["within"] for r in rows} == {w: worst[w] <= d for w in worst}
    # a seeded sample of them, in list order, answers the same
    sample = summary(
        "within",
        str(d),
        "--mode",
        mode,
        "--openers",
        "all",
        "--sample",
        "4",
        "--seed",
        "3",
        *files,
    )["openers"]
    assert len(sample) == 4 and all(r["within"] == (worst[r["opener"]] <= d) for r in sample)
    assert [r["opener"] for r in sample] == [
        w for w in game.guesses if w in {r["opener"] for r in sample}
    ]


def test_a_refused_opener_writes_no_tree(lists, tmp_path):
    game, files = lists
    worst = {w: brute_force_worst(game, w) for w in game.guesses}
    opener = max(worst, key=worst.get)
    tree = tmp_path / "none.json"
    proc = run("within", str(worst[opener] - 1), "--openers", opener, "--tree", str(tree), *files)
    assert proc.returncode == 0, proc.stderr
    assert f"{opener}: not within {worst[opener] - 1}" in proc.stdout and not tree.exists()
