"""The command line's grammar: every subcommand, its options and their help (argparse).

What each option means lives here once, by command group: the options several commands share in
``arguments``, each group's own in ``parse_exact`` (evaluate, optimal), ``parse_play`` (hint,
play, review), ``parse_sweeps`` (sweep, top-openers) and ``parse_notebooks`` (reproduce, verify,
cache); the numbers' ranges and types are in ``options``, the checks that need the word lists or
the files in ``inputs``, and what each command does in its own module (``exact``, ``play``,
``sweeps``, ``notebooks``).
"""

from __future__ import annotations

import argparse

from ..errors import WordlekitError
from ..version import package_version
from .arguments import add_game_choice, add_game_options
from .parse_exact import add_evaluate, add_optimal, add_within
from .parse_notebooks import add_cache, add_reproduce, add_verify
from .parse_play import add_hint, add_play, add_review
from .parse_sweeps import add_sweep, add_top_openers

#: What ``wordlekit --help`` says first: plain text, as a terminal shows it (no reST markup).
DESCRIPTION = (
    "Wordle as a POMDP: evaluate a policy exactly, prove optima, get hints, play, sweep "
    "openers, reproduce the papers' tables. `wordlekit COMMAND --help` for a command's options."
)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line and status 2."""

    def error(self, message):
        raise WordlekitError(message)

    def _get_values(self, action, arg_strings):
        # Python 3.11's argparse drops a '--' given as an option's value (--top-k=--) and
        # hands the command an empty list, never calling the option's type: refuse it here.
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            self.error(f"argument {'/'.join(action.option_strings)}: expected a value, got '--'")
        return super()._get_values(action, arg_strings)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="wordlekit", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"wordlekit {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    ev = add_evaluate(commands)
    opt = add_optimal(commands)
    hi = add_hint(commands)
    pl = add_play(commands)
    add_game_options(ev, opt, hi, pl)
    add_game_choice(add_within(commands))
    add_review(commands)
    add_sweep(commands)
    add_top_openers(commands)
    add_reproduce(commands)
    add_verify(commands)
    add_cache(commands)
    return parser
