"""The tie rule and the tie order, measured apart from lookahead (issue 27, items 1 and 2).

``inset-H`` is H with its ties broken towards candidates; ``Game.in_tie_order`` reorders the
guess list, which decides every remaining tie. Expected choices are worked by hand on a
four-word game, and checked against the slow reference of tests/reference.py on small games.
"""

import numpy as np
import pandas as pd
import pytest

from tests import reference
from wordlekit import MIG, MRD
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import evaluate
from wordlekit.experiments.policy_grid import tie_order_range
from wordlekit.game import Game, small_game
from wordlekit.heuristics import CandidatesFirst
from wordlekit.policies import make_policy, uses_top_k
from wordlekit.words import WordList


def four_words(mode: str = "easy") -> Game:
    # Answers cat, cot, cut; guesses bat and those three. Worked by hand, every guess splits
    # the three answers into a bucket of one and a bucket of two: bat gets bgg from cat and
    # bbg from cot and cut; cat gets ggg / gbg / gbg, and cot and cut alike. So all four tie
    # on every heuristic's score, and only the tie rule and the list order decide.
    return Game(
        WordList(("bat", "cat", "cot", "cut"), "four guesses"),
        WordList(("cat", "cot", "cut"), "three answers"),
        mode,
    )


def test_hand_worked_tie_mig_plays_list_order_inset_mig_a_candidate():
    game = four_words()
    state = game.initial_state()
    assert game.guesses[MIG().choose(game, state)] == "bat"  # first in list order
    assert game.guesses[make_policy("inset-mig").choose(game, state)] == "cat"
    # MRD already breaks its ties to candidates: inset-mrd plays the same word
    assert game.guesses[MRD().choose(game, state)] == "cat"
    assert game.guesses[make_policy("inset-mrd").choose(game, state)] == "cat"
    assert game.guesses[make_policy("inset-gep").choose(game, state)] == "cat"


def test_hand_worked_tie_orders():
    game = four_words()
    chosen = {}
    for order in ("alphabetical", "reversed", "answers-first"):
        ordered = game.in_tie_order(order)
        chosen[order] = ordered.guesses[MIG().choose(ordered, ordered.initial_state())]
    assert chosen == {"alphabetical": "bat", "reversed": "cut", "answers-first": "cat"}


def test_inset_is_a_wrapper_over_the_searched_heuristics_without_top_k():
    policy = make_policy("inset-mig")
    assert type(policy) is CandidatesFirst and type(policy.base) is MIG
    assert policy.name == "inset-mig"
    assert not uses_top_k("inset-mig") and uses_top_k("rollout-mig")
    with pytest.raises(WordlekitError, match="unknown policy 'inset-knuth'"):
        make_policy("inset-knuth")


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize("name", ["mig", "mrd", "gep"])
def test_inset_plays_the_reference_candidates_first_rule(name, mode):
    game = small_game(40, 60, seed=3, mode=mode, suffix="")
    guesses, answers = list(game.guesses), list(game.answers)

    def choose(cands, allowed, hist):
        if len(cands) == 1:
            return cands[0]
        return reference.heuristic_order(
            name, mode, list(cands), list(allowed), candidates_first=True
        )[0]

    for opener in ("salet", answers[0]):
        if opener not in game.guesses:
            continue
        want = reference.evaluate(choose, mode, guesses, answers, opener)
        got = evaluate(game, make_policy(f"inset-{name}"), opener)
        assert got.guesses_per_answer.tolist() == want


@pytest.mark.parametrize("order,seed", [("reversed", 0), ("answers-first", 0), ("random", 5)])
def test_a_tie_order_keeps_the_words_and_their_feedback(order, seed):
    game = small_game(30, 40, seed=1)
    other = game.in_tie_order(order, seed)
    assert sorted(other.guesses) == sorted(game.guesses)
    assert sorted(other.answers) == sorted(game.answers)
    fresh = Game(other.guesses, other.answers).patterns
    assert np.array_equal(other.patterns, fresh)
    # the answers follow the guesses' order
    assert np.all(np.diff(other.guess_of_answer) > 0)
    assert game.in_tie_order("alphabetical").guesses.words == game.guesses.words


def test_a_random_tie_order_depends_on_its_seed_only():
    game = small_game(30, 40, seed=1)
    a, b = game.in_tie_order("random", 1), game.in_tie_order("random", 1)
    assert a.guesses.words == b.guesses.words
    assert a.guesses.words != game.in_tie_order("random", 2).guesses.words


def test_an_unknown_tie_order_is_named():
    with pytest.raises(WordlekitError, match="unknown tie order 'sorted'; expected one of"):
        four_words().in_tie_order("sorted")
    with pytest.raises(WordlekitError, match="tie-order seed must be an integer, got 'x'"):
        four_words().in_tie_order("random", "x")


def test_tie_order_range_is_each_cells_least_and_greatest():
    per_order = pd.DataFrame(
        {"easy_rollout_mig": [3.5, 3.6, 3.4, 3.7]},
        index=pd.MultiIndex.from_tuples(
            [
                ("alphabetical", "salet"),
                ("alphabetical", "crane"),
                ("reversed", "salet"),
                ("reversed", "crane"),
            ],
            names=["tie_order", "opener"],
        ),
    )
    got = tie_order_range(per_order)
    assert list(got.index) == ["salet", "crane"]
    assert got.loc["salet"].tolist() == [3.4, 3.5]
    assert got.loc["crane"].tolist() == [3.6, 3.7]
