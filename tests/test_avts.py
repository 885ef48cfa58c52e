"""Action Value Tree Search: estimators, per-visit statistics, pickers reaching optimal play."""

import math

import numpy as np
import pytest

from wordlekit import Game, State, WordList
from wordlekit.avts import (
    LEAVES,
    PICKERS,
    EntropicEstimator,
    Node,
    RolloutEstimator,
    Search,
    best_first,
)
from wordlekit.buckets import (
    ENTROPIC_COUNTS_MAX,
    ENTROPIC_PAIRS_MAX,
    ENTROPY_SCALE,
    PAIRWISE_MAX,
    bucket_stats,
    entropic_values,
)
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import evaluate
from wordlekit.game import small_game
from wordlekit.optimal import Solver
from wordlekit.topk import largest_positions

from . import reference

ATCH = ("catch", "hatch", "match", "patch")


def atch_game(mode="easy"):
    return Game(
        WordList(tuple(sorted(ATCH + ("chimp",))), "atch guesses"),
        WordList(ATCH, "atch answers"),
        mode,
    )


def test_entropic_estimator_by_hand():
    game = atch_game()
    guesses, values = EntropicEstimator()(game, game.initial_state())
    by_word = {game.guesses[g]: v for g, v in zip(guesses, values)}
    # chimp tells the four apart (2 bits): log2(4)/2 + 1 = 2 guesses, and it cannot win.
    assert by_word["chimp"] == pytest.approx(-2.0)
    # catch leaves {catch} or {hatch, match, patch}: H = 2 - (3/4) log2(3); it wins with p = 1/4.
    entropy = 2 - 0.75 * math.log2(3)
    steps = 2 / entropy + 1
    for word in ATCH:
        assert by_word[word] == pytest.approx(-(0.25 + 0.75 * steps))
    assert by_word["catch"] == pytest.approx(-2.848934, abs=1e-6)


def entropic_reference(guess, candidates):
    """The blog's formula from reference feedback, one guess at a time (None: no progress)."""
    n = len(candidates)
    sizes = reference.buckets(guess, candidates).values()
    entropy = -sum(c / n * math.log2(c / n) for c in sizes)
    if guess in candidates:
        steps = 1.0 if n == 1 else math.log2(n) / entropy + 1
        return -(1 / n + (1 - 1 / n) * steps)
    return None if entropy == 0 else -(math.log2(n) / entropy + 1)


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize(
    "args",
    [dict(n_answers=30, n_extra=40, seed=1), dict(n_answers=40, n_extra=30, seed=4, suffix="er")],
)
def test_entropic_estimator_matches_reference(args, mode):
    game = small_game(**args, mode=mode)
    root = game.initial_state()
    # the root, the largest bucket after the 8th guess, and a state of one candidate
    largest = max(game.children(root, 7), key=lambda child: len(child[1]))[1]
    single = game.state_after([(game.answers[0], "ggggg")])
    for state in (root, largest, single):
        guesses, values = EntropicEstimator()(game, state)
        candidates = game.candidate_words(state)
        expected = {}
        for g in game.allowed_guesses(state):
            value = entropic_reference(game.guesses[g], candidates)
            if value is not None:
                expected[int(g)] = value
        assert sorted(expected) == guesses.tolist()
        assert values == pytest.approx([expected[int(g)] for g in guesses], rel=1e-9)


def test_best_first_keeps_the_estimators_order_among_ties():
    values = np.array([-2.0, -1.0, -2.0, -3.0, -1.0, -2.0])
    assert best_first(values, 6).tolist() == [1, 4, 0, 2, 5, 3]
    assert best_first(values, 3).tolist() == [1, 4, 0]
    assert best_first(values, 4).tolist() == [1, 4, 0, 2]


def test_per_visit_bias_and_variance_by_hand():
    node = Node(None, np.array([5, 3, 9]), np.array([-2.0, -2.5, -3.0]), 0.0, False)
    for r in (1, 2):
        node.add_action(int(node.ranking[r]), float(node.ranking_values[r]))
    node.q2[:3] = [-3.0, -3.2, -3.0]
    node.action_visits[:3] = [2, 1, 0]
    # q2 changed by -0.3 and -0.5 at the first simulation, by -0.1 at the second.
    for level, change in ((0, -0.3), (0, -0.5), (1, -0.1)):
        node.record(level, change)
    assert node.level_mean[:2] == pytest.approx([-0.4, -0.1])
    # q3 = q2 + the changes still expected: none after 2 visits, -0.1 after 1, -0.5 after 0.
    assert node.debiased() == pytest.approx([-3.0, -3.3, -3.5])
    assert node.debiased(debias=False) == pytest.approx([-3.0, -3.2, -3.0])
    # var at level 0: sample variance of (-0.3, -0.5) = 0.02; level 1 has one change, its
    # square 0.01 stands in.
    assert node.variances() == pytest.approx([0.0, 0.01, 0.03])


def play_line(game, line, answer):
    """Check a line of guesses with reference feedback: legal and ending on the answer."""
    assert line[-1] == answer
    history = []
    for word in line:
        allowed = reference.allowed_after(game.mode, list(game.guesses), history)
        assert word in allowed
        history.append((word, reference.feedback(word, answer)))
    return len(line)


def ight_game(mode):
    return small_game(9, 30, 2, mode, suffix="ight")  # all nine -ight answers


def test_the_notebooks_ight_game_is_this_one():
    """Notebook 13's stalling pickers play ``small_game(9, 30, seed=2, mode="hard",
    suffix="ight")``, the game ``ight_game`` builds here, whose optimum, 27, is brute-forced."""
    game = ight_game("hard")
    assert len(game.answers) == 9 and all(w.endswith("ight") for w in game.answers)
    with pytest.raises(WordlekitError, match="expected 1 to 9 answers ending in 'ight'"):
        small_game(10, 30, suffix="ight")


def test_exact_leaves():
    # one candidate: guessed at once; two: the first guessed, then the other (1 + 2 guesses)
    assert (LEAVES[1].total, LEAVES[1].value) == (1, -1.0)
    assert (LEAVES[2].total, LEAVES[2].value) == (3, -1.5)


def entropic_play_total(game):
    """TOTAL of playing the entropic estimator's best guess everywhere (ties to list order),
    with reference feedback: what a search's greedy policy is before any iteration."""

    def choose(candidates, allowed, history):
        if len(candidates) == 1:
            return candidates[0]
        scored = [
            (round(v, 9), -i, g)
            for i, g in enumerate(allowed)
            if (v := entropic_reference(g, list(candidates))) is not None
        ]
        return max(scored)[2]

    opener = choose(tuple(game.answers), tuple(game.guesses), ())
    return sum(
        reference.evaluate(choose, game.mode, list(game.guesses), list(game.answers), opener)
    )


# Laplace and Hoeffding with the blog's constants stall at 29 in hard and strict mode on this
# game: their bonus does not grow with the state's visits, so once the explored actions' values
# are exact the unexplored one is never picked and no further action joins (notebook 13).
@pytest.mark.parametrize(
    "picker, mode",
    [(p, "easy") for p in PICKERS]
    + [(p, m) for m in ("hard", "strict") for p in ("epsilon", "puct", "thompson")],
)
def test_every_picker_reaches_the_brute_force_optimum(picker, mode):
    game = ight_game(mode)
    optimum = reference.optimal_total(mode, list(game.guesses), list(game.answers))
    assert optimum == 27  # 9 -ight words
    search = Search(game, picker, seed=0)
    trace = search.run(2000, target=optimum)
    assert trace.totals[0] == entropic_play_total(game) > optimum
    assert trace.reached is not None
    assert (trace.totals >= optimum).all()
    # the greedy policy's TOTAL, answer by answer through the tree, checked by reference feedback
    assert sum(play_line(game, search.greedy_line(a), a) for a in game.answers) == optimum


@pytest.mark.parametrize("picker", PICKERS)
def test_every_picker_reaches_the_optimum_of_a_larger_game(picker):
    game = small_game(400, 100, seed=0)
    solver = Solver(game, max_guesses=None)
    optimum = solver.value(game.initial_state(), len(game.answers))
    search = Search(game, picker, seed=0)
    trace = search.run(3000, target=optimum)
    assert trace.reached is not None, (picker, trace.best_totals[-1], optimum)
    assert (trace.totals >= optimum).all()
    # greedy_total (tree recursion) agrees with playing each answer down the tree
    assert search.greedy_total() == sum(len(search.greedy_line(a)) for a in game.answers)


@pytest.mark.parametrize("picker", ["thompson", "laplace"])
def test_the_greedy_policy_plays_through_the_core_engine(picker):
    """The tree's greedy policy as a policy object: the core engine's walk of its decision tree
    gives the TOTAL the tree recursion gives, and each answer's line."""
    game = small_game(400, 100, seed=0)
    search = Search(game, picker, seed=0)
    for _ in range(3):
        search.run(15)
        result = evaluate(game, search.greedy, search.greedy_opener())
        assert result.total == search.greedy_total()
        assert all(result.guesses_for(a) == len(search.greedy_line(a)) for a in game.answers[::7])


def test_fixed_opener_and_checkpoints():
    game = small_game(400, 100, seed=0)
    opener = game.guesses[int(game.guess_of_answer[10])]
    search = Search(game, "laplace", opener=opener)
    trace = search.run(12, checkpoints=[4, 8])
    assert trace.iterations.tolist() == [4, 8, 12]  # the last iteration is always evaluated
    assert search.root.size == 1 and set(trace.openers) == {opener}
    assert all(search.greedy_line(a)[0] == opener for a in game.answers[:20])
    assert trace.best_totals.tolist() == np.minimum.accumulate(trace.totals).tolist()
    assert search.run(0).iterations.tolist() == [12]


def test_same_seed_same_search():
    game = small_game(400, 100, seed=0)
    runs = []
    for _ in range(2):
        search = Search(game, "thompson", seed=5)
        trace = search.run(40)
        runs.append((trace.totals.tolist(), trace.openers, search.nodes, search.root.size))
    assert runs[0] == runs[1]


def test_rollout_estimator_plugs_in():
    game = ight_game("easy")
    optimum = reference.optimal_total("easy", list(game.guesses), list(game.answers))
    estimator = RolloutEstimator("mig", top_k=5)
    guesses, values = estimator(game, game.initial_state())
    assert len(guesses) == 5
    answers = list(game.answers)
    for g, q in zip(guesses, values):
        word = game.guesses[int(g)]
        expected = len(answers)
        for tiles, (cands, allowed, _) in reference.children(
            "easy", list(game.guesses), tuple(answers), tuple(game.guesses), (), word
        ).items():
            if set(tiles) != {"g"}:
                expected += reference.base_total("mig", "easy", list(game.guesses), cands, allowed)
        assert q == pytest.approx(-expected / len(answers))
    trace = Search(game, "thompson", estimator=estimator).run(300, target=optimum)
    assert trace.reached is not None


def test_a_callable_estimator_plugs_in():
    game = atch_game()

    def candidates_only(game, state):  # "at worst, give them equal value"
        guesses = game.guess_of_answer[state.candidates].astype(np.int64)
        return np.sort(guesses), np.full(len(guesses), -1.0)

    candidates_only.name = "candidates"
    search = Search(game, "laplace", estimator=candidates_only)
    trace = search.run(50, target=8)
    # Only candidates are proposed, and each leaves the other three together (-atch all
    # green but the first letter): 1 + 2 + 3 + 4 = 10 guesses; chimp first would need 8.
    assert trace.best_totals[-1] == 10 and trace.reached is None
    assert search.root.size == 4


def test_bad_input_is_named():
    game = atch_game()
    with pytest.raises(WordlekitError, match="unknown picker 'ucb'"):
        Search(game, "ucb")
    with pytest.raises(WordlekitError, match="unknown setting.*'delta'.*puct"):
        Search(game, "puct", delta=0.2)
    with pytest.raises(WordlekitError, match="unknown estimator 'nn'"):
        Search(game, "laplace", estimator="nn")
    with pytest.raises(WordlekitError, match="opener 'zzzzz' is not an allowed guess"):
        Search(game, "laplace", opener="zzzzz")
    with pytest.raises(
        WordlekitError,
        match="opener 'catch' is not among the actions estimator rollout-mig-top1 proposes",
    ):
        Search(game, "laplace", estimator=RolloutEstimator("mig", 1), opener="catch")
    with pytest.raises(WordlekitError, match="iterations must be a whole number >= 0, got -1"):
        Search(game, "laplace").run(-1)
    with pytest.raises(WordlekitError, match="answer 'chimp' is not one of the 4 answers"):
        Search(game, "laplace").greedy_line("chimp")


def test_fused_entropic_values_equal_the_formula_on_bucket_statistics_to_the_bit(original):
    """For small sets the estimator's values come from one fused kernel; the formula on the
    bucket statistics, written out here in numpy, gives the same floats bit for bit (ties
    between actions, and so the search, depend on it)."""
    rng = np.random.default_rng(3)
    for n in (2, 3, 7, 16, PAIRWISE_MAX):
        cands = np.sort(rng.choice(len(original.answers), n, replace=False)).astype(np.int32)
        stats = bucket_stats(original, cands)
        entropy = math.log2(n) - stats.entropy / (n * ENTROPY_SCALE)
        with np.errstate(divide="ignore"):
            steps = math.log2(n) / entropy + 1.0
        want = -np.where(stats.in_set == 1, 1 / n + (1 - 1 / n) * steps, steps)
        want[stats.splits_nothing] = -np.inf
        got = entropic_values(original, cands, original.all_guesses)
        np.testing.assert_array_equal(got.view(np.int64), want.view(np.int64))
        guesses, values = EntropicEstimator()(original, State(cands, None, 1))
        assert guesses.tolist() == np.flatnonzero(~stats.splits_nothing).tolist()


def test_largest_positions_against_a_sort():
    """The one-pass selection against sorted() by (-value, position), with many ties."""
    rng = np.random.default_rng(0)
    values = rng.integers(0, 20, 500).astype(float) / 4
    for k in (1, 5, 16, 100, 499, 500, 600):
        want = sorted(range(len(values)), key=lambda t: (-values[t], t))[:k]
        assert largest_positions(values, k).tolist() == want


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_top_actions_are_the_best_of_all_values_in_order(mode):
    """``EntropicEstimator.top`` (one scan keeping the k best: by pairs, by counts of blocks of
    guesses or by counts per guess, after the size) against every value sorted by (-value,
    guess) in plain Python: the same guesses, in the same order, with the same floats to the
    bit, at states of every size (each kernel), easy and hard (rows in place and gathered),
    with many equal values."""
    game = small_game(300, 60, seed=5, mode=mode)
    estimator = EntropicEstimator()
    root = game.initial_state()
    states = [root] + [child for g in range(0, 180, 9) for _, child in game.children(root, g)]
    sizes = {len(state.candidates) for state in states}
    assert min(sizes) == 1 and max(sizes) > ENTROPIC_COUNTS_MAX
    assert any(2 < size <= ENTROPIC_PAIRS_MAX for size in sizes)
    assert any(ENTROPIC_PAIRS_MAX < size <= ENTROPIC_COUNTS_MAX for size in sizes)
    for state in states:
        guesses, values = estimator(game, state)
        ranked = sorted(zip(guesses.tolist(), values.tolist()), key=lambda gv: (-gv[1], gv[0]))
        for k in (1, 16, 100, len(game.guesses) + 1):
            top_guesses, top_values = estimator.top(game, state, k)
            assert top_guesses.dtype == np.int64
            assert list(zip(top_guesses.tolist(), top_values.tolist())) == ranked[:k]


@pytest.mark.parametrize("debias", [True, False])
def test_a_backup_is_record_and_debiased_to_the_bit(debias):
    """``Node.take_backup`` runs one kernel; ``record`` and ``debiased``, the per-visit
    statistics written out in numpy, must give the same floats bit for bit on a random run of
    backups (actions joining, uneven visit counts, levels past the arrays' first capacity)."""
    rng = np.random.default_rng(7)
    ranked = np.arange(12, dtype=np.int64), -2.0 - np.sort(rng.random(12))
    node = Node(None, *ranked, 0.0, False)
    twin = Node(None, *ranked, 0.0, False)  # updated by the numpy methods
    for step in range(300):
        if node.size < 12 and rng.random() < 0.1:
            for n in (node, twin):
                n.add_action(int(n.ranking[n.size]), float(n.ranking_values[n.size]))
        i = int(rng.integers(node.size)) if rng.random() < 0.5 else 0
        backup = -2.0 - 3.0 * rng.random()
        node.take_backup(i, backup, debias)
        v = int(twin.action_visits[i])
        old = twin.q2[i]
        new = backup if v == 0 else old + (backup - old) / (v + 1)
        twin.q2[i] = new
        twin.action_visits[i] = v + 1
        twin.record(v, new - old)
        q = twin.debiased(debias)
        assert node.levels == twin.levels and node.best == int(np.argmax(q))
        for mine, theirs in (
            (node.q3[: node.size], q),
            (node.q2, twin.q2),
            (node.level_mean[: node.levels], twin.level_mean[: twin.levels]),
            (node.level_m2[: node.levels], twin.level_m2[: twin.levels]),
        ):
            np.testing.assert_array_equal(mine.view(np.int64), theirs.view(np.int64))
    assert node.levels > 8  # the level arrays were doubled along the way


def test_preselect_holds_the_best_actions_from_the_start_and_no_other():
    """The blog's first version: every new state holds its k best-estimated actions at once
    (the atch game: chimp first, then the four candidates in list order), and never adds one."""
    game = atch_game()
    search = Search(game, "hoeffding", preselect=3, debias=False)
    root = search.root
    assert root.exhausted and root.size == 3
    assert [game.guesses[int(g)] for g in root.guesses[:3]] == ["chimp", "catch", "hatch"]
    search.run(20)
    assert root.size == 3  # no cutoff ever lets another in
    whole = Search(game, "hoeffding", preselect=100, debias=False).root
    assert whole.size == 5  # fewer actions than k: all of them
    assert Search(game, "hoeffding").root.size == 1  # the cutoff: one action at first
    with pytest.raises(WordlekitError, match="preselect"):
        Search(game, "hoeffding", preselect=0)


@pytest.mark.parametrize("picker", ["laplace", "puct", "hoeffding"])
def test_deterministic_pickers_ignore_the_seed(picker):
    """Laplace, PUCT and Hoeffding draw no random number: a seed changes nothing, so one run
    stands for every seed (notebook 13's seed table)."""
    game = small_game(400, 100, seed=0)
    runs = []
    for seed in (0, 7):
        search = Search(game, picker, seed=seed)
        trace = search.run(30)
        runs.append((trace.totals.tolist(), trace.openers, search.nodes))
    assert runs[0] == runs[1]
