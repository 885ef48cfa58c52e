"""Regenerated tables beside the published ones, written as CSV and Markdown.

A regenerated table has one row per opener and, for every column of the published table
(``wordlekit/data/reference/*.csv``), our value under the same name, the published value as
``published_<name>`` and the difference ``diff_<name>`` (ours minus published). Published
values are read only into ``published_*`` columns. Extra columns hold results the paper did not
have. Files are written with fixed formatting, so a rerun with the same parameters reproduces
them byte for byte.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from . import paths

#: Digits of the published averages (TOTAL / 2315 rounded to 4 decimals).
DECIMALS = 4


def display_float(value: float) -> str:
    """A float as notebooks show it: ``DECIMALS`` places, never scientific notation (4.3110e-04)
    nor -0.0000. Set with ``pd.set_option("display.float_format", tables.display_float)``."""
    return f"{round(value, DECIMALS) + 0.0:.{DECIMALS}f}"


def error_decimals(error: float, significant: int = 2) -> int:
    """Decimal places at which ``error`` (a standard deviation or standard error) shows
    ``significant`` significant digits: 2 for 0.1253 (0.13), 4 for 0.0094, 0 for 7.47 with one
    digit (7). ``DECIMALS`` for an error of 0 or a missing one (an exact value)."""
    if not np.isfinite(error) or error == 0:
        return DECIMALS
    return significant - 1 - int(np.floor(np.log10(abs(error))))


def round_to_error(
    frame: pd.DataFrame, pairs: dict[str, str], significant: int = 2
) -> pd.DataFrame:
    """For display: ``frame`` with each mean column of ``pairs`` (``{mean: error}``) and its
    error column as text, each row rounded to the decimals at which its error shows
    ``significant`` significant digits, the mean to the same decimal (4.5885 with 0.1253 reads
    4.59 and 0.13), so no column shows more digits than its error means. A row whose error is
    0 or missing (an exact value) keeps ``DECIMALS`` places. The CSV keeps the numbers.
    """
    out = frame.copy()

    def text(value: float, decimals: int) -> str:
        if not np.isfinite(value):
            return ""
        shown = round(float(value), decimals) + 0.0
        return f"{shown:.{max(decimals, 0)}f}"

    for mean, error in pairs.items():
        decimals = [error_decimals(e, significant) for e in frame[error].astype(float)]
        out[mean] = [text(m, d) for m, d in zip(frame[mean].astype(float), decimals)]
        out[error] = [text(e, d) for e, d in zip(frame[error].astype(float), decimals)]
    return out


def published(name: str, index: str = "opener") -> pd.DataFrame:
    """A published table of ``wordlekit/data/reference/`` (e.g. ``"rollout_paper_table1"``), indexed by
    its column ``index`` (the opener, or e.g. the ``"policy"`` of ``sophiezero_published``)."""
    return pd.read_csv(paths.REFERENCE_DIR / f"{name}.csv", index_col=index)


def totals_behind(value: float, n_answers: int) -> dict[str, int | None]:
    """The TOTAL of guesses over ``n_answers`` games whose average a published ``value``
    (``DECIMALS`` places) can be: ``rounded`` (the TOTAL whose average rounds to it, half up)
    and ``truncated`` (whose average's first ``DECIMALS`` places are it); None where no TOTAL
    does. With 2,315 answers a step of 0.0001 is under a quarter of a game, so at most one
    TOTAL fits each reading, and a value neither reading fits is no average over the answers.
    """
    scale = 10**DECIMALS
    target = round(value * scale)
    first = max(target * n_answers // scale - 2, 0)
    rounded = truncated = None
    for total in range(first, first + n_answers // scale + 5):
        if (2 * total * scale + n_answers) // (2 * n_answers) == target:
            rounded = total
        if total * scale // n_answers == target:
            truncated = total
    return {"rounded": rounded, "truncated": truncated}


def guessing_game_anchors() -> pd.DataFrame:
    """The published values of other guessing games (``guessing_games_published.csv``: game,
    quantity, opener, max_guesses, published, source), as text, empty cells ""."""
    return pd.read_csv(paths.REFERENCE_DIR / "guessing_games_published.csv", dtype=str).fillna("")


def published_anchor(game: str, quantity: str, cap: str = "") -> int | None:
    """The published integer ``quantity`` of ``game`` with ``max_guesses`` ``cap`` ("" for no
    cap) from ``guessing_game_anchors``; None if the file has none."""
    frame = guessing_game_anchors()
    hit = frame[
        (frame["game"] == game) & (frame["quantity"] == quantity) & (frame["max_guesses"] == cap)
    ]
    return int(hit["published"].iloc[0]) if len(hit) else None


def published_rows(table: str) -> pd.DataFrame:
    """Rows of Cunanan & Thielscher's tables (``optimal_strategies_tables.csv``) whose table
    name starts with ``table`` (e.g. ``"T4"``), indexed by row."""
    frame = pd.read_csv(paths.REFERENCE_DIR / "optimal_strategies_tables.csv", dtype=str)
    return frame[frame["table"].str.startswith(table)].set_index("row")


def compare(ours: pd.DataFrame, published_table: pd.DataFrame) -> pd.DataFrame:
    """Ours beside published: ``name, published_name, diff_name`` per published column.

    ``ours`` is indexed by opener and must have every column of ``published_table`` (a column
    we cannot compute yet is all NaN, never a copy of the published value); its other columns
    follow, as extras.
    """
    missing = [c for c in published_table.columns if c not in ours.columns]
    if missing:
        raise KeyError(f"regenerated table lacks published column(s) {missing}")
    out = pd.DataFrame(index=ours.index)
    for column in published_table.columns:
        pub = published_table[column].reindex(ours.index)
        out[column] = ours[column]
        out[f"published_{column}"] = pub
        out[f"diff_{column}"] = ours[column] - pub
    for column in ours.columns:
        if column not in published_table.columns:
            out[column] = ours[column]
    return out


def side_by_side(table: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """A view of ``compare``'s output for reading: one column group per name, with ``ours``,
    ``published`` and ``diff`` under it (only ``ours`` where nothing was published).

    Short headers under a shared group keep a wide comparison within a page (the book, at
    1280 pixels); the written CSV keeps the flat ``name, published_name, diff_name`` columns.
    """
    parts = {}
    for name in names:
        for label, column in (
            ("ours", name),
            ("published", f"published_{name}"),
            ("diff", f"diff_{name}"),
        ):
            if column in table.columns:
                parts[(name, label)] = table[column]
    return pd.DataFrame(parts, index=table.index)


def write_table(
    table: pd.DataFrame, stem: str, output_dir: str | Path | None = None
) -> paths.Written:
    """Write ``stem.csv`` and ``stem.md`` (floats to 4 decimals) and return their paths
    (a :class:`~wordlekit.paths.Written` list)."""
    out_dir = paths.output_dir(output_dir)
    csv_path = out_dir / f"{stem}.csv"
    md_path = out_dir / f"{stem}.md"
    floats = table.select_dtypes("float").columns
    table = table.copy()
    # Round first, then add 0.0: a difference like -0.00001 must print as 0.0000, not -0.0000.
    table[floats] = table[floats].round(DECIMALS) + 0.0
    table.to_csv(csv_path, float_format=f"%.{DECIMALS}f", lineterminator="\n")
    md_path.write_text(to_markdown(table))
    return paths.Written([csv_path, md_path])


def to_markdown(table: pd.DataFrame) -> str:
    """A GitHub Markdown table (floats to 4 decimals, missing values blank)."""
    frame = table.reset_index()

    def cell(value) -> str:
        if (
            value is None
            or value is pd.NA
            or (isinstance(value, (float, np.floating)) and np.isnan(value))
        ):
            return ""
        if isinstance(value, (float, np.floating)):
            return f"{value:.{DECIMALS}f}"
        return str(value)

    header = "| " + " | ".join(map(str, frame.columns)) + " |"
    # numbers right-aligned, text left-aligned
    rule = (
        "|"
        + "|".join(
            "---:" if pd.api.types.is_numeric_dtype(frame[c]) else "---" for c in frame.columns
        )
        + "|"
    )
    rows = ["| " + " | ".join(cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *rows]) + "\n"
