"""'Is this meld legal?' by tapping only (issue 30, item 1), in Chromium at 390x844 and
1280x900: no record, no typing; the ruleset, trump and cards are tapped, the referee answers
(POST /v1/melds) in one sentence with the deciding rule, and the question saved as a ruling
opens from its permalink. Two-handed (old-time, OT9A) and at a table of four (double-pack,
DP-MELD5); and the same at a step of a recorded table of four."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.service.pagekit import SCREENS, fits_the_screen, shoot, tab
from tests.service.servicekit import Server

pytestmark = pytest.mark.slow


def tap_cards(page: Page, cards: str) -> None:
    for card in cards.split():
        page.click(f"#tap-pick-{card}")


def open_panel(page: Page, ruleset: str) -> None:
    page.goto("/")
    page.click("#way-ask")
    expect(page.locator("#tap-ruleset")).to_be_visible()
    page.select_option("#tap-ruleset", ruleset)


@pytest.mark.parametrize("screen", SCREENS)
def test_OT9A_a_flush_asked_by_tapping_and_its_ruling_opened_from_the_permalink(
        browser: Browser, server: Server, tmp_path: Path, screen: str) -> None:
    with tab(browser, server, SCREENS[screen]) as page:
        open_panel(page, "old-time")
        page.select_option("#tap-trump", "♥")
        tap_cards(page, "A♥ T♥ J♥ N♠")
        page.click("#tap-to-exposed")
        tap_cards(page, "K♥ Q♥")
        page.click("#tap-chip-scored-♥M")
        page.click("#tap-chip-meld-♥F")
        # each meld is named in words for those who do not read the notation
        expect(page.locator("#tap-chip-meld-♥F")).to_have_attribute("aria-label", "hearts flush")
        expect(page.locator("#tap-chip-meld-♥♥M")).to_have_attribute(
            "title", "double hearts marriage")
        expect(page.locator("#tap-chip-meld-AA4")).to_have_attribute("title", "double four aces")
        expect(page.locator("#tap-chip-meld-P")).to_have_attribute("title", "pinochle")
        expect(page.locator("#tap-concealed .pick")).to_have_count(4)
        expect(page.locator("#tap-exposed .pick")).to_have_count(2)
        page.click("#tap-concealed .pick[data-card='N♠']")          # a tap takes it back
        expect(page.locator("#tap-concealed .pick")).to_have_count(3)
        page.click("#tap-ask")
        answer = page.locator("#tap-answer")
        expect(answer.locator(".verdict")).to_have_text("Yes: ♥F is legal for 150 (OT9A)",
                                                        timeout=15000)
        expect(answer).to_contain_text("one concealed card is enough (OT9C)")
        if screen == "phone":
            fits_the_screen(page, "the answered panel")
        shoot(page, tmp_path, f"tap-two-handed-{screen}.png")

        page.click("#tap-save")
        link = page.locator("#tap-saved a.permalink")
        expect(link).to_be_visible(timeout=15000)
        page.goto(link.get_attribute("href") or "")
        ruling = page.locator("#ruling")
        expect(ruling).to_contain_text("A position (old-time)")
        expect(ruling.locator(".stored-answer .verdict")).to_have_text(
            "Yes: ♥F is legal for 150 (OT9A)")
        page.click("#recheck")
        expect(page.locator("#recheck-result")).to_contain_text("agrees")
        shoot(page, tmp_path, f"tap-ruling-{screen}.png")


def test_R8D_every_legal_meld_and_the_loser_of_the_trick(browser: Browser, server: Server,
                                                        tmp_path: Path) -> None:
    with tab(browser, server, SCREENS["phone"]) as page:
        open_panel(page, "east-point")
        tap_cards(page, "A♥ T♥ K♥ Q♥ J♥")
        page.click("#tap-all")
        answer = page.locator("#tap-answer")
        expect(answer.locator(".verdict")).to_have_text("The player may meld:", timeout=15000)
        expect(answer.locator("ul.legal li")).not_to_have_count(0)
        page.uncheck("#tap-won")
        page.click("#tap-all")
        expect(answer.locator(".verdict")).to_contain_text("no meld is legal now (R8D)")


HAND = "A♥ A♥ T♥ K♥ K♥ Q♥ Q♥ J♥ A♠ A♣ A♦ K♠ K♣ K♦ Q♠ J♦ T♠ T♣ T♦ J♣"


@pytest.mark.parametrize("screen", SCREENS)
def test_DP_MELD5_a_declaration_at_a_table_of_four_asked_by_tapping(
        browser: Browser, server: Server, tmp_path: Path, screen: str) -> None:
    with tab(browser, server, SCREENS[screen]) as page:
        open_panel(page, "double-pack")
        expect(page.locator("#tap-to-exposed")).to_have_count(0)    # one hand, no exposed
        page.select_option("#tap-trump", "♥")
        tap_cards(page, HAND)
        expect(page.locator("#tap-concealed .pick")).to_have_count(20)
        expect(page.locator("#tap-pick-A♥ .copies")).to_have_text("×2")
        for kind in ("♥F", "♥M", "♥M"):
            page.click(f"#tap-chip-declare-{kind}")
        expect(page.locator("#tap-declared")).to_have_text("♥F ♥M ♥M")
        page.click("#tap-ask")
        answer = page.locator("#tap-answer")
        expect(answer.locator(".verdict")).to_have_text(
            "No: North's declaration ♥F 150 ♥M 40 ♥M 40 is not legal (DP-MELD5), worth 190.",
            timeout=15000)
        expect(answer).to_contain_text("a card counts in one meld per heading (DP-MELD5)")
        page.click("#tap-all")
        expect(answer.locator(".verdict")).to_contain_text("North's best meld is 430")
        if screen == "phone":
            fits_the_screen(page, "the panel at a table of four")
        shoot(page, tmp_path, f"tap-table-of-four-{screen}.png")


def test_DP_MELD1_the_panel_at_a_step_of_a_recorded_table_of_four(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    with tab(browser, server, SCREENS["phone"]) as page:
        page.goto("/")
        page.click("#examples button[data-example='double-pack-evening']")
        expect(page.locator("#replay-view")).to_be_visible()
        page.locator("#scrub").fill("3")
        page.select_option("#ask-seat", "N")
        page.click("#ask-melds .chip[data-kind='♣M']")
        expect(page.locator("#ask-meld")).to_have_value("♣M")
        page.click("#ask-button")
        expect(page.locator("#answer .verdict")).to_contain_text("North's declaration ♣M",
                                                                 timeout=15000)
        fits_the_screen(page, "the question at a table of four")
        shoot(page, tmp_path, "step-question-table-of-four.png")


def test_R9F_a_step_of_a_record_set_up_on_the_tapping_panel(browser: Browser, server: Server,
                                                           tmp_path: Path) -> None:
    """R9F-repeat, right after trick 6: West's position taken to the tapping panel (his cards
    and the melds he scored), and the meld he then made asked about: a repeat (R9F)."""
    with tab(browser, server, SCREENS["phone"]) as page:
        page.goto("/")
        page.click("#examples button[data-example='R9F-repeat']")
        page.locator("#scrub").fill("9")
        expect(page.locator("#step-label")).to_contain_text("trick 6")
        page.select_option("#ask-seat", "W")
        concealed = page.locator("#hand-W .concealed .card").count()
        exposed = page.locator("#hand-W .exposed .card").count()
        page.click("#ask-tap")
        expect(page.locator("#tap")).to_be_visible()
        expect(page).to_have_url(f"{server.url}/#ask")
        expect(page.locator("#tap-concealed .pick")).to_have_count(concealed)
        expect(page.locator("#tap-exposed .pick")).to_have_count(exposed)
        expect(page.locator("#tap-chip-scored-♣2")).to_have_attribute("aria-pressed", "true")
        page.click("#tap-chip-meld-♣2")
        page.click("#tap-ask")
        expect(page.locator("#tap-answer .verdict")).to_have_text(
            "No: ♣2 for 81 is not legal now (R9F)", timeout=15000)
        shoot(page, tmp_path, "step-to-tapping.png")
        page.go_back()
        expect(page.locator("#replay-view")).to_be_visible()
