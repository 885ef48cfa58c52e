"""Policies by name: the heuristics, the rollouts over them, two-step lookahead and sampled rollout.

``rollout-H`` is rollout over heuristic H (top-k shortlist), ``lookahead2-H`` the two-step
lookahead with H's exact cost as J~ (``lookahead.Lookahead(PolicyCost(H), depth=2)``, top-k
guesses at both levels), ``sampled-rollout-H`` rollout whose
Q-factors are estimated from ``DEFAULT_SAMPLES`` candidates per state (seed 0).
"""

from __future__ import annotations

from .errors import WordlekitError
from .heuristics import HEURISTICS, get_heuristic
from .lookahead import Lookahead, PolicyCost
from .rollout import DEFAULT_TOP_K, Rollout, SampledRollout

#: Heuristics that the two-step lookahead and sampled rollout are offered over by name.
_SEARCHED = ("mig", "mrd", "gep")
POLICIES = (
    tuple(HEURISTICS)
    + tuple(f"rollout-{name}" for name in HEURISTICS)
    + tuple(f"lookahead2-{name}" for name in _SEARCHED)
    + tuple(f"sampled-rollout-{name}" for name in _SEARCHED)
)
#: Candidates sampled per state by ``sampled-rollout-*``.
DEFAULT_SAMPLES = 20


def uses_top_k(name: str) -> bool:
    """Whether policy ``name`` has a shortlist (and so a top-k): all but the plain heuristics."""
    return name not in HEURISTICS


def make_policy(name: str, top_k: int = DEFAULT_TOP_K, prior=None):
    """A new policy by name: a heuristic (``mig``), a rollout over one (``rollout-mig``), the
    two-step lookahead over its cost (``lookahead2-mig``) or its sampled rollout
    (``sampled-rollout-mig``); see the module docstring.

    With a ``prior`` (``wordlekit.prior.Prior``) the heuristic works on the prior's belief and
    the rollout weighs its Q-factors by it; ``gep-published`` has no such version.
    """
    if name not in POLICIES:
        raise WordlekitError(f"unknown policy {name!r}; expected one of {', '.join(POLICIES)}")
    base = name.removeprefix("lookahead2-").removeprefix("sampled-rollout-")
    if base != name:
        if prior is not None:
            raise WordlekitError(
                f"policy {name!r} has no version for a prior; expected the uniform "
                f"prior or one of {', '.join(HEURISTICS)}, rollout-*"
            )
        if name.startswith("lookahead2-"):
            return Lookahead(PolicyCost(get_heuristic(base)), depth=2, top_k=top_k)
        return SampledRollout(get_heuristic(base), DEFAULT_SAMPLES, seed=0, top_k=top_k)
    if prior is not None:
        heuristic = get_heuristic(name.removeprefix("rollout-"), prior)
        return Rollout(heuristic, top_k, prior=prior) if name.startswith("rollout-") else heuristic
    if name == "rollout-gep-published":
        # The paper's shortlist ranked by GEP as defined; only its play-on had the sign error.
        return Rollout(
            get_heuristic("gep-published"), top_k, shortlist_heuristic=get_heuristic("gep")
        )
    if name.startswith("rollout-"):
        return Rollout(get_heuristic(name.removeprefix("rollout-")), top_k)
    return get_heuristic(name)


def next_guess(game, policy, history, opener: str | None = None) -> str:
    """The guess ``policy`` plays next in one game, given its history so far.

    Parameters
    ----------
    game : Game
    policy : a policy (see ``make_policy``)
    history : sequence of (guess word, feedback) pairs; feedback as g/y/b tiles or a pattern
    opener : str, optional
        The first guess to play when the history is empty (the papers fix it, e.g. salet).
        Without one, the policy chooses the first guess itself.
    """
    state = game.state_after(history)
    if (
        history
        and len(state.candidates) == 1
        and game.guess_of_answer[state.candidates[0]] == game.guess_index(history[-1][0])
    ):
        raise WordlekitError(
            f"the game is already solved by {history[-1][0]!r}; no guess is needed"
        )
    if state.turn == 0 and opener is not None:
        return game.guesses[game.guess_index(opener, role="opener")]
    return game.guesses[policy.choose(game, state)]
