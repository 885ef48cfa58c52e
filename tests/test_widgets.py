"""The play and agent panels: their plain logic checked by hand, and the widgets driven by clicks."""

import pytest

from wordlekit import Game, WordList, get_heuristic
from wordlekit.errors import WordlekitError
from wordlekit.policies import make_policy
from wordlekit.rollout import Rollout
from wordlekit.session import PlaySession, agent_steps
from wordlekit.widgets import agent_panel, play_panel, step_html, tiles_html


def atch_game(mode="easy"):
    """batch catch hatch match patch watch, and a made-up word, chwmp, that tells apart the five
    left after batch."""
    answers = WordList(("batch", "catch", "hatch", "match", "patch", "watch"), "atch answers")
    guesses = WordList(
        ("batch", "catch", "chwmp", "hatch", "match", "patch", "watch"), "atch guesses"
    )
    return Game(guesses, answers, mode)


def test_play_session_by_hand():
    session = PlaySession(atch_game(), "patch")
    # c, h and p are in patch but elsewhere; w and m are not in it.
    assert session.submit("chwmp") == "yybby"
    assert session.candidates() == ["patch"]
    with pytest.raises(WordlekitError, match="guess 2 'zzzzz' is not an allowed guess"):
        session.submit("zzzzz")
    with pytest.raises(WordlekitError, match="has 3 letters"):
        session.submit("cat")
    assert len(session.history) == 1  # errors change nothing
    assert session.submit(" PATCH ") == "ggggg" and session.solved and session.over
    with pytest.raises(WordlekitError, match="the game is over"):
        session.submit("batch")
    with pytest.raises(WordlekitError, match="'zebra' is not one of the game's 6 answers"):
        PlaySession(atch_game(), "zebra")


def test_play_session_hard_mode_rule():
    session = PlaySession(atch_game("hard"), "watch")
    assert session.submit("batch") == "bgggg"
    with pytest.raises(WordlekitError, match="guess 2 'chwmp' is not allowed in hard mode"):
        session.submit("chwmp")


def test_agent_steps_by_hand():
    game = atch_game()
    policy = Rollout(get_heuristic("mig"), top_k=3)
    steps = agent_steps(game, policy, "batch", "watch")
    # batch leaves catch hatch match patch watch (bgggg each); chwmp splits them into five
    # (gybbb, yybbb, yybyb, yybby, yyybb), a candidate only into itself and the other four.
    assert [s.guess for s in steps] == ["batch", "chwmp", "watch"]
    assert [len(s.candidates) for s in steps] == [6, 5, 1]
    assert steps[0].q_factors == ()  # the opener is given
    best_guess, best_q = steps[1].q_factors[0]
    # chwmp: one guess now, then the answer next turn for all five: 2 expected guesses. A
    # candidate, e.g. catch: 5 + (4 + 4) for MIG's chwmp on the other four, 13 / 5 = 2.6.
    assert best_guess == "chwmp" and best_q == pytest.approx(2.0)
    assert [q for _, q in steps[1].q_factors[1:]] == pytest.approx(
        [2.6] * (len(steps[1].q_factors) - 1)
    )
    assert steps[-1].tiles == "ggggg"
    html = step_html(steps, 1)
    assert "5 candidates" in html and "chwmp" in html and "2.0000" in html
    assert "solved in 3" in step_html(steps, 3)
    assert tiles_html("ab", "gy").count("<span") == 2


def test_agent_panel_steps_with_the_buttons():
    game = atch_game()
    panel = agent_panel(game, Rollout(get_heuristic("mig"), top_k=3), "batch", "watch")
    back, forward = panel.children[1].children
    view = panel.children[2]
    assert back.disabled and "6 candidates" in view.value
    forward.click()
    assert "5 candidates" in view.value and not back.disabled
    forward.click()
    forward.click()
    assert "solved in 3" in view.value and forward.disabled
    back.click()
    assert "1 candidate:" in view.value


def test_play_panel_by_clicks():
    panel = play_panel(atch_game(), "match", make_policy("mig"))
    go, hint = panel.buttons
    panel.text.value = "zzzzz"
    go.click()
    assert "not an allowed guess" in panel.children[2].value and panel.session.history == []
    hint.click()
    assert "hint: <b>" in panel.children[2].value
    panel.text.value = "chwmp"
    go.click()
    assert panel.session.history == [("chwmp", "yybyb")]
    panel.text.value = "match"
    go.click()
    assert "solved in 2" in panel.children[2].value
