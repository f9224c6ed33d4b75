# The two commands a user needs: `make rulebook` and `make test`.
# Both create the virtual environment on first use; nothing else is needed
# but Python 3.11+.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: rulebook test lint bench samples clean venv

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


# Maintainers: the book's solved sample deals (assets/samples/), slow.
samples: $(STAMP)
	$(BIN)/python -m generator.samples

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png
