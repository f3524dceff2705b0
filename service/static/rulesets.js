// The rulesets the referee knows (GET /v1/rulesets), asked once: their options, seats, trump,
// pack and meld kinds; and meld chips to tap.

import { el } from "./dom.js";
import { glyphs, RANK_WORD, SUIT_WORD } from "./cards.js";
import { call } from "./talk.js";

let known = null;

export async function rulesets() {
  if (!known) {
    const result = await call("GET", "/v1/rulesets");
    known = result.ok ? result.data.rulesets : [];
    if (!result.ok) known.failed = result;
  }
  return known;
}

export async function rulesetNamed(name) {
  return (await rulesets()).find((r) => r.name === name) || null;
}

// A meld kind in words, for its chip's label (docs/notation.md §1.2): "♥♥M" "double hearts
// marriage", "A4" "four aces", "P" "pinochle".
const FAMILY = { F: "flush", M: "marriage", 5: "quintet", 3: "trio", 2: "duo" };
const COPIES = ["", "", "double ", "triple ", "quadruple "];
const WORDS = { dix: "the dix laid", swap: "the dix exchanged for the upcard",
  RH: "roundhouse" };

export function meldWords(kind) {
  if (WORDS[kind]) return WORDS[kind];
  if (/^P+$/.test(kind)) return `${COPIES[kind.length]}pinochle`;
  const symbols = Array.from(kind.slice(0, -1));
  const mark = kind.slice(-1);
  const copies = COPIES[symbols.length] || "";
  if (mark === "4") return `${copies}four ${RANK_WORD[symbols[0]]}s`;
  if (SUIT_WORD[symbols[0]] && FAMILY[mark]) return `${copies}${SUIT_WORD[symbols[0]]} ${FAMILY[mark]}`;
  return kind;
}

// A row of meld kinds to tap; `chosen(kind)` says which are pressed.
export function meldChips(kinds, { chosen = () => false, onpick, label, id = "" }) {
  return el("div", { class: "chips", role: "group", "aria-label": label },
    kinds.map((kind) => el("button", {
      type: "button", class: "chip", "data-kind": kind, id: id ? `tap-chip-${id}-${kind}` : null,
      "aria-label": meldWords(kind), title: meldWords(kind),
      "aria-pressed": chosen(kind) ? "true" : "false", onclick: () => onpick(kind),
    }, ...glyphs(kind))));
}
