// The score pad (/#pad): keep the record of a game as it is played (two-handed, or a table of
// four: padtable.js), by tapping.
// The pad writes the record (padrecord.js) and the engine judges it: after every entry the
// record so far goes to POST /v1/validate (the findings, shown on the entry whose line they
// name, and the count the claims are filled from); POST /v1/replay says who won the trick just
// tapped and by which rule. Melds are named by POST /v1/melds, the download is
// POST /v1/format's text, the permalink a stored ruling (POST /v1/rulings). The game is kept
// in localStorage after every tap: a reload or a dropped connection loses nothing.
import { CLAIMS, PAD_RULESETS, RULESET_WORD, SEAT_WORD, SUITS, claimantsOf, currentBattle,
  dealParts, hasTrump, isTable, newBattle, newGame, nextSeat, other, seatsOf, toText, tricksIn }
  from "./padrecord.js";
import { $ } from "./dom.js";
import { call, cardFace, cardList, el, errorText, glyphs, picker } from "./padcards.js";
import { S, changed, checkRecord, countAt, fresh, lastWinner, nameMeld, onDraw, save, setMode,
  tap, undo, writeClaims, writeMeld, writeTrick } from "./padstate.js";
import { auctionPanel, declarationPanel, seatName, tableBar } from "./padtable.js";

// --- drawing -------------------------------------------------------------------------------

// What wrote each line of the record drawn (toText's places), set by draw().
let places = [];

function findingsAt(place) {
  return S.facts.findings.filter((f) => places[f.line] === place);
}

function findingList(list) {
  if (!list.length) return null;
  return el("ul", { class: "pad-findings" }, list.map((f) => el("li",
    { class: `pad-finding ${f.severity}` }, el("span", { class: "rule" }, f.rule), " ",
    ...glyphs(f.message))));
}

// A trick's winner, to correct: the other player (at two), any seat (at four).
function winnerControl(entry, number) {
  const win = (seat) => { entry.winner = seat; changed(); };
  if (isTable(S.pad.game.setup.ruleset)) {
    return el("select", { class: "pad-flip", "aria-label": `winner of trick ${number}`,
      onchange: (e) => win(e.target.value) }, seatsOf(S.pad.game.setup.ruleset).map((s) =>
      el("option", { value: s, selected: s === entry.winner }, SEAT_WORD[s])));
  }
  const loser = other(entry.winner);
  return el("button", { type: "button", class: "pad-small pad-flip",
    "aria-label": `${SEAT_WORD[loser]} won trick ${number}`, onclick: () => win(loser) },
  `${SEAT_WORD[loser]} won`);
}

const SAYS = {
  trick: (e, number) => [`${number}. `, e.cards.map(cardFace), ` → ${seatName(e.winner)} `,
    winnerControl(e, number)],
  meld: (e) => [`${seatName(e.seat)} melds `, el("b", {}, ...glyphs(e.kind)), ` for ${e.points}`],
  decl: (e) => [`${seatName(e.seat)} declares `, e.melds.length
    ? e.melds.flatMap((m, i) => [i ? ", " : "", el("b", {}, ...glyphs(m.kind)), ` ${m.points}`])
    : "no meld"],
  bid: (e) => [`${seatName(e.seat)} bids ${e.amount}`],
  announce: (e) => [`${seatName(e.seat)} announces a meld of ${e.amount}`],
  pass: (e) => [`${seatName(e.seat)} passes`],
  trump: (e) => ["Trump: ", ...glyphs(e.suit)],
};

function entryItem(entry, b, i, number) {
  const place = `b${b}.e${i}`;
  const findings = findingsAt(place);
  const body = SAYS[entry.t](entry, number);
  return el("li", { class: `pad-entry${findings.length ? " has-finding" : ""}`, "data-place": place,
    "data-trick": entry.t === "trick" ? number : null },
    el("div", { class: "pad-line" }, body), findingList(findings));
}

function battleBlock(battle, b) {
  const current = b === S.pad.game.battles.length - 1;
  let number = 0;
  const items = battle.entries.map((entry, i) => {
    if (entry.t === "trick") number += 1;
    return entryItem(entry, b, i, number);
  });
  const ruleset = S.pad.game.setup.ruleset;
  const deal = battle.deal
    ? el("div", { class: "pad-deal" }, dealParts(ruleset).map((part) => el("div", {},
      `${SEAT_WORD[part] || part}: `, cardList(part === "upcard"
        ? [battle.deal.upcard].filter(Boolean) : battle.deal[part]))))
    : el("p", { class: "hint" }, "The deal was not seen.");
  const who = claimantsOf(ruleset).map((c) => SEAT_WORD[c] || c);
  const claims = battle.claims ? el("p", { class: "pad-claims" },
    CLAIMS.map((w) => `${w}: ${who[0]} ${battle.claims[w][0]}, ${who[1]} ${battle.claims[w][1]}`)
      .join(" · ")) : null;
  return el("section", { class: "pad-battle", "aria-label": `battle ${b + 1}` },
    el("h3", {}, `Battle ${b + 1} · ${seatName(battle.dealer)} deals`),
    findingList([...findingsAt(`b${b}.battle`), ...findingsAt(`b${b}.deal`)]),
    current && S.pad.ui.mode === "deal" ? null : deal,
    el("ol", { class: "pad-entries" }, items),
    claims, findingList(findingsAt(`b${b}.claims`)));
}

function setupForm() {
  const form = el("form", { id: "pad-setup", class: "pad-form" });
  const names = el("div", { class: "row" });
  const dealer = el("select", { name: "dealer", "aria-label": "first dealer" });
  const choice = el("select", { name: "ruleset", "aria-label": "ruleset" },
    PAD_RULESETS.map((r) => el("option", { value: r }, RULESET_WORD[r])));
  const options = el("div", { class: "pad-options" });
  const showOptions = () => {
    const seats = seatsOf(choice.value);
    const typed = Object.fromEntries([...names.querySelectorAll("input")]
      .map((i) => [i.name, i.value]));
    names.replaceChildren(...seats.map((seat) => el("label", {}, `${SEAT_WORD[seat]} `,
      el("input", { name: seat, autocomplete: "off", placeholder: "name",
        value: typed[seat] || "" }))));
    dealer.replaceChildren(...seats.map((s) => el("option", { value: s },
      `${SEAT_WORD[s]} deals first`)));
    const info = S.rulesets.find((r) => r.name === choice.value);
    options.replaceChildren(...(info ? info.options : []).map((o) => el("label", {}, `${o.tag} `,
      el("select", { name: `option-${o.tag}`, "data-default": o.default },
        o.values.map((v) => el("option", { value: v }, v))))));
  };
  choice.addEventListener("change", showOptions);
  showOptions();
  form.append(el("h3", {}, "A new game"), names,
    el("div", { class: "row" }, el("label", {}, "Ruleset ", choice), dealer),
    el("details", {}, el("summary", {}, "Options"), options),
    el("button", { type: "submit", class: "primary", id: "pad-start" }, "Start the game"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const picked = {};
    for (const select of options.querySelectorAll("select")) {
      if (select.value !== select.dataset.default) picked[select.name.slice(7)] = select.value;
    }
    const players = Object.fromEntries(seatsOf(choice.value).map((seat) =>
      [seat, form.elements[seat].value.trim()]));
    S.pad.game = newGame({ names: players, ruleset: choice.value, options: picked,
      dealer: dealer.value });
    S.pad.ui = { mode: isTable(choice.value) ? "auction" : "trick", cards: [] };
    changed();
  });
  return form;
}

function dealPanel(battle) {
  const deal = battle.deal;
  const targets = dealParts(S.pad.game.setup.ruleset);
  const label = { stock: "stock, top first", upcard: "upcard" };
  for (const seat of "NESW") label[seat] = `${SEAT_WORD[seat]}'s hand`;
  return el("div", { class: "pad-panel", id: "pad-deal" },
    el("h4", {}, "The deal: tap each card"),
    el("div", { class: "row", role: "group", "aria-label": "the cards tapped go to" },
      targets.map((t) =>
      el("button", { type: "button", class: `pad-small${S.pad.ui.target === t ? " on" : ""}`,
        "aria-pressed": String(S.pad.ui.target === t),
        onclick: () => { S.pad.ui.target = t; changed(false); } },
      `${label[t]} (${t === "upcard" ? (deal.upcard ? 1 : 0) : deal[t].length})`))),
    el("div", {}, targets.map((t) => el("div", {}, `${label[t]}: `,
      cardList(t === "upcard" ? (deal.upcard ? [deal.upcard] : []) : deal[t])))),
    picker(S.pad.game.setup.ruleset, tap, "the pack"),
    el("div", { class: "row" },
      el("button", { type: "button", id: "pad-deal-back", onclick: () => {
        const list = S.pad.ui.target === "upcard" ? null : deal[S.pad.ui.target];
        if (list) list.pop(); else deal.upcard = null;
        changed(false);
      } }, "Take back a card"),
      el("button", { type: "button", class: "primary", id: "pad-deal-done",
        onclick: () => { setMode("trick"); changed(); } }, "The deal is in")));
}

// The deal, to tap in (or correct): its parts empty the first time.
function openDeal(battle) {
  const parts = dealParts(S.pad.game.setup.ruleset);
  battle.deal = battle.deal || Object.fromEntries(parts.map((part) =>
    [part, part === "upcard" ? null : []]));
  setMode("deal", { target: parts[0] });
}

function trickPanel(battle) {
  const number = tricksIn(battle) + 1;
  const p = S.facts.proposal;
  const ruleset = S.pad.game.setup.ruleset;
  const table = isTable(ruleset);
  const parts = [el("h4", {}, table ? `Trick ${number}: tap the four cards in the order played`
    : `Trick ${number}: tap the card led, then the card played to it`),
    el("p", { class: "pad-pending", "aria-live": "polite" },
      S.pad.ui.cards.length ? S.pad.ui.cards.map(cardFace) : "no card yet")];
  if (p && p.asking) parts.push(el("p", { class: "hint" }, "asking the referee…"));
  else if (p && p.table && p.table.winner) {
    const t = p.table;
    const others = seatsOf(ruleset).filter((s) => s !== t.winner);
    parts.push(el("p", { id: "pad-proposal" }, `${seatName(t.lead.seat)} led; `,
      el("b", {}, `${seatName(t.winner)} wins`), t.rule ? ` (${t.rule})` : ""),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "pad-confirm",
        onclick: () => writeTrick(t.winner) }, `Yes, ${SEAT_WORD[t.winner]} won`),
      others.map((s) => el("button", { type: "button", class: "pad-other",
        id: table ? null : "pad-other",
        onclick: () => writeTrick(s) }, `No, ${SEAT_WORD[s]} won`))));
  } else if (p) {
    parts.push(el("p", {}, p.error || "The rules cannot tell who won (the trump is not known): "
      + "who took the trick?"), el("div", { class: "row" }, seatsOf(ruleset).map((s) => el("button",
      { type: "button", onclick: () => writeTrick(s) }, `${SEAT_WORD[s]} won`))));
  }
  parts.push(picker(ruleset, tap, "the pack"), el("div", { class: "row" },
    el("button", { type: "button", onclick: () => setMode("trick") }, "Clear"),
    table ? null : el("button", { type: "button", id: "pad-meld",
      onclick: () => setMode("meld", { meldSeat: lastWinner(battle) }) }, "A meld…"),
    battle.entries.length ? null : el("button", { type: "button", id: "pad-tap-deal",
      onclick: () => openDeal(battle) }, battle.deal ? "Correct the deal" : "Tap the deal in"),
    el("button", { type: "button", id: "pad-close", onclick: () => setMode("claims") },
      "The battle is over: claims")));
  return el("div", { class: "pad-panel", id: "pad-trick" }, parts);
}

function meldPanel(battle) {
  const m = S.facts.meld;
  const trumpChoice = hasTrump(S.pad.game.setup.ruleset) && !(battle.deal && battle.deal.upcard)
    ? el("label", {}, "Trump ", el("select", { "aria-label": "trump", onchange: (e) => {
      battle.trump = e.target.value; changed(false);
    } }, el("option", { value: "" }, "not known"), SUITS.map((s) => el("option",
      { value: s, selected: battle.trump === s }, s)))) : null;
  const parts = [el("h4", {}, "A meld: who melds, then tap its cards"),
    el("div", { class: "row" }, el("label", {}, "Melder ", el("select", { id: "pad-melder",
      onchange: (e) => { S.pad.ui.meldSeat = e.target.value; changed(false); } },
    seatsOf(S.pad.game.setup.ruleset).map((s) => el("option",
      { value: s, selected: (S.pad.ui.meldSeat || "E") === s },
      SEAT_WORD[s])))), trumpChoice),
    el("p", { class: "pad-pending" },
      S.pad.ui.cards.length ? S.pad.ui.cards.map(cardFace) : "no card yet"),
    picker(S.pad.game.setup.ruleset, tap, "the pack"),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "pad-name-meld",
        disabled: !S.pad.ui.cards.length, onclick: nameMeld }, "Name the meld"),
      el("button", { type: "button",
        onclick: () => setMode("meld", { meldSeat: S.pad.ui.meldSeat }) }, "Clear"),
      el("button", { type: "button", onclick: () => setMode("trick") }, "Back to the tricks"))];
  if (m && m.asking) parts.push(el("p", { class: "hint" }, "asking the referee…"));
  else if (m && m.error) parts.push(el("p", { class: "error" }, m.error));
  else if (m && !m.options.length) parts.push(el("p", {}, "These cards make no meld."));
  else if (m) {
    parts.push(el("ul", { class: "pad-melds", id: "pad-meld-options" }, m.options.map((o) =>
      el("li", {}, el("button", { type: "button", class: "pad-meld-option",
        onclick: () => writeMeld(o) }, ...glyphs(o.kind), ` for ${o.points}: `,
      ...o.takes.map(cardFace))))));
  }
  return el("div", { class: "pad-panel", id: "pad-meld-panel" }, parts);
}

// A claim's field: what the table typed (kept across a reload), else the engine's count.
function claimValue(count, word, seat) {
  const typed = S.pad.ui.draft && S.pad.ui.draft[`${word}-${seat}`];
  if (typed !== undefined) return typed;
  return count ? count[word][claimantsOf(S.pad.game.setup.ruleset).indexOf(seat)] : "";
}

function claimsPanel(b) {
  const count = countAt(b);
  const form = el("form", { class: "pad-panel pad-form", id: "pad-claims" },
    el("h4", {}, "The battle's claims, from the referee's count "
      + "(change them if the table agrees otherwise)"),
    CLAIMS.map((w) => el("div", { class: "row" }, el("span", { class: "pad-claim-word" }, w),
      claimantsOf(S.pad.game.setup.ruleset).map((s) => el("label", {}, `${SEAT_WORD[s] || s} `,
        el("input", { name: `${w}-${s}`,
        inputmode: "numeric", size: "5", value: claimValue(count, w, s), oninput: (e) => {
          S.pad.ui.draft = { ...S.pad.ui.draft, [e.target.name]: e.target.value };
          save();                                     // kept, not drawn: the focus stays
        } }))))),
    el("div", { class: "row" },
      el("button", { type: "submit", class: "primary", id: "pad-write-claims" },
        "Write the claims"),
      el("button", { type: "button", onclick: () => setMode("trick") }, "Not yet")));
  form.addEventListener("submit", (event) => { event.preventDefault(); writeClaims(form); });
  return form;
}

function afterClaims(battle) {
  return el("div", { class: "row pad-panel" },
    el("button", { type: "button", class: "primary", id: "pad-next-battle", onclick: () => {
      S.pad.game.battles.push(newBattle(nextSeat(S.pad.game.setup.ruleset, battle.dealer)));
      changed();
    } }, "Next battle"),
    el("button", { type: "button", id: "pad-finish", onclick: () => {
      const count = countAt(S.pad.game.battles.length - 1);
      if (count) { S.pad.game.finished = count.total; changed(); }
    } }, "The game is over"));
}

function header() {
  const { setup } = S.pad.game;
  const count = countAt(S.pad.game.battles.length - 1);
  const who = claimantsOf(setup.ruleset).map((c) => SEAT_WORD[c] || c);
  return el("div", { class: "pad-head" },
    el("p", {}, seatsOf(setup.ruleset).map(seatName).join(", "),
      ` · ${RULESET_WORD[setup.ruleset]}`,
      Object.entries(setup.options).map(([k, v]) => ` · ${k} ${v}`).join("")),
    el("p", { id: "pad-score", "aria-live": "polite" }, count
      ? `The referee's count: ${who[0]} ${count.total[0]}, ${who[1]} ${count.total[1]}` : ""),
    count ? el("p", { id: "pad-battle-count" }, ["tricks", "melds"].map((w) =>
      `${w} ${who[0]} ${count[w][0]}, ${who[1]} ${count[w][1]}`).join(" · "), " this battle")
      : null,
    S.facts.error ? el("p", { class: "error" }, S.facts.error) : null,
    findingList(findingsAt("tags")));
}

function actions() {
  return el("div", { class: "row pad-actions" },
    el("button", { type: "button", id: "pad-undo", onclick: undo }, "Undo the last entry"),
    el("button", { type: "button", id: "pad-download", onclick: download }, "Download .pin"),
    el("button", { type: "button", id: "pad-save", onclick: saveRuling }, "Save as a ruling"),
    el("button", { type: "button", id: "pad-new", onclick: () => {
      if (window.confirm("Start a new game? This game's record is dropped from the pad.")) fresh();
    } }, "New game"));
}

function draw() {
  const body = $("pad-body");
  if (!body) return;
  if (!S.pad.game) {
    body.replaceChildren(setupForm());
    return;
  }
  const game = S.pad.game;
  const { text, places: written } = toText(game);
  places = written;
  const battle = currentBattle(game);
  const b = game.battles.length - 1;
  const table = isTable(game.setup.ruleset);
  let panel = null;
  if (game.finished) {
    const who = claimantsOf(game.setup.ruleset).map((c) => SEAT_WORD[c] || c);
    panel = el("p", { class: "pad-panel", id: "pad-final" },
      `The game: ${who[0]} ${game.finished[0]}, ${who[1]} ${game.finished[1]}.`,
      findingList(findingsAt("game")));
  } else if (battle.claims) panel = afterClaims(battle);
  else if (S.pad.ui.mode === "deal" && battle.deal) panel = dealPanel(battle);
  else if (S.pad.ui.mode === "meld") panel = table ? declarationPanel() : meldPanel(battle);
  else if (S.pad.ui.mode === "auction" && table) panel = auctionPanel(battle);
  else if (S.pad.ui.mode === "claims") panel = claimsPanel(b);
  else panel = trickPanel(battle);
  body.replaceChildren(header(), ...game.battles.map(battleBlock),
    table && !battle.claims && !game.finished ? tableBar() : null, panel, actions(),
    el("div", { id: "pad-saved", "aria-live": "polite" }),
    el("details", { class: "pad-record" }, el("summary", {}, "The record so far"),
      el("pre", { id: "pad-text" }, text)));
}

// --- the record out ------------------------------------------------------------------------

async function download() {
  const result = await call("POST", "/v1/format",
    { text: toText(S.pad.game).text, name: "pad.pin" });
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
    { kind: "validate", request: { text: toText(S.pad.game).text, name: "pad.pin" } });
  const box = $("pad-saved");
  if (!result.ok) {
    const why = result.status === 401 || result.status === 403
      ? "this referee only saves rulings for its keeper (it has a password): download the "
        + "record instead"
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
    if (S.pad.game) checkRecord();
  }
}

async function start() {
  onDraw(draw);
  const result = await call("GET", "/v1/rulesets");
  S.rulesets = result.ok ? result.data.rulesets : [];
  window.addEventListener("hashchange", show);
  show();
}

start();
