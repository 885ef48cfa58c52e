"""Sphinx configuration of the book: the committed, executed notebooks as chapters, never re-run.

Sphinx + myst-nb + sphinx-book-theme (the QuantEcon lectures' stack) rather than Jupyter Book 2:
mystmd downloads its site template at build time (``myst build --html`` asks
api.mystmd.org for ``book-theme`` and fails offline), while this stack is pure Python, pinned in
the ``book`` extra, and builds with no network. docs/book.md says more.
"""

import re
import shutil
import sys
from pathlib import Path

import mathjax
import pandas as pd
from docutils import nodes
from sphinx.transforms import SphinxTransform

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

project = "wordlekit"
author = "the wordlekit developers"
copyright = "2026, the wordlekit developers"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "sphinx_togglebutton",
]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "_generated"]
root_doc = "index"
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}

# The committed outputs are the record (make reproduce writes them): the book shows them as they
# are and never executes a cell.
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]  # notebooks start sections at ## after one # title

# The API reference: every module of the package, found by walking it (autosummary), so it
# follows renames and new modules without a hand-kept list.
autosummary_generate = True
autosummary_imported_members = False
# Members are documented in the module that defines them, not again where a package re-exports
# them (wordlekit/__init__.py), so each name has one target and cross-references resolve.
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_numpy_docstring = True
napoleon_google_docstring = False

# Maths offline: MathJax 3.2.2 as shipped by the django-static-mathjax wheel (pinned in the book
# extra; a plain copy of MathJax's es5/ build, with no Django dependency), copied into the site
# at build time, so no page asks a CDN for anything. SVG output: no web fonts to load.
MATHJAX = Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
mathjax_path = "mathjax/tex-svg.js"

html_theme = "sphinx_book_theme"
html_title = "wordlekit"
html_static_path = ["_static"]
html_css_files = ["book.css"]
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "navigation_with_keys": False,
}
# An explicit light mode: with none, the theme logs "Got invalid theme mode" as a console error
# on a reader's first visit.
html_context = {"default_mode": "light"}
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False

HEADLINES = [
    # (what, figures/ table, our column): the row is salet's, the published column published_<ours>
    ("MIG, easy", "rollout-table1", "easy_mig"),
    ("rollout-MIG, easy", "rollout-table1", "easy_rollout_mig"),
    ("optimum, easy", "rollout-table1", "easy_optimal"),
    ("MIG, hard (strict rule)", "rollout-table1", "hard_mig"),
    ("rollout-MIG, hard (strict rule)", "rollout-table1", "hard_rollout_mig"),
    ("optimum, hard", "rollout-table1", "hard_optimal"),
    ("MRD, hard", "rollout-table2", "hard_mrd"),
    ("rollout-MRD, hard", "rollout-table2", "hard_rollout_mrd"),
    ("GEP as published, hard", "rollout-table2", "hard_gep"),
    ("rollout-GEP as published, hard", "rollout-table2", "hard_rollout_gep"),
]


def headline_table() -> str:
    """The landing page's results, read from figures/ at every build: never copied by hand."""
    rows = [
        "| policy from salet | ours | published | difference | from |",
        "|---|---:|---:|---:|---|",
    ]
    for what, table, ours in HEADLINES:
        line = pd.read_csv(ROOT / "figures" / f"{table}.csv", index_col=0).loc["salet"]
        published = f"published_{ours}"
        diff = line[ours] - line[published]
        rows.append(
            f"| {what} | {line[ours]:.4f} | {line[published]:.4f} | {diff:+.4f} | `figures/{table}.csv` |"
        )
    return "\n".join(rows) + "\n"


def write_generated(app):
    generated = DOCS / "_generated"
    generated.mkdir(exist_ok=True)
    text = headline_table()
    target = generated / "headlines.md"
    if not target.exists() or target.read_text() != text:  # unchanged: no rebuild of the page
        target.write_text(text)


def copy_mathjax(app, exception):
    if exception is None and app.builder.format == "html":
        target = Path(app.outdir) / "_static" / "mathjax"
        if not target.exists():
            shutil.copytree(MATHJAX, target)


LITERAL_START = re.compile(r"::\s*$")


def escape_set_sizes(app, what, name, obj, options, lines):
    """Docstrings write the size of a set as |S| and conditionals as tau(s'|s, a), which
    reStructuredText reads as substitutions; escape every bar outside code and literal blocks
    (shown as written there) and outside grid tables."""
    literal_indent = None
    for i, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None:
            if line.strip() and indent <= literal_indent:
                literal_indent = None
            else:
                continue
        stripped = line.strip()
        table = stripped.startswith(("+-", "+=")) or (
            stripped[:2] == "| " and stripped[-2:] == " |"
        )
        if ":math:" not in line and not table:
            pieces = line.split("``")  # outside ``code`` spans only: the even pieces
            pieces[::2] = [piece.replace("|", "\\|") for piece in pieces[::2]]
            lines[i] = "``".join(pieces)
        if LITERAL_START.search(line) or line.strip().startswith(".. math::"):
            literal_indent = indent


def skip_entry_points(app, what, name, obj, skip, options):
    # wordlekit.__main__ runs the CLI when imported; it has nothing to document.
    return True if name.endswith("__main__") else None


def setup(app):
    app.connect("builder-inited", write_generated)
    app.connect("autodoc-process-docstring", escape_set_sizes)
    app.connect("autodoc-skip-member", skip_entry_points)
    app.connect("build-finished", copy_mathjax)
    app.add_transform(NotebookLinks)


NOTEBOOKS = {p.name[:2]: p.stem for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))}
MENTION = re.compile(r"\b(notebooks?) (\d\d)\b")


class NotebookLinks(SphinxTransform):
    """Turns "notebook 02" in prose into a link to that chapter (the notebooks say it in words,
    which reads in JupyterLab too, so the links are made here rather than in the notebooks)."""

    default_priority = 500

    def apply(self):
        here = self.env.docname
        depth = here.count("/")
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if isinstance(parent, (nodes.reference, nodes.literal, nodes.literal_block, nodes.raw)):
                continue
            if any(
                isinstance(a, (nodes.literal_block, nodes.reference)) for a in _ancestors(parent)
            ):
                continue
            source = str(text)
            if not MENTION.search(source):
                continue
            pieces, last = [], 0
            for match in MENTION.finditer(source):
                stem = NOTEBOOKS.get(match.group(2))
                if stem is None or here == f"notebooks/{stem}":
                    continue
                pieces.append(nodes.Text(source[last : match.start()]))
                uri = "../" * depth + f"notebooks/{stem}.html"
                pieces.append(nodes.reference("", match.group(0), refuri=uri, internal=True))
                last = match.end()
            if not pieces:
                continue
            pieces.append(nodes.Text(source[last:]))
            parent.replace(text, pieces)


def _ancestors(node):
    while node is not None:
        yield node
        node = node.parent
