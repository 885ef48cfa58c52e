"""Policies by name: the grammar ``[wrapper-]base`` gives the names the README and the CLI list,
each built as the module docstring says (the wrapper's class over the named base heuristic),
and clear errors for a name outside it or a wrapper without a version for a prior."""

import pytest

from wordlekit import GEP, MIG, MRD, GEPPublished, Lookahead, Rollout, SampledRollout
from wordlekit.errors import WordlekitError
from wordlekit.lookahead import PolicyCost
from wordlekit.policies import POLICIES, make_policy, uses_top_k
from wordlekit.prior import uniform_prior
from wordlekit.valuations import ValuationStrategy
from wordlekit.words import original_answers

BASES = {"mig": MIG, "mrd": MRD, "gep": GEP, "gep-published": GEPPublished}


def test_the_names_are_the_documented_ones_in_order():
    # Written out by hand, as `wordlekit evaluate --help` has listed them since 3c134b9.
    assert POLICIES == (
        "mig",
        "mrd",
        "gep",
        "gep-published",
        "knuth",
        "rollout-mig",
        "rollout-mrd",
        "rollout-gep",
        "rollout-gep-published",
        "rollout-knuth",
        "lookahead2-mig",
        "lookahead2-mrd",
        "lookahead2-gep",
        "sampled-rollout-mig",
        "sampled-rollout-mrd",
        "sampled-rollout-gep",
        "inset-mig",
        "inset-mrd",
        "inset-gep",
        "oracle-mig",
        "oracle-mrd",
        "oracle-gep",
        "per-answer-rollout-mig",
        "per-answer-rollout-mrd",
        "per-answer-rollout-gep",
    )
    assert [name for name in POLICIES if not uses_top_k(name)] == [
        *BASES,
        "knuth",
        "inset-mig",
        "inset-mrd",
        "inset-gep",
        "oracle-mig",
        "oracle-mrd",
        "oracle-gep",
    ]


def test_knuth_is_a_valuation_strategy_with_a_rollout_and_no_prior():
    # Knuth's strategy: the smallest largest bucket, then a candidate among equals (Cunanan &
    # Thielscher's MaxSizeSplit then InSet).
    knuth = make_policy("knuth")
    assert type(knuth) is ValuationStrategy and knuth.combination == ("MSS", "InSet")
    rollout = make_policy("rollout-knuth", 7)
    assert type(rollout) is Rollout and rollout.top_k == 7
    with pytest.raises(WordlekitError, match="'knuth' has no version for a prior"):
        make_policy("knuth", prior=uniform_prior(original_answers()))


@pytest.mark.parametrize("base", list(BASES))
def test_a_base_is_its_heuristic_and_rollout_wraps_it(base):
    assert type(make_policy(base)) is BASES[base]
    rollout = make_policy(f"rollout-{base}", 7)
    assert type(rollout) is Rollout
    assert type(rollout.base_heuristic) is BASES[base]
    assert rollout.top_k == 7


def test_rollout_on_the_published_gep_keeps_the_papers_shortlist():
    # Bhambri et al.'s shortlist ranked by GEP as defined; only the play-on had the sign error.
    rollout = make_policy("rollout-gep-published")
    assert type(rollout.base_heuristic) is GEPPublished
    assert type(rollout.shortlist_heuristic) is GEP


@pytest.mark.parametrize("base", ["mig", "mrd", "gep"])
def test_lookahead2_and_sampled_rollout_wrap_the_base(base):
    two = make_policy(f"lookahead2-{base}", 5)
    assert type(two) is Lookahead and two.depth == 2 and two.top_k == 5
    assert isinstance(two.cost, PolicyCost) and type(two.cost.policy) is BASES[base]
    sampled = make_policy(f"sampled-rollout-{base}", 5)
    assert type(sampled) is SampledRollout
    assert (sampled.samples, sampled.seed, sampled.top_k) == (20, 0, 5)
    assert type(sampled.base_heuristic) is BASES[base]


def test_with_a_prior_the_heuristic_and_rollout_use_it():
    prior = uniform_prior(original_answers())
    assert make_policy("mig", prior=prior).prior is prior
    rollout = make_policy("rollout-mrd", prior=prior)
    assert rollout.prior is prior and rollout.base_heuristic.prior is prior


@pytest.mark.parametrize("name", ["entropy", "rollout-entropy", "lookahead2-gep-published", ""])
def test_a_name_outside_the_grammar_is_refused_with_the_list(name):
    with pytest.raises(WordlekitError, match=f"unknown policy {name!r}; expected one of mig, mrd"):
        make_policy(name)


@pytest.mark.parametrize("name", ["lookahead2-mig", "sampled-rollout-gep"])
def test_a_wrapper_without_a_prior_version_says_which_have_one(name):
    prior = uniform_prior(original_answers())
    with pytest.raises(WordlekitError) as caught:
        make_policy(name, prior=prior)
    assert str(caught.value) == (
        f"policy {name!r} has no version for a prior; expected the uniform prior or one of "
        "mig, mrd, gep, gep-published, rollout-*"
    )


def test_oracle_and_per_answer_rollout_wrap_the_base():
    # Eq. (15): every guess, the heuristic ranks; Eqs. (16)-(17): its shortlist, the three
    # heuristics as the base policies chosen per answer.
    oracle = make_policy("oracle-mrd")
    assert type(oracle).__name__ == "OracleLookahead" and oracle.top_k is None
    assert type(oracle.shortlist_heuristic) is MRD and oracle.name == "oracle-mrd"
    per_answer = make_policy("per-answer-rollout-gep", 7)
    assert type(per_answer).__name__ == "PerAnswerRollout" and per_answer.top_k == 7
    assert [type(b) for b in per_answer.bases] == [MIG, MRD, GEP]
    assert type(per_answer.base_policy) is GEP and per_answer.name == "per-answer-rollout-gep"
