"""The cost of notebook 13's stored AVTS runs on the blog's lists, from the runs themselves.

    python benchmarks/avts_blog.py SECONDS_CSV [--out benchmarks/avts-blog-results.md]
        [--note TEXT]

``avts_blog.store_runs`` writes each run's wall time beside the stored files
(``avts_blog_seconds.csv``, not shipped: a machine fact). This script joins it with the stored
runs (``wordlekit/data/sweeps/avts_blog_runs.csv``): per run, the iterations made, the states in
the tree, the wall time and the seconds per iteration (the greedy policy's exact evaluation
after every iteration included), and prints the Markdown and writes it to ``--out``. ``--note``
says how the runs were made (command, commit, threads, load), which the times depend on.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from wordlekit.experiments.avts_blog import read_stored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", help="the avts_blog_seconds.csv store_runs wrote")
    parser.add_argument("--out", default="benchmarks/avts-blog-results.md")
    parser.add_argument("--note", default="", help="how the runs were made")
    args = parser.parse_args()
    runs, _ = read_stored()
    seconds = pd.read_csv(args.seconds).set_index("run")["seconds"]
    table = runs.set_index("run")[
        ["iterations_run", "iterations_to_optimum", "best_total", "nodes"]
    ]
    table["seconds"] = seconds.reindex(table.index)
    table["seconds_per_iteration"] = (table["seconds"] / table["iterations_run"]).round(3)
    lines = [
        "# AVTS on the blog's lists: the cost of the stored runs",
        "",
        "`python benchmarks/avts_blog.py SECONDS_CSV` (this file's script) on the runs of "
        "`wordlekit/data/sweeps/avts_blog_runs.csv`. " + args.note,
        "",
        "| run | iterations run | iterations to 7883 | best TOTAL | states | seconds | s / iteration |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for run, row in table.iterrows():
        reached = "" if pd.isna(row["iterations_to_optimum"]) else int(row["iterations_to_optimum"])
        lines.append(
            f"| {run} | {row['iterations_run']:,} | {reached} | {row['best_total']} | "
            f"{row['nodes']:,} | {row['seconds']:.0f} | {row['seconds_per_iteration']:.3f} |"
        )
    text = "\n".join(lines) + "\n"
    print(text)
    Path(args.out).write_text(text)


if __name__ == "__main__":
    main()
