// "Is this meld legal?" without a record: set the position up by tapping (the ruleset and its
// options, trump, the cards of the hand, the exposed cards and the melds already scored, or at
// a table of four the hand and the declaration; whether the player won the trick and what he
// melded this turn), tap the meld in question or ask for every legal meld. The referee answers
// (POST /v1/melds, a position given directly): the page only sends what was tapped.

import { $, el } from "./dom.js";
import { cardButton, cardLabel, glyphs, suitClass, SUIT_WORD } from "./cards.js";
import { ask, saveForm } from "./answer.js";
import { meldChips, rulesets } from "./rulesets.js";
import { RULESET_WORD } from "./state.js";
import { errorText } from "./talk.js";

const SUITS = ["♥", "♦", "♣", "♠"];
const TARGET_WORD = { concealed: "concealed hand", exposed: "exposed cards" };

const tap = {
  all: [],           // /v1/rulesets
  ruleset: null,     // the chosen one
  options: {},       // its option tags chosen
  trump: "♥",
  target: "concealed",
  concealed: [],
  exposed: [],
  scored: [],        // kinds, in order
  won: true,
  melded: "",        // a kind, or "" for none
  meld: null,        // the meld in question; a table of four: the declaration's kinds
  declared: [],
  question: null,    // the last question asked
};

const four = () => tap.ruleset && tap.ruleset.seats.length === 4;

function choose(name) {
  tap.ruleset = tap.all.find((r) => r.name === name) || tap.all[0];
  tap.options = Object.fromEntries(tap.ruleset.options.map((o) => [o.tag, o.default]));
  const known = new Set(tap.ruleset.cards);
  tap.concealed = tap.concealed.filter((c) => known.has(c));
  tap.exposed = tap.exposed.filter((c) => known.has(c));
  tap.scored = [];
  tap.melded = "";
  tap.meld = null;
  tap.declared = [];
  if (four()) tap.target = "concealed";
}

function question(meld) {
  const tags = { Ruleset: tap.ruleset.name, ...tap.options };
  const q = { ruleset: tags, concealed: tap.concealed.join(" ") };
  if (tap.ruleset.trump) q.trump = tap.trump;
  if (four()) {
    q.meld = meld ? tap.declared.join(" ") || null : null;
    return q;
  }
  Object.assign(q, { exposed: tap.exposed.join(" "), scored: tap.scored.join(","),
    gathered: tap.won ? "won" : "lost", melded: tap.melded || "none", meld: meld ? tap.meld : null });
  return q;
}

// --- drawing the panel ----------------------------------------------------------------------

function select(id, label, values, chosen, onchange, words = (v) => v) {
  const box = el("select", { id }, values.map((v) => el("option", { value: v }, words(v))));
  box.value = chosen;
  box.addEventListener("change", () => onchange(box.value));
  return el("label", { class: "field", for: id }, label, box);
}

function rulesRow() {
  const options = tap.ruleset.options.filter((o) => o.values.length > 1).map((o) =>
    select(`tap-option-${o.tag}`, o.tag, o.values, tap.options[o.tag],
      (v) => { tap.options[o.tag] = v; draw(); }));
  return el("div", { class: "row" },
    select("tap-ruleset", "Rules", tap.all.map((r) => r.name), tap.ruleset.name,
      (v) => { choose(v); draw(); }, (v) => RULESET_WORD[v] || v),
    tap.ruleset.trump ? select("tap-trump", "Trump", SUITS, tap.trump,
      (v) => { tap.trump = v; draw(); }, (s) => `${s} ${SUIT_WORD[s]}`) : "",
    options.length ? el("details", { class: "options" }, el("summary", {}, "options"),
      el("div", { class: "row" }, options)) : "");
}

function chosenRow(target) {
  const list = tap[target];
  const word = four() ? "hand" : TARGET_WORD[target];
  return el("div", { class: "chosen", id: `tap-${target}` },
    el("span", { class: "label" }, `${word[0].toUpperCase()}${word.slice(1)} (${list.length})`),
    list.length ? el("span", { class: "cards" }, list.map((c, i) => cardButton(c, {
      id: `tap-${target}-${i}`, label: `remove the ${labelOf(c)} from the ${word}`,
      onclick: () => { list.splice(i, 1); draw(`tap-${target}-${Math.min(i, list.length - 1)}`); },
    }))) : el("span", { class: "note" }, "none yet: tap the cards below"));
}

const labelOf = cardLabel;

function picker() {
  const word = four() ? "hand" : TARGET_WORD[tap.target];
  const targets = four() ? [] : ["concealed", "exposed"].map((t) => el("button", {
    type: "button", id: `tap-to-${t}`, class: "chip", "aria-pressed": String(tap.target === t),
    onclick: () => { tap.target = t; draw(`tap-to-${t}`); },
  }, `to the ${TARGET_WORD[t]}`));
  const count = (c) => [...tap.concealed, ...tap.exposed].filter((x) => x === c).length;
  const rows = SUITS.map((suit) => el("div", { class: `pick-row ${suitClass(suit)}` },
    tap.ruleset.cards.filter((c) => c.endsWith(suit)).map((c) => cardButton(c, {
      id: `tap-pick-${c}`, count: count(c), label: `add the ${labelOf(c)} to the ${word}`
        + (count(c) ? ` (${count(c)} chosen)` : ""),
      onclick: () => { tap[tap.target].push(c); draw(`tap-pick-${c}`); },
    }))));
  return el("div", { class: "picker" },
    targets.length ? el("div", { class: "chips", role: "group", "aria-label": "tap cards" },
      "Tap cards ", ...targets) : el("p", { class: "hint" }, "Tap the cards of the hand:"),
    el("div", { id: "tap-pick" }, rows));
}

function turnRows() {
  const won = el("input", { type: "checkbox", id: "tap-won" });
  won.checked = tap.won;
  won.addEventListener("change", () => { tap.won = won.checked; });
  return [
    el("div", { class: "field-block" }, el("h3", {}, "Melds already scored this battle"),
      meldChips(tap.ruleset.melds, { label: "melds already scored", chosen: (k) => tap.scored.includes(k),
        onpick: (k) => { toggle(tap.scored, k); draw(`tap-chip-scored-${k}`); }, id: "scored" })),
    el("div", { class: "row" }, el("label", { class: "toggle", for: "tap-won" }, won,
      " he won the trick just played"),
    select("tap-melded", "Already melded this turn", ["", ...tap.ruleset.melds], tap.melded,
      (v) => { tap.melded = v; }, (v) => v || "nothing")),
  ];
}

function toggle(list, kind) {
  const at = list.indexOf(kind);
  if (at >= 0) list.splice(at, 1);
  else list.push(kind);
}

function questionRows() {
  if (four()) {
    return el("div", { class: "field-block" },
      el("h3", {}, "The declaration ", el("span", { class: "kind", id: "tap-declared" },
        tap.declared.length ? glyphs(tap.declared.join(" ")) : "(tap its melds)")),
      meldChips(tap.ruleset.melds, { label: "add a meld to the declaration", id: "declare",
        onpick: (k) => { tap.declared.push(k); draw(`tap-chip-declare-${k}`); } }),
      tap.declared.length ? el("button", { type: "button", id: "tap-clear",
        onclick: () => { tap.declared = []; draw(); } }, "clear the declaration") : "");
  }
  return el("div", { class: "field-block" }, el("h3", {}, "The meld in question"),
    meldChips(tap.ruleset.melds, { label: "the meld in question", id: "meld",
      chosen: (k) => tap.meld === k,
      onpick: (k) => { tap.meld = tap.meld === k ? null : k; draw(`tap-chip-meld-${k}`); } }));
}

function draw(focus) {
  const box = $("tap-body");
  const ready = four() ? tap.declared.length > 0 : Boolean(tap.meld);
  const askButton = el("button", { type: "button", id: "tap-ask", class: "primary",
    disabled: !ready || !tap.concealed.length, onclick: () => send(true) },
  four() ? "Is this declaration legal?" : "Is this meld legal?");
  const every = el("button", { type: "button", id: "tap-all", disabled: !tap.concealed.length,
    onclick: () => send(false) }, four() ? "His best meld" : "Every legal meld");
  box.replaceChildren(rulesRow(), chosenRow("concealed"), four() ? "" : chosenRow("exposed"),
    picker(), ...(four() ? [] : turnRows()), questionRows(),
    el("div", { class: "row sticky-ask" }, askButton, every),
    el("div", { id: "tap-answer", role: "status", "aria-live": "polite" }),
    el("div", { id: "tap-save-box" }));
  if (focus && $(focus)) $(focus).focus();
}

async function send(withMeld) {
  tap.question = question(withMeld);
  $("tap-save-box").replaceChildren();
  if (await ask(tap.question, $("tap-answer"))) {
    $("tap-save-box").replaceChildren(...saveForm("tap", () => tap.question));
  }
}

let started = null;

// The panel set up with a position of a replayed record (its rules, trump, the player's cards
// and the melds he scored this battle), to ask "what if" by tapping.
export async function openPosition({ tags, trump, hand, table }) {
  await (started || startTapping());
  if (!tap.all.length) return;
  choose(tags.Ruleset || "east-point");
  for (const tag of Object.keys(tap.options)) if (tags[tag]) tap.options[tag] = tags[tag];
  if (trump) tap.trump = trump;
  tap.concealed = [...(hand.concealed || [])];
  tap.exposed = table ? [] : [...hand.exposed];
  tap.scored = table ? [] : hand.melds.filter((m) => m.points > 0).map((m) => m.kind);
  draw();
  location.hash = "#ask";
}

export function startTapping() {
  started = started || load();
  return started;
}

async function load() {
  tap.all = await rulesets();
  if (!tap.all.length) {
    $("tap-body").replaceChildren(el("p", { class: "error" }, tap.all.failed
      ? errorText(tap.all.failed) : "The referee lists no rules to ask about."));
    return;
  }
  choose((tap.all.find((r) => r.default) || tap.all[0]).name);
  draw();
}
