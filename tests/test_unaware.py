"""SophieZero's setting: the game of agents that do not know the answer list, scored on the secrets."""

import numpy as np
import pytest

from wordlekit import WordList, evaluate
from wordlekit.consistent import RandomConsistent
from wordlekit.errors import WordlekitError
from wordlekit.game import small_game
from wordlekit.heuristics import MIG
from wordlekit.rollout import Rollout
from wordlekit.sarsa import SarsaPolicy
from wordlekit.unaware import evaluate_secrets, unaware_game

WORDS = ("batch", "catch", "chwmp", "hatch", "match", "patch", "watch")


def atch_unaware():
    return unaware_game(guesses=WordList(WORDS, "atch words"))


def test_mig_without_the_answer_list_by_hand():
    game = atch_unaware()
    # The agent thinks any of the 7 words may be the answer. batch against catch or match gives
    # bgggg, leaving catch hatch match patch watch; chwmp tells those five apart (and is not
    # itself among them), so MIG plays it, then the answer: 3 guesses for each secret.
    result = evaluate_secrets(game, MIG(), "batch", ["catch", "match"])
    assert result.guesses_per_answer.tolist() == [3, 3]
    assert result.solved == 1.0 and result.mean_solved == 3.0 and result.std == 0.0
    summary = result.to_dict()  # the names of every evaluation (wordlekit.results)
    assert {k: summary[k] for k in ("total", "mean", "worst", "unfinished", "max_guesses")} == {
        "total": 6,
        "mean": 3.0,
        "worst": 3,
        "unfinished": 0,
        "max_guesses": 6,
    }
    assert summary["distribution"] == {"1": 0, "2": 0, "3": 2} and summary["secrets"] == 2
    assert evaluate_secrets(game, MIG(), "catch", ["catch"]).guesses_per_answer.tolist() == [1]
    with pytest.raises(WordlekitError, match="secret 'zebra' is not an answer of the game"):
        evaluate_secrets(game, MIG(), "batch", ["zebra"])


def test_evaluate_secrets_agrees_with_the_whole_tree():
    # The secrets' walk prunes every branch without a secret; the whole tree, walked by a
    # plain recursion here, must give each secret the same number of guesses.
    game = small_game(40, 30, 8)
    opener = game.guess_index(game.guesses[5])
    mig = MIG()

    def turns(state, guess, turn, out):
        for pattern, child in game.children(state, guess):
            if pattern == game.solved:
                out[int(child.candidates[0])] = turn
            else:
                turns(child, mig.choose(game, child), turn + 1, out)
        return out

    whole = turns(game.initial_state(), opener, 1, {})
    secrets = [game.answers[i] for i in (29, 3, 17, 4)]  # any order, a subset
    got = evaluate_secrets(game, mig, game.guesses[opener], secrets).guesses_per_answer
    assert got.tolist() == [whole[game.answers.index(w)] for w in secrets]
    assert evaluate(game, mig, opener).guesses_per_answer.tolist() == [
        whole[i] for i in range(len(game.answers))
    ]


@pytest.mark.parametrize(
    "make_base",
    [lambda: RandomConsistent(1), lambda: SarsaPolicy(np.array([0, 0, 0, 0, 0, -1.0]), 1)],
)
def test_rollout_never_worse_than_its_base_on_the_agents_belief(make_base):
    # The guarantee is for the agent's own belief: every word equally likely.
    game = unaware_game(guesses=small_game(40, 40, 10).guesses)
    base = make_base()
    opener = base.choose(game, game.initial_state())
    words = list(game.answers)
    before = evaluate_secrets(game, base, opener, words).guesses_per_answer.sum()
    after = evaluate_secrets(
        game, Rollout(base, 5, shortlist_heuristic=base), opener, words
    ).guesses_per_answer.sum()
    assert after <= before
