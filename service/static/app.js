// The page's start: the first page's examples, the record's input, the buttons and keys; then
// the screen the address asks for (#ask, #pad, #record, /r/{id}).
// Modules (plain ES modules the browser loads, no build step): dom, cards (drawing cards, for
// the score pad too), talk (the service and its errors in plain words), state, screens,
// replay, board, findings, record, question and answer (the meld question), rulesets,
// tapping ("Is this meld legal?" without a record), ruling (/r/{id}).

import { $, el } from "./dom.js";
import { lettersToggle } from "./cards.js";
import { call, errorText } from "./talk.js";
import { state, game } from "./state.js";
import { replay, showGame, go, stepBattle, onKey } from "./replay.js";
import { highlightRecord } from "./record.js";
import { askAtStep, tapThisPosition } from "./question.js";
import { openRuling } from "./ruling.js";
import { startTapping } from "./tapping.js";
import { followAddress } from "./screens.js";

async function loadExamples() {
  const result = await call("GET", "/v1/examples");
  if (!result.ok) {
    $("examples").replaceChildren(el("li", { class: "error" }, errorText(result)));
    return;
  }
  $("example").replaceChildren(...result.data.map((e) => el("option", { value: e.name }, e.title)));
  $("examples").replaceChildren(...result.data.map((e) => el("li", {}, el("button", {
    type: "button", class: "example", "data-example": e.name, onclick: () => loadExample(e.name),
  }, e.title))));
}

async function loadExample(name) {
  if (!name) return;
  const result = await call("GET", `/v1/examples/${encodeURIComponent(name)}`);
  if (!result.ok) {
    $("errors").replaceChildren(el("p", { class: "error" }, errorText(result)));
    return;
  }
  $("text").value = result.data;
  if (location.hash) history.pushState(null, "", location.pathname);
  await replay(result.data);
}

let examples = null;

function start() {
  $("letters").replaceChildren(lettersToggle());
  $("replay").addEventListener("click", () => replay($("text").value));
  // a tap before the list has come waits for it (then loads the first example)
  $("load-example").addEventListener("click", async () => {
    await examples;
    loadExample($("example").value);
  });
  $("file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("text").value = text;
    await replay(text);
  });
  $("game").addEventListener("change", (event) => showGame(Number(event.target.value)));
  $("prev").addEventListener("click", () => go(state.step - 1));
  $("next").addEventListener("click", () => go(state.step + 1));
  $("prev-battle").addEventListener("click", () => stepBattle(-1));
  $("next-battle").addEventListener("click", () => stepBattle(1));
  $("scrub").addEventListener("input", (event) => go(Number(event.target.value)));
  $("ask-button").addEventListener("click", askAtStep);
  $("ask-tap").addEventListener("click", tapThisPosition);
  $("ask-meld").addEventListener("keydown", (event) => { if (event.key === "Enter") askAtStep(); });
  $("record-view").addEventListener("toggle",
    () => state.timeline && highlightRecord(game().steps[state.step]));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", followAddress);
  examples = loadExamples();
  startTapping();
  followAddress();
  const permalink = location.pathname.match(/^\/r\/([^/]+)$/);
  if (permalink) openRuling(decodeURIComponent(permalink[1]));
}

start();
