"""``wordlekit reproduce`` and ``wordlekit verify``: the notebooks executed, or re-executed and
compared with the committed ones.

Both act on the checkout this wordlekit runs from (``paths.REPO_ROOT``), whatever the current
folder, and say which. Run from inside another checkout (the editable install of one worktree
called from another), they refuse: the user means the folder they are in, and the run would
write into, or check, the other one.
"""

from __future__ import annotations

from pathlib import Path

from .. import paths, provenance
from ..errors import WordlekitError
from ..reproduce import run, select
from ..verify import verify
from .inputs import folder_to_fill


def acting_on(command: str) -> str:
    """The line that says which checkout ``command`` acts on; one clear error, before anything
    runs, if the current folder is inside another checkout (or this wordlekit runs from none)."""
    ours = paths.checkout(f"wordlekit {command}").resolve()
    here = provenance.toplevel(Path.cwd())
    if here is not None and here != ours:
        raise WordlekitError(
            f"{command}: the current folder is in the checkout {here}, but this wordlekit "
            f"runs from {ours} and acts on that one; run {command} with {here}'s own wordlekit "
            f"({here}/.venv/bin/wordlekit, after `make setup` there) or from outside {here}"
        )
    head, modified = provenance.commit(ours)
    state = "not a git checkout" if head is None else f"commit {head[:12]}"
    state += ", with changes not committed" if modified else ""
    return f"wordlekit {command}: the notebooks of {ours} ({state})"


def cmd_reproduce(args) -> int:
    folder_to_fill("--output-dir", args.output_dir)
    said = [acting_on("reproduce")]

    def log(text: str) -> None:
        # the checkout is said with run's first line, once every input is checked: a mistake
        # stays one line on stderr and nothing on stdout
        while said:
            print(said.pop(), flush=True)
        print(text, flush=True)

    run(
        quick=args.quick,
        only=args.only,
        output_dir=args.output_dir,
        parameters=args.parameters,
        jobs=args.jobs,
        log=log,
    )
    return 0


def cmd_verify(args) -> int:
    said = acting_on("verify")
    chosen = select(args.only)
    print(said, flush=True)
    return 1 if verify(chosen) else 0
