// The score pad at a table of four (double-pack): the auction and the naming of trump, and
// each player's declaration of melds, named by the engine from the cards tapped. The tricks,
// the claims and the checks are the pad's own (pad.js, padstate.js) for every table size.
import { cardFace, el, glyphs, picker } from "./padcards.js";
import { SEAT_WORD, SUITS, currentBattle, nextSeat, seatsOf } from "./padrecord.js";
import { S, changed, nameMeld, nextDeclarer, setMode, tap, writeCall, writeDeclaration }
  from "./padstate.js";

export function seatName(seat) {
  const name = S.pad.game.setup.names[seat];
  return name ? `${name} (${SEAT_WORD[seat]})` : SEAT_WORD[seat];
}

// The panels of a table of four, one button each.
export function tableBar() {
  const mode = S.pad.ui.mode;
  const button = (id, to, label) => el("button", { type: "button", id,
    class: `pad-small${mode === to ? " on" : ""}`, "aria-pressed": String(mode === to),
    onclick: () => setMode(to, { meldSeat: nextDeclarer(currentBattle(S.pad.game)) }) }, label);
  return el("div", { class: "row", role: "group", "aria-label": "what to enter" },
    button("pad-auction", "auction", "Auction and trump"), button("pad-meld", "meld", "Melds"),
    button("pad-tricks", "trick", "Tricks"));
}

// The seat the pad offers for the next call: the one after the last call, clockwise; the
// dealer's left first (DP-BID1). The engine says whether that seat may still call.
function nextCaller(battle) {
  const calls = battle.entries.filter((e) => ["bid", "announce", "pass"].includes(e.t));
  const last = calls.length ? calls[calls.length - 1].seat : battle.dealer;
  return nextSeat(S.pad.game.setup.ruleset, last);
}

function seatChoice(id, label, chosen) {
  return el("label", {}, `${label} `, el("select", { id, onchange: (e) => {
    S.pad.ui.seat = e.target.value;
    if (id === "pad-melder") S.pad.ui.meldSeat = e.target.value;
    changed(false);
  } }, seatsOf(S.pad.game.setup.ruleset).map((s) => el("option",
    { value: s, selected: s === chosen }, SEAT_WORD[s]))));
}

export function auctionPanel(battle) {
  const seat = S.pad.ui.seat || nextCaller(battle);
  // a bid, or a meld announced (DP-BID4, DP-BID7): the number typed, in points
  const call = (kind) => {
    const points = amount.value.trim();
    if (!/^[0-9]+$/.test(points)) {
      amount.setCustomValidity("a number of points, e.g. 500");
      amount.reportValidity();
      return;
    }
    S.pad.ui.seat = null;
    S.pad.ui.amount = "";
    writeCall({ t: kind, seat, amount: Number(points) });
  };
  // what is typed is kept in the pad's state: a check's answer that redraws the pad while the
  // table types a bid must not wipe it
  const amount = el("input", { id: "pad-bid", inputmode: "numeric", size: "5",
    "aria-label": "the bid or the meld announced, in points", placeholder: "500",
    value: S.pad.ui.amount || "",
    oninput: (e) => { e.target.setCustomValidity(""); S.pad.ui.amount = e.target.value; } });
  return el("div", { class: "pad-panel", id: "pad-auction-panel" },
    el("h4", {}, "The auction: each call as it is made, then trump"),
    el("div", { class: "row" }, seatChoice("pad-caller", "Who calls", seat), amount,
      el("button", { type: "button", class: "primary", id: "pad-bid-button",
        onclick: () => call("bid") }, "Bid"),
      el("button", { type: "button", id: "pad-announce",
        onclick: () => call("announce") }, "Announce a meld"),
      el("button", { type: "button", id: "pad-pass", onclick: () => {
        S.pad.ui.seat = null;
        S.pad.ui.amount = "";
        writeCall({ t: "pass", seat });
      } }, "Pass")),
    el("div", { class: "row", role: "group", "aria-label": "the high bidder names trump" },
      SUITS.map((suit) => el("button", { type: "button", class: "pad-trump",
        "aria-label": `trump ${suit}`, onclick: () => writeCall({ t: "trump", suit }) },
      "Trump ", ...glyphs(suit)))));
}

export function declarationPanel() {
  const m = S.facts.meld;
  const seat = S.pad.ui.meldSeat;
  const parts = [el("h4", {}, "Melds: who declares, then tap all the cards he shows"),
    el("div", { class: "row" }, seatChoice("pad-melder", "Melder", seat)),
    el("p", { class: "pad-pending" }, S.pad.ui.cards.length ? S.pad.ui.cards.map(cardFace)
      : "no card yet"),
    picker(S.pad.game.setup.ruleset, tap, "the pack"),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "pad-name-meld",
        disabled: !S.pad.ui.cards.length, onclick: nameMeld }, "Name the melds"),
      el("button", { type: "button", id: "pad-no-meld", onclick: () => writeDeclaration([]) },
        `${SEAT_WORD[seat]} has no meld`),
      el("button", { type: "button", onclick: () => setMode("meld", { meldSeat: seat }) },
        "Clear"))];
  if (m && m.asking) parts.push(el("p", { class: "hint" }, "asking the referee…"));
  else if (m && m.error) parts.push(el("p", { class: "error" }, m.error));
  else if (m && m.declaration) {
    const melds = m.declaration.filter((d) => d.legal);
    parts.push(melds.length
      ? el("button", { type: "button", id: "pad-write-declaration",
        onclick: () => writeDeclaration(melds) }, `${SEAT_WORD[seat]} declares `,
      ...melds.flatMap((d, i) => [i ? ", " : "", ...glyphs(d.kind), ` ${d.claimed}`]))
      : el("p", {}, "These cards make no meld."));
  }
  return el("div", { class: "pad-panel", id: "pad-meld-panel" }, parts);
}
