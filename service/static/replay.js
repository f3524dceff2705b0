// Replaying a record: ask the referee for its timeline (POST /v1/replay), then draw one step
// at a time; stepping with the buttons, the slider and the keys.

import { $, el } from "./dom.js";
import { card, glyphs, suitClass } from "./cards.js";
import { call, errorText } from "./talk.js";
import { state, game, battleOf, isTable, WORD, RULESET_WORD } from "./state.js";
import { renderHand, renderTableInfo, renderTableTrick, renderTrick } from "./board.js";
import { renderFindings, renderStepFindings, highlightFindings } from "./findings.js";
import { highlightRecord, renderRecord, showErrors } from "./record.js";
import { prepareQuestion } from "./question.js";
import { showScreen } from "./screens.js";

function hideReplay() {
  $("replay-view").dataset.ready = "";
  $("replay-view").hidden = true;
}

export async function replay(text) {
  state.text = text;
  state.lines = text.split(/\r\n|\r|\n/);
  $("errors").replaceChildren();
  const result = await call("POST", "/v1/replay", text);
  if (!result.ok) {
    showErrors(result);
    hideReplay();
    return false;
  }
  state.timeline = result.data;
  state.game = 0;
  state.step = 0;
  const games = state.timeline.games;
  const select = $("game");
  select.replaceChildren(...games.map((g, i) => el("option", { value: i },
    `Game ${g.game}${g.tags.Event ? ": " + g.tags.Event : ""}`)));
  select.hidden = games.length < 2;
  if (!games.length) {
    $("errors").append(el("p", { class: "error" }, "The record holds no game."));
    hideReplay();
    return false;
  }
  $("replay-view").dataset.ready = "yes";
  $("record-input").open = false;
  showScreen("replay");
  if (await showGame(0)) return true;
  hideReplay();
  return false;
}

// A game the answer left out (its timelines are at most ten times the record, at least 1 MiB):
// its timeline alone, asked for when the game is chosen.
async function loadGame(index) {
  const g = state.timeline.games[index];
  if (g.steps) return true;
  const result = await call("POST", `/v1/replay?game=${g.game}`, state.text);
  const alone = result.ok && result.data.games[0];
  if (!alone || !alone.steps) {
    $("errors").replaceChildren(el("p", { class: "error" },
      alone ? `Game ${g.game}: ${alone.left_out}` : errorText(result)));
    $("game").value = String(state.game);
    return false;
  }
  state.timeline.games[index] = alone;
  return true;
}

export async function showGame(index) {
  if (!(await loadGame(index))) return false;
  $("errors").replaceChildren();
  state.game = index;
  $("game").value = String(index);
  const g = game();
  $("scrub").max = String(g.steps.length - 1);
  renderFindings(go);
  renderRecord();
  go(0);
  return true;
}

export function go(index) {
  const steps = game().steps;
  state.step = Math.max(0, Math.min(index, steps.length - 1));
  render();
}

function render() {
  const g = game();
  const step = g.steps[state.step];
  const battle = battleOf(step);
  $("scrub").value = String(state.step);
  $("position").textContent = `step ${state.step + 1} of ${g.steps.length}`;
  $("prev").disabled = state.step === 0;
  $("next").disabled = state.step === g.steps.length - 1;
  $("prev-battle").disabled = !battle || battle.battle === 1 && state.step === battle.first_step;
  $("next-battle").disabled = !battle || battle.battle === g.battles.length;

  const table = isTable(g);
  const info = [];
  if (g.ruleset) info.push(RULESET_WORD[g.ruleset.Ruleset] || g.ruleset.Ruleset);
  else info.push("unknown ruleset");
  if (battle) {
    info.push(`battle ${battle.battle} of ${g.battles.length}`, `${WORD[battle.dealer]} deals`);
  }
  const infoBox = $("battle-info");
  infoBox.replaceChildren(info.join(" · "));
  if (battle && battle.trump) {
    infoBox.append(" · ", el("span", { class: "trump", id: "trump" }, "trump ",
      el("span", { class: suitClass(battle.trump) }, battle.trump)),
      battle.upcard ? el("span", { class: "upcard" }, " (upcard ", card(battle.upcard), ")") : "");
  } else if (battle && g.ruleset && g.ruleset.Ruleset === "old-time") {
    infoBox.append(" · ", el("span", { class: "trump", id: "trump" }, "trump unknown"));
  }
  if (battle && !battle.deal_known) {
    infoBox.append(" · ", el("strong", { class: "unknown-deal" },
      "the record omits the deal: hands unknown"));
  }

  let where = step.battle ? `Battle ${step.battle}` : `Game ${g.game}`;
  if (step.kind !== "trick" && step.trick) where += `, after trick ${step.trick}`;
  $("step-label").replaceChildren(`${where} · `, ...glyphs(step.label));

  const names = { E: g.tags.East, W: g.tags.West, N: g.tags.North, S: g.tags.South };
  $("board").classList.toggle("table4", table);
  for (const seat of ["N", "S"]) $(`hand-${seat}`).hidden = !table;
  $("stock").hidden = table;
  $("table-info").hidden = !table;
  for (const hand of step.hands) renderHand(hand, step, names[hand.seat]);
  if (table) {
    renderTableTrick(step);
    renderTableInfo(step, battle);
  } else {
    renderTrick(step);
    $("stock").replaceChildren(el("span", { class: "card back", title: "the stock" }, ""),
      el("span", { class: "count" }, `stock ${step.stock}`));
  }
  renderStepFindings(step, go);
  highlightFindings(step);
  highlightRecord(step);
  prepareQuestion(step, battle);
}

export function stepBattle(delta) {
  const g = game();
  const step = g.steps[state.step];
  const battle = battleOf(step);
  if (!battle) return;
  if (delta < 0 && state.step > battle.first_step) {
    go(battle.first_step);        // back to the deal of this battle first
    return;
  }
  const target = g.battles.find((b) => b.battle === battle.battle + delta);
  if (target) go(target.first_step);
}

export function onKey(event) {
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || !state.timeline
      || $("replay-view").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  const steps = game().steps;
  const actions = {
    ArrowRight: () => go(state.step + 1),
    ArrowLeft: () => go(state.step - 1),
    ArrowDown: () => stepBattle(1),
    ArrowUp: () => stepBattle(-1),
    PageDown: () => stepBattle(1),
    PageUp: () => stepBattle(-1),
    Home: () => go(0),
    End: () => go(steps.length - 1),
  };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

