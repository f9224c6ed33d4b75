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


# Maintainers: the book's solved sample deals (assets/samples/), slow.
samples: $(STAMP)
	$(BIN)/python -m generator.samples

# Maintainers: the book's odds over 10,000 deals of every game and variant (slow).
SPECS := village brunette_blonde brunette_blonde:two_cards quadrille quadrille:queens_first gallery phalanx
odds: $(STAMP)
	for spec in $(SPECS); do $(BIN)/pasyans stats $$spec --deals 10000 --save || exit 1; done

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png
