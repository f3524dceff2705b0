// The score pad's state and its entries: the game being kept (saved in localStorage after
// every tap), the engine's last answers about it, and what each tap or button does to them.
// The engine judges: POST /v1/validate gives the findings, POST /v1/replay the facts (who won
// the trick just tapped, the count), POST /v1/melds the meld the tapped cards make.
import { CLAIMS, SEATS, currentBattle, hasTrump, other, rulesetTags, toText, tricksIn }
  from "./padrecord.js";
import { call, errorText } from "./padcards.js";

const KEY = "pinochle-pad";

// `game` is the record's content; `ui` what is being entered (saved too, so a reload in the
// middle of a trick keeps its first card); `facts` the engine's last answers (not saved).
export const S = { pad: load(), facts: emptyFacts(), rulesets: [] };
let draw = () => {};

function emptyFacts() {
  return { findings: [], timeline: null, proposal: null, meld: null, checking: 0 };
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
  const { text } = toText(S.pad.game);
  const [report, replay] = await Promise.all([
    call("POST", "/v1/validate", { text, name: "pad.pin" }),
    call("POST", "/v1/replay", text)]);
  if (asked !== S.facts.checking) return;          // a later entry was checked meanwhile
  S.facts.error = report.ok ? null : errorText(report);
  S.facts.findings = report.ok ? report.data.files[0].games.flatMap((g) => g.findings) : [];
  S.facts.timeline = replay.ok && replay.data.games[0] && replay.data.games[0].steps
    ? replay.data.games[0] : null;
  draw();
}

// Who won the tapped trick, by the rules: the record with the trick written without its
// winner, replayed; its step names the winner and the rule (or none, when the trump is not
// known: then the table says).
export async function propose() {
  const [lead, follow] = S.pad.ui.cards;
  const game = S.pad.game;
  const number = tricksIn(currentBattle(game)) + 1;
  S.facts.proposal = { lead, follow, asking: true };
  draw();
  const result = await call("POST", "/v1/replay", toText(game, { t: "trick", lead, follow }).text);
  const steps = (result.ok && result.data.games[0] && result.data.games[0].steps) || [];
  const step = steps.find((s) => s.kind === "trick" && s.battle === game.battles.length
    && s.trick === number);
  S.facts.proposal = { lead, follow, error: result.ok ? null : errorText(result),
    table: step ? step.table : null };
  draw();
}

// The meld of exactly the tapped cards, as the engine names it (its kind and points).
export async function nameMeld() {
  const cards = S.pad.ui.cards;
  const battle = currentBattle(S.pad.game);
  const trump = (battle.deal && battle.deal.upcard && battle.deal.upcard.slice(1)) || battle.trump;
  S.facts.meld = { asking: true };
  draw();
  const result = await call("POST", "/v1/melds", { ruleset: rulesetTags(S.pad.game.setup),
    trump: hasTrump(S.pad.game.setup.ruleset) ? trump : null, concealed: cards.join(" ") });
  if (!result.ok) {
    S.facts.meld = { error: errorText(result) };
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
  if (ui.mode === "trick") {
    if (ui.cards.length >= 2) return;
    ui.cards.push(card);
    changed(false);
    if (ui.cards.length === 2) propose();
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
  const { lead, follow } = S.facts.proposal;
  currentBattle(S.pad.game).entries.push({ t: "trick", lead, follow, winner });
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

// The engine's count at the end of battle `b` (its last step), per seat.
export function countAt(b) {
  const steps = S.facts.timeline ? S.facts.timeline.steps.filter((s) => s.battle === b + 1) : [];
  const last = steps[steps.length - 1];
  if (!last) return null;
  const of = (seat) => last.hands.find((h) => h.seat === seat);
  return { tricks: SEATS.map((s) => of(s).tricks), melds: SEATS.map((s) => of(s).meld_points),
    score: SEATS.map((s) => of(s).score), total: SEATS.map((s) => of(s).total) };
}

export function writeClaims(form) {
  const claims = {};
  for (const word of CLAIMS) {
    claims[word] = SEATS.map((seat) => form.elements[`${word}-${seat}`].value.trim() || "0");
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
