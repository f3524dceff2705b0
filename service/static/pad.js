// The score pad (/#pad): keep the record of a two-handed game as it is played, by tapping.
// The pad writes the record (padrecord.js) and the engine judges it: after every entry the
// record so far goes to POST /v1/validate (the findings, shown on the entry whose line they
// name) and POST /v1/replay (the facts: who won the trick just tapped and by which rule, the
// running count for the claims). Melds are named by POST /v1/melds, the download is
// POST /v1/format's text, the permalink a stored ruling (POST /v1/rulings). The game is kept
// in localStorage after every tap: a reload or a dropped connection loses nothing.
import { CLAIMS, RULESET_WORD, SEATS, SEAT_WORD, SUITS, TWO_HANDED, currentBattle,
  hasTrump, newBattle, newGame, other, toText, tricksIn } from "./padrecord.js";
import { call, cardFace, cardList, el, errorText, glyphs, picker } from "./padcards.js";
import { S, changed, checkRecord, countAt, fresh, lastWinner, nameMeld, onDraw, save, setMode,
  tap, undo, writeClaims, writeMeld, writeTrick } from "./padstate.js";

// --- drawing -------------------------------------------------------------------------------

function findingsAt(place) {
  const { places } = toText(S.pad.game);
  return S.facts.findings.filter((f) => places[f.line] === place);
}

function findingList(list) {
  if (!list.length) return null;
  return el("ul", { class: "pad-findings" }, list.map((f) => el("li",
    { class: `pad-finding ${f.severity}` }, el("span", { class: "rule" }, f.rule), " ",
    ...glyphs(f.message))));
}

function seatName(seat) {
  const name = S.pad.game.setup[SEAT_WORD[seat]];
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
  const current = b === S.pad.game.battles.length - 1;
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
    current && S.pad.ui.mode === "deal" ? null : deal,
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
    const info = S.rulesets.find((r) => r.name === choice.value);
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
    S.pad.game = newGame({ East: form.elements.East.value.trim(),
      West: form.elements.West.value.trim(), ruleset: choice.value, options: picked,
      dealer: dealer.value });
    S.pad.ui = { mode: "trick", cards: [] };
    changed();
  });
  return form;
}

function dealPanel(battle) {
  const deal = battle.deal;
  const targets = ["E", "W", "stock"].concat(hasTrump(S.pad.game.setup.ruleset) ? ["upcard"] : []);
  const label = { E: "East's hand", W: "West's hand", stock: "stock, top first", upcard: "upcard" };
  return el("div", { class: "pad-panel", id: "pad-deal" },
    el("h4", {}, "The deal: tap each card"),
    el("div", { class: "row", role: "group", "aria-label": "the cards tapped go to" }, targets.map((t) =>
      el("button", { type: "button", class: `pad-small${S.pad.ui.target === t ? " on" : ""}`,
        "aria-pressed": String(S.pad.ui.target === t), onclick: () => { S.pad.ui.target = t; changed(false); } },
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

function trickPanel(battle) {
  const number = tricksIn(battle) + 1;
  const p = S.facts.proposal;
  const parts = [el("h4", {}, `Trick ${number}: tap the card led, then the card played to it`),
    el("p", { class: "pad-pending", "aria-live": "polite" },
      S.pad.ui.cards.length ? S.pad.ui.cards.map(cardFace) : "no card yet")];
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
  parts.push(picker(S.pad.game.setup.ruleset, tap, "the pack"), el("div", { class: "row" },
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
  const m = S.facts.meld;
  const trumpChoice = hasTrump(S.pad.game.setup.ruleset) && !(battle.deal && battle.deal.upcard)
    ? el("label", {}, "Trump ", el("select", { "aria-label": "trump", onchange: (e) => {
      battle.trump = e.target.value; changed(false);
    } }, el("option", { value: "" }, "not known"), SUITS.map((s) => el("option",
      { value: s, selected: battle.trump === s }, s)))) : null;
  const parts = [el("h4", {}, "A meld: who melds, then tap its cards"),
    el("div", { class: "row" }, el("label", {}, "Melder ", el("select", { id: "pad-melder",
      onchange: (e) => { S.pad.ui.meldSeat = e.target.value; changed(false); } },
    SEATS.map((s) => el("option", { value: s, selected: (S.pad.ui.meldSeat || "E") === s },
      SEAT_WORD[s])))), trumpChoice),
    el("p", { class: "pad-pending" }, S.pad.ui.cards.length ? S.pad.ui.cards.map(cardFace) : "no card yet"),
    picker(S.pad.game.setup.ruleset, tap, "the pack"),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "pad-name-meld",
        disabled: !S.pad.ui.cards.length, onclick: nameMeld }, "Name the meld"),
      el("button", { type: "button", onclick: () => setMode("meld", { meldSeat: S.pad.ui.meldSeat }) }, "Clear"),
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

// A claim's field: what the table typed (kept across a reload), else the engine's count.
function claimValue(count, word, seat) {
  const typed = S.pad.ui.draft && S.pad.ui.draft[`${word}-${seat}`];
  if (typed !== undefined) return typed;
  return count ? count[word][SEATS.indexOf(seat)] : "";
}

function claimsPanel(b) {
  const count = countAt(b);
  const form = el("form", { class: "pad-panel pad-form", id: "pad-claims" },
    el("h4", {}, "The battle's claims, from the referee's count (change them if the table agrees otherwise)"),
    CLAIMS.map((w) => el("div", { class: "row" }, el("span", { class: "pad-claim-word" }, w),
      SEATS.map((s) => el("label", {}, `${SEAT_WORD[s]} `, el("input", { name: `${w}-${s}`,
        inputmode: "numeric", size: "5", value: claimValue(count, w, s), oninput: (e) => {
          S.pad.ui.draft = { ...S.pad.ui.draft, [e.target.name]: e.target.value };
          save();                                     // kept, not drawn: the focus stays
        } }))))),
    el("div", { class: "row" },
      el("button", { type: "submit", class: "primary", id: "pad-write-claims" }, "Write the claims"),
      el("button", { type: "button", onclick: () => setMode("trick") }, "Not yet")));
  form.addEventListener("submit", (event) => { event.preventDefault(); writeClaims(form); });
  return form;
}

function afterClaims(battle) {
  return el("div", { class: "row pad-panel" },
    el("button", { type: "button", class: "primary", id: "pad-next-battle", onclick: () => {
      S.pad.game.battles.push(newBattle(other(battle.dealer)));
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
  return el("div", { class: "pad-head" },
    el("p", {}, `${seatName("E")} and ${seatName("W")} · ${RULESET_WORD[setup.ruleset]}`,
      Object.entries(setup.options).map(([k, v]) => ` · ${k} ${v}`).join("")),
    el("p", { id: "pad-score", "aria-live": "polite" }, count
      ? `The referee's count: East ${count.total[0]}, West ${count.total[1]}` : ""),
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
  const battle = currentBattle(game);
  const b = game.battles.length - 1;
  let panel = null;
  if (game.finished) {
    panel = el("p", { class: "pad-panel", id: "pad-final" },
      `The game: East ${game.finished[0]}, West ${game.finished[1]}.`, findingList(findingsAt("game")));
  } else if (battle.claims) panel = afterClaims(battle);
  else if (S.pad.ui.mode === "deal" && battle.deal) panel = dealPanel(battle);
  else if (S.pad.ui.mode === "meld") panel = meldPanel(battle);
  else if (S.pad.ui.mode === "claims") panel = claimsPanel(b);
  else panel = trickPanel(battle);
  const { text } = toText(game);
  body.replaceChildren(header(), ...game.battles.map(battleBlock), panel, actions(),
    el("div", { id: "pad-saved", "aria-live": "polite" }),
    el("details", { class: "pad-record" }, el("summary", {}, "The record so far"),
      el("pre", { id: "pad-text" }, text)));
}

// --- the record out ------------------------------------------------------------------------

async function download() {
  const result = await call("POST", "/v1/format", { text: toText(S.pad.game).text, name: "pad.pin" });
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
