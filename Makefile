# The two commands of the README: `make reproduce` and `make test`. Both create (or reuse) the
# virtual environment .venv and install wordlekit into it, editable, with its dependencies.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup test reproduce benchmark clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

test: setup
	$(BIN)/python -m pytest

# Executes every notebook with papermill: tables and figures to figures/, executed copies to build/.
reproduce: setup
	$(BIN)/wordlekit reproduce

benchmark: setup
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf build .cache .pytest_cache
