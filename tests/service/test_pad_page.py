"""The score pad (``/#pad``) in a real browser: Playwright drives Debian's chromium against
``pinochle serve`` (servicekit), on a phone (390x844) and a desktop (1280x900). A game is kept
by tapping only: the players and the ruleset, each trick's two cards with the winner the engine
proposes (R8C), a meld named by the engine from its cards (R9A), the claims filled in from the
engine's count (R3, R8G). One winner is entered wrong on purpose: the finding shows at once on
that trick, and goes when the winner is corrected. The record survives a reload in the middle
of a trick, downloads as exactly what ``pinochle fmt`` prints, and is saved as a ruling whose
permalink opens it. Each test saves a screenshot under its temporary folder (or
$PINOCHLE_SCREENSHOTS)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.service.servicekit import PHONE, PINOCHLE, Server
from tests.service.test_page import screenshot_path

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 900}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}


def east_point_pack() -> list[str]:
    """East Point's 48 cards (R2A4: one deuce and one nine a suit, two of every other card),
    highest first in each suit."""
    return [rank + suit for suit in "♣♠♥♦" for rank in "DAKQJTN"
            for _ in range(1 if rank in "DN" else 2)]


#: A whole battle without its deal: 24 tricks, each card of the pack played once. Each
#: trick's two cards are of one suit, the higher led, so the leader (West, then the winner)
#: wins every trick by rank (R8C1).
TRICKS = [(east_point_pack()[2 * i], east_point_pack()[2 * i + 1]) for i in range(24)]


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """Each entry waits for the service's check: on a machine whose cores the other tests
    share, the 5 s Playwright waits by default can pass before it answers."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


#: A test run on both screens: the ``page`` fixture (conftest) parametrized with each.
ON_BOTH_SCREENS = pytest.mark.parametrize("page", SCREENS.values(), ids=SCREENS.keys(),
                                          indirect=True)


#: The pad's controls without a name a screen reader can say (a button's text or label, a
#: field's label), and its cards without their name ("ten of hearts").
UNNAMED = """[...document.querySelectorAll('#pad button, #pad input, #pad select, #pad .pad-card')]
  .filter((e) => !(e.getAttribute('aria-label') || (e.tagName === 'BUTTON' && e.textContent.trim())
    || e.closest('label'))).map((e) => e.outerHTML.slice(0, 80))"""


def fits(page: Page) -> None:
    """No sideways scrolling (nothing wider than the window), and every control and card of
    the pad named for a screen reader."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"
    assert page.evaluate(UNNAMED) == []


def shoot(page: Page, tmp_path: Path, name: str) -> None:
    """A screenshot of the whole page, named after the screen's width."""
    width = (page.viewport_size or {}).get("width")
    page.screenshot(path=str(screenshot_path(tmp_path, f"{name}-{width}.png")), full_page=True)


def start_game(page: Page, ruleset: str = "east-point") -> None:
    page.goto("/#pad")
    expect(page.locator("#pad")).to_be_visible()
    expect(page.locator("#input")).to_be_hidden()       # the replay's panels make way
    page.fill("#pad-setup input[name=E]", "Ann")
    page.fill("#pad-setup input[name=W]", "Bob")
    page.select_option("#pad-setup select[name=ruleset]", ruleset)
    fits(page)
    page.click("#pad-start")
    expect(page.locator("#pad-trick")).to_be_visible()


def settled(page: Page) -> None:
    """No request of the pad's in flight (``aria-busy``): its answer redraws the pad, and a
    tap in the middle of a redraw could land on a control being replaced."""
    expect(page.locator("#pad")).not_to_have_attribute("aria-busy", "true")


def click(page: Page, selector: str) -> None:
    settled(page)
    page.click(selector)


def tap(page: Page, panel: str, card: str) -> None:
    click(page, f"{panel} .pad-tap[data-card='{card}']")


def play(page: Page, lead: str, follow: str, agree: bool = True) -> None:
    """Tap the trick's two cards, then take the engine's winner (or the other seat)."""
    tap(page, "#pad-trick", lead)
    tap(page, "#pad-trick", follow)
    click(page, "#pad-confirm" if agree else "#pad-other")


def meld(page: Page, cards: list[str], kind: str, points: int) -> None:
    page.click("#pad-meld")
    for card in cards:
        tap(page, "#pad-meld-panel", card)
    page.click("#pad-name-meld")
    first = page.locator("#pad-meld-options .pad-meld-option").first
    expect(first).to_contain_text(f"{kind} for {points}")
    page.click("#pad-meld-options .pad-meld-option >> nth=0")
    expect(page.locator(".pad-entry", has_text=f"melds {kind} for {points}")).to_have_count(1)


@ON_BOTH_SCREENS
def test_R8C1_a_battle_kept_on_the_pad_wrong_winner_shown_at_once_and_corrected(
        page: Page, tmp_path: Path) -> None:
    start_game(page)
    expect(page.locator(".pad-tap")).to_have_count(28)                  # R2A1: seven ranks
    ten = page.locator(".pad-tap[data-card='T♥']")
    expect(ten).to_have_attribute("aria-label", "ten of hearts")
    expect(page.locator(".pad-tap[data-card='T♥'] .rank")).to_have_text("10")
    expect(page.locator(".pad-tap[data-card='N♠'] .rank")).to_have_text("9")
    for number, (lead, follow) in enumerate(TRICKS, 1):
        tap(page, "#pad-trick", lead)
        tap(page, "#pad-trick", follow)
        expect(page.locator("#pad-proposal")).to_contain_text("Bob (West) wins (R8C1)")
        if number == 3:                               # the scorekeeper's slip
            page.click("#pad-other")
            wrong = page.locator(".pad-entry[data-trick='3']")
            expect(wrong.locator(".pad-card")).to_have_text(["K♣", "Q♣"])
            expect(wrong.locator(".pad-finding .rule")).to_have_text("R8C1")
            expect(wrong).to_contain_text("→ Ann (East)")
            fits(page)
            shoot(page, tmp_path, "pad-wrong-winner")
            wrong.locator(".pad-flip").click()        # corrected while the cards are on the table
            expect(wrong).to_contain_text("→ Bob (West)")
            expect(wrong.locator(".pad-finding")).to_have_count(0)
        else:
            page.click("#pad-confirm")
        expect(page.locator(f".pad-entry[data-trick='{number}']")).to_have_count(1)
        if number == 1:                               # West melds ♣2 with the trick won (R8D)
            meld(page, ["A♣", "T♣"], "♣2", 81)
            fits(page)
    expect(page.locator("#pad-score")).to_have_text("The referee's count: East 0, West 801")
    page.click("#pad-close")
    claims = page.locator("#pad-claims")
    for word, east, west in (("tricks", 0, 720), ("melds", 0, 81), ("score", 0, 801),
                             ("total", 0, 801)):
        expect(claims.locator(f"input[name={word}-E]")).to_have_value(str(east))
        expect(claims.locator(f"input[name={word}-W]")).to_have_value(str(west))
    fits(page)
    claims.locator("input[name=tricks-W]").fill("700")       # the table's own count, typed
    page.reload()                                             # ... survives a reload
    expect(claims.locator("input[name=tricks-W]")).to_have_value("700")
    page.click("#pad-write-claims")                           # and is judged: R8G
    expect(page.locator(".pad-battle .pad-finding .rule")).to_contain_text(["R6", "R8G"])
    page.click("#pad-undo")                                   # taken back, the count written
    page.click("#pad-close")
    claims.locator("input[name=tricks-W]").fill("720")
    page.click("#pad-write-claims")
    expect(page.locator(".pad-claims")).to_contain_text("score: East 0, West 801")
    expect(page.locator("#pad-next-battle")).to_be_visible()
    # only the notice that the deal was not seen (R6) remains, on the battle's line
    expect(page.locator(".pad-finding .rule")).to_have_text(["R6"])
    fits(page)
    shoot(page, tmp_path, "pad-battle-kept")
    # the game ends here: its result and game line are the engine's totals, and the engine
    # says what it thinks of a game of one battle (R4A: an even number)
    page.click("#pad-finish")
    expect(page.locator("#pad-final")).to_contain_text("The game: East 0, West 801.")
    expect(page.locator(".pad-head .pad-finding .rule")).to_have_text(["R4A"])
    expect(page.locator("#pad-text")).to_contain_text('[Result "0-801"]')
    expect(page.locator("#pad-text")).to_contain_text("game E 0 W 801")


#: An old-time deal (OT6B): twelve cards each, 23 in the stock, hearts turned up for trump.
DEAL = {
    "E": "N♥ K♥ Q♥ A♣ A♣ T♣ T♣ K♣ K♣ Q♣ Q♣ J♣",
    "W": "A♠ A♠ T♠ T♠ K♠ K♠ Q♠ Q♠ J♠ J♠ N♠ N♠",
    "stock": "J♣ N♣ N♣ A♥ T♥ T♥ K♥ Q♥ J♥ J♥ N♥ A♦ A♦ T♦ T♦ K♦ K♦ Q♦ Q♦ J♦ J♦ N♦ N♦",
    "upcard": "A♥",
}


def test_OT6B_OT8C1_a_deal_tapped_in_judged_at_once_then_trump_decides_the_trick(
        page: Page, tmp_path: Path) -> None:
    start_game(page, "old-time")
    expect(page.locator(".pad-tap")).to_have_count(24)          # A 10 K Q J 9 of each suit
    page.click("#pad-tap-deal")
    targets = page.locator("#pad-deal [role=group] button")
    for index, part in enumerate(DEAL):
        targets.nth(index).click()
        for card in DEAL[part].split():
            tap(page, "#pad-deal", card)
        if part == "E":
            tap(page, "#pad-deal", "J♦")                 # a thirteenth card: a slip
    fits(page)
    page.click("#pad-deal-done")
    faults = page.locator(".pad-battle .pad-finding .rule")
    expect(faults).to_have_text(["OT6B", "OT2A4"])       # shown at once, on the deal
    page.click("#pad-tap-deal")                          # correct it: take the slip back
    targets.nth(0).click()
    page.click("#pad-deal-back")
    page.click("#pad-deal-done")
    expect(faults).to_have_count(0)
    expect(page.locator(".pad-deal")).to_contain_text("upcard:")

    play(page, "A♠", "N♥", agree=False)                  # West led the ace; East trumped it
    trick = page.locator(".pad-entry[data-trick='1']")
    expect(trick.locator(".pad-finding .rule")).to_have_text("OT8C1")
    trick.locator(".pad-flip").click()
    expect(trick).to_contain_text("→ Ann (East)")
    expect(trick.locator(".pad-finding")).to_have_count(0)
    page.click("#pad-meld")
    expect(page.locator("#pad-melder")).to_have_value("E")   # the trick's winner melds (OT8D)
    expect(page.locator("#pad-meld-panel select[aria-label=trump]")).to_have_count(0)
    for card in ("K♥", "Q♥"):
        tap(page, "#pad-meld-panel", card)
    page.click("#pad-name-meld")
    expect(page.locator("#pad-meld-options .pad-meld-option").first).to_contain_text("♥M for 40")
    page.click("#pad-meld-options .pad-meld-option >> nth=0")
    expect(page.locator("#pad-score")).to_have_text("The referee's count: East 51, West 0")
    expect(page.locator(".pad-finding")).to_have_count(0)
    fits(page)
    shoot(page, tmp_path, "pad-old-time-deal")


EXPECTED = """\
[East "Ann"]
[West "Bob"]
[Ruleset "east-point"]
[Result "*"]

battle 1 dealer E
1. D♣ A♣ W
meld W ♣2 81
2. A♣ K♣ W
3. KC QC W
"""


@ON_BOTH_SCREENS
def test_reload_download_and_permalink_of_a_game_in_progress(
        page: Page, server: Server, tmp_path: Path) -> None:
    start_game(page)
    play(page, "D♣", "A♣")
    meld(page, ["A♣", "T♣"], "♣2", 81)
    play(page, "A♣", "K♣")
    tap(page, "#pad-trick", "K♣")                    # the lead of trick 3 is on the table
    page.reload()                                     # ... when the phone reloads the page
    expect(page.locator(".pad-entry")).to_have_count(3)
    expect(page.locator("#pad-trick .pad-pending .pad-card")).to_have_count(1)
    expect(page.locator("#pad-trick .pad-pending")).to_contain_text("K♣")
    tap(page, "#pad-trick", "Q♣")
    page.click("#pad-confirm")
    expect(page.locator(".pad-entry")).to_have_count(4)

    # the download is what pinochle fmt prints for the same record (run as a person runs it)
    with page.expect_download() as info:
        page.click("#pad-download")
    downloaded = Path(info.value.path()).read_text(encoding="utf-8")
    written = tmp_path / "expected.pin"
    written.write_text(EXPECTED, encoding="utf-8")
    fmt = subprocess.run([PINOCHLE, "fmt", str(written)], capture_output=True, text=True,
                         check=True)
    assert downloaded == fmt.stdout
    assert info.value.suggested_filename.endswith(".pin")

    # saved as a ruling: its permalink replays the record
    page.click("#pad-save")
    link = page.locator("#pad-permalink")
    expect(link).to_have_attribute("href", re.compile(r"/r/[0-9a-z]{12}$"))
    page.goto(link.get_attribute("href") or "")
    expect(page.locator("#ruling")).to_contain_text("Ruling")
    expect(page.locator("#replay-view")).to_be_visible()
    expect(page.locator("#text")).to_have_value(downloaded)
    fits(page)
    shoot(page, tmp_path, "pad-permalink")


def test_a_dropped_connection_loses_no_entry_and_the_next_one_checks_them_all(
        page: Page) -> None:
    start_game(page)
    play(page, "D♣", "A♣")
    page.route("**/v1/*", lambda route: route.abort())          # the connection drops
    tap(page, "#pad-trick", "A♣")
    tap(page, "#pad-trick", "K♣")
    trick = page.locator("#pad-trick")
    expect(trick).to_contain_text("The referee could not be reached")
    trick.get_by_role("button", name="West won").click()        # the table says, the pad writes
    expect(page.locator(".pad-entry")).to_have_count(2)
    expect(page.locator(".pad-head .error")).to_contain_text("could not be reached")
    page.unroute("**/v1/*")                                     # back online
    play(page, "K♣", "Q♣")
    expect(page.locator(".pad-head .error")).to_have_count(0)
    expect(page.locator("#pad-score")).to_have_text("The referee's count: East 0, West 135")
    page.reload()
    expect(page.locator(".pad-entry")).to_have_count(3)
    fits(page)


@ON_BOTH_SCREENS
def test_DP_PLAY5_a_table_of_four_kept_auction_declarations_and_a_wrong_winner_corrected(
        page: Page, tmp_path: Path) -> None:
    page.goto("/#pad")
    page.select_option("#pad-setup select[name=ruleset]", "double-pack")
    for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di")):
        page.fill(f"#pad-setup input[name={seat}]", name)
    click(page, "#pad-start")
    # the auction from the dealer's left (DP-BID1): East announces a meld before any bid
    # (information, DP-BID4), South bids, West and North pass, East outbids South, who passes
    for seat, call, points in (("E", "#pad-announce", "100"), ("S", "#pad-bid-button", "500"),
                               ("W", "#pad-pass", ""), ("N", "#pad-pass", ""),
                               ("E", "#pad-bid-button", "510"), ("S", "#pad-pass", "")):
        settled(page)
        expect(page.locator("#pad-caller")).to_have_value(seat)
        page.fill("#pad-bid", points)
        click(page, call)
    click(page, "#pad-auction-panel .pad-trump[aria-label='trump ♠']")
    expect(page.locator(".pad-entry")).to_have_count(7)
    expect(page.locator(".pad-entry").first).to_have_text("Bob (East) announces a meld of 100")
    fits(page)
    # the declarations (DP-MELD1): North has none; East shows his cards, the engine names them
    click(page, "#pad-meld")
    expect(page.locator("#pad-meld-panel .pad-tap")).to_have_count(20)   # DP-PACK: A 10 K Q J
    expect(page.locator("#pad-melder")).to_have_value("N")
    click(page, "#pad-no-meld")
    expect(page.locator("#pad-melder")).to_have_value("E")
    for card in ("A♠", "T♠", "K♠", "Q♠", "J♠", "K♥", "Q♥"):
        tap(page, "#pad-meld-panel", card)
    click(page, "#pad-name-meld")
    expect(page.locator("#pad-write-declaration")).to_have_text("East declares ♠F 150, ♥M 20")
    click(page, "#pad-write-declaration")
    for _ in "SW":
        click(page, "#pad-no-meld")
    expect(page.locator(".pad-entry", has_text="declares")).to_have_count(4)
    expect(page.locator(".pad-entry", has_text="Bob (East) declares")).to_have_text(
        "Bob (East) declares ♠F 150, ♥M 20")
    fits(page)
    # the tricks: four cards each; a wrong winner shown at once on its trick, then corrected
    click(page, "#pad-tricks")
    for card in ("A♠", "K♠", "T♠", "J♠"):
        tap(page, "#pad-trick", card)
    expect(page.locator("#pad-proposal")).to_contain_text("Bob (East) wins")
    click(page, "#pad-trick .pad-other >> text=No, South won")
    trick = page.locator(".pad-entry[data-trick='1']")
    expect(trick.locator(".pad-card")).to_have_text(["A♠", "K♠", "10♠", "J♠"])
    expect(trick.locator(".pad-finding .rule")).to_have_text("DP-PLAY5")
    fits(page)
    shoot(page, tmp_path, "pad-table-wrong-winner")
    trick.locator("select.pad-flip").select_option("E")
    expect(trick.locator(".pad-finding")).to_have_count(0)
    for card in ("A♥", "K♥", "T♥", "J♥"):
        tap(page, "#pad-trick", card)
    click(page, "#pad-confirm")
    expect(page.locator(".pad-entry[data-trick='2']")).to_contain_text("→ Bob (East)")
    expect(page.locator(".pad-finding .rule")).to_have_text(["DP-DEAL2"])   # no deal seen
    expect(page.locator("#pad-battle-count")).to_have_text(
        "tricks NS 0, EW 60 · melds NS 0, EW 170 this battle")
    record = page.locator("#pad-text")
    for line in ('[North "Ann"]', "announce E 100", "bid S 500", "bid E 510", "trump ♠",
                 "meld N 0",
                 "meld E ♠F 150 ♥M 20", "1. A♠ K♠ T♠ J♠ E", "2. A♥ K♥ T♥ J♥ E"):
        expect(record).to_contain_text(line)
    fits(page)
    shoot(page, tmp_path, "pad-table")
