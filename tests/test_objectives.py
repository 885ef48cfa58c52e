"""``optimal --objective``: the worst case and the lexicographic objectives against brute force
(``reference.least_worst``, ``reference.mean_then_worst``) on small games, their invariants,
and the command line."""

import json

import pytest

from wordlekit import paths
from wordlekit.errors import WordlekitError
from wordlekit.game import small_game
from wordlekit.optimal import Solver
from wordlekit.optimal.objectives import OBJECTIVES, objective_name, optimize
from wordlekit.trees import optimal_paths

from . import reference
from .test_cli import run
from .test_cli_inputs import main, one_line

MODES = ["easy", "hard", "strict"]
CAP = 6


def optima(game, opener):
    """Each objective's ``Optimum`` from ``opener`` within ``CAP``, each cap searched once, and
    the worst case of each strategy's tree as walked."""
    first = game.guess_index(opener)
    solvers = {}

    def totals(d):
        if d not in solvers:
            solvers[d] = Solver(game, d)
        return solvers[d].opener_total(first), first

    out = {}
    for objective in OBJECTIVES:
        best = optimize(totals, objective, CAP)
        paths = optimal_paths(solvers[best.cap], first) if best.feasible else {}
        out[objective] = (best, max(map(len, paths.values()), default=None))
    return out


def after_opener(game, opener):
    """The buckets of ``opener`` over the answers, as the reference's (tiles -> (c, a, h))."""
    guesses = list(game.guesses)
    return reference.children(game.mode, guesses, tuple(game.answers), tuple(guesses), (), opener)


def brute_force_worst(game, opener):
    groups = after_opener(game, opener)
    deepest = [
        reference.least_worst(game.mode, list(game.guesses), c, a)
        for tiles, (c, a, _) in groups.items()
        if set(tiles) != {"g"}
    ]
    return 1 + max(deepest, default=0)


def brute_force_mean_then_worst(game, opener, cap):
    total, deepest = len(game.answers), 0
    for tiles, (c, a, _) in after_opener(game, opener).items():
        if set(tiles) != {"g"}:
            sub = reference.mean_then_worst(game.mode, list(game.guesses), c, a, cap - 1)
            if sub is None:
                return None
            total, deepest = total + sub[0], max(deepest, sub[1])
    return total, 1 + deepest


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n_answers, seed, suffix", [(12, 41, ""), (9, 42, "ight"), (8, 43, "ake")])
def test_objectives_equal_brute_force(mode, n_answers, seed, suffix):
    game = small_game(n_answers, 10, seed, mode, suffix=suffix)
    guesses = list(game.guesses)
    for opener in guesses[:4]:
        found = optima(game, opener)
        mean, mean_worst = found["mean"]
        worst, worst_walked = found["worst"]
        then_mean, then_mean_walked = found["worst-then-mean"]
        mtw, mtw_walked = found["mean-then-worst"]
        lexicographic = brute_force_mean_then_worst(game, opener, CAP)
        if lexicographic is None:  # no strategy within the cap: every objective says so
            assert not any(best.feasible for best, _ in found.values())
            continue
        least = brute_force_worst(game, opener)
        assert worst.cap == worst_walked == least, (opener, mode)
        assert then_mean.total == _capped_from(game, opener, least)
        assert (mtw.total, mtw_walked) == lexicographic, (opener, mode)
        assert mtw.cap == mtw_walked
        # the invariants: worst never above mean-then-worst's; mean-then-worst keeps the mean
        assert worst_walked <= mtw_walked <= mean_worst
        assert mtw.total == mean.total == mean.mean_total
        assert then_mean.total >= mean.total


def _capped_from(game, opener, cap):
    """The brute force's least TOTAL from ``opener`` within ``cap`` guesses."""
    total = len(game.answers)
    for tiles, (c, a, _) in after_opener(game, opener).items():
        if set(tiles) != {"g"}:
            total += reference.optimal_total(game.mode, list(game.guesses), c, a, cap - 1)
    return total


def test_the_least_worst_case_by_hand():
    # batch, catch, patch with guesses batch, bicep, catch, patch. From batch, catch and patch
    # share a bucket (bgggg): one of them takes 3 guesses, TOTAL 1 + 2 + 3 = 6. bicep splits
    # the three perfectly (gbybb, bbybb, bbyby): 2 guesses each, the same TOTAL 6 with a worst
    # case of 2, the game's least.
    from wordlekit.game import Game
    from wordlekit.words import WordList

    game = Game(
        WordList(("batch", "bicep", "catch", "patch"), "g"),
        WordList(("batch", "catch", "patch"), "a"),
    )
    found = optima(game, "batch")
    assert found["worst"][0].cap == 3 and found["worst"][0].total == 6  # 1 + 2 + 3
    assert found["mean-then-worst"][0].cap == 3  # from batch, the TOTAL 6 needs 3 guesses
    found = optima(game, "bicep")
    assert found["worst"][0].cap == 2 and found["worst"][0].total == 6
    assert reference.least_worst("easy", list(game.guesses), game.answers) == 2


def test_objective_names():
    assert objective_name(" Worst ") == "worst"
    with pytest.raises(WordlekitError, match="unknown objective 'best'; expected one of mean"):
        objective_name("best")


def test_cli_objective_worst_prints_a_strategy_evaluate_confirms(tmp_path):
    lists = ["--game", "mastermind-3-3"]
    proc = run("optimal", "--opener", "112", "--objective", "worst", "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    strategy = tmp_path / "worst.json"
    strategy.write_text(json.dumps(summary["strategy"]))
    proc = run("evaluate", "--tree", str(strategy), "--json", *lists)
    assert proc.returncode == 0, proc.stderr
    walked = json.loads(proc.stdout.splitlines()[-1])
    assert walked["worst"] == summary["worst"] and walked["total"] == summary["total"]
    assert walked["opener"] == "112"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--objective", "fastest"], "unknown objective 'fastest'; expected one of mean, worst"),
        (["--objective", "worst", "--boards", "2"], "--objective worst and --boards"),
        (["--objective", "worst", "--breadth", "5"], "--objective worst and --breadth"),
    ],
)
def test_cli_bad_objective_is_one_line(capsys, args, message):
    status, _, err = main(capsys, "optimal", "--game", "mastermind-2-3", "--opener", "11", *args)
    assert status == 2
    one_line(err, message)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_cli_worst_from_salet_is_confirmed_by_evaluate(tmp_path, mode):
    # The full lists' run (salet easy: worst 5, proving 4 impossible takes one to three minutes
    # here) is benchmarks/objectives-results.md's; the same command on the first 300 answers
    # against every guess takes seconds, and its strategy is walked again by evaluate.
    answers = tmp_path / "answers.txt"
    words = (paths.DATA_DIR / "wordle_answers_2315.txt").read_text().splitlines()[:300]
    answers.write_text("\n".join(words) + "\n")
    lists = ("--answers", str(answers), "--mode", mode)
    proc = run("optimal", "--objective", "worst", "--opener", "salet", *lists, "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert summary["objective"] == "worst" and summary["worst"] < 6
    strategy = tmp_path / "salet.json"
    strategy.write_text(json.dumps(summary["strategy"]))
    walked = run("evaluate", "--tree", str(strategy), *lists, "--json")
    walked = json.loads(walked.stdout.splitlines()[-1])
    assert walked["worst"] == summary["worst"] and walked["total"] == summary["total"]
