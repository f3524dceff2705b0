// Cards as players know them: rank as printed (10, 9, J, Q, K, A), suit symbol, red or black,
// with a label for screen readers ("ten of hearts"); a toggle shows the notation's letters
// (T for the ten, N for the nine) instead, remembered in the browser. An ES module the page and
// the score pad import (no build step).
//
//   card("T♥", { extra: "drawn" })  -> <span class="card red" role="img" aria-label="ten of hearts">
//   cards(["A♥", "T♥"], (c) => "")  -> a row of them
//   cardButton("T♥", { pressed, count, label, onclick, id })  -> a button to tap
//   glyphs("♣2 for 81")             -> the text with each suit symbol coloured
//   cardLabel("T♥") "ten of hearts"; suitClass("♥") "red"; SUIT_WORD, RANK_WORD
//   letters() / setLetters(on) / lettersToggle()    the notation's letters on or off

import { el } from "./dom.js";

export const RANK_WORD = { D: "deuce", A: "ace", K: "king", Q: "queen", J: "jack", T: "ten",
  N: "nine" };
export const SUIT_WORD = { "♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds" };
// the rank as printed on a card (the notation writes T and N)
const PRINTED = { T: "10", N: "9", D: "2" };
const KEY = "pinochle.letters";

export function letters() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch (error) {
    return false;
  }
}

// Turn the notation's letters on or off, and redraw every card on the page.
export function setLetters(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch (error) { /* a browser that keeps nothing: the choice lasts this page */ }
  document.documentElement.dataset.letters = on ? "on" : "off";
  for (const rank of document.querySelectorAll(".card[data-rank] .rank")) {
    rank.textContent = face(rank.parentElement.dataset.rank, on);
  }
}

export function lettersToggle() {
  const box = el("input", { type: "checkbox", id: "letters-toggle" });
  box.checked = letters();
  box.addEventListener("change", () => setLetters(box.checked));
  return el("label", { class: "toggle", for: "letters-toggle" }, box, " notation letters (T, N)");
}

function face(rank, on = letters()) {
  return on ? rank : PRINTED[rank] || rank;
}

export function suitClass(glyph) {
  return glyph === "♥" || glyph === "♦" ? "red" : "black";
}

export function cardLabel(text) {
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  return `${RANK_WORD[rank] || rank} of ${SUIT_WORD[suit] || suit}`;
}

// A card as the record writes it ("Q♥"); null or "" is a card nobody knows.
export function card(text, extra = "") {
  if (!text) {
    return el("span", { class: "card unknown", role: "img", "aria-label": "unknown card",
      title: "unknown card" }, "?");
  }
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  const label = cardLabel(text);
  return el("span", {
    class: `card ${suitClass(suit)} ${extra}`.trim(), role: "img", "aria-label": label,
    title: label, "data-rank": rank, "data-card": text,
  }, el("span", { class: "rank", "aria-hidden": "true" }, face(rank)),
  el("span", { class: "suit", "aria-hidden": "true" }, suit));
}

export function cards(list, extra = () => "") {
  return el("span", { class: "cards" }, list.map((c) => card(c, extra(c))));
}

// A card to tap: a button showing the card (its label read out, or `label`), pressed or not
// when it is a choice, with how many copies are chosen when more than one.
export function cardButton(text, { pressed, count = 0, label, onclick, id } = {}) {
  const shown = card(text);
  shown.removeAttribute("role");
  shown.removeAttribute("aria-label");
  shown.removeAttribute("title");
  shown.setAttribute("aria-hidden", "true");
  return el("button", { type: "button", class: "pick", id, "data-card": text, onclick,
    "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
    "aria-label": label || cardLabel(text) + (count > 1 ? `, ${count} chosen` : "") },
  shown, count ? el("span", { class: "copies", "aria-hidden": "true" }, `×${count}`) : "");
}

// Suit glyphs inside a text (a meld kind "♣2", a message) coloured as on the cards.
export function glyphs(text) {
  const out = [];
  let plain = "";
  for (const ch of String(text)) {
    if (SUIT_WORD[ch]) {
      if (plain) out.push(plain);
      plain = "";
      out.push(el("span", { class: suitClass(ch) }, ch));
    } else {
      plain += ch;
    }
  }
  if (plain) out.push(plain);
  return out;
}

document.documentElement.dataset.letters = letters() ? "on" : "off";
