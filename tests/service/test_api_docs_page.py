"""The API's pages work without internet (issue 30): /docs and /redoc load their scripts and
styles from the installed package (fastapi-offline), so with every request outside 127.0.0.1
refused they still render every operation (ReDoc asks only for its maker's logo, a picture);
the page's header link "API" leads there."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.service.pagekit import SCREENS, offline, shoot, tab
from tests.service.servicekit import Server

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("screen", SCREENS)
def test_docs_render_the_operations_with_the_network_off(browser: Browser, server: Server,
                                                         tmp_path: Path, screen: str) -> None:
    with tab(browser, server, SCREENS[screen]) as page:
        refused = offline(page)
        page.goto("/")
        page.get_by_role("link", name="API").click()
        expect(page).to_have_url(f"{server.url}/docs")
        operations = page.locator(".opblock-summary-path")
        expect(operations.filter(has_text="/v1/validate")).to_have_count(1, timeout=15000)
        expect(operations.filter(has_text="/v1/melds")).to_have_count(1)
        shoot(page, tmp_path, f"api-docs-offline-{screen}.png")
        assert refused == []


def test_redoc_renders_with_the_network_off(browser: Browser, server: Server,
                                            tmp_path: Path) -> None:
    with tab(browser, server, SCREENS["desktop"]) as page:
        refused = offline(page)
        page.goto("/redoc")
        expect(page.get_by_text("/v1/validate").first).to_be_attached(timeout=15000)
        shoot(page, tmp_path, "api-redoc-offline.png")
        # ReDoc's own "made by" logo in its footer is the only thing it asks the network for:
        # a picture, refused without harm (no script, no style)
        assert [kind for kind, _ in refused if kind != "image"] == []
