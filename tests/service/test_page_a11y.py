"""The accessibility check of each screen of the page (issue 30): axe-core (its axe.min.js,
shipped by the axe-playwright-python package) run in the page in Chromium, at 390x844 and
1280x900, on the first page, the tapping panel with an answer, a two-handed record with its
Record panel open, a table of four, a stored ruling, and the score pad (its set-up, a trick kept
with a finding, a table of four's auction); no violation of the "serious" or "critical"
kind."""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.service.pagekit import SCREENS, shoot, tab
from tests.service.servicekit import Server

pytestmark = pytest.mark.slow

AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js")


def serious(page: Page, screen: str) -> list[str]:
    """The serious and critical violations axe finds in the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [f"{screen}: {v['id']} ({v['impact']}): {v['help']}: "
            f"{[n['target'] for n in v['nodes']][:5]}"
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("size", SCREENS)
def test_no_serious_accessibility_violation_on_any_screen(browser: Browser, server: Server,
                                                          tmp_path: Path, size: str) -> None:
    problems: list[str] = []
    with tab(browser, server, SCREENS[size]) as page:
        page.goto("/")
        expect(page.locator("#examples button")).to_have_count(4)
        problems += serious(page, "the first page")

        page.click("#way-ask")
        page.select_option("#tap-ruleset", "old-time")
        for card in ("A♥", "T♥", "J♥"):
            page.click(f"#tap-pick-{card}")
        page.click("#tap-chip-meld-♥F")
        page.click("#tap-ask")
        expect(page.locator("#tap-answer .verdict")).to_be_visible(timeout=15000)
        page.click("#tap-save")
        permalink = page.locator("#tap-saved a.permalink")
        expect(permalink).to_be_visible(timeout=15000)
        problems += serious(page, "the tapping panel")
        link = permalink.get_attribute("href") or ""

        page.goto("/")
        page.click("#examples button[data-example='R9F-repeat']")
        page.click("#finding-list .finding")
        page.click("#record-view summary")
        page.click("#ask-button")
        expect(page.locator("#answer .verdict")).to_be_visible(timeout=15000)
        problems += serious(page, "a two-handed record")

        page.goto("/")
        page.click("#examples button[data-example='double-pack-evening']")
        page.locator("#scrub").fill("14")
        expect(page.locator("#trick .played .card")).to_have_count(4)
        problems += serious(page, "a table of four")

        page.goto(link)
        expect(page.locator("#ruling .stored-answer")).to_be_visible()
        problems += serious(page, "a stored ruling")
        shoot(page, tmp_path, f"a11y-ruling-{size}.png")

        problems += score_pad(page, tmp_path, size)
    assert problems == [], "\n".join(problems)


def score_pad(page: Page, tmp_path: Path, size: str) -> list[str]:
    """The score pad's screens: its set-up, a two-handed game with a trick kept and a finding
    on it, and a table of four at its auction."""
    problems: list[str] = []
    busy = page.locator("#pad[aria-busy='true']")
    page.goto("/#pad")
    expect(page.locator("#pad-start")).to_be_visible()
    problems += serious(page, "the score pad's set-up")
    page.fill("#pad-setup input[name=E]", "Ann")
    page.fill("#pad-setup input[name=W]", "Bob")
    page.click("#pad-start")
    for card in ("A♣", "K♣"):
        expect(busy).to_have_count(0)
        page.click(f"#pad-trick .pad-tap[data-card='{card}']")
    expect(busy).to_have_count(0)
    page.click("#pad-other")                 # the wrong winner: a finding on the trick
    expect(page.locator(".pad-entry .pad-finding")).to_have_count(1, timeout=15000)
    problems += serious(page, "the score pad with a trick and its finding")
    shoot(page, tmp_path, f"a11y-pad-{size}.png")
    expect(busy).to_have_count(0)
    page.evaluate("localStorage.clear()")          # a new game without the confirm dialog
    page.reload()
    page.select_option("#pad-setup select[name=ruleset]", "double-pack")
    page.click("#pad-start")
    expect(page.locator("#pad-auction-panel")).to_be_visible()
    problems += serious(page, "the score pad at a table of four")
    return problems
