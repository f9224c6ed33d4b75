# The two commands a user needs: `make rulebook` and `make test`.
# Both create the virtual environment on first use; nothing else is needed
# but Python 3.11+.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: rulebook test lint bench samples odds clean venv

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

rulebook: $(STAMP)
	$(BIN)/pasyans rulebook -o output/rulebook.pdf

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy


# Maintainers: the book's solved sample deals (assets/samples/), slow.
samples: $(STAMP)
	$(BIN)/python -m generator.samples

# Maintainers: the book's odds over 10,000 deals of every game and variant (slow), timed into
# docs/benchmarks.md. ODDS_BUDGET is the solver's seconds per deal; the book prints it.
ODDS_BUDGET ?= 2
odds: $(STAMP)
	$(BIN)/python bench/run.py --deals 10000 --budget $(ODDS_BUDGET) --save-stats

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png
