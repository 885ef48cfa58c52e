"""Citing like QuantEcon: the book's references page and the docstrings that cite it by key
(CITATION.cff, how to cite wordlekit itself, is checked with the packaging)."""

import ast
import re
from pathlib import Path

from wordlekit import paths

ROOT = paths.REPO_ROOT
PAGE = ROOT / "docs" / "references.md"
PACKAGE = ROOT / "wordlekit"

#: An entry of the references page (a reStructuredText citation) and a citation of one.
ENTRY = re.compile(r"^\.\. \[(\w+)\]", re.MULTILINE)
CITED = re.compile(r"\[(\w+)\]_")

#: Modules that implement a paper's algorithm or game: each ends its docstring with References.
IMPLEMENTS_A_PAPER = (
    "answering",
    "avts/__init__",
    "belief",
    "boards",
    "bounds",
    "consistent",
    "deep",
    "endgames",
    "equivalence",
    "experiments/newton",
    "experiments/optimum_tables",
    "experiments/valuation_table",
    "games",
    "heuristics",
    "lookahead",
    "openers",
    "optimal/__init__",
    "prior",
    "rollout",
    "sarsa",
    "sixletter",
    "stochastic/__init__",
    "symmetry",
    "unaware",
    "valuations",
)


def docstrings(package: Path = PACKAGE) -> dict[str, str]:
    """Every docstring of every module under ``package`` (module, classes, functions), joined,
    by the module's path inside it without ``.py``."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text())
        texts = [
            ast.get_docstring(node) or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        found[path.relative_to(package).with_suffix("").as_posix()] = "\n".join(texts)
    return found


def check(page: str, texts: dict[str, str]) -> tuple[dict[str, list[str]], list[str]]:
    """(keys cited but not on the page, with the modules citing them; entries nobody cites)."""
    entries = set(ENTRY.findall(page))
    citing: dict[str, list[str]] = {}
    for module, text in texts.items():
        for key in sorted(set(CITED.findall(text))):
            citing.setdefault(key, []).append(module)
    undefined = {key: modules for key, modules in sorted(citing.items()) if key not in entries}
    uncited = sorted(entries - set(citing))
    return undefined, uncited


def test_every_key_cited_is_on_the_references_page_and_every_entry_is_cited():
    undefined, uncited = check(PAGE.read_text(), docstrings())
    assert undefined == {}, f"cited in docstrings, missing from docs/references.md: {undefined}"
    assert uncited == [], f"on docs/references.md, cited by no docstring: {uncited}"


def test_the_check_finds_an_unknown_key_and_an_entry_nobody_cites():
    page = ".. [known2020] A. Author. *A title*. 2020.\n\n.. [lonely2021] B. Author. 2021.\n"
    texts = {"a": "Bellman [known2020]_.", "b": "Newton [unknown1999]_ and [known2020]_."}
    assert check(page, texts) == ({"unknown1999": ["b"]}, ["lonely2021"])


def test_each_entry_is_defined_once():
    keys = ENTRY.findall(PAGE.read_text())
    assert len(keys) == len(set(keys)) > 4


def test_modules_that_implement_a_paper_end_with_references_citing_it():
    for module in IMPLEMENTS_A_PAPER:
        text = ast.get_docstring(ast.parse((PACKAGE / f"{module}.py").read_text()))
        assert "\nReferences\n----------\n" in text, module
        assert CITED.search(text.partition("\nReferences\n----------\n")[2]), module


def test_the_references_page_is_in_the_book():
    assert re.search(r"^references$", (ROOT / "docs" / "index.md").read_text(), re.MULTILINE)
