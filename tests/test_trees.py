"""Decision trees as files: any policy's tree exported, the line-per-answer format read and
written, Graphviz of the top levels, and the peer's published trees evaluated.

Expected values are worked by hand on a five-answer game, or published: Selby's trees (the
``.tree`` files of GitHub alex1770/wordle) score 7920 (salet, easy, original lists), 8122
(salet, hard, original lists) and 11627 (tarse, hard, his July 2023 lists: our nyt-2023).
Those files are not ours to ship: the test that reads them runs when ``WORDLEKIT_PEER_TREES``
names a folder holding them (``benchmarks/peer_trees.py`` says how to get them).
"""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordlekit import Game, WordList, evaluate, paths
from wordlekit.errors import WordlekitError
from wordlekit.games import game as named_game
from wordlekit.heuristics import get_heuristic
from wordlekit.optimal import Solver
from wordlekit.trees import (
    TreePolicy,
    optimal_paths,
    policy_paths,
    policy_tree,
    read_lines,
    read_tree,
    tree_dot,
    tree_lines,
    tree_of_paths,
    tree_text,
)


def five_game(mode="easy"):
    """Five -atch answers, and chomp and blimp to split them.

    By hand: chomp gets GYBBB from catch, YYBBB from batch and hatch, YYBBY from patch and
    YYBYB from match; then batch gets BGGGG from hatch, and blimp gets GBBBB from batch and
    BBBBB from hatch (blimp holds neither c nor h, which hard mode asks for after YYBBB).
    """
    answers = ("batch", "catch", "hatch", "match", "patch")
    return Game(
        WordList(answers + ("blimp", "chomp"), "five guesses"),
        WordList(answers, "five answers"),
        mode,
    )


# Our own tree in the line-per-answer format: chomp, then the -atch word left, or batch
# between batch and hatch. TOTAL by hand: catch, patch, match 2 each, batch 2, hatch 3: 11.
FIVE_TREE = """\
chomp GYBBB1 catch GGGGG2
      YYBBB1 batch BGGGG2 hatch GGGGG3
                   GGGGG2
      YYBBY1 patch GGGGG2
      YYBYB1 match GGGGG2
"""
FIVE_GUESSES = {"batch": 2, "catch": 2, "hatch": 3, "match": 2, "patch": 2}

# The same with blimp where batch was: 12 in easy mode, and illegal in hard mode.
BLIMP_TREE = """\
chomp GYBBB1 catch GGGGG2
      YYBBB1 blimp BBBBB2 hatch GGGGG3
                   GBBBB2 batch GGGGG3
      YYBBY1 patch GGGGG2
      YYBYB1 match GGGGG2
"""

FIVE_JSON = {
    "guess": "chomp",
    "next": {
        "gybbb": {"guess": "catch"},
        "yybbb": {"guess": "batch", "next": {"bgggg": {"guess": "hatch"}}},
        "yybby": {"guess": "patch"},
        "yybyb": {"guess": "match"},
    },
}


def test_a_hand_written_tree_is_read_evaluated_and_written_back_byte_for_byte():
    game = five_game()
    paths = read_lines(game, FIVE_TREE, "five.tree")
    assert tree_of_paths(game, paths) == FIVE_JSON
    result = evaluate(game, read_tree(game, FIVE_TREE), "chomp")
    assert result.total == 11
    assert {a: result.guesses_for(a) for a in game.answers} == FIVE_GUESSES
    assert tree_lines(game, paths) == FIVE_TREE
    # the same tree as JSON, read back and exported again from the policy that replays it
    policy = TreePolicy(game, FIVE_JSON)
    assert policy_tree(game, policy, "chomp") == FIVE_JSON
    assert tree_text(game, policy_paths(game, policy, "chomp"), "lines") == FIVE_TREE
    assert tree_lines(game, read_lines(game, FIVE_TREE.replace("      Y", "chomp Y"))) == (
        FIVE_TREE
    )  # every line written in full reads the same


def test_a_heuristic_exported_is_the_policy_it_came_from():
    game = five_game()
    mig = get_heuristic("mig")
    tree = policy_tree(game, mig, "chomp")
    text = tree_text(game, policy_paths(game, mig, "chomp"), "lines")
    # MIG at {batch, hatch}: batch, hatch and blimp each split it in two, a tie that goes to
    # the first in list order, batch; every other state has one candidate
    assert text == FIVE_TREE and tree == FIVE_JSON


def test_a_tree_illegal_in_hard_mode_is_refused_naming_the_guess():
    assert evaluate(five_game(), read_tree(five_game(), BLIMP_TREE), "chomp").total == 12
    hard = five_game("hard")
    assert evaluate(hard, read_tree(hard, FIVE_TREE), "chomp").total == 11
    with pytest.raises(WordlekitError, match="root/yybbb: 'blimp' is not allowed in hard mode"):
        read_tree(hard, BLIMP_TREE)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "answer 'batch' has no line"),
        (FIVE_TREE + "\n", "line 6: empty"),
        (FIVE_TREE.replace("GYBBB1", "GYBBB2"), "line 1: 'GYBBB2' after 'chomp'; expected 5 "),
        (FIVE_TREE.replace("catch GGGGG2", "catch"), "line 1: an odd number of words (3)"),
        (FIVE_TREE.replace("GYBBB1 catch", "GYBBB1 cetch"), "line 1: guess 2 'cetch' is not"),
        (FIVE_TREE.replace("YYBBY1", "YYBBB1"), "line 4: guess 1 'chomp' gives 'patch' YYBBY"),
        (FIVE_TREE.replace("GYBBB1", "GYBXB1"), "line 1: feedback 'GYBXB' "),
        (FIVE_TREE.replace("catch GGGGG2", "catch GGGGB2"), "line 1: ends with 'catch'"),
        (FIVE_TREE.replace("patch GGGGG2", "patch GGGGG2 patch GGGGG3"), "line 4: guess 2 is all"),
        (FIVE_TREE.replace("      YYBYB1 match", "      YYBBY1 patch"), "'patch' already has"),
        (FIVE_TREE.replace("   GGGGG2", "  GGGGG2"), "line 3: its 18 blank columns do not end"),
        (
            FIVE_TREE.replace(
                "                   GGGGG2", "chomp YYBBB1 hatch BGGGG2 batch GGGGG3"
            ),
            "line 3: guess 2 is 'hatch' where line 2 guessed 'batch' after the same feedback",
        ),
        ("IMPOSSIBLE\n", "line 1: an odd number of words (1); expected pairs"),
        (FIVE_TREE.replace("GYBBB1 catch", "GYBBB1 blimp"), "line 1: ends with 'blimp'"),
    ],
)
def test_a_malformed_tree_file_is_one_error_naming_line_and_problem(text, message):
    with pytest.raises(WordlekitError, match="^five.tree") as caught:
        read_tree(five_game(), text, "five.tree")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_json_trees_read_as_before_and_bad_json_is_one_error():
    game = five_game()
    assert evaluate(game, read_tree(game, " " + json.dumps(FIVE_JSON)), "chomp").total == 11
    with pytest.raises(WordlekitError, match=r"^t.json: not valid JSON \(.*line 1\)"):
        read_tree(game, '{"guess": ', "t.json")


def test_graphviz_of_the_top_levels_by_hand():
    game = five_game()
    paths = read_lines(game, FIVE_TREE)
    assert tree_dot(game, paths, 1) == (
        "digraph tree {\n"
        "  node [shape=box, fontname=monospace];\n"
        "  edge [fontname=monospace];\n"
        '  n0 [label="chomp\\n5"];\n'
        "}\n"
    )
    dot = tree_dot(game, paths, 2)
    assert '  n2 [label="batch\\n2"];\n' in dot and '  n0 -> n2 [label="yybbb"];\n' in dot
    assert dot.count("->") == 4 and dot.count("label=") == 9
    assert tree_dot(game, paths, 6).count("->") == 5  # hatch's node under batch


def test_the_lines_format_refuses_a_game_without_tiles():
    game = named_game("mastermind-2-2")
    with pytest.raises(WordlekitError, match="tile game"):
        read_lines(game, "11 2B0W1\n")


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_optimal_trees_round_trip_through_the_lines_format(mode):
    game = five_game(mode)
    solver = Solver(game, 6)
    chomp = game.guess_index("chomp")
    assert solver.opener_total(chomp) == 11  # by hand: chomp leaves one pair, split by a guess
    text = tree_lines(game, optimal_paths(solver, chomp))
    assert evaluate(game, read_tree(game, text), "chomp").total == 11


@pytest.mark.slow
def test_the_salet_easy_optimum_written_and_read_back_scores_7920(original):
    # 7920: Selby's published easy-mode optimum from salet on the original lists
    solver = Solver(original, 6)
    salet = original.guess_index("salet")
    text = tree_lines(original, optimal_paths(solver, salet))
    assert len(text.splitlines()) == len(original.answers)
    assert evaluate(original, read_tree(original, text), "salet").total == 7920


def _peer_trees() -> list:
    """Selby's published trees (file, lists, mode, his TOTAL: 7920, 8122, 11627), as listed once
    by the script that evaluates them, ``benchmarks/peer_trees.py``."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "peer_trees.py"
    spec = importlib.util.spec_from_file_location("peer_trees", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PEER_TREES


PEER_FOLDER = os.environ.get("WORDLEKIT_PEER_TREES")


@pytest.mark.skipif(
    not PEER_FOLDER,
    reason="WORDLEKIT_PEER_TREES is unset: the folder holding Selby's published .tree files "
    "(not shipped; see benchmarks/peer_trees.py)",
)
@pytest.mark.parametrize("name, lists, mode, published", _peer_trees())
def test_the_peers_published_trees_score_as_published_and_are_legal(name, lists, mode, published):
    text = (Path(PEER_FOLDER) / name).read_text(encoding="utf-8")
    game = Game.from_lists(lists, mode)
    policy = read_tree(game, text, name)  # each guess allowed at its state in ``mode``
    result = evaluate(game, policy, policy.opener)
    assert result.total == published and result.worst <= 6
    paths = read_lines(game, text, name)
    assert tree_lines(game, paths) == text  # our writer writes his format byte for byte


def wordlekit(*args):
    """``python -m wordlekit ARGS`` from the repository, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "wordlekit", *args],
        capture_output=True,
        text=True,
        cwd=paths.REPO_ROOT,
        timeout=600,
    )


@pytest.fixture
def five_lists(tmp_path):
    game = five_game()
    (tmp_path / "g.txt").write_text("\n".join(game.guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(game.answers) + "\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


def test_cli_exports_any_policys_tree_and_replays_a_lines_file(tmp_path, five_lists):
    out = tmp_path / "mig.tree"
    proc = wordlekit(
        "evaluate", "--opener", "chomp", "--tree-out", str(out), "--tree-format", "lines",
        *five_lists,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == FIVE_TREE  # MIG's tree, worked by hand above
    proc = wordlekit("evaluate", "--tree", str(out), "--json", *five_lists)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert (summary["total"], summary["opener"], summary["policy"]) == (11, "chomp", "tree")
    dot = tmp_path / "t.dot"
    proc = wordlekit(
        "optimal", "--opener", "chomp", "--tree", str(dot), "--tree-format", "dot",
        "--tree-depth", "1", *five_lists,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert dot.read_text() == tree_dot(five_game(), read_lines(five_game(), FIVE_TREE), 1)


@pytest.mark.parametrize(
    "text, extra, message",
    [
        (FIVE_TREE, ["--policy", "mig"], "--tree and --policy: choose one"),
        (FIVE_TREE, ["--top-k", "3"], "--tree and --top-k: choose one"),
        (FIVE_TREE, ["--tree-format", "svg"], "argument --tree-format: invalid choice: 'svg'"),
        (FIVE_TREE, ["--tree-out", "no/such/dir/t.json"], "folder 'no/such/dir' does not exist"),
        (FIVE_TREE.replace("YYBBY1", "YYBBB1"), [], "five.tree line 4: guess 1 'chomp' gives"),
        (BLIMP_TREE, ["--mode", "hard"], "'blimp' is not allowed in hard mode"),
    ],
)
def test_cli_tree_mistakes_are_one_line_and_status_2(tmp_path, five_lists, text, extra, message):
    tree = tmp_path / "five.tree"
    tree.write_text(text)
    proc = wordlekit("evaluate", "--tree", str(tree), *extra, *five_lists)
    assert proc.returncode == 2 and message in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stdout == ""


def test_cli_refuses_the_lines_format_for_a_game_without_tiles(tmp_path):
    proc = wordlekit(
        "optimal", "--game", "mastermind-2-2", "--opener", "11", "--tree", str(tmp_path / "t"),
        "--tree-format", "lines",
    )  # fmt: skip
    assert proc.returncode == 2 and "expected a tile game" in proc.stderr and proc.stdout == ""
