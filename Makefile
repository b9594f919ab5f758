# The two commands of the README: `make play` and `make test`. `make bench` prints the figures.
# Each first installs the system programs it lacks (narrator/system.py: apt-get, through sudo when not root, or
# Homebrew), then what Python needs into .venv/: `make play` only what playing needs, `make test` the test tools too.
VENV   := .venv
PY     := $(VENV)/bin/python
PLAYED := $(VENV)/.installed-play
TESTED := $(VENV)/.installed-test

.PHONY: play test bench screens clean icons system-play system-test pi-check

# (explicit targets: make skips pattern rules for .PHONY ones)
system-play:
	@python3 narrator/system.py install --for play

system-test:
	@python3 narrator/system.py install --for test

$(PLAYED): pyproject.toml | icons
	@test -x $(PY) || python3 -m venv $(VENV) >&2
	@$(PY) -m pip install --quiet --disable-pip-version-check -e . >&2
	@touch $(PLAYED)

$(TESTED): pyproject.toml | icons
	@test -x $(PY) || python3 -m venv $(VENV) >&2
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]' >&2
	@touch $(PLAYED) $(TESTED)

# The page's pictures (game-icons.net, CC BY 3.0), fetched from npm when missing; the page works without them.
icons:
	@python3 -m narrator.ui.web.icons

play: system-play $(PLAYED)
	$(VENV)/bin/wolfcall doctor --for play
	$(VENV)/bin/wolfcall play

test: system-test $(TESTED)
	$(VENV)/bin/wolfcall doctor --for test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/wolfcall scripts lint
	$(VENV)/bin/pytest -n 2  # two workers (pytest-xdist): CI has 2 cores and must finish within 15 minutes

# The README's Pi commands in an arm64 Debian 12 userland that looks like a Pi 4, under qemu (tools/pi.py, as root;
# minutes: not part of `make test`). One line per step.
pi-check:
	@python3 tools/pi.py

BENCHED := $(VENV)/.installed-bench

# The listener of voice.asr_wer.* (pyproject's bench extra): for `make bench` only, never for play or test.
$(BENCHED): pyproject.toml $(TESTED)
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]' >&2
	@touch $(BENCHED)

bench: $(BENCHED)
	@$(PY) -m bench

screens: $(TESTED)
	$(VENV)/bin/pytest -q tests/ui/web/test_web.py tests/ui/web/ways/test_ways.py tests/ui/web/test_setup_odds.py \
		tests/ui/web/test_levels_browser.py tests/ui/web/test_history_browser.py tests/ui/web/test_front_history_browser.py
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
	cp artifacts/screens/setup-odds-en.png docs/setup-odds.png
	cp artifacts/screens/setup-levels-en.png docs/setup-levels.png
	cp artifacts/screens/history-en.png docs/history.png
	cp artifacts/screens/history-import-en.png docs/history-import.png
	cp artifacts/screens/front-history-en.png docs/front-history.png

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
