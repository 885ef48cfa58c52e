"""Decision trees as data: any policy's tree exported, strategy files read, any tree played back.

A deterministic policy played from an opener against every answer is a decision tree (see
``evaluation``). Here that tree becomes a file others can read, and a file becomes a policy:

- ``policy_paths(game, policy, opener)``: the tree as one path per answer, the guesses and
  feedbacks of its game, from the one walk of a policy's tree (``evaluation.decisions``). Every
  format below is written from these paths, so a heuristic, a rollout, the optimum
  (``optimal_tree``) or a tree read from a file are exported alike.
- Three formats (``FORMATS``, ``tree_text``):

  - ``json``: nested ``{"guess": word, "next": {tiles: node, ...}}`` (tiles as g/y/b; a node
    whose guess is the only candidate left has no ``next``); ``wordlekit optimal --tree``.
  - ``lines``: the line-per-answer text format in which strategies for Wordle are shared (the
    ``.tree`` files of Selby's solver): each line is one answer's game, a guess and then its
    feedback in capitals immediately followed by the guess's number (``salet BBBYB1 ...
    GGGGG3``), lines ordered by feedback (B before G before Y, first guess first), and the
    start a line shares with the line above (to the guess where they part, that guess too)
    left blank.
    Tile games only (Wordle, Primel, Nerdle); the other games' feedback is not tiles.
  - ``dot``: Graphviz, the top levels only (``depth`` guesses): each node a guess and the
    number of answers still possible there, each edge a feedback.

- ``read_tree(game, text, source)``: a JSON tree or a ``lines`` file (told apart by the first
  character: ``{`` opens JSON) as a ``TreePolicy``, which replays it (``wordlekit evaluate
  --tree``) after checking that it fits the game: every word allowed at its state in the game's
  mode (``game.is_allowed``: the hard-mode rule of ``State``'s allowed guesses), every feedback
  possible, every answer reached.

References
----------
Selby, A. (2022). The best strategies for Wordle (parts 1-3, 2022-2023), sonorouschocolate.com;
his solver and its published trees: GitHub alex1770/wordle (the ``lines`` format's source).
"""

from __future__ import annotations

import json

from .answering import TILES
from .errors import WordlekitError
from .evaluation import decisions
from .game import Game, State
from .optimal import Solver

__all__ = [
    "FORMATS",
    "TreePolicy",
    "check_tiles",
    "optimal_paths",
    "optimal_tree",
    "policy_paths",
    "policy_tree",
    "read_lines",
    "read_tree",
    "tree_dot",
    "tree_lines",
    "tree_of_paths",
    "tree_text",
]

FORMATS = ("json", "lines", "dot")
DOT_DEPTH = 2  # guesses drawn by ``tree_dot`` unless told: the opener and the second guesses


def policy_paths(game: Game, policy, opener: str | int) -> dict[int, tuple]:
    """Every answer's game when ``policy`` plays from ``opener``: the tree as one path per answer.

    Returns
    -------
    dict
        answer index -> ((guess index, pattern), ...), one pair per guess, the last one the
        all-green feedback; in the order of ``evaluation.decisions``'s walk.
    """
    first = game.guess_index(opener, role="opener") if isinstance(opener, str) else int(opener)
    above: dict = {}  # a state's key -> the path that leads to it
    paths: dict = {}
    for node in decisions(game, policy, game.initial_state(), first):
        path = above.pop(node.state.key, ())
        if not node.children:  # the last candidate, guessed by rule
            paths[int(node.solved[0])] = (*path, (node.guess, game.solved))
        for pattern, child in node.children:
            if pattern == game.solved:
                paths[int(child.candidates[0])] = (*path, (node.guess, pattern))
            else:
                above[child.key] = (*path, (node.guess, pattern))
    return paths


def tree_of_paths(game: Game, paths: dict) -> dict:
    """The JSON form (nested dicts) of the tree whose answers' games are ``paths``."""
    root: dict = {}
    for path in paths.values():
        node = root
        for guess, pattern in path:
            node["guess"] = game.guesses[guess]
            if pattern == game.solved:
                break
            node = node.setdefault("next", {}).setdefault(game.format_feedback(pattern), {})
    return root


def policy_tree(game: Game, policy, opener: str | int) -> dict:
    """The decision tree of ``policy`` from ``opener`` as nested dicts (JSON-ready): any policy
    with ``name`` and ``choose(game, state)``, e.g. ``policies.make_policy('rollout-mig')``."""
    return tree_of_paths(game, policy_paths(game, policy, opener))


class _Optimum:
    """The policy of a solved ``optimal.Solver``: an optimal guess with the guesses left."""

    name = "optimal"

    def __init__(self, solver: Solver):
        self.solver = solver

    def choose(self, game: Game, state: State) -> int:
        return self.solver.best_guess(state, self.solver.max_guesses - state.turn)


def optimal_paths(solver: Solver, opener: int) -> dict[int, tuple]:
    """``policy_paths`` of the optimum from ``opener`` (solving what the solver has not yet)."""
    return policy_paths(solver.game, _Optimum(solver), opener)


def optimal_tree(solver: Solver, opener: int) -> dict:
    """The optimal decision tree from ``opener`` as nested dicts (JSON-ready), in the form of
    ``policy_tree``."""
    return tree_of_paths(solver.game, optimal_paths(solver, opener))


def check_tiles(game: Game) -> None:
    """Raise unless ``game``'s feedback is tiles, which the ``lines`` format writes."""
    if game.answering is not TILES:
        raise WordlekitError(
            f"the lines format holds tile feedback (B/Y/G), but {game.guesses.name} is answered "
            f"with {game.answering.name}; expected a tile game (or the json format)"
        )


def _feedback_order(game: Game, path: tuple) -> list[str]:
    # g/y/b sort as the format's B < G < Y
    return [game.format_feedback(pattern) for _, pattern in path]


def tree_lines(game: Game, paths: dict) -> str:
    """The ``lines`` format of a tree: one line per answer, the start it shares with the line
    above blank (see the module docstring)."""
    check_tiles(game)
    out, above = [], ()
    for path in sorted(paths.values(), key=lambda path: _feedback_order(game, path)):
        tokens = []
        for turn, (guess, pattern) in enumerate(path, start=1):
            tokens += [game.guesses[guess], f"{game.format_feedback(pattern).upper()}{turn}"]
        text = " ".join(tokens)
        shared = next(
            (i for i, (a, b) in enumerate(zip(path, above, strict=False)) if a != b),
            min(len(path), len(above)),
        )
        if above:
            blank = len(" ".join(tokens[: 2 * shared + 1])) + 1
            text = " " * blank + text[blank:]
        out.append(text)
        above = path
    return "".join(line + "\n" for line in out)


def read_lines(game: Game, text: str, source: str = "tree") -> dict[int, tuple]:
    """The paths (as ``policy_paths`` gives them) of a tree in the ``lines`` format.

    Checks each line against the game: words it knows, feedback the guess really gives the
    line's answer, guesses numbered 1, 2, ..., one guess at each point of the tree, one line
    per answer. A mistake is one ``WordlekitError`` naming ``source``, the line and the problem.
    Whether each guess is allowed in the game's mode is ``TreePolicy``'s check.
    """
    check_tiles(game)
    answers = {word: i for i, word in enumerate(game.answers)}
    paths: dict = {}
    lines: dict = {}  # answer -> its line number
    chosen: dict = {}  # a path so far -> (the guess made there, the line that says so)
    above = ""
    for number, row in enumerate(text.splitlines(), start=1):
        try:
            tokens = _tokens(row.rstrip(), above)
            path = _path(game, tokens, answers)
            for turn in range(len(path)):
                made = chosen.setdefault(path[:turn], (path[turn][0], number))
                if made[0] != path[turn][0]:
                    raise WordlekitError(
                        f"guess {turn + 1} is {tokens[2 * turn]!r} where line {made[1]} "
                        f"guessed {game.guesses[made[0]]!r} after the same feedback"
                    )
            answer = answers[tokens[-2]]
            if answer in lines:
                raise WordlekitError(f"answer {tokens[-2]!r} already has line {lines[answer]}")
        except WordlekitError as exc:
            raise WordlekitError(f"{source} line {number}: {exc}") from None
        lines[answer], paths[answer] = number, path
        above = " ".join(tokens)
    missing = [word for word, i in answers.items() if i not in paths]
    if missing:
        raise WordlekitError(
            f"{source}: answer {missing[0]!r} has no line ({len(missing)} missing); expected "
            f"one line per answer of {game.answers.name} ({len(answers)})"
        )
    return paths


def _tokens(row: str, above: str) -> list[str]:
    """A line's words, its blank start read from the line above (``above``, in full)."""
    if not row:
        raise WordlekitError("empty; expected one answer's game")
    blank = len(row) - len(row.lstrip(" "))
    if blank and (blank > len(above) or above[blank - 1] != " "):
        raise WordlekitError(
            f"its {blank} blank columns do not end between two words of the line above"
        )
    tokens = (above[:blank] + row[blank:]).split()
    if len(tokens) % 2:
        raise WordlekitError(
            f"an odd number of words ({len(tokens)}); expected pairs of a guess and its "
            "feedback followed by the guess's number (salet BBBYB1)"
        )
    return tokens


def _path(game: Game, tokens: list[str], answers: dict) -> tuple:
    """The (guess, pattern) pairs of one line's words, checked against its answer."""
    path = []
    for turn, (word, scored) in enumerate(zip(tokens[::2], tokens[1::2], strict=True), 1):
        if scored[game.length :] != str(turn):
            raise WordlekitError(
                f"{scored!r} after {word!r}; expected {game.length} tiles of B/Y/G and the "
                f"guess's number {turn}"
            )
        guess = game.guess_index(word, role=f"guess {turn}")
        path.append((guess, game.parse_feedback(scored[: game.length])))
    for turn, (_, pattern) in enumerate(path[:-1], start=1):
        if pattern == game.solved:
            raise WordlekitError(f"guess {turn} is all green but the line goes on")
    answer = answers.get(tokens[-2])
    if path[-1][1] != game.solved or answer is None:
        raise WordlekitError(
            f"ends with {tokens[-2]!r} {tokens[-1]!r}; expected an answer and all-green feedback"
        )
    for turn, (guess, pattern) in enumerate(path, start=1):
        truth = int(game.patterns[guess, answer])
        if pattern != truth:
            raise WordlekitError(
                f"guess {turn} {game.guesses[guess]!r} gives {tokens[-2]!r} "
                f"{game.format_feedback(truth).upper()}, not {tokens[2 * turn - 1][: game.length].upper()}"
            )
    return tuple(path)


def tree_dot(game: Game, paths: dict, depth: int = DOT_DEPTH) -> str:
    """Graphviz (DOT) of the tree's first ``depth`` guesses: a node per guess, labelled with the
    word and the answers still possible there; an edge per feedback that does not solve."""
    nodes: dict = {}  # a path so far (before a guess) -> [guess, answers there]
    for path in sorted(paths.values(), key=lambda path: _feedback_order(game, path)):
        for turn in range(min(depth, len(path))):
            node = nodes.setdefault(path[:turn], [path[turn][0], 0])
            node[1] += 1
    names = {at: f"n{i}" for i, at in enumerate(nodes)}
    out = [
        "digraph tree {",
        "  node [shape=box, fontname=monospace];",
        "  edge [fontname=monospace];",
    ]
    for at, (guess, answers) in nodes.items():
        out.append(f'  {names[at]} [label="{game.guesses[guess]}\\n{answers}"];')
    for at in nodes:
        if at:
            out.append(
                f'  {names[at[:-1]]} -> {names[at]} [label="{game.format_feedback(at[-1][1])}"];'
            )
    out.append("}")
    return "".join(line + "\n" for line in out)


def tree_text(game: Game, paths: dict, fmt: str = "json", depth: int = DOT_DEPTH) -> str:
    """The tree whose answers' games are ``paths`` written in ``fmt``, one of ``FORMATS``
    (``depth``: the guesses ``dot`` draws)."""
    if fmt == "json":
        return json.dumps(tree_of_paths(game, paths), indent=1, sort_keys=True) + "\n"
    if fmt == "lines":
        return tree_lines(game, paths)
    if fmt == "dot":
        return tree_dot(game, paths, depth)
    raise WordlekitError(f"unknown tree format {fmt!r}; expected one of {', '.join(FORMATS)}")


def read_tree(game: Game, text: str, source: str = "tree") -> TreePolicy:
    """A tree file's text as the policy that replays it: JSON if it opens with ``{``, else the
    ``lines`` format. A file that does not fit the game is one ``WordlekitError``."""
    if text.lstrip().startswith("{"):
        try:
            tree = json.loads(text)
        except json.JSONDecodeError as exc:
            raise WordlekitError(
                f"{source}: not valid JSON ({exc.msg}, line {exc.lineno})"
            ) from None
    else:
        tree = tree_of_paths(game, read_lines(game, text, source))
    return TreePolicy(game, tree)


class TreePolicy:
    """Replays a decision tree (the JSON form of ``policy_tree``) as a policy for ``evaluate``.

    Raises a ``WordlekitError`` if the tree does not fit the game: a word not allowed at its
    state in the game's mode, a feedback the game cannot produce, or a reachable state the tree
    has no guess for.
    """

    name = "tree"

    def __init__(self, game: Game, tree: dict):
        self.opener = tree.get("guess") if isinstance(tree, dict) else None
        if not isinstance(self.opener, str):
            raise WordlekitError('tree: the root must be an object with a "guess" word')
        self._guesses: dict = {}
        self._index(game, game.initial_state(), tree, "root")

    def _index(self, game: Game, state: State, node: dict, where: str) -> None:
        if (
            not isinstance(node, dict)
            or not isinstance(node.get("guess"), str)
            or not isinstance(node.get("next", {}), dict)
        ):
            raise WordlekitError(
                f'tree node {where}: expected an object with a "guess" word and an optional '
                '"next" object of feedback -> node'
            )
        guess = game.guess_index(node["guess"], role=f"tree node {where}")
        if not game.is_allowed(state, guess):
            raise WordlekitError(
                f"tree node {where}: {node['guess']!r} is not allowed in {game.mode} mode"
            )
        if len(state.candidates) == 1 and guess != game.guess_of_answer[state.candidates[0]]:
            raise WordlekitError(
                f"tree node {where}: guesses {node['guess']!r} when only "
                f"{game.answers[state.candidates[0]]!r} is left; expected that word"
            )
        self._guesses[state.key] = guess
        branches = node.get("next", {})
        children = {game.format_feedback(p): c for p, c in game.unsolved_children(state, guess)}
        for tiles, child in children.items():
            if len(child.candidates) == 1 and tiles not in branches:
                continue  # the last candidate: guessed next without needing a node
            if tiles not in branches:
                raise WordlekitError(f"tree node {where}: no branch for feedback {tiles}")
            self._index(game, child, branches[tiles], f"{where}/{tiles}")
        extra = set(branches) - set(children)
        if extra:
            raise WordlekitError(f"tree node {where}: feedback {sorted(extra)[0]} cannot occur")

    def choose(self, game: Game, state: State) -> int:
        guess = self._guesses.get(state.key)
        if guess is None:
            if len(state.candidates) == 1:
                return int(game.guess_of_answer[state.candidates[0]])
            raise WordlekitError(f"the tree has no guess for {state}")
        return guess
