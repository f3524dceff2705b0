"""What the page's browser tests share: the two screens of issue 30 (a phone held upright and a
desktop), a tab on either that fails the test if the page's script throws, a screenshot in the
test's own folder, the layout check (nothing wider than the screen), and a network that ends at
the machine (every request outside 127.0.0.1 refused and remembered)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, Route

from tests.service.servicekit import PHONE, Server

#: A desktop screen, the issue's other size.
DESKTOP = {"width": 1280, "height": 900}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}


def screenshot_path(tmp_path: Path, name: str) -> Path:
    folder = Path(os.environ.get("PINOCHLE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def shoot(page: Page, tmp_path: Path, name: str) -> Path:
    """A full-page screenshot under the test's folder (its path printed)."""
    shot = screenshot_path(tmp_path, name)
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")
    assert shot.stat().st_size > 5_000
    return shot


def fits_the_screen(page: Page, what: str = "the page") -> None:
    """Nothing wider than the screen: no sideways scrolling."""
    width, screen = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= screen, f"{what} is {width}px wide on a {screen}px screen"


def offline(page: Page) -> list[tuple[str, str]]:
    """Refuse every request that leaves the machine; those refused (resource type, address)."""
    refused: list[tuple[str, str]] = []

    def handle(route: Route) -> None:
        host = urlsplit(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            refused.append((route.request.resource_type, route.request.url))
            route.abort("internetdisconnected")

    page.route("**/*", handle)
    return refused


@contextmanager
def tab(browser: Browser, server: Server, screen: dict[str, int]) -> Iterator[Page]:
    """A fresh tab on ``screen``; the test fails if the page's script throws."""
    context = browser.new_context(viewport=screen, base_url=server.url)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert problems == [], f"the page's script failed: {problems}"
