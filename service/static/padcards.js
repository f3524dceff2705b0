// The score pad's cards and small page helpers. The cards are drawn here for now (rank as
// printed, 10 and 9, red and black, named for screen readers); the page's cards.js replaces
// cardFace when the two are merged.
import { el } from "./dom.js";
import { SUITS, cardName, isRed, printedRank, ranksOf } from "./padrecord.js";
import { call as ask, errorText } from "./talk.js";

export { el, errorText };

// A card as printed: "10♥" in red, labelled "ten of hearts".
export function cardFace(card) {
  return el("span", { class: `pad-card ${isRed(card) ? "red" : "black"}`, role: "img",
    "aria-label": cardName(card) },
  el("span", { class: "rank", "aria-hidden": "true" }, printedRank(card)),
  el("span", { class: "suit", "aria-hidden": "true" }, card.slice(1)));
}

export function cardList(cards) {
  if (!cards.length) return el("span", { class: "pad-none" }, "none");
  return el("span", { class: "pad-cards" }, cards.map(cardFace));
}

// Suit glyphs in a meld kind or a message, coloured as on the cards.
export function glyphs(text) {
  return Array.from(String(text)).map((ch) => (SUITS.includes(ch)
    ? el("span", { class: ch === "♥" || ch === "♦" ? "red" : "black" }, ch) : ch));
}

// The pack to tap cards from: one button a card, rank as printed, the suit in a row each.
// `onTap(card)` is called with the card in the notation ("T♥").
export function picker(ruleset, onTap, label) {
  return el("div", { class: "pad-picker", role: "group", "aria-label": label },
    SUITS.map((suit) => el("div", { class: "pad-suit" },
      Array.from(ranksOf(ruleset)).map((rank) => {
        const card = rank + suit;
        return el("button", { type: "button", class: "pad-tap", "data-card": card,
          "aria-label": cardName(card), onclick: () => onTap(card) }, cardFace(card));
      }))));
}

// Talking to the service: every answer, a failure included, is { ok, status, data }.
// Requests in flight: while any is, the pad says it is busy (aria-busy on #pad): its answer
// will redraw the pad (a screen reader waits; so do the tests, before they tap).
let inflight = 0;
function busy(delta) {
  inflight += delta;
  const pad = document.getElementById("pad");
  if (pad) pad.setAttribute("aria-busy", inflight > 0 ? "true" : "false");
}

export async function call(method, path, body) {
  busy(1);
  try {
    return await ask(method, path, body, {}, "The referee could not be reached: the pad keeps "
      + "your entries and checks them again with the next one.");
  } finally {
    busy(-1);      // the caller's redraw runs before any later event (a microtask)
  }
}
