# The two commands of the README: `make play` and `make test`. `make bench` prints the figures.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench screens clean icons

$(STAMP): pyproject.toml | icons
	@test -x $(PY) || python3 -m venv $(VENV) >&2
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]' >&2
	@touch $(STAMP)

# The page's pictures (game-icons.net, CC BY 3.0), fetched from npm when missing; the page works without them.
icons:
	@python3 -m narrator.ui.web.icons

play: $(STAMP)
	$(VENV)/bin/wolfcall doctor --for play
	$(VENV)/bin/wolfcall play

test: $(STAMP)
	$(VENV)/bin/wolfcall doctor --for test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/wolfcall scripts lint
	$(VENV)/bin/pytest

bench: $(STAMP)
	@$(PY) -m bench

screens: $(STAMP)
	$(VENV)/bin/pytest -q tests/ui/test_web.py tests/ui/test_ways.py
	mkdir -p docs
	cp artifacts/screens/setup-en.png docs/setup.png
	cp artifacts/screens/screen-deal.png docs/deal.png
	cp artifacts/screens/screen-night.png docs/night.png
	cp artifacts/screens/screen-vote.png docs/vote.png
	cp artifacts/screens/screen-end.png docs/end.png
	cp artifacts/screens/ways-own-setup-code-en.png docs/own-code.png
	cp artifacts/screens/ways-own-card-en.png docs/own-card.png
	cp artifacts/screens/ways-own-decoy-en.png docs/own-night.png
	cp artifacts/screens/ways-own-ballot-en.png docs/own-ballot.png
	cp artifacts/screens/ways-turn-es.png docs/round-turn.png

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
