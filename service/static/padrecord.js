// The score pad's game and the record it writes (docs/notation.md). Pure functions: no page,
// no service. The pad keeps a game as data (players, ruleset, battles of entries) and writes
// the record from it after every entry; the engine judges the record, never this file.

// The rulesets the pad keeps and their words (tests/test_registries.py checks that a new
// ruleset is added here or exempted).
export const RULESET_WORD = { "east-point": "East Point", "old-time": "Old-time",
  scarne: "Scarne", "25-steps": "25 steps", "double-pack": "Double-pack (four players)" };
export const PAD_RULESETS = Object.keys(RULESET_WORD);
// The ranks of each pack, highest first (East Point's pack has a deuce, R2A1; double-pack's 80
// cards have no nine, DP-PACK; the others the usual 48-card pinochle pack, A 10 K Q J 9).
const RANKS = { "east-point": "DAKQJTN", "double-pack": "ATKQJ" };
const PINOCHLE_RANKS = "ATKQJN";
export const SUITS = ["♣", "♠", "♥", "♦"];
export const SEATS = ["E", "W"];
// A table of four: its seats clockwise (N E S W, DP-PLAYERS) and its two sides.
const TABLE_SEATS = ["N", "E", "S", "W"];
const TABLES = new Set(["double-pack"]);
export const SIDES = ["NS", "EW"];
export const SEAT_WORD = { N: "North", E: "East", S: "South", W: "West" };
const RANK_WORD = { D: "deuce", A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", N: "nine" };
const SUIT_WORD = { "♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds" };
// Ranks as printed on real cards: 10 and 9, not the notation's T and N; the deuce is a 2.
const PRINTED = { D: "2", T: "10", N: "9" };

export const ranksOf = (ruleset) => RANKS[ruleset] || PINOCHLE_RANKS;
export const hasTrump = (ruleset) => ruleset !== "east-point";
export const printedRank = (card) => PRINTED[card[0]] || card[0];
export const cardName = (card) => `${RANK_WORD[card[0]]} of ${SUIT_WORD[card.slice(1)]}`;
export const isRed = (card) => card.endsWith("♥") || card.endsWith("♦");
export const other = (seat) => (seat === "E" ? "W" : "E");
export const isTable = (ruleset) => TABLES.has(ruleset);
export const seatsOf = (ruleset) => (isTable(ruleset) ? TABLE_SEATS : SEATS);
// Who the claims are about: each player at two, each side at four.
export const claimantsOf = (ruleset) => (isTable(ruleset) ? SIDES : SEATS);
// The next seat clockwise (the dealer's left bids and deals next at a table of four,
// DP-BID1, DP-DEAL3); at two, the other player (R4B, OT4B).
export function nextSeat(ruleset, seat) {
  const seats = seatsOf(ruleset);
  return seats[(seats.indexOf(seat) + 1) % seats.length];
}

export function newGame(setup) {
  return { setup, battles: [newBattle(setup.dealer)], finished: null };
}

export function newBattle(dealer) {
  // deal: null while not seen, else { E: [], W: [], stock: [], upcard: null } (at a table of
  // four { N: [], E: [], S: [], W: [] })
  return { dealer, deal: null, trump: null, entries: [], claims: null };
}

export function currentBattle(game) {
  return game.battles[game.battles.length - 1];
}

export function tricksIn(battle) {
  return battle.entries.filter((e) => e.t === "trick").length;
}

// The tag values of a game: the ruleset and its options, as a record gives them.
export function rulesetTags(setup) {
  return { Ruleset: setup.ruleset, ...setup.options };
}

const quote = (value) => `"${String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
const pair = (word, who, [first, second]) => `${word} ${who[0]} ${first} ${who[1]} ${second}`;

// The parts of a deal, in the order the record writes them (§2.3; §11's four hands).
export function dealParts(ruleset) {
  if (isTable(ruleset)) return TABLE_SEATS;
  return ["E", "W", "stock"].concat(hasTrump(ruleset) ? ["upcard"] : []);
}

// The deal's lines, once every line has a card (the notation wants one at least).
function dealLines(deal, ruleset) {
  if (!deal) return [];
  const parts = dealParts(ruleset).filter((part) => part !== "upcard");
  if (parts.some((part) => !deal[part].length)) return [];
  const lines = parts.map((part) => `${part}: ${deal[part].join(" ")}`);
  if (deal.upcard) lines.push(`upcard: ${deal.upcard}`);
  return lines;
}

const LINES = {
  trick: (e, number) => `${number}. ${e.cards.join(" ")}${e.winner ? " " + e.winner : ""}`,
  meld: (e) => `meld ${e.seat} ${e.kind} ${e.points}`,
  // a declaration at a table of four: every meld of the player, or 0 for none (DP-MELD1)
  decl: (e) => `meld ${e.seat} ${e.melds.length
    ? e.melds.map((m) => `${m.kind} ${m.points}`).join(" ") : "0"}`,
  bid: (e) => `bid ${e.seat} ${e.amount}`,
  announce: (e) => `announce ${e.seat} ${e.amount}`,
  pass: (e) => `pass ${e.seat}`,
  trump: (e) => `trump ${e.suit}`,
};

export function entryLine(entry, number) {
  return LINES[entry.t](entry, number);
}

// The claim lines of a battle: trick points, meld points, the battle score and the game total
// after it (R8G, R3, R4A; OT8H, OT3, OT2B), all from the engine's count and editable.
export const CLAIMS = ["tricks", "melds", "score", "total"];

// The record of a game, and where each part of it stands: `places[line]` is what wrote that
// line ("tags", "b0.battle", "b0.deal", "b0.e3", "b0.claims", "game"), so that a finding at a
// line is shown on the entry that caused it. `extra` (a trick without its winner) is written
// last in the current battle, for the engine to say who won it.
export function toText(game, extra = null) {
  const { setup } = game;
  const lines = [];
  const places = [null];
  const put = (line, place) => { lines.push(line); places.push(place); };
  const who = claimantsOf(setup.ruleset);
  const names = Object.fromEntries(seatsOf(setup.ruleset)
    .map((s) => [SEAT_WORD[s], setup.names[s]]));
  const tags = { ...names, ...rulesetTags(setup),
    Result: game.finished ? `${game.finished[0]}-${game.finished[1]}` : "*" };
  for (const [name, value] of Object.entries(tags)) {
    if (value !== "" && value !== undefined) put(`[${name} ${quote(value)}]`, "tags");
  }
  game.battles.forEach((battle, b) => {
    put("", null);
    put(`battle ${b + 1} dealer ${battle.dealer}`, `b${b}.battle`);
    for (const line of dealLines(battle.deal, setup.ruleset)) put(line, `b${b}.deal`);
    let number = 0;
    battle.entries.forEach((entry, i) => {
      if (entry.t === "trick") number += 1;
      put(entryLine(entry, number), `b${b}.e${i}`);
    });
    if (extra && b === game.battles.length - 1) put(entryLine(extra, number + 1), "extra");
    if (battle.claims) {
      for (const word of CLAIMS) {
        if (battle.claims[word]) put(pair(word, who, battle.claims[word]), `b${b}.claims`);
      }
    }
  });
  if (game.finished) {
    put("", null);
    put(pair("game", who, game.finished), "game");
  }
  return { text: lines.join("\n") + "\n", places };
}
