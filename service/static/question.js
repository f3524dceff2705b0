// The meld question at a step of a replayed record (POST /v1/melds with the record): which
// melds may this player make right after this trick (at a table of four: his declaration
// before trick 1), or is this one legal. The meld is typed or tapped.

import { $, el } from "./dom.js";
import { state, game, isTable, WORD } from "./state.js";
import { ask, saveForm } from "./answer.js";
import { meldChips, rulesetNamed } from "./rulesets.js";
import { openPosition } from "./tapping.js";

function problemAt(step, battle, table) {
  if (!battle) return "No battle is replayed here: step to a battle.";
  if (!battle.deal_known) return "The record leaves out this battle's deal, so nobody knows the "
    + "hands: the referee cannot answer here.";
  if (!table && step.trick < 1) return "Step to a trick: the question is asked right after a "
    + "trick is won.";
  return null;
}

export function prepareQuestion(step, battle) {
  const table = isTable(game());
  const problem = problemAt(step, battle, table);
  $("ask-button").disabled = Boolean(problem);
  const seats = table ? ["N", "E", "S", "W"] : ["E", "W"];
  const seat = $("ask-seat");
  if (seat.options.length !== seats.length) {
    seat.replaceChildren(...seats.map((s) => el("option", { value: s }, WORD[s])));
  }
  $("ask-where").textContent = problem || (table
    ? `What may this player declare in battle ${step.battle}? Tap a meld or type the `
      + "declaration (♥F 150 ♥M 40), or leave it empty for his best meld."
    : `What may this player meld right after trick ${step.trick} of battle ${step.battle}?`);
  const meld = step.melds[0];
  if (meld) {
    seat.value = meld.seat;
    $("ask-meld").value = meld.kind;
  } else {
    seat.value = step.may_meld || (step.table && step.table.winner) || seats[0];
    $("ask-meld").value = "";
  }
  $("answer").replaceChildren();
  $("ask-save-box").replaceChildren();
  $("ask-tap").disabled = Boolean(problem);
  showChips(table);
}

// "What if": the chosen player's position at this step, on the tapping panel.
export function tapThisPosition() {
  const g = game();
  const step = g.steps[state.step];
  const battle = g.battles.find((b) => b.battle === step.battle);
  const hand = step.hands.find((h) => h.seat === $("ask-seat").value);
  if (!hand || hand.concealed === null) return;
  openPosition({ tags: g.ruleset || {}, trump: battle && battle.trump, hand, table: isTable(g) });
}

async function showChips(table) {
  const g = game();
  const ruleset = await rulesetNamed(g.ruleset ? g.ruleset.Ruleset : "east-point");
  const box = $("ask-melds");
  if (!ruleset) {
    box.replaceChildren();
    return;
  }
  const input = $("ask-meld");
  box.replaceChildren(meldChips(ruleset.melds, {
    label: "tap a meld",
    onpick: (kind) => {
      input.value = table && input.value.trim() ? `${input.value.trim()} ${kind}` : kind;
    },
  }));
}

export async function askAtStep() {
  const step = game().steps[state.step];
  const meld = $("ask-meld").value.trim();
  const question = {
    text: state.text, game: game().game, battle: step.battle, seat: $("ask-seat").value,
    meld: meld || null,
  };
  if (!isTable(game())) question.trick = step.trick;
  state.question = question;
  $("ask-save-box").replaceChildren();
  if (await ask(question, $("answer"))) {
    $("ask-save-box").replaceChildren(...saveForm("ask", () => state.question));
  }
}
