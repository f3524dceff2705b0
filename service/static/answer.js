// The referee's answer to a meld question (POST /v1/melds: cli/melds.py's report, or at a
// table of four cli/dpmelds.py's), in one sentence with the deciding rule and its reason; and
// "save as a ruling", which stores the question and gives its permalink.

import { el } from "./dom.js";
import { cards, glyphs } from "./cards.js";
import { call, errorText } from "./talk.js";
import { WORD } from "./state.js";

const verdict = (yes, text) => el("p", { class: `verdict ${yes ? "yes" : "no"}` }, ...glyphs(text));
const note = (text) => el("p", { class: "note" }, ...glyphs(text));

// A table of four: the seat's best meld, and the declaration judged (DP-MELD1-DP-MELD5).
function tableLines(report) {
  const who = report.seat ? WORD[report.seat] : "The player";
  const q = report.question;
  const best = (report.best_melds || []).map((m) => `${m.kind} ${m.points}`).join(", ");
  if (!q) return [verdict(true, `${who}'s best meld is ${report.best}${best ? `: ${best}` : ""}.`)];
  const worth = q.points === null || q.points === undefined ? "" : `, worth ${q.points}`;
  const out = [verdict(q.legal, q.legal
    ? `Yes: ${who}'s declaration ${q.declared} is legal${worth} (${q.rule || "DP-MELD1"}).`
    : `No: ${who}'s declaration ${q.declared} is not legal (${q.rule})${worth}.`)];
  for (const f of q.findings || []) out.push(el("p", {}, ...glyphs(f.message)));
  out.push(note(`best meld of this hand: ${report.best}${best ? ` (${best})` : ""}`));
  return out;
}

// The answer of /v1/melds, in the words `pinochle melds` uses.
export function answerLines(report) {
  if (report.best !== undefined) return tableLines(report);
  const out = [];
  const q = report.question;
  const who = report.seat ? WORD[report.seat] : "The player";
  if (q) {
    const a = q.answer;
    // a legal meld's points; an illegal one's table value (table_points; a ruling stored
    // before it existed gives points)
    const value = a.legal ? a.points : a.table_points ?? a.points;
    const points = value === null || value === undefined ? "" : ` for ${value}`;
    out.push(verdict(a.legal, a.legal
      ? `Yes: ${a.kind} is legal${points} (${a.rule})`
      : `No: ${a.kind}${points} is not legal now (${a.rule})`));
    out.push(el("p", {}, ...glyphs(a.reason)));
    if (a.legal && a.takes.length) out.push(el("p", {}, "takes from the concealed hand: ", cards(a.takes)));
    if (q.cards_alone) {
      const c = q.cards_alone;
      out.push(note(`by the cards alone it would be ${c.legal
        ? "legal" : `not legal (${c.rule})`}: ${c.reason}`));
    }
  } else if (!report.may_meld) {
    out.push(verdict(false, `${who}: no meld is legal now (${report.turn_rule}): ${report.turn_reason}`));
  } else if (!report.legal.length) {
    out.push(verdict(false, `${who}: no legal meld`));
  } else {
    out.push(verdict(true, `${who} may meld:`));
    out.push(el("ul", { class: "legal" }, report.legal.map((m) => el("li", {},
      el("span", { class: "kind" }, glyphs(m.kind)), ` ${m.points} (${m.rule}) · takes `,
      cards(m.takes)))));
  }
  // a position given directly: what the question did not say about the turn (R8D, R9E)
  for (const assumed of report.assumptions || []) out.push(note(`assuming ${assumed}`));
  return out;
}

// Ask the question and show the answer in `box`; true when answered.
export async function ask(question, box) {
  box.replaceChildren(el("p", { class: "note" }, "asking…"));
  const result = await call("POST", "/v1/melds", question);
  if (!result.ok) {
    box.replaceChildren(el("p", { class: "error" }, errorText(result)));
    return false;
  }
  box.replaceChildren(...answerLines(result.data));
  return true;
}

// A "Save as a ruling" form: a button, and a password box shown when the referee asks for one.
export function saveForm(prefix, question) {
  const token = el("input", { id: `${prefix}-token`, type: "password", autocomplete: "off",
    hidden: true, "aria-label": "the referee's password (its token)",
    placeholder: "the referee's password" });
  const saved = el("div", { id: `${prefix}-saved`, role: "status" });
  const form = el("form", { class: "row save", id: `${prefix}-save-row` },
    el("button", { id: `${prefix}-save`, type: "submit" }, "Save as a ruling"), token);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await save(question(), token, saved);
  });
  return [form, saved];
}

async function save(question, token, box) {
  if (!question) return;
  const secret = token.value.trim();
  const headers = secret ? { Authorization: `Bearer ${secret}` } : {};
  const result = await call("POST", "/v1/rulings", { kind: "melds", request: question }, headers);
  if (result.status === 401 || result.status === 403) token.hidden = false;
  if (!result.ok) {
    const wrong = result.status === 401 && secret;
    box.replaceChildren(el("p", { class: "error" }, wrong ? "That password is not this "
      + "referee's: check it with the person who runs it and save again." : errorText(result)));
    return;
  }
  const link = new URL(result.data.permalink, location.href).href;
  box.replaceChildren(el("p", {}, "Saved. Both players can open it: ",
    el("a", { href: link, class: "permalink" }, link)));
}
