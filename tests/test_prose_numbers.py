"""No number without a cell: every result in a notebook's prose is printed by a cell of that run.

The committed notebooks are those `make reproduce` wrote (and `git status` is clean after it), so
their outputs are the run's. The rules of what counts are in ``tests/prose_numbers.py``; the
planted numbers below show that the check can fail.
"""

import copy

import nbformat
import pytest

from wordlekit import paths

from .prose_numbers import unprinted

NOTEBOOKS = sorted(paths.NOTEBOOKS_DIR.glob("[0-9][0-9]-*.ipynb"))

#: Numbers that prose may state without a cell, each with the reason: hand-worked arithmetic of
#: the prose itself, never a measured result. Keyed by the notebook's number.
EXPLAINED = {
    ("00", "1.5"): "two candidates cost 1 or 2 guesses, 1.5 on average: worked in the sentence",
    ("15", "1.5"): "two candidates cost 1 or 2 guesses, 1.5 on average: worked in the sentence",
    ("13", "1.5"): "two candidates cost 1 or 2 guesses, 1.5 on average: worked in the sentence",
    ("03", "7.6"): "the rollout paper's own account of its cost, quoted as the reason for a column",
}


def _read(path):
    return nbformat.read(path, as_version=4)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem[:2])
def test_every_number_in_the_prose_is_printed_by_a_cell(path):
    missing = [
        (cell, number)
        for cell, number in unprinted(_read(path))
        if (path.stem[:2], number) not in EXPLAINED
    ]
    assert not missing, (
        f"{path.name}: numbers in markdown that no cell printed (cell, number): {missing}"
    )


def _notebook(markdown, printed):
    nb = nbformat.v4.new_notebook()
    parameters = nbformat.v4.new_code_cell("SEED: int = 20261127")
    parameters.metadata["tags"] = ["parameters"]
    shown = nbformat.v4.new_code_cell("print(...)")
    shown.outputs = [nbformat.v4.new_output("stream", name="stdout", text=printed)]
    nb.cells = [parameters, shown, nbformat.v4.new_markdown_cell(markdown)]
    return nb


@pytest.mark.parametrize(
    "markdown, printed",
    [
        ("rollout scores 7,946 from salet", "total 7946"),  # thousands separators
        ("a gain of 0.21 guesses", "gain 0.2104"),  # rounded to the prose's decimals
        ("5.2% above the optimum", "over_optimum 0.0520"),  # a percentage of a printed fraction
        ("the seed 20261127", ""),  # the parameters cell's source
        ("Table 3, Eqs. (16)-(17), Section 4.3 and notebook 02", ""),  # places, not values
        ("the lists nyt-2022 and `QUICK = 300`", ""),  # joined to a word, inline code
        ("13 openers and 2,315 answers in 2023", ""),  # a count, a list's size, a year
    ],
)
def test_numbers_that_are_printed_or_not_results_pass(markdown, printed):
    assert unprinted(_notebook(markdown, printed)) == []


@pytest.mark.parametrize(
    "markdown, printed, number",
    [
        ("a TOTAL of 7889", "7886", "7889"),
        ("a gain of 0.22 guesses", "gain 0.2104", "0.22"),
        ("5.3% above", "0.0520", "5.3%"),
        ("took 118 s", "", "118"),
        ("Table 3 gives 3.2795", "3.2794", "3.2795"),
    ],
)
def test_a_number_no_cell_printed_is_caught(markdown, printed, number):
    assert unprinted(_notebook(markdown, printed)) == [(2, number)]


def test_a_number_planted_in_a_committed_notebook_is_caught():
    nb = _read(NOTEBOOKS[0])
    planted = copy.deepcopy(nb)
    cell = next(i for i, c in enumerate(planted.cells) if c.cell_type == "markdown")
    planted.cells[cell].source += "\n\nThe planted TOTAL is 7913, at 3.41826 a game."
    assert set(unprinted(planted)) - set(unprinted(nb)) == {(cell, "7913"), (cell, "3.41826")}
