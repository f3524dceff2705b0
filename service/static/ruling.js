// A stored ruling (the page at /r/{id}): the question, the answer stored with it, a recheck
// with today's engine; a question about a record opens the record at its step.

import { $, el } from "./dom.js";
import { cards, glyphs, suitClass } from "./cards.js";
import { call, errorText } from "./talk.js";
import { state, game, WORD } from "./state.js";
import { answerLines } from "./answer.js";
import { replay, showGame, go } from "./replay.js";
import { showScreen } from "./screens.js";

export async function openRuling(id) {
  const box = $("ruling");
  box.dataset.ready = "yes";
  showScreen("ruling");
  box.replaceChildren(el("p", { class: "note" }, `loading ruling ${id}…`));
  const result = await call("GET", `/v1/rulings/${encodeURIComponent(id)}`);
  if (!result.ok) {
    box.replaceChildren(el("h2", {}, `Ruling ${id}`), el("p", { class: "error" }, errorText(result)));
    return;
  }
  const ruling = result.data;
  const request = ruling.request || {};
  const head = [el("h2", {}, `Ruling ${ruling.id}`),
    el("p", { class: "note" }, `${ruling.kind === "melds" ? "The dispute question" : "Validation"}`
      + `, stored ${ruling.created} by engine ${ruling.engine}`
      + (ruling.rules && ruling.rules.length ? ` · rules cited: ${ruling.rules.join(", ")}` : ""))];
  const body = [];
  if (ruling.kind === "melds") {
    const asked = request.meld ? [": is ", el("span", { class: "kind" }, glyphs(request.meld)),
      " legal?"] : [": which melds may he make?"];
    if (request.battle) {
      const when = request.trick ? `right after trick ${request.trick} of battle ${request.battle}`
        : `declaring in battle ${request.battle}`;
      body.push(el("p", {}, `${WORD[request.seat] || request.seat}, ${when}`
        + (request.game && request.game !== 1 ? ` (game ${request.game})` : ""), ...asked));
    } else {
      const tags = request.ruleset || {};
      body.push(el("p", {}, `A position (${tags.Ruleset || "east-point"}): hand `,
        cards(splitCards(request.concealed)),
        request.exposed ? [", exposed ", cards(splitCards(request.exposed))] : "",
        request.scored ? [", already scored ", el("span", { class: "kind" }, glyphs(request.scored))] : "",
        request.trump ? [", trump ", el("span", { class: suitClass(request.trump) }, request.trump)] : "",
        ...asked));
    }
    body.push(el("div", { class: "stored-answer" }, answerLines(ruling.answer)));
  } else {
    body.push(el("div", { class: "stored-answer" }, reportLines(ruling.answer)));
  }
  const recheck = el("button", { type: "button", id: "recheck" }, "Recheck with today's engine");
  const outcome = el("div", { id: "recheck-result", role: "status" });
  recheck.addEventListener("click", async () => {
    const again = await call("GET", `/v1/rulings/${encodeURIComponent(ruling.id)}/recheck`);
    outcome.replaceChildren(el("p", { class: again.ok && again.data.agrees ? "yes" : "no" },
      again.ok ? (again.data.agrees ? `Today's engine (${again.data.engine}) agrees.`
        : `Today's engine (${again.data.engine}) answers differently.`) : errorText(again)));
  });
  box.replaceChildren(...head, ...body, el("div", { class: "row" }, recheck), outcome);
  if (typeof request.text === "string") {
    $("text").value = request.text;
    if (await replay(request.text) && ruling.kind === "melds" && request.battle) {
      if (state.timeline.games[(request.game || 1) - 1]
          && await showGame((request.game || 1) - 1)) {
        const g = game();
        const at = request.trick ? g.steps.find((s) => s.battle === request.battle
          && s.trick === request.trick && s.kind === "trick")
          : g.steps[(g.battles.find((b) => b.battle === request.battle) || {}).first_step];
        if (at) go(at.index);
        $("ask-seat").value = request.seat;
        $("ask-meld").value = request.meld || "";
      }
    }
  }
}

function splitCards(text) {
  return String(text || "").split(/[\s,]+/).filter(Boolean);
}

// The stored answer of a validation ruling: the report's counts and findings.
function reportLines(report) {
  if (!report || !report.summary) return [el("pre", {}, JSON.stringify(report, null, 2))];
  const s = report.summary;
  const out = [el("p", {}, `${s.games} game(s), ${s.battles} battle(s): ${s.errors} error(s), `
    + `${s.warnings} warning(s), ${s.notices} notice(s)`)];
  const items = [];
  for (const file of report.files || []) {
    for (const g of file.games || []) {
      for (const f of g.findings) {
        items.push(el("li", { class: `finding ${f.severity}` }, el("span", { class: "rule" }, f.rule),
          ` line ${f.line}, column ${f.column}: `, ...glyphs(f.message)));
      }
    }
  }
  if (items.length) out.push(el("ol", {}, items));
  return out;
}

