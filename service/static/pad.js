// The score pad (/#pad): keep the record of a two-handed game as it is played, by tapping.
// The pad writes the record (padrecord.js) and the engine judges it: after every entry the
// record so far goes to POST /v1/validate (the findings, shown on the entry whose line they
// name) and POST /v1/replay (the facts: who won the trick just tapped and by which rule, the
// running count for the claims). Melds are named by POST /v1/melds, the download is
// POST /v1/format's text, the permalink a stored ruling (POST /v1/rulings). The game is kept
// in localStorage after every tap: a reload or a dropped connection loses nothing.
import { CLAIMS, RULESET_WORD, SEATS, SEAT_WORD, SUITS, TWO_HANDED, currentBattle,
  hasTrump, newBattle, newGame, other, rulesetTags, toText, tricksIn } from "./padrecord.js";
import { call, cardFace, cardList, el, errorText, glyphs, picker } from "./padcards.js";

const KEY = "pinochle-pad";
const $ = (id) => document.getElementById(id);

// `game` is the record's content; `ui` what is being entered (saved too, so a reload in the
// middle of a trick keeps its first card); `facts` the engine's last answers (not saved).
let pad = load();
let facts = { findings: [], timeline: null, proposal: null, meld: null, checking: 0 };
let rulesets = [];

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    if (saved && saved.ui) return saved;
  } catch (error) { /* a damaged copy: start afresh */ }
  return { game: null, ui: { mode: "trick", cards: [] } };
}

function save() {
  localStorage.setItem(KEY, JSON.stringify(pad));
}

// Every change: save, draw, ask the engine about the record so far.
function changed(check = true) {
  save();
  draw();
  if (check && pad.game) checkRecord();
}

// --- the engine ----------------------------------------------------------------------------

async function checkRecord() {
  const asked = ++facts.checking;
  const { text } = toText(pad.game);
  const [report, replay] = await Promise.all([
    call("POST", "/v1/validate", { text, name: "pad.pin" }),
    call("POST", "/v1/replay", text)]);
  if (asked !== facts.checking) return;          // a later entry was checked meanwhile
  facts.error = report.ok ? null : errorText(report);
  facts.findings = report.ok ? report.data.files[0].games.flatMap((g) => g.findings) : [];
  facts.timeline = replay.ok && replay.data.games[0] && replay.data.games[0].steps
    ? replay.data.games[0] : null;
  draw();
}

// Who won the tapped trick, by the rules: the record with the trick written without its
// winner, replayed; its step names the winner and the rule (or none, when the trump is not
// known: then the table says).
async function propose() {
  const [lead, follow] = pad.ui.cards;
  const game = pad.game;
  const number = tricksIn(currentBattle(game)) + 1;
  facts.proposal = { lead, follow, asking: true };
  draw();
  const result = await call("POST", "/v1/replay", toText(game, { t: "trick", lead, follow }).text);
  const steps = (result.ok && result.data.games[0] && result.data.games[0].steps) || [];
  const step = steps.find((s) => s.kind === "trick" && s.battle === game.battles.length
    && s.trick === number);
  facts.proposal = { lead, follow, error: result.ok ? null : errorText(result),
    table: step ? step.table : null };
  draw();
}

// The meld of exactly the tapped cards, as the engine names it (its kind and points).
async function nameMeld() {
  const cards = pad.ui.cards;
  const battle = currentBattle(pad.game);
  const trump = (battle.deal && battle.deal.upcard && battle.deal.upcard.slice(1)) || battle.trump;
  facts.meld = { asking: true };
  draw();
  const result = await call("POST", "/v1/melds", { ruleset: rulesetTags(pad.game.setup),
    trump: hasTrump(pad.game.setup.ruleset) ? trump : null, concealed: cards.join(" ") });
  if (!result.ok) {
    facts.meld = { error: errorText(result) };
  } else {
    const same = (takes) => takes.length === cards.length
      && [...takes].sort().join() === [...cards].sort().join();
    const legal = result.data.legal || [];
    facts.meld = { options: [...legal.filter((m) => same(m.takes)),
      ...legal.filter((m) => !same(m.takes))] };
  }
  draw();
}

// --- entries -------------------------------------------------------------------------------

function tap(card) {
  const ui = pad.ui;
  if (ui.mode === "trick") {
    if (ui.cards.length >= 2) return;
    ui.cards.push(card);
    changed(false);
    if (ui.cards.length === 2) propose();
  } else if (ui.mode === "meld") {
    ui.cards.push(card);
    facts.meld = null;
    changed(false);
  } else if (ui.mode === "deal") {
    const deal = currentBattle(pad.game).deal;
    if (ui.target === "upcard") deal.upcard = card;
    else deal[ui.target].push(card);
    changed(false);
  }
}

function writeTrick(winner) {
  const { lead, follow } = facts.proposal;
  currentBattle(pad.game).entries.push({ t: "trick", lead, follow, winner });
  pad.ui.cards = [];
  facts.proposal = null;
  changed();
}

function writeMeld(meld) {
  currentBattle(pad.game).entries.push({ t: "meld", seat: pad.ui.meldSeat || "E",
    kind: meld.kind, points: meld.points });
  pad.ui = { mode: "trick", cards: [], meldSeat: pad.ui.meldSeat };
  facts.meld = null;
  changed();
}

function setMode(mode, extra = {}) {
  pad.ui = { ...pad.ui, mode, cards: [], ...extra };
  facts.proposal = null;
  facts.meld = null;
  changed(false);
}

function undo() {
  const battle = currentBattle(pad.game);
  if (pad.game.finished) pad.game.finished = null;
  else if (battle.claims) battle.claims = null;
  else if (battle.entries.length) battle.entries.pop();
  else if (pad.game.battles.length > 1) pad.game.battles.pop();
  pad.ui = { mode: "trick", cards: [] };
  changed();
}

// The engine's count at the end of battle `b` (its last step), per seat.
function countAt(b) {
  const steps = facts.timeline ? facts.timeline.steps.filter((s) => s.battle === b + 1) : [];
  const last = steps[steps.length - 1];
  if (!last) return null;
  const of = (seat) => last.hands.find((h) => h.seat === seat);
  return { tricks: SEATS.map((s) => of(s).tricks), melds: SEATS.map((s) => of(s).meld_points),
    score: SEATS.map((s) => of(s).score), total: SEATS.map((s) => of(s).total) };
}

function writeClaims(form) {
  const claims = {};
  for (const word of CLAIMS) {
    claims[word] = SEATS.map((seat) => form.elements[`${word}-${seat}`].value.trim() || "0");
  }
  currentBattle(pad.game).claims = claims;
  pad.ui = { mode: "trick", cards: [] };
  changed();
}

// --- drawing -------------------------------------------------------------------------------

function findingsAt(place) {
  const { places } = toText(pad.game);
  return facts.findings.filter((f) => places[f.line] === place);
}

function findingList(list) {
  if (!list.length) return null;
  return el("ul", { class: "pad-findings" }, list.map((f) => el("li",
    { class: `pad-finding ${f.severity}` }, el("span", { class: "rule" }, f.rule), " ",
    ...glyphs(f.message))));
}

function seatName(seat) {
  const name = pad.game.setup[SEAT_WORD[seat]];
  return name ? `${name} (${SEAT_WORD[seat]})` : SEAT_WORD[seat];
}

function entryItem(entry, b, i, number) {
  const place = `b${b}.e${i}`;
  const findings = findingsAt(place);
  const body = entry.t === "trick"
    ? [`${number}. `, cardFace(entry.lead), " ", cardFace(entry.follow), ` → ${seatName(entry.winner)} `,
      el("button", { type: "button", class: "pad-small pad-flip",
        "aria-label": `${SEAT_WORD[other(entry.winner)]} won trick ${number}`, onclick: () => {
        entry.winner = other(entry.winner);
        changed();
      } }, `${SEAT_WORD[other(entry.winner)]} won`)]
    : [`${seatName(entry.seat)} melds `, el("b", {}, ...glyphs(entry.kind)), ` for ${entry.points}`];
  return el("li", { class: `pad-entry${findings.length ? " has-finding" : ""}`, "data-place": place,
    "data-trick": entry.t === "trick" ? number : null },
    el("div", { class: "pad-line" }, body), findingList(findings));
}

function battleBlock(battle, b) {
  const current = b === pad.game.battles.length - 1;
  let number = 0;
  const items = battle.entries.map((entry, i) => {
    if (entry.t === "trick") number += 1;
    return entryItem(entry, b, i, number);
  });
  const deal = battle.deal
    ? el("div", { class: "pad-deal" }, SEATS.concat(["stock"]).map((part) => el("div", {},
      `${part === "stock" ? "stock" : SEAT_WORD[part]}: `, cardList(battle.deal[part]))),
    battle.deal.upcard ? el("div", {}, "upcard: ", cardFace(battle.deal.upcard)) : null)
    : el("p", { class: "hint" }, "The deal was not seen.");
  const claims = battle.claims ? el("p", { class: "pad-claims" },
    CLAIMS.map((w) =>
      `${w}: East ${battle.claims[w][0]}, West ${battle.claims[w][1]}`).join(" · ")) : null;
  return el("section", { class: "pad-battle", "aria-label": `battle ${b + 1}` },
    el("h3", {}, `Battle ${b + 1} · ${seatName(battle.dealer)} deals`),
    findingList([...findingsAt(`b${b}.battle`), ...findingsAt(`b${b}.deal`)]),
    current && pad.ui.mode === "deal" ? null : deal,
    el("ol", { class: "pad-entries" }, items),
    claims, findingList(findingsAt(`b${b}.claims`)));
}

function setupForm() {
  const form = el("form", { id: "pad-setup", class: "pad-form" });
  const names = SEATS.map((seat) => el("label", {}, `${SEAT_WORD[seat]} `,
    el("input", { name: SEAT_WORD[seat], autocomplete: "off", placeholder: "name" })));
  const choice = el("select", { name: "ruleset", "aria-label": "ruleset" },
    TWO_HANDED.map((r) => el("option", { value: r }, RULESET_WORD[r])));
  const options = el("div", { class: "pad-options" });
  const showOptions = () => {
    const info = rulesets.find((r) => r.name === choice.value);
    options.replaceChildren(...(info ? info.options : []).map((o) => el("label", {}, `${o.tag} `,
      el("select", { name: `option-${o.tag}`, "data-default": o.default },
        o.values.map((v) => el("option", { value: v }, v))))));
  };
  choice.addEventListener("change", showOptions);
  showOptions();
  const dealer = el("select", { name: "dealer", "aria-label": "first dealer" },
    SEATS.map((s) => el("option", { value: s }, `${SEAT_WORD[s]} deals first`)));
  form.append(el("h3", {}, "A new game"), el("div", { class: "row" }, names),
    el("div", { class: "row" }, el("label", {}, "Ruleset ", choice), dealer),
    el("details", {}, el("summary", {}, "Options"), options),
    el("button", { type: "submit", class: "primary", id: "pad-start" }, "Start the game"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const picked = {};
    for (const select of options.querySelectorAll("select")) {
      if (select.value !== select.dataset.default) picked[select.name.slice(7)] = select.value;
    }
    pad.game = newGame({ East: form.elements.East.value.trim(),
      West: form.elements.West.value.trim(), ruleset: choice.value, options: picked,
      dealer: dealer.value });
    pad.ui = { mode: "trick", cards: [] };
    changed();
  });
  return form;
}

function dealPanel(battle) {
  const deal = battle.deal;
  const targets = ["E", "W", "stock"].concat(hasTrump(pad.game.setup.ruleset) ? ["upcard"] : []);
  const label = { E: "East's hand", W: "West's hand", stock: "stock, top first", upcard: "upcard" };
  return el("div", { class: "pad-panel", id: "pad-deal" },
    el("h4", {}, "The deal: tap each card"),
    el("div", { class: "row", role: "group", "aria-label": "the cards tapped go to" }, targets.map((t) =>
      el("button", { type: "button", class: `pad-small${pad.ui.target === t ? " on" : ""}`,
        "aria-pressed": String(pad.ui.target === t), onclick: () => { pad.ui.target = t; changed(false); } },
      `${label[t]} (${t === "upcard" ? (deal.upcard ? 1 : 0) : deal[t].length})`))),
    el("div", {}, targets.map((t) => el("div", {}, `${label[t]}: `,
      cardList(t === "upcard" ? (deal.upcard ? [deal.upcard] : []) : deal[t])))),
    picker(pad.game.setup.ruleset, tap, "the pack"),
    el("div", { class: "row" },
      el("button", { type: "button", id: "pad-deal-back", onclick: () => {
        const list = pad.ui.target === "upcard" ? null : deal[pad.ui.target];
        if (list) list.pop(); else deal.upcard = null;
        changed(false);
      } }, "Take back a card"),
      el("button", { type: "button", class: "primary", id: "pad-deal-done",
        onclick: () => { setMode("trick"); changed(); } }, "The deal is in")));
}

// The melder the pad offers first: the winner of the last trick written (R8D, OT8D).
function lastWinner(battle) {
  const tricks = battle.entries.filter((e) => e.t === "trick");
  return tricks.length ? tricks[tricks.length - 1].winner : other(battle.dealer);
}

function trickPanel(battle) {
  const number = tricksIn(battle) + 1;
  const p = facts.proposal;
  const parts = [el("h4", {}, `Trick ${number}: tap the card led, then the card played to it`),
    el("p", { class: "pad-pending", "aria-live": "polite" },
      pad.ui.cards.length ? pad.ui.cards.map(cardFace) : "no card yet")];
  if (p && p.asking) parts.push(el("p", { class: "hint" }, "asking the referee…"));
  else if (p && p.table && p.table.winner) {
    const t = p.table;
    parts.push(el("p", { id: "pad-proposal" }, `${seatName(t.lead.seat)} led; `,
      el("b", {}, `${seatName(t.winner)} wins`), ` (${t.rule})`),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "pad-confirm",
        onclick: () => writeTrick(t.winner) }, `Yes, ${SEAT_WORD[t.winner]} won`),
      el("button", { type: "button", id: "pad-other",
        onclick: () => writeTrick(other(t.winner)) }, `No, ${SEAT_WORD[other(t.winner)]} won`)));
  } else if (p) {
    parts.push(el("p", {}, p.error || "The rules cannot tell who won (the trump is not known): "
      + "who took the trick?"), el("div", { class: "row" }, SEATS.map((s) => el("button",
      { type: "button", onclick: () => writeTrick(s) }, `${SEAT_WORD[s]} won`))));
  }
  parts.push(picker(pad.game.setup.ruleset, tap, "the pack"), el("div", { class: "row" },
    el("button", { type: "button", onclick: () => setMode("trick") }, "Clear"),
    el("button", { type: "button", id: "pad-meld",
      onclick: () => setMode("meld", { meldSeat: lastWinner(battle) }) }, "A meld…"),
    battle.entries.length ? null : el("button", { type: "button", id: "pad-tap-deal", onclick: () => {
      battle.deal = battle.deal || { E: [], W: [], stock: [], upcard: null };
      setMode("deal", { target: "E" });
    } }, battle.deal ? "Correct the deal" : "Tap the deal in"),
    el("button", { type: "button", id: "pad-close", onclick: () => setMode("claims") },
      "The battle is over: claims")));
  return el("div", { class: "pad-panel", id: "pad-trick" }, parts);
}

function meldPanel(battle) {
  const m = facts.meld;
  const trumpChoice = hasTrump(pad.game.setup.ruleset) && !(battle.deal && battle.deal.upcard)
    ? el("label", {}, "Trump ", el("select", { "aria-label": "trump", onchange: (e) => {
      battle.trump = e.target.value; changed(false);
    } }, el("option", { value: "" }, "not known"), SUITS.map((s) => el("option",
      { value: s, selected: battle.trump === s }, s)))) : null;
  const parts = [el("h4", {}, "A meld: who melds, then tap its cards"),
    el("div", { class: "row" }, el("label", {}, "Melder ", el("select", { id: "pad-melder",
      onchange: (e) => { pad.ui.meldSeat = e.target.value; changed(false); } },
    SEATS.map((s) => el("option", { value: s, selected: (pad.ui.meldSeat || "E") === s },
      SEAT_WORD[s])))), trumpChoice),
    el("p", { class: "pad-pending" }, pad.ui.cards.length ? pad.ui.cards.map(cardFace) : "no card yet"),
    picker(pad.game.setup.ruleset, tap, "the pack"),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "pad-name-meld",
        disabled: !pad.ui.cards.length, onclick: nameMeld }, "Name the meld"),
      el("button", { type: "button", onclick: () => setMode("meld", { meldSeat: pad.ui.meldSeat }) }, "Clear"),
      el("button", { type: "button", onclick: () => setMode("trick") }, "Back to the tricks"))];
  if (m && m.asking) parts.push(el("p", { class: "hint" }, "asking the referee…"));
  else if (m && m.error) parts.push(el("p", { class: "error" }, m.error));
  else if (m && !m.options.length) parts.push(el("p", {}, "These cards make no meld."));
  else if (m) {
    parts.push(el("ul", { class: "pad-melds", id: "pad-meld-options" }, m.options.map((o) =>
      el("li", {}, el("button", { type: "button", class: "pad-meld-option",
        onclick: () => writeMeld(o) }, ...glyphs(o.kind), ` for ${o.points}: `, ...o.takes.map(cardFace))))));
  }
  return el("div", { class: "pad-panel", id: "pad-meld-panel" }, parts);
}

function claimsPanel(b) {
  const count = countAt(b);
  const form = el("form", { class: "pad-panel pad-form", id: "pad-claims" },
    el("h4", {}, "The battle's claims, from the referee's count (change them if the table agrees otherwise)"),
    CLAIMS.map((w) => el("div", { class: "row" }, el("span", { class: "pad-claim-word" }, w),
      SEATS.map((s) => el("label", {}, `${SEAT_WORD[s]} `, el("input", { name: `${w}-${s}`,
        inputmode: "numeric", size: "5", value: count ? count[w][SEATS.indexOf(s)] : "" }))))),
    el("div", { class: "row" },
      el("button", { type: "submit", class: "primary", id: "pad-write-claims" }, "Write the claims"),
      el("button", { type: "button", onclick: () => setMode("trick") }, "Not yet")));
  form.addEventListener("submit", (event) => { event.preventDefault(); writeClaims(form); });
  return form;
}

function afterClaims(battle) {
  return el("div", { class: "row pad-panel" },
    el("button", { type: "button", class: "primary", id: "pad-next-battle", onclick: () => {
      pad.game.battles.push(newBattle(other(battle.dealer)));
      changed();
    } }, "Next battle"),
    el("button", { type: "button", id: "pad-finish", onclick: () => {
      const count = countAt(pad.game.battles.length - 1);
      if (count) { pad.game.finished = count.total; changed(); }
    } }, "The game is over"));
}

function header() {
  const { setup } = pad.game;
  const count = countAt(pad.game.battles.length - 1);
  return el("div", { class: "pad-head" },
    el("p", {}, `${seatName("E")} and ${seatName("W")} · ${RULESET_WORD[setup.ruleset]}`,
      Object.entries(setup.options).map(([k, v]) => ` · ${k} ${v}`).join("")),
    el("p", { id: "pad-score", "aria-live": "polite" }, count
      ? `The referee's count: East ${count.total[0]}, West ${count.total[1]}` : ""),
    facts.error ? el("p", { class: "error" }, facts.error) : null,
    findingList(findingsAt("tags")));
}

function actions() {
  return el("div", { class: "row pad-actions" },
    el("button", { type: "button", id: "pad-undo", onclick: undo }, "Undo the last entry"),
    el("button", { type: "button", id: "pad-download", onclick: download }, "Download .pin"),
    el("button", { type: "button", id: "pad-save", onclick: saveRuling }, "Save as a ruling"),
    el("button", { type: "button", id: "pad-new", onclick: () => {
      if (window.confirm("Start a new game? This game's record is dropped from the pad.")) {
        pad = { game: null, ui: { mode: "trick", cards: [] } };
        facts.findings = [];
        facts.timeline = null;
        changed();
      }
    } }, "New game"));
}

function draw() {
  const body = $("pad-body");
  if (!body) return;
  if (!pad.game) {
    body.replaceChildren(setupForm());
    return;
  }
  const game = pad.game;
  const battle = currentBattle(game);
  const b = game.battles.length - 1;
  let panel = null;
  if (game.finished) {
    panel = el("p", { class: "pad-panel", id: "pad-final" },
      `The game: East ${game.finished[0]}, West ${game.finished[1]}.`, findingList(findingsAt("game")));
  } else if (battle.claims) panel = afterClaims(battle);
  else if (pad.ui.mode === "deal" && battle.deal) panel = dealPanel(battle);
  else if (pad.ui.mode === "meld") panel = meldPanel(battle);
  else if (pad.ui.mode === "claims") panel = claimsPanel(b);
  else panel = trickPanel(battle);
  const { text } = toText(game);
  body.replaceChildren(header(), ...game.battles.map(battleBlock), panel, actions(),
    el("div", { id: "pad-saved", "aria-live": "polite" }),
    el("details", { class: "pad-record" }, el("summary", {}, "The record so far"),
      el("pre", { id: "pad-text" }, text)));
}

// --- the record out ------------------------------------------------------------------------

async function download() {
  const result = await call("POST", "/v1/format", { text: toText(pad.game).text, name: "pad.pin" });
  if (!result.ok) {
    $("pad-saved").replaceChildren(el("p", { class: "error" }, errorText(result)));
    return;
  }
  const link = el("a", { href: URL.createObjectURL(new Blob([result.data],
    { type: "text/plain;charset=utf-8" })), download: "pinochle-pad.pin" });
  document.body.append(link);
  link.click();
  link.remove();
}

async function saveRuling() {
  const result = await call("POST", "/v1/rulings",
    { kind: "validate", request: { text: toText(pad.game).text, name: "pad.pin" } });
  const box = $("pad-saved");
  if (!result.ok) {
    const why = result.status === 401 || result.status === 403
      ? "this referee only saves rulings for its keeper (it has a password): download the record instead"
      : errorText(result);
    box.replaceChildren(el("p", { class: "error" }, why));
    return;
  }
  const link = new URL(result.data.permalink, location.href).href;
  box.replaceChildren(el("p", {}, "Saved: ", el("a", { href: link, id: "pad-permalink" }, link)));
}

// --- the page ------------------------------------------------------------------------------

function show() {
  const on = location.hash === "#pad";
  document.body.classList.toggle("pad-mode", on);
  $("pad").hidden = !on;
  if (on) {
    draw();
    if (pad.game) checkRecord();
  }
}

async function start() {
  const result = await call("GET", "/v1/rulesets");
  rulesets = result.ok ? result.data.rulesets : [];
  window.addEventListener("hashchange", show);
  show();
}

start();
