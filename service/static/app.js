// The replay page: plain JavaScript, no build step. It asks the service for the timeline of a
// record (POST /v1/replay) and draws one step at a time; the dispute question goes to
// POST /v1/melds, a stored ruling comes from GET /v1/rulings/{id} (the page at /r/{id}).
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  text: "",          // the record replayed
  lines: [],         // its lines
  timeline: null,    // the /v1/replay answer
  game: 0,           // index into timeline.games
  step: 0,           // index into the game's steps
  question: null,    // the last /v1/melds request asked
};

// --- talking to the service ----------------------------------------------------------------

async function call(method, path, body, headers = {}) {
  const options = { method, headers: { ...headers } };
  if (typeof body === "string") {
    options.headers["Content-Type"] = "text/plain; charset=utf-8";
    options.body = body;
  } else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  // A network failure or an answer cut short is an answer too: the page says so.
  const failed = (message) => ({ status: 0, ok: false, data: { error: { message } } });
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return failed("the service could not be reached (is it running, and are you online?)");
  }
  const type = response.headers.get("Content-Type") || "";
  try {
    const data = type.includes("json") ? await response.json() : await response.text();
    return { status: response.status, ok: response.ok, data };
  } catch (error) {
    return failed(`the service's answer (${response.status}) could not be read`);
  }
}

function errorText(result) {
  const error = result.data && result.data.error;
  if (error && error.message) return error.message;
  return `the service answered ${result.status}`;
}

// --- small DOM helpers ---------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const RANKS = { D: "deuce", A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", N: "nine" };
const SUITS = { "♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds" };
const WORD = { E: "East", W: "West", N: "North", S: "South" };
const SIDE_WORD = { NS: "North-South", EW: "East-West" };
const RULESET_WORD = { "east-point": "East Point", "old-time": "Old-time", scarne: "Scarne",
  "25-steps": "25 steps", "double-pack": "Double-pack" };

// A table of four (the partnership game): its timeline gives the sides and the auction.
function isTable(g) {
  return g.ns !== undefined && g.ns !== null;
}

function suitClass(glyph) {
  return glyph === "♥" || glyph === "♦" ? "red" : "black";
}

// A card as the record writes it ("Q♥"): its rank and its suit glyph, red or black.
function card(text, extra = "") {
  if (!text) return el("span", { class: "card unknown", title: "unknown card" }, "?");
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  return el("span", {
    class: `card ${suitClass(suit)} ${extra}`.trim(),
    title: `${RANKS[rank] || rank} of ${SUITS[suit] || suit}`,
  }, el("span", { class: "rank" }, rank), el("span", { class: "suit" }, suit));
}

// Suit glyphs inside a text (a meld kind "♣2", a message) coloured as on the cards.
function glyphs(text) {
  const out = [];
  let plain = "";
  for (const ch of String(text)) {
    if (SUITS[ch]) {
      if (plain) out.push(plain);
      plain = "";
      out.push(el("span", { class: suitClass(ch) }, ch));
    } else {
      plain += ch;
    }
  }
  if (plain) out.push(plain);
  return out;
}

function cards(list, extra = () => "") {
  return el("span", { class: "cards" }, list.map((c) => card(c, extra(c))));
}

// --- loading a record ----------------------------------------------------------------------

async function replay(text) {
  state.text = text;
  state.lines = text.split(/\r\n|\r|\n/);
  $("errors").replaceChildren();
  const result = await call("POST", "/v1/replay", text);
  if (!result.ok) {
    showErrors(result);
    $("replay-view").hidden = true;
    return false;
  }
  state.timeline = result.data;
  state.game = 0;
  state.step = 0;
  const games = state.timeline.games;
  const select = $("game");
  select.replaceChildren(...games.map((g, i) => el("option", { value: i },
    `Game ${g.game}${g.tags.Event ? ": " + g.tags.Event : ""}`)));
  select.hidden = games.length < 2;
  if (!games.length) {
    $("errors").append(el("p", { class: "error" }, "The record holds no game."));
    $("replay-view").hidden = true;
    return false;
  }
  $("replay-view").hidden = false;
  $("record-input").open = false;
  if (await showGame(0)) return true;
  $("replay-view").hidden = true;
  return false;
}

function showErrors(result) {
  const box = $("errors");
  const errors = (result.data && result.data.error && result.data.error.errors) || [];
  box.append(el("p", { class: "error" }, errorText(result)));
  if (errors.length) {
    box.append(el("ol", { class: "syntax" }, errors.map((e) => el("li", {},
      el("span", { class: "where" }, `line ${e.line}, column ${e.column}: `), e.message,
      markedLine(e.line, e.column, e.column + 1)))));
  }
}

// A record line with the place [column, end) marked (the columns count characters).
function markedLine(line, column, end) {
  const text = state.lines[line - 1];
  if (text === undefined || !line) return null;
  const chars = Array.from(text);
  const start = Math.max(column - 1, 0);
  const stop = Math.max(end - 1, start + 1);
  return sourceLine(line, chars.slice(0, start).join(""),
    chars.slice(start, stop).join("") || " ", chars.slice(stop).join(""));
}

function sourceLine(line, before, marked, after) {
  return el("pre", { class: "source" },
    el("span", { class: "gutter" }, `${line} | `), before, el("mark", {}, marked), after);
}

// --- drawing a step ------------------------------------------------------------------------

function game() {
  return state.timeline.games[state.game];
}

function battleOf(step) {
  return game().battles.find((b) => b.battle === step.battle) || null;
}

// A game the answer left out (its timelines are at most ten times the record, at least 1 MiB):
// its timeline alone, asked for when the game is chosen.
async function loadGame(index) {
  const g = state.timeline.games[index];
  if (g.steps) return true;
  const result = await call("POST", `/v1/replay?game=${g.game}`, state.text);
  const alone = result.ok && result.data.games[0];
  if (!alone || !alone.steps) {
    $("errors").replaceChildren(el("p", { class: "error" },
      alone ? `Game ${g.game}: ${alone.left_out}` : errorText(result)));
    $("game").value = String(state.game);
    return false;
  }
  state.timeline.games[index] = alone;
  return true;
}

async function showGame(index) {
  if (!(await loadGame(index))) return false;
  $("errors").replaceChildren();
  state.game = index;
  $("game").value = String(index);
  const g = game();
  $("scrub").max = String(g.steps.length - 1);
  renderFindings();
  renderRecord();
  go(0);
  return true;
}

function go(index) {
  const steps = game().steps;
  state.step = Math.max(0, Math.min(index, steps.length - 1));
  render();
}

function render() {
  const g = game();
  const step = g.steps[state.step];
  const battle = battleOf(step);
  $("scrub").value = String(state.step);
  $("position").textContent = `step ${state.step + 1} of ${g.steps.length}`;
  $("prev").disabled = state.step === 0;
  $("next").disabled = state.step === g.steps.length - 1;
  $("prev-battle").disabled = !battle || battle.battle === 1 && state.step === battle.first_step;
  $("next-battle").disabled = !battle || battle.battle === g.battles.length;

  const table = isTable(g);
  const info = [];
  if (g.ruleset) info.push(RULESET_WORD[g.ruleset.Ruleset] || g.ruleset.Ruleset);
  else info.push("unknown ruleset");
  if (battle) {
    info.push(`battle ${battle.battle} of ${g.battles.length}`, `${WORD[battle.dealer]} deals`);
  }
  const infoBox = $("battle-info");
  infoBox.replaceChildren(info.join(" · "));
  if (battle && battle.trump) {
    infoBox.append(" · ", el("span", { class: "trump", id: "trump" }, "trump ",
      el("span", { class: suitClass(battle.trump) }, battle.trump)),
      battle.upcard ? el("span", { class: "upcard" }, " (upcard ", card(battle.upcard), ")") : "");
  } else if (battle && g.ruleset && g.ruleset.Ruleset === "old-time") {
    infoBox.append(" · ", el("span", { class: "trump", id: "trump" }, "trump unknown"));
  }
  if (battle && !battle.deal_known) {
    infoBox.append(" · ", el("strong", { class: "unknown-deal" },
      "the record omits the deal: hands unknown"));
  }

  let where = step.battle ? `Battle ${step.battle}` : `Game ${g.game}`;
  if (step.kind !== "trick" && step.trick) where += `, after trick ${step.trick}`;
  $("step-label").replaceChildren(`${where} · `, ...glyphs(step.label));

  const names = { E: g.tags.East, W: g.tags.West, N: g.tags.North, S: g.tags.South };
  $("board").classList.toggle("table4", table);
  for (const seat of ["N", "S"]) $(`hand-${seat}`).hidden = !table;
  $("stock").hidden = table;
  $("table-info").hidden = !table;
  for (const hand of step.hands) renderHand(hand, step, names[hand.seat]);
  if (table) {
    renderTableTrick(step);
    renderTableInfo(step, battle);
  } else {
    renderTrick(step);
    $("stock").replaceChildren(el("span", { class: "card back", title: "the stock" }, ""),
      el("span", { class: "count" }, `stock ${step.stock}`));
  }
  renderStepFindings(step);
  highlightFindings(step);
  highlightRecord(step);
  prepareQuestion(step, battle);
}

function renderHand(hand, step, name) {
  const box = $(`hand-${hand.seat}`);
  // mark as many copies as were drawn (or taken by this step's melds), no more
  const marker = (list, name) => {
    const left = {};
    for (const c of list) left[c] = (left[c] || 0) + 1;
    return (c) => (left[c] > 0 ? (left[c]--, name) : "");
  };
  const fresh = marker(step.drawn.filter((d) => d.seat === hand.seat && d.card).map((d) => d.card),
    "drawn");
  const took = marker(step.melds.filter((m) => m.seat === hand.seat).flatMap((m) => m.takes),
    "taken");
  const table = step.sides !== undefined && step.sides !== null;
  const scores = table ? [
    el("span", { title: "card points won" }, `tricks ${hand.tricks}`),
    el("span", { title: "meld points credited", class: "meld-points" }, `melds ${hand.meld_points}`
      + (hand.declared !== undefined && hand.declared !== null && hand.declared !== hand.meld_points
        ? ` (declared ${hand.declared})` : ""))] : [
    el("span", { title: "trick points" }, `tricks ${hand.tricks}`),
    el("span", { title: "meld points" }, `melds ${hand.meld_points}`),
    el("span", { title: "this battle" }, `battle ${hand.score}`),
    el("strong", { title: "game total so far", class: "total" }, `total ${hand.total}`)];
  const battle = battleOf(step);
  const head = el("div", { class: "who" },
    el("strong", {}, name || WORD[hand.seat]), name ? ` (${WORD[hand.seat]})` : "",
    step.may_meld === hand.seat ? el("span", { class: "badge" }, "may meld") : "",
    table && battle && battle.dealer === hand.seat ? el("span", { class: "badge" }, "dealer") : "",
    table && battle && battle.auction.length && step.calls
      && battle.auction[step.calls - 1].bidder === hand.seat
      ? el("span", { class: "badge bidder" }, "high bidder") : "",
    el("span", { class: "scores" }, ...scores));
  const rows = [head];
  if (table && hand.concealed !== null) {
    rows.push(el("div", { class: "row-cards concealed" }, el("span", { class: "label" },
      `hand (${hand.size})`), cards(hand.concealed)));
  } else if (hand.concealed === null) {
    rows.push(el("div", { class: "row-cards" }, el("span", { class: "label" }, "hand"),
      el("span", { class: "cards" }, Array.from({ length: hand.size }, () =>
        el("span", { class: "card back", title: "unknown card" }, ""))),
      el("span", { class: "note" }, `${hand.size} cards, unknown`)));
  } else {
    rows.push(el("div", { class: "row-cards concealed" },
      el("span", { class: "label" }, "concealed"), cards(hand.concealed, fresh)));
    rows.push(el("div", { class: "row-cards exposed" },
      el("span", { class: "label" }, "exposed"),
      hand.exposed.length ? cards(hand.exposed, took)
        : el("span", { class: "note" }, "none")));
  }
  if (step.drawn.some((d) => d.seat === hand.seat)) {
    rows.push(el("div", { class: "note" }, "drew ",
      step.drawn.filter((d) => d.seat === hand.seat).map((d) => card(d.card))));
  }
  if (hand.melds.length) {
    const latest = new Set(step.melds.map((m) => `${m.seat}${m.kind}${m.line}:${m.column}`));
    rows.push(el("ul", { class: "melds" }, hand.melds.map((m) => {
      const now = latest.has(`${m.seat}${m.kind}${m.line}:${m.column}`);
      const status = m.outcome ? m.outcome : m.legal ? "" : table ? "illegal, scores 0" : m.status === "open" ?
        "illegal, open to objection" : m.status === "pending" ?
        "illegal, open to correction" : m.status === "moot" ?   // pending: SC-BADMELD1
        "illegal, moot: the hand counts for nobody" : "illegal, stands";
      return el("li", { class: `${now ? "new" : ""} ${m.legal ? "" : "illegal"}`.trim() },
        el("span", { class: "kind" }, glyphs(m.kind)), " ",
        m.cards.length ? cards(m.cards) : cards(m.takes),
        el("span", { class: "points" }, ` ${m.points}`),
        m.points !== m.claimed ? el("span", { class: "note" }, ` (claimed ${m.claimed})`) : "",
        status ? el("span", { class: "status" }, ` ${status}`) : "");
    })));
  }
  box.replaceChildren(...rows);
  box.classList.toggle("winner", Boolean(step.table && step.table.winner === hand.seat));
}

// The trick on a table of four: each card at its player's place (N top, W left, E right,
// S bottom), the winner by the rules, and a wrong winner mark in the record.
function renderTableTrick(step) {
  const box = $("trick");
  const t = step.table;
  if (!t) {
    box.replaceChildren(el("span", { class: "note" },
      step.trick ? "no trick on the table" : "no trick yet"));
    return;
  }
  const slots = (t.cards || []).map((p, i) => el("div", {
    class: `played seat-${p.seat} ${p.seat === t.winner ? "won" : ""}`.trim(),
  }, el("span", { class: "label" }, `${WORD[p.seat]}${i === 0 ? " leads" : ""}`), card(p.card),
  p.held ? "" : el("span", { class: "note" }, " not held")));
  const winner = t.winner ? [`${WORD[t.winner]} wins`, t.rule ? ` (${t.rule})` : ""]
    : ["not gathered"];
  const mark = t.marked && t.marked !== t.winner
    ? el("span", { class: "bad" }, ` · the record marks ${WORD[t.marked]}`) : "";
  box.replaceChildren(el("div", { class: "compass" }, ...slots,
    el("div", { class: "centre label" }, `trick ${t.number}`)),
  el("div", { class: "verdict" }, ...winner, mark));
}

// A table of four: the sides' points, the auction so far, the contract and trump.
function renderTableInfo(step, battle) {
  const sides = el("div", { class: "sides", id: "sides" }, step.sides.map((s) => el("div", {
    class: `side-score side-${s.side}`,
  }, el("strong", {}, SIDE_WORD[s.side]), " ",
  el("span", { title: "card points won" }, `tricks ${s.tricks}`), " · ",
  el("span", { title: "melds declared and credited" }, `melds ${s.melds}`,
    s.counted || !s.melds ? "" : el("span", { class: "note uncounted" },
      s.score === null || s.score === undefined ? " (not counted yet: no scoring trick, DP-MELD6)"
        : " (not counted: no scoring trick won, DP-MELD6)")),
  s.score === null || s.score === undefined ? "" : [" · ", el("strong", { class: "score" },
    `score ${s.score}`)],
  " · ", el("span", { class: "total", title: "game total" }, `total ${s.total}`))));
  const calls = battle ? battle.auction.slice(0, step.calls) : [];
  const last = calls[calls.length - 1];
  let head = "Auction";
  if (battle && battle.thrown_in && step.kind === "end") head += ": nobody bid, thrown in (DP-BID9)";
  else if (battle && battle.contract && step.kind !== "auction" && step.kind !== "deal") {
    const side = ["N", "S"].includes(battle.bidder) ? "NS" : "EW";
    head += `: contract ${battle.contract}, ${WORD[battle.bidder]} (${SIDE_WORD[side]})`;
  } else if (last && last.bidder) head += `: high bid ${last.high}, ${WORD[last.bidder]}`;
  const list = el("ol", { class: "auction", id: "auction" }, calls.map((c, i) => el("li", {
    class: `call ${c.legal ? "" : "illegal"} ${
      step.kind === "auction" && i === calls.length - 1 ? "latest" : ""}`.trim(),
  }, el("strong", {}, WORD[c.seat]), " ", c.text,
  c.call !== "bid" && c.bid !== null && c.bid !== undefined
    ? el("span", { class: "note" }, ` (= ${c.bid})`) : "",
  c.legal ? "" : el("span", { class: "bad" }, " not allowed"))));
  if (!calls.length) list.append(el("li", { class: "note" }, "no call yet"));
  $("table-info").replaceChildren(sides, el("h3", { id: "auction-head" }, head), list);
}

function renderTrick(step) {
  const box = $("trick");
  const t = step.table;
  if (!t) {
    box.replaceChildren(el("span", { class: "note" },
      step.kind === "deal" ? "no trick yet" : "no trick on the table"));
    return;
  }
  const played = (p, role) => p ? el("div", { class: `played ${p.seat === t.winner ? "won" : ""}` },
    el("span", { class: "label" }, `${WORD[p.seat]} ${role}`), card(p.card),
    p.held ? "" : el("span", { class: "note" }, " not held")) : null;
  const winner = t.winner ? [`${WORD[t.winner]} wins`, t.rule ? ` (${t.rule})` : ""]
    : ["not gathered"];
  const mark = t.marked && t.marked !== t.winner
    ? el("span", { class: "bad" }, ` · the record marks ${WORD[t.marked]}`) : "";
  box.replaceChildren(el("div", { class: "label" }, `trick ${t.number}`),
    el("div", { class: "pair" }, played(t.lead, "leads"), played(t.follow, "follows")),
    el("div", { class: "verdict" }, ...winner, mark));
}

function findingItem(f, index) {
  const source = f.source ? sourceLine(f.line, f.source.before, f.source.marked || " ",
    f.source.after) : null;
  const where = f.line ? `line ${f.line}, column ${f.column}` : "no place in the record";
  return el("li", {
    class: `finding ${f.severity}`, "data-index": index, "data-step": f.step, tabindex: "0",
    role: "button", title: "show the step where it happens",
    onclick: () => go(f.step),
    onkeydown: (event) => { if (event.key === "Enter") go(f.step); },
  },
  el("div", {}, el("span", { class: "rule" }, f.rule), " ",
    el("span", { class: "kind" }, f.severity === "error" ? f.kind : `${f.kind}, ${f.severity}`),
    " ", el("span", { class: "where" }, where)),
  el("div", { class: "message" }, glyphs(f.message)), source);
}

function renderFindings() {
  const g = game();
  $("finding-count").textContent = `(${g.findings.length})`;
  const list = $("finding-list");
  list.replaceChildren(...g.findings.map(findingItem));
  if (!g.findings.length) list.append(el("li", { class: "note" }, "none: the record is clean"));
}

function renderStepFindings(step) {
  const box = $("step-findings");
  const here = step.findings.map((n) => findingItem(game().findings[n], n));
  box.replaceChildren(...(here.length ? [el("h3", {}, "At this step"),
    el("ol", { class: "here" }, here)] : []));
}

function highlightFindings(step) {
  for (const item of $("finding-list").children) {
    item.classList.toggle("current", Number(item.dataset.step) === step.index);
  }
}

function renderRecord() {
  const faults = new Map();
  for (const f of game().findings) if (f.line) faults.set(f.line, f);
  $("record-lines").replaceChildren(...state.lines.map((text, i) => {
    const f = faults.get(i + 1);
    const body = f && f.source ? [f.source.before, el("mark", {}, f.source.marked || " "),
      f.source.after] : [text];
    return el("div", { class: `line ${f ? "fault" : ""}`.trim(), "data-line": i + 1 },
      el("span", { class: "gutter" }, String(i + 1).padStart(4) + " "), ...body);
  }));
}

function highlightRecord(step) {
  const pre = $("record-lines");
  let current = null;
  for (const line of pre.children) {
    const on = Number(line.dataset.line) === step.line;
    line.classList.toggle("current", on);
    if (on) current = line;
  }
  if (current && $("record-view").open) {
    pre.scrollTop = current.offsetTop - pre.offsetTop - pre.clientHeight / 2;
  }
}

// --- stepping ------------------------------------------------------------------------------

function stepBattle(delta) {
  const g = game();
  const step = g.steps[state.step];
  const battle = battleOf(step);
  if (!battle) return;
  if (delta < 0 && state.step > battle.first_step) {
    go(battle.first_step);        // back to the deal of this battle first
    return;
  }
  const target = g.battles.find((b) => b.battle === battle.battle + delta);
  if (target) go(target.first_step);
}

function onKey(event) {
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || !state.timeline
      || $("replay-view").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  const steps = game().steps;
  const actions = {
    ArrowRight: () => go(state.step + 1),
    ArrowLeft: () => go(state.step - 1),
    ArrowDown: () => stepBattle(1),
    ArrowUp: () => stepBattle(-1),
    PageDown: () => stepBattle(1),
    PageUp: () => stepBattle(-1),
    Home: () => go(0),
    End: () => go(steps.length - 1),
  };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

// --- the dispute question ------------------------------------------------------------------

function prepareQuestion(step, battle) {
  const where = $("ask-where");
  const button = $("ask-button");
  let problem = null;
  if (!battle) problem = "No battle is replayed here.";
  else if (!battle.deal_known) problem = "The record omits this battle's deal: the position is unknown.";
  else if (isTable(game())) problem = "At a table of four, ask the referee on the command line: "
    + "pinochle melds RECORD --battle B --seat S gives a seat's best meld and judges his "
    + "declaration (or one given with --meld).";
  else if (step.trick < 1) problem = "Step to a trick: the question is asked right after a trick.";
  button.disabled = Boolean(problem);
  for (const row of $("ask").querySelectorAll("div.row, #ask-meld-hint")) row.hidden = isTable(game());
  where.textContent = problem ||
    `What may this player meld right after trick ${step.trick} of battle ${step.battle}?`;
  const meld = step.melds[0];
  if (meld) {
    $("ask-seat").value = meld.seat;
    $("ask-meld").value = meld.kind;
  } else {
    $("ask-seat").value = step.may_meld || (step.table && step.table.winner) || "E";
    $("ask-meld").value = "";
  }
  $("answer").replaceChildren();
  $("save-row").hidden = true;
  $("saved").replaceChildren();
}

async function ask() {
  const step = game().steps[state.step];
  const meld = $("ask-meld").value.trim();
  const question = {
    text: state.text, game: game().game, battle: step.battle, trick: step.trick,
    seat: $("ask-seat").value, meld: meld || null,
  };
  state.question = question;
  const box = $("answer");
  box.replaceChildren(el("p", { class: "note" }, "asking…"));
  const result = await call("POST", "/v1/melds", question);
  if (!result.ok) {
    box.replaceChildren(el("p", { class: "error" }, errorText(result)));
    return;
  }
  box.replaceChildren(...answerLines(result.data));
  $("save-row").hidden = false;
}

// The answer of /v1/melds (cli/melds.py's MeldsReport), in the words `pinochle melds` uses.
function answerLines(report) {
  const out = [];
  const q = report.question;
  const who = report.seat ? WORD[report.seat] : "The player";
  if (q) {
    const a = q.answer;
    // a legal meld's points; an illegal one's table value (table_points; a ruling stored
    // before it existed gives points)
    const value = a.legal ? a.points : a.table_points ?? a.points;
    const points = value === null || value === undefined ? "" : ` for ${value}`;
    out.push(el("p", { class: `verdict ${a.legal ? "yes" : "no"}` }, ...glyphs(a.legal
      ? `Yes: ${a.kind} is legal${points} (${a.rule})`
      : `No: ${a.kind}${points} is not legal now (${a.rule})`)));
    out.push(el("p", {}, ...glyphs(a.reason)));
    if (a.legal && a.takes.length) out.push(el("p", {}, "takes from the concealed hand: ", cards(a.takes)));
    if (q.cards_alone) {
      const c = q.cards_alone;
      out.push(el("p", { class: "note" }, ...glyphs(`by the cards alone it would be ${c.legal
        ? "legal" : `not legal (${c.rule})`}: ${c.reason}`)));
    }
  } else if (!report.may_meld) {
    out.push(el("p", { class: "verdict no" }, ...glyphs(
      `${who}: no meld is legal now (${report.turn_rule}): ${report.turn_reason}`)));
  } else if (!report.legal.length) {
    out.push(el("p", { class: "verdict no" }, `${who}: no legal meld`));
  } else {
    out.push(el("p", { class: "verdict yes" }, `${who} may meld:`));
    out.push(el("ul", { class: "legal" }, report.legal.map((m) => el("li", {},
      el("span", { class: "kind" }, glyphs(m.kind)), ` ${m.points} · takes `, cards(m.takes)))));
  }
  // a position given directly: what the question did not say about the turn (R8D, R9E)
  for (const assumed of report.assumptions || []) {
    out.push(el("p", { class: "note" }, ...glyphs(`assuming ${assumed}`)));
  }
  return out;
}

async function save() {
  if (!state.question) return;
  const token = $("token").value.trim();
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const result = await call("POST", "/v1/rulings", { kind: "melds", request: state.question },
    headers);
  const box = $("saved");
  if (result.status === 401 || result.status === 403) {
    $("token").hidden = false;
    box.replaceChildren(el("p", { class: "error" },
      `${errorText(result)}: give the service's token and save again`));
    return;
  }
  if (!result.ok) {
    box.replaceChildren(el("p", { class: "error" }, errorText(result)));
    return;
  }
  const link = new URL(result.data.permalink, location.href).href;
  box.replaceChildren(el("p", {}, "Saved: ", el("a", { href: link, id: "permalink" }, link)));
}

// --- a stored ruling (/r/{id}) -------------------------------------------------------------

async function openRuling(id) {
  const box = $("ruling");
  box.hidden = false;
  box.replaceChildren(el("p", { class: "note" }, `loading ruling ${id}…`));
  const result = await call("GET", `/v1/rulings/${encodeURIComponent(id)}`);
  if (!result.ok) {
    box.replaceChildren(el("h2", {}, `Ruling ${id}`), el("p", { class: "error" }, errorText(result)));
    return;
  }
  const ruling = result.data;
  const request = ruling.request || {};
  const head = [el("h2", {}, `Ruling ${ruling.id}`),
    el("p", { class: "note" }, `${ruling.kind === "melds" ? "The dispute question" : "Validation"}`
      + `, stored ${ruling.created} by engine ${ruling.engine}`
      + (ruling.rules && ruling.rules.length ? ` · rules cited: ${ruling.rules.join(", ")}` : ""))];
  const body = [];
  if (ruling.kind === "melds") {
    if (request.battle) {
      body.push(el("p", {}, `${WORD[request.seat] || request.seat}, right after trick ${request.trick}`
        + ` of battle ${request.battle}` + (request.game && request.game !== 1 ? ` (game ${request.game})` : "")
        + (request.meld ? `: may he meld ` : ": which melds may he make?"),
        request.meld ? el("span", { class: "kind" }, glyphs(request.meld)) : "",
        request.meld ? "?" : ""));
    } else {
      body.push(el("p", {}, "A position: concealed ", cards(splitCards(request.concealed)),
        request.exposed ? [", exposed ", cards(splitCards(request.exposed))] : "",
        request.trump ? [", trump ", el("span", { class: suitClass(request.trump) }, request.trump)] : "",
        request.meld ? [": may he meld ", el("span", { class: "kind" }, glyphs(request.meld)), "?"] : ""));
    }
    body.push(el("div", { class: "stored-answer" }, answerLines(ruling.answer)));
  } else {
    body.push(el("div", { class: "stored-answer" }, reportLines(ruling.answer)));
  }
  const recheck = el("button", { type: "button", id: "recheck" }, "Recheck with today's engine");
  const outcome = el("div", { id: "recheck-result", role: "status" });
  recheck.addEventListener("click", async () => {
    const again = await call("GET", `/v1/rulings/${encodeURIComponent(ruling.id)}/recheck`);
    outcome.replaceChildren(el("p", { class: again.ok && again.data.agrees ? "yes" : "no" },
      again.ok ? (again.data.agrees ? `Today's engine (${again.data.engine}) agrees.`
        : `Today's engine (${again.data.engine}) answers differently.`) : errorText(again)));
  });
  box.replaceChildren(...head, ...body, el("div", { class: "row" }, recheck), outcome);
  if (typeof request.text === "string") {
    $("text").value = request.text;
    if (await replay(request.text) && ruling.kind === "melds" && request.battle) {
      if (state.timeline.games[(request.game || 1) - 1]
          && await showGame((request.game || 1) - 1)) {
        const at = game().steps.find((s) => s.battle === request.battle && s.trick === request.trick
          && s.kind === "trick");
        if (at) go(at.index);
        $("ask-seat").value = request.seat;
        $("ask-meld").value = request.meld || "";
      }
    }
  }
}

function splitCards(text) {
  return String(text || "").split(/[\s,]+/).filter(Boolean);
}

// The stored answer of a validation ruling: the report's counts and findings.
function reportLines(report) {
  if (!report || !report.summary) return [el("pre", {}, JSON.stringify(report, null, 2))];
  const s = report.summary;
  const out = [el("p", {}, `${s.games} game(s), ${s.battles} battle(s): ${s.errors} error(s), `
    + `${s.warnings} warning(s), ${s.notices} notice(s)`)];
  const items = [];
  for (const file of report.files || []) {
    for (const g of file.games || []) {
      for (const f of g.findings) {
        items.push(el("li", { class: `finding ${f.severity}` }, el("span", { class: "rule" }, f.rule),
          ` line ${f.line}, column ${f.column}: `, ...glyphs(f.message)));
      }
    }
  }
  if (items.length) out.push(el("ol", {}, items));
  return out;
}

// --- start ---------------------------------------------------------------------------------

async function loadExamples() {
  const result = await call("GET", "/v1/examples");
  if (!result.ok) return;
  $("example").replaceChildren(...result.data.map((e) => el("option", { value: e.name }, e.title)));
}

async function loadExample() {
  const name = $("example").value;
  if (!name) return;
  const result = await call("GET", `/v1/examples/${encodeURIComponent(name)}`);
  if (!result.ok) {
    $("errors").replaceChildren(el("p", { class: "error" }, errorText(result)));
    return;
  }
  $("text").value = result.data;
  await replay(result.data);
}

function start() {
  $("replay").addEventListener("click", () => replay($("text").value));
  $("load-example").addEventListener("click", loadExample);
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
  $("ask-button").addEventListener("click", ask);
  $("ask-meld").addEventListener("keydown", (event) => { if (event.key === "Enter") ask(); });
  $("save-row").addEventListener("submit", (event) => { event.preventDefault(); save(); });
  $("record-view").addEventListener("toggle", () => state.timeline && highlightRecord(game().steps[state.step]));
  document.addEventListener("keydown", onKey);
  loadExamples();
  const permalink = location.pathname.match(/^\/r\/([^/]+)$/);
  if (permalink) openRuling(decodeURIComponent(permalink[1]));
}

start();
