# The commands of the README: `make reproduce`, `make test` and `make verify` (and `make book`). Each creates (or
# reuses) the virtual environment .venv and installs wordlekit into it, editable, with its
# dependencies at the versions of constraints.txt (the ones the committed files were computed with).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PIP_INSTALL := $(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt

.PHONY: setup test fuzz reproduce verify benchmark book book-test pins clean

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) -e '.[test]'
	touch $(STAMP)

# constraints.txt anew: pip's newest versions within pyproject.toml's ranges, in a new virtual
# environment (build/pins), frozen with the file's header kept. Then `make reproduce`, and commit
# what it rewrites with the new pins.
pins:
	rm -rf build/pins && $(PYTHON) -m venv build/pins
	build/pins/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test,book]'
	{ grep '^#' constraints.txt; build/pins/bin/python -m pip freeze --exclude-editable; } > build/pins.txt
	mv build/pins.txt constraints.txt

# The tests on TEST_JOBS processes (pytest-xdist; auto: one per core; 0: all in one process), a
# test file per process so that a file's session fixtures (the QUICK notebooks) are built once.
# The 25 slowest steps are listed at the end: where a cold cache (a new machine, as CI's) costs.
TEST_JOBS ?= auto
test: setup
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile --durations=25

# The CLI driven with generated malformed arguments (tests/test_cli_fuzz.py), longer than the
# 300 cases `make test` runs: every case must end in one line and status 2, writing nothing.
FUZZ_EXAMPLES ?= 3000
FUZZ_SEED ?= 20261125
fuzz: setup
	WORDLEKIT_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) WORDLEKIT_FUZZ_SEED=$(FUZZ_SEED) \
		$(BIN)/python -m pytest -q -p no:cacheprovider --hypothesis-show-statistics tests/test_cli_fuzz.py

# Executes every notebook with papermill and writes it back to notebooks/ with its outputs;
# tables and figures to figures/, run times to build/reproduce-summary.md. JOBS notebooks at a
# time (each with its share of the cores): the files are the same whatever JOBS is.
JOBS ?= 2
reproduce: setup
	$(BIN)/wordlekit reproduce --jobs $(JOBS)

# Re-executes the committed notebooks in build/verify/ with pytest --nbval and compares every
# cell's outputs with the committed ones. ONLY="00 05" checks some notebooks only.
verify: setup
	$(BIN)/wordlekit verify $(if $(ONLY),--only $(ONLY))

# The book: the committed, executed notebooks (never re-executed), the docs/ pages and the API
# reference, as a static site in build/book/ (open build/book/index.html). Warnings are errors.
# Needs the `book` extra, which these targets install into .venv; no network at build time.
BOOK_STAMP := $(VENV)/.book-installed

$(BOOK_STAMP): $(STAMP) pyproject.toml constraints.txt
	$(PIP_INSTALL) -e '.[test,book]'
	touch $(BOOK_STAMP)

book: $(BOOK_STAMP)
	rm -rf docs/_api  # autosummary's pages, regenerated from the package's modules as they are now
	$(BIN)/python -m sphinx -b html -W --keep-going -q docs build/book

# The book in headless Chromium (Debian's `chromium` package: apt-get install -y chromium):
# every page, image, formula and link; screenshots to build/book-*.png. CI runs it after `make test`.
book-test: book
	WORDLEKIT_BOOK_TEST=1 $(BIN)/python -m pytest -q tests/test_book.py

benchmark: setup
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf build .cache .pytest_cache
