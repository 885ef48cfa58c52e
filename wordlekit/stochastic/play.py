"""Evaluation (``evaluate``) averages a policy's guesses over every answer (uniform prior) and
over the noise: exactly, by enumerating every report with probability at least ``prune``
(default when p = 0, where the reports are the true buckets), or by seeded simulation of
``n_games`` games per answer. A cap on the guesses, ``max_guesses`` (default 12, not the NYT game's
six: misreported feedback makes games longer), makes every game end: a game not won by then
counts ``max_guesses`` guesses, and such games are reported as ``unfinished`` (the names of
``results``). The result says which method produced it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import results
from ..checks import whole_number
from ..errors import WordlekitError
from ..game import Game
from ..progress import bar as progress_bar
from .beliefs import ExactBelief, ParticleFilter, total_variation
from .exact import Tally, enumerate_reports
from .noise import DEFAULT_MAX_GUESSES, DEFAULT_PRUNE, check_easy, noise_model


def play_game(
    game: Game,
    noise,
    policy,
    answer: int,
    rng: np.random.Generator,
    first: int | None = None,
    belief=None,
    turn: int = 1,
    max_guesses: int = DEFAULT_MAX_GUESSES,
    tracker=None,
    trace=None,
) -> tuple[int, bool]:
    """One game against ``answer`` (an answer index), reports drawn with ``rng`` from ``noise``
    (a Noise, or a number p for per-tile noise).

    ``first`` is the guess of turn ``turn`` (an opener), ``belief`` the belief before it
    (default uniform), ``tracker`` the belief the policy reads (default exact Bayes; e.g. a
    ``ParticleFilter``). ``trace(turn, guess, report, tracker)``, if given, is called after
    every report. Returns (guesses played in all, counting the earlier ``turn - 1``; whether the
    answer was guessed within ``max_guesses``).
    """
    noise = noise_model(game, noise)
    n = len(game.answers)
    if tracker is None:
        tracker = ExactBelief(game, noise, np.full(n, 1.0 / n) if belief is None else belief)
    guess = first
    while True:
        if guess is None:
            guess = policy.choose(game, noise, tracker.belief(), turn)
        if game.answer_of_guess[guess] == answer:
            return turn, True
        if turn >= max_guesses:
            return max_guesses, False
        report = noise.sample(int(game.patterns[guess, answer]), rng)
        tracker.update(guess, report)
        if trace is not None:
            trace(turn, guess, report, tracker)
        turn += 1
        guess = None


@dataclass(frozen=True)
class StochasticEvaluation:
    """A policy's guesses in the stochastic game, per answer, and how they were obtained.

    Reported in the vocabulary of ``results`` over one game per answer, in expectation:
    ``total`` (expected guesses summed over the answers), ``mean``, ``unfinished`` (the
    expected number of answers not solved within ``max_guesses``, the cap; its share is
    ``unfinished_share``); ``distribution`` and ``worst`` are None: the enumeration and the
    simulation keep each answer's mean, not each game's count.

    Attributes
    ----------
    policy, opener, noise : str (noise as ``Noise.name``)
    p : float
    method : str
        ``"exact"`` (every report enumerated down to ``pruned`` mass) or ``"simulation"``
        (``n_games`` seeded games per answer).
    max_guesses : int
    answers : tuple of str, the answers averaged over (all of the game's, or a sample)
    guesses_per_answer : numpy.ndarray, shape (n_answers,), float64
        Expected guesses (exact) or the mean over the games (simulation) for each answer; an
        unfinished game counts ``max_guesses``.
    unfinished_per_answer : numpy.ndarray, shape (n_answers,), float64
        Probability (exact) or share of games (simulation) not won within the cap.
    variance_per_answer : numpy.ndarray, shape (n_answers,), float64
        Sample variance of the guesses per answer (simulation; 0 for exact).
    n_games : int, games per answer (0 for exact)
    pruned : float, probability of the branches the enumeration cut; they count one more guess
        than played, so the exact ``mean`` is a lower bound within ``error_bound``
    seed : int
    sampled_answers : bool, whether ``answers`` is a subset of the game's answers
    """

    policy: str
    opener: str
    noise: str
    p: float
    method: str
    max_guesses: int
    answers: tuple
    guesses_per_answer: np.ndarray
    unfinished_per_answer: np.ndarray
    variance_per_answer: np.ndarray
    n_games: int
    pruned: float
    seed: int
    sampled_answers: bool = False

    #: Not recorded (see the class doc); None in ``to_dict`` as in ``results.to_dict``.
    distribution = None
    worst = None

    @property
    def mean(self) -> float:
        """Average guesses per game, uniform over the answers."""
        return float(self.guesses_per_answer.mean())

    @property
    def total(self) -> float:
        """Guesses summed over the answers (the papers' TOTAL when p = 0)."""
        return float(self.guesses_per_answer.sum())

    @property
    def standard_error(self) -> float:
        """Standard error of ``mean`` (0 for exact). Over every answer with two or more games
        each, sqrt(sum_a var_a / n_games) / n_answers (the answers are not sampled); over a
        sample of answers, or one game each, the spread of the per-answer means divided by
        sqrt(n_answers) (which also counts the answers' own spread: larger)."""
        if self.method == "exact":
            return 0.0
        n = len(self.answers)
        if self.sampled_answers or self.n_games < 2:
            return float(self.guesses_per_answer.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
        return math.sqrt(self.variance_per_answer.sum() / self.n_games) / n

    @property
    def error_bound(self) -> float:
        """How far above ``mean`` the exact expectation may be (exact method: a cut branch
        counts at least 2 guesses and at most ``max_guesses``); 0 for simulation."""
        return self.pruned * (self.max_guesses - 2) if self.method == "exact" else 0.0

    @property
    def unfinished(self) -> float:
        """Expected number of answers not solved within the cap, one game each."""
        return float(self.unfinished_per_answer.sum())

    @property
    def unfinished_share(self) -> float:
        """Share of games not solved within the cap (``unfinished`` / answers)."""
        return float(self.unfinished_per_answer.mean())

    def to_dict(self) -> dict:
        """JSON-ready summary: how it was obtained, ``results.KEYS``, the standard error, the
        share unfinished and the enumeration's cut."""
        return {
            "policy": self.policy,
            "opener": self.opener,
            "noise": self.noise,
            "p": self.p,
            "method": self.method,
            "answers": len(self.answers),
            "sampled_answers": self.sampled_answers,
            "n_games": self.n_games,
            **results.to_dict(self),
            "standard_error": self.standard_error,
            "unfinished_share": self.unfinished_share,
            "pruned": self.pruned,
            "error_bound": self.error_bound,
        }


METHODS = ("auto", "exact", "simulation")


def evaluate(
    game: Game,
    policy,
    opener,
    noise,
    max_guesses: int = DEFAULT_MAX_GUESSES,
    method: str = "auto",
    n_games: int = 20,
    seed: int = 0,
    prune: float = DEFAULT_PRUNE,
    answers=None,
    n_particles: int | None = None,
    progress: bool = False,
) -> StochasticEvaluation:
    """Average guesses of ``policy`` from ``opener`` over every answer and the noise.

    Parameters
    ----------
    game : Game, easy mode
    policy : object with ``name`` and ``choose(game, noise, belief, turn) -> guess index``
    opener : str or int, the first guess (None: the policy chooses it)
    noise : Noise, or a number p in [0, 1) for per-tile noise
    max_guesses : int >= 1, games stop there (an unfinished game counts ``max_guesses`` guesses)
    method : "auto" (exact if p = 0, else simulation), "exact" or "simulation"
    n_games : int >= 1, simulated games per answer
    seed : int; game i against answer a draws its reports from ``default_rng([seed, a, i])``
    prune : float, the exact enumeration cuts reports less likely than this
    answers : answer indices to average over (default all); e.g. a seeded sample
    n_particles : int, optional: the policy reads a particle filter of N particles instead of
        the exact belief (simulation only; seeded by ``[seed, a, i, N]``; the reports are the
        same as with the exact belief as long as the guesses are)
    progress : bool, a progress bar over the answers on stderr

    Returns
    -------
    StochasticEvaluation (its ``method`` says exact or simulation)
    """
    check_easy(game)
    noise = noise_model(game, noise)
    max_guesses = whole_number(max_guesses, "max_guesses")
    if method not in METHODS:
        raise WordlekitError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")
    if method == "auto":
        method = "exact" if noise.is_exact and n_particles is None else "simulation"
    if method == "exact" and n_particles is not None:
        raise WordlekitError(
            "a particle filter is random: expected method 'simulation' with n_particles"
        )
    whole_number(n_particles, "number of particles N", none="the exact belief")
    whole_number(n_games, "number of games per answer")
    first = (
        None
        if opener is None
        else (game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener))
    )
    n = len(game.answers)
    chosen = np.arange(n) if answers is None else np.asarray(answers, dtype=np.int64)
    prior = np.full(n, 1.0 / n)
    bar = progress_bar(f"{policy.name}, {noise.name}", len(chosen), "answer", show=progress)
    if method == "exact":
        tally = Tally(n)
        lik = np.zeros(n)
        lik[chosen] = 1.0
        enumerate_reports(game, noise, policy, prior, lik, 1, first, max_guesses, prune, tally)
        guesses, unfinished = tally.guesses[chosen], tally.unfinished[chosen]
        variance, games, pruned = np.zeros(len(chosen)), 0, float(tally.pruned[chosen].mean())
        bar.update(len(chosen))
    else:
        guesses, unfinished, variance = (np.zeros(len(chosen)) for _ in range(3))
        for k, a in enumerate(chosen):
            played = np.empty(n_games)
            lost = 0
            for i in range(n_games):
                rng = np.random.default_rng([seed, int(a), i])
                tracker = (
                    None
                    if n_particles is None
                    else ParticleFilter(
                        game, noise, n_particles, seed=[seed, int(a), i, n_particles]
                    )
                )
                played[i], won = play_game(
                    game,
                    noise,
                    policy,
                    int(a),
                    rng,
                    first=first,
                    max_guesses=max_guesses,
                    tracker=tracker,
                )
                lost += not won
            guesses[k], unfinished[k] = played.mean(), lost / n_games
            variance[k] = played.var(ddof=1) if n_games > 1 else 0.0
            bar.update(1)
        games, pruned = int(n_games), 0.0
    bar.close()
    name = policy.name if n_particles is None else f"{policy.name} (N={n_particles} particles)"
    return StochasticEvaluation(
        name,
        "" if first is None else game.guesses[first],
        noise.name,
        noise.p,
        method,
        max_guesses,
        tuple(game.answers[int(a)] for a in chosen),
        guesses,
        unfinished,
        variance,
        games,
        pruned,
        seed,
        len(chosen) < n,
    )


def track_beliefs(
    game: Game,
    noise,
    policy,
    opener,
    answers,
    particle_counts,
    n_games: int = 1,
    seed: int = 0,
    max_guesses: int = DEFAULT_MAX_GUESSES,
) -> list[dict]:
    """Particle filters of each size beside the exact belief, on the same games.

    The games are played by ``policy`` on the exact belief, reports drawn as in ``evaluate``;
    after every report, a particle filter of each N in ``particle_counts`` (seeded as in
    ``evaluate``) is updated with the same guess and report.

    Returns
    -------
    list of dict, one per (game, turn, N): ``answer``, ``game``, ``turn`` (reports seen),
    ``n_particles``, ``tv`` (total-variation distance to the exact belief), ``distinct``
    (answers held by the particles), ``exact_on_answer`` and ``particles_on_answer`` (the
    belief each puts on the true answer).
    """
    noise = noise_model(game, noise)
    counts = [whole_number(n, "number of particles N") for n in particle_counts]
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    rows = []
    for a in answers:
        for i in range(n_games):
            rng = np.random.default_rng([seed, int(a), i])
            filters = {n: ParticleFilter(game, noise, n, seed=[seed, int(a), i, n]) for n in counts}

            def trace(turn, guess, report, tracker, a=int(a), i=i, filters=filters):
                exact = tracker.belief()
                for n, pf in filters.items():
                    pf.update(guess, report)
                    b = pf.belief()
                    rows.append(
                        {
                            "answer": game.answers[a],
                            "game": i,
                            "turn": turn,
                            "n_particles": n,
                            "tv": total_variation(b, exact),
                            "distinct": int((b > 0).sum()),
                            "exact_on_answer": float(exact[a]),
                            "particles_on_answer": float(b[a]),
                        }
                    )

            play_game(
                game, noise, policy, int(a), rng, first=first, max_guesses=max_guesses, trace=trace
            )
    return rows
