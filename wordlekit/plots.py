"""Figures: one saving helper with fixed metadata, and Wordle boards drawn as coloured tiles.

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
from .game import MAX_GUESSES

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
