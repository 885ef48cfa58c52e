"""The checks the commands share, made on the parsed values before any work: the game or
word lists chosen, the prior, the files to read and to write, a count larger than the lists.

Each mistake is one ``WordlekitError`` naming the option, the value and what was expected
(``wordlekit: error: ...``, status 2), never a traceback at the end of a long run.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import WordlekitError
from ..game import Game
from ..games import game
from ..prior import get_prior
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
    if args.lists or args.guesses or args.answers:
        raise WordlekitError(f"--game {args.game} and --lists/--guesses/--answers: choose one")
    return game(args.game, mode)


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
    """Check a file the command will write at the end, before the work: a folder there, or
    no folder to hold it, would otherwise end a long run in a traceback."""
    if text is None:
        return
    path = Path(text)
    if path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a folder; expected a file name")
    parent = path.parent
    if not parent.is_dir():
        raise WordlekitError(f"{option} {text!r}: folder {str(parent)!r} does not exist")


def folder_to_fill(option: str, text: str | None) -> None:
    """A folder the command creates or reuses: anything but a folder already there is refused."""
    if text is None:
        return
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a file; expected a folder (created if missing)")
    for parent in path.resolve().parents:
        if parent.exists():
            if not parent.is_dir():
                raise WordlekitError(f"{option} {text!r}: {str(parent)!r} is a file, not a folder")
            break


def read_text(path: str) -> str:
    """The text of a file the command reads (a tree), or one line saying why it cannot be read."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except OSError as exc:
        raise WordlekitError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise WordlekitError(f"{path}: not UTF-8 text ({exc.reason})") from None


def write_text(option: str, path: str, text: str) -> None:
    """Write a file at the end of a command; a failure is one line naming the option."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise WordlekitError(f"{option} {path!r}: cannot write ({exc.strerror})") from None
