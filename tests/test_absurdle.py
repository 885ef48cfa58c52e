"""Absurdle: the adversary and the shortest win against brute force on small games
(``reference.absurdle_response``, ``reference.absurdle_shortest``), the model on the seam, and
the command line."""

import json

import numpy as np
import pytest

from wordlekit import WordlekitError, evaluate
from wordlekit.absurdle import Absurdle
from wordlekit.absurdle_search import prove_depth, shortest_win, winning_second_guesses
from wordlekit.contracts import Model, Playable
from wordlekit.game import small_game

from . import reference
from .test_cli import run
from .test_cli_inputs import main, one_line

MODES = ["easy", "hard", "strict"]
GAMES = [(12, 10, 51, ""), (9, 6, 52, "ight"), (8, 8, 53, "ake"), (20, 20, 54, "")]


@pytest.mark.parametrize("n_answers, n_extra, seed, suffix", GAMES)
def test_the_adversary_keeps_the_largest_bucket_as_the_rules_say(n_answers, n_extra, seed, suffix):
    model = Absurdle(small_game(n_answers, n_extra, seed, suffix=suffix))
    rng = np.random.default_rng(seed)
    guesses = list(model.guesses)
    for _ in range(30):  # random states along random games
        state = model.initial_state()
        for guess in rng.choice(len(guesses), size=3).tolist():
            words = [model.answers[i] for i in state.candidates]
            want = reference.absurdle_response(guesses[guess], words)
            got = model.response(state, guess)
            assert model.format_feedback(got) == want, (guesses[guess], words)
            state = model.children(state, guess)[0][1]
            assert [model.answers[i] for i in state.candidates] == [
                w for w in words if reference.feedback(guesses[guess], w) == want
            ]
            if model.is_finished(state):
                break


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n_answers, n_extra, seed, suffix", GAMES)
def test_shortest_win_equals_brute_force(mode, n_answers, n_extra, seed, suffix):
    model = Absurdle(small_game(n_answers, n_extra, seed, mode, suffix=suffix))
    want = reference.absurdle_shortest(mode, list(model.guesses), list(model.answers))
    if want is None:
        with pytest.raises(WordlekitError, match="no win within 6 guesses"):
            shortest_win(model, longest=6)
        return
    proofs = shortest_win(model, longest=6)
    assert len(proofs) == want
    assert [p.line is None for p in proofs] == [True] * (want - 1) + [False]
    line = proofs[-1].line
    # the line wins when played against the model, and every guess obeys the mode
    state = model.initial_state()
    for guess in line:
        assert model.broken_rule(state, guess) is None
        state = model.children(state, guess)[0][1]
    assert model.is_finished(state) and state.turn == want


def test_a_tiny_game_by_hand():
    # batch, catch, patch: one guess never wins (three words are left to the adversary).
    # bicep splits them perfectly (batch gbybb, catch bbybb, patch bbyby), so the adversary
    # keeps one word, catch by the tie rule (no green, one yellow), and the second guess names
    # it: the shortest win takes two guesses.
    from wordlekit.game import Game
    from wordlekit.words import WordList

    game = Game(
        WordList(("batch", "bicep", "catch", "patch"), "g"),
        WordList(("batch", "catch", "patch"), "a"),
    )
    model = Absurdle(game)
    proofs = shortest_win(model)
    assert [p.line for p in proofs] == [None, (1, 2)]  # bicep, catch
    assert model.format_feedback(model.response(model.initial_state(), 1)) == "bbybb"


def test_absurdle_is_a_model_of_the_seam_and_evaluate_counts_its_guesses():
    model = Absurdle(small_game(12, 10, 51))
    assert isinstance(model, Model) and isinstance(model, Playable)
    line = shortest_win(model, longest=6)[-1].line

    class Line:
        name = "line"

        def choose(self, game, state):
            return line[state.turn]

    result = evaluate(model, Line(), model.guesses[line[0]])
    assert result.total == len(line) and result.worst == len(line)


def test_a_history_the_adversary_would_not_give_is_refused():
    model = Absurdle(small_game(12, 10, 51))
    guess = model.guesses[0]
    given = model.format_feedback(model.response(model.initial_state(), 0))
    assert model.state_after([(guess, given)]).turn == 1
    other = "ggggg" if given != "ggggg" else "bbbbb"
    with pytest.raises(WordlekitError, match=f"Absurdle answers {given}, not {other}"):
        model.state_after([(guess, other)])


def test_winning_second_guesses_are_four_guess_wins():
    model = Absurdle(small_game(20, 20, 54))
    root = model.initial_state()
    for opener in range(5):
        for second, third in winning_second_guesses(model, opener):
            state = model.children(root, opener)[0][1]
            state = model.children(state, second)[0][1]
            state = model.children(state, third)[0][1]
            assert len(state.candidates) == 1


def test_prove_depth_counts_every_first_guess():
    model = Absurdle(small_game(20, 20, 54))
    proof = prove_depth(model, 2)
    assert proof.bounded + proof.scanned <= len(model.guesses)


def test_cli_optimal_and_play_absurdle(tmp_path):
    (tmp_path / "g.txt").write_text("batch\nbicep\ncatch\npatch\n")
    (tmp_path / "a.txt").write_text("batch\ncatch\npatch\n")
    lists = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    proc = run("optimal", "--game", "absurdle", "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert summary["line"] == ["bicep", "catch"] and summary["guesses"] == 2
    assert [p["guesses"] for p in summary["impossible"]] == [1]
    proc = run_with_input(["play", "--game", "absurdle", *lists], "\n".join(summary["line"]))
    assert proc.returncode == 0 and "solved in 2" in proc.stdout, proc.stdout


def run_with_input(args, text):
    import subprocess
    import sys

    from wordlekit import paths

    return subprocess.run(
        [sys.executable, "-m", "wordlekit", *args],
        input=text + "\n",
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=600,
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["optimal", "--objective", "mean"], "--objective mean and --game absurdle"),
        (["optimal", "--opener", "salet"], "--opener and --game absurdle"),
        (["optimal", "--boards", "2"], "--game absurdle and --boards"),
        (["play", "--answer", "cigar"], "--answer, --seed and --hints with --game absurdle"),
        (["evaluate", "--opener", "salet"], "--game absurdle is played by optimal and play"),
    ],
)
def test_cli_absurdle_bad_input_is_one_line(capsys, args, message):
    status, _, err = main(capsys, *args, "--game", "absurdle")
    assert status == 2
    one_line(err, message)
