"""The checks the commands share, made on the parsed values before any work: the game or
word lists chosen, the prior, the files to read and to write, a count larger than the lists.

Each mistake is one ``WordlekitError`` naming the option, the value and what was expected
(``wordlekit: error: ...``, status 2), never a traceback at the end of a long run.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .. import paths
from ..boards import Boards
from ..errors import WordlekitError
from ..game import Game
from ..games import game
from ..lifted import boards_policy
from ..policies import make_policy
from ..prior import get_prior
from ..provenance import record
from ..rollout import DEFAULT_TOP_K
from ..trees import check_tiles
from ..words import WordList, named_lists, read_word_file
from .options import MAX_DEPTH


def at_most(option: str, value: int | None, limit: int, what: str, given: bool = True):
    """A count of guesses larger than the lists hold asks for all of them: ``limit``, with a
    note when the user gave the number (a default larger than a small list of one's own is
    no news). The results are those of ``limit`` itself: no more guesses exist to rank."""
    if value is None or value <= limit:
        return value
    if given:
        print(
            f"wordlekit: note: {option} {value:,} is more than {what} ({limit:,}); using {limit:,}",
            file=sys.stderr,
        )
    return limit


def chosen_game(args, mode: str | None = None) -> Game:
    """The game of --game NAME, or of the word lists (--lists / --guesses / --answers), in
    --mode (or ``mode``: sweep checks each of its --modes per row)."""
    mode = args.mode if mode is None else mode
    if args.game is None:
        return Game(*load_lists(args), mode)
    if args.game.strip().lower() == "absurdle":  # a model of its own (cli/adversary.py)
        raise WordlekitError(
            "--game absurdle is played by optimal and play only; expected another game here"
        )
    if args.lists or args.guesses or args.answers:
        raise WordlekitError(f"--game {args.game} and --lists/--guesses/--answers: choose one")
    return game(args.game, mode)


def shortlist_size(args, guesses) -> int:
    """--top-k (default the paper's 10), clamped to the number of ``guesses`` (``at_most``)."""
    return at_most(
        "--top-k",
        DEFAULT_TOP_K if args.top_k is None else args.top_k,
        len(guesses),
        "the number of guesses",
        given=args.top_k is not None,
    )


def chosen_model(args):
    """The game the command plays: ``chosen_game``, or N boards of it with --boards N > 1
    (easy mode only: one line, status 2, for another --mode or a --prior)."""
    n = getattr(args, "boards", None)
    if n is None or n == 1:
        return chosen_game(args)
    if args.mode != "easy":
        raise WordlekitError(
            f"--boards is played in easy mode (the games have no standard hard rule); "
            f"got --mode {args.mode}"
        )
    if getattr(args, "prior", None):
        raise WordlekitError("--prior and --boards: a prior is for one board only")
    return Boards(chosen_game(args, "easy"), n)


def chosen_policy(args, game, prior=None):
    """The policy --policy names, for one board (``policies.make_policy``) or many
    (``lifted.boards_policy``)."""
    if isinstance(game, Boards):
        return boards_policy(args.policy)
    return make_policy(args.policy, prior=prior)


def load_lists(args) -> tuple[WordList, WordList]:
    """--lists NAME, or --guesses / --answers FILE (each defaulting to the original list)."""
    if args.lists is not None and (args.guesses or args.answers):
        raise WordlekitError(f"--lists {args.lists} and --guesses/--answers: choose one")
    guesses, answers = named_lists("original" if args.lists is None else args.lists)
    guesses = read_word_file(args.guesses) if args.guesses else guesses
    answers = read_word_file(args.answers) if args.answers else answers
    return guesses, answers


def lists_name(args) -> str:
    """How hint and play name the lists they use."""
    if getattr(args, "game", None):
        return args.game
    if args.guesses or args.answers:
        return "your lists"
    return f"{'original' if args.lists is None else args.lists} lists"


def chosen_prior(args, answers):
    """The prior of --prior (None without one); --prior-floor alone is a mistake."""
    if args.prior is None:
        if args.prior_floor is not None:
            raise WordlekitError("--prior-floor needs --prior")
        return None
    return get_prior(args.prior, answers, args.prior_floor)


def parse_depths(text: str) -> tuple[int, ...]:
    try:
        depths = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        depths = (0,)
    if any(not 1 <= d <= MAX_DEPTH for d in depths):
        raise WordlekitError(
            f"--depths {text!r}: expected whole numbers >= 1 (at most {MAX_DEPTH}) separated by commas"
        )
    return depths


def file_to_write(option: str, text: str | None) -> None:
    """Check, before the work, that the command can write the file ``text`` of ``option`` at
    the end (``--tree``, ``--csv``, ``--store``, ...), so that a long run never ends in a
    traceback or a lost result. The file itself is left as it is: an existing one is opened for
    appending, which truncates nothing, and for a new one its folder is asked to take a file
    (``paths.probe_folder``).

    Refused, one ``WordlekitError`` each: a folder, a missing folder or a file in the way of
    one, anything but a regular file (``/dev/full``, a pipe, a device: a write there fails or
    blocks; ``os.devnull`` is taken), a file or folder that cannot be written. Write the file
    with :func:`write_text`.
    """
    if text is None:
        return
    path = Path(text)
    if path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a folder; expected a file name")
    parent = path.parent
    if not parent.is_dir():
        what = "is a file, not a folder" if parent.exists() else "does not exist"
        raise WordlekitError(f"{option} {text!r}: folder {str(parent)!r} {what}")
    if path.exists() and not path.is_file() and not path.samefile(os.devnull):
        raise WordlekitError(
            f"{option} {text!r} is not a regular file (a device, pipe or socket); "
            "expected a file to write"
        )
    try:
        if path.exists():
            with open(path, "a", encoding="utf-8"):
                pass
        else:
            paths.probe_folder(parent)
    except OSError as exc:
        raise WordlekitError(f"{option} {text!r}: cannot write ({exc.strerror})") from None


def tree_output(game, option: str, path: str | None, fmt: str) -> None:
    """Check, before the work, a tree file the command will write: its folder, and that the
    game's feedback fits the format."""
    file_to_write(option, path)
    if path and fmt == "lines":
        check_tiles(game)


def folder_to_fill(option: str, text: str | None) -> None:
    """A folder the command creates or reuses: anything but a folder already there is refused,
    and so is a folder (or the nearest existing one above it) that cannot be written."""
    if text is None:
        return
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a file; expected a folder (created if missing)")
    for folder in (path.resolve(), *path.resolve().parents):
        if folder.exists():
            if not folder.is_dir():
                raise WordlekitError(f"{option} {text!r}: {str(folder)!r} is a file, not a folder")
            try:
                paths.probe_folder(folder)
            except OSError as exc:
                raise WordlekitError(
                    f"{option} {text!r}: cannot write in folder {str(folder)!r} ({exc.strerror})"
                ) from None
            break


def read_text(path: str) -> str:
    """The text of a file the command reads (a tree), or one line saying why it cannot be read."""
    try:
        with open(path, encoding="utf-8-sig") as f:  # a byte-order mark is no text
            return f.read()
    except OSError as exc:
        raise WordlekitError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise WordlekitError(f"{path}: not UTF-8 text ({exc.reason})") from None


def write_text(option: str, path: str, text: str) -> None:
    """Write ``text`` to the file ``path`` of ``option``, checked before the work by
    :func:`file_to_write`. A write that fails all the same (a full disk) is one line naming the
    option: the command has printed its result before (:func:`write_results`)."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as f:  # the text as given
            f.write(text)
    except OSError as exc:
        raise WordlekitError(
            f"{option} {path!r}: cannot write ({exc.strerror}); the result above is complete"
        ) from None


def write_results(*files) -> WordlekitError | None:
    """Write the files a command writes after its work, each (option, path or None, what it
    holds, a function that gives its text), saying each one written. The first failure is
    returned, not raised: the caller prints the rest of its result (its JSON line) and then
    raises it, so that a full disk loses no result."""
    failed = None
    for option, path, what, text in files:
        if path is None:
            continue
        try:
            write_text(option, path, text())
            print(f"  {what} written to {path}")
        except WordlekitError as exc:
            failed = failed or exc
    return failed


def print_json(summary: dict, game: Game) -> None:
    """The one line of JSON a command ends with (``--json``): ``summary`` and, under
    ``provenance``, the version, commit and lists' sha256 that produced it
    (``provenance.record``)."""
    print(json.dumps({**summary, "provenance": record(game.guesses, game.answers)}, sort_keys=True))
