"""House style 12: docstrings and comments say why; machine timings, which go stale, live in
``benchmarks/*-results.md`` with their command, date and thread count. A docstring or comment
in ``wordlekit/`` that quotes a time ("3.2 of 4.9 s", "330 ms", "load 18") fails here, naming
the file and line. Strings the code prints or returns are not read."""

import ast
import io
import re
import tokenize
from pathlib import Path

import wordlekit

PACKAGE = Path(wordlekit.__file__).parent

#: A number followed by a unit of time ("4.9 s", "330 ms", "789 us", "2 minutes", "0.4ms"), or a
#: machine's load ("load 18", "load average 4"). "0s and 1s" (plural digits) is not a time.
TIMING = re.compile(
    r"(?<![\w.,])\d(?:[\d,.]*\d)?"
    r"(?:\s(?:s|sec|secs|seconds|minutes|mins?|hours?)|\s?(?:ms|us|µs|ns))\b"
    r"|\bload (?:average )?\d[\d.]*"
)


def prose(source: str) -> list[tuple[int, str]]:
    """The comments and docstrings (module, class, function) of a module's source, each with the
    number of its first line."""
    found = [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append((first.lineno, first.value.value))
    return found


def timings(source: str) -> list[tuple[int, str]]:
    """(line, text) of every time quoted in the source's comments and docstrings."""
    return sorted(
        (line + text[: match.start()].count("\n"), match.group())
        for line, text in prose(source)
        for match in TIMING.finditer(text)
    )


def test_no_docstring_or_comment_in_the_package_quotes_a_timing():
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in timings(path.read_text(encoding="utf-8"))
    ]
    assert found == [], (
        "machine timings belong in benchmarks/*-results.md, with a pointer at most:\n"
        + "\n".join(found)
    )


def test_the_check_finds_a_planted_timing_and_nothing_in_printed_strings():
    source = '''"""A module. The parallel kernel costs more than it saves on small sets."""


def solve(seconds):
    """Solve it (took 3.2 of 4.9 s on one thread)."""
    # measured at load 18: 330 ms
    label = f"{seconds:.1f} s on 2 threads"  # what the code prints is not prose
    return label, "0s and 1s"
'''
    assert timings(source) == [(5, "4.9 s"), (6, "330 ms"), (6, "load 18")]
