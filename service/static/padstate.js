// The score pad's state and its entries: the game being kept (saved in localStorage after
// every tap), the engine's last answers about it, and what each tap or button does to them.
// The engine judges: POST /v1/validate gives the findings and the count, POST /v1/replay who
// won the trick just tapped, POST /v1/melds the meld the tapped cards make.
import { CLAIMS, claimantsOf, currentBattle, hasTrump, isTable, other, rulesetTags, seatsOf,
  toText, tricksIn } from "./padrecord.js";
import { call, errorText } from "./padcards.js";

const KEY = "pinochle-pad";

// `game` is the record's content; `ui` what is being entered (saved too, so a reload in the
// middle of a trick keeps its first card); `facts` the engine's last answers (not saved): the
// validation's report of the game (its findings, its count) and the proposals.
export const S = { pad: load(), facts: emptyFacts(), rulesets: [] };
let draw = () => {};

function emptyFacts() {
  return { findings: [], game: null, proposal: null, meld: null, checking: 0 };
}

// The page's drawing, called after every change and every answer.
export function onDraw(fn) {
  draw = fn;
}

// A new game: the old one is dropped from the pad.
export function fresh() {
  S.pad = { game: null, ui: { mode: "trick", cards: [] } };
  S.facts = emptyFacts();
  changed();
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    if (saved && saved.ui) return saved;
  } catch (error) { /* a damaged copy: start afresh */ }
  return { game: null, ui: { mode: "trick", cards: [] } };
}

export function save() {
  localStorage.setItem(KEY, JSON.stringify(S.pad));
}

// Every change: save, draw, ask the engine about the record so far.
export function changed(check = true) {
  save();
  draw();
  if (check && S.pad.game) checkRecord();
}

// --- the engine ----------------------------------------------------------------------------

export async function checkRecord() {
  const asked = ++S.facts.checking;
  const report = await call("POST", "/v1/validate", { text: toText(S.pad.game).text,
    name: "pad.pin" });
  if (asked !== S.facts.checking) return;          // a later entry was checked meanwhile
  S.facts.error = report.ok ? null : errorText(report);
  S.facts.game = report.ok ? report.data.files[0].games[0] || null : null;
  S.facts.findings = S.facts.game ? S.facts.game.findings : [];
  draw();
}

// Who won the tapped trick, by the rules: the record with the trick written without its
// winner, replayed; its step names the winner and the rule (or none, when the trump is not
// known: then the table says).
export async function propose() {
  const cards = [...S.pad.ui.cards];
  const game = S.pad.game;
  const number = tricksIn(currentBattle(game)) + 1;
  S.facts.proposal = { cards, asking: true };
  draw();
  const result = await call("POST", "/v1/replay", toText(game, { t: "trick", cards }).text);
  if (S.pad.ui.cards.join() !== cards.join()) return;     // cleared or changed meanwhile
  const steps = (result.ok && result.data.games[0] && result.data.games[0].steps) || [];
  const step = steps.find((s) => s.kind === "trick" && s.battle === game.battles.length
    && s.trick === number);
  S.facts.proposal = { cards, error: result.ok ? null : errorText(result),
    table: step ? step.table : null };
  draw();
}

// The trump of the current battle as far as the pad knows it: the upcard's suit, the suit the
// high bidder named (a table of four), or what the table said on the pad.
function trumpNow(battle) {
  const named = battle.entries.filter((e) => e.t === "trump");
  if (named.length) return named[named.length - 1].suit;
  return (battle.deal && battle.deal.upcard && battle.deal.upcard.slice(1)) || battle.trump;
}

// The meld of exactly the tapped cards, as the engine names it (its kind and points).
export async function nameMeld() {
  const cards = [...S.pad.ui.cards];
  const battle = currentBattle(S.pad.game);
  const trump = trumpNow(battle);
  S.facts.meld = { asking: true };
  draw();
  const result = await call("POST", "/v1/melds", { ruleset: rulesetTags(S.pad.game.setup),
    trump: hasTrump(S.pad.game.setup.ruleset) ? trump : null, concealed: cards.join(" ") });
  if (S.pad.ui.cards.join() !== cards.join()) return;     // cleared or changed meanwhile
  if (!result.ok) {
    S.facts.meld = { error: errorText(result) };
  } else if (result.data.best_melds) {           // a table of four: the player's melds
    S.facts.meld = { declaration: result.data.best_melds };
  } else {
    const same = (takes) => takes.length === cards.length
      && [...takes].sort().join() === [...cards].sort().join();
    const legal = result.data.legal || [];
    S.facts.meld = { options: [...legal.filter((m) => same(m.takes)),
      ...legal.filter((m) => !same(m.takes))] };
  }
  draw();
}

// --- entries -------------------------------------------------------------------------------

export function tap(card) {
  const ui = S.pad.ui;
  const players = seatsOf(S.pad.game.setup.ruleset).length;
  if (ui.mode === "trick") {
    if (ui.cards.length >= players) return;
    ui.cards.push(card);
    changed(false);
    if (ui.cards.length === players) propose();
  } else if (ui.mode === "meld") {
    ui.cards.push(card);
    S.facts.meld = null;
    changed(false);
  } else if (ui.mode === "deal") {
    const deal = currentBattle(S.pad.game).deal;
    if (ui.target === "upcard") deal.upcard = card;
    else deal[ui.target].push(card);
    changed(false);
  }
}

export function writeTrick(winner) {
  currentBattle(S.pad.game).entries.push({ t: "trick", cards: S.facts.proposal.cards, winner });
  S.pad.ui.cards = [];
  S.facts.proposal = null;
  changed();
}

export function writeMeld(meld) {
  currentBattle(S.pad.game).entries.push({ t: "meld", seat: S.pad.ui.meldSeat || "E",
    kind: meld.kind, points: meld.points });
  S.pad.ui = { mode: "trick", cards: [], meldSeat: S.pad.ui.meldSeat };
  S.facts.meld = null;
  changed();
}

// The first seat without a declaration yet (DP-MELD1: every player declares before trick 1).
export function nextDeclarer(battle) {
  const declared = new Set(battle.entries.filter((e) => e.t === "decl").map((e) => e.seat));
  return seatsOf(S.pad.game.setup.ruleset).find((s) => !declared.has(s)) || "N";
}

// A declaration at a table of four (DP-MELD1): the melds the engine named, or none.
export function writeDeclaration(melds) {
  const battle = currentBattle(S.pad.game);
  battle.entries.push({ t: "decl", seat: S.pad.ui.meldSeat,
    melds: melds.map((m) => ({ kind: m.kind, points: m.claimed })) });
  S.pad.ui = { mode: "meld", cards: [], meldSeat: nextDeclarer(battle) };
  S.facts.meld = null;
  changed();
}

// A call of the auction or the naming of trump (bid, pass, trump).
export function writeCall(entry) {
  currentBattle(S.pad.game).entries.push(entry);
  changed();
}

export function setMode(mode, extra = {}) {
  S.pad.ui = { ...S.pad.ui, mode, cards: [], ...extra };
  S.facts.proposal = null;
  S.facts.meld = null;
  changed(false);
}

export function undo() {
  const battle = currentBattle(S.pad.game);
  if (S.pad.game.finished) S.pad.game.finished = null;
  else if (battle.claims) battle.claims = null;
  else if (battle.entries.length) battle.entries.pop();
  else if (S.pad.game.battles.length > 1) S.pad.game.battles.pop();
  S.pad.ui = { mode: "trick", cards: [] };
  changed();
}

// The engine's count of battle `b` (the validation's), per player (at a table of four, per
// side), and the game's totals so far (after the battle when it is the last one).
export function countAt(b) {
  const game = S.facts.game;
  const battle = game && game.battles[b];
  if (!battle) return null;
  const table = isTable(S.pad.game.setup.ruleset);
  const who = table ? ["ns", "ew"] : ["east", "west"];
  const of = (field) => who.map((w) => battle[w][field]);
  return { tricks: of(table ? "cards" : "tricks"), melds: of("melds"), score: of("score"),
    total: who.map((w) => game[w]) };
}

export function writeClaims(form) {
  const claims = {};
  for (const word of CLAIMS) {
    claims[word] = claimantsOf(S.pad.game.setup.ruleset).map(
      (who) => form.elements[`${word}-${who}`].value.trim() || "0");
  }
  currentBattle(S.pad.game).claims = claims;
  S.pad.ui = { mode: "trick", cards: [] };
  changed();
}

// The melder the pad offers first: the winner of the last trick written (R8D, OT8D).
export function lastWinner(battle) {
  const tricks = battle.entries.filter((e) => e.t === "trick");
  return tricks.length ? tricks[tricks.length - 1].winner : other(battle.dealer);
}
