"""Policies by name, from one small grammar: ``[wrapper-]base``.

A *base* is a heuristic by name (``heuristics.HEURISTICS``: ``mig``, ``mrd``, ``gep``,
``gep-published``) or a valuation strategy by name (``knuth``: Knuth's Mastermind strategy,
``valuations.KNUTH``: the smallest largest bucket, a candidate among equals, then list order);
a *wrapper* (``WRAPPERS``) builds a search over it:

- ``rollout-H``: rollout over heuristic H (top-k shortlist), ``rollout.Rollout``;
- ``lookahead2-H``: the two-step lookahead with H's exact cost as J~
  (``lookahead.Lookahead(PolicyCost(H), depth=2)``, top-k guesses at both levels);
- ``sampled-rollout-H``: rollout whose Q-factors are estimated from ``DEFAULT_SAMPLES``
  candidates per state (seed 0), ``rollout.SampledRollout``;
- ``oracle-H``: Eq. (15) of the rollout paper, the one-step lookahead whose cost-to-go is the
  optimal cost if the answer were known (one more guess), over every allowed guess; all
  candidates tie, and H's ranking picks one (``lookahead.OracleLookahead``);
- ``per-answer-rollout-H``: Eqs. (16)-(17), one base policy per hypothesis: H's shortlist,
  each candidate charged the best of MIG, MRD and GEP for it (``rollout.PerAnswerRollout``);
- ``inset-H``: H itself with its ties broken towards candidates (``heuristics.CandidatesFirst``),
  no lookahead: rollout's shortlist rule alone. A wrapper rather than a base because it is
  one rule over any of the searched heuristics; over MRD and GEP, whose ties already go to
  candidates, it plays the same guesses as H.

A new wrapper (or a new base for one) is one entry of ``WRAPPERS``; ``POLICIES`` lists every
name the grammar allows, in the order the CLI shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .contracts import Playable
from .errors import WordlekitError
from .heuristics import HEURISTICS, CandidatesFirst, Heuristic, get_heuristic
from .lookahead import Lookahead, OracleLookahead, PolicyCost
from .rollout import DEFAULT_TOP_K, PerAnswerRollout, Rollout, SampledRollout
from .valuations import KNUTH, ValuationStrategy

#: Candidates sampled per state by ``sampled-rollout-*``.
DEFAULT_SAMPLES = 20


@dataclass(frozen=True)
class Wrapper:
    """A search over a base heuristic: ``build(heuristic, base name, top_k, prior)`` makes it,
    over the heuristics named in ``bases``; ``prior`` says whether it has a version for a prior
    (the heuristic is then built on the prior's belief)."""

    build: Callable
    bases: tuple[str, ...]
    prior: bool = False


#: Bases that are valuation strategies, not heuristics: no version for a prior.
_VALUED = {"knuth": KNUTH}
#: Every base by name, in the order of ``POLICIES``.
BASES = (*HEURISTICS, *_VALUED)


def _base(name: str, prior):
    """The base policy ``name``: a heuristic (on the prior's belief, if any) or a valuation
    strategy (which has no prior version)."""
    if name in _VALUED:
        if prior is not None:
            raise WordlekitError(
                f"policy {name!r} has no version for a prior; expected the uniform prior"
            )
        return ValuationStrategy(_VALUED[name], name=name)
    return get_heuristic(name, prior)


def shortlist_for(heuristic: Heuristic) -> Heuristic:
    """The heuristic whose best guesses a rollout over ``heuristic`` shortlists: itself, but GEP
    as defined for ``gep-published`` (the paper's sign error was in the play-on only: the
    rollout module's docstring measures both readings)."""
    return get_heuristic("gep") if heuristic.name == "gep-published" else heuristic


def _rollout(heuristic: Heuristic, base: str, top_k, prior):
    if prior is None:
        return Rollout(heuristic, top_k, shortlist_heuristic=shortlist_for(heuristic))
    return Rollout(heuristic, top_k, prior=prior)


#: Heuristics that the two-step lookahead and sampled rollout are offered over by name; the
#: base policies ``per-answer-rollout-*`` chooses from per candidate.
_SEARCHED = ("mig", "mrd", "gep")


def _per_answer_bases() -> list[Heuristic]:
    return [get_heuristic(name) for name in _SEARCHED]


#: Wrappers by the prefix that names them (``rollout-mig``), in the order of ``POLICIES``.
WRAPPERS = {
    "rollout": Wrapper(_rollout, BASES, prior=True),
    "lookahead2": Wrapper(
        lambda h, base, top_k, prior: Lookahead(PolicyCost(h), depth=2, top_k=top_k), _SEARCHED
    ),
    "sampled-rollout": Wrapper(
        lambda h, base, top_k, prior: SampledRollout(h, DEFAULT_SAMPLES, seed=0, top_k=top_k),
        _SEARCHED,
    ),
    "inset": Wrapper(lambda h, base, top_k, prior: CandidatesFirst(h), _SEARCHED),
    "oracle": Wrapper(lambda h, base, top_k, prior: OracleLookahead(h), _SEARCHED),
    "per-answer-rollout": Wrapper(
        lambda h, base, top_k, prior: PerAnswerRollout(h, _per_answer_bases(), top_k), _SEARCHED
    ),
}
#: Every policy name: (wrapper prefix or None, base heuristic).
_GRAMMAR = {name: (None, name) for name in BASES} | {
    f"{prefix}-{base}": (prefix, base)
    for prefix, wrapper in WRAPPERS.items()
    for base in wrapper.bases
}
POLICIES = tuple(_GRAMMAR)


def uses_top_k(name: str) -> bool:
    """Whether policy ``name`` has a shortlist (and so a top-k): all but the plain heuristics,
    their ``inset-`` versions and ``oracle-`` (every guess)."""
    return name not in BASES and _GRAMMAR.get(name, (None,))[0] not in ("inset", "oracle")


def make_policy(name: str, top_k: int = DEFAULT_TOP_K, prior=None):
    """A new policy by name: a heuristic (``mig``), a rollout over one (``rollout-mig``), the
    two-step lookahead over its cost (``lookahead2-mig``) or its sampled rollout
    (``sampled-rollout-mig``); see the module docstring.

    With a ``prior`` (``wordlekit.prior.Prior``) the heuristic works on the prior's belief and
    the rollout weighs its Q-factors by it; ``gep-published`` has no such version.
    """
    if name not in _GRAMMAR:
        raise WordlekitError(f"unknown policy {name!r}; expected one of {', '.join(POLICIES)}")
    prefix, base = _GRAMMAR[name]
    wrapper = None if prefix is None else WRAPPERS[prefix]
    if prior is not None and wrapper is not None and not wrapper.prior:
        with_prior = ", ".join(f"{p}-*" for p, w in WRAPPERS.items() if w.prior)
        raise WordlekitError(
            f"policy {name!r} has no version for a prior; expected the uniform "
            f"prior or one of {', '.join(HEURISTICS)}, {with_prior}"
        )
    heuristic = _base(base, prior)
    return heuristic if wrapper is None else wrapper.build(heuristic, base, top_k, prior)


def next_guess(game: Playable, policy, history, opener: str | None = None) -> str:
    """The guess ``policy`` plays next in one game, given its history so far.

    Parameters
    ----------
    game : contracts.Playable
    policy : a policy (see ``make_policy``)
    history : sequence of (guess word, feedback) pairs; feedback as g/y/b tiles or a pattern
    opener : str, optional
        The first guess to play when the history is empty (the papers fix it, e.g. salet).
        Without one, the policy chooses the first guess itself.
    """
    state = game.state_after(history)
    if game.is_finished(state):
        raise WordlekitError(
            f"the game is already solved by {history[-1][0]!r}; no guess is needed"
        )
    if state.turn == 0 and opener is not None:
        return game.guesses[game.guess_index(opener, role="opener")]
    return game.guesses[policy.choose(game, state)]
