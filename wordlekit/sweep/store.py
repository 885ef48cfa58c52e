"""The store of a sweep: one SQLite file, the task and its parameters, one row per result.

Written by the driver only, one transaction per row, so an interrupted sweep (Ctrl-C, SIGTERM,
a crash, a lost worker) keeps every row it received and a rerun of the same command computes
only the rest. The store records the task and its parameters once; a sweep with other ones is
refused rather than mixed into it. Nothing is written before the first row: a sweep that
never got a result (an unreachable scheduler, an interruption during start-up) leaves no file,
and a store holding no row yet (from such a sweep of an earlier version) takes a new task.

A row's ``status`` is ``done`` (computed), ``pruned`` (decided by a lower bound without a
search) or ``crashed`` (the task raised, or its worker died too often; ``error`` holds the
message; a rerun computes it again). Games an evaluated policy loses (answers not solved
within six guesses) are in the row's ``details``, as ``unfinished``, beside its ``worst`` case:
the names of ``results``. Stores of older versions are read under the current names
(``read_store``): a crashed row had status ``failed``, and an evaluated row's details said
``failed`` for its lost games and ``max_guesses`` for its worst case.

Every row written now records its ``provenance`` (``provenance.record``: version, commit,
sha256 of the lists), a column older stores gain when they are opened to write; their rows
read with an empty one.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pandas as pd

from ..errors import WordlekitError
from ..provenance import record
from ..version import package_version
from ..words import LISTS, named_lists

DONE, PRUNED, CRASHED = "done", "pruned", "crashed"
#: Statuses of older stores, by what they are called now.
_RENAMED = {"failed": CRASHED}
#: Keys of an ``evaluate`` row's details in older stores, by what they are called now: lost
#: games were "failed" and the worst case "max_guesses" (now only ever the cap). Such rows are
#: told apart by their "failed" key, which every one of them has and no current row does.
_RENAMED_DETAILS = {"failed": "unfinished", "max_guesses": "worst"}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sweep (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    task TEXT NOT NULL, opener TEXT NOT NULL, mode TEXT NOT NULL, lists TEXT NOT NULL,
    parameters TEXT NOT NULL, status TEXT NOT NULL, relation TEXT, result INTEGER,
    details TEXT, seconds REAL, worker TEXT, version TEXT, error TEXT, attempts INTEGER,
    PRIMARY KEY (opener, mode, lists));
"""
#: Added after the first stores were written: kept out of ``_SCHEMA`` and added to a store
#: that lacks it, so that old stores and new ones end with the same columns.
_PROVENANCE = "ALTER TABLE results ADD COLUMN provenance TEXT"


def _not_a_store(path: Path, why: str) -> WordlekitError:
    return WordlekitError(
        f"store {str(path)!r} {why}; expected a SQLite file written by wordlekit sweep "
        "(or a new file name)"
    )


class SweepStore:
    """One SQLite file per sweep (see the module doc). Rows are keyed by (opener, mode,
    lists), so a rerun replaces a crashed row and never duplicates one.

    Opening checks the file (a folder, another SQLite file, another sweep's store: one clear
    error each) and writes nothing; the file is created with the first ``write``.
    """

    def __init__(self, path, task):
        self.path = Path(path)
        self.task = task
        self.wanted = json.dumps({"task": task.kind, **task.parameters}, sort_keys=True)
        self.db = None
        self._provenance: dict = {}  # by the lists column: the JSON of provenance.record
        if self.path.is_dir():
            raise _not_a_store(self.path, "is a folder")
        if self.path.exists():
            self._connect()
        elif not self.path.parent.is_dir():
            raise WordlekitError(
                f"store {str(self.path)!r}: folder {str(self.path.parent)!r} does not exist; "
                "expected a file name in an existing folder"
            )

    def _connect(self) -> None:
        try:
            db = sqlite3.connect(self.path, timeout=30)
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise _not_a_store(self.path, f"is not a sweep store ({exc})") from None
        if tables and not {"sweep", "results"} <= tables:
            db.close()
            raise _not_a_store(
                self.path,
                f"is a SQLite file but not a sweep store (tables {', '.join(sorted(tables))})",
            )
        # A write-ahead log, synced at checkpoints rather than at every row's commit: a crash
        # of the driver (or Ctrl-C) still loses no committed row, a crash of the machine at
        # most the last few, which a rerun computes again. Syncing every row, the driver spent
        # a third of its time waiting on the disk (benchmarks/quoted-results.md).
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        with db:
            db.executescript(_SCHEMA)
            if "provenance" not in {r[1] for r in db.execute("PRAGMA table_info(results)")}:
                db.execute(_PROVENANCE)
            row = db.execute("SELECT value FROM sweep WHERE key = 'task'").fetchone()
            empty = db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
            if row is None or (row[0] != self.wanted and empty):
                db.execute("INSERT OR REPLACE INTO sweep VALUES ('task', ?)", (self.wanted,))
                row = None
        if row is not None and row[0] != self.wanted:
            db.close()
            raise WordlekitError(
                f"store {str(self.path)!r} holds the sweep {row[0]}, not {self.wanted}; a "
                "store keeps one task with one set of parameters: choose another --store"
            )
        self.db = db

    def finished(self) -> set:
        """(opener, mode, lists) of the rows that are done or pruned (crashed ones are redone)."""
        if self.db is None:
            return set()
        return set(
            self.db.execute(
                "SELECT opener, mode, lists FROM results WHERE status IN (?, ?)", (DONE, PRUNED)
            )
        )

    def write(
        self,
        opener: str,
        mode: str,
        lists: str,
        status: str,
        relation=None,
        result=None,
        details=None,
        seconds=None,
        worker=None,
        error=None,
        attempts=1,
        provenance: dict | None = None,
    ) -> None:
        """One row, in its own transaction (the file and the task are created by the first),
        with its ``provenance``: by default the record of this code and of the named pair
        ``lists`` (``words.LISTS``); a caller whose rows are of other lists passes their
        ``provenance.record`` (without one, their sha256 are recorded as unknown)."""
        if self.db is None:
            self._connect()
        if provenance is None:
            if lists not in self._provenance:
                pair = named_lists(lists) if lists in LISTS else (None, None)
                self._provenance[lists] = json.dumps(record(*pair), sort_keys=True)
            text = self._provenance[lists]
        else:
            text = json.dumps(provenance, sort_keys=True)
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO results VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    self.task.kind,
                    opener,
                    mode,
                    lists,
                    json.dumps(self.task.parameters, sort_keys=True),
                    status,
                    relation,
                    result,
                    json.dumps(details or {}, sort_keys=True),
                    seconds,
                    worker,
                    package_version(),
                    error,
                    attempts,
                    text,
                ),
            )

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


def _current_details(details: dict) -> dict:
    """An older store's ``evaluate`` details under the current names (see ``_RENAMED_DETAILS``)."""
    if "failed" not in details:
        return details
    return {_RENAMED_DETAILS.get(k, k): v for k, v in details.items()}


def read_store(path) -> pd.DataFrame:
    """Every row of a sweep store as a DataFrame (``details``, ``parameters`` and
    ``provenance`` as dicts, the last empty for rows written before it was recorded; statuses
    under their current names)."""
    path = Path(path)
    if not path.is_file():
        raise WordlekitError(f"store {str(path)!r}: no such file")
    with sqlite3.connect(path) as db:
        try:
            frame = pd.read_sql_query("SELECT * FROM results ORDER BY lists, mode, opener", db)
        except (sqlite3.DatabaseError, pd.errors.DatabaseError) as exc:
            raise WordlekitError(f"store {str(path)!r} is not a sweep store ({exc})") from None
    for column in ("details", "parameters"):
        frame[column] = frame[column].map(json.loads)
    # no text (None, or NaN beside newer rows): a row written before provenance was recorded
    texts = frame["provenance"] if "provenance" in frame else [None] * len(frame)
    frame["provenance"] = [json.loads(t) if isinstance(t, str) else {} for t in texts]
    frame["details"] = frame["details"].map(_current_details)
    frame["status"] = frame["status"].replace(_RENAMED)
    return frame
