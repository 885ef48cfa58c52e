"""The walkers of a game with chance: feedback drawn given the secret (``contracts.NoisyModel``).

In the rollout paper's Section 5.1 the system is x_{k+1} = f(x_k, theta, u_k, w_k): the
report the player sees after guess u_k is the true feedback t = feedback(u_k, a) passed
through a random disturbance w_k of known distribution. A policy's tree is then no longer a
tree of candidate sets but of belief nodes, one per history of reports, and ``evaluate``
(``evaluation``) averages over the reports in one of two ways, both here:

- ``enumerate_reports``: exactly. From a node whose secret a has likelihood
  L(a) = P(reports so far | a), the policy's guess u either wins (for the secret it names,
  charged ``turn`` guesses with weight L(a)) or leads, for each report f, to the child with
  likelihood L(a) P(f | t(u, a)). Summing over the tree gives every secret's expected guesses,

      E[guesses | a] = sum over the branches b of P(b | a) x guesses(b).

  Reports whose path probability under the root's prior is below ``prune`` are cut (they
  count one more guess than played, and their mass is reported), and at ``max_guesses`` every
  game not won stops, counting the cap (it is *unfinished*).
- ``play_game``: one game against a secret, the reports drawn from a seeded generator; the
  simulation averages ``n_games`` of them per secret (``simulate``).

Both read the game only through ``contracts.NoisyModel`` and the policy only through
``choose(game, state)``; the rollout on the belief uses them for its Q-factors too
(``stochastic.agents.BeliefRollout``).

References
----------
- [bhambri2022]_, Section 5.1: the stochastic system, its belief and rollout on it.
"""

from __future__ import annotations

import numpy as np

from .checks import whole_number
from .contracts import ModelState, NoisyModel, Policy
from .errors import WordlekitError
from .progress import bar as progress_bar

#: How ``evaluate`` averages over the reports: "auto" is exact at p = 0 without particles.
METHODS = ("auto", "exact", "simulation")
#: Branches of the exact enumeration less likely than this are cut (their mass is reported).
DEFAULT_PRUNE = 1e-12


class Tally:
    """Per secret a, summed over the branches enumerated: P(branch | a) times the guesses it
    takes (``guesses``), the probability of not winning within the cap (``unfinished``) and
    of the branches cut (``pruned``); float64 arrays of shape (n_secrets,)."""

    def __init__(self, n: int):
        self.guesses = np.zeros(n)
        self.unfinished = np.zeros(n)
        self.pruned = np.zeros(n)


def enumerate_reports(
    game: NoisyModel,
    policy: Policy,
    state: ModelState,
    first: int | None,
    max_guesses: int,
    prune: float,
    tally: Tally,
    keep=None,
) -> None:
    """Add to ``tally`` every secret's guesses over the reports after ``state``, exactly.

    ``first`` is the guess at ``state`` (an opener, or the option a Q-factor tries) instead of
    the policy's choice. Reports whose path probability (``game.reports``) is below ``prune``
    are cut: they count one more guess, and their mass goes to ``tally.pruned``. ``keep(child)``
    prunes a child that no longer matters (``evaluate`` over some answers: one whose
    likelihood is 0 on all of them).
    """
    guess = first if first is not None else policy.choose(game, state)
    turn = state.turn + 1
    lik = game.likelihood(state)
    won = game.winner(guess)
    if won >= 0 and lik[won] > 0:
        tally.guesses[won] += lik[won] * turn
        lik = lik.copy()
        lik[won] = 0.0
    live = np.flatnonzero(lik)
    if len(live) == 0:
        return
    if turn >= max_guesses:
        tally.guesses[live] += lik[live] * max_guesses
        tally.unfinished[live] += lik[live]
        return
    for _, mass, child in game.reports(state, guess):
        if mass < prune:
            # A cut branch: zero likelihood outside the secrets still live, so the whole
            # arrays add exactly what the live entries would.
            cut = game.likelihood(child)
            tally.guesses += cut * (turn + 1)
            tally.pruned += cut
        elif keep is None or keep(child):
            enumerate_reports(game, policy, child, None, max_guesses, prune, tally, keep)


def play_game(
    game: NoisyModel,
    policy: Policy,
    secret: int,
    rng: np.random.Generator,
    first: int | None = None,
    start: ModelState | None = None,
    max_guesses: int | None = None,
    trace=None,
) -> tuple[int, bool]:
    """One game against ``secret`` (a secret index), the reports drawn with ``rng``.

    ``first`` is the guess at ``start`` (an opener), ``start`` the node to play from (default
    ``game.initial_state()``: the uniform belief, exact Bayes; a particle filter's node makes
    the policy read the filter's belief). ``trace(turn, guess, report, state)``, if given, is
    called after every report with the node it leads to. ``max_guesses`` defaults to the
    game's cap.

    Returns
    -------
    (guesses played in all, counting the ``start.turn`` before ``start``, and ``max_guesses``
    for a game stopped there; whether the secret was guessed within ``max_guesses``)
    """
    state = game.initial_state() if start is None else start
    cap = game.max_guesses if max_guesses is None else max_guesses
    guess = first
    while True:
        turn = state.turn + 1
        if guess is None:
            guess = policy.choose(game, state)
        if game.winner(guess) == secret:
            return turn, True
        if turn >= cap:
            return cap, False
        report = game.sample(guess, secret, rng)
        state = game.next_state(state, guess, report)
        if trace is not None:
            trace(turn, guess, report, state)
        guess = None


def simulate(
    game: NoisyModel,
    policy: Policy,
    secrets: np.ndarray,
    first: int | None,
    max_guesses: int,
    n_games: int,
    seed: int,
    n_particles: int | None = None,
    bar=None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n_games`` seeded games against each secret of ``secrets``.

    Game i against secret a draws its reports from ``default_rng([seed, a, i])``; with
    ``n_particles`` the policy reads a particle filter seeded by ``[seed, a, i, N]`` (the
    reports are the same as with the exact belief as long as the guesses are).

    Returns
    -------
    Per secret, float64 arrays of shape (len(secrets),): the mean guesses (a stopped game
    counts ``max_guesses``), the share of games not won within ``max_guesses``, and the
    sample variance of the guesses (0 with one game).
    """
    guesses, unfinished, variance = (np.zeros(len(secrets)) for _ in range(3))
    for k, a in enumerate(secrets):
        played = np.empty(n_games)
        lost = 0
        for i in range(n_games):
            rng = np.random.default_rng([seed, int(a), i])
            start = (
                None
                if n_particles is None
                else game.initial_state(n_particles, seed=[seed, int(a), i, n_particles])
            )
            played[i], won = play_game(
                game, policy, int(a), rng, first=first, start=start, max_guesses=max_guesses
            )
            lost += not won
        guesses[k], unfinished[k] = played.mean(), lost / n_games
        variance[k] = played.var(ddof=1) if n_games > 1 else 0.0
        if bar is not None:
            bar.update(1)
    return guesses, unfinished, variance


def expectations(
    game: NoisyModel,
    policy: Policy,
    first: int | None,
    secrets: np.ndarray,
    max_guesses: int,
    method: str,
    n_games: int,
    seed: int,
    prune: float,
    n_particles: int | None,
    progress: bool = False,
) -> dict:
    """What ``evaluate`` records in the noisy game: each of ``secrets``' expected guesses, by
    ``enumerate_reports`` from ``game.initial_state()`` (the policy plays the whole game;
    only the branches that hold one of ``secrets`` are walked) or by ``simulate``. The
    parameters are ``evaluate``'s, checked here.

    Returns
    -------
    dict of ``Evaluation``'s fields: ``method`` ("exact" or "simulation"), ``guesses``,
    ``unfinished_per_answer`` and ``variance_per_answer`` (float64, aligned with ``secrets``),
    ``n_games`` (0 for exact) and ``pruned`` (the mean over ``secrets`` of the probability
    cut; 0 for simulation).
    """
    if method not in METHODS:
        raise WordlekitError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")
    if method == "auto":
        method = "exact" if game.noise.is_exact and n_particles is None else "simulation"
    if method == "exact" and n_particles is not None:
        raise WordlekitError(
            "a particle filter is random: expected method 'simulation' with n_particles"
        )
    whole_number(n_particles, "number of particles N", none="the exact belief")
    whole_number(n_games, "number of games per answer")
    bar = progress_bar(f"{policy.name}, {game.noise.name}", len(secrets), "answer", show=progress)
    if method == "exact":
        tally = Tally(game.n_secrets)
        keep = None
        if len(secrets) < game.n_secrets:

            def keep(child: ModelState) -> bool:
                return bool(game.likelihood(child)[secrets].any())

        enumerate_reports(
            game, policy, game.initial_state(), first, max_guesses, prune, tally, keep
        )
        guesses, unfinished = tally.guesses[secrets], tally.unfinished[secrets]
        variance, games, pruned = np.zeros(len(secrets)), 0, float(tally.pruned[secrets].mean())
        bar.update(len(secrets))
    else:
        guesses, unfinished, variance = simulate(
            game, policy, secrets, first, max_guesses, n_games, seed, n_particles, bar
        )
        games, pruned = int(n_games), 0.0
    bar.close()
    return {
        "method": method,
        "guesses": guesses,
        "unfinished_per_answer": unfinished,
        "variance_per_answer": variance,
        "n_games": games,
        "pruned": pruned,
    }
