"""``wordlekit reproduce`` and ``wordlekit verify``: the notebooks executed, or re-executed and
compared with the committed ones."""

from __future__ import annotations

from ..reproduce import run, select
from ..verify import verify
from .inputs import folder_to_fill


def cmd_reproduce(args) -> int:
    folder_to_fill("--output-dir", args.output_dir)
    run(
        quick=args.quick,
        only=args.only,
        output_dir=args.output_dir,
        parameters=args.parameters,
        jobs=args.jobs,
    )
    return 0


def cmd_verify(args) -> int:
    return 1 if verify(select(args.only)) else 0
