// The record's text: syntax errors shown at their place, and the record beside the replay
// with the current step's line and the faulty lines marked.

import { $, el } from "./dom.js";
import { state, game } from "./state.js";
import { errorText } from "./talk.js";

export function sourceLine(line, before, marked, after) {
  return el("pre", { class: "source" },
    el("span", { class: "gutter" }, `${line} | `), before, el("mark", {}, marked), after);
}

// A record line with the place [column, end) marked (the columns count characters).
function markedLine(line, column, end) {
  const text = state.lines[line - 1];
  if (text === undefined || !line) return null;
  const chars = Array.from(text);
  const start = Math.max(column - 1, 0);
  const stop = Math.max(end - 1, start + 1);
  return sourceLine(line, chars.slice(0, start).join(""),
    chars.slice(start, stop).join("") || " ", chars.slice(stop).join(""));
}

export function showErrors(result) {
  const box = $("errors");
  const errors = (result.data && result.data.error && result.data.error.errors) || [];
  box.append(el("p", { class: "error" }, errorText(result)));
  const placed = errors.filter((e) => e.line);
  if (placed.length) {
    box.append(el("p", {}, "Correct the record at the marked places and press Replay again."),
      el("ol", { class: "syntax" }, placed.map((e) => el("li", {},
        el("span", { class: "where" }, `line ${e.line}, column ${e.column}: `), e.message,
        markedLine(e.line, e.column, e.column + 1)))));
  }
}

export function renderRecord() {
  const faults = new Map();
  for (const f of game().findings) if (f.line) faults.set(f.line, f);
  $("record-lines").replaceChildren(...state.lines.map((text, i) => {
    const f = faults.get(i + 1);
    const body = f && f.source ? [f.source.before, el("mark", {}, f.source.marked || " "),
      f.source.after] : [text];
    return el("div", { class: `line ${f ? "fault" : ""}`.trim(), "data-line": i + 1 },
      el("span", { class: "gutter" }, String(i + 1).padStart(4) + " "), ...body);
  }));
}

export function highlightRecord(step) {
  const pre = $("record-lines");
  let current = null;
  for (const line of pre.children) {
    const on = Number(line.dataset.line) === step.line;
    line.classList.toggle("current", on);
    if (on) current = line;
  }
  if (current && $("record-view").open) {
    pre.scrollTop = current.offsetTop - pre.offsetTop - pre.clientHeight / 2;
  }
}
