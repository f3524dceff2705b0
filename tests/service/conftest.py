"""One real server for the service tests of a session (tests that must restart or kill a server
start their own with ``servicekit.running``), and the replay page's headless chromium (Debian's
``/usr/bin/chromium``, driven by Playwright) with a fresh phone-sized tab per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from tests.service.servicekit import PHONE, Server, running


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data: Path = tmp_path_factory.mktemp("service-data")
    # the session's tests and the property test create hundreds of rulings from one address
    # within a minute: past the write rate of a server without a token (tested on its own)
    with running(data, env={"PINOCHLE_WRITE_RATE": "1000000"}) as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[Page]:
    """A fresh tab, phone-sized unless the test parametrizes ``page`` indirectly with another
    viewport (``{"width": 1280, "height": 900}``)."""
    context = browser.new_context(viewport=getattr(request, "param", PHONE), base_url=server.url)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(str(error)))
    yield tab
    context.close()
    assert problems == [], f"the page's script failed: {problems}"
