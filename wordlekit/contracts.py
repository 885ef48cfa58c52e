"""The seam: the written types where generic code meets a game or a policy.

Every generic algorithm of wordlekit (the walk of a policy's tree and ``evaluate``,
``PolicyValues``, ``Lookahead``, ``Rollout`` and its sampled and truncated forms) reads a game
only through :class:`Model` and a policy only through :class:`Policy`. A new game is a class
with these methods; nothing generic is written again for it. One-board Wordle
(``game.Game``), every game of ``games`` (Primel, Nerdle, Mastermind, Bulls and Cows) and the
multi-board games (``boards.Boards``: Dordle, Quordle, ...) are models. The exact solver, the
bounds and the bucket kernels stay specialised to one board, for speed. The game whose feedback
is misreported (``stochastic.NoisyGame``) is a :class:`NoisyModel`: a game with chance, whose
states are belief nodes; its policies are :class:`Policy` objects too, and ``evaluate``
evaluates both kinds into one result type.

The vocabulary, one board or many:

- a *secret* is what the player must find: an answer (one board), or a tuple of distinct
  answers (one per board). A model numbers its secrets ``0 .. n_secrets - 1``.
- a *state* is what the player knows: the secrets still consistent with every feedback (its
  *mass*, the number of them, is what a total charges for one more guess), and whatever the
  mode's rule remembers. ``key`` identifies it for memoisation; ``turn`` counts the guesses
  played; ``history`` holds the (guess, feedback) of each.
- the *children* of a state under a guess: one per feedback the guess can get, each a state;
  a child is *finished* when the guess ends the game for its secrets (one board: the
  all-green feedback; many boards: the last unsolved board solved). Totals over a decision
  tree sum over the unfinished children only:

      T_pi(S) = mass(S) + sum_{unfinished children S' of S under pi(S)} T_pi(S').

Layer 1: this module imports nothing of wordlekit, so every layer may name these types.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class ModelState(Protocol):
    """What generic code reads of a state: its identity, its turn, its history."""

    @property
    def key(self) -> Hashable:
        """The identity of the state for memoisation (the turn is not part of it)."""
        ...

    @property
    def turn(self) -> int:
        """Guesses already played."""
        ...

    @property
    def history(self) -> tuple:
        """The (guess index, feedback) of every turn played to reach the state."""
        ...


@runtime_checkable
class Model(Protocol):
    """A game as the generic walkers see it (see the module docstring for the words).

    Attributes
    ----------
    mode : str
        The rule on guesses (``easy``, ``hard``, ``strict``), for messages and results.
    guesses : words.WordList (a sequence of str with a ``name``)
        The guess list: guess indices are positions in it.
    n_secrets : int
        How many secrets the game hides; secret indices are ``0 .. n_secrets - 1``.
    """

    mode: str
    guesses: Sequence[str]

    @property
    def n_secrets(self) -> int: ...

    def secret_name(self, secret: int) -> str:
        """A secret as the player writes it (one board: the answer; many: ``a+b``)."""
        ...

    def guess_index(self, word: str, role: str = "guess") -> int:
        """The index of ``word`` in the guess list; a clear error naming it (as ``role``)
        otherwise."""
        ...

    def initial_state(self) -> ModelState:
        """Before the first guess: every secret consistent."""
        ...

    def mass(self, state: ModelState) -> int:
        """The number of secrets consistent with ``state``: what one more guess costs a total."""
        ...

    def secrets(self, state: ModelState) -> np.ndarray:
        """The secrets consistent with ``state`` (sorted secret indices)."""
        ...

    def children(self, state: ModelState, guess: int) -> list[tuple[int, ModelState]]:
        """Every feedback ``guess`` can get at ``state`` with the state it leads to, finished
        ones included, in increasing feedback order."""
        ...

    def unsolved_children(self, state: ModelState, guess: int) -> list[tuple[int, ModelState]]:
        """``children`` without the finished ones: what a total sums over."""
        ...

    def finishing_feedback(self, state: ModelState) -> int:
        """The feedback that ends the game at ``state`` (one board: all green; many: all green
        on every board still unsolved): the child it leads to is the finished one."""
        ...

    def sole_guess(self, state: ModelState) -> int | None:
        """The guess every policy plays at ``state`` when the rule decides it (one secret
        left: the guess that finishes it), else None."""
        ...

    def allowed_guesses(self, state: ModelState) -> np.ndarray:
        """Indices of the guesses the mode allows at ``state``, sorted."""
        ...

    def is_allowed(self, state: ModelState, guess: int) -> bool:
        """Whether the mode allows ``guess`` at ``state``."""
        ...

    def finishing_guesses(self, state: ModelState) -> np.ndarray:
        """The guesses that can finish some board now (the candidates, as guess indices):
        the ones a shortlist's "candidates first" tie rule puts first. Unique, in any order."""
        ...

    def feedback(self, state: ModelState, guess: int, secret: int) -> int:
        """The feedback ``guess`` gets at ``state`` when the secret is ``secret`` (one board:
        the state does not matter; many: a board solved earlier shows green)."""
        ...

    def sample_secrets(self, state: ModelState, k: int, seed: int) -> Sequence[int]:
        """``k`` secrets of ``state`` drawn uniformly without replacement, sorted, the same for
        the same (seed, state) in every run and process (all of them if there are k or
        fewer): the games a sampled rollout plays."""
        ...

    def next_state(self, state: ModelState, guess: int, feedback: int) -> ModelState:
        """The state after ``guess`` got ``feedback`` at ``state``."""
        ...

    def describe(self, state: ModelState) -> str:
        """The state in words, for an error: its history and what is left."""
        ...

    def broken_rule(self, state: ModelState, guess: int) -> str | None:
        """Why the mode refuses ``guess`` at ``state``, in words; None if it is allowed."""
        ...


@runtime_checkable
class NoisyModel(Protocol):
    """A game whose feedback reaches the player through known noise (the rollout paper's
    Section 5.1, ``stochastic.NoisyGame``): what ``evaluate``'s exact enumeration of the
    reports and its seeded simulation read (``chance``).

    Its states are belief nodes: a ``ModelState`` (``key``, ``turn``, ``history`` of
    (guess, report)) whose ``belief`` (shape (n_secrets,), float64, summing to 1) is what a
    policy reads. The win is seen without noise: a guess that names the secret ends the game;
    every other guess gets a *report*, drawn given the secret. A node carries the likelihood
    of the reports since its root, L(a) = P(reports | a), so that a walker can sum over the
    reports exactly:

        E[guesses | a] = sum over the branches of P(branch | a) x (guesses on it).

    Attributes
    ----------
    mode, guesses, n_secrets, secret_name : as in ``Model``
    noise : the noise model, with ``name``, ``p`` and ``is_exact`` (p = 0: reports are true)
    max_guesses : int, the default cap (games are stopped there: noise makes them long)
    """

    mode: str
    guesses: Sequence[str]
    max_guesses: int

    @property
    def n_secrets(self) -> int: ...

    def secret_name(self, secret: int) -> str: ...

    def initial_state(self, n_particles: int | None = None, seed=None) -> ModelState:
        """Before the first guess: the uniform belief (exact Bayes), or a particle filter of
        ``n_particles`` particles seeded by ``seed``."""
        ...

    def winner(self, guess: int) -> int:
        """The secret ``guess`` wins against (it names it), or -1."""
        ...

    def likelihood(self, state: ModelState) -> np.ndarray:
        """L(a) = P(reports since the node's root | a) per secret, shape (n_secrets,), float64;
        0 for a secret already guessed."""
        ...

    def reports(self, state: ModelState, guess: int) -> list[tuple[int, float, ModelState]]:
        """Every report ``guess`` can get at ``state`` without winning, in increasing order,
        with the probability of the path to it under the root's prior (what the enumeration
        prunes on) and the child node."""
        ...

    def sample(self, guess: int, secret: int, rng: np.random.Generator) -> int:
        """A report of ``guess`` against ``secret`` (not a win), drawn with ``rng``."""
        ...

    def next_state(self, state: ModelState, guess: int, report: int) -> ModelState:
        """The node after ``guess`` got ``report``, the belief updated by the state's tracker
        (exact Bayes, or its particle filter)."""
        ...


@runtime_checkable
class Policy(Protocol):
    """What ``evaluate`` plays: a guess index for every state of a model (a ``Model``, or a
    ``NoisyModel``, whose policies read the state's ``belief``)."""

    name: str

    def choose(self, game: Model | NoisyModel, state: ModelState) -> int: ...


@runtime_checkable
class Ranking(Protocol):
    """A one-step score of every allowed guess, smaller better: what a shortlist is cut from
    (``Lookahead.shortlist``). ``keys`` is aligned with ``game.allowed_guesses(state)``, int64,
    ``heuristics.EXCLUDED`` for a guess that cannot make progress."""

    name: str

    def keys(self, game: Model, state: ModelState) -> np.ndarray: ...


@runtime_checkable
class Playable(Model, Protocol):
    """A model a person plays: what ``hint``, ``session`` (``PlaySession``, ``agent_steps``),
    the notebook panels of ``widgets``, ``wordlekit hint`` and ``wordlekit play`` read beyond
    :class:`Model`: words and feedback as the player types and reads them.

    Attributes
    ----------
    answers : words.WordList (a sequence of str with a ``name``)
        The answer list; on many boards, the list every board's answer is drawn from (its
        positions are then not secret indices).
    length : int
        Letters (symbols) in a word: the width of a guess on screen.
    max_guesses : int
        The guesses a game may take (six in the NYT game): a longer game is lost.
    """

    answers: Sequence[str]
    length: int
    max_guesses: int

    def secret_index(self, name: str, role: str = "answer") -> int:
        """The secret written ``name`` (as ``secret_name`` writes it; case and spaces ignored);
        a clear error naming ``name`` and its ``role`` otherwise."""
        ...

    def format_feedback(self, feedback: int) -> str:
        """A feedback as the player reads it (Wordle: g/y/b tiles; Mastermind: 2B1W)."""
        ...

    def parse_feedback(self, text: str) -> int:
        """A feedback as the player types it; a clear error naming ``text`` otherwise."""
        ...

    def state_after(self, history) -> ModelState:
        """The state a typed history of (guess word, feedback) pairs reaches, feedback as an
        int or as typed; a clear error naming the entry that is unknown, breaks the mode's rule
        or leaves no secret."""
        ...

    def is_finished(self, state: ModelState) -> bool:
        """Whether the game is over at ``state``: its last feedback finished it."""
        ...

    def candidate_lists(self, state: ModelState) -> tuple[tuple[str, ...], ...]:
        """The words still possible, for display: one tuple per board still unsolved, in board
        order, each in answer-list order (one board: one tuple, the candidates)."""
        ...
