"""Exact policy evaluation: hand-worked totals, the reference, and the published targets."""

import csv
from collections import Counter

import numpy as np
import pytest

from wordlekit import PolicyValues, State, evaluate, get_heuristic, paths
from wordlekit.game import small_game

from . import reference
from .conftest import SMALL_GAMES, atch_game
from .test_heuristics import NAMES, batch_game


def published(table: str) -> dict:
    with open(paths.REFERENCE_DIR / table) as f:
        return {row["opener"]: row for row in csv.DictReader(f)}


def test_hand_worked_totals_on_the_batch_game():
    game = batch_game()
    # From bicep every answer is known after guess 1: 2 + 2 + 2.
    assert evaluate(game, get_heuristic("mig"), "bicep").total == 6
    # From batch: batch in 1; MIG then plays bicep (non-candidate): catch 3, patch 3.
    result = evaluate(game, get_heuristic("mig"), "batch")
    assert result.guesses_per_answer.tolist() == [1, 3, 3]
    assert result.distribution == {1: 1, 2: 0, 3: 2} and result.worst == 3
    assert result.unfinished == 0 and result.max_guesses == 6
    # MRD prefers the candidate catch: catch 2, patch 3.
    assert evaluate(game, get_heuristic("mrd"), "batch").guesses_per_answer.tolist() == [1, 2, 3]
    # Hard mode forbids bicep after b g g g g, so MIG must play catch too.
    assert evaluate(game.with_mode("hard"), get_heuristic("mig"), "batch").total == 6


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_evaluation_matches_reference(mode, spec):
    game = small_game(**spec, mode=mode)
    guesses, answers = list(game.guesses), list(game.answers)
    for name in NAMES:
        for opener in [guesses[0], answers[len(answers) // 2]]:
            got = evaluate(game, get_heuristic(name), opener).guesses_per_answer.tolist()
            want = reference.evaluate(
                reference.heuristic_policy(name, mode), mode, guesses, answers, opener
            )
            assert got == want, (name, opener)


def test_policy_values_agree_with_the_tree_walk(original):
    mig = get_heuristic("mig")
    values = PolicyValues(original, mig)
    state = original.initial_state()
    salet = original.guess_index("salet")
    total = len(state) + sum(
        values.total(c) for p, c in original.children(state, salet) if p != original.solved
    )
    assert total == evaluate(original, mig, "salet").total


def test_mig_salet_matches_published_totals(original):
    # Published 3.6108 (easy) and 3.6078 (hard column, computed under the strict rule):
    # 8359 and 8352 out of 2315 games, give or take the original's tie-breaking.
    assert abs(evaluate(original, get_heuristic("mig"), "salet").total - 8359) <= 3
    assert (
        abs(evaluate(original.with_mode("strict"), get_heuristic("mig"), "salet").total - 8352) <= 3
    )


@pytest.mark.slow
def test_mig_every_table1_opener_within_0_003_of_published(original):
    rows = published("rollout_paper_table1.csv")
    mig = get_heuristic("mig")
    strict = original.with_mode("strict")
    for opener, row in rows.items():
        easy_mean = evaluate(original, mig, opener).mean
        strict_mean = evaluate(strict, mig, opener).mean
        assert easy_mean == pytest.approx(float(row["easy_mig"]), abs=0.003), opener
        assert strict_mean == pytest.approx(float(row["hard_mig"]), abs=0.003), opener


def test_mrd_and_published_gep_salet_strict(original):
    row = published("rollout_paper_table2.csv")["salet"]
    strict = original.with_mode("strict")
    mrd = evaluate(strict, get_heuristic("mrd"), "salet").mean
    gep_published = evaluate(strict, get_heuristic("gep-published"), "salet").mean
    assert mrd == pytest.approx(float(row["hard_mrd"]), abs=0.003)
    assert gep_published == pytest.approx(float(row["hard_gep"]), abs=0.003)


class FirstCandidate:
    """Plays the first candidate left (in answer-list order): a policy simple enough to play
    by hand."""

    name = "first-candidate"

    def choose(self, game, state):
        return int(game.guess_of_answer[state.candidates[0]])


def test_summary_by_hand_with_a_game_over_six():
    """The seven -atch answers from batch: every -atch guess tells apart only itself, so playing
    them in list order finds the k-th answer at guess k, watch at guess seven (a lost game)."""
    result = evaluate(atch_game(), FirstCandidate(), "batch")
    assert result.guesses_per_answer.tolist() == [1, 2, 3, 4, 5, 6, 7]
    # worst is the most guesses a game took (7), max_guesses only the cap (six): one game over
    # it is unfinished.
    assert result.to_dict() == {
        "policy": "first-candidate",
        "mode": "easy",
        "opener": "batch",
        "answers": 7,
        "total": 28,
        "mean": 4.0,
        "distribution": {str(k): 1 for k in range(1, 8)},
        "worst": 7,
        "unfinished": 1,
        "max_guesses": 6,
    }
    # The batch game (test_hand_worked_totals_on_the_batch_game): no answer in two guesses,
    # and the distribution says so rather than skipping 2.
    summary = evaluate(batch_game(), get_heuristic("mig"), "batch").to_dict()
    assert summary["distribution"] == {"1": 1, "2": 0, "3": 2}
    assert (summary["total"], summary["mean"], summary["worst"], summary["unfinished"]) == (
        7,
        2.333333,
        3,
        0,
    )


def test_summary_matches_an_independent_walk(original):
    """Strict MIG from salet: every answer's number of guesses from a walk of the policy's tree
    written here (recursion over the opener's and each choice's feedback, the strict rule
    through tests/reference.py's NumPy feedback), not ``Game.children`` or
    ``evaluation.decisions``; the summary from those counts by plain Python."""
    game = original.with_mode("strict")
    mig = get_heuristic("mig")
    words = list(game.guesses)
    turns = {}

    def walk(candidates, allowed, guess, turn):
        row = game.patterns[guess, candidates]
        # strict rule: a later guess must be a word that would have got the same feedback
        feedback_to_allowed = reference.feedback_matrix_numpy(
            [words[guess]], [words[g] for g in allowed]
        )[0]
        for pattern in np.unique(row):
            bucket = candidates[row == pattern]
            if pattern == game.solved:
                turns[int(bucket[0])] = turn
                continue
            kept = allowed[feedback_to_allowed == pattern]
            if len(bucket) == 1:
                following = int(game.guess_of_answer[bucket[0]])
            else:
                following = mig.choose(game, State(bucket, kept, turn))
            walk(bucket, kept, following, turn + 1)

    walk(
        np.arange(len(game.answers), dtype=np.int32), game.all_guesses, game.guess_index("salet"), 1
    )
    per_answer = [turns[a] for a in range(len(game.answers))]
    result = evaluate(game, mig, "salet")
    assert result.guesses_per_answer.tolist() == per_answer
    counts = Counter(per_answer)
    assert result.distribution == {k: counts[k] for k in range(1, max(per_answer) + 1)}
    assert result.total == sum(per_answer) and result.worst == max(per_answer)
    assert result.unfinished == len([t for t in per_answer if t > 6])
    assert sum(result.distribution.values()) == 2315
    assert sum(k * v for k, v in result.distribution.items()) == result.total
    assert result.unfinished == sum(v for k, v in result.distribution.items() if k > 6)
    assert abs(result.total - 8352) <= 3  # published 3.6078 (Table 1, hard column)
    summary = result.to_dict()
    assert {"total", "mean", "distribution", "worst", "unfinished", "max_guesses"} <= summary.keys()
    assert summary["max_guesses"] == 6 and summary["worst"] == max(per_answer)
