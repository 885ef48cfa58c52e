"""A played game reviewed: the skill of every guess and the luck of every feedback, exactly.

At a state s (candidates S, turn t, a cap of C guesses in all), the exact solver
(``optimal.Solver``, capped at C) gives the Q-factors of the rollout paper as expected guesses
still needed, this guess included:

    V(s)    = MinTotal_{C-t}(S) / |S|                          (best play from s)
    Q(s, a) = (|S| + sum_{f != all green} MinTotal_{C-t-1}(S_{a,f})) / |S|   (a now, then best)

The *inaccuracy* of guess a is Q(s, a) - V(s) >= 0: the move's regret, in guesses. The *luck*
of the feedback f that a received, reaching s', is Q(s, a) - 1 - V(s'): what a was expected to
need after itself, minus what s' needs with best play (V = 0 once solved). These are the
definitions of alex1770/wordle's ``-A`` (``analyseplay`` in its wordle.cpp: inaccuracy
``e - preve``, luck ``preve - e - 1``, with ``e = o / |S|`` and ``o`` a minimum total within
the cap) [selby2022]_. Over a finished game they add up exactly:

    guesses played = V(s0) + sum of inaccuracies - sum of lucks,

and over a policy's games, one per answer (the performance-difference identity), the
inaccuracies of all its moves add up to its TOTAL minus the optimal TOTAL (``batch``).

The cap, as the peer has it: a guess after which some answer cannot be guaranteed within the
cap, when another guess could, has an infinite inaccuracy; where no guess can, the inaccuracy
is not measured (None). A feedback that makes the game solvable within the cap again, after a
guess that could not guarantee it, is infinitely lucky; one that leaves it unsolvable,
infinitely unlucky.

The first state of a full game needs the best opener's total, a search over every opener
(notebook 10; hours for a table of them all, benchmarks/review.py): a game of at most
``hint.OPTIMAL_MAX`` answers is solved here, and on the original lists the proved best opener
is read (easy: Selby's published salet 7920 [selby2022]_; hard: the stored sweep
``top_hard_original``) and its total computed again now. Elsewhere the first guess's
inaccuracy is None (unknown) and the rest is reviewed as usual. The played opener's own total
is always computed (a second or so on the original lists).

References
----------
- [selby2022]_: the ``-A`` analysis of play and its definitions; the published optimum.
- [bhambri2022]_: Q-factors and their distance from the optimal ones.
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from . import paths
from .branch_and_bound import INFEASIBLE
from .errors import WordlekitError
from .game import Game, State
from .hint import OPTIMAL_MAX, OptimalPlay, hint, outcome, parse_history
from .prior import Weights
from .progress import bar as progress_bar
from .words import original_answers, original_guesses


@dataclass(frozen=True)
class Move:
    """One guess and the feedback it received, reviewed (module docstring). Totals are
    MinTotals within the cap (sums of guesses over the candidates), None where no strategy
    solves every candidate within the cap; ``best_total`` is also None where it is not known
    (``best_known``: the first state of a full game on lists with no proved best opener)."""

    turn: int
    guess: str
    feedback: str
    candidates: int
    left: int
    played_total: int | None
    best_total: int | None
    after_total: int | None
    best_guesses: tuple = ()
    best_known: bool = True
    baseline: dict | None = None

    @property
    def probability(self) -> float:
        """The chance of the feedback received, the answer uniform over the candidates."""
        return self.left / self.candidates

    @property
    def expected(self) -> float:
        """Q(s, a): expected guesses still needed with this guess (math.inf: not within cap)."""
        return _per(self.played_total, self.candidates)

    @property
    def best_expected(self) -> float | None:
        """V(s), or None if not known."""
        return _per(self.best_total, self.candidates) if self.best_known else None

    @property
    def after(self) -> float:
        """V(s') after the feedback (0 when solved; math.inf: not within cap)."""
        return _per(self.after_total, self.left)

    @property
    def optimal(self) -> bool:
        """Whether the guess was a best one (its total equals the best)."""
        return self.best_known and self.played_total == self.best_total

    @property
    def inaccuracy(self) -> float | None:
        """Q(s, a) - V(s); math.inf if a cannot guarantee the cap and another guess can; None
        if no guess can, or V(s) is not known."""
        if not self.best_known or self.best_total is None:
            return None
        if self.played_total is None:
            return math.inf
        return (self.played_total - self.best_total) / self.candidates

    @property
    def luck(self) -> float:
        """Q(s, a) - 1 - V(s'); +inf if s' is solvable within the cap and the guess could not
        guarantee it, -inf if s' is not."""
        if self.after_total is None:
            return -math.inf
        if self.played_total is None:
            return math.inf
        return self.expected - 1 - self.after

    def to_dict(self) -> dict:
        return {
            "turn": self.turn,
            "guess": self.guess,
            "feedback": self.feedback,
            "candidates": self.candidates,
            "candidates_left": self.left,
            "probability": round(self.probability, 6),
            "expected_guesses": number(self.expected),
            "best_expected_guesses": number(self.best_expected),
            "best_guesses": list(self.best_guesses),
            "inaccuracy": number(self.inaccuracy),
            "luck": number(self.luck),
            **({"baseline": self.baseline} if self.baseline is not None else {}),
        }


def _per(total: int | None, count: int) -> float:
    if total is None:
        return math.inf
    return total / count if count else 0.0


def number(value: float | None):
    """A value for JSON: rounded to 6 places, "infinity" / "-infinity", or None."""
    if value is None:
        return None
    if math.isinf(value):
        return "infinity" if value > 0 else "-infinity"
    return round(value, 6)


def summed(values) -> float | None:
    """The sum of ``values`` (None if any is None; an infinity if any is one)."""
    values = list(values)
    if any(v is None for v in values):
        return None
    return sum(values, 0.0)


@dataclass(frozen=True)
class Review:
    """A reviewed game: its ``moves``, the cap and what the first state's optimum rests on."""

    moves: tuple
    cap: int
    root_source: str
    solved: bool

    @property
    def total_inaccuracy(self) -> float | None:
        return summed(m.inaccuracy for m in self.moves)

    @property
    def total_luck(self) -> float | None:
        """None if some luck is infinite (the peer prints that it cannot be calculated)."""
        lucks = [m.luck for m in self.moves]
        return None if any(math.isinf(x) for x in lucks) else sum(lucks, 0.0)

    def to_dict(self) -> dict:
        return {
            "moves": [m.to_dict() for m in self.moves],
            "total_inaccuracy": number(self.total_inaccuracy),
            "total_luck": number(self.total_luck),
            "guesses": len(self.moves),
            "solved": self.solved,
            "max_guesses": self.cap,
            "first_state_optimum": self.root_source,
        }


def parse_game(entries, game: Game) -> list[tuple[str, str]]:
    """A played game as [(guess, feedback), ...], from our hint syntax (``salet:bbbyb
    drone:ybbbg``) or the peer's one string (``salet.bbbyb.drone.ybbbg``, or the words alone,
    ``salet.drone.cigar``: the last is the answer and the feedback is computed). A clear error
    for a malformed entry; the guesses themselves are checked by ``Reviewer.review``."""
    entries = [e for e in entries if e.strip()]
    if not entries:
        raise WordlekitError("no game given: expected GUESS:FEEDBACK entries or a.b.c.d")
    if len(entries) > 1 or ":" in entries[0] or "." not in entries[0]:
        return parse_history(entries, game)
    items = [item.strip().lower() for item in entries[0].split(".")]
    pairs = len(items) % 2 == 0 and all(_is_feedback(game, f) for f in items[1::2])
    if pairs:
        return list(zip(items[0::2], items[1::2]))
    return history_for(game, items[-1], items)


def _is_feedback(game: Game, text: str) -> bool:
    try:
        game.parse_feedback(text)
    except WordlekitError:
        return False
    return True


def history_for(game: Game, answer: str, guesses) -> list[tuple[str, str]]:
    """The feedback ``guesses`` get when the answer is ``answer`` (clear errors for an unknown
    word), stopping at the first that finds it."""
    secret = game.secret_index(answer, role="the answer")
    history = []
    for turn, word in enumerate(guesses, start=1):
        pattern = int(game.patterns[game.guess_index(word, role=f"guess {turn}"), secret])
        history.append((word, game.format_feedback(pattern)))
        if pattern == game.solved:
            break
    return history


@dataclass
class Reviewer:
    """Reviews games of ``game`` within ``cap`` guesses; the solver's memo (and the first
    state's optimum) is shared by every game it reviews. ``baseline``: a policy whose choice
    and cost are shown beside each move; ``alternatives``: above 1, the guesses as good as the
    best among that many best (``hint`` with exact play, at states of at most
    ``hint.OPTIMAL_MAX`` candidates; it values each exactly, seconds at a state of a hundred
    or more), else only the solver's best."""

    game: Game
    cap: int | None = None
    baseline: object = None
    alternatives: int = 1
    _root: tuple | None = field(default=None, init=False, repr=False)
    _openers: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self):
        self.cap = self.game.max_guesses if self.cap is None else self.cap
        self.play = OptimalPlay(self.game, cap=self.cap)

    def best_total(self, state: State) -> int | None:
        """MinTotal of ``state`` within the cap (0 once solved), None if none."""
        if len(state.candidates) == 0 or self.game.is_finished(state):
            return 0
        return self.play.capped_total(state)

    def played_total(self, state: State, guess: int) -> int | None:
        """|S| Q(s, a) within the cap, None if ``guess`` cannot guarantee it."""
        game = self.game
        if state.turn >= self.cap:  # no guess is left within the cap
            return None
        if state.turn == 0 and len(game.answers) > OPTIMAL_MAX:  # the opener's own search
            if guess not in self._openers:
                total = self.play.capped.opener_total(guess)
                self._openers[guess] = total if total < INFEASIBLE else None
            return self._openers[guess]
        total = game.mass(state)
        for _, child in game.unsolved_children(state, guess):
            value = self.play.capped_total(child)
            if value is None:
                return None
            total += value
        return total

    def root(self) -> tuple[int | None, tuple, bool, str]:
        """(MinTotal of the first state, its best guesses, known, what it rests on)."""
        if self._root is None:
            self._root = _root_optimum(self)
        return self._root

    def _best(self, state: State, history) -> tuple[int | None, tuple, bool]:
        if state.turn == 0:
            return self.root()[:3]
        total = self.best_total(state)
        if total is None:
            return None, (), True
        left = self.cap - state.turn
        best = [self.game.guesses[self.play.capped.best_guess(state, left)]]
        if self.alternatives > 1 and len(state.candidates) <= OPTIMAL_MAX:
            found = hint(self.game, self.play, history, self.alternatives, cap=self.cap)
            mass = len(state.candidates)
            best += [
                s.guess
                for s in found.suggestions
                if s.chance == 1 and round(s.expected * mass) == total and s.guess not in best
            ]
        return total, tuple(best), True

    def _baseline(self, state: State, guess: int) -> dict:
        game, policy = self.game, self.baseline
        choice = policy.choose(game, state)
        mass = game.mass(state)
        own, _ = outcome(game, policy, state, choice, Weights.of(game, None), self.cap)
        return {
            "policy": policy.name,
            "guess": game.guesses[choice],
            "expected_guesses": number(_per(self.played_total(state, choice), mass)),
            "expected_guesses_playing_on": round(own / mass, 6),
            "same_as_played": bool(choice == guess),
        }

    def _move(self, state: State, best: tuple, history, turn: int):
        """Move ``turn`` of ``history`` from ``state`` (whose ``_best`` is ``best``): the Move,
        the state after it and its ``_best``."""
        game = self.game
        word, fb = history[turn - 1]
        guess, pattern = game.guess_index(word), int(game.parse_feedback(fb))
        played = self.played_total(state, guess)
        after = game.next_state(state, guess, pattern)
        solved = pattern == game.solved
        after_best = (0, (), True) if solved else self._best(after, history[:turn])
        move = Move(
            turn,
            word,
            game.format_feedback(pattern),
            len(state.candidates),
            1 if solved else len(after.candidates),
            played,
            best[0],
            after_best[0],
            best[1],
            best[2],
            self._baseline(state, guess) if self.baseline is not None else None,
        )
        return move, after, after_best

    def review_move(self, history, turn: int) -> Move:
        """Move ``turn`` (1 = the first guess) of ``history`` alone."""
        state = self.game.state_after(history[: turn - 1])
        return self._move(state, self._best(state, history[: turn - 1]), history, turn)[0]

    def review(self, history, progress: bool = False) -> Review:
        """Review a game, ``history`` a list of (guess word, feedback) (``parse_game``)."""
        game = self.game
        for turn, (word, fb) in enumerate(history[:-1], start=1):
            if game.parse_feedback(fb) == game.solved:
                raise WordlekitError(
                    f"guess {turn} {word!r} got {fb}, which solves the game; expected it last, "
                    f"but {len(history) - turn} more guess(es) follow"
                )
        game.state_after(history)  # unknown word, broken rule, no answer left: one line
        bar = progress_bar("review", total=len(history), unit="guess", show=progress)
        moves, state = [], game.initial_state()
        best = self._best(state, [])
        for turn, (word, _) in enumerate(history, start=1):
            bar.set_description_str(f"review: guess {turn} {word}")
            move, state, best = self._move(state, best, history, turn)
            moves.append(move)
            bar.update()
        bar.close()
        solved = bool(history) and game.parse_feedback(history[-1][1]) == game.solved
        return Review(tuple(moves), self.cap, self.root()[3], solved)


#: The proved best opener of the original lists with the NYT's cap, by mode: where it is read
#: (its total is computed again by ``_root_optimum``).
_PROVED = {
    "easy": "Selby's published optimum (wordlekit/data/reference/optimal_totals_selby.csv, "
    "proved again by notebook 10)",
    "hard": "the stored sweep top_hard_original (wordlekit/data/sweeps, notebook 14)",
}


def _proved_opener(mode: str) -> str:
    """The best opener of the original lists in ``mode`` (``_PROVED``)."""
    if mode == "hard":
        from .openers import read_stored_sweep

        rows = read_stored_sweep("top_hard_original")
        return str(rows.index[(rows["rank"] == 1).fillna(False).to_numpy()][0])
    with open(paths.REFERENCE_DIR / "optimal_totals_selby.csv", encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["easy_total"]]
    return min(rows, key=lambda r: int(r["easy_total"]))["opener"]


def _root_optimum(reviewer: Reviewer) -> tuple[int | None, tuple, bool, str]:
    game, play, cap = reviewer.game, reviewer.play, reviewer.cap
    root = game.initial_state()
    if len(game.answers) <= OPTIMAL_MAX:
        total = play.capped_total(root)
        best = () if total is None else (game.guesses[play.capped.best_guess(root, cap)],)
        return total, best, True, "solved exactly here"
    original = (
        game.guesses.words == original_guesses().words
        and game.answers.words == original_answers().words
    )
    if not original or cap != game.max_guesses or game.mode not in _PROVED:
        return None, (), False, "not known (no proved best opener for these lists and mode)"
    opener = _proved_opener(game.mode)
    total = reviewer.played_total(root, game.guess_index(opener))
    return total, (opener,), True, f"{opener}, computed here; that it is best: {_PROVED[game.mode]}"


def read_batch(path: str) -> list[tuple[str, list[str]]]:
    """The games of a JSON-lines file: each line an object ``{"answer": WORD, "guesses":
    [WORD, ...]}`` (blank lines skipped); one clear error naming the line otherwise."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise WordlekitError(f"--batch {path}: cannot be read ({exc.strerror})") from None
    games = []
    for number_, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise WordlekitError(f"--batch {path} line {number_}: not JSON ({exc.msg})") from None
        ok = isinstance(row, dict) and isinstance(row.get("answer"), str)
        guesses = row.get("guesses") if isinstance(row, dict) else None
        if not ok or not isinstance(guesses, list) or not guesses:
            raise WordlekitError(
                f'--batch {path} line {number_}: expected an object with "answer" (a word) '
                'and "guesses" (a non-empty list of words)'
            )
        games.append((row["answer"], [str(g) for g in guesses]))
    return games


def batch(reviewer: Reviewer, games, progress: bool = False):
    """Review ``games`` [(answer, guesses), ...] with one shared memo. Returns (one dict per
    game: its answer, guesses, per-move ``regrets`` (the inaccuracies) and ``lucks``,
    ``total_regret``, ``total_luck``, ``solved``; the summary: ``games``, ``moves``,
    ``mean_regret_per_move`` and ``share_optimal`` over the moves whose regret is known and
    finite, ``infinite_regrets``, ``regret_by_turn`` (the mean per turn) and
    ``total_regret`` (their sum)."""
    rows, by_turn = [], {}
    bar = progress_bar("review --batch", total=len(games), unit="game", show=progress)
    for number_, (answer, guesses) in enumerate(games, start=1):
        try:
            result = reviewer.review(history_for(reviewer.game, answer, guesses))
        except WordlekitError as exc:
            raise WordlekitError(f"game {number_} (answer {answer!r}): {exc}") from None
        for move in result.moves:
            by_turn.setdefault(move.turn, []).append(move)
        rows.append(
            {
                "answer": answer,
                "guesses": [m.guess for m in result.moves],
                "regrets": [number(m.inaccuracy) for m in result.moves],
                "lucks": [number(m.luck) for m in result.moves],
                "total_regret": number(result.total_inaccuracy),
                "total_luck": number(result.total_luck),
                "solved": result.solved,
            }
        )
        bar.update()
    bar.close()
    moves = [m for ms in by_turn.values() for m in ms]
    finite = [m for m in moves if m.inaccuracy is not None and not math.isinf(m.inaccuracy)]
    summary = {
        "games": len(rows),
        "moves": len(moves),
        "mean_regret_per_move": number(summed(m.inaccuracy for m in finite) / len(finite))
        if finite
        else None,
        "share_optimal": round(sum(m.optimal for m in finite) / len(finite), 6) if finite else None,
        "infinite_regrets": sum(m.inaccuracy == math.inf for m in moves),
        "unknown_regrets": sum(m.inaccuracy is None for m in moves),
        "regret_by_turn": {
            str(turn): number(summed(m.inaccuracy for m in ms) / len(ms))
            for turn, ms in sorted(by_turn.items())
            if all(m.inaccuracy is not None for m in ms)
        },
        "total_regret": number(summed(m.inaccuracy for m in moves)),
        "first_state_optimum": reviewer.root()[3],
    }
    return rows, summary
