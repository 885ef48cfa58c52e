"""Exact evaluation of the stochastic game: every report enumerated, down to a probability.

From a node (the reports so far, as the likelihood ``lik[a]`` = P(reports | a) of each answer)
the policy's guess either wins for the answer it names or leads, for each report f, to a child
with likelihood ``lik[a] * P(f | feedback(guess, a))``. Summing ``turn`` times the probability
of each win over the tree gives every answer's expected guesses. Reports whose prior
probability is below ``prune`` are cut (they count one more guess; their mass is reported), and
at ``max_guesses`` every game not won ends. ``evaluate(method="exact")`` (``play``) runs it from
the first turn; rollout on the belief (``agents.BeliefRollout``) from a belief, for one guess
(``expected_guesses``: the exact Q-factor).
"""

from __future__ import annotations

import numpy as np


class Tally:
    """Per answer a, summed over the branches enumerated: P(branch | a) times the guesses it
    takes (``guesses``), the probability of not winning within the cap (``unfinished``) and
    of the branches cut (``pruned``); arrays of shape (n_answers,)."""

    def __init__(self, n: int):
        self.guesses = np.zeros(n)
        self.unfinished = np.zeros(n)
        self.pruned = np.zeros(n)


def enumerate_reports(
    game, noise, policy, prior, lik, turn, first, max_guesses, prune, tally
) -> None:
    """Add to ``tally`` every answer's guesses over the reports after this node, exactly.

    ``lik[a]`` is P(reports so far | a) (0 for guessed words); the policy sees the belief
    prior * lik, normalised. Reports less likely than ``prune`` (in prior probability) are cut:
    they count one more guess, and their mass goes to ``tally.pruned``.
    """
    weights = prior * lik
    belief = weights / weights.sum()
    guess = first if first is not None else policy.choose(game, noise, belief, turn)
    won = game.answer_of_guess[guess]
    lik = lik.copy()
    if won >= 0 and lik[won] > 0:
        tally.guesses[won] += lik[won] * turn
        lik[won] = 0.0
    live = np.flatnonzero(lik)
    if len(live) == 0:
        return
    if turn >= max_guesses:
        tally.guesses[live] += lik[live] * max_guesses
        tally.unfinished[live] += lik[live]
        return
    rows = noise.likelihood[game.patterns[guess, live]]  # (|live|, 3**L): P(f | t(guess, a))
    branch = lik[live, None] * rows  # P(reports so far and f | a)
    report_mass = prior[live] @ branch
    for f in np.flatnonzero(report_mass > 0):
        if report_mass[f] < prune:
            tally.guesses[live] += branch[:, f] * (turn + 1)
            tally.pruned[live] += branch[:, f]
            continue
        child = np.zeros_like(lik)
        child[live] = branch[:, f]
        enumerate_reports(
            game, noise, policy, prior, child, turn + 1, None, max_guesses, prune, tally
        )


def expected_guesses(game, noise, policy, belief, turn, first, max_guesses) -> float:
    """Exact expected guesses from turn ``turn`` on (this one included) when ``first`` is
    played now on ``belief`` and ``policy`` plays on: the exact Q-factor of rollout."""
    tally = Tally(len(belief))
    enumerate_reports(
        game,
        noise,
        policy,
        belief,
        (belief > 0).astype(float),
        turn,
        first,
        max_guesses,
        0.0,
        tally,
    )
    return float(belief @ tally.guesses) - (turn - 1)
