"""The browser the page's tests drive: Debian's Chromium through Playwright, one page at phone size each."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ...browser import ARGS, CHROMIUM, GUARD_MS, PHONE, RECORD_MESSAGES


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    context.set_default_timeout(GUARD_MS)  # a guard against a hang; every wait is for an event
    context.add_init_script(RECORD_MESSAGES)
    pg = context.new_page()
    yield pg
    context.close()
