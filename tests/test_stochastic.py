"""The stochastic Wordle: noise models, Bayes, the particle filter, policies and evaluation.

Expected values are worked by hand on toy games (three 3-letter answers, 2-letter noise
tables), come from the deterministic engine at p = 0 (``evaluation.evaluate``, ``Rollout``), or
from a plain NumPy reference of the information gain written here. The noisy game is played
through the seam: ``NoisyGame`` is a ``contracts.NoisyModel``, its policies have
``choose(game, state)``, and ``wordlekit.evaluate`` evaluates it into the one ``Evaluation``.
"""

import math

import numpy as np
import pytest

from wordlekit import MIG, Evaluation, Game, Rollout, WordlekitError, WordList, evaluate, stochastic
from wordlekit._kernels import noise as noise_kernels
from wordlekit.contracts import Model, NoisyModel, Policy
from wordlekit.game import small_game
from wordlekit.stochastic import (
    BeliefMIG,
    BeliefRollout,
    MostLikely,
    NoisyGame,
    ParticleFilter,
    bayes_update,
    information_gain,
    row_noise,
    tile_noise,
    total_variation,
)

from . import reference
from .conftest import SMALL_GAMES


def code(tiles: str) -> int:
    return reference.tiles_to_code(tiles)


@pytest.fixture(scope="module")
def toy():
    """cat, cot, dog: guessing cat gives cot "gbg" and dog "bbb" (by the rules, by hand)."""
    words = WordList(("cat", "cot", "dog"), "toy")
    game = Game(words, words)
    assert game.patterns[0].tolist() == [code("ggg"), code("gbg"), code("bbb")]
    return game


# --- noise models ------------------------------------------------------------------------------


def test_tile_likelihood_by_hand_for_two_letters():
    p = 0.1
    noise = tile_noise(2, p)
    like = noise.likelihood
    assert like.shape == (9, 9)
    assert np.allclose(like.sum(axis=1), 1)
    assert like[code("gg"), code("gg")] == pytest.approx((1 - p) ** 2)
    assert like[code("gg"), code("gy")] == pytest.approx((1 - p) * p / 2)
    assert like[code("gg"), code("by")] == pytest.approx((p / 2) ** 2)
    assert like[code("yb"), code("bb")] == pytest.approx(p / 2 * (1 - p))
    # a tile's noise entropy H(1-p, p/2, p/2), twice
    h = -(1 - p) * math.log2(1 - p) - p * math.log2(p / 2)
    assert np.allclose(noise.row_entropy, 2 * h)
    assert np.array_equal(tile_noise(2, 0).likelihood, np.eye(9))


def test_row_likelihood_by_hand_for_two_letters():
    p = 0.4
    like = row_noise(2, p).likelihood
    assert np.allclose(like.sum(axis=1), 1)
    assert like[code("gb"), code("gb")] == pytest.approx(1 - p)
    # one lie: tile 1 or 2 (1/2 each), to one of two colours (1/2 each)
    assert like[code("gb"), code("yb")] == pytest.approx(p / 4)
    assert like[code("gb"), code("gg")] == pytest.approx(p / 4)
    assert like[code("gb"), code("yy")] == 0.0
    assert row_noise(2, 1.0).likelihood[code("bb"), code("bb")] == 0.0  # one lie per row, always


def test_sampled_reports_follow_the_likelihood():
    for noise in (tile_noise(2, 0.3), row_noise(2, 0.6)):
        rng = np.random.default_rng(5)
        n = 20000
        counts = np.bincount([noise.sample(code("gy"), rng) for _ in range(n)], minlength=9)
        expected = noise.likelihood[code("gy")]
        se = np.sqrt(expected * (1 - expected) / n)
        assert (np.abs(counts / n - expected) <= 5 * se + 1e-12).all(), noise


def test_tile_factor_kernel_is_the_kronecker_power():
    rng = np.random.default_rng(0)
    tile = rng.random((3, 3))
    for length in (2, 3):  # even and odd lengths end in different buffers
        x = rng.random(3**length)
        dense = x @ np.kron(tile, np.kron(tile, tile) if length == 3 else tile)
        out = np.empty_like(x)
        noise_kernels._apply_tile_factor(x.copy(), tile, length, out)
        assert np.allclose(out, dense)


# --- Bayes and the particle filter ----------------------------------------------------------


def test_bayes_update_by_hand(toy):
    p = 0.2
    noise = tile_noise(3, p)
    posterior = bayes_update(toy, noise, np.full(3, 1 / 3), 0, code("gbg"))
    cot, dog = (1 - p) ** 3, (p / 2) ** 2 * (1 - p)  # gbg reported as gbg, bbb as gbg
    assert posterior == pytest.approx([0, cot / (cot + dog), dog / (cot + dog)])
    # at p = 0 it is the deterministic update: the candidates consistent with the report
    assert bayes_update(toy, tile_noise(3, 0), np.full(3, 1 / 3), 0, code("bbb")).tolist() == [
        0,
        0,
        1,
    ]
    with pytest.raises(WordlekitError, match="report 26 to 'cat' has probability 0"):
        bayes_update(toy, tile_noise(3, 0), np.full(3, 1 / 3), 0, code("ggg"))


def history(game, noise, answer, guesses, seed=0):
    rng = np.random.default_rng(seed)
    return [(g, noise.sample(int(game.patterns[g, answer]), rng)) for g in guesses]


def test_particle_filter_converges_to_the_exact_belief():
    game = small_game(40, 20, 7)
    noise = tile_noise(5, 0.3)  # noisy enough that the posterior stays spread over answers
    steps = history(game, noise, 11, [0, 25])
    exact = np.full(40, 1 / 40)
    for g, f in steps:
        exact = bayes_update(game, noise, exact, g, f)
    assert exact.max() < 0.5
    means = {}
    for n in (100, 30000):
        tv, resamples = [], 0
        for seed in range(4):
            pf = ParticleFilter(game, noise, n, seed=seed)
            for g, f in steps:
                pf.update(g, f)
            tv.append(total_variation(pf.belief(), exact))
            resamples = max(resamples, pf.resamples)
        means[n] = np.mean(tv)
        # An i.i.d. sample of N from b has E|b_N(a) - b(a)| <= sqrt(b(a) / N), so E[TV] is at most
        # (1/2) sum_a sqrt(b(a) / N); each resampling adds at most one more such sample's error.
        bound = 0.5 * np.sqrt(exact / n).sum() * (1 + resamples)
        assert means[n] <= bound, (n, means[n], bound)
    assert means[30000] < 0.05 and means[30000] < means[100] / 5  # about 1/sqrt(N): 17 times less


def test_particle_filter_at_p_0_keeps_only_consistent_answers():
    game = small_game(40, 20, 7)
    noise = tile_noise(5, 0)
    steps = history(game, noise, 11, [0, 25])
    pf = ParticleFilter(game, noise, 500, seed=1)
    for g, f in steps:
        pf.update(g, f)
    consistent = [a for a in range(40) if all(game.patterns[g, a] == f for g, f in steps)]
    assert set(np.flatnonzero(pf.belief())) <= set(consistent)
    assert pf.belief().sum() == pytest.approx(1)


# --- information gain and the policies --------------------------------------------------------


def information_gain_reference(game, noise, belief):
    """I(u) = H(O) - H(O | A) with the dense likelihood, one guess at a time."""
    out = []
    for u in range(len(game.guesses)):
        masses = np.zeros(game.n_patterns)
        np.add.at(masses, game.patterns[u], belief)
        win = masses[game.solved]
        masses[game.solved] = 0
        reports = masses @ noise.likelihood
        h = -sum(x * math.log2(x) for x in [win, *reports] if x > 0)
        out.append(h - masses @ noise.row_entropy)
    return np.array(out)


@pytest.mark.parametrize(
    "noise", [tile_noise(5, 0), tile_noise(5, 0.1), row_noise(5, 0.3), row_noise(5, 1.0)], ids=str
)
def test_information_gain_kernel_against_reference(noise):
    game = small_game(30, 20, 3)
    belief = np.random.default_rng(1).random(30)
    belief[4] = 0
    belief /= belief.sum()
    assert np.allclose(
        information_gain(game, noise, belief),
        information_gain_reference(game, noise, belief),
        atol=1e-12,
    )


def test_information_gain_at_p_0_is_the_entropy_of_the_buckets():
    game = small_game(30, 20, 3)
    belief = np.zeros(30)
    belief[:12] = 1 / 12
    candidates = [game.answers[a] for a in range(12)]
    entropy = [math.log2(12) - reference.mig_value(g, candidates) / 12 for g in game.guesses]
    assert np.allclose(information_gain(game, 0.0, belief), entropy)


def test_p_0_from_salet_reproduces_migs_total_on_the_real_game(original):
    deterministic = evaluate(original, MIG(), "salet")
    result = evaluate(NoisyGame(original, 0.0), BeliefMIG(), "salet")
    assert result.method == "exact" and result.total == deterministic.total  # 8360 here
    assert np.array_equal(result.guesses_per_answer, deterministic.guesses_per_answer)


# --- evaluation -------------------------------------------------------------------------------


def test_p_0_reproduces_the_deterministic_totals():
    for spec in SMALL_GAMES[:2]:
        game = small_game(**spec)
        result = evaluate(NoisyGame(game, 0.0), BeliefMIG(), 0)
        assert result.method == "exact" and result.pruned == 0 and result.unfinished == 0
        assert result.total == evaluate(game, MIG(), 0).total, spec
        assert np.array_equal(
            result.guesses_per_answer, evaluate(game, MIG(), 0).guesses_per_answer
        )
    rollout = evaluate(NoisyGame(game, 0.0), BeliefRollout(top_k=10, n_simulations=None), 0)
    assert rollout.total == evaluate(game, Rollout(MIG()), 0).total


def hand_mean(p):
    """MostLikely from cat on the toy game: 1 guess for cat, 2 + 3p^2/4 for cot, 2 + p for dog.

    After cat, cot wins the tie-broken argmax iff the report agrees with gbg on at least as many
    of tiles 1 and 3 as with bbb (tile 2 is grey in both); from truth gbg that fails with
    probability (p/2)^2 + 2 (p/2)^2 = 3p^2/4, and from truth bbb dog is chosen (strictly more
    agreement with bbb) with probability (1-p)^2 + 2 (1-p) p/2 = 1 - p. A wrong second guess
    costs a third."""
    return (1 + (2 + 3 * p * p / 4) + (2 + p)) / 3


def test_exact_evaluation_by_hand_and_simulation_within_its_error(toy):
    p = 0.3
    exact = evaluate(NoisyGame(toy, p), MostLikely(), "cat", method="exact", prune=0.0)
    assert exact.method == "exact" and exact.unfinished == 0
    assert exact.guesses_per_answer == pytest.approx([1, 2 + 3 * p * p / 4, 2 + p])
    assert exact.mean == pytest.approx(hand_mean(p))
    simulated = evaluate(NoisyGame(toy, p), MostLikely(), "cat", n_games=400, seed=3)
    assert simulated.method == "simulation" and simulated.n_games == 400
    assert abs(simulated.mean - exact.mean) <= 4 * simulated.standard_error
    assert simulated.standard_error > 0


def test_exact_evaluation_of_mig_agrees_with_simulation_on_a_tiny_game():
    words = WordList(("bat", "cat", "cot", "dog", "dot"), "tiny")
    game = Game(words, words)
    noise = tile_noise(3, 0.15)
    exact = evaluate(
        NoisyGame(game, noise), BeliefMIG(), "cat", max_guesses=5, method="exact", prune=1e-5
    )
    assert 0 < exact.pruned < 0.02 and exact.error_bound == pytest.approx(3 * exact.pruned)
    assert (exact.guesses_per_answer >= 1).all() and (exact.guesses_per_answer <= 5).all()
    simulated = evaluate(
        NoisyGame(game, noise), BeliefMIG(), "cat", max_guesses=5, n_games=150, seed=1
    )
    assert exact.mean - 4 * simulated.standard_error <= simulated.mean
    assert simulated.mean <= exact.mean + exact.error_bound + 4 * simulated.standard_error


def test_max_guesses_counts_unfinished_games(toy):
    capped = evaluate(
        NoisyGame(toy, 0.3), MostLikely(), "cat", max_guesses=2, method="exact", prune=0.0
    )
    # cot is unfinished when dog is guessed second (3p^2/4), dog when cot is (1 - (1 - p))
    p = 0.3
    assert capped.unfinished_per_answer == pytest.approx([0, 3 * p * p / 4, p])
    assert capped.guesses_per_answer == pytest.approx([1, 2, 2])  # unfinished counts the cap
    # in the vocabulary of every evaluation: the expected number of answers unfinished (one
    # game each) and its share; the cap under max_guesses
    assert capped.unfinished == pytest.approx(3 * p * p / 4 + p)
    assert capped.unfinished_share == pytest.approx((3 * p * p / 4 + p) / 3)
    summary = capped.to_dict()
    assert (summary["max_guesses"], summary["worst"], summary["distribution"]) == (2, None, None)
    assert summary["total"] == pytest.approx(5) and summary["unfinished"] == capped.unfinished


def test_same_parameters_same_numbers():
    game = small_game(30, 40, 1)
    policy = BeliefRollout(top_k=2, n_simulations=4, seed=3)
    sample = game.answers[0:30:6]
    a = evaluate(NoisyGame(game, 0.1), policy, 0, n_games=2, answers=sample)
    b = evaluate(
        NoisyGame(game, 0.1),
        BeliefRollout(top_k=2, n_simulations=4, seed=3),
        0,
        n_games=2,
        answers=sample,
    )
    assert np.array_equal(a.guesses_per_answer, b.guesses_per_answer)
    assert a.answers == tuple(sample) and a.sampled_answers
    particles = evaluate(NoisyGame(game, 0.1), BeliefMIG(), 0, n_games=2, n_particles=200)
    assert particles.policy == "mig (N=200 particles)" and particles.method == "simulation"


def test_the_noisy_game_goes_through_the_seam(toy):
    """One ``evaluate``, one result type, one ``choose`` signature for both games."""
    noisy = NoisyGame(toy, 0.1)
    assert isinstance(noisy, NoisyModel) and not isinstance(toy, NoisyModel)
    assert isinstance(toy, Model)
    for policy in (BeliefMIG(), MostLikely(), BeliefRollout()):
        assert isinstance(policy, Policy)
    # MostLikely on the uniform belief: the first answer, cat (ties to list order)
    assert MostLikely().choose(noisy, noisy.initial_state()) == toy.guess_index("cat")
    results = [evaluate(noisy, MostLikely(), "cat", n_games=2), evaluate(toy, MIG(), "cat")]
    assert all(type(r) is Evaluation for r in results)
    assert [r.expected for r in results] == [True, False]
    assert results[0].to_dict()["mode"] == "easy" and results[0].to_dict()["noise"] == "tile p=0.1"


def test_reports_and_their_nodes_by_hand(toy):
    """After cat (not a win), report f has path probability (1/3) (P(f | gbg) + P(f | bbb)):
    cot's true feedback is gbg, dog's bbb. For f = gbg, dog's row differs on tiles 1 and 3."""
    p = 0.2
    noisy = NoisyGame(toy, p)
    root = noisy.initial_state()
    assert noisy.winner(0) == 0 and root.turn == 0 and root.history == ()
    reports = noisy.reports(root, 0)
    assert [f for f, _, _ in reports] == list(range(27))  # tile noise: every report possible
    assert sum(mass for _, mass, _ in reports) == pytest.approx(2 / 3)  # P(cat is not it)
    f, mass, child = reports[code("gbg")]
    cot, dog = (1 - p) ** 3, (p / 2) ** 2 * (1 - p)
    assert mass == pytest.approx((cot + dog) / 3)
    assert noisy.likelihood(child) == pytest.approx([0, cot, dog])
    assert child.belief == pytest.approx([0, cot / (cot + dog), dog / (cot + dog)])
    assert (child.turn, child.history) == (1, ((0, code("gbg")),))
    # one report at a time (exact Bayes), the same node up to rounding
    played = noisy.next_state(root, 0, code("gbg"))
    assert played.belief == pytest.approx(child.belief) and played.history == child.history


def test_a_particle_node_is_never_changed(toy):
    noisy = NoisyGame(toy, 0.2)
    root = noisy.initial_state(n_particles=50, seed=7)
    before = (root.belief.copy(), root.particles.particles.copy())
    child = noisy.next_state(root, 0, code("gbg"))
    assert np.array_equal(root.belief, before[0])
    assert np.array_equal(root.particles.particles, before[1]) and root.particles.history == []
    # the copy draws what the filter itself would have drawn
    twin = ParticleFilter(toy, 0.2, 50, seed=7)
    twin.update(0, code("gbg"))
    assert np.array_equal(child.particles.particles, twin.particles)
    assert np.array_equal(child.belief, twin.belief()) and child.belief[0] == 0


def test_exact_over_some_answers_does_not_tell_the_policy(toy):
    """MostLikely from cat against dog alone: the policy still doubts between cot and dog
    after cat (``hand_mean``'s 2 + p), as in the game over every answer; a policy told the
    sample would guess dog second, always (2 guesses)."""
    p = 0.3
    noisy = NoisyGame(toy, p)
    some = evaluate(noisy, MostLikely(), "cat", method="exact", prune=0.0, answers=["dog"])
    assert some.answers == ("dog",) and some.sampled_answers
    assert some.guesses_per_answer == pytest.approx([2 + p])
    assert some.guesses_for("dog") == pytest.approx(2 + p)


def test_track_beliefs_without_noise_by_hand(toy):
    """p = 0: cat's feedback tells cot (g b g) from dog (b b b), so after the first report the
    exact belief is all on the answer, and so is every filter's (only particles on the answer
    explain the report; with 100 or more over three answers some are there): one distinct
    answer, total variation 0."""
    rows = stochastic.track_beliefs(
        NoisyGame(toy, 0.0), MostLikely(), "cat", ["cot", "dog"], [100, 1000], n_games=2
    )
    assert sorted((r["answer"], r["n_particles"], r["game"]) for r in rows) == sorted(
        (a, n, g) for a in ("cot", "dog") for n in (100, 1000) for g in (0, 1)
    )
    for r in rows:
        assert (r["turn"], r["distinct"]) == (1, 1), r
        assert r["exact_on_answer"] == pytest.approx(1, abs=1e-12), r
        assert r["particles_on_answer"] == pytest.approx(1, abs=1e-12), r
        assert r["tv"] == pytest.approx(0, abs=1e-12), r


def test_track_beliefs_with_noise_against_the_definition(toy):
    """p = 0.2. Once cat is played and not won, neither belief puts anything on cat, so over
    the two answers left the total-variation distance (1/2) sum_a |b(a) - b'(a)| is
    |b(answer) - b'(answer)|, whatever N. 20,000 particles over two answers stay within 0.01
    of the exact belief (the sampling error is about 0.004)."""
    rows = stochastic.track_beliefs(
        NoisyGame(toy, 0.2), MostLikely(), "cat", ["cot", "dog"], [10, 20000], n_games=3, seed=4
    )
    assert len(rows) >= 12
    for r in rows:
        gap = abs(r["particles_on_answer"] - r["exact_on_answer"])
        assert r["tv"] == pytest.approx(gap, abs=1e-12), r
    assert any(r["tv"] > 0.05 for r in rows)  # 10 particles: the identity is met away from 0
    assert any(0.1 < r["exact_on_answer"] < 0.9 for r in rows)  # the noise leaves doubt
    assert all(r["tv"] <= 0.01 for r in rows if r["n_particles"] == 20000)


# --- bad parameters ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, bad, message",
    [
        (
            tile_noise,
            1.0,
            r"noise probability p of tile noise must be a number in \[0, 1\), got 1.0",
        ),
        (tile_noise, -0.1, r"in \[0, 1\), got -0.1"),
        (tile_noise, "0.1", r"in \[0, 1\), got '0.1'"),
        (row_noise, 1.5, r"noise probability p of row noise must be a number in \[0, 1\], got 1.5"),
    ],
)
def test_bad_noise_probability_is_refused(make, bad, message):
    with pytest.raises(WordlekitError, match=message):
        make(5, bad)


@pytest.mark.parametrize("bad", [0, -3, 2.5, True])
def test_bad_number_of_particles_is_refused(toy, bad):
    with pytest.raises(
        WordlekitError, match=f"number of particles N must be a whole number >= 1, got {bad!r}"
    ):
        ParticleFilter(toy, 0.1, bad)


def test_bad_evaluation_parameters_are_refused(toy):
    noisy = NoisyGame(toy, 0.1)
    with pytest.raises(WordlekitError, match="in easy mode, got mode 'hard'"):
        NoisyGame(toy.with_mode("hard"), 0.1)
    with pytest.raises(WordlekitError, match="max_guesses must be a whole number >= 1, got 0"):
        evaluate(noisy, MostLikely(), "cat", max_guesses=0)
    with pytest.raises(WordlekitError, match="unknown method 'bogus'"):
        evaluate(noisy, MostLikely(), "cat", method="bogus")
    with pytest.raises(WordlekitError, match="a particle filter is random"):
        evaluate(noisy, MostLikely(), "cat", method="exact", n_particles=10)
    with pytest.raises(WordlekitError, match="noise probability p of tile noise must be a number"):
        NoisyGame(toy, 1.2)
    with pytest.raises(
        WordlekitError,
        match=r"number of particles N must be a whole number >= 1 or None \(the exact belief\), got 0",
    ):
        evaluate(noisy, MostLikely(), "cat", n_particles=0)
    with pytest.raises(WordlekitError, match="noise model for 5-letter words"):
        NoisyGame(toy, tile_noise(5, 0.1))
    with pytest.raises(WordlekitError, match="answer 'cab' is not an answer of the game"):
        evaluate(noisy, MostLikely(), "cat", answers=["cot", "cab"])
    # the deterministic game has no noise to average over
    with pytest.raises(WordlekitError, match="expected method 'auto' or 'exact' and no particles"):
        evaluate(toy, MIG(), "cat", method="simulation")
    with pytest.raises(WordlekitError, match="expected method 'auto' or 'exact' and no particles"):
        evaluate(toy, MIG(), "cat", n_particles=10)


def test_bad_rollout_parameters_are_refused():
    with pytest.raises(
        WordlekitError,
        match=r"number of simulations n must be a whole number >= 1 or None \(exact\), got 0",
    ):
        BeliefRollout(n_simulations=0)
    with pytest.raises(WordlekitError, match="top-k must be a whole number >= 1, got 0"):
        BeliefRollout(top_k=0)
