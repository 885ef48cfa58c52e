"""hint, the play session, the agent's steps and the panels through the seam alone: driven by a
model that is not a ``game.Game`` (``Order``, below), so they read nothing of the one-board
layout. Every expected value is worked by hand in the test's comments."""

import re
from dataclasses import dataclass

import numpy as np
import pytest

from wordlekit import Game, WordList
from wordlekit.contracts import Playable
from wordlekit.errors import WordlekitError
from wordlekit.hint import OPTIMAL, hint, parse_history
from wordlekit.policies import next_guess
from wordlekit.rollout import Rollout
from wordlekit.session import PlaySession, agent_steps
from wordlekit.topk import EXCLUDED, best_positions
from wordlekit.widgets import _candidates_html, play_panel, step_html


@dataclass(frozen=True)
class OrderState:
    left: tuple  # the secrets still possible, sorted
    turn: int = 0
    history: tuple = ()

    @property
    def key(self):
        return self.left


class Order:
    """Guess the secret word; the feedback says whether the secret comes before (``<``), is
    (``=``) or comes after (``>``) the guess in alphabetical order. Three secrets, ant, bee and
    cat; bat may be guessed too, and cannot be the secret. Two guesses at most."""

    mode = "easy"
    length = 3
    max_guesses = 2
    SYMBOLS = "<=>"

    def __init__(self):
        self.guesses = WordList(("ant", "bat", "bee", "cat"), "order guesses")
        self.answers = WordList(("ant", "bee", "cat"), "order answers")

    # contracts.Model
    @property
    def n_secrets(self):
        return len(self.answers)

    def secret_name(self, secret):
        return self.answers[secret]

    def initial_state(self):
        return OrderState(tuple(range(self.n_secrets)))

    def mass(self, state):
        return len(state.left)

    def secrets(self, state):
        return np.array(state.left, dtype=np.int64)

    def feedback(self, state, guess, secret):
        word, answer = self.guesses[guess], self.answers[secret]
        return 0 if answer < word else 1 if answer == word else 2

    def next_state(self, state, guess, feedback):
        left = tuple(s for s in state.left if self.feedback(state, guess, s) == feedback)
        return OrderState(left, state.turn + 1, (*state.history, (guess, feedback)))

    def children(self, state, guess):
        seen = sorted({self.feedback(state, guess, s) for s in state.left})
        return [(f, self.next_state(state, guess, f)) for f in seen]

    def unsolved_children(self, state, guess):
        return [(f, child) for f, child in self.children(state, guess) if f != 1]

    def finishing_feedback(self, state):
        return 1

    def sole_guess(self, state):
        return self.guess_of(state.left[0]) if len(state.left) == 1 else None

    def guess_of(self, secret):
        return self.guesses.index(self.answers[secret])

    def allowed_guesses(self, state):
        return np.arange(len(self.guesses))

    def is_allowed(self, state, guess):
        return True

    def finishing_guesses(self, state):
        return np.array([self.guess_of(s) for s in state.left], dtype=np.int64)

    def sample_secrets(self, state, k, seed):
        return self.secrets(state)[:k]

    def describe(self, state):
        return f"turn {state.turn + 1} ({len(state.left)} left)"

    def broken_rule(self, state, guess):
        return None

    def guess_index(self, word, role="guess"):
        if word.strip().lower() not in self.guesses:
            raise WordlekitError(f"{role} {word!r} is not a word of the game")
        return self.guesses.index(word.strip().lower())

    # contracts.Playable
    def secret_index(self, name, role="answer"):
        if name.strip().lower() not in self.answers:
            raise WordlekitError(f"{role} {name!r} is not a secret of the game")
        return self.answers.index(name.strip().lower())

    def format_feedback(self, feedback):
        return self.SYMBOLS[feedback]

    def parse_feedback(self, text):
        if len(text) != 1 or text not in self.SYMBOLS:
            raise WordlekitError(f"feedback {text!r}: expected <, = or >")
        return self.SYMBOLS.index(text)

    def state_after(self, history):
        state = self.initial_state()
        for turn, (word, feedback) in enumerate(history, start=1):
            guess = self.guess_index(word, role=f"guess {turn}")
            state = self.next_state(state, guess, self.parse_feedback(feedback))
            if not state.left:
                raise WordlekitError(f"no secret is consistent with guess {turn} {word!r}")
        return state

    def is_finished(self, state):
        return bool(state.history) and state.history[-1][1] == 1

    def candidate_lists(self, state):
        return (tuple(self.answers[s] for s in state.left),)


class Middle:
    """Guess the middle secret still possible; rank a guess by its largest part (a Ranking)."""

    name = "middle"

    def choose(self, game, state):
        left = game.secrets(state)
        return game.guess_index(game.secret_name(int(left[len(left) // 2])))

    def keys(self, game, state):
        keys = []
        for guess in game.allowed_guesses(state):
            parts = [game.mass(child) for _, child in game.children(state, int(guess))]
            keys.append(EXCLUDED if parts == [game.mass(state)] else max(parts))
        return np.array(keys, dtype=np.int64)

    def rank(self, game, state, k):
        return game.allowed_guesses(state)[best_positions(self.keys(game, state), k)]


def test_both_models_are_playable(original):
    assert isinstance(Order(), Playable) and isinstance(original, Playable)
    assert not isinstance(Order(), Game)


def test_hint_values_every_guess_through_the_protocol():
    # From ant bee cat, with Middle playing on: bee splits all three (3 + 1 + 1 = 5 guesses,
    # 5/3); ant leaves bee cat, which Middle solves in 2 + 1 (3 + 3 = 6, 2.0), and cat leaves
    # ant bee likewise; bat leaves ant alone and bee cat (3 + 1 + 3 = 7, 7/3), no candidate.
    # Within two guesses: bee solves all three; ant misses bee (ant, cat, bee), cat misses ant
    # and bat misses bee: 2/3 each.
    result = hint(Order(), Middle(), [], count=4)
    assert result.candidates == ("ant", "bee", "cat") and result.choice == "bee"
    assert [tuple(s) for s in result.suggestions] == [
        ("bee", pytest.approx(5 / 3), True, 1.0),
        ("ant", 2.0, True, pytest.approx(2 / 3)),
        ("cat", 2.0, True, pytest.approx(2 / 3)),
        ("bat", pytest.approx(7 / 3), False, pytest.approx(2 / 3)),
    ]
    assert result.cap == 2 and result.to_dict()["some_candidates"] == ["ant", "bee", "cat"]


def test_hint_after_a_typed_history():
    game = Order()
    history = parse_history(["bat:>"], game)
    assert history == [("bat", ">")]
    # bee cat left; bee and cat split them (2 + 1 = 3, 1.5 each), ant and bat split nothing.
    # Middle plays cat; the other is found at the third guess, past the cap: 1/2 within two.
    result = hint(game, Middle(), history)
    assert result.candidate_lists == (("bee", "cat"),) and result.choice == "cat"
    assert [tuple(s) for s in result.suggestions] == [
        ("cat", 1.5, True, 0.5),
        ("bee", 1.5, True, 0.5),
    ]
    only = hint(game, Middle(), [("bee", "<")])
    assert only.suggestions == (("ant", 1.0, True, 1.0),) and only.choice == "ant"
    assert next_guess(game, Middle(), [("bee", "<")]) == "ant"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: parse_history(["bat:?"], g), "entry 1 'bat:?': feedback '?': expected <"),
        (lambda g: hint(g, Middle(), [("bee", "=")]), "already solved by 'bee'"),
        (lambda g: hint(g, Middle(), [("owl", "<")]), "guess 1 'owl' is not a word"),
        (
            lambda g: hint(g, OPTIMAL, []),
            "policy 'optimal' (the exact solver) needs a one-board game",
        ),
        (lambda g: hint(g, Middle(), [], prior=object()), "a prior needs a one-board game"),
        (lambda g: next_guess(g, Middle(), [("cat", "=")]), "already solved by 'cat'"),
        (lambda g: PlaySession(g, "dog"), "answer 'dog' is not a secret"),
    ],
)
def test_errors_through_the_protocol(call, message):
    with pytest.raises(WordlekitError, match=re.escape(message)):
        call(Order())


def test_play_session_through_the_protocol():
    session = PlaySession(Order(), " CAT ", Middle())
    assert session.answer == "cat" and session.hint() == "bee"
    assert session.submit("bee") == ">" and session.candidates() == ["cat"]
    with pytest.raises(WordlekitError, match="guess 2 'owl' is not a word"):
        session.submit("owl")
    assert session.submit("cat") == "=" and session.solved and session.over
    lost = PlaySession(Order(), "bee")
    lost.submit("ant"), lost.submit("cat")  # the cap is the model's: two guesses
    assert lost.over and not lost.solved and lost.history == [("ant", ">"), ("cat", "<")]


def test_agent_steps_and_their_html_through_the_protocol():
    # bat leaves bee cat; the rollout's shortlist is Middle's cat, then bee (ant and bat split
    # nothing): each costs 2 + 1 = 3 guesses over the two, Q = 1.5; the first, cat, is played
    # and leaves bee, guessed by rule.
    steps = agent_steps(Order(), Rollout(Middle(), top_k=3), "bat", "bee")
    assert [(s.guess, s.tiles) for s in steps] == [("bat", ">"), ("cat", "<"), ("bee", "=")]
    assert [s.candidate_lists for s in steps] == [
        (("ant", "bee", "cat"),),
        (("bee", "cat"),),
        (("bee",),),
    ]
    assert [s.q_factors for s in steps] == [(), (("cat", 1.5), ("bee", 1.5)), ()]
    html = step_html(steps, 1)
    # the feedback is not tiles, so it is shown as text
    assert "<code>bat  &gt;</code>" in html and "2 candidates: bee, cat" in html
    assert "1.5000" in html and "next guess: <b>cat</b>" in html


def test_play_panel_through_the_protocol():
    panel = play_panel(Order(), "cat", Middle())
    go, helper = panel.buttons
    helper.click()
    assert "hint: <b>bee</b>" in panel.children[2].value
    panel.text.value = "bee"
    go.click()
    assert panel.children[1].value == "<div><code>bee  &gt;</code></div>"
    assert panel.children[2].value == "<p>1 candidate: cat</p>"


def test_several_boards_show_one_list_each():
    # What a multi-board model's ``candidate_lists`` gives: one list per unsolved board.
    assert _candidates_html((("ant", "bee"), ("cat",))) == (
        "<p>board 1: 2 candidates: ant, bee</p><p>board 2: 1 candidate: cat</p>"
    )
    assert _candidates_html((("ant",),)) == "<p>1 candidate: ant</p>"
