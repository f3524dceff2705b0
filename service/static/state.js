// What the page shows now: the record replayed, its timeline, the game and the step; and the
// words for seats, sides and rulesets.

export const state = {
  text: "",          // the record replayed
  lines: [],         // its lines
  timeline: null,    // the /v1/replay answer
  game: 0,           // index into timeline.games
  step: 0,           // index into the game's steps
  question: null,    // the last /v1/melds request asked
};

export const WORD = { E: "East", W: "West", N: "North", S: "South" };
export const SIDE_WORD = { NS: "North-South", EW: "East-West" };
export const RULESET_WORD = { "east-point": "East Point", "old-time": "Old-time", scarne: "Scarne",
  "25-steps": "25 steps", "double-pack": "Double-pack" };

export function game() {
  return state.timeline.games[state.game];
}

export function currentStep() {
  return game().steps[state.step];
}

export function battleOf(step) {
  return game().battles.find((b) => b.battle === step.battle) || null;
}

// A table of four (the partnership game): its timeline gives the sides and the auction.
export function isTable(g) {
  return g.ns !== undefined && g.ns !== null;
}
