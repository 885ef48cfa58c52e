"""Policies by name: the heuristics and the rollouts over them."""

from __future__ import annotations

from .errors import WordlekitError
from .evaluate import evaluate
from .game import Game
from .heuristics import HEURISTICS, get_heuristic
from .rollout import DEFAULT_TOP_K, Rollout
from .words import WordList

POLICIES = tuple(HEURISTICS) + tuple(f"rollout-{name}" for name in HEURISTICS)


def make_policy(name: str, top_k: int = DEFAULT_TOP_K, prior=None):
    """A new policy by name: a heuristic (``mig``) or a rollout over one (``rollout-mig``).

    With a ``prior`` (``wordlekit.prior.Prior``) the heuristic works on the prior's belief and
    the rollout weighs its Q-factors by it; ``gep-published`` has no such version.
    """
    if name not in POLICIES:
        raise WordlekitError(f"unknown policy {name!r}; expected one of {', '.join(POLICIES)}")
    if prior is not None:
        heuristic = get_heuristic(name.removeprefix("rollout-"), prior)
        return Rollout(heuristic, top_k, prior=prior) if name.startswith("rollout-") else heuristic
    if name == "rollout-gep-published":
        # The paper's shortlist ranked by GEP as defined; only its play-on had the sign error.
        return Rollout(get_heuristic("gep-published"), top_k, shortlist_heuristic=get_heuristic("gep"))
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
    if history and len(state.candidates) == 1 and \
            game.guess_of_answer[state.candidates[0]] == game.guess_index(history[-1][0]):
        raise WordlekitError(f"the game is already solved by {history[-1][0]!r}; no guess is needed")
    if state.turn == 0 and opener is not None:
        return game.guesses[game.guess_index(opener, role="opener")]
    return game.guesses[policy.choose(game, state)]


def warm_up(game: Game, name: str, weighted: bool = False) -> None:
    """Compile (or load from numba's cache) every kernel that policy ``name`` uses on ``game``
    (its prior-weighted version if ``weighted``).

    Plays the policy on a tiny game cut from the same lists (same word length and mode), so
    the real run that follows measures computing, not compiling.
    """
    from .prior import uniform_prior

    tiny = tiny_game(game)
    prior = uniform_prior(tiny.answers) if weighted else None
    evaluate(tiny, make_policy(name, 2, prior), tiny.answers[0])


def tiny_game(game: Game) -> Game:
    """A game of 12 answers and a few more guesses cut from ``game``'s lists, in its mode:
    what warm-ups play to compile the kernels a run on ``game`` will use."""
    answers = game.answers.words[:12]
    extra = [w for w in game.guesses.words[:24] if w not in answers]
    return Game(WordList(tuple(answers) + tuple(extra), "warm-up guesses"),
                WordList(tuple(answers), "warm-up answers"), game.mode)
