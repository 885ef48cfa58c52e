"""Evaluate the peer's published strategy trees exactly, and check that each is legal.

    python benchmarks/peer_trees.py --trees DIR [--out PATH]

Selby's solver (GitHub alex1770/wordle, MIT) publishes its optimal strategies as ``.tree``
files of one line per answer. Three of them are read from ``DIR`` with ``wordlekit.trees``
(not shipped here: they are his; ``git clone https://github.com/alex1770/wordle`` and pass the
clone, or any folder holding the three files), each replayed by ``evaluate`` against every
answer, beside the TOTAL he publishes. For each, the rules under which the tree is legal (every
guess allowed at its state: ``Game.is_allowed``, the allowed guesses of ``State``), and whether
``trees.tree_lines`` writes the tree back byte for byte. Prints a Markdown table and writes it
to benchmarks/peer-trees-results.md (or ``--out``). ``tests/test_trees.py`` checks the same
totals when ``WORDLEKIT_PEER_TREES`` names the folder.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import sys
import time
from pathlib import Path

import numba
import pandas as pd

from wordlekit.errors import WordlekitError
from wordlekit.evaluation import evaluate
from wordlekit.game import MODES, Game
from wordlekit.tables import to_markdown
from wordlekit.trees import read_lines, read_tree, tree_lines
from wordlekit.warmup import warm_up

OUT = Path(__file__).with_name("peer-trees-results.md")

#: (file, our lists, mode, the TOTAL published beside the file): his trees at commit 8fd3f1b
#: (2023-08-30); the totals are in the README of that repository and his articles
#: (sonorouschocolate.com, "The best strategies for Wordle", parts 1-3).
PEER_TREES = [
    ("salet.easy.origwords.tree", "original", "easy", 7920),
    ("salet.hard.origwordlist.tree", "original", "hard", 8122),
    ("tarse.hard.nyt20230701.tree", "nyt-2023", "hard", 11627),
]


def measure(folder: Path, name: str, lists: str, mode: str, published: int) -> dict:
    data = (folder / name).read_bytes()
    text = data.decode("utf-8")
    game = Game.from_lists(lists, mode)
    game.patterns  # the pattern matrix, built or loaded once, is not what is timed
    warm_up(game, "mig")  # nor numba's kernels, loaded from its cache
    start = time.perf_counter()
    policy = read_tree(game, text, name)
    read_seconds = time.perf_counter() - start
    start = time.perf_counter()
    result = evaluate(game, policy, policy.opener)
    evaluate_seconds = time.perf_counter() - start
    legal = []
    for rule in MODES:
        try:
            read_tree(game.with_mode(rule), text, name)
            legal.append(rule)
        except WordlekitError:
            pass
    return {
        "file": name,
        "sha256": hashlib.sha256(data).hexdigest()[:12],
        "lists": lists,
        "mode": mode,
        "answers": len(result.answers),
        "opener": policy.opener,
        "TOTAL": result.total,
        "published": published,
        "worst": result.worst,
        "legal under": ", ".join(legal),
        "written back": "same bytes"
        if tree_lines(game, read_lines(game, text)) == text
        else "differs",
        "read s": read_seconds,
        "evaluate s": evaluate_seconds,
    }


def main() -> None:
    # Here, not at the top: tests read PEER_TREES from this file alone, without its folder on
    # sys.path.
    from _results import load as load_note
    from _results import machine, report

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=Path, required=True, help="folder of the .tree files")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    missing = [name for name, *_ in PEER_TREES if not (args.trees / name).is_file()]
    if missing:
        print(f"peer_trees.py: error: {args.trees / missing[0]} not found", file=sys.stderr)
        raise SystemExit(2)
    load = os.getloadavg()[0]
    rows = [measure(args.trees, *entry) for entry in PEER_TREES]
    lines = [
        "# The peer's published strategy trees, evaluated",
        "",
        f"`python benchmarks/peer_trees.py --trees DIR` on "
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d} (UTC), {machine()} on "
        f"{numba.get_num_threads()} threads; {load_note(load)}.",
        "DIR: a checkout of GitHub alex1770/wordle at 8fd3f1b (sha256 of each file: first 12 "
        "hex digits).",
        "",
        to_markdown(pd.DataFrame(rows).set_index("file")).rstrip("\n"),
        "",
        "TOTAL: guesses summed over every answer when the tree is replayed (`wordlekit evaluate "
        "--tree FILE`); published: Selby's. Legal under: the rules (`easy`, `hard`: the NYT's, "
        "`strict`: every guess a possible answer) in which every guess of the tree is "
        "allowed at its state. Written back: `trees.tree_lines` of the tree read, against the "
        "file. Read s: parsing the file and checking it against the game in its mode; evaluate "
        "s: the exact walk over every answer.",
    ]
    report(args.out, lines)


if __name__ == "__main__":
    main()
