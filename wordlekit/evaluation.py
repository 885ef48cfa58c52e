"""Exact evaluation of a deterministic policy over every answer at once.

A deterministic policy pi (a function from states to guesses) played against every answer is a
decision tree: each node is a state, each edge a feedback. Its cost over the candidate set S is
the total number of guesses, summed over the candidates,

    T_pi(S) = |S| + sum_{feedback f != all green} T_pi(S_f),

where S_f are the candidates left after pi's guess gets feedback f (one guess is charged to
every candidate at each node; the candidate that is guessed stops there). The *average*
``T / |S|`` is the expected number of guesses under the uniform prior, the quantity of the
papers' tables; TOTAL is ``T`` over all answers after the opener.

``evaluate`` walks the tree once and records each answer's number of guesses (an
``Evaluation``, defined in ``results`` with the vocabulary it reports in);
``PolicyValues`` computes ``T_pi`` of any state with memoisation, which rollout uses for its
Q-factors.

The game with misreported feedback (``stochastic.NoisyGame``, a ``contracts.NoisyModel``) is
evaluated by the same ``evaluate`` into the same ``Evaluation``: its tree branches on random
reports, so each answer's guesses are an expectation, computed exactly by enumerating the
reports or estimated by seeded simulation (``chance``; the result says which, with its
standard error and the probability the enumeration cut).
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from . import chance, results
from .checks import whole_number
from .contracts import Model, ModelState, NoisyModel, Policy
from .errors import WordlekitError
from .game import MAX_GUESSES
from .prior import Weights
from .progress import bar as progress_bar
from .results import Evaluation


def evaluate(
    game: Model | NoisyModel,
    policy: Policy,
    opener: str | int | None,
    progress: bool = False,
    answers=None,
    role: str = "answer",
    max_guesses: int | None = None,
    method: str = "auto",
    n_games: int = 20,
    seed: int = 0,
    prune: float = chance.DEFAULT_PRUNE,
    n_particles: int | None = None,
) -> Evaluation:
    """Play ``policy`` from ``opener`` against every answer of ``game``, or against
    ``answers`` only: exactly, or in the game with misreported feedback (a
    ``contracts.NoisyModel``, e.g. ``stochastic.NoisyGame``) exactly or by seeded simulation.

    Parameters
    ----------
    policy : object with ``name`` and ``choose(game, state) -> guess index``
    opener : str, int or None
        The first guess (a word of the guess list, or its index); None for the policy's own
        first choice (in the noisy game, made in each game: the result's opener is then "").
    progress : bool
        Show a progress bar over the answers solved on stderr.
    answers : sequence of str, optional
        The answers played against, words of ``game.answers``; only the branches of the
        policy's tree that hold one are walked (the policy still plays the whole game: it is
        not told the sample). The answer-unaware game passes the real answers, its secrets
        (``unaware.evaluate_secrets``), while its own ``answers`` are every allowed word.
        Default: every answer of ``game``.
    role : str
        What ``answers`` are called in the error for a word that is not an answer.
    max_guesses : int, optional
        The cap: a game not solved within it is ``unfinished`` (it is still played to the end
        and counted in full; in the noisy game it stops there and counts the cap). Default:
        the game's own (``game.max_guesses``: the noisy game's 12), else six, the NYT game's.

    The noisy game only:

    method : "auto" (exact if the noise is p = 0 and no particles, else simulation), "exact"
        or "simulation"
    n_games : int >= 1, simulated games per answer
    seed : int; game i against answer a draws its reports from ``default_rng([seed, a, i])``
    prune : float, the exact enumeration cuts reports less likely than this
    n_particles : int, optional: the policy reads a particle filter of N particles instead of
        the exact belief (simulation only; seeded by ``[seed, a, i, N]``)

    Returns
    -------
    Evaluation, its ``answers`` and ``guesses_per_answer`` in the order of ``answers``.
    """
    noisy = isinstance(game, NoisyModel)
    if max_guesses is None:
        max_guesses = getattr(game, "max_guesses", MAX_GUESSES)
    max_guesses = whole_number(max_guesses, "max_guesses")
    if noisy:
        return _evaluate_noisy(
            game, policy, opener, answers, role, max_guesses, method=method, n_games=n_games,
            seed=seed, prune=prune, n_particles=n_particles, progress=progress,
        )  # fmt: skip
    if method not in ("auto", "exact") or n_particles is not None:
        raise WordlekitError(
            f"{game!r} gives exact feedback: expected method 'auto' or 'exact' and no "
            f"particles, got method {method!r} and n_particles {n_particles!r}"
        )
    root = game.initial_state()
    if opener is None:
        first = policy.choose(game, root)
        check_guess(game, policy.name, root, first)
    else:
        first = game.guess_index(opener, role="opener") if isinstance(opener, str) else opener
    first = int(first)
    if answers is None:
        words, keep, wanted = secret_names(game), None, None
    else:
        words = tuple(answers)
        positions = secret_indices(game, words, role)
        wanted = np.zeros(game.n_secrets, dtype=bool)
        wanted[positions] = True

        def keep(child: ModelState) -> bool:
            return bool(wanted[game.secrets(child)].any())

    guesses = np.zeros(game.n_secrets, dtype=np.int64)
    bar = None
    if progress:
        bar = progress_bar(f"{policy.name} from {game.guesses[first]}", len(words), role)
    for node in decisions(game, policy, root, first, keep=keep):
        guesses[node.solved] = node.turn
        if bar is not None:
            bar.update(len(node.solved) if wanted is None else int(wanted[node.solved].sum()))
    if bar is not None:
        bar.close()
    if answers is not None:
        guesses = guesses[positions]
    return Evaluation(policy.name, game.mode, game.guesses[first], words, guesses, max_guesses)


def _evaluate_noisy(game: NoisyModel, policy: Policy, opener, answers, role, max_guesses, **how):
    """``evaluate`` in the game with misreported feedback (``chance.expectations``)."""
    if opener is None:
        first = None
    else:
        first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    if answers is None:
        words, chosen = secret_names(game), np.arange(game.n_secrets)
    else:
        words = tuple(answers)
        chosen = secret_indices(game, words, role)
    found = chance.expectations(game, policy, first, chosen, max_guesses, **how)
    particles = how["n_particles"]
    return Evaluation(
        policy.name if particles is None else f"{policy.name} (N={particles} particles)",
        game.mode,
        "" if first is None else game.guesses[first],
        words,
        found.pop("guesses"),
        max_guesses,
        noise=game.noise.name,
        p=game.noise.p,
        seed=how["seed"],
        sampled_answers=len(chosen) < game.n_secrets,
        **found,
    )


def secret_names(game: Model) -> tuple:
    """Every secret of ``game`` by name, in secret order (one board: the answer list)."""
    return tuple(map(game.secret_name, range(game.n_secrets)))


class GuessCounter:
    """How many secrets ``policy`` solves in each number of guesses from any state of ``game``:
    ``counts(state)[k]`` secrets in exactly k more guesses (this one included), exactly.

    States are memoised by ``key`` (the guesses needed from a state, counted over its secrets,
    do not depend on how it was reached), so a subtree met again is counted once: on many
    boards the one-board endings repeat for every answer of the boards already solved. One
    counter serves many states (a sweep's tasks, one per child of the opener, share its memo).
    """

    def __init__(self, game: Model, policy: Policy):
        self.game = game
        self.policy = policy
        self.memo: dict = {}

    def counts(self, state: ModelState, guess: int | None = None) -> list:
        """``[0, c_1, c_2, ...]``: the secrets of ``state`` solved in exactly k more guesses
        when ``guess`` (default: the policy's own choice) is played there, the policy after."""
        game, policy = self.game, self.policy
        chosen = guess is None
        if chosen:
            sole = game.sole_guess(state)
            if sole is not None:
                return [0, game.mass(state)]
            known = self.memo.get(state.key)
            if known is not None:
                return known
            guess = policy.choose(game, state)
            check_guess(game, policy.name, state, guess)
        out = [0, 0]
        finishing = game.finishing_feedback(state)
        for feedback, child in game.children(state, guess):
            if feedback == finishing:
                out[1] += game.mass(child)
                continue
            check_progress(policy.name, state, child)
            below = self.counts(child)
            out.extend([0] * (len(below) + 1 - len(out)))
            for k, c in enumerate(below):
                out[k + 1] += c
        if chosen:
            self.memo[state.key] = out
        return out


def count_guesses(
    game: Model, policy: Policy, opener: str | int | None, max_guesses: int = MAX_GUESSES
) -> results.Histogram:
    """How many games ``policy`` solves in each number of guesses from ``opener``, over every
    secret of ``game``, exactly (``GuessCounter``): ``evaluate``'s distribution without a count
    per secret. Dordle's 5,356,910 games are counted in minutes (benchmarks/boards.py)."""
    max_guesses = whole_number(max_guesses, "max_guesses")
    root = game.initial_state()
    if opener is None:
        first = policy.choose(game, root)
    else:
        first = game.guess_index(opener, role="opener") if isinstance(opener, str) else opener
    first = int(first)
    check_guess(game, policy.name, root, first)
    hist = GuessCounter(game, policy).counts(root, first)
    name = getattr(game, "name", type(game).__name__)
    return results.Histogram(policy.name, name, game.guesses[first], tuple(hist), max_guesses)


def play_games(
    game: Model, policy: Policy, opener: str | int, secrets, max_guesses: int = MAX_GUESSES
) -> Evaluation:
    """``policy`` from ``opener`` against each of ``secrets`` (secret indices, e.g. a seeded
    sample, ``game.sample_secrets``), one game at a time (``line``): the Monte Carlo
    evaluation of games whose secrets are too many to walk (Quordle and up). The result's
    ``answers`` are the secrets' names, in the order given."""
    max_guesses = whole_number(max_guesses, "max_guesses")
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    root = game.initial_state()
    check_guess(game, policy.name, root, first)

    def choose(state: ModelState) -> int:
        guess = game.sole_guess(state)
        if guess is None:
            guess = policy.choose(game, state)
            check_guess(game, policy.name, state, guess)
        return guess

    guesses = np.array(
        [sum(1 for _ in line(game, choose, first, secret)) for secret in secrets], dtype=np.int64
    )
    names = tuple(game.secret_name(s) for s in secrets)
    return Evaluation(policy.name, game.mode, game.guesses[first], names, guesses, max_guesses)


def secret_indices(game: Model | NoisyModel, words: tuple, role: str) -> np.ndarray:
    """Secret indices of ``words`` (int64); one clear error, naming ``role``, for a word that
    is not a secret."""
    index = {w: i for i, w in enumerate(secret_names(game))}
    missing = [w for w in words if w not in index]
    if missing:
        answers = getattr(game, "answers", None)
        expected = f"a word of {answers.name}" if answers is not None else "one of its secrets"
        raise WordlekitError(
            f"{role} {missing[0]!r} is not an answer of the game; expected {expected}"
        )
    return np.array([index[w] for w in words], dtype=np.int64)


@dataclass(frozen=True)
class Decision:
    """One node of a policy's decision tree: at ``state`` the policy plays ``guess`` as guess
    number ``turn``. ``children``: the (feedback, state) pairs the guess leads to, all-green
    included (empty for a last candidate guessed by rule); ``solved``: the candidate the guess
    solves, as an array of one, or of none."""

    state: ModelState
    turn: int
    guess: int
    children: list
    solved: np.ndarray


_NONE = np.zeros(0, dtype=np.int64)


def decisions(
    game: Model,
    policy: Policy,
    root: ModelState,
    first: int | None = None,
    keep=None,
    last_by_rule: bool = True,
) -> Iterator[Decision]:
    """Every decision of ``policy`` from ``root``: the one walk of a policy's decision tree.

    Depth first, over a stack: a state's children are pushed in feedback order and the last
    pushed is visited first, so every caller sees the same order. ``first`` is the guess at
    ``root`` (an opener) instead of the policy's choice. ``keep(child)`` prunes: a child for
    which it is false is not visited (the answer-unaware agents play only the branches that
    hold a real secret). With ``last_by_rule`` a state whose guess the rule decides
    (``game.sole_guess``: one candidate left) plays it without asking the policy (every policy
    of the papers would, and it saves a call). Every other
    guess must be one the mode allows at its state (``check_guess``, shared with
    ``PolicyValues``: a hard-mode total below the hard optimum otherwise), and a policy whose
    guess leaves its state unchanged would play forever: both are errors (``check_progress``
    is shared with ``line`` and ``PolicyValues`` too).
    """
    stack = [(root, first)]
    while stack:
        state, guess = stack.pop()
        turn = state.turn + 1
        if guess is None and last_by_rule:
            sole = game.sole_guess(state)
            if sole is not None:
                yield Decision(state, turn, sole, [], game.secrets(state))
                continue
        if guess is None:
            guess = policy.choose(game, state)
        check_guess(game, policy.name, state, guess)
        children = game.children(state, guess)
        solved, later = _NONE, []
        done = game.finishing_feedback(state)
        for pattern, child in children:
            if pattern == done:
                solved = game.secrets(child)
            elif keep is None or keep(child):
                check_progress(policy.name, state, child)
                later.append((child, None))
        yield Decision(state, turn, guess, children, solved)
        stack.extend(later)


def check_guess(game: Model, name: str, state: ModelState, guess) -> None:
    """Raise a ``WordlekitError`` unless ``guess`` is the index of a guess the mode allows at
    ``state``: the one check that a policy named ``name`` plays by the rules (a guess hard or
    strict mode forbids would be scored as if allowed). The error names the state (its history
    and candidates), the guess and the rule it breaks (``rules.broken_rule``). Its cost is one
    binary search (``benchmarks/walker-results.md``)."""
    try:
        index = operator.index(guess)
    except TypeError:
        index = -1
    if 0 <= index < len(game.guesses):
        if game.is_allowed(state, index):
            return
        raise WordlekitError(
            f"{name} plays {game.guesses[index]!r} at {game.describe(state)}, which "
            f"{game.mode} mode forbids: {game.broken_rule(state, index)}"
        )
    raise WordlekitError(
        f"{name} chose {guess!r} at {game.describe(state)}; expected the index of a guess of "
        f"{game.guesses.name} (a whole number from 0 to {len(game.guesses) - 1})"
    )


def check_progress(name: str, state: ModelState, child: ModelState) -> None:
    """Raise if ``child`` is ``state`` again: a policy named ``name`` that guesses without
    progress would loop for ever (every walk of a policy's choices calls this)."""
    if child.key == state.key:
        raise RuntimeError(f"{name} repeats a state without progress at {state}")


class PolicyValues:
    """``T_pi(S)`` for states of one game, memoised: the cost-to-go of a base policy.

    Parameters
    ----------
    game : contracts.Model
    policy : contracts.Policy
    prior : prior.Prior, optional
        ``total`` is then the weighted total ``sum_{a in S} w_a * guesses(a)`` and ``mean`` the
        expected number of guesses under the prior (one board only). None (default): each
        secret weighs one, the papers' uniform case, and W(S) is ``game.mass(S)``.
    """

    def __init__(self, game: Model, policy: Policy, prior=None):
        self.game = game
        self.policy = policy
        self.weights = Weights.of(game, prior)
        if prior is None:
            self.mass = game.mass
        self.memo: dict = {}

    def mass(self, state: ModelState) -> int:
        """W(S): the number of candidates, or their weight under the prior."""
        return self.weights.mass(state.candidates)

    def total(self, state: ModelState) -> int:
        """Guesses ``policy`` needs from ``state``, summed over its secrets (weighted)."""
        if self.game.sole_guess(state) is not None:
            return self.mass(state)
        key = state.key
        value = self.memo.get(key)
        if value is None:
            guess = self.policy.choose(self.game, state)
            check_guess(self.game, self.policy.name, state, guess)
            value = self.memo[key] = self.after(state, guess, policy_choice=True)
        return value

    def after(self, state: ModelState, guess: int, policy_choice: bool = False) -> int:
        """W(S) + sum_f T(S_f): guesses summed over the candidates of ``state`` (weighted) when
        ``guess`` is played there and ``policy`` plays on: |S| times a rollout Q-factor.
        ``policy_choice``: ``guess`` is the policy's own, so one that leaves the state unchanged
        is an error (the policy would loop); any other guess may split nothing."""
        return backup(
            self.game,
            state,
            guess,
            self.mass(state),
            self.total,
            self.policy.name if policy_choice else None,
        )

    def mean(self, state: ModelState) -> float:
        """Expected number of further guesses from ``state`` (under the prior, if weighted)."""
        return self.total(state) / self.mass(state)


def backup(game: Model, state: ModelState, guess: int, mass, value, policy: str | None = None):
    """The backup of a total over a decision tree: ``mass + sum_{f != all green} value(S_f)``.

    One guess is charged to every candidate of ``state`` (``mass``, W(S) or |S|) and each game
    still going after ``guess`` costs what ``value(child)`` says (a policy's total, a
    lookahead's value, a truncated estimate). ``policy``: the name of the policy whose own
    choice ``guess`` is, so that a guess leaving the state unchanged is an error
    (``check_progress``); None for a guess tried from outside, which may split nothing.
    """
    total = mass
    for _, child in game.unsolved_children(state, guess):
        if policy is not None:
            check_progress(policy, state, child)
        total += value(child)
    return total


class PerModel:
    """A caller's memo per model: one object per model (any ``contracts.Model``; each mode of
    a game is its own), made by ``factory(model)`` on first use and dropped with the model
    (weakly keyed). A policy or a cost-to-go keeps its memos here (a rollout's base values,
    a search's solved states), so two policies on one game never share one.

    The other per-game store, ``Game.list_arrays``, is the game's own: facts of the word lists
    alone, shared by every mode and by every caller, which the layers below this one fill."""

    def __init__(self, factory):
        self._factory = factory
        self._items = weakref.WeakKeyDictionary()

    def __call__(self, game: Model):
        item = self._items.get(game)
        if item is None:
            item = self._factory(game)
            self._items[game] = item
        return item


def play_out(game: Model, policy: Policy, state: ModelState) -> np.ndarray:
    """Guesses ``policy`` needs from ``state`` for each of its secrets (aligned with
    ``game.secrets(state)``)."""
    secrets = game.secrets(state)
    guesses = np.zeros(len(secrets), dtype=np.int64)
    for node in decisions(game, policy, state):
        guesses[np.searchsorted(secrets, node.solved)] = node.turn - state.turn
    return guesses


def line(
    game: Model, choose, first: int, answer: int, start: ModelState | None = None
) -> Iterator[tuple[ModelState, int, int]]:
    """One game against ``answer`` (a secret index): (state, guess, feedback) at every turn,
    ``first`` the opener and ``choose(state)`` each later guess, from ``start`` (default: the
    initial state; it must hold ``answer``). Ends with the turn that finishes the game; a guess
    that leaves the state unchanged is an error, as in ``decisions``."""
    state, guess = game.initial_state() if start is None else start, first
    while True:
        pattern = game.feedback(state, guess, answer)
        yield state, guess, pattern
        if pattern == game.finishing_feedback(state):
            return
        child = game.next_state(state, guess, pattern)
        check_progress(game.guesses[guess], state, child)
        state = child
        guess = choose(state)


def play(game: Model, policy: Policy, opener: str, answer: str) -> list[tuple[str, int]]:
    """One game: the (guess word, feedback) of every turn when the secret is ``answer``."""
    first = game.guess_index(opener, role="opener")
    (secret,) = secret_indices(game, (answer,), "answer")
    return [
        (game.guesses[guess], pattern)
        for _, guess, pattern in line(
            game, lambda state: policy.choose(game, state), first, int(secret)
        )
    ]


def policy_states(game: Model, policy: Policy, opener: str | int) -> list[ModelState]:
    """Every state at which ``policy`` chooses a guess after ``opener`` (those the rule does not
    decide: two or more candidates), in the order of a depth-first walk of its decision tree."""
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    return [
        node.state
        for node in decisions(game, policy, game.initial_state(), first)
        if node.turn > 1 and game.sole_guess(node.state) is None
    ]
