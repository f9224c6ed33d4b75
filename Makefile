# The two commands a user needs: `make rulebook` and `make test`.
# Both create the virtual environment on first use; nothing else is needed
# but Python 3.11+.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: rulebook test lint bench samples odds clean venv compiled

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,fast]'
	touch $(STAMP)

venv: $(STAMP)

# The optional compiled hot path (generator/compiled.py): Cython builds the engines, hints,
# players and solver from their .py files into a cache keyed by each source's hash. Run before
# every use; up to date it only hashes the sources. Without Cython or a C compiler it says so and the
# package stays plain Python. PASYANS_COMPILED=0 turns the compiled modules off at run time.
compiled: $(STAMP)
	$(BIN)/python -m generator.compiled_build

rulebook: $(STAMP)
	$(BIN)/pasyans rulebook -o output/rulebook.pdf

# On every core (pytest-xdist), one test file per worker at a time: 13 min on one core of this 2-core
# machine became 5.6 min. PYTEST_WORKERS=0 runs the suite in one process.
PYTEST_WORKERS ?= auto
test: $(STAMP) compiled
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy


# Maintainers: the book's solved sample deals (assets/samples/), slow.
samples: $(STAMP) compiled
	$(BIN)/python -m generator.samples

# Maintainers: the book's odds over 10,000 deals of every game and variant (slow), timed into
# docs/benchmarks.md. ODDS_BUDGET is the solver's seconds per deal; the book prints it. At the end of the run
# each deal left unknown that another reading of the game won is won too where that reading's line replays
# under its rules, or its search from where the line breaks them wins (the lines found in the run;
# bench/run.py --settle solves again, for rows measured apart).
ODDS_BUDGET ?= 2
odds: $(STAMP) compiled
	$(BIN)/python bench/run.py --deals 10000 --budget $(ODDS_BUDGET) --save-stats

bench: $(STAMP) compiled
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png
