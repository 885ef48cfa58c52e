"""``wordlekit review``: skill and luck per move, against hand-worked games, the brute-force
reference (tests/reference.py) and the performance-difference identity; its one-line errors."""

from __future__ import annotations

import json
import math
import re

import pytest

from tests import reference
from wordlekit import cli, paths
from wordlekit.consistent import RandomConsistent
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import play
from wordlekit.game import Game, small_game
from wordlekit.policies import make_policy
from wordlekit.review import Reviewer, batch, history_for, parse_game
from wordlekit.words import WordList

ATCH3 = ("catch", "hatch", "patch")


def atch(extra=("phish", "mummy")) -> Game:
    return Game(WordList(ATCH3 + extra, "g"), WordList(ATCH3, "a"))


def test_a_hand_worked_game():
    # catch, hatch, patch as answers; phish splits them, mummy splits nothing. Every guess
    # but mummy costs 6 guesses in all (2.0 each: test_hint's hand-worked case). Answer patch:
    # catch gets bgggg (2 of 3 left, 1.5 each: guess one, then the other), hatch gets bgggg
    # (1 left), patch wins. Lucks: 2 - 1 - 1.5, 1.5 - 1 - 1, 1 - 1 - 0.
    game = atch()
    result = Reviewer(game).review(parse_game(["catch.hatch.patch"], game))
    rows = [
        (m.guess, m.feedback, m.candidates, m.left, m.expected, m.best_expected, m.inaccuracy)
        for m in result.moves
    ]
    assert rows == [
        ("catch", "bgggg", 3, 2, 2.0, 2.0, 0.0),
        ("hatch", "bgggg", 2, 1, 1.5, 1.5, 0.0),
        ("patch", "ggggg", 1, 1, 1.0, 1.0, 0.0),
    ]
    assert [m.luck for m in result.moves] == [-0.5, -0.5, 0.0]
    assert [m.probability for m in result.moves] == [2 / 3, 1 / 2, 1.0]
    assert result.total_inaccuracy == 0.0 and result.total_luck == -1.0 and result.solved
    # guesses played = V(s0) + inaccuracies - lucks: 3 = 2 + 0 + 1
    assert len(result.moves) == 2.0 + result.total_inaccuracy - result.total_luck


def test_a_guess_that_splits_nothing_costs_a_whole_guess():
    # mummy first: 3 + 6 guesses over 3 answers, 3.0 each, against 2.0: inaccuracy 1.0; its
    # feedback bbbbb was certain, so the luck is 3 - 1 - 2 = 0.
    game = atch()
    move = Reviewer(game).review(parse_game(["mummy:bbbbb", "phish:bbbbg"], game)).moves[0]
    assert (move.expected, move.inaccuracy, move.luck, move.probability) == (3.0, 1.0, 0.0, 1.0)


def test_the_cap_as_the_peer_has_it():
    # Two guesses in all: only phish (splitting all three) guarantees them (2.0); catch cannot,
    # so its inaccuracy is infinite; bgggg leaves hatch/patch with one guess: infinitely
    # unlucky, and the next guess's inaccuracy cannot be measured. ggggg after catch makes the
    # game solved: infinitely lucky.
    game = atch()
    reviewer = Reviewer(game, cap=2)
    lost = reviewer.review([("catch", "bgggg"), ("hatch", "bgggg")])
    first, second = lost.moves
    assert first.best_expected == 2.0 and first.best_guesses == ("phish",)
    assert first.inaccuracy == math.inf and first.luck == -math.inf
    assert second.inaccuracy is None and second.luck == -math.inf
    assert lost.total_inaccuracy is None and lost.total_luck is None
    won = reviewer.review([("catch", "ggggg")]).moves[0]
    assert won.inaccuracy == math.inf and won.luck == math.inf
    assert won.to_dict()["inaccuracy"] == "infinity" and won.to_dict()["luck"] == "infinity"
    # One guess in all: nothing keeps the cap, so no inaccuracy is measured; a guess past the
    # cap that finds the answer is infinitely lucky (the game is over, solved).
    late = Reviewer(game, cap=1).review([("catch", "bgggg"), ("hatch", "ggggg")]).moves
    assert [(m.inaccuracy, m.luck) for m in late] == [(None, -math.inf), (None, math.inf)]


def _reference_totals(mode, guesses, state_words, allowed, guess, left):
    """(best, played) totals from the brute force: None where the cap cannot be kept."""
    best = reference.optimal_total(mode, guesses, state_words, allowed, left)
    played = len(state_words)
    for tiles, (cands, allow, _) in reference.children(
        mode, guesses, state_words, allowed, (), guess
    ).items():
        if set(tiles) == {"g"}:
            continue
        sub = reference.optimal_total(mode, guesses, cands, allow, left - 1)
        if sub is None:
            return best, None
        played += sub
    return best, played


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_every_move_against_the_brute_force(mode):
    game = small_game(8, 6, seed=2, mode=mode, suffix="ight")
    reviewer = Reviewer(game, cap=5)
    guesses = list(game.guesses.words)
    for answer in game.answers.words:
        history = play(game, make_policy("mrd"), guesses[0], answer)
        history = [(w, game.format_feedback(int(p))) for w, p in history]
        result = reviewer.review(history)
        state_words, allowed = tuple(game.answers.words), tuple(guesses)
        for move in result.moves:
            best, played = _reference_totals(
                mode, guesses, state_words, allowed, move.guess, 5 - (move.turn - 1)
            )
            assert (move.best_total, move.played_total) == (best, played), (answer, move)
            cands, allowed, _ = reference.children(
                mode, guesses, state_words, allowed, (), move.guess
            )[move.feedback]
            state_words = cands


def test_regrets_add_up_to_the_gap_to_the_optimum():
    # The performance-difference identity: over one game per answer, the regrets of a
    # policy's moves add up to its TOTAL minus the optimal TOTAL (brute force).
    game = small_game(12, 12, seed=5)
    optimum = reference.optimal_total("easy", game.guesses.words, game.answers.words, left=6)
    reviewer = Reviewer(game, alternatives=1)
    for policy in (make_policy("mig"), make_policy("rollout-mig"), RandomConsistent(seed=1)):
        opener = game.guesses[policy.choose(game, game.initial_state())]
        games = [(a, [w for w, _ in play(game, policy, opener, a)]) for a in game.answers.words]
        total = sum(len(g) for _, g in games)
        rows, summary = batch(reviewer, games)
        assert summary["total_regret"] == pytest.approx(total - optimum, abs=1e-9), policy.name
        assert summary["moves"] == total and summary["games"] == len(game.answers)
        assert sum(r["total_regret"] for r in rows) == pytest.approx(total - optimum, abs=1e-5)


def test_the_peer_syntax_and_ours_are_one_game():
    game = atch()
    ours = parse_game(["catch:bgggg", "hatch:bgggg", "patch:ggggg"], game)
    assert parse_game(["catch.bgggg.hatch.bgggg.patch.ggggg"], game) == ours
    assert parse_game(["catch.hatch.patch"], game) == ours
    assert history_for(game, "patch", ["catch", "hatch", "patch"]) == ours


@pytest.mark.parametrize(
    "entries, expected",
    [
        (["catch:bgggg", "zzzzz:bbbbb"], "guess 2 'zzzzz' is not an allowed guess"),
        (["catch:bgqgg"], "feedback 'bgqgg'"),
        (["catch:bgggg", "hatch:ggggg", "patch:bbbbb"], "which solves the game"),
        (["catch:bbbbb"], "no answer is consistent"),
        (["catch.hatch.zzzzz"], "the answer"),
    ],
)
def test_bad_games_are_one_clear_error(entries, expected):
    game = atch()
    with pytest.raises(WordlekitError, match=expected):
        Reviewer(game).review(parse_game(entries, game))


class _Ran:
    def __init__(self, returncode, captured):
        self.returncode, self.stdout, self.stderr = returncode, captured.out, captured.err


@pytest.fixture
def _cli(capsys):
    """``wordlekit review ARGS`` in this process (a subprocess's start-up is most of its time):
    its status, stdout and stderr."""

    def run(*args):
        status = cli.main(["review", *args])
        return _Ran(status, capsys.readouterr())

    return run


@pytest.fixture
def lists(tmp_path):
    (tmp_path / "g.txt").write_text("\n".join(ATCH3 + ("phish", "mummy")) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(ATCH3) + "\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


def test_the_command_prints_a_table_and_json(_cli, lists):
    proc = _cli("catch.bgggg.hatch.bgggg.patch.ggggg", "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert [m["luck"] for m in summary["moves"]] == [-0.5, -0.5, 0.0]
    assert summary["total_inaccuracy"] == 0.0 and "inaccuracy" in proc.stdout


def test_hard_mode_breaks_are_one_line(_cli, lists):
    proc = _cli("phish:bbbbg", "mummy:bbbbb", "--mode", "hard", *lists)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "not allowed in hard mode" in proc.stderr


@pytest.mark.parametrize("baseline", ["", "migg"])
def test_an_unknown_baseline_is_one_line(_cli, lists, baseline):
    # --baseline= (empty) was taken as no baseline and the review ran (found by the fuzzer)
    proc = _cli("catch.bgggg.hatch.bgggg.patch.ggggg", f"--baseline={baseline}", *lists)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert f"unknown policy '{baseline}'" in proc.stderr


def test_batch_reads_json_lines(_cli, lists, tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(
        '{"answer": "patch", "guesses": ["catch", "hatch", "patch"]}\n\n'
        '{"answer": "catch", "guesses": ["mummy", "catch"]}\n'
    )
    proc = _cli("--batch", str(path), *lists)
    assert proc.returncode == 0, proc.stderr
    *games, last = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [g["regrets"] for g in games] == [[0.0, 0.0, 0.0], [1.0, 0.0]]
    assert last["summary"]["share_optimal"] == 0.8 and last["summary"]["moves"] == 5
    path.write_text('{"answer": "patch"}\n')
    proc = _cli("--batch", str(path), *lists)
    assert proc.returncode == 2 and "line 1" in proc.stderr and proc.stderr.count("\n") == 1


def test_the_guides_scored_agents_print_what_the_guide_says(capsys):
    # The guide's example (docs/guide.md, "agents scored by their regret"): each print is
    # followed by a comment holding what it prints, and each policy's regrets add up to its
    # TOTAL's gap to the optimum (the identity, checked against the brute force above).
    text = (paths.REPO_ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    section = text[text.index("agents scored by their regret") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code, "guide.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed == [line[2:] for line in code.splitlines() if line.startswith("# ")]
    optimum = int(printed[0].split()[-1])
    for line in printed[1:]:
        total, regret = re.search(r"TOTAL (\d+), regrets sum to (\S+),", line).groups()
        assert float(regret) == pytest.approx(int(total) - optimum, abs=1e-4), line
