"""The guide's example of an external agent runs as written and prints what the guide says.

By hand (docs/guide.md, "Your own agent"): every -atch answer but batch gets b g g g g from
batch; chomp then splits them into {catch} (g y b b b), {match} (y y b y b), {patch} (y y b b y)
and {hatch, latch, watch} (y y b b b), solved at guess 3 for the singletons; of the three,
hatch is played first (guess 3) and gives latch and watch b g g g g, so latch takes 4 and watch
5. TOTAL 1 + 3 * 4 + 4 + 5 = 22. In hard mode b g g g g keeps a, t, c, h green in positions 2 to
5, and chomp has an h at position 2.
"""

import re

from wordlekit import paths

GUIDE = paths.REPO_ROOT / "docs" / "guide.md"


def example() -> str:
    """The first python block after the heading "Your own agent"."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("### Your own agent") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_guides_agent_runs_and_prints_what_the_guide_says(capsys):
    code = example()
    namespace = {}
    exec(compile(code, str(GUIDE), "exec"), namespace)
    result = namespace["result"]
    assert result.guesses_per_answer.tolist() == [1, 3, 3, 4, 3, 3, 5]  # by hand, above
    assert result.total == 22
    printed = capsys.readouterr().out.splitlines()
    # each print is followed in the guide by a comment holding what it prints
    said = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    assert printed == said
    assert "hard mode forbids: position 2 must be 'a'" in printed[1]
