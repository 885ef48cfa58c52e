"""hint and play: candidates and suggestions checked against plain Python, every error path."""

import json
import subprocess
import sys

import pytest

from wordlekit import Game, WordlekitError, WordList, paths
from wordlekit.game import small_game
from wordlekit.hint import OPTIMAL, OPTIMAL_MAX, hint, parse_history
from wordlekit.policies import make_policy

from . import reference
from .test_cli import run


def consistent(history, answers):
    """Answers that give every (guess, tiles) of the history: plain-Python filtering."""
    return [a for a in answers if all(reference.feedback(g, a) == t for g, t in history)]


def test_candidates_are_the_consistent_answers(original):
    history = [("salet", "bybbb"), ("crony", "bgbbb")]
    result = hint(original, make_policy("mig"), history)
    assert list(result.candidates) == consistent(history, list(original.answers))


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_expected_guesses_are_exact_under_the_policy(mode):
    game = small_game(40, 30, 61, mode)
    guesses, answers = list(game.guesses), list(game.answers)
    opener = guesses[0]
    tiles = reference.feedback(opener, answers[5])
    history = [(opener, tiles)]
    result = hint(game, make_policy("mig"), history, count=5)
    cands = tuple(consistent(history, answers))
    allowed = tuple(reference.allowed_after(mode, guesses, history))
    assert result.candidates == cands
    expected = [s.expected for s in result.suggestions]
    assert expected == sorted(expected)
    for word, e, is_candidate, _ in result.suggestions:
        assert word in allowed  # consistent with the mode
        assert is_candidate == (word in cands)
        groups = reference.children(mode, guesses, cands, allowed, tuple(history), word)
        total = len(cands) + sum(
            reference.base_total("mig", mode, guesses, c, a)
            for t, (c, a, _) in groups.items()
            if set(t) != {"g"}
        )
        assert e == pytest.approx(total / len(cands))


def test_one_candidate_left_is_the_only_suggestion(original):
    answers = list(original.answers)
    for answer in answers:
        history = [(g, reference.feedback(g, answer)) for g in ("salet", "crony")]
        if consistent(history, answers) == [answer]:
            break
    result = hint(original, make_policy("mig"), history)
    assert result.candidates == (answer,) and result.suggestions == ((answer, 1.0, True, 1.0),)


def test_hint_json_last_line():
    proc = run("hint", "salet:bybbb", "--policy", "mig", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert summary["candidates"] == len(
        consistent([("salet", "bybbb")], list(Game.original().answers))
    )
    assert (
        summary["suggestions"] and {"guess", "expected_guesses"} <= summary["suggestions"][0].keys()
    )


def test_hint_labels_its_column_and_the_policys_own_pick():
    # The column is the expectation with the policy playing on; the policy's own pick (by its
    # own estimate) is named on its row, wherever it ranks, and agrees with --json's choice.
    proc = run("hint", "salet:bybbb", "--policy", "mig", "--suggestions", "10", "--json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[1] == (
        "best next guesses: expected guesses still needed (this one included) if mig plays "
        "every later guess"
    )
    assert lines[2].split() == ["guess", "expected"]
    picked = [line.split()[0] for line in lines[3:-1] if "mig plays this now" in line]
    assert picked == [json.loads(lines[-1])["choice"]]
    column = [float(line.split()[1]) for line in lines[3:-1]]
    assert column == sorted(column)


@pytest.mark.parametrize(
    "args, message",
    [
        (["salet:bybb"], "entry 1 'salet:bybb': feedback 'bybb' has 4 tiles; expected 5"),
        (["salet:bxbbb"], "entry 1 'salet:bxbbb': feedback 'bxbbb' has tile 'x'"),
        (["salet"], "entry 1 'salet': expected GUESS:FEEDBACK"),
        (["salet:bybbb", "qqqqq:bbbbb"], "guess 2 'qqqqq' is not an allowed guess"),
        (["sale:bybbb"], "guess 1 'sale' has 4 letters; expected a 5-letter word"),
        (
            ["salet:gbbbb", "crony:bbbbb", "--mode", "hard"],
            "guess 2 'crony' is not allowed in hard mode",
        ),
        (
            ["salet:ggggg"],
            "no answer is consistent with guess 1 'salet' getting ggggg",
        ),  # not an answer
        (["crane:ggggg", "slate:bbbbb"], "no answer is consistent with guess 2 'slate'"),
        (["salet:bbbbb", "crane:yyyyy"], "no answer is consistent with guess 2 'crane'"),
        (["crane:ggggg"], "already solved by 'crane'"),
        (["--policy", "best"], "unknown policy 'best'"),
    ],
)
def test_hint_errors_are_one_line_with_status_2(args, message):
    proc = run("hint", *args)
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_parse_history_accepts_digits_and_dashes(original):
    assert parse_history(["salet:21-0b"], original) == [("salet", "21-0b")]


def play(stdin, *args):
    return subprocess.run(
        [sys.executable, "-m", "wordlekit", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=600,
    )


def test_play_a_game_to_the_end(tmp_path):
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("catch\n")
    lists = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    proc = play("zzzzz\nbatch\ncatch\n", "--seed", "3", "--hints", "--policy", "mig", *lists)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "'zzzzz' is not an allowed guess" in out and "try again" in out
    assert "batch  bgggg" in out and "hint: catch" in out and "solved in 2" in out
    # each prompt says which guess of the six it is; the rejected word does not count
    assert [line.split(":")[0] for line in out.splitlines() if line.startswith("guess ")] == [
        "guess 1 of 6",
        "guess 1 of 6",
        "guess 2 of 6",
    ]


def test_play_gives_up_at_end_of_input(tmp_path):
    proc = play("", "--seed", "1")
    assert proc.returncode == 0 and "the answer was" in proc.stdout
    again = play("", "--seed", "1")
    assert again.stdout == proc.stdout  # the seed decides the answer


def test_among_equal_values_a_candidate_comes_first():
    # Hand-worked: candidates catch, hatch, patch; phish splits all three (1 + 1 + 1 more
    # guesses), each candidate wins at once or leaves the other two, which its list-first
    # member splits (2 + 1): every guess costs 6 guesses in all, 2.0 each. MIG plays phish (the
    # most information), the candidates go first among the equal values.
    game = Game(WordList(("catch", "hatch", "patch", "phish"), "g"), WordList(ATCH3, "a"))
    for policy in (make_policy("mig"), OPTIMAL):
        result = hint(game, policy, [], count=4)
        assert [(s.guess, s.expected, s.candidate) for s in result.suggestions] == [
            ("catch", 2.0, True),
            ("hatch", 2.0, True),
            ("patch", 2.0, True),
            ("phish", 2.0, False),
        ]
    assert hint(game, make_policy("mig"), []).choice == "phish"


ATCH3 = ("catch", "hatch", "patch")
IGHT = ("fight", "light", "might", "night", "right", "sight", "tight", "wight")


@pytest.mark.parametrize("policy", ["mig", OPTIMAL])
def test_the_chance_of_solving_within_the_cap(policy):
    # Hand-worked: after four -ight guesses, four candidates that only guessing tells apart and
    # two guesses left. Guessing one finds the answer in 1, 2, 3 or 4 more guesses (2.5 on
    # average), within the six in all for two of the four (50%); guessing fight again wastes
    # the fifth (3.5, one of four within six, 25%). No strategy does better (exact play too).
    game = Game(WordList(IGHT, "g"), WordList(IGHT, "a"))
    history = [(w, "bgggg") for w in IGHT[:4]]
    result = hint(game, policy if policy == OPTIMAL else make_policy(policy), history, count=5)
    rows = [(s.guess, s.expected, s.chance) for s in result.suggestions]
    assert rows[:4] == [(w, 2.5, 0.5) for w in IGHT[4:]]
    if policy == OPTIMAL:  # mig ranks only the guesses that split
        assert rows[4] == ("fight", 3.5, 0.25)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_optimal_suggestions_are_the_exact_best(mode):
    # Every allowed guess valued by exhaustive search in plain Python (reference.optimal_total)
    # after eight -ight words are left: within the four guesses left after it where some
    # strategy solves every candidate so, else with no cap (the optimal policy's definition).
    # The suggestions are the five smallest values, in order, candidates first among equals.
    game = small_game(9, 30, 2, mode, suffix="ight")  # conftest.SMALL_GAMES' -ight game
    guesses, answers = list(game.guesses), list(game.answers)
    history = [(answers[0], reference.feedback(answers[0], answers[1]))]
    cands = tuple(consistent(history, answers))
    allowed = tuple(reference.allowed_after(mode, guesses, history))
    values = []
    for u in allowed:
        groups = reference.children(mode, guesses, cands, allowed, tuple(history), u)
        unsolved = [(c, a) for t, (c, a, _) in groups.items() if set(t) != {"g"}]
        subs = [reference.optimal_total(mode, guesses, c, a, left=4) for c, a in unsolved]
        if None in subs:
            subs = [reference.optimal_total(mode, guesses, c, a) for c, a in unsolved]
        values.append((len(cands) + sum(subs), u not in cands, u))
    values.sort()
    result = hint(game, OPTIMAL, history, count=5)
    got = [(s.expected * len(cands), not s.candidate) for s in result.suggestions]
    assert got == [pytest.approx((v, c)) for v, c, _ in values[:5]]
    assert result.choice in {u for v, _, u in values if v == values[0][0]}
    # Hand-worked chance: in easy mode a guess outside -ight splits the eight and each is found
    # within six; in hard mode only -ight words may follow, each telling apart only itself, so
    # the eight are found at guesses 2 to 9, five of eight within six.
    chance = {"easy": 1.0, "hard": 5 / 8}[mode]
    assert [s.chance for s in result.suggestions] == [chance] * 5


def test_hint_optimal_shows_the_chance_column(tmp_path):
    words = tmp_path / "ight.txt"
    words.write_text("\n".join(IGHT) + "\n")
    lists = ["--guesses", str(words), "--answers", str(words)]
    history = [f"{w}:bgggg" for w in IGHT[:4]]
    proc = run("hint", *history, *lists, "--policy", OPTIMAL, "--json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[2].split() == ["guess", "expected", "within", "6"]
    assert lines[3].split()[:3] == ["right", "2.5000", "50.0%"]
    assert lines[-2].startswith("within 6: the chance that the answer is found within 6 guesses")
    assert json.loads(lines[-1])["suggestions"][0]["chance_within_cap"] == 0.5


def test_hint_optimal_refuses_a_state_too_large_for_exact_search():
    proc = run("hint", "--policy", OPTIMAL)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == (
        "wordlekit: error: policy 'optimal' searches every guess exactly: 2315 candidates are "
        f"left, expected at most {OPTIMAL_MAX} (give more of the history, or a heuristic)"
    )


def test_play_replays_a_given_answer(tmp_path):
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("catch\npatch\n")
    lists = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    for answer, tiles in (("patch", "bgggg"), ("PATCH ", "bgggg"), ("catch", "bgggg")):
        proc = play("batch\n" + answer.strip().lower() + "\n", "--answer", answer, *lists)
        assert proc.returncode == 0, proc.stderr
        assert f"batch  {tiles}" in proc.stdout and "solved in 2" in proc.stdout
        assert "the answer given by --answer" in proc.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--answer", "qqqqq"], "--answer 'qqqqq' is not one of the game's 2315 answers"),
        (["--answer", "aahed"], "--answer 'aahed' is not one of the game's 2315 answers"),
        (
            ["--answer", "crane", "--seed", "3"],
            "argument --seed: not allowed with argument --answer",
        ),
    ],
)
def test_play_answer_errors_are_one_line_with_status_2(args, message):
    proc = play("", *args)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_policy_name_other_than_optimal_is_one_clear_error():
    with pytest.raises(WordlekitError, match="policy 'mig': expected 'optimal' or a policy obj"):
        hint(Game(WordList(IGHT, "g"), WordList(IGHT, "a")), "mig", [])
