"""The Gymnasium environment and the wrappers between policies and agents.

Expected values are hand-worked on the -atch game (conftest.atch_game: every -atch guess tells
apart only itself), or come from a second, independent path: the environment stepped one answer
at a time against ``evaluate``'s walk of the policy's whole tree (both wordlekit, sharing only
the game's feedback), and MIG's guesses in plain Python (tests/reference.py).
"""

import re

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from wordlekit import WordlekitError, evaluate, paths
from wordlekit.agents import Agent, AgentPolicy, Policy, PolicyAgent, history_of, observation
from wordlekit.env import ENV_ID, WordleEnv
from wordlekit.game import small_game
from wordlekit.policies import make_policy

from . import reference
from .conftest import ATCH, atch_game


class FirstCandidate:
    """An external agent, written without wordlekit's states: it plays the first answer (in
    list order) that agrees with every (guess, feedback) of its observation."""

    name = "first-candidate"

    def __init__(self, game):
        self.guesses, self.answers = list(game.guesses), list(game.answers)
        self.tiles = game.format_feedback

    def act(self, obs):
        history = [(self.guesses[g], self.tiles(p)) for g, p in history_of(obs)]
        for answer in self.answers:
            if all(reference.feedback(g, answer) == t for g, t in history):
                return self.guesses.index(answer)
        raise AssertionError("no answer agrees with the history")


def episode(env, agent, answer):
    """Guesses, rewards and the last info of one episode against ``answer``."""
    obs, info = env.reset(options={"answer": answer})
    rewards = []
    while True:
        obs, reward, terminated, truncated, info = env.step(agent.act(obs))
        rewards.append(reward)
        assert env.observation_space.contains(obs) and not truncated
        if terminated:
            return history_of(obs), rewards, info


@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_the_environment_passes_gymnasiums_checker(render_mode):
    env = gym.make(ENV_ID, game=atch_game(), render_mode=render_mode)
    check_env(env.unwrapped)


def test_a_hand_worked_agent_through_the_environment():
    # First candidate on -atch: the k-th answer takes k guesses (each guess tells apart only
    # itself); watch, the seventh, is lost at the cap of six.
    game = atch_game()
    env = WordleEnv(game, render_mode="ansi")
    agent = FirstCandidate(game)
    for k, answer in enumerate(ATCH, start=1):
        played, rewards, info = episode(env, agent, answer)
        assert [game.guesses[g] for g, _ in played] == list(ATCH[: min(k, 6)])
        assert rewards == [-1.0] * min(k, 6)
        assert info["solved"] == (k <= 6)
    assert env.render().splitlines()[0] == "batch  bgggg"  # watch's first turn


def test_an_external_agent_scored_exactly_by_evaluate():
    # The same agent as a policy: evaluate walks its tree once; hand-worked 1 + 2 + ... + 7.
    game = atch_game()
    policy = AgentPolicy(FirstCandidate(game), max_guesses=7)
    result = evaluate(game, policy, policy.opener(game))
    assert result.guesses_per_answer.tolist() == [1, 2, 3, 4, 5, 6, 7]
    assert (result.total, result.unfinished) == (28, 1)


def test_an_agent_past_its_observation_or_off_its_tree_is_one_clear_error():
    game = atch_game()
    # five turns observed; patch and watch are both left after five (the last candidate alone
    # is guessed by evaluate's rule, without asking the agent)
    policy = AgentPolicy(FirstCandidate(game), max_guesses=5)
    with pytest.raises(WordlekitError, match="played 5 guesses.*max_guesses=5"):
        evaluate(game, policy, "batch")
    with pytest.raises(WordlekitError, match="own opener, 'batch'"):
        evaluate(game, AgentPolicy(FirstCandidate(game), 7), "chomp")


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_mig_through_the_environment_plays_evaluates_guesses(mode):
    # Two paths: the environment, one answer at a time, with MIG as an agent replaying each
    # observation's history; evaluate's walk of MIG's whole tree. And MIG's guesses on one
    # answer in plain Python (reference.heuristic_choice), a third.
    game = small_game(40, 30, 61, mode)
    mig = make_policy("mig")
    opener = game.guesses[0]
    expected = evaluate(game, mig, opener).guesses_per_answer.tolist()
    env = WordleEnv(game, max_guesses=max(expected))
    agent = PolicyAgent(game, mig, opener)
    assert [len(episode(env, agent, a)[0]) for a in game.answers] == expected
    # the agent as a policy again: the same tree
    policy = AgentPolicy(agent, max_guesses=max(expected))
    assert evaluate(game, policy, opener).guesses_per_answer.tolist() == expected
    answer = game.answers[7]
    guesses, answers = list(game.guesses), list(game.answers)
    history, cands = [], answers
    while not history or history[-1][1] != "ggggg":
        allowed = reference.allowed_after(mode, guesses, history)
        word = opener if not history else reference.heuristic_choice("mig", mode, cands, allowed)
        history.append((word, reference.feedback(word, answer)))
        cands = [a for a in cands if reference.feedback(word, a) == history[-1][1]]
    played = episode(env, agent, answer)[0]
    assert [game.guesses[g] for g, _ in played] == [w for w, _ in history]


def test_reset_seeds_the_answer():
    # the same seed, the same answer: the same feedback to the same guesses, in a new env too
    def feedback(env, seed):
        env.reset(seed=seed)
        return [env.step(g)[0]["feedback"][0] for g in (0,)] + [
            env.reset(seed=seed) and env.step(1)[0]["feedback"][0]
        ]

    one, other = WordleEnv(atch_game()), WordleEnv(atch_game())
    assert [feedback(one, s) for s in range(20)] == [feedback(other, s) for s in range(20)]
    assert len({tuple(feedback(one, s)) for s in range(20)}) > 1  # and seeds differ


def test_the_observation_encoding():
    # feedback as the game's pattern number; -1 marks the turns not played
    obs = observation([(3, 80), (0, 242)], max_guesses=4)
    assert obs["guesses"].tolist() == [3, 0, -1, -1]
    assert obs["feedback"].tolist() == [80, 242, -1, -1]
    assert history_of(obs) == [(3, 80), (0, 242)]
    assert obs["guesses"].dtype == np.int64


def test_hard_mode_masks_and_refuses_illegal_guesses():
    game = atch_game("hard")
    env = WordleEnv(game)
    env.reset(options={"answer": "catch"})
    _, _, _, _, info = env.step(game.guesses.index("chomp"))  # c green: later guesses keep it
    allowed = [w for w, m in zip(game.guesses, info["action_mask"]) if m]
    history = [("chomp", reference.feedback("chomp", "catch"))]
    assert allowed == reference.allowed_after("hard", list(game.guesses), history)
    # chomp against catch: c green at position 1, which batch (b at 1) gives up
    expected = "guess 2 'batch' is not allowed in hard mode: position 1 must be 'c'"
    with pytest.raises(WordlekitError, match=expected):
        env.step(game.guesses.index("batch"))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda env: env.step(0), "step before reset"),
        (lambda env: env.reset(options={"answer": "chomp"}), "answer 'chomp' is not one of"),
        (lambda env: (env.reset(), env.step(99)), "action 99 is not a guess index"),
        (
            lambda env: (env.reset(options={"answer": "batch"}), env.step(0), env.step(0)),
            "the episode has ended",
        ),
        (lambda env: WordleEnv(atch_game(), max_guesses=0), "max_guesses must be a whole"),
        (lambda env: WordleEnv(atch_game(), render_mode="human"), "render_mode 'human'"),
    ],
)
def test_misuse_is_one_clear_error(call, message):
    with pytest.raises(WordlekitError, match=message):
        call(WordleEnv(atch_game()))


def test_the_protocols_describe_both_sides():
    game = atch_game()
    mig = make_policy("mig")
    assert isinstance(mig, Policy) and isinstance(AgentPolicy(FirstCandidate(game)), Policy)
    assert isinstance(PolicyAgent(game, mig), Agent) and isinstance(FirstCandidate(game), Agent)


def test_the_guides_external_agent_is_evaluated_exactly():
    # The guide's example, run as written; its tree walked by evaluate against each answer's
    # game played on its own, turn by turn (the agent's guesses, the feedback of the pattern
    # matrix), and the figures its comment quotes.
    guide = (paths.REPO_ROOT / "docs" / "guide.md").read_text()
    section = guide.split("## Agents: ", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(code, namespace)
    game, agent, result = namespace["game"], namespace["FirstCandidate"](), namespace["result"]
    played = []
    for answer in range(len(game.answers)):
        history = []
        while not history or history[-1][1] != game.solved:
            guess = agent.act(observation(history, 12))
            history.append((guess, int(game.patterns[guess, answer])))
        played.append(len(history))
    assert result.guesses_per_answer.tolist() == played
    quoted = re.search(r"# \((\d+), (\d+), (\d+)\): from aback", code).groups()
    assert tuple(map(int, quoted)) == (sum(played), max(played), sum(p > 6 for p in played))
    assert result.opener == "aback" and result.mode == "hard"
