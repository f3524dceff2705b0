"""The page at the table (issue 30), in Chromium at a phone's 390x844 and a desktop's 1280x900:
no screen scrolls sideways on the phone (the first page, the tapping panel, a two-handed record
with its Record panel open, a table of four), the step controls stay on screen, a meld's status
reads the same on the hand and in its finding, no finding is shown twice at one step, cards are
drawn as printed with labels and a remembered toggle for the notation's letters, the first page
explains, and errors say what to do in plain words."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.service.pagekit import SCREENS, fits_the_screen, shoot, tab
from tests.service.servicekit import PHONE, Server, running

pytestmark = pytest.mark.slow


def load(page: Page, example: str) -> None:
    page.goto("/")
    page.click(f"#examples button[data-example='{example}']")
    expect(page.locator("#replay-view")).to_be_visible()


def step_to(page: Page, index: int) -> None:
    page.locator("#scrub").fill(str(index))
    expect(page.locator("#position")).to_contain_text(f"step {index + 1} of")


def test_no_screen_scrolls_sideways_on_a_phone_and_the_steps_stay_in_reach(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    with tab(browser, server, PHONE) as page:
        page.goto("/")
        expect(page.locator("#examples button")).to_have_count(4)
        fits_the_screen(page, "the first page")
        page.click("#way-ask")
        expect(page.locator("#tap-pick .pick")).not_to_have_count(0)
        page.click("#tap-pick-A♥")
        fits_the_screen(page, "the tapping panel")
        shoot(page, tmp_path, "phone-tap.png")

        load(page, "club-night")
        page.click("#record-view summary")
        expect(page.locator("#record-lines")).to_be_visible()
        step_to(page, 20)
        fits_the_screen(page, "a two-handed record with the Record panel open")
        # the step controls stay on screen at the bottom of the page
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        after = page.locator("#next").bounding_box()
        assert after is not None and 0 <= after["y"] <= PHONE["height"] - after["height"]
        page.click("#next")
        expect(page.locator("#position")).to_contain_text("step 22 of")
        shoot(page, tmp_path, "phone-two-handed-record.png")

        load(page, "double-pack-evening")
        step_to(page, 14)
        expect(page.locator("#trick .played .card")).to_have_count(4)
        page.click("#record-view summary")
        fits_the_screen(page, "a table of four")
        shoot(page, tmp_path, "phone-table-of-four.png")


@pytest.mark.parametrize("screen", SCREENS)
def test_R11B_a_melds_status_reads_the_same_on_the_hand_and_in_its_finding(
        browser: Browser, server: Server, tmp_path: Path, screen: str) -> None:
    """R9F-repeat: West's second ♣2 is illegal and nobody objects in time, so it stands
    (R11B): the hand and the finding both say so at its step."""
    with tab(browser, server, SCREENS[screen]) as page:
        load(page, "R9F-repeat")
        page.click("#finding-list .finding")
        finding = page.locator("#step-findings .finding .message")
        expect(finding).to_contain_text("R9F")
        status = page.locator("#hand-W .melds li.new .status").inner_text().strip()
        assert status == "illegal, stands: no objection in time (R11B)"
        assert finding.inner_text().endswith(status)
        shoot(page, tmp_path, f"meld-status-{screen}.png")


@pytest.mark.parametrize("screen", SCREENS)
def test_no_finding_is_listed_twice_at_one_step(browser: Browser, server: Server,
                                                tmp_path: Path, screen: str) -> None:
    with tab(browser, server, SCREENS[screen]) as page:
        load(page, "R9F-repeat")
        steps = int(page.locator("#scrub").get_attribute("max") or 0) + 1
        for index in range(steps):
            step_to(page, index)
            shown = page.evaluate("""() => [...document.querySelectorAll('.finding .message')]
                .filter((m) => m.checkVisibility())
                .map((m) => m.closest('.finding').dataset.index)""")
            assert len(shown) == len(set(shown)), f"step {index + 1}: findings {shown}"
        page.click("#finding-list .finding")
        expect(page.locator("#step-findings .finding .message")).to_be_visible()
        expect(page.locator("#finding-list .finding.current .here-note")).to_be_visible()
        shoot(page, tmp_path, f"findings-once-{screen}.png")


def test_cards_are_drawn_as_printed_labelled_and_the_letters_are_remembered(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    with tab(browser, server, PHONE) as page:
        load(page, "R9F-repeat")
        step_to(page, 10)
        ten = page.locator("#hand-W .card[data-rank='T']").first
        nine = page.locator(".card[data-rank='N']").first
        expect(ten.locator(".rank")).to_have_text("10")
        expect(nine.locator(".rank")).to_have_text("9")
        label = ten.get_attribute("aria-label") or ""
        assert label.startswith("ten of ") and ten.get_attribute("role") == "img"
        # colour is not the only signal: the suit's symbol is drawn too, in the card's colour
        suit = ten.locator(".suit").inner_text()
        assert suit in "♣♠♥♦" and label.endswith({"♣": "clubs", "♠": "spades", "♥": "hearts",
                                                   "♦": "diamonds"}[suit])
        colour = "red" if suit in "♥♦" else "black"
        assert colour in (ten.get_attribute("class") or "")
        box = ten.bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 32   # readable
        shoot(page, tmp_path, "cards-as-printed.png")
        page.check("#letters-toggle")
        expect(ten.locator(".rank")).to_have_text("T")
        page.reload()
        expect(page.locator("#letters-toggle")).to_be_checked()
        load(page, "R9F-repeat")
        expect(page.locator(".card[data-rank='N'] .rank").first).to_have_text("N")
        page.uncheck("#letters-toggle")
        expect(page.locator(".card[data-rank='N'] .rank").first).to_have_text("9")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_first_page_explains_and_offers_the_three_ways_in(
        browser: Browser, server: Server, tmp_path: Path, screen: str) -> None:
    with tab(browser, server, SCREENS[screen]) as page:
        page.goto("/")
        welcome = page.locator("#welcome")
        expect(welcome).to_contain_text("Ask it whether a meld is legal")
        expect(page.locator("#way-ask")).to_have_attribute("href", "#ask")
        expect(page.locator("#way-pad")).to_have_attribute("href", "#pad")
        expect(page.locator("#way-record")).to_have_attribute("href", "#record")
        expect(page.locator("#examples button")).to_have_count(4)
        shoot(page, tmp_path, f"first-page-{screen}.png")
        page.click("#way-record")
        expect(page.locator("#text")).to_be_focused()
        page.click("#way-ask")
        expect(page.locator("#tap")).to_be_visible()
        expect(welcome).to_be_hidden()
        page.go_back()
        page.go_back()
        expect(welcome).to_be_visible()
        page.click("#examples button[data-example='old-time-evening']")     # one tap
        expect(page.locator("#battle-info")).to_contain_text("Old-time · battle 1 of 2")
        expect(welcome).to_be_hidden()


@pytest.mark.parametrize("status, words", [
    (413, "split the record into shorter ones"),
    (500, "please report it with what you asked"),
    (503, "wait a moment and try again"),
    (504, "try a shorter record, or try again later"),
])
def test_an_error_says_what_to_do(page: Page, status: int, words: str) -> None:
    page.goto("/")
    page.route("**/v1/replay", lambda route: route.fulfill(
        status=status, content_type="application/json",
        body=f'{{"error": {{"status": {status}, "message": "the detail"}}}}'))
    page.fill("#text", "battle 1 dealer E\n")
    page.click("#replay")
    expect(page.locator("#errors")).to_contain_text(words)


def test_the_password_prompt_is_in_plain_words(browser: Browser, tmp_path: Path) -> None:
    """A referee with a token: saving a ruling asks for its password in a player's words
    (never "Authorization: Bearer"), and saves once it is given."""
    token = tmp_path / "token"
    token.write_text("table-secret\n", encoding="utf-8")
    with running(tmp_path / "data", "--token-file", str(token)) as server, \
            tab(browser, server, PHONE) as page:
        page.goto("/")
        page.click("#examples button[data-example='R9F-repeat']")
        page.click("#finding-list .finding")
        page.click("#ask-button")
        page.click("#ask-save")
        saved = page.locator("#ask-saved")
        expect(saved).to_contain_text("Saving needs this referee's password")
        expect(page.locator("#ask-token")).to_be_visible()
        assert "Bearer" not in page.locator("body").inner_text()
        assert "Authorization" not in page.locator("body").inner_text()
        shoot(page, tmp_path, "password-prompt.png")
        page.fill("#ask-token", "wrong")
        page.click("#ask-save")
        expect(saved).to_contain_text("That password is not this referee's")
        page.fill("#ask-token", "table-secret")
        page.click("#ask-save")
        expect(saved).to_contain_text("Saved. Both players can open it", timeout=15000)
