"""Help with one game: the candidates left and the best next guesses, with what they cost.

``hint`` replays a history of (guess, feedback) pairs and, for the guesses a policy would
consider (its own choice and its shortlist), computes the *exact* expected number of guesses
still needed, this one included, if that guess is played now and the policy plays on:

    E(u) = (|S| + sum over feedback f != all green of T_pi(S_f)) / |S|,

the average Q-factor of the rollout paper with the policy itself as the continuation
(T_pi: the guesses the policy's decision tree takes from S_f, summed over its candidates).
The answer is uniform over the candidates, or follows a prior (``wordlekit.prior``): then |S|
is the candidates' weight and T_pi the weighted total.

Beside E(u), the *chance of solving within the cap*: the probability, under the same
uniform or prior belief over the candidates, that the answer is guessed within ``cap`` guesses
in all (the history's guesses counted; six in the NYT game) when u is played now and the
policy plays on. It is one unless the policy's tree from u is deeper than the guesses left.

Among equal values a possible answer (a candidate) comes first: it may win at once.

``hint`` reads the game only through the seam (``contracts.Playable``): any model a person
plays, one board or many. A prior and exact play are one-board specialisations.

The policy ``"optimal"`` (``OPTIMAL``) is exact play (``optimal.Solver``): at every state the
guess of least expected guesses among the strategies that solve every candidate within the
cap, and, where none does, the least expected guesses with no cap (Cunanan & Thielscher's
MinTotal; its chance within the cap is then below one). Its suggestions are the exact best
``count``: every allowed guess is valued in increasing order of the lower bound
V(g) = 3|S| - parts(g) - [g in S] (``bounds.guess_lower_bound``) until that bound passes the
``count``-th best value, so small states take milliseconds and the first state of a full game
is refused (``OPTIMAL_MAX``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .bounds import guess_lower_bound
from .branch_and_bound import feasible, guess_cost, largest_first
from .buckets import bucket_stats
from .contracts import Model, ModelState, Playable
from .errors import WordlekitError
from .evaluation import play_out
from .game import MAX_GUESSES, Game, State
from .optimal import Solver
from .prior import Weights
from .progress import bar as progress_bar
from .rollout import Rollout

#: The name of exact play, which ``hint`` takes besides ``policies.POLICIES``.
OPTIMAL = "optimal"
#: The most candidates ``hint`` searches exactly with ``OPTIMAL``: every guess of a state may
#: need valuing (at the first state of Wordle, V(g) is below the optimum for all 12,972).
OPTIMAL_MAX = 300


class Suggestion(NamedTuple):
    """One guess ``hint`` suggests: ``expected`` guesses still needed (this one included),
    whether it is a ``candidate``, and the ``chance`` of solving within the cap (see the
    module docstring)."""

    guess: str
    expected: float
    candidate: bool
    chance: float


@dataclass(frozen=True)
class Hint:
    """What ``hint`` found.

    Attributes
    ----------
    state : contracts.ModelState, the state the history reached
    candidate_lists : tuple of tuple of str, the words still possible on each unsolved board
        (``Playable.candidate_lists``; one board: one tuple, its candidates in list order)
    suggestions : tuple of Suggestion, best first
    choice : str, the guess the policy itself plays
    cap : int, the guesses a game may take in all (for ``Suggestion.chance``)
    """

    state: ModelState
    candidate_lists: tuple
    suggestions: tuple
    choice: str
    cap: int = MAX_GUESSES

    @property
    def candidates(self) -> tuple:
        """The words still possible, board after board (one board: its candidates)."""
        return tuple(word for words in self.candidate_lists for word in words)

    def to_dict(self, shown: int = 10) -> dict:
        """JSON-ready: one board, ``candidates`` (a count) and ``some_candidates``; several, a
        ``boards`` list of those two per unsolved board; then the choice and suggestions."""
        listed = [
            {"candidates": len(words), "some_candidates": list(words[:shown])}
            for words in self.candidate_lists
        ]
        return {
            **(listed[0] if len(listed) == 1 else {"boards": listed}),
            "choice": self.choice,
            "suggestions": [
                {
                    "guess": s.guess,
                    "expected_guesses": round(s.expected, 6),
                    "candidate": s.candidate,
                    "chance_within_cap": round(s.chance, 6),
                }
                for s in self.suggestions
            ],
            "max_guesses": self.cap,
        }


def parse_history(entries, game: Playable) -> list[tuple[str, str]]:
    """``["salet:bybbb", ...]`` -> [(word, feedback), ...]; a clear error naming a bad entry.
    ``game`` reads each feedback as it is typed (``Playable.parse_feedback``: Wordle's tiles;
    Mastermind's pegs read ``1122:2B1W``)."""
    history = []
    for turn, entry in enumerate(entries, start=1):
        word, sep, tiles = entry.partition(":")
        if not sep or not word.strip() or ":" in tiles:
            raise WordlekitError(
                f"entry {turn} {entry!r}: expected GUESS:FEEDBACK, e.g. salet:bybbb"
            )
        try:
            game.parse_feedback(tiles)
        except WordlekitError as exc:
            raise WordlekitError(f"entry {turn} {entry!r}: {exc}") from None
        history.append((word.strip(), tiles.strip()))
    return history


class OptimalPlay:
    """Exact play as a policy (see the module docstring): the guess of least expected guesses
    among the strategies that solve every candidate within ``cap`` guesses in all, and where
    none does, the least with no cap. Under ``prior``, the expectation is the prior's."""

    name = OPTIMAL

    def __init__(self, game: Game, prior=None, cap: int = MAX_GUESSES):
        self.cap = cap
        self.capped = Solver(game, max_guesses=cap, prior=prior)
        self.free = Solver(game, max_guesses=None, prior=prior)

    def capped_total(self, state: State) -> int | None:
        """The least total within the cap from ``state``, or None if no strategy has one."""
        left = self.cap - state.turn
        total = self.capped.value(state, left) if left > 0 else None
        return total if total is not None and feasible(total) else None

    def at_least(self, game: Game, state: State, guess: int, limit: int) -> int:
        """The total after ``guess`` at ``state`` if it is below ``limit``, else some lower
        bound >= ``limit``: the optimum with no cap bounds every continuation's total."""
        free, weights = self.free, self.free.weights
        children = largest_first([child for _, child in game.unsolved_children(state, guess)])
        mass = weights.mass(game.secrets(state))
        bound = mass + sum(weights.floor(game.secrets(child)) for child in children)
        return guess_cost(
            mass,
            children,
            lambda child: weights.floor(game.secrets(child)),
            lambda child, budget: free.value(child, free.max_guesses, budget),
            bound,
            limit,
        )

    def choose(self, game: Game, state: State) -> int:
        left = self.cap - state.turn
        if self.capped_total(state) is not None:
            return self.capped.best_guess(state, left)
        return self.free.best_guess(state, self.free.max_guesses)


class _Remembered:
    """``policy`` with its choices remembered by state and turn: the trees of the guesses
    valued share their subtrees, where the policy is asked once."""

    def __init__(self, policy):
        self.policy = policy
        self.name = policy.name
        self.memo: dict = {}

    def choose(self, game: Model, state: ModelState) -> int:
        key = (state.key, state.turn)
        guess = self.memo.get(key)
        if guess is None:
            guess = self.memo[key] = self.policy.choose(game, state)
        return guess


def _mass(game: Model, weights: Weights, state: ModelState) -> int:
    """W(S): the model's mass, or under a prior (one board) the candidates' weight."""
    return game.mass(state) if weights.uniform else weights.mass(game.secrets(state))


def outcome(
    game: Model, policy, state: ModelState, guess: int, weights: Weights, cap: int
) -> tuple[int, int]:
    """(T, W_cap): the guesses from ``state`` summed over its secrets (weighted) when
    ``guess`` is played now and ``policy`` plays on, and the weight of the secrets solved
    within ``cap`` guesses in all: |S| E(u) and |S| times the chance, exactly."""
    mass = _mass(game, weights, state)
    total, within = mass, mass if state.turn < cap else 0
    exact = policy.policy if isinstance(policy, _Remembered) else policy
    for _, child in game.unsolved_children(state, guess):
        settled = exact.capped_total(child) if isinstance(exact, OptimalPlay) else None
        if settled is not None:  # solved within the cap by exact play: no tree to walk
            total += settled
            continue
        more = play_out(game, policy, child)  # guesses after the child's turn, per secret
        w = weights.of_candidates(game.secrets(child))
        # each secret of the child was charged this guess in ``mass``; add the rest
        total += int(w @ more)
        within -= int(w[child.turn + more > cap].sum()) if state.turn < cap else 0
    return total, within


def _considered(game: Model, policy, state: ModelState, count: int, ranked=None) -> np.ndarray:
    """The policy's own choice, then the guesses it would rank next, or ``ranked``."""
    choice = policy.choose(game, state)
    if ranked is None:
        if isinstance(policy, Rollout):
            ranked = policy.shortlist(game, state)
        else:
            ranked = policy.rank(game, state, max(count, 10))
    return np.array([choice] + [g for g in ranked if g != choice], dtype=np.int64)


def _by_lower_bound(game: Game, state: State, weights: Weights):
    """The allowed guesses in increasing order of V(g) (3W - sum_b max w_b - [g in S] times the
    heaviest candidate's weight under a prior: a lower bound still), and the bounds, aligned."""
    cands = game.secrets(state)
    stats = bucket_stats(game, cands, game.allowed_guesses(state), weights.array)
    heaviest = int(weights.of_candidates(cands).max())
    bounds = guess_lower_bound(stats.mass, stats.heaviest, stats.in_set * heaviest)
    order = np.argsort(bounds, kind="stable")
    return stats.guesses[order], bounds[order]


def _one_board(game: Playable, what: str) -> None:
    """A clear error unless ``game`` is a one-board ``game.Game``: ``what`` reads its layout
    (the exact solver's search, a prior's weights by answer)."""
    if not isinstance(game, Game):
        raise WordlekitError(
            f"{what} needs a one-board game; {game!r} is another model (expected a game.Game, "
            "or no prior and a heuristic or a rollout)"
        )


def hint(
    game: Playable,
    policy,
    history,
    count: int = 5,
    prior=None,
    progress: bool = False,
    cap: int | None = None,
) -> Hint:
    """Candidates left after ``history`` and up to ``count`` suggestions (see module doc),
    with expectations under ``prior`` if one is given (else uniform). ``policy``: a policy, or
    ``OPTIMAL`` for exact play (one board). ``cap``: the guesses a game may take in all
    (default the game's ``max_guesses``). ``progress``: a bar on stderr over the policy's own
    choice and each guess valued (a rollout's from the first state takes minutes)."""
    cap = game.max_guesses if cap is None else cap
    state = game.state_after(history)
    lists = game.candidate_lists(state)
    if game.is_finished(state):
        raise WordlekitError(
            f"the game is already solved by {history[-1][0]!r}; no guess is needed"
        )
    n = game.mass(state)
    if isinstance(policy, str):
        if policy != OPTIMAL:
            raise WordlekitError(
                f"policy {policy!r}: expected {OPTIMAL!r} or a policy object "
                "(policies.make_policy builds one by name)"
            )
        _one_board(game, "policy 'optimal' (the exact solver)")
        if n > OPTIMAL_MAX:
            raise WordlekitError(
                f"policy 'optimal' searches every guess exactly: {n} candidates are left, "
                f"expected at most {OPTIMAL_MAX} (give more of the history, or a heuristic)"
            )
        policy = OptimalPlay(game, prior, cap)
    sole = game.sole_guess(state)
    if sole is not None:
        word = game.guesses[sole]
        only = Suggestion(word, 1.0, True, 1.0 if state.turn < cap else 0.0)
        return Hint(state, lists, (only,), word, cap)
    if prior is not None:
        _one_board(game, "a prior")
    weights = Weights.of(game, prior)
    mass = _mass(game, weights, state)
    in_set = set(game.finishing_guesses(state).tolist())
    bar = progress_bar(
        f"{policy.name}: its own choice",
        unit="guess",
        show=progress,
        bar_format="{desc} {n_fmt}/{total_fmt} [{elapsed}]",
    )
    bounds = ranked = None
    if isinstance(policy, OptimalPlay):  # every allowed guess, cut below by its bound
        ranked, sorted_bounds = _by_lower_bound(game, state, weights)
        bounds = dict(zip(ranked.tolist(), sorted_bounds.tolist()))
    options = _considered(game, policy, state, count, ranked)
    bar.reset(total=None if bounds is not None else len(options))
    walker = _Remembered(policy)
    rows, totals = [], []
    for rank, guess in enumerate(options.tolist()):
        # exact play: a guess whose bound is above the count-th best total cannot be shown,
        # nor can any later one (equal ones may tie, and a candidate among them goes first);
        # one whose total is proved above it is skipped before it is valued exactly
        if bounds is not None and len(totals) >= count:
            if bounds[guess] > totals[count - 1]:
                break
            if policy.at_least(game, state, guess, totals[count - 1] + 1) > totals[count - 1]:
                continue
        bar.set_description_str(f"{policy.name}: valuing {game.guesses[guess]}")
        total, within = outcome(game, walker, state, guess, weights, cap)
        candidate = guess in in_set
        rows.append((total / mass, not candidate, rank, game.guesses[guess], within / mass))
        totals = sorted([*totals, total])
        bar.update()
    bar.close()
    rows.sort()
    suggestions = tuple(
        Suggestion(word, expected, not other, chance)
        for expected, other, _, word, chance in rows[:count]
    )
    return Hint(state, lists, suggestions, game.guesses[int(options[0])], cap)
