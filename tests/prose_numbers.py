"""Numbers in a notebook's prose that no cell of it printed.

The rule of the house (README, "Honest numbers"): a number in a notebook's markdown is printed,
in that run, by a cell of that notebook, or read from a stored result by one. This module finds
the numbers that break it; ``tests/test_prose_numbers.py`` runs it on every committed notebook
and on planted numbers.

What counts as a number to check, and what does not:

- a number with a decimal point, a percentage, or an integer of 100 or more is a *result*;
- a smaller integer without a percent sign is a count of the prose ("13 openers", "six"),
  and so is a year from 1990 to 2039;
- a number after a reference word ("Table 3", "Eqs. (16)-(17)", "notebook 02", "Section 4.3")
  names a place, not a value; so do numbers inside inline code, link targets and words joined by
  a hyphen or underscore (``nyt-2022``, ``02-table1``);
- the sizes of the word lists shipped in ``wordlekit/data`` (counted from the files, not typed
  here) are facts of the data.

A result is *printed* when a code cell's output (text, Markdown or HTML; not images) or the
source of the parameters cell holds a number that, rounded to the prose's decimals, equals it.
Integers compare without thousands separators ("7,946" and "7946" are one number), and a
percentage also matches a printed fraction ("5.2%" and 0.0520).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

from wordlekit import paths

#: A number as prose and outputs write it: 7,946 or 7946 or 3.4324 or .5; not part of a word.
NUMBER = re.compile(
    r"(?<![\w.\-/])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(%?)(?![\w\-/]|\.\d)"
)
#: Words after which a number names a place (a table, an equation, a notebook), not a value.
REFERENCE_WORDS = (
    r"(?:tables?|figures?|figs?\.|eqs?\.|equations?|sections?|sec\.|§|algorithms?|notebooks?"
    r"|pages?|pp?\.|chapters?|issues?|steps?|lines?|cells?|c|stops?|rows?|columns?|rules?"
    r"|theorems?|lemmas?|propositions?|definitions?|corollary|appendix|version|v)"
)
#: A reference word and the numbers it names: "Tables 1-3", "Eqs. (16)-(17)", "Figures 3 and 4".
REFERENCE = re.compile(
    REFERENCE_WORDS + r"\s*\(?\d+(?:\.\d+)*\)?(?:\s*(?:-|–|,|and|to)\s*\(?\d+(?:\.\d+)*\)?)*",
    re.IGNORECASE,
)
INLINE_CODE = re.compile(r"`[^`]*`")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
HTML_TAG = re.compile(r"<[^>]+>")
MATH = re.compile(r"\$[^$]*\$")


def data_facts() -> set[str]:
    """The sizes of the packaged word lists, counted from the files."""
    sizes = set()
    for path in paths.DATA_DIR.glob("*.txt"):
        with path.open(encoding="utf-8") as lines:
            sizes.add(str(sum(1 for line in lines if line.strip())))
    return sizes


def _plain(text: str) -> str:
    """Prose with the places where a number is not a value blanked out."""
    for pattern in (INLINE_CODE, LINK_TARGET, HTML_TAG, MATH, REFERENCE):
        text = pattern.sub(" ", text)
    return text


def is_result(number: str, percent: str) -> bool:
    """Whether a number of the prose is a result to look for (see the module's docstring)."""
    if percent or "." in number:
        return True
    value = int(number.replace(",", ""))
    return value >= 100 and not 1990 <= value <= 2039


def _printed(nb) -> list[str]:
    texts = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        if "parameters" in tags or "injected-parameters" in tags:
            texts.append(cell.source)
        for output in cell.get("outputs", []):
            if "text" in output:
                texts.append(output["text"])
            for kind, value in output.get("data", {}).items():
                if kind.startswith("text/"):
                    texts.append(value if isinstance(value, str) else "".join(value))
    return texts


def _as_decimal(number: str) -> Decimal:
    return Decimal(number.replace(",", ""))


def printed_values(nb) -> list[Decimal]:
    """Every number that a code cell of ``nb`` printed (and its parameters cell sets)."""
    values = []
    for text in _printed(nb):
        values.extend(_as_decimal(number) for number, _ in NUMBER.findall(text))
    return values


def _shown_as(value: Decimal, places: int) -> set[Decimal]:
    """``value`` rounded to ``places`` decimals, half up and half even (prose and printf differ)."""
    quantum = Decimal(1).scaleb(-places)
    return {value.quantize(quantum, rounding=mode) for mode in (ROUND_HALF_UP, ROUND_HALF_EVEN)}


def unprinted(nb) -> list[tuple[int, str]]:
    """The (cell index, number) of every result in ``nb``'s markdown that no cell printed."""
    printed = printed_values(nb)
    facts = data_facts()
    by_places: dict[int, set[Decimal]] = {}
    missing = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        for number, percent in NUMBER.findall(_plain(cell.source)):
            if not is_result(number, percent) or number.replace(",", "") in facts:
                continue
            places = len(number.partition(".")[2])
            if places not in by_places:
                by_places[places] = set().union(*(_shown_as(v, places) for v in printed))
            value = _as_decimal(number)
            if value in by_places[places]:
                continue
            if percent:  # 5.2% printed as the fraction 0.0520
                fraction_places = places + 2
                if fraction_places not in by_places:
                    by_places[fraction_places] = set().union(
                        *(_shown_as(v, fraction_places) for v in printed)
                    )
                if value.scaleb(-2) in by_places[fraction_places]:
                    continue
            missing.append((index, number + percent))
    return missing
