"""Many boards (wordlekit.boards, wordlekit.lifted): the model, its secrets and its heuristics
against every secret played as its own game in plain Python (tests/reference.py)."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from wordlekit import evaluate, get_heuristic
from wordlekit.boards import Boards, board_count
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import count_guesses
from wordlekit.game import Game, small_game
from wordlekit.lifted import Lifted
from wordlekit.words import WordList

from . import reference


def tiny(n_answers=7, n_extra=5, seed=3):
    return small_game(n_answers, n_extra, seed)


def test_names_and_counts():
    assert [board_count(x) for x in ("dordle", "quordle", "octordle", "sedecordle", "3")] == [
        2,
        4,
        8,
        16,
        3,
    ]
    for bad in ("0", "65", "two", "2.5", None):
        with pytest.raises(WordlekitError, match="number of boards"):
            board_count(bad)


def test_the_secrets_are_the_ordered_tuples_of_distinct_answers():
    game = tiny()
    for n in (1, 2, 3):
        boards = Boards(game, n)
        tuples = list(itertools.permutations(range(len(game.answers)), n))
        assert boards.n_secrets == len(tuples)
        # lexicographic numbering, both ways
        assert [boards.rank(t) for t in tuples] == list(range(len(tuples)))
        assert [boards.unrank(i) for i in range(len(tuples))] == tuples
        state = boards.initial_state()
        assert boards.mass(state) == len(tuples)
        assert boards.secrets(state).tolist() == list(range(len(tuples)))


def test_children_partition_the_secrets_by_their_feedback():
    # every secret of a state goes to the child of its own feedback, and nowhere else
    game = tiny()
    boards = Boards(game, 2)
    state = boards.initial_state()
    for guess in (0, 3, len(game.guesses) - 1):
        children = boards.children(state, guess)
        seen = []
        for feedback, child in children:
            secrets = boards.secrets(child).tolist()
            assert len(secrets) == boards.mass(child) > 0
            for s in secrets:
                assert boards.feedback(state, guess, s) == feedback
            seen += secrets
        assert sorted(seen) == list(range(boards.n_secrets))
        assert [f for f, _ in children] == sorted(f for f, _ in children)


def test_one_board_is_wordle_exactly():
    game = small_game(40, 30, 2)
    for name in ("mig", "mrd", "gep"):
        wordle = evaluate(game, get_heuristic(name), game.guesses[0])
        one = evaluate(Boards(game, 1), Lifted(name), game.guesses[0])
        assert one.answers == wordle.answers
        assert one.guesses_per_answer.tolist() == wordle.guesses_per_answer.tolist()


@pytest.mark.parametrize("name", ["mig", "mrd", "gep"])
@pytest.mark.parametrize("n, size", [(2, (9, 6, 4)), (3, (6, 4, 5))])
def test_lifted_heuristics_against_plain_python(name, n, size):
    game = small_game(*size)
    opener = game.guesses[1]
    expected = reference.boards_play(
        reference.boards_heuristic(name, list(game.guesses)), list(game.answers), n, opener
    )
    boards = Boards(game, n)
    result = evaluate(boards, Lifted(name), opener)
    got = {
        tuple(game.answers[a] for a in boards.unrank(i)): int(g)
        for i, g in enumerate(result.guesses_per_answer)
    }
    assert got == expected
    # the counts without a count per secret: the same distribution
    counted = count_guesses(boards, Lifted(name), opener, boards.max_guesses)
    assert counted.total == sum(expected.values())
    assert counted.distribution == result.distribution


def test_bad_input_is_one_clear_error():
    game = tiny()
    with pytest.raises(WordlekitError, match="easy mode"):
        Boards(game.with_mode("hard"), 2)
    with pytest.raises(WordlekitError, match="at most 7 boards"):
        Boards(game, 8)
    boards = Boards(game, 2)
    a, b = game.answers[:2]
    with pytest.raises(WordlekitError, match="given for two boards"):
        boards.secret_of([a, a])
    with pytest.raises(WordlekitError, match="one per board"):
        boards.secret_of([a])
    with pytest.raises(WordlekitError, match="expected 2 patterns"):
        boards.parse_feedback("gggbb")
    assert boards.format_feedback(boards.parse_feedback("gybbb,bbbbg")) == "gybbb,bbbbg"
    with pytest.raises(WordlekitError, match="no version for many boards"):
        Lifted("gep-published")


def test_boards_with_a_shared_set_have_distinct_answers():
    # Three answers, two boards: after a guess that gives both boards the same feedback, the
    # boards share one set, and the secrets are its ordered pairs of distinct answers.
    guesses = WordList(("aaaaa", "bbbbb", "ccccc", "zzzzz"), "g")
    answers = WordList(("aaaaa", "bbbbb", "ccccc"), "a")
    boards = Boards(Game(guesses, answers), 2)
    (_, child), *_ = boards.unsolved_children(boards.initial_state(), 3)  # zzzzz: all grey
    assert boards.mass(child) == 6 and len(boards.secrets(child)) == 6
    # a guess of one answer: both boards green is no child (the answers are distinct)
    feedbacks = [boards.format_feedback(f) for f, _ in boards.children(child, 0)]
    assert "ggggg,ggggg" not in feedbacks and "ggggg,bbbbb" in feedbacks


def test_sampled_secrets_are_seeded_and_distinct():
    boards = Boards(small_game(30, 10, 1), 3)
    state = boards.initial_state()
    one = boards.sample_secrets(state, 50, seed=4)
    assert len(set(one.tolist())) == 50 and list(one) == sorted(one)
    assert np.array_equal(one, boards.sample_secrets(state, 50, seed=4))
    assert not np.array_equal(one, boards.sample_secrets(state, 50, seed=5))
    assert all(len(set(boards.unrank(int(s)))) == 3 for s in one)


def _lists(tmp_path, game):
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("".join(w + "\n" for w in game.answers))
    guesses.write_text("".join(w + "\n" for w in game.guesses))
    return ["--answers", str(answers), "--guesses", str(guesses)]


def test_cli_evaluates_dordle_exactly_and_by_sample(tmp_path, capsys):
    from wordlekit import cli

    game = small_game(9, 6, 4)
    opener = game.guesses[1]
    expected = reference.boards_play(
        reference.boards_heuristic("mig", list(game.guesses)), list(game.answers), 2, opener
    )
    lists = _lists(tmp_path, game)
    assert cli.main(["evaluate", "--boards", "dordle", "--opener", opener, "--json", *lists]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["total"] == sum(expected.values()) and summary["games"] == 72 == len(expected)
    assert summary["max_guesses"] == 7 and summary["method"] == "exact"
    # a sample of 20 of the 72 secrets: each plays as it does in the exact count
    args = ["evaluate", "--boards", "2", "--opener", opener, "--games", "20", "--json", *lists]
    assert cli.main([*args, "--seed", "3"]) == 0
    sample = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert sample["games"] == 20 and sample["method"] == "sample"
    low, high = sample["ci95"]
    assert low < sample["mean"] < high
    assert min(expected.values()) * 20 <= sample["total"] <= max(expected.values()) * 20


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--boards", "0"], "argument --boards: '0': expected a whole number from 1 to 64"),
        (["--boards", "2", "--mode", "hard"], "--boards is played in easy mode"),
        (["--boards", "2", "--policy", "gep-published"], "unknown policy 'gep-published'"),
        (["--boards", "2", "--per-answer", "x.csv"], "--per-answer and --boards"),
        (["--games", "5"], "--games samples secrets of many boards"),
        (["--boards", "quordle"], "too many to count exactly"),
    ],
)
def test_cli_bad_boards_input_is_one_line_and_status_2(extra, message):
    from .test_cli import run

    proc = run("evaluate", "--opener", "salet", *extra)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("wordlekit: error: ") and message in proc.stderr
    assert len(proc.stderr.splitlines()) == 1


def test_cli_hint_and_play_on_two_boards(tmp_path, capsys):
    from wordlekit import cli

    game = small_game(9, 6, 4)
    lists = _lists(tmp_path, game)
    boards = Boards(game, 2)
    opener = game.guesses[1]
    first, second = [i for i, w in enumerate(game.answers) if w != opener][:2]
    secret = boards.rank((first, second))
    feedback = boards.format_feedback(boards.feedback(boards.initial_state(), 1, secret))
    expected_sets = [
        [a for a in game.answers if reference.feedback(opener, a) == tiles]
        for tiles in feedback.split(",")
    ]
    args = ["hint", "--boards", "2", "--policy", "mig", f"{opener}:{feedback}", "--json", *lists]
    assert cli.main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("candidates left (dordle, easy mode")
    for board, words in enumerate(expected_sets, start=1):
        assert out[board].startswith(f"  board {board}: {len(words)} candidate")
    # a wrong number of boards in a feedback: one line, status 2
    assert cli.main(["hint", "--boards", "2", f"{opener}:bbbbb", *lists]) == 2
    assert "expected 2 patterns separated by commas" in capsys.readouterr().err


def test_a_secret_is_typed_one_answer_per_board():
    game = small_game(9, 6, 4)
    boards = Boards(game, 2)
    a, b = game.answers[2], game.answers[7]
    assert boards.secret_name(boards.secret_index(f" {a.upper()} + {b} ")) == f"{a}+{b}"
    with pytest.raises(WordlekitError, match="given for two boards"):
        boards.secret_index(f"{a}+{a}")
    state = boards.state_after(
        [
            (
                game.guesses[0],
                boards.format_feedback(
                    boards.feedback(boards.initial_state(), 0, boards.secret_index(f"{a}+{b}"))
                ),
            )
        ]
    )
    assert boards.rank((2, 7)) in boards.secrets(state).tolist()


def test_the_two_board_kernel_against_plain_python():
    from wordlekit import _kernels

    rng = np.random.default_rng(5)
    for _ in range(200):
        n = int(rng.integers(1, 30))
        a, b = rng.integers(0, 4, n) / 2, rng.integers(0, 4, n) / 4  # many exact ties
        a_nothing, b_nothing = rng.random(n) < 0.4, rng.random(n) < 0.4
        live = [i for i in range(n) if not (a_nothing[i] and b_nothing[i])]
        expected = min(live, key=lambda i: (a[i] + b[i], i)) if live else -1
        assert _kernels.first_least_sum(a, a_nothing, b, b_nothing) == expected


def test_cli_proves_the_dordle_optimum_of_small_lists(tmp_path, capsys):
    from wordlekit import cli

    game = small_game(6, 4, 7)
    expected = reference.boards_optimal_total(list(game.guesses), list(game.answers), 2)
    lists = _lists(tmp_path, game)
    assert cli.main(["optimal", "--boards", "2", "--json", *lists]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["total"] == expected and summary["opener_proved_best"]
    assert summary["secrets"] == 30 and summary["max_guesses"] == 7


def test_the_panel_draws_the_boards_tiles_side_by_side():
    from wordlekit.widgets import tiles_html

    one = tiles_html("salet", "gybbb")
    two = tiles_html("salet", "gybbb,bbbbg")
    assert two.count("<span") == 2 * one.count("<span") + 1  # ten tiles and one gap
    assert two.count("background:") == 10 and "S</span>" in two
    assert "<code>" in tiles_html("salet", "gybbb,2B")  # not tiles: text
