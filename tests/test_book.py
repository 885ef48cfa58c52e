"""The book (``make book``) in a real browser: headless Chromium against the built site.

Run by ``make book-test`` (CI runs it after ``make test``), which builds ``build/book/`` first
and sets ``WORDLEKIT_BOOK_TEST``; without it each test is skipped. ``make test`` leaves it out:
it writes screenshots into build/, which test_cli_fuzz watches for writes by the command line
while its cases run on another process (with a book left in build/ from an earlier ``make
book``, that check failed). Needs the ``book`` extra (Playwright for Python drives the
browser) and Debian's Chromium, used as it is (never ``playwright install``, which downloads a
browser build). Where any of the three is missing, each test is skipped with a one-line reason
saying what to do.
"""

import functools
import html.parser
import http.server
import os
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from wordlekit import paths

SITE = paths.BUILD_DIR / "book"
# WORDLEKIT_CHROMIUM names another Chromium-based browser (GitHub's runners have Chrome).
CHROMIUM = os.environ.get("WORDLEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Flags that work in a container as root, with no first-run, sync or update traffic.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTH = 1280


def _missing() -> str | None:
    if not os.environ.get("WORDLEKIT_BOOK_TEST"):
        return "the book's browser test: make book-test builds the book and runs it"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright missing: .venv/bin/pip install -e '.[book]' (make book-test does)"
    if not Path(CHROMIUM).is_file():
        return "Chromium missing: apt-get update && apt-get install -y chromium (Debian), then make book-test"
    if not (SITE / "index.html").is_file():
        return "build/book/ not built: make book-test builds the book and runs this test"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def pages() -> list[Path]:
    """Every page of the site but Sphinx's generated index pages."""
    return sorted(
        p for p in SITE.rglob("*.html") if p.parent.name != "_static" and "_static" not in p.parts
    )


@pytest.fixture(scope="module")
def server():
    """The site over HTTP on 127.0.0.1 (the other way it is read besides file://)."""
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass  # one line per file would bury pytest's report


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=FLAGS,
            headless=True,
            viewport={"width": WIDTH, "height": 900},
        )
        yield context
        context.close()


class Visit:
    """One page loaded, with what it logged and asked for."""

    def __init__(self, context, url):
        self.errors, self.outside = [], []
        self.page = context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed: {r.url}"))
        self.page.route("**/*", self._only_local)
        self.page.goto(url, wait_until="load")
        # MathJax (loaded by the pages that have maths) typesets asynchronously: wait until it
        # is ready and its queue has run.
        if self.page.locator('script[src*="mathjax/tex-svg.js"]').count():
            self.page.wait_for_function(
                "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
            )
            self.page.evaluate("() => MathJax.startup.promise.then(() => true)")

    def _only_local(self, route):
        url = route.request.url
        if url.startswith("file:") or urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def close(self):
        self.page.close()


def test_the_book_has_every_notebook_as_a_chapter_and_the_api():
    built = {p.relative_to(SITE).as_posix() for p in pages()}
    for notebook in sorted(paths.NOTEBOOKS_DIR.glob("*.ipynb")):
        assert f"notebooks/{notebook.stem}.html" in built, notebook.name
    for page in (
        "index.html",
        "teachers.html",
        "architecture.html",
        "performance.html",
        "api.html",
        "references.html",
        "changelog.html",
    ):
        assert page in built
    assert any(p.startswith("_api/wordlekit.rollout") for p in built)
    assert (SITE / "_static" / "mathjax" / "tex-svg.js").is_file()  # bundled, not fetched


def test_no_page_names_a_network_script_font_or_stylesheet():
    # Links to papers may go anywhere; what a page *loads* must come from the site itself.
    loaders = []
    for page in pages():
        finder = _Loads()
        finder.feed(page.read_text())
        loaders += [(page.name, url) for url in finder.urls if "://" in url or url.startswith("//")]
    assert loaders == []
    for sheet in SITE.joinpath("_static").rglob("*.css"):
        assert "url(http" not in sheet.read_text().replace('"', "").replace("'", ""), sheet


def test_every_page_loads_its_images_and_maths_with_no_console_error(browser, server):
    for page in pages():
        url = f"{server}/{page.relative_to(SITE).as_posix()}"
        visit = Visit(browser, url)
        try:
            assert visit.errors == [], (url, visit.errors)
            assert visit.outside == [], (url, visit.outside)
            broken = visit.page.evaluate(
                "() => [...document.images].filter(i => !(i.complete && i.naturalWidth > 0))"
                ".map(i => i.src.slice(0, 80))"
            )
            assert broken == [], (url, broken)
            maths = visit.page.evaluate(_MATHS)
            assert maths["raw"] == [], (url, maths["raw"])
            assert maths["rendered"] >= maths["sources"], (url, maths)
        finally:
            visit.close()


def test_maths_is_rendered_where_the_pages_have_it(browser, server):
    # Pages known to hold maths: a teaching chapter's markdown and the API page of a module
    # whose docstring writes its equations as maths.
    for page in (
        "notebooks/15-teaching-lookahead-truncated-sampled.html",
        "_api/wordlekit.experiments.newton.html",
    ):
        visit = Visit(browser, f"{server}/{page}")
        try:
            maths = visit.page.evaluate(_MATHS)
            assert maths["sources"] > 0 and maths["rendered"] >= maths["sources"], (page, maths)
        finally:
            visit.close()


def test_the_site_works_from_file_urls(browser):
    visit = Visit(browser, (SITE / "index.html").as_uri())
    try:
        assert visit.errors == [] and visit.outside == []
        assert visit.page.locator("table").count() >= 1  # the headline results
    finally:
        visit.close()


def test_every_internal_link_resolves():
    missing = []
    for page in pages():
        finder = _Loads()
        finder.feed(page.read_text())
        for href in finder.links:
            parts = urlsplit(href)
            if parts.scheme or href.startswith(("//", "mailto:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                missing.append((page.relative_to(SITE).as_posix(), href))
            elif parts.fragment and target.suffix == ".html":
                ids = _ids(target)
                if unquote(parts.fragment) not in ids:
                    missing.append((page.relative_to(SITE).as_posix(), href))
    assert missing == []


def test_notebook_02_tables_fit_a_1280_pixel_window(browser, server):
    visit = Visit(browser, f"{server}/notebooks/02-table1-mig-rollout.html")
    try:
        sizes = visit.page.evaluate(
            """() => [...document.querySelectorAll('.cell_output table')].map(t => {
                const box = t.getBoundingClientRect();
                let clipped = false;
                for (let e = t.parentElement; e && e !== document.body; e = e.parentElement) {
                    if (e.scrollWidth > e.clientWidth + 1) clipped = true;
                }
                return {right: box.right, width: t.scrollWidth, shown: t.clientWidth, clipped};
            })"""
        )
        assert len(sizes) >= 3, sizes  # Table 1 by mode, and its totals
        for size in sizes:
            assert size["right"] <= WIDTH and size["width"] <= size["shown"] + 1, sizes
            assert not size["clipped"], sizes
        assert visit.page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
    finally:
        visit.close()


def test_screenshots_of_the_landing_page_a_chapter_and_the_api(browser, server):
    for page, name in [
        ("index.html", "book-landing.png"),
        ("notebooks/02-table1-mig-rollout.html", "book-chapter-02.png"),
        ("_api/wordlekit.experiments.newton.html", "book-api-newton.png"),
    ]:
        visit = Visit(browser, f"{server}/{page}")
        try:
            path = paths.BUILD_DIR / name
            tables = visit.page.locator(".cell_output table")
            if tables.count():  # a chapter: show its first table, as a reader scrolls to it
                tables.first.scroll_into_view_if_needed()
            visit.page.screenshot(path=str(path), full_page=False)
            assert path.stat().st_size > 0
        finally:
            visit.close()


def test_exercise_solutions_are_folded_in_the_book(browser, server):
    for stem in (
        "00-teaching-pomdp-rollout",
        "15-teaching-lookahead-truncated-sampled",
        "16-teaching-newton-step",
        "17-teaching-stochastic-wordle",
    ):
        visit = Visit(browser, f"{server}/notebooks/{stem}.html")
        try:
            folded = visit.page.locator("details.hide")
            assert folded.count() >= 3, stem
            assert not folded.first.evaluate("d => d.open"), stem  # hidden until clicked
            assert not folded.first.locator(".cell_input").is_visible(), stem
            folded.first.locator("summary").click()
            assert folded.first.locator(".cell_input").is_visible(), stem
        finally:
            visit.close()


# Text that is TeX waiting for MathJax: delimiters outside code, scripts and MathJax's output.
_MATHS = """() => {
    const raw = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: n => n.parentElement.closest('pre, code, script, style, mjx-container, .highlight')
            ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
    for (let n; (n = walker.nextNode());) {
        if (/\\\\\\(|\\\\\\[|\\$\\$/.test(n.textContent)) raw.push(n.textContent.slice(0, 80));
    }
    return {
        raw,
        sources: document.querySelectorAll('.math').length,
        rendered: document.querySelectorAll('.math mjx-container svg').length,
    };
}"""


class _Loads(html.parser.HTMLParser):
    """What a page loads (scripts, stylesheets, images, fonts) and where it links."""

    def __init__(self):
        super().__init__()
        self.urls, self.links = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("script", "img", "iframe", "source") and attrs.get("src"):
            self.urls.append(attrs["src"])
        if (
            tag == "link"
            and attrs.get("rel") in ("stylesheet", "preload", "icon")
            and attrs.get("href")
        ):
            self.urls.append(attrs["href"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


@functools.cache
def _ids(page: Path) -> frozenset[str]:
    finder = _Ids()
    finder.feed(page.read_text())
    return frozenset(finder.ids)


class _Ids(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
