// The findings of a game: the full list beside the table (each a link to its step) and those
// of the current step on the table itself. A finding is shown in full once per step: in the
// list, the current step's findings are folded to a line pointing at the table.

import { $, el } from "./dom.js";
import { glyphs } from "./cards.js";
import { game } from "./state.js";
import { sourceLine } from "./record.js";

function findingItem(f, index, go) {
  const source = f.source ? sourceLine(f.line, f.source.before, f.source.marked || " ",
    f.source.after) : null;
  const where = f.line ? `line ${f.line}, column ${f.column}` : "no place in the record";
  return el("li", {
    class: `finding ${f.severity}`, "data-index": index, "data-step": f.step, tabindex: "0",
    title: "show the step where it happens",
    onclick: () => go(f.step),
    onkeydown: (event) => { if (event.key === "Enter") go(f.step); },
  },
  el("div", {}, el("span", { class: "rule" }, f.rule), " ",
    el("span", { class: "kind" }, f.severity === "error" ? f.kind : `${f.kind}, ${f.severity}`),
    " ", el("span", { class: "where" }, where)),
  el("div", { class: "message" }, glyphs(f.message)), source,
  el("div", { class: "here-note" }, "at this step: shown with the table"));
}

export function renderFindings(go) {
  const g = game();
  $("finding-count").textContent = `(${g.findings.length})`;
  const list = $("finding-list");
  list.replaceChildren(...g.findings.map((f, i) => findingItem(f, i, go)));
  if (!g.findings.length) list.append(el("li", { class: "note" }, "none: the record is clean"));
}

export function renderStepFindings(step, go) {
  const box = $("step-findings");
  const here = step.findings.map((n) => findingItem(game().findings[n], n, go));
  box.replaceChildren(...(here.length ? [el("h3", {}, "At this step"),
    el("ol", { class: "here" }, here)] : []));
}

export function highlightFindings(step) {
  for (const item of $("finding-list").children) {
    item.classList.toggle("current", Number(item.dataset.step) === step.index);
  }
}

// The finding about a meld (same place in the record), if any.
export function findingOf(meld) {
  return game().findings.find((f) => f.line === meld.line && f.column === meld.column
    && f.kind === "illegal meld") || null;
}
