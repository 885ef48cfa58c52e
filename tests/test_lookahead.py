"""Approximation in value space, l-step lookahead, truncated and sampled rollout: hand-worked
values, the exact optimum (plain-Python reference), and the invariants of the module docstring."""

import math

import numpy as np
import pytest

from wordlekit import Rollout, State, WordlekitError, evaluate, get_heuristic
from wordlekit.avts import EstimatorCostToGo
from wordlekit.evaluation import policy_states
from wordlekit.game import small_game
from wordlekit.lookahead import (
    EntropyCostToGo,
    Lookahead,
    OracleCost,
    PerAnswerPolicyCost,
    PolicyCost,
    PolicyDepths,
    TruncatedPolicyCost,
)
from wordlekit.optimal import OptimalCost
from wordlekit.policies import make_policy
from wordlekit.rollout import SampledRollout

from . import reference
from .conftest import SMALL_GAMES, atch_game
from .test_heuristics import batch_game

MODES = ["easy", "hard", "strict"]


def per_answer(game, policy, opener):
    return evaluate(game, policy, opener).guesses_per_answer.tolist()


def reference_rollout(game, name, top_k, opener):
    """Guesses per answer of rollout over heuristic ``name`` (Algorithm 1 with the documented
    shortlist rule), by the plain-Python reference of tests/reference.py: no wordlekit code."""
    guesses, answers = list(game.guesses), list(game.answers)
    choose = reference.rollout_policy(name, game.mode, guesses, top_k)
    return reference.evaluate(choose, game.mode, guesses, answers, opener)


def reference_optimum(game, opener):
    """MinTotal from ``opener`` without a cap, by the plain-Python search of tests/reference.py."""
    guesses, answers, mode = list(game.guesses), list(game.answers), game.mode
    groups = reference.children(mode, guesses, tuple(answers), tuple(guesses), (), opener)
    return len(answers) + sum(
        reference.optimal_total(mode, guesses, c, a)
        for tiles, (c, a, _) in groups.items()
        if set(tiles) != {"g"}
    )


# --- J~ by hand ------------------------------------------------------------------------------


def test_entropy_cost_to_go_by_hand_on_the_atch_game():
    # Seven -atch answers. chomp splits them 4 / 1 / 1 / 1; an -atch guess solves itself and
    # leaves the other six together. Q = 1 + (1/7) sum_f |S_f| log2 |S_f| (Eq. (13), item (e)).
    game = atch_game()
    policy = Lookahead(EntropyCostToGo(), top_k=None)
    options, totals = policy.q_totals(game, game.initial_state())
    q = {game.guesses[u]: t / 7 for u, t in zip(options, totals)}
    assert q["chomp"] == pytest.approx(1 + 4 * 2 / 7)
    assert q["batch"] == pytest.approx(q["watch"]) == pytest.approx(1 + 6 * math.log2(6) / 7)
    assert game.guesses[policy.choose(game, game.initial_state())] == "chomp"
    assert EntropyCostToGo().cost_to_go(game, game.initial_state()) == pytest.approx(math.log2(7))


def test_entropic_estimator_cost_by_hand_on_the_atch_game():
    # The blog's n = log2|S| / H + 1 (+ a candidate's chance 1/|S| of winning now); the best
    # guess at the root is chomp (H of 4/1/1/1 sevenths), a last candidate costs 1, two cost 1.5.
    game = atch_game()
    root = game.initial_state()
    h_chomp = math.log2(7) - 4 * 2 / 7
    h_atch = math.log2(7) - 6 * math.log2(6) / 7
    want = min(math.log2(7) / h_chomp + 1, 1 / 7 + 6 / 7 * (math.log2(7) / h_atch + 1))
    cost = EstimatorCostToGo()
    assert cost.cost_to_go(game, root) == pytest.approx(want)
    chomp = game.guess_index("chomp")
    singles = [
        c for p, c in game.children(root, chomp) if len(c.candidates) == 1 and p != game.solved
    ]
    assert len(singles) == 3 and all(cost.cost_to_go(game, c) == 1.0 for c in singles)
    pair = State(np.array([0, 1], dtype=np.int32), None, 1)  # batch, catch: 1/2 + 1/2 * 2
    assert cost.cost_to_go(game, pair) == pytest.approx(1.5)


def test_truncated_cost_by_hand_on_the_atch_game():
    # MIG plays chomp at the root (7 guesses charged); at m = 1 every child then costs its
    # terminal estimate |S_f| log2 |S_f|: 4 * 2 for {batch, hatch, latch, watch}, 0 for the three
    # last candidates (the entropy estimate's known flaw: one guess is still needed there).
    game = atch_game()
    root, mig = game.initial_state(), get_heuristic("mig")
    assert game.guesses[mig.choose(game, root)] == "chomp"
    entropy = EntropyCostToGo()
    assert TruncatedPolicyCost(mig, 0, entropy).total(game, root) == pytest.approx(7 * math.log2(7))
    assert TruncatedPolicyCost(mig, 1, entropy).total(game, root) == pytest.approx(
        7 + 4 * 2 + 3 * 0
    )
    exact = PolicyCost(mig).total(game, root)
    assert TruncatedPolicyCost(mig, None, entropy).total(game, root) == exact
    assert TruncatedPolicyCost(mig, 10, entropy).total(game, root) == exact  # deeper than any game


# --- Approximation in value space with J* and with a base policy's cost ------------------------


@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("seed", [21, 22])
def test_lookahead_over_the_optimum_is_optimal_at_any_depth(mode, seed):
    game = small_game(10, 8, seed, mode=mode)
    for opener in list(game.guesses)[:2]:
        optimum = reference_optimum(game, opener)
        for depth in (1, 2):
            policy = Lookahead(OptimalCost(), depth=depth, top_k=None, deep_top_k=None)
            assert evaluate(game, policy, opener).total == optimum, (opener, depth)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("spec", SMALL_GAMES[:2])
def test_lookahead_over_a_base_cost_is_never_worse_than_the_base(mode, spec):
    game = small_game(**spec, mode=mode)
    for name in ("mig", "mrd"):
        base = get_heuristic(name)
        for opener in list(game.guesses)[:2]:
            base_total = evaluate(game, base, opener).total
            one = evaluate(game, Lookahead(PolicyCost(base), depth=1, top_k=3), opener).total
            two = evaluate(
                game, Lookahead(PolicyCost(base), depth=2, top_k=3, deep_top_k=2), opener
            ).total
            assert one <= base_total and two <= base_total, (name, opener)


@pytest.mark.parametrize("mode", MODES)
def test_one_step_lookahead_over_a_base_cost_is_rollout(mode):
    game = small_game(**SMALL_GAMES[0], mode=mode)
    mig = get_heuristic("mig")
    opener = game.guesses[1]
    # Rollout is built as Lookahead(PolicyCost(base)): the expected games come from the
    # reference, not from Rollout.
    want = reference_rollout(game, "mig", 4, opener)
    assert per_answer(game, Lookahead(PolicyCost(mig), top_k=4), opener) == want


def test_entropy_lookahead_and_a_users_callable_play_migs_best_guesses():
    game = small_game(**SMALL_GAMES[0])
    mig = get_heuristic("mig")
    entropy = Lookahead(EntropyCostToGo(), top_k=None)
    by_hand = Lookahead(lambda game, state: math.log2(len(state.candidates)), top_k=None)
    opener = game.guesses[0]
    assert per_answer(game, entropy, opener) == per_answer(game, by_hand, opener)
    for node_state in [
        c for p, c in game.children(game.initial_state(), 0) if len(c.candidates) > 2
    ]:
        keys = mig.keys(game, node_state)
        chosen = entropy.choose(game, node_state)
        allowed = game.allowed_guesses(node_state).tolist()
        assert keys[allowed.index(chosen)] == keys.min()  # a maximum-entropy guess


# --- Truncated rollout --------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["easy", "strict"])
def test_truncated_rollout_spans_value_space_to_rollout(mode):
    game = small_game(**SMALL_GAMES[1], mode=mode)
    mig = get_heuristic("mig")
    opener = game.guesses[2]
    rollout = reference_rollout(game, "mig", 4, opener)
    for terminal in (EntropyCostToGo(), EstimatorCostToGo()):
        infinite = Lookahead(TruncatedPolicyCost(mig, None, terminal), top_k=4)
        assert per_answer(game, infinite, opener) == rollout
        zero = Lookahead(TruncatedPolicyCost(mig, 0, terminal), top_k=4)
        pure = Lookahead(terminal, top_k=4, shortlist_heuristic=mig, base_policy=mig)
        assert per_answer(game, zero, opener) == per_answer(game, pure, opener)


# --- Sampled rollout ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_sampled_rollout_with_every_candidate_is_rollout(mode):
    game = small_game(**SMALL_GAMES[0], mode=mode)
    for name in ("mig", "gep"):
        base = get_heuristic(name)
        opener = game.guesses[3]
        sampled = SampledRollout(base, samples=len(game.answers), seed=5, top_k=3)
        assert per_answer(game, sampled, opener) == reference_rollout(game, name, 3, opener), name


def test_sampled_games_match_the_exact_q_factor_table_and_are_seeded():
    game = small_game(**SMALL_GAMES[3])
    mig = get_heuristic("mig")
    state = max(
        (c for p, c in game.children(game.initial_state(), 0)), key=lambda c: len(c.candidates)
    )
    n = len(state.candidates)
    assert n > 6
    sampled = SampledRollout(mig, samples=3, seed=1, top_k=4)
    options, q = Rollout(mig, top_k=4).q_factor_table(game, state)
    for i, u in enumerate(options):
        for j, m in enumerate(state.candidates):
            assert sampled.guesses_needed(game, state, int(u), int(m)) == q[i, j]
    sample = sampled.sample(game, state)
    assert len(sample) == 3 and set(sample) <= set(state.candidates.tolist())
    assert np.array_equal(SampledRollout(mig, samples=3, seed=1).sample(game, state), sample)
    est_options, totals = sampled.q_totals(game, state)
    where = np.searchsorted(state.candidates, sample)
    assert np.array_equal(est_options, options)
    assert np.allclose(totals, q[:, where].sum(axis=1) * n / 3)
    # seeded: same policy, same bytes; another seed, another sample somewhere
    again = per_answer(game, SampledRollout(mig, samples=3, seed=1, top_k=4), game.guesses[0])
    assert per_answer(game, sampled, game.guesses[0]) == again
    assert any(
        not np.array_equal(SampledRollout(mig, samples=3, seed=s).sample(game, state), sample)
        for s in range(2, 6)
    )


def test_policies_by_name_plug_into_evaluate():
    game = small_game(10, 8, 21)
    opener = game.guesses[0]
    base = evaluate(game, get_heuristic("mig"), opener).total
    optimum = reference_optimum(game, opener)
    assert optimum <= evaluate(game, make_policy("lookahead2-mig", 3), opener).total <= base
    sampled = make_policy("sampled-rollout-mig", 3)
    assert sampled.samples >= 1 and evaluate(game, sampled, opener).total >= optimum
    from wordlekit.prior import uniform_prior

    with pytest.raises(WordlekitError, match="no version for a prior"):
        make_policy("lookahead2-mig", 3, uniform_prior(game.answers))


# --- Bad parameters -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, message",
    [
        (
            lambda: Lookahead(EntropyCostToGo(), depth=0),
            "lookahead depth l must be a whole number >= 1, got 0",
        ),
        (
            lambda: Lookahead(EntropyCostToGo(), depth=1.5),
            "lookahead depth l must be a whole number >= 1, got 1.5",
        ),
        (
            lambda: Lookahead(EntropyCostToGo(), top_k=0),
            r"top-k must be a whole number >= 1 or None \(every guess\), got 0",
        ),
        (
            lambda: Lookahead(EntropyCostToGo(), deep_top_k=0),
            r"deep top-k must be a whole number >= 1 or None \(every guess\), got 0",
        ),
        (lambda: Lookahead(42), "cost-to-go 42 is neither a CostToGo nor a callable"),
        (
            lambda: SampledRollout(get_heuristic("mig"), samples=0),
            "sample size s must be a whole number >= 1, got 0",
        ),
        (
            lambda: SampledRollout(get_heuristic("mig"), samples=3, seed="x"),
            "seed must be a whole number, got 'x'",
        ),
        (
            lambda: TruncatedPolicyCost(get_heuristic("mig"), -1, EntropyCostToGo()),
            r"truncation m .* must be a whole number >= 0 or None \(no truncation\), got -1",
        ),
        (
            lambda: SampledRollout(get_heuristic("mig"), 3, top_k=None),
            "top-k must be a whole number >= 1, got None",
        ),
    ],
)
def test_bad_parameters_are_refused_with_one_message(make, message):
    with pytest.raises(WordlekitError, match=message):
        make()


@pytest.mark.parametrize("mode", MODES)
def test_q_total_of_any_guess_is_the_reference_rollout_q_factor(mode):
    # q_total prices a guess whether or not the shortlist holds it (notebook 05 asks what the
    # paper's move, outside rollout's shortlist, would cost): |S| + the base's total after it,
    # summed over the feedbacks, by the plain-Python reference.
    game = small_game(**SMALL_GAMES[0], mode=mode)
    state = game.initial_state()
    policy = Rollout(get_heuristic("mig"), 2)
    shortlist = set(policy.shortlist(game, state).tolist())
    guesses, answers = list(game.guesses), tuple(game.answers)
    outside = [u for u in range(len(guesses)) if u not in shortlist][:5]
    for u in outside + sorted(shortlist):
        groups = reference.children(mode, guesses, answers, tuple(guesses), (), guesses[u])
        expected = len(answers) + sum(
            reference.base_total("mig", mode, guesses, c, a)
            for tiles, (c, a, _) in groups.items()
            if set(tiles) != {"g"}
        )
        assert policy.q_total(game, state, u) == expected, guesses[u]


# --- Eq. (15): the oracle cost-to-go; Eqs. (16)-(17): one base policy per hypothesis ----------


class FirstCandidate:
    """Plays the first candidate in list order (a base policy simple enough to follow by hand)."""

    name = "first-candidate"

    def choose(self, game, state):
        return int(np.min(game.finishing_guesses(state)))


class LastCandidate(FirstCandidate):
    name = "last-candidate"

    def choose(self, game, state):
        return int(np.max(game.finishing_guesses(state)))


def test_oracle_lookahead_by_hand_on_the_batch_game():
    # Eq. (15): knowing the answer, one more guess names it, so |S| Q(u) = |S| + (|S| - [u in S]).
    # Three candidates: a candidate 3 + 2 = 5, bicep (no candidate, splits all) 3 + 3 = 6.
    game = batch_game()
    root = game.initial_state()
    policy = make_policy("oracle-mig")
    options, totals = policy.q_totals(game, root)
    q = dict(zip((game.guesses[u] for u in options), totals.tolist()))
    assert q == {"bicep": 6, "batch": 5, "catch": 5, "patch": 5}
    # MIG ranks bicep first (three buckets); the candidates tie (1 + 2 each) and go in list
    # order, so the oracle plays batch; catch and patch both get b g g g g, then catch (3 - 1 = 2
    # against bicep's 4; it ties bicep on entropy and comes first as a candidate), then patch.
    assert game.guesses[policy.choose(game, root)] == "batch"
    assert evaluate(game, policy, None).guesses_per_answer.tolist() == [1, 2, 3]
    # the closed form is the generic backup over OracleCost
    generic = Lookahead(OracleCost(), top_k=None, shortlist_heuristic=get_heuristic("mig"))
    assert generic.q_totals(game, root)[1].tolist() == totals.tolist()


def test_per_answer_policy_cost_by_hand_on_the_batch_game():
    # Two base policies: first candidate in list order (A) and last (B). From {batch, catch,
    # patch}, A plays batch, then catch, then patch: 1, 2, 3 guesses; B plays patch, then catch,
    # then batch: 3, 2, 1. Per answer the better one: 1, 2, 1, total 4.
    game = batch_game()
    root = game.initial_state()
    a, b = FirstCandidate(), LastCandidate()
    cost = PerAnswerPolicyCost([a, b])
    assert PolicyDepths(game, a).of(root).tolist() == [1, 2, 3]
    assert PolicyDepths(game, b).of(root).tolist() == [3, 2, 1]
    assert cost.total(game, root) == 4
    # The optimum is 6 (any candidate leaves two together, bicep costs 2 each): choosing the
    # policy by the answer falls below every real strategy, though not below the oracle's 3.
    optimum = reference.optimal_total("easy", list(game.guesses), list(game.answers))
    assert optimum == 6 and OracleCost().total(game, root) == 3 < cost.total(game, root) < optimum
    # Eq. (17)'s Q-factors: a candidate u leaves the other two together, each first for one of
    # A and B: 3 + (1 + 1) = 5; bicep: 3 + 1 + 1 + 1 = 6. Rollout over A alone: 3 + (1 + 2) = 6.
    lookahead = Lookahead(cost, top_k=None, shortlist_heuristic=get_heuristic("mig"))
    options, totals = lookahead.q_totals(game, root)
    q = dict(zip((game.guesses[u] for u in options), totals.tolist()))
    assert q == {"bicep": 6, "batch": 5, "catch": 5, "patch": 5}
    assert Lookahead(PolicyCost(a), top_k=None).q_total(game, root, game.guess_index("batch")) == 6


@pytest.mark.parametrize("mode", MODES)
def test_per_answer_depths_sum_to_the_policy_total(mode):
    game = small_game(**SMALL_GAMES[1], mode=mode)
    mig = get_heuristic("mig")
    depths = PolicyDepths(game, mig)
    for state in policy_states(game, mig, game.guesses[0])[:20]:
        assert depths.of(state).sum() == PolicyCost(mig).total(game, state)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("spec", SMALL_GAMES[1:3])
def test_oracle_below_optimum_below_per_answer_below_each_base(mode, spec):
    # At every state MIG meets: |S| (oracle, Eq. (15)) <= T*(S) (plain-Python reference) and
    # oracle <= per-answer best (Eq. (17)) <= each base's own total; per guess, Eq. (15)'s
    # Q-factor is a lower bound on the optimum's.
    game = small_game(**spec, mode=mode)
    bases = [get_heuristic(n) for n in ("mig", "mrd", "gep")]
    per_answer_cost, oracle = PerAnswerPolicyCost(bases), OracleCost()
    guesses = list(game.guesses)
    optimal = Lookahead(OptimalCost(), top_k=None)
    for state in policy_states(game, bases[0], guesses[0])[:8]:
        cands = [game.answers[i] for i in state.candidates]
        allowed = [guesses[i] for i in game.allowed_guesses(state)]
        optimum = reference.optimal_total(mode, guesses, cands, allowed)
        per_answer = per_answer_cost.total(game, state)
        assert oracle.total(game, state) == len(cands) <= optimum
        assert per_answer >= len(cands)
        assert all(per_answer <= PolicyCost(b).total(game, state) for b in bases)
        for u in game.allowed_guesses(state)[:10]:
            assert Lookahead(oracle, top_k=None).q_total(game, state, u) <= optimal.q_total(
                game, state, u
            )


@pytest.mark.parametrize("mode", MODES)
def test_oracle_policy_is_the_generic_lookahead_over_the_oracle_cost(mode):
    # The closed-form choice equals the argmin of the generic backup over every guess.
    game = small_game(**SMALL_GAMES[0], mode=mode)
    for name in ("mig", "mrd"):
        policy = make_policy(f"oracle-{name}")
        generic = Lookahead(OracleCost(), top_k=None, shortlist_heuristic=get_heuristic(name))
        for state in policy_states(game, policy, game.guesses[0])[:15]:
            assert policy.choose(game, state) == generic.choose(game, state)
            assert game.guesses[policy.choose(game, state)] in game.candidate_words(state)
