// The page's screens: the first page (what the referee does, the ways in, the examples), the
// "Is this meld legal?" panel (#ask), a replayed record, a stored ruling (/r/{id}); and the
// score pad (#pad), whose own section answers that address.

import { $ } from "./dom.js";

const MINE = ["welcome", "input", "tap", "replay-view", "ruling"];
const SHOWN = {
  home: ["welcome", "input"],
  ask: ["tap"],
  replay: ["input", "replay-view", "ruling"],
  ruling: ["input", "ruling", "replay-view"],
  pad: [],
};
// shown only once they have something to show (data-ready="yes")
const WAITS = ["replay-view", "ruling"];

export function showScreen(name) {
  for (const id of MINE) {
    const section = $(id);
    if (!section) continue;
    const ready = !WAITS.includes(id) || section.dataset.ready === "yes";
    section.hidden = !(SHOWN[name].includes(id) && ready);
  }
}

// The screen an address asks for (#ask, #pad, #record), when the page opens or it changes.
export function followAddress() {
  const hash = location.hash;
  if (hash === "#ask") showScreen("ask");
  // the score pad's section answers #pad; a page without it stays on the first page
  else if (hash === "#pad" && $("pad")) showScreen("pad");
  else if (location.pathname.startsWith("/r/")) showScreen("ruling");
  else if (hash !== "#record" && $("replay-view").dataset.ready === "yes") showScreen("replay");
  else showScreen("home");
  if (hash === "#record") {
    $("record-input").open = true;
    $("text").focus();
  }
}
