"""The summary of a run (``reproduce-summary.md``): per notebook its cells, wall time, last
full run and slowest cells, then a total. Run times go to ``build/`` (or the run's own
folder), never into a committed file."""

from __future__ import annotations

from pathlib import Path

from .. import paths


def slowest_cells(nb, count: int = 3) -> list[tuple[int | None, float]]:
    """The ``count`` slowest code cells of a papermill-executed notebook: (In [n], seconds)."""
    cells = [
        (c.get("execution_count"), c.metadata.get("papermill", {}).get("duration") or 0.0)
        for c in nb.cells
        if c.cell_type == "code"
    ]
    return sorted(cells, key=lambda c: -c[1])[:count]


def summary_table(rows, note: str) -> str:
    """The Markdown summary of a run: one row per notebook, then a total."""
    lines = [
        note,
        "",
        "| notebook | cells | wall time (s) | last full run | slowest cells (s) |",
        "|---|---:|---:|---|---|",
    ]
    for row in rows:
        slow = ", ".join(f"[{n}] {s:.1f}" for n, s in row["slowest"] if s >= 0.05)
        lines.append(
            f"| {row['notebook']} | {row['cells']} | {row['seconds']:.1f} | "
            f"{row['last']} | {slow} |"
        )
    lines.append(
        f"| total | {sum(r['cells'] for r in rows)} | {sum(r['seconds'] for r in rows):.1f} | | |"
    )
    return "\n".join(lines) + "\n"


def shown(path: Path) -> str:
    """``path`` relative to the repository when inside it (shorter to read)."""
    try:
        return str(path.relative_to(paths.REPO_ROOT)) + "/"
    except ValueError:
        return str(path) + "/"
