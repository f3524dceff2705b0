// The table at one step: each hand (concealed and exposed cards, melds with their status,
// scores), the trick with its winner and rule, and at a table of four the sides and the
// auction.

import { $, el } from "./dom.js";
import { card, cards, glyphs } from "./cards.js";
import { WORD, SIDE_WORD, battleOf } from "./state.js";
import { findingOf } from "./findings.js";

// What the status of an illegal meld is: at the step of its finding and after, the finding's
// own verdict (the engine's last word on it, e.g. "illegal, stands: no objection in time
// (R11B)"), so the hand and the finding read the same (docs/rulings.md, the page); before a
// verdict is known, its state at this step.
const STATUS = {
  open: "illegal, open to objection",
  pending: "illegal, open to correction",          // SC-BADMELD1
  moot: "illegal, moot: the hand counts for nobody",
};

export function meldStatus(m, table) {
  if (m.outcome) return m.outcome;
  if (m.legal) return "";
  if (table) return "illegal, scores 0";
  const finding = findingOf(m);
  const verdict = finding ? finding.message.lastIndexOf("illegal, ") : -1;
  if (verdict >= 0) return finding.message.slice(verdict);
  return STATUS[m.status] || "illegal, stands";
}

export function renderHand(hand, step, name) {
  const box = $(`hand-${hand.seat}`);
  // mark as many copies as were drawn (or taken by this step's melds), no more
  const marker = (list, name) => {
    const left = {};
    for (const c of list) left[c] = (left[c] || 0) + 1;
    return (c) => (left[c] > 0 ? (left[c]--, name) : "");
  };
  const fresh = marker(step.drawn.filter((d) => d.seat === hand.seat && d.card).map((d) => d.card),
    "drawn");
  const took = marker(step.melds.filter((m) => m.seat === hand.seat).flatMap((m) => m.takes),
    "taken");
  const table = step.sides !== undefined && step.sides !== null;
  const scores = table ? [
    el("span", { title: "card points won" }, `tricks ${hand.tricks}`),
    el("span", { title: "meld points credited", class: "meld-points" }, `melds ${hand.meld_points}`
      + (hand.declared !== undefined && hand.declared !== null && hand.declared !== hand.meld_points
        ? ` (declared ${hand.declared})` : ""))] : [
    el("span", { title: "trick points" }, `tricks ${hand.tricks}`),
    el("span", { title: "meld points" }, `melds ${hand.meld_points}`),
    el("span", { title: "this battle" }, `battle ${hand.score}`),
    el("strong", { title: "game total so far", class: "total" }, `total ${hand.total}`)];
  const battle = battleOf(step);
  const head = el("div", { class: "who" },
    el("strong", {}, name || WORD[hand.seat]), name ? ` (${WORD[hand.seat]})` : "",
    step.may_meld === hand.seat ? el("span", { class: "badge" }, "may meld") : "",
    table && battle && battle.dealer === hand.seat ? el("span", { class: "badge" }, "dealer") : "",
    table && battle && battle.auction.length && step.calls
      && battle.auction[step.calls - 1].bidder === hand.seat
      ? el("span", { class: "badge bidder" }, "high bidder") : "",
    el("span", { class: "scores" }, ...scores));
  const rows = [head];
  if (table && hand.concealed !== null) {
    rows.push(el("div", { class: "row-cards concealed" }, el("span", { class: "label" },
      `hand (${hand.size})`), cards(hand.concealed)));
  } else if (hand.concealed === null) {
    rows.push(el("div", { class: "row-cards" }, el("span", { class: "label" }, "hand"),
      el("span", { class: "cards" }, Array.from({ length: hand.size }, () =>
        el("span", { class: "card back", title: "unknown card" }, ""))),
      el("span", { class: "note" }, `${hand.size} cards, unknown`)));
  } else {
    rows.push(el("div", { class: "row-cards concealed" },
      el("span", { class: "label" }, "concealed"), cards(hand.concealed, fresh)));
    rows.push(el("div", { class: "row-cards exposed" },
      el("span", { class: "label" }, "exposed"),
      hand.exposed.length ? cards(hand.exposed, took)
        : el("span", { class: "note" }, "none")));
  }
  if (step.drawn.some((d) => d.seat === hand.seat)) {
    rows.push(el("div", { class: "note" }, "drew ",
      step.drawn.filter((d) => d.seat === hand.seat).map((d) => card(d.card))));
  }
  if (hand.melds.length) {
    const latest = new Set(step.melds.map((m) => `${m.seat}${m.kind}${m.line}:${m.column}`));
    rows.push(el("ul", { class: "melds" }, hand.melds.map((m) => {
      const now = latest.has(`${m.seat}${m.kind}${m.line}:${m.column}`);
      const status = meldStatus(m, table);
      return el("li", { class: `${now ? "new" : ""} ${m.legal ? "" : "illegal"}`.trim() },
        el("span", { class: "kind" }, glyphs(m.kind)), " ",
        m.cards.length ? cards(m.cards) : cards(m.takes),
        el("span", { class: "points" }, ` ${m.points}`),
        m.points !== m.claimed ? el("span", { class: "note" }, ` (claimed ${m.claimed})`) : "",
        status ? el("span", { class: "status" }, ` ${status}`) : "");
    })));
  }
  box.replaceChildren(...rows);
  box.classList.toggle("winner", Boolean(step.table && step.table.winner === hand.seat));
}

// The trick on a table of four: each card at its player's place (N top, W left, E right,
// S bottom), the winner by the rules, and a wrong winner mark in the record.
export function renderTableTrick(step) {
  const box = $("trick");
  const t = step.table;
  if (!t) {
    box.replaceChildren(el("span", { class: "note" },
      step.trick ? "no trick on the table" : "no trick yet"));
    return;
  }
  const slots = (t.cards || []).map((p, i) => el("div", {
    class: `played seat-${p.seat} ${p.seat === t.winner ? "won" : ""}`.trim(),
  }, el("span", { class: "label" }, `${WORD[p.seat]}${i === 0 ? " leads" : ""}`), card(p.card),
  p.held ? "" : el("span", { class: "note" }, " not held")));
  const winner = t.winner ? [`${WORD[t.winner]} wins`, t.rule ? ` (${t.rule})` : ""]
    : ["not gathered"];
  const mark = t.marked && t.marked !== t.winner
    ? el("span", { class: "bad" }, ` · the record marks ${WORD[t.marked]}`) : "";
  box.replaceChildren(el("div", { class: "compass" }, ...slots,
    el("div", { class: "centre label" }, `trick ${t.number}`)),
  el("div", { class: "verdict" }, ...winner, mark));
}

// A table of four: the sides' points, the auction so far, the contract and trump.
export function renderTableInfo(step, battle) {
  const sides = el("div", { class: "sides", id: "sides" }, step.sides.map((s) => el("div", {
    class: `side-score side-${s.side}`,
  }, el("strong", {}, SIDE_WORD[s.side]), " ",
  el("span", { title: "card points won" }, `tricks ${s.tricks}`), " · ",
  el("span", { title: "melds declared and credited" }, `melds ${s.melds}`,
    s.counted || !s.melds ? "" : el("span", { class: "note uncounted" },
      s.score === null || s.score === undefined ? " (not counted yet: no scoring trick, DP-MELD6)"
        : " (not counted: no scoring trick won, DP-MELD6)")),
  s.score === null || s.score === undefined ? "" : [" · ", el("strong", { class: "score" },
    `score ${s.score}`)],
  " · ", el("span", { class: "total", title: "game total" }, `total ${s.total}`))));
  const calls = battle ? battle.auction.slice(0, step.calls) : [];
  const last = calls[calls.length - 1];
  let head = "Auction";
  if (battle && battle.thrown_in && step.kind === "end") head += ": nobody bid, thrown in (DP-BID9)";
  else if (battle && battle.contract && step.kind !== "auction" && step.kind !== "deal") {
    const side = ["N", "S"].includes(battle.bidder) ? "NS" : "EW";
    head += `: contract ${battle.contract}, ${WORD[battle.bidder]} (${SIDE_WORD[side]})`;
  } else if (last && last.bidder) head += `: high bid ${last.high}, ${WORD[last.bidder]}`;
  const list = el("ol", { class: "auction", id: "auction" }, calls.map((c, i) => el("li", {
    class: `call ${c.legal ? "" : "illegal"} ${
      step.kind === "auction" && i === calls.length - 1 ? "latest" : ""}`.trim(),
  }, el("strong", {}, WORD[c.seat]), " ", c.text,
  c.call !== "bid" && c.bid !== null && c.bid !== undefined
    ? el("span", { class: "note" }, ` (= ${c.bid})`) : "",
  c.legal ? "" : el("span", { class: "bad" }, " not allowed"))));
  if (!calls.length) list.append(el("li", { class: "note" }, "no call yet"));
  $("table-info").replaceChildren(sides, el("h3", { id: "auction-head" }, head), list);
}

export function renderTrick(step) {
  const box = $("trick");
  const t = step.table;
  if (!t) {
    box.replaceChildren(el("span", { class: "note" },
      step.kind === "deal" ? "no trick yet" : "no trick on the table"));
    return;
  }
  const played = (p, role) => p ? el("div", { class: `played ${p.seat === t.winner ? "won" : ""}` },
    el("span", { class: "label" }, `${WORD[p.seat]} ${role}`), card(p.card),
    p.held ? "" : el("span", { class: "note" }, " not held")) : null;
  const winner = t.winner ? [`${WORD[t.winner]} wins`, t.rule ? ` (${t.rule})` : ""]
    : ["not gathered"];
  const mark = t.marked && t.marked !== t.winner
    ? el("span", { class: "bad" }, ` · the record marks ${WORD[t.marked]}`) : "";
  box.replaceChildren(el("div", { class: "label" }, `trick ${t.number}`),
    el("div", { class: "pair" }, played(t.lead, "leads"), played(t.follow, "follows")),
    el("div", { class: "verdict" }, ...winner, mark));
}

