"""Figures: one saving helper with fixed metadata, Wordle boards drawn as coloured tiles, and a
small game's decision tree.

``save_figure`` writes PNG and SVG without dates or random ids, so rerunning a notebook with
the same parameters rewrites identical files.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib
import seaborn as sns
from matplotlib.patches import Rectangle

from . import paths
from .feedback import format_feedback
from .game import MAX_GUESSES, Game, State

TILE_COLOURS = {"g": "#6aaa64", "y": "#c9b458", "b": "#787c7e", "empty": "#d3d6da"}


def setup() -> None:
    """House style for every notebook figure (also fixes the SVG id salt).

    In a notebook, figures shown inline are PNGs without the "Software" field (the matplotlib
    version), like the files ``save_figure`` writes: an executed notebook then changes only when a
    figure does.
    """
    sns.set_theme(context="notebook", style="whitegrid")
    matplotlib.rcParams["svg.hashsalt"] = "wordlekit"
    matplotlib.rcParams["figure.dpi"] = 100
    shell = _ipython_shell()
    if shell is not None:
        # Only inside a notebook's kernel, which has loaded it: plain Python never pays for it.
        from matplotlib_inline.config import InlineBackend

        inline = InlineBackend.instance(parent=shell)
        inline.print_figure_kwargs = {**inline.print_figure_kwargs, "metadata": {"Software": None}}


def _ipython_shell():
    """The running IPython shell (a notebook's kernel), or None in plain Python."""
    try:  # here: plain Python (tests, scripts) need not load IPython to save a figure
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def save_figure(fig, stem: str, output_dir: str | Path | None = None) -> paths.Written:
    """Save ``fig`` as ``stem.png`` and ``stem.svg`` with fixed metadata; return the paths (a
    :class:`~wordlekit.paths.Written` list, displayed by file name only)."""
    matplotlib.rcParams["svg.hashsalt"] = "wordlekit"
    out_dir = paths.output_dir(output_dir)
    png, svg = out_dir / f"{stem}.png", out_dir / f"{stem}.svg"
    fig.savefig(png, dpi=150, bbox_inches="tight", metadata={"Software": None})
    fig.savefig(svg, bbox_inches="tight", metadata={"Date": None, "Creator": None})
    return paths.Written([png, svg])


def draw_board(
    ax, moves, length: int = 5, rows: int = MAX_GUESSES, title: str | None = None
) -> None:
    """Draw a Wordle board: ``moves`` is a list of (guess word, pattern) pairs."""
    ax.set_xlim(0, length)
    ax.set_ylim(max(rows, len(moves)), 0)
    ax.set_aspect("equal")
    ax.axis("off")
    for r in range(max(rows, len(moves))):
        word, tiles = (
            (moves[r][0], format_feedback(moves[r][1], length)) if r < len(moves) else ("", "")
        )
        for c in range(length):
            colour = TILE_COLOURS[tiles[c]] if tiles else TILE_COLOURS["empty"]
            ax.add_patch(
                Rectangle(
                    (c + 0.05, r + 0.05),
                    0.9,
                    0.9,
                    facecolor=colour,
                    edgecolor="white" if tiles else "#b0b3b6",
                )
            )
            if word:
                ax.text(
                    c + 0.5,
                    r + 0.52,
                    word[c].upper(),
                    ha="center",
                    va="center",
                    color="white",
                    fontsize=16,
                    fontweight="bold",
                )
    if title:
        ax.set_title(title)


def _edge_tiles(ax, x: float, y: float, tiles: str) -> None:
    """A feedback written on a tree's edge, in small monospace on white (both tree drawings)."""
    ax.text(
        x,
        y,
        tiles,
        ha="center",
        va="center",
        fontsize=7,
        family="monospace",
        bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5},
        zorder=2,
    )


def draw_tree(ax, game: Game, policy, opener: int, max_words: int = 6) -> int:
    """Draw ``policy``'s decision tree from ``opener`` on a small game, top down.

    Each box is a belief (the candidate set, its words when at most ``max_words``) with the
    guess played there; each edge is a feedback, labelled with its tiles; a green leaf is the
    answer found, with the turn it took. Returns the tree's TOTAL (guesses summed over the
    answers), which a reader can count off the leaves.
    """
    nodes, edges, leaves = [], [], []  # (x, depth, label, solved), (parent, child, tiles)

    def walk(state: State, guess: int, depth: int) -> int:
        index = len(nodes)
        words = game.candidate_words(state)
        shown = ", ".join(words) if len(words) <= max_words else f"{len(words)} words"
        nodes.append([None, depth, f"{{{shown}}}\nplays {game.guesses[guess]}", False])
        children = []
        for pattern, child in game.children(state, guess):
            if pattern == game.solved:
                leaf = len(nodes)
                nodes.append(
                    [len(leaves), depth + 1, f"{game.guesses[guess]}: turn {depth + 1}", True]
                )
                leaves.append(depth + 1)
            else:
                following = game.sole_guess(child)
                leaf = walk(
                    child, policy.choose(game, child) if following is None else following, depth + 1
                )
            edges.append((index, leaf, game.format_feedback(pattern)))
            children.append(leaf)
        nodes[index][0] = sum(nodes[c][0] for c in children) / len(children)
        return index

    walk(game.initial_state(), opener, 0)
    for parent, child, tiles in edges:
        (x0, y0), (x1, y1) = nodes[parent][:2], nodes[child][:2]
        ax.plot([x0, x1], [-y0, -y1], color="#b0b3b6", lw=1, zorder=1)
        _edge_tiles(ax, (x0 + x1) / 2, -(y0 + y1) / 2, tiles)
    for x, depth, label, solved in nodes:
        colour = TILE_COLOURS["g"] if solved else TILE_COLOURS["empty"]
        ax.text(
            x,
            -depth,
            label,
            ha="center",
            va="center",
            fontsize=8,
            zorder=3,
            color="white" if solved else "black",
            bbox={"boxstyle": "round", "facecolor": colour, "edgecolor": "#787c7e"},
        )
    ax.set_xlim(-0.7, len(leaves) - 0.3)
    ax.set_ylim(-max(leaves) - 0.5, 0.5)
    ax.axis("off")
    return sum(leaves)


def draw_strategy_top(ax, game: Game, tree: dict, branches: int = 6, expand: int = 1) -> None:
    """Draw the top of a strategy tree (``trees.policy_tree`` or ``trees.optimal_tree``, the
    JSON of ``wordlekit optimal --tree``) as Cunanan & Thielscher's Figure 2 draws theirs.

    The root's guess on top; below it its ``branches`` largest feedback buckets (and a box
    counting the rest), each with the guess played there and the answers still possible; the
    first ``expand`` of them opened one level further the same way. A guess that may be the
    answer there is green, as in their figure (the game may end at that node); every edge is
    labelled with its feedback.
    """

    def shown(state: State, node: dict) -> tuple[list, int]:
        """(tiles, child state, child node) of the largest buckets, and how many are left out."""
        guess = game.guess_index(node["guess"])
        kids = []
        for pattern, child in game.children(state, guess):
            tiles = game.format_feedback(pattern)
            if tiles in node.get("next", {}):
                kids.append((tiles, child, node["next"][tiles]))
        kids.sort(key=lambda kid: (-len(kid[1].candidates), kid[0]))
        return kids[:branches], max(0, len(kids) - branches)

    def label(state: State, node: dict) -> tuple[str, bool]:
        words = game.candidate_words(state)
        return f"{node['guess']}\n{len(words)} answers", node["guess"] in words

    boxes, edges = [], []  # (x, y, text, green), (x0, y0, x1, y1, tiles)
    root = game.initial_state()
    text, green = label(root, tree)
    boxes.append((0.0, 0.0, text, green))
    top, rest = shown(root, tree)
    width = len(top) + (1 if rest else 0)
    xs = [i - (width - 1) / 2 for i in range(width)]
    for i, (tiles, child, node) in enumerate(top):
        text, green = label(child, node)
        boxes.append((xs[i], -1.0, text, green))
        edges.append((0.0, 0.0, xs[i], -1.0, tiles))
    if rest:
        boxes.append((xs[-1], -1.0, f"... {rest} more\nfeedbacks", False))
        edges.append((0.0, 0.0, xs[-1], -1.0, ""))
    for i, (_, child, node) in enumerate(top[:expand]):
        below, more = shown(child, node)
        n = len(below) + (1 if more else 0)
        for j, (tiles, grandchild, sub) in enumerate(below):
            x = xs[i] + (j - (n - 1) / 2) * 0.9
            text, green = label(grandchild, sub)
            boxes.append((x, -2.0 - 0.35 * (j % 2), text, green))
            edges.append((xs[i], -1.0, x, -2.0 - 0.35 * (j % 2), tiles))
        if more:
            x = xs[i] + (n - 1 - (n - 1) / 2) * 0.9
            boxes.append((x, -2.0, f"... {more} more", False))
            edges.append((xs[i], -1.0, x, -2.0, ""))
    for x0, y0, x1, y1, tiles in edges:
        ax.plot([x0, x1], [y0, y1], color="#b0b3b6", lw=1, zorder=1)
        if tiles:
            _edge_tiles(ax, x0 + 0.6 * (x1 - x0), y0 + 0.6 * (y1 - y0), tiles)
    for x, y, text, green in boxes:
        ax.text(
            x,
            y,
            text,
            ha="center",
            va="center",
            fontsize=8,
            zorder=3,
            color="white" if green else "black",
            bbox={
                "boxstyle": "round",
                "facecolor": TILE_COLOURS["g"] if green else TILE_COLOURS["empty"],
                "edgecolor": "#787c7e",
            },
        )
    xs_all = [b[0] for b in boxes]
    ax.set_xlim(min(xs_all) - 0.6, max(xs_all) + 0.6)
    ax.set_ylim(min(b[1] for b in boxes) - 0.4, 0.4)
    ax.axis("off")
