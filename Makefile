# The two commands of the README: `make play` and `make test`. `make bench` prints the figures.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench lint clean

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV) >&2
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]' >&2
	@touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/wolfcall play

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

bench: $(STAMP)
	@$(PY) -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
