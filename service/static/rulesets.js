// The rulesets the referee knows (GET /v1/rulesets), asked once: their options, seats, trump,
// pack and meld kinds; and meld chips to tap.

import { el } from "./dom.js";
import { glyphs } from "./cards.js";
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

// A row of meld kinds to tap; `chosen(kind)` says which are pressed.
export function meldChips(kinds, { chosen = () => false, onpick, label, id = "" }) {
  return el("div", { class: "chips", role: "group", "aria-label": label },
    kinds.map((kind) => el("button", {
      type: "button", class: "chip", "data-kind": kind, id: id ? `tap-chip-${id}-${kind}` : null,
      "aria-pressed": chosen(kind) ? "true" : "false", onclick: () => onpick(kind),
    }, ...glyphs(kind))));
}
