// The page renders what the server sends; it decides nothing. Secrets live only inside #secret
// and are dropped (DOM and variables) the moment the card is covered or the page is hidden.
"use strict";
let T = {};
let ws = null;
let screen = null;
let timer = null;
let me = { as: "spectator", seat: null, room: null };  // who this page is, as the server says (`you`)
let gone = false;  // the server closed this page for good (removed from a room): no reconnecting
// what other scripts add: an online room's page (room.js), the control of the table (control.js)
const hooks = { message: [], render: [], blocked: [], opened: [], closed: [], waiting: [] };
window.wolfcall = { hooks, send: (m) => send(m), me: () => me, t: (key, params) => t(key, params), screen: () => screen,
  el: (...args) => el(...args) };
let peers = null;  // own devices, the host: who is connected
let tallied = null;  // the last vote's count, shown under the screen until the next screen asks something
let holding = false;  // own devices: the finger is down on "press and hold to see your card"
let leaving = false;  // the page is being reloaded or left: a secret it drops now was not seen
let myPick = null;  // own devices, a wolf: the value this phone last picked (to mark it)
let screenQ, screenName;  // the question drawn: a new one drops the pick and any open dialog
let joinCode = null, joinName = "";  // the lobby's form, kept while the screen is redrawn
let adjusting = false;  // the setup's «Ajustar»: the cards' − and + are shown once it is tapped (seed 000)
let typedNames = null;  // the setup's names as typed, kept while the screen is redrawn (a refused one too)
let joinGender = "";  // the lobby's choice of how the narrator speaks of this player
let typing = null;  // the name field being typed in when the setup is redrawn, and its cursor: kept in it
const TOKEN = "wolfcall.token";
function stored() { try { return localStorage.getItem(TOKEN); } catch (e) { return null; } }
function store(token) { try { localStorage.setItem(TOKEN, token); } catch (e) { /* a private window: this page only */ } }
const $ = (id) => document.getElementById(id);
let SAID = {}, CONTRACT = null;  // a seat's label inside a sentence ("el jugador uno"), and "a el" -> "al" (the "ui" message)
// A page sentence with its values filled in; a numbered seat is said as the language says it in a sentence:
// "Pásale el móvil al jugador uno", "Soy el jugador uno", "El jugador uno apunta".
function t(key, vars) {
  let out = "";
  for (const part of (T[key] || key).split(/(\{\w+\})/)) {
    const k = /^\{(\w+)\}$/.exec(part);
    if (!k) { out += part; continue; }
    let value = vars && k[1] in vars ? String(vars[k[1]]) : "";
    if (Object.hasOwn(SAID, value)) {
      [out, value] = contract(out, SAID[value]);
      if (!out) value = value.charAt(0).toUpperCase() + value.slice(1);
    }
    out += value;
  }
  return out;
}
function contract(before, said) {
  if (!CONTRACT || !said.startsWith(CONTRACT.article + " ")) return [before, said];
  const m = new RegExp("(^|\\s)(" + Object.keys(CONTRACT.merged).join("|") + ")\\s$", "i").exec(before);
  if (!m) return [before, said];
  let joined = CONTRACT.merged[m[2].toLowerCase()];
  if (m[2][0] !== m[2][0].toLowerCase()) joined = joined.charAt(0).toUpperCase() + joined.slice(1);
  return [before.slice(0, m.index + m[1].length), joined + said.slice(CONTRACT.article.length)];
}

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "on") node.addEventListener("click", v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid) node.append(kid);
  return node;
}
// A tap made while the socket connects, reconnects or has not yet said who this page is (its hello) is kept and
// sent once it has, in order and once each; the server refuses one its screen has moved on from (q, stale).
let greeted = false;  // this socket is open and has said its hello: the server knows who taps
const kept = [];
function send(msg) {
  if (greeted && ws.readyState === 1) { ws.send(JSON.stringify(msg)); return; }
  kept.push(msg);
  for (const waiting of hooks.waiting) waiting(true);  // "connecting…" (control.js)
}
function greet(msg) {  // the hello: the first message of a socket, then what was kept
  ws.send(JSON.stringify(msg));
  greeted = true;
  while (kept.length && ws.readyState === 1) ws.send(JSON.stringify(kept.shift()));
  for (const waiting of hooks.waiting) waiting(false);
}
// An answer to the screen on show: it names its question, so a late tap never answers the next one.
function answer(msg) { send(Object.assign({ q: screen ? screen.q : null }, msg)); }
function button(label, msg, cls, id) {
  return el("button", Object.assign({ class: cls || "", text: label, on: () => send(msg) }, id ? { id } : {}));
}
// A picture the server named (none when the build could not fetch the icons: the page works without).
function picture(url, cls) { return url ? el("img", { src: url, alt: "", class: "pic " + (cls || "") }) : null; }
// A secret's picture comes inline with the secret: nothing is fetched, so nothing of it stays in a cache.
function inlinePicture(svg) {
  if (!svg) return null;
  const node = document.importNode(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement, true);
  node.setAttribute("class", "pic big");
  return node;
}
// The seer's or the fox's thumb when the build has no pictures: drawn here, never an emoji (a Pi kiosk may have no
// font for it, and draws an empty box); pointing down by CSS (style.css, [data-thumb=down]).
const THUMB = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="96" height="96"><path fill="#ffb347" ' +
  'd="M2 10h4v11H2zM8 21h9.2a2 2 0 0 0 1.9-1.3l2.7-7.4A2 2 0 0 0 19.9 9.6H14l.9-4.3a1.6 1.6 0 0 0-2.8-1.4L8 9.4z"/></svg>';
function drawnThumb() { const node = inlinePicture(THUMB); node.classList.add("drawn"); return node; }
function put(node, ...kids) { node.append(...kids.filter(Boolean)); return node; }
// A role's help card, opened by tapping its name; the server names the role and its picture.
function showHelp(id, icon) {
  const body = $("help-body");
  body.replaceChildren();
  put(body, picture(icon, "big"), el("h2", { text: t("role." + id) }), el("p", { id: "help-text", text: t("help." + id) }));
  $("help-close").textContent = t("help.close");
  $("help-close").onclick = () => $("help").close();
  $("help").showModal();
}

function connect() {
  // an online room's page (/r/CODE) talks to its room's socket; the table's page to /ws
  const path = location.pathname.startsWith("/r/") ? location.pathname.replace(/\/$/, "") + "/ws" : "/ws";
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
  // a room knows its page by the session cookie; the table's page proves its token once it has the nonce
  ws.onopen = () => {  // a new socket: drawn afresh, under no caption of the server before (it sends its own)
    tries = 0; restarts = 0; restarting = false; lastScreen = null; $("caption").textContent = "";
    for (const opened of hooks.opened) opened();
    if (path !== "/ws") greet({ t: "hello" });
  };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {  // said at once (control.js), then tried again and again, less and less often
    greeted = false;
    if (gone) return;
    for (const closed of hooks.closed) closed(restarting);
    // a server that said it restarts is back in a second or two, and an online room whose server died is taken
    // over by another one a few seconds later (online/holding.py): tried often for a while, then as any other
    const quick = restarting || path !== "/ws";
    const wait = quick && restarts++ < RESTART_TRIES ? RESTART_MS : Math.min(8000, 250 * 2 ** tries++);
    setTimeout(connect, wait);
  };
}
let tries = 0;  // sockets tried since the last one that opened
let restarting = false, restarts = 0;  // the server said it restarts (an online room): tried again every RESTART_MS
const RESTART_MS = 200, RESTART_TRIES = 150;

function receive(m) {
  if (m.t === "screen" && !fresh(m)) return;
  for (const listen of hooks.message) listen(m);  // an online room's extras (room.js): voice chat, speaking list
  if (m.t === "gone") { gone = true; return; }
  if (m.t === "restarting") { restarting = true; return; }
  if (m.t === "ui") {
    T = m.strings; SAID = m.said || {}; CONTRACT = m.contract || null; document.documentElement.lang = m.lang;
    if (screen) render(screen);
  }
  else if (m.t === "screen") { m.at = Date.now(); screen = m; render(m); }
  else if (m.t === "caption") $("caption").textContent = m.text;
  else if (m.t === "private") showSecret(m);
  else if (m.t === "nonce") hello(m.nonce);
  else if (m.t === "refused" || m.t === "notice") toast(m.text);
  else if (m.t === "audio") {
    const line = new Audio(m.url);
    wolfcallAmbience.line(line, m);  // ambience.js: the bed under the voice, ducked while it plays
    line.play().catch(() => { for (const blocked of hooks.blocked) blocked(m); });
  }
  else if (m.t === "voice_download") { voiceBanner = m.banner; drawVoiceBanner(); }
  else if (m.t === "token") store(m.token);
  else if (m.t === "you") { me = { as: m.as, seat: m.seat, room: m.room || null }; if (screen) render(screen); }
  else if (m.t === "peers") { peers = m; drawPeers(); }
  else if (m.t === "dropped") toast(t("peers.dropped", { name: m.name }));
  else if (m.t === "tally") { tallied = m.counts; drawTally(); }
}

// The same screen sent again (every living phone is sent one when any changes, narrator/ui/web/shape.py)
// changes nothing: no redraw, and its countdown keeps the time it started from.
let lastScreen = null;
function fresh(m) {
  const text = JSON.stringify(m);
  if (text === lastScreen) return false;
  lastScreen = text;
  return true;
}

// Who this page is: it proves the token it kept without sending it (static/seal.js), for this connection only.
function hello(nonce) { const token = stored(); greet(token ? { t: "hello", proof: seal(token, nonce) } : { t: "hello" }); }

// A confirm kept in reach (style.css .sticky) stays above the caption, however many lines the caption has.
new ResizeObserver(() => document.documentElement.style.setProperty("--foot", $("caption").offsetHeight + "px")).observe($("caption"));

function toast(text) {
  const box = $("toast");
  box.textContent = text; box.hidden = false;
  box.onclick = () => { box.hidden = true; };  // at the top it covers no confirm; a tap puts it away sooner
  clearTimeout(box.timer); box.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

// -- secrets ----------------------------------------------------------------------------
function showSecret(m) {
  const box = $("secret");
  const held = m.kind === "card" && screen && screen.screen === "card";  // own devices: seen while held
  if (held && !holding) return;  // the finger is already up: the card is not drawn at all
  box.replaceChildren();
  box.dataset.kind = m.kind;
  if (held) box.dataset.hold = ""; else delete box.dataset.hold;
  if (m.kind === "card") {
    put(box, el("h2", { text: t("deal.card") }), inlinePicture(m.picture), el("div", { class: "role", text: m.role }),
      m.help ? el("p", { class: "help", text: m.help }) : null);
    if (m.pack.length) box.append(el("p", { text: t("deal.pack") + ": " + m.pack.join(", ") }));
    if (!held) box.append(el("button", { class: "primary", id: "cover", text: t("deal.cover"), on: () => cover(true) }));
  } else if (m.thumb) {  // a side: village or werewolf (the classic seer, the fox)
    put(box, el("h2", { text: m.target }), el("div", { class: "thumb", "data-thumb": m.thumb }, (inlinePicture(m.picture) || drawnThumb())),
      el("p", { class: "big", text: m.text }), m.note ? el("p", { class: "note", text: m.note }) : null,
      el("button", { class: "primary", id: "cover", text: t("night.got_it"), on: () => cover(false) }));
  } else {  // the card itself (the extended seer)
    put(box, el("h2", { text: m.target }), inlinePicture(m.picture), el("div", { class: "role", text: m.role }),
      m.note ? el("p", { class: "note", text: m.note }) : null,  // round the table: it may be drawn at random
      el("button", { class: "primary", id: "cover", text: t("night.got_it"), on: () => cover(false) }));
  }
  box.hidden = false;
  // drawn alone: the screen it answers is not drawn under it, nothing there to tap again (a card held on one's own
  // phone keeps the button the finger is on)
  if (!held) $("screen").hidden = true;
  m = null;
}
function cover(isCard) {
  const box = $("secret");
  const wasCard = box.dataset.kind === "card";
  if ("hold" in box.dataset) return release();
  box.replaceChildren(); box.hidden = true; delete box.dataset.kind;
  $("screen").hidden = false;
  if ((isCard || wasCard) && !leaving) answer({ t: "cover" });
}
// Own devices: the finger leaves the card (or the page is hidden): the card goes, and the seat has seen it.
function release() {
  const box = $("secret");
  if ("hold" in box.dataset) { box.replaceChildren(); box.hidden = true; delete box.dataset.kind; delete box.dataset.hold; }
  if (!holding) return;
  holding = false;
  if (!leaving) send({ t: "cover" });
}
for (const ev of ["pointerup", "pointercancel", "blur"]) window.addEventListener(ev, release);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) { release(); if (!$("secret").hidden) cover(false); }
  else if (wantAwake) keepAwake(true);
});
// A reload (or leaving the page) drops a secret but has not seen the card: the page that comes back shows it
// again. pagehide comes before the unload's visibilitychange; pageshow brings a page back from the cache.
window.addEventListener("pagehide", () => { leaving = true; release(); cover(false); });
window.addEventListener("pageshow", () => { leaving = false; });

// -- the screen stays on during a game, where the browser allows it ----------------------------
let wake = null, wantAwake = false, asking = false;
function keepAwake(on) {
  wantAwake = on;
  if (!on) { if (wake) { const w = wake; wake = null; w.release().catch(() => {}); } return; }
  if (wake || asking || !navigator.wakeLock || document.hidden) return;
  asking = true;
  navigator.wakeLock.request("screen").then((w) => {
    asking = false;
    if (!wantAwake) { w.release().catch(() => {}); return; }
    wake = w;
    w.addEventListener("release", () => { if (wake === w) wake = null; });
  }).catch(() => { asking = false; });
}

// -- screens ----------------------------------------------------------------------------
const OUTSIDE = ["setup", "lobby", "resume", "end"];  // screens outside a game: the phone may sleep
function render(s) {
  clearInterval(timer);
  if (s.screen !== "card") release();
  if (s.q != null || OUTSIDE.includes(s.screen)) tallied = null;  // the count stays until the next question
  if (s.screen !== "setup") { typedNames = null; adjusting = false; }  // the deal took the names; a new game starts from its own
  else keepTyped();  // a setup drawn again (its odds arriving) while a name is typed keeps it, and the cursor in it
  if (s.q !== screenQ || s.screen !== screenName) {
    myPick = null; screenQ = s.q; screenName = s.screen;
    if ($("confirm").open) $("confirm").close();  // a question about a screen that has moved on
  }
  const main = $("screen");
  main.replaceChildren();
  main.dataset.screen = s.screen;
  main.dataset.gen = String(+(main.dataset.gen || 0) + 1);
  $("undo").hidden = me.as !== "host" || !["night", "step", "day", "vote", "tiebreak", "hunter", "listen", "end", "turn",
    "ballots"].includes(s.screen) || s.phase === "deal";
  $("phase").textContent = "";
  if ($("help").open) $("help").close();
  const draw = { setup, resume, deal, narrator, listen, night, step: night, hunter, day, vote, tiebreak, end,
    lobby: lobbyScreen, card: cardScreen, deal_wait: dealWait, ballot: ballotScreen, ballots: ballotsScreen,
    turn: turnScreen }[s.screen];
  if (draw) draw(main, s);
  keepAwake(!OUTSIDE.includes(s.screen));
  drawPeers();
  drawTally();
  for (const after of hooks.render) after(main, s);
}
// Own devices, the host: who has a phone connected, during the game.
function drawPeers() {
  const bar = $("peers");
  bar.replaceChildren();
  bar.hidden = !(peers && me.as === "host" && screen && !OUTSIDE.includes(screen.screen));
  if (bar.hidden) return;
  for (const p of peers.seats) {
    bar.append(el("span", { class: "peer" + (p.online ? " online" : ""), "data-seat": p.seat },
      el("i", { class: "dot", "aria-label": t(p.online ? "peers.online" : "peers.offline") }), el("span", { text: p.name })));
    if (p.asks) bar.append(el("span", { class: "peer ask", id: "ask-" + p.seat }, el("span", { text: t("peers.asks", { name: p.name }) }),
      button(t("peers.allow"), { t: "allow", seat: p.seat }, "link", "allow-" + p.seat),
      button(t("peers.deny"), { t: "deny", seat: p.seat }, "link", "deny-" + p.seat)));
  }
}
// The vote's count, for everyone, under the screen.
function drawTally() {
  const old = $("tally");
  if (old) old.remove();
  if (!tallied) return;
  const box = el("section", { id: "tally" }, el("h2", { text: t("tally.title") }));
  for (const c of tallied) box.append(el("div", { class: "row tally" }, el("span", { text: c.name }), el("b", { text: String(c.votes) })));
  if (!tallied.length) box.append(el("p", { class: "muted", text: t("day.nobody_leaves") }));
  $("screen").append(box);
}

function setup(main, s) {
  const d = s.draft;
  main.append(el("h1", { text: t("setup.title") }));
  // the language first: a table that does not read the one shown finds it without scrolling
  main.append(choose("lang", t("setup.language"), [["en", "English"], ["de", "Deutsch"], ["es", "Español"]], d.lang, (v) => ({ t: "lang", lang: v })));
  const own = d.mode === "own_devices";
  if (s.room) { roomSetup(main, s); return; }
  main.append(choose("mode", t("setup.mode"), (s.modes || []).map((m) => [m, t("setup.mode." + m)]), d.mode, (v) => ({ t: "mode", mode: v })));
  main.append(choose("ruleset", t("setup.ruleset"), [["classic", t("setup.ruleset.classic")], ["extended", t("setup.ruleset.extended")]], d.ruleset, (v) => ({ t: "ruleset", ruleset: v })));
  const players = el("select", { id: "players" });
  for (let n = d.range[0]; n <= d.range[1]; n++) players.append(el("option", Object.assign({ value: n, text: n }, n === d.players ? { selected: "" } : {})));
  players.onchange = () => send({ t: "players", players: +players.value });
  main.append(el("div", { class: "field" }, el("label", { text: t("setup.players") }), players));
  if (own && s.lobby) main.append(lobbyPanel(s));
  else {
    const names = el("div", { class: "grid", id: "names" });
    // a field stops at the longest name the game takes: said under the names while one is that long
    const full = el("p", { class: "note", id: "names-note", text: t("setup.name_full", { most: d.name_max }) });
    const fullOnes = () => { full.hidden = ![...names.querySelectorAll("input")].some((x) => x.value.length >= d.name_max); };
    // each name with how the narrator speaks of its player (she, he, or neither: the lines then agree with nobody)
    const genders = () => [...names.querySelectorAll("select")].map((x) => x.value);
    const sendNames = () => {
      typedNames = [...names.querySelectorAll("input")].map((x) => x.value);
      send({ t: "names", names: typedNames, genders: genders() });
    };
    for (let i = 0; i < d.players; i++) {
      const value = typedNames && typedNames[i] !== undefined ? typedNames[i] : d.names[i] || "";
      const input = el("input", { placeholder: t("setup.name", { n: i + 1 }), value, maxlength: String(d.name_max), "aria-label": t("setup.name", { n: i + 1 }) });
      input.onchange = sendNames;
      input.addEventListener("input", fullOnes);
      const said = (d.genders || [])[i] || "";
      const gender = el("select", { class: "gender", "aria-label": t("setup.gender", { n: i + 1 }) },
        ...["", "f", "m"].map((g) => el("option", Object.assign({ value: g, text: t("setup.gender." + (g || "none")) }, g === said ? { selected: "" } : {}))));
      gender.onchange = sendNames;
      names.append(el("div", { class: "name-seat" }, input, gender));
    }
    fullOnes();
    main.append(el("div", { class: "field" }, el("label", { text: t("setup.names") }), names, full,
      el("p", { class: "note", id: "gender-note", text: t("setup.gender_note") })));
    const field = typing && names.querySelectorAll("input")[typing.at];
    if (field) { field.focus(); field.setSelectionRange(typing.start, typing.end); }
  }
  typing = null;
  main.append(cardsField(d));
  if (d.balance) main.append(balanceField(d.balance));
  const h = d.house;
  main.append(el("h2", { text: t("setup.house") }));
  main.append(choose("win", t("setup.win"), [["number", t("setup.win.number")], ["side", t("setup.win.side")]], h.win, (v) => ({ t: "house", win: v })));
  if (d.house_rules.includes("captain")) {
    const rule = choose("captain", t("setup.captain"), [["no", t("day.no")], ["yes", t("day.yes")]], h.captain ? "yes" : "no", (v) => ({ t: "house", captain: v === "yes" }));
    for (const o of d.offices) rule.prepend(el("div", { class: "count" }, picture(o.icon), el("span", {},
      el("button", { class: "link", "data-help": o.id, text: t("role." + o.id), on: () => showHelp(o.id, o.icon) }))));
    main.append(rule);
  }
  if (d.house_rules.includes("witch_one_potion_per_night")) main.append(choose("one-potion", t("setup.one_potion"), [["no", t("day.no")], ["yes", t("day.yes")]], h.witch_one_potion_per_night ? "yes" : "no", (v) => ({ t: "house", witch_one_potion_per_night: v === "yes" })));
  main.append(choose("heal", t("setup.self_heal"), [["yes", t("day.yes")], ["no", t("day.no")]], h.witch_self_heal_first_night ? "yes" : "no", (v) => ({ t: "house", witch_self_heal_first_night: v === "yes" })));
  main.append(choose("step", t("setup.step_seconds"), [0, 4, 6, 10].map((n) => [n, String(n)]), h.step_seconds, (v) => ({ t: "house", step_seconds: +v })));
  main.append(choose("timer", t("setup.day_timer"), [["off", t("setup.off")], ...[3, 5, 8].map((n) => [n, t("setup.minutes", { n })])], h.day_timer_minutes || "off", (v) => ({ t: "house", day_timer_minutes: v === "off" ? null : +v })));
  main.append(...voiceField(s, d));
  main.append(choose("sound", t("setup.sound"), [["server", t("setup.sound.server")], ["browser", t("setup.sound.browser")]], d.sound, (v) => ({ t: "sound", sound: v })));
  if (d.sound === "server" && s.outputs) main.append(soundPanel(s));
  main.append(levelsPanel(d));
  main.append(el("button", { class: "primary", id: "deal", text: t("setup.start"), on: () => send({ t: "deal" }) }));
  if (s.lan && !own) main.append(el("div", { class: "field" }, el("label", { text: t("lan") }), el("img", { src: "/qr.svg", alt: s.lan, width: "180" }), el("p", { class: "muted", text: s.lan })));
  // The device on the table says where to join (narrator/ui/web/address.py); /join shows the QR code full screen.
  if (s.lan) main.append(el("div", { class: "field row", id: "address" }, button(t("setup.say_address"), { t: "say_address" }, "", "say-address"),
    el("a", { href: own && s.lobby ? "/join#code=" + encodeURIComponent(s.lobby.code) : "/join", id: "qr-full", class: "link", text: t("setup.qr_full") })));
  if (d.roles.some((r) => r.icon)) main.append(el("p", { class: "muted small", id: "credit", text: t("setup.credit") }));
  drawVoiceBanner();
}
// Each side's chance to win the cards chosen (the server simulates them), and the nearest deal closer to even.
function balanceField(b) {
  const pct = (x) => percent(x);
  const field = el("div", { class: "field", id: "balance" }, el("label", { text: t("setup.balance") }));
  if (b.pending) {  // a deal the table lacks, estimated on the server meanwhile: the screen comes again with it
    field.append(el("p", { class: "muted", id: "balance-pending", text: t("balance.pending") }));
    return field;
  }
  for (const s of b.sides) {
    field.append(el("p", { "data-side": s.side, text: t("balance.side", { side: t("balance.side." + s.side), chance: pct(s.chance), low: pct(s.low), high: pct(s.high) }) }));
  }
  field.append(el("p", { class: "muted small", text: t("balance.games", { n: new Intl.NumberFormat(document.documentElement.lang || "en").format(b.games) }) }));
  const n = b.suggestion;
  if (n) {
    const wins = (side) => pct((n.sides.find((s) => s.side === side) || { chance: 0 }).chance);
    field.append(el("p", { id: "balance-suggestion", text: t("balance.suggest", { out: t("role." + n.out), in: t("role." + n.in), out_card: t("role_said." + n.out), in_card: t("role_said." + n.in), village: wins("village"), wolves: wins("wolves") }) }));
  }
  return field;
}
// A share as the table's language writes it (the browser's CLDR data): "48%", "48 %".
function percent(x) { return new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent", maximumFractionDigits: 0 }).format(x); }
// What the name fields hold now, typed or not yet sent (a field sends its name when it is left), and which is typed in.
function keepTyped() {
  const fields = [...document.querySelectorAll("#names input")];
  if (!fields.length) return;
  typedNames = fields.map((x) => x.value);
  const at = fields.indexOf(document.activeElement);
  typing = at < 0 ? null : { at, start: fields[at].selectionStart, end: fields[at].selectionEnd };
}
// The cards of the deal, by side (its plain card first, then by name) under each side's total: each role with its
// picture, its help and, once "adjust" is tapped, − and + where allowed. The total says why a thief brings two more.
function cardsField(d) {
  const toggle = el("button", { class: "small", id: "adjust", "aria-pressed": String(adjusting),
    text: t(adjusting ? "setup.adjust_done" : "setup.adjust"), on: () => { adjusting = !adjusting; render(screen); } });
  const sum = (roles) => roles.reduce((n, r) => n + (d.counts[r.id] || 0), 0);
  const total = t(d.left_over ? "setup.total_left_over" : "setup.total", { cards: sum(d.roles), players: d.players });
  const cards = el("div", { class: "field", id: "cards-field" }, el("label", { text: t("setup.cards") }),
    el("p", { class: "muted small", text: t("setup.help_hint") }), el("p", { id: "cards-total", text: total }), toggle);
  const byName = (a, b) => (b.many - a.many) || t("role." + a.id).localeCompare(t("role." + b.id), d.lang);
  for (const side of ["wolves", "village", "solo"]) {
    const roles = d.roles.filter((r) => r.side === side).sort(byName);
    if (!roles.length) continue;
    const group = el("section", { class: "side", "data-side": side }, el("h3", { text: t("setup.side." + side, { n: sum(roles) }) }));
    for (const r of roles) group.append(cardRow(d, r));
    cards.append(group);
  }
  return cards;
}
function cardRow(d, r) {  // the server lists the ruleset's cards; the page knows no role
  const needsOwn = r.modes.length > 0 && !r.modes.includes(d.mode);  // the judge: only with a device each
  const off = r.min_players > d.players || needsOwn;  // shown, greyed, with the reason
  const why = needsOwn ? t("setup.own_devices") : r.min_players ? t("setup.from_players", { n: r.min_players }) : "";
  const row = el("div", { class: "count" + (off ? " off" : ""), "data-card": r.id }, picture(r.icon),
    el("span", {}, el("button", { class: "link", "data-help": r.id, text: t("role." + r.id), on: () => showHelp(r.id, r.icon) }),
      why ? el("small", { class: "muted why", text: why }) : null));
  if (adjusting && r.adjustable && !off) row.append(button("−", { t: "adjust", role: r.id, delta: -1 }));
  row.append(el("b", { text: String(d.counts[r.id] || 0), "data-role": r.id }));
  if (adjusting && r.adjustable && !off) row.append(button("+", { t: "adjust", role: r.id, delta: 1 }));
  return row;
}
// An online room's setup (its host): the code to share, who has joined, the cards and house rules.
function roomSetup(main, s) {
  const d = s.draft, room = s.room;
  main.append(el("div", { class: "field lobby", id: "lobby" }, el("label", { text: t("room.code") }),
    el("div", { class: "code", id: "room-code", "aria-label": room.code.split("").join(" "), text: room.code })));
  const seats = el("ol", { class: "seats", id: "seats" });
  for (const p of room.players) {
    const row = el("li", { class: "row seat joined", "data-seat": p.seat }, el("span", { class: "n", text: String(p.seat) }),
      el("span", { class: "who", text: p.name }));
    if (!p.user) row.append(el("button", { class: "small", text: "✕", title: t("setup.remove"), "aria-label": t("setup.remove"), on: () => send({ t: "remove", seat: p.seat }) }));
    seats.append(row);
  }
  main.append(el("div", { class: "field" }, el("label", { text: t("room.players", { n: room.players.length, min: room.min, max: room.max }) }), seats));
  main.append(choose("ruleset", t("setup.ruleset"), [["classic", t("setup.ruleset.classic")], ["extended", t("setup.ruleset.extended")]], d.ruleset, (v) => ({ t: "ruleset", ruleset: v })));
  main.append(cardsField(d));
  const h = d.house;
  main.append(choose("timer", t("setup.day_timer"), [3, 5, 8].map((n) => [n, t("setup.minutes", { n })]), h.day_timer_minutes || 5, (v) => ({ t: "house", day_timer_minutes: +v })));
  main.append(choose("speaking", t("speaking.setup"), [["no", t("day.no")], ["yes", t("day.yes")]], room.speaking ? "yes" : "no", (v) => ({ t: "speaking", on: v === "yes" })));
  main.append(el("p", { class: "muted small", text: t("speaking.setup_hint") }));
  main.append(...voiceField(s, d), levelsPanel(d));
  const deal = el("button", { class: "primary", id: "deal", text: t("setup.start"), on: () => send({ t: "deal" }) });
  if (room.players.length < room.min) { deal.disabled = true; main.append(el("p", { class: "note", id: "too-few", text: t("room.too_few", { n: room.min }) })); }
  main.append(deal);
}
// The table's speaker (host only): which output, how loud, and a test line; the server keeps it in config.yaml.
function soundPanel(s) {
  const outs = [["default", t("setup.sound_default")], ...s.outputs.map((o) => [o.id, o.name])];
  if (s.device !== "default" && !s.outputs.some((o) => o.id === s.device)) outs.push([s.device, t("setup.sound_gone", { name: s.device })]);
  const box = el("div", { id: "sound-setup" }, choose("sound-device", t("setup.sound_device"), outs, s.device, (v) => ({ t: "sound_device", device: v })));
  if (!s.outputs.length) box.append(el("p", { class: "muted small", id: "no-outputs", text: t("setup.sound_none") }));
  const volume = el("input", { type: "range", id: "sound-volume", min: "0", max: "100", step: "5", value: String(s.volume) });
  const level = el("span", { id: "sound-level", text: String(s.volume) });
  volume.oninput = () => { level.textContent = volume.value; };
  volume.onchange = () => send({ t: "sound_volume", volume: +volume.value });
  box.append(el("div", { class: "field" }, el("label", { for: "sound-volume", text: t("setup.sound_volume") }), volume, level),
    button(t("setup.sound_test"), { t: "sound_test" }, "", "sound-test"));
  return box;
}
// Each layer of the sound: the narrator, the bed under it (night, day, vote), the cues; the next game mixes them
// so, on the table's speaker and in every browser (narrator/audio/mixer.py, ambience.js).
function levelsPanel(d) {
  const box = el("div", { class: "field", id: "levels" }, el("label", { text: t("setup.levels") }));
  for (const layer of ["voice", "bed", "cues"]) {
    const id = "level-" + layer;
    const input = el("input", { type: "range", id, min: "0", max: "100", step: "5", value: String(d.levels[layer]) });
    const shown = el("span", { id: id + "-value", text: String(d.levels[layer]) });
    input.oninput = () => { shown.textContent = input.value; };
    input.onchange = () => send({ t: "levels", layer, volume: +input.value });
    box.append(el("div", { class: "row level" }, el("label", { for: id, text: t("setup.level." + layer) }), input, shown));
  }
  return box;
}
// Own devices: the room code, the QR code to join by, and the seats as the phones take them.
function lobbyPanel(s) {
  const lobby = s.lobby;
  const box = el("div", { class: "field lobby", id: "lobby" }, el("label", { text: t("setup.lobby") }),
    el("div", { class: "code", id: "room-code", "aria-label": lobby.code.split("").join(" "), text: lobby.code }));
  if (s.lan) box.append(qrCode("/qr.svg?code=" + encodeURIComponent(lobby.code), s.lan), el("p", { class: "muted small", text: s.lan }));
  else box.append(el("p", { class: "note", id: "no-lan", text: t("setup.no_lan") }));
  const seats = el("ol", { class: "seats", id: "seats" });
  for (const p of lobby.seats) {
    const row = el("li", { class: "row seat" + (p.joined ? " joined" : ""), "data-seat": p.seat },
      el("span", { class: "n", text: String(p.seat) }),
      el("span", { class: "who", text: p.joined ? p.name : t("setup.seat_free") }));
    const up = el("button", { class: "small", text: "↑", title: t("setup.move_up"), "aria-label": t("setup.move_up"), on: () => send({ t: "move", seat: p.seat, to: p.seat - 1 }) });
    if (p.seat === 1) up.disabled = true;
    row.append(up);
    if (p.joined) row.append(el("button", { class: "small", text: "✕", title: t("setup.remove"), "aria-label": t("setup.remove"), on: () => send({ t: "remove", seat: p.seat }) }));
    else row.append(el("span", { class: "gap" }));
    seats.append(row);
  }
  box.append(seats);
  return box;
}
// The QR code as an image; an SVG the browser will not draw as an image (one written for inlining, with no
// namespace) is drawn inline instead: the HTML parser gives it its namespace.
function qrCode(url, alt) {
  const img = el("img", { src: url, alt, width: "200", class: "qr", id: "qr" });
  img.onerror = () => fetch(url, { cache: "no-store" }).then((r) => (r.ok ? r.text() : "")).then((text) => {
    if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(text) || !img.isConnected) return;
    const box = el("div", { class: "qr", id: "qr", role: "img", "aria-label": alt });
    box.innerHTML = text;
    box.querySelectorAll("script, foreignObject").forEach((n) => n.remove());
    img.replaceWith(box);
  }).catch(() => {});
  return img;
}
// The narrator picker: a voice not downloaded is named with the floor that speaks for it; under it, when that
// floor could be clearer, the server's line that installs MBROLA's voice on this machine.
function voiceField(s, d) {
  const voices = s.voices.filter((v) => v.lang === d.lang);
  // a voice not downloaded is named short in the list (a closed select cuts a long text off); the chosen one's
  // whole story goes in a note under it, which wraps
  const floor = (v) => (v.floor === "mbrola" ? "setup.voice_floor_mbrola" : "setup.voice_floor");
  const label = (v) => v.installed ? v.persona : t(floor(v) + "_short", { name: v.persona });
  const out = [choose("voice", t("setup.voice"), voices.map((v) => [v.name, label(v)]), d.voice, (v) => ({ t: "voice", voice: v }))];
  const chosen = voices.find((v) => v.name === d.voice);
  if (chosen && !chosen.installed) out.push(el("p", { class: "muted small", id: "voice-floor", text: t(floor(chosen), { name: chosen.persona }) }));
  if (chosen && !chosen.installed && chosen.better) out.push(el("p", { class: "muted small", id: "voice-better", text: t("setup.voice_better", { command: chosen.better }) }));
  return out;
}
function choose(id, label, options, value, message) {
  const select = el("select", { id });
  for (const [v, text] of options) select.append(el("option", Object.assign({ value: v, text }, String(v) === String(value) ? { selected: "" } : {})));
  select.onchange = () => send(message(select.value));
  return el("div", { class: "field" }, el("label", { for: id, text: label }), select);
}
function resume(main, s) {
  if (s.error) {  // the waiting game cannot be continued: say why; its file is kept aside
    main.append(el("h1", { text: t("resume.failed") }), el("p", { class: "big", id: "why", text: t(s.error, { line: s.line }) }),
      el("p", { text: t("resume.kept", { file: s.kept }) }), el("p", { class: "muted", text: s.detail }),
      button(t("resume.new"), { t: "new" }, "primary", "new"));
    return;
  }
  main.append(el("h1", { text: t("resume.title") }), button(t("resume.continue"), { t: "continue" }, "primary", "continue"),
    button(t("resume.new"), { t: "new" }, "", "new"));
}
function deal(main, s) {
  main.append(el("h1", { text: t("deal.pass", { name: s.name }) }), el("button", { class: "primary", id: "show", text: t("deal.show", { name: s.name }), on: () => answer({ t: "show" }) }));  // names its seat's question: a late tap opens no other card
}
// The deal is over: a table with a narrator (the classic rules on one device) hands them the device; any
// other starts the night, which the voice narrates.
function narrator(main, s) {
  main.append(el("p", { class: "big", text: t("deal.narrator") }), el("button", { class: "primary", id: "start", text: t(s.narrated ? "deal.start" : "deal.night"), on: () => answer({ t: "start" }) }));
}
function listen(main, s) {
  // what the table does while the narrator speaks: the device goes round, eyes closed, or eyes open
  const words = { deal: "listen.deal", night: "night.waiting", day: "listen.day" }[s.phase];
  if (s.dead) main.append(el("p", { class: "big", id: "dead", text: t("listen.dead") }));
  if (s.told) main.append(el("p", { class: "big", id: "told", text: s.told }));  // a recognition: you were chosen
  main.append(el("p", { class: "big muted", id: "listen", text: words ? t(words) : "…" }));
}
// Own devices, before a game: join with the room code, or wait for the deal, or watch.
function lobbyScreen(main, s) {
  if (s.seat) {
    main.append(el("p", { class: "big", id: "lobby-seat", text: t("lobby.seat", { n: s.seat, name: s.name }) }));
    if (s.players && s.players.length) main.append(el("p", { class: "muted", id: "lobby-players", text: t("lobby.players", { names: s.players.join(", ") }) }));
    return;
  }
  if (!s.join) { main.append(el("p", { class: "big muted", id: "lobby-watch", text: t("lobby.watch") })); return; }
  if (joinCode === null) joinCode = (new URLSearchParams(location.hash.slice(1)).get("code") || "").toUpperCase();
  const code = el("input", { id: "join-code", class: "code", value: joinCode, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "12" });
  const name = el("input", { id: "join-name", value: joinName, autocomplete: "nickname", maxlength: "40" });
  const gender = el("select", { id: "join-gender" },
    ...["", "f", "m"].map((g) => el("option", Object.assign({ value: g, text: t("setup.gender." + (g || "none")) }, g === joinGender ? { selected: "" } : {}))));
  code.oninput = () => { joinCode = code.value; }; name.oninput = () => { joinName = name.value; };
  gender.onchange = () => { joinGender = gender.value; };
  const form = el("form", { class: "stack", id: "join" },
    el("div", { class: "field" }, el("label", { for: "join-code", text: t("lobby.code") }), code),
    el("div", { class: "field" }, el("label", { for: "join-name", text: t("lobby.name") }), name),
    el("div", { class: "field" }, el("label", { for: "join-gender", text: t("lobby.gender") }), gender),
    el("button", { class: "primary", id: "join-button", type: "submit", text: t("lobby.join") }));
  form.onsubmit = (e) => { e.preventDefault(); send({ t: "join", code: code.value, name: name.value, gender: gender.value }); };
  main.append(el("h1", { text: t("lobby.title") }), form);
  if (s.players && s.players.length) main.append(el("p", { class: "muted", id: "lobby-players", text: t("lobby.players", { names: s.players.join(", ") }) }));
}
// Own devices, the deal: the card is seen only while the finger is down (the secret's drawing, no cover button).
function cardScreen(main, s) {
  main.append(el("h1", { text: s.name }));
  const b = el("button", { class: "primary hold", id: "hold-card", text: t("card.hold") });
  b.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (holding) return;
    holding = true;
    try { b.setPointerCapture(e.pointerId); } catch (err) { /* the window's pointerup still covers */ }
    send({ t: "show" });
  });
  // a redraw while the finger is down (the deal moves on to the next seat) removes this button and with it the
  // capture: the card stays until the finger leaves the screen (the window's pointerup), not until the redraw
  for (const ev of ["pointerup", "pointercancel", "pointerleave", "lostpointercapture"]) b.addEventListener(ev, () => { if (b.isConnected) release(); });
  b.oncontextmenu = (e) => e.preventDefault();
  main.append(b);
  if (s.seen) main.append(el("p", { class: "muted", id: "seen", text: t("card.seen") }));
}
// Own devices, the host: who has looked at their card.
function dealWait(main, s) {
  main.append(el("h1", { text: t("deal_wait.title") }));
  if (s.seen.length) main.append(el("p", { class: "big", id: "seen", text: t("deal_wait.seen", { names: s.seen.join(", ") }) }));
  if (s.waiting.length) main.append(el("p", { class: "big muted", id: "waiting", text: t("deal_wait.waiting", { names: s.waiting.join(", ") }) }));
}
// Round the table, the host: the device goes to the player whose turn it is.
function turnScreen(main, s) {
  $("phase").textContent = t("night.title", { n: s.night });
  main.append(el("h1", { text: t("deal.pass", { name: s.name }) }),
    el("button", { class: "primary", id: "open", "data-seat": s.seat, text: t("turn.open", { name: s.name }), on: () => answer({ t: "open" }) }));
}
function choiceButtons(main, s, choices, label) {
  for (const c of choices) {
    const b = el("button", { class: "choice" + (myPick !== null && c.value === myPick ? " on" : ""), "data-value": c.value, text: label(c),
      on: () => { if (s.picks) myPick = c.value; answer({ t: "tap", value: c.value }); } });
    if (c.off) b.disabled = true;  // listed in place, so every phone's list looks the same
    main.append(b);
  }
}
function titled(main, icon, text) {
  main.append(el("div", { class: "title" }, picture(icon), el("h1", { text })));
}
// A night step, or a step the table answers by day (the captain's election): drawn by its shape.
// A decoy (a seat with nothing to do) looks the same: its title, its buttons; only its values say "decoy".
function night(main, s) {
  $("phase").textContent = t(s.screen === "step" ? "day.title" : "night.title", { n: s.night });
  // round the table, a turn's title, picture and wording are the same for a task and a decoy (ways/round_table.py)
  titled(main, s.turn ? null : s.icon, t(s.turn ? "step.decoy" : "step." + s.step));
  if (s.by) main.append(el("p", { class: "big", text: s.by }));
  if (s.decoy || s.turn || me.as === "seat") main.append(el("p", { class: "note", id: "ask", text: s.decoy && s.ask ? s.ask : t("night.ask_action") }));
  if (s.parts > 1) main.append(el("p", { class: "note", id: "part", text: t("turn.part", { n: s.part + 1, m: s.parts }) }));
  if ("clue" in s) main.append(el("p", { class: "big", id: "clue", text: t(s.clue_key, { name: s.clue }) }));
  if (s.turn_cards) {  // the thief's night round the table: his two cards on his turns, two drawn on the others
    main.append(el("p", { class: "note", id: "cards-note", text: t("turn.cards") }));
    for (const c of s.turn_cards) main.append(el("p", { class: "big turn-card", text: c }));
  }
  if (s.done) { main.append(el("p", { class: "big", id: "done", text: t("night.done") })); return; }
  for (const c of s.cards || []) main.append(el("div", { class: "count card" }, picture(c.icon), el("span", { text: c.label + ": " + c.role })));
  if (s.infect) main.append(el("p", { class: "big", id: "infect", text: s.infect }));  // the wolf father: "infect Ben?"
  if (s.note) main.append(el("p", { class: "note", id: "note", text: s.note }));  // the guard: why a name is not listed
  const step = s.decoy ? "decoy" : s.step;  // what a composed value starts with
  if (s.pick) return pick(main, s, step);
  if (s.shape === "seconds") return hold(main, s, step);
  if (s.shape !== "potions") {
    choiceButtons(main, s, s.choices, (c) => c.label);
    if (s.picks) {  // the wolves: each one's pick, live, under the names (the server takes the pack's when all agree)
      const box = el("div", { class: "picks", id: "picks" }, el("h2", { text: t("night.picks") }));
      for (const p of s.picks) box.append(el("div", { class: "row tally" }, el("span", { text: p.name }), el("b", { text: p.pick === null ? "…" : p.pick })));
      main.append(box);
    }
    return;
  }
  if ("attacked" in s) main.append(el("p", { class: "big", text: s.attacked ? t("night.attacked", { name: s.attacked }) : t("night.attacked_nobody") }));
  const picked = { heal: null, poison: null };
  const confirm = el("button", { class: "primary sticky", id: "brew", text: t("night.confirm"), disabled: "" });  // in reach
  const toggle = (kind, c, btn) => {
    picked[kind] = picked[kind] === c.target ? null : c.target;
    main.querySelectorAll(`button[data-kind=${kind}]`).forEach((b) => b.classList.toggle("on", +b.dataset.target === picked[kind]));
    confirm.disabled = !picked.heal && !picked.poison;
  };
  // one button per target and potion: the page composes "heal:X+poison:Y" itself from the two picks
  const once = (kind) => s.choices.filter((c, i, all) => c.kind === kind && all.findIndex((d) => d.kind === kind && d.target === c.target) === i);
  for (const c of once("heal")) {
    const b = el("button", { class: "choice", "data-kind": "heal", "data-target": c.target, text: t("night.heal", { name: c.name }) });
    b.onclick = () => toggle("heal", c, b); main.append(b);
  }
  const poisons = once("poison");
  if (poisons.length) main.append(el("h2", { text: t("night.poison") }));
  for (const c of poisons) {
    const b = el("button", { class: "choice", "data-kind": "poison", "data-target": c.target, text: c.name });
    b.onclick = () => toggle("poison", c, b); main.append(b);
  }
  confirm.onclick = () => {
    const parts = [];
    if (picked.heal) parts.push("heal:" + picked.heal);
    if (picked.poison) parts.push("poison:" + picked.poison);
    answer({ t: "tap", value: step + ":" + parts.join("+") });
  };
  main.append(confirm, el("button", { id: "pass", text: t("night.pass"), on: () => answer({ t: "tap", value: step + ":pass" }) }));
}
// Seats picked one by one (cupid's two lovers, the piper's charms): the server says how many.
function pick(main, s, step) {
  const chosen = [];
  const confirm = el("button", { class: "primary sticky", id: "pick-confirm", text: t("night.confirm"), disabled: "" });
  const n = s.pick.count;  // how many to tap, said before the names: the confirm stays disabled until then
  main.append(el("p", { class: "note", id: "pick-hint", text: t(n === 1 ? "night.pick_one" : "night.pick_many", { n, confirm: t("night.confirm") }) }));
  for (const p of s.pick.seats) {
    const b = el("button", { class: "choice", "data-seat": p.seat, text: p.name });
    b.onclick = () => {
      const at = chosen.indexOf(p.seat);
      if (at >= 0) chosen.splice(at, 1); else if (chosen.length < s.pick.count) chosen.push(p.seat);
      main.querySelectorAll("button[data-seat]").forEach((x) => x.classList.toggle("on", chosen.includes(+x.dataset.seat)));
      if (chosen.length === s.pick.count) confirm.removeAttribute("disabled"); else confirm.setAttribute("disabled", "");
    };
    main.append(b);
  }
  confirm.onclick = () => answer({ t: "tap", value: step + ":" + chosen.join(",") + (chosen.length === 1 ? "," : "") });
  main.append(confirm);
  choiceButtons(main, s, s.choices, (c) => c.label);
}
// Press and hold: the seconds held are the answer (the little girl peeking).
function hold(main, s, step) {
  let since = 0;
  const b = el("button", { class: "primary", id: "hold", text: t("step." + s.step) });
  b.onpointerdown = () => { since = Date.now(); };
  b.onpointerup = () => { const held = Math.min(10, Math.round((Date.now() - since) / 1000)); answer({ t: "tap", value: step + ":held:" + held }); };
  main.append(b);
}
function hunter(main, s) {
  titled(main, s.icon, t("hunter.title", { name: s.name }));
  choiceButtons(main, s, s.choices, (c) => (c.kind === "none" ? t("night.nobody") : c.name));
}
// The sundial (static/sundial.js, an ES module): drawn once loaded, in place of the text timer (shown without it).
let sundialJs = null;
import("/static/sundial.js").then((m) => { sundialJs = m; }, () => {});
function day(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  main.append(el("p", { class: "big", text: s.dead }));  // one or several deaths, said by the server
  for (const line of s.news || []) main.append(el("p", { class: "note", text: line }));
  if (s.timer) {
    const clock = el("p", { class: "big", id: "timer" });
    const dial = el("div", { id: "sundial" });
    // the server's clock when the frame has it (`ends` and `now`, ms: the offset is taken once, on receipt);
    // else the server's seconds left, counted from when this page received them
    const end = s.ends && s.now ? s.ends + (s.at - s.now) : s.at + s.left * 1000;
    const tick = () => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      clock.textContent = `${t("day.timer")}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      if (sundialJs) dial.replaceChildren(sundialJs.sundial(left, s.timer * 60));
      clock.hidden = Boolean(sundialJs);  // the dial says the time left in its middle: the text only without it
    };
    tick(); timer = setInterval(tick, 1000); main.append(dial, clock);
  }
  if (!s.watch && me.as === "host") main.append(el("button", { class: "primary", id: "to-vote", text: t("day.to_vote"), on: () => answer({ t: "vote" }) }));
}
function vote(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  main.append(el("h1", { text: t("day.vote") }));
  if (s.count) return counted(main, s);
  for (const c of s.choices) {
    const label = c.kind === "none" ? t("day.nobody_leaves") : t("day.expel", { name: c.name });
    const question = c.kind === "none" ? t("day.confirm_nobody") : t("day.confirm_expel", { name: c.name });
    main.append(el("button", { class: "choice", "data-value": c.value, text: label, on: () => ask(question, { t: "tap", q: s.q, value: c.value }) }));
  }
}
// Own devices: this phone's ballot (the names of the living, or nobody), each confirmed like the vote.
function ballotScreen(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  main.append(el("h1", { text: t("day.vote") }));
  if (s.silent) { main.append(el("p", { class: "big", id: "silent", text: t("ballot.silent") })); return; }
  if (me.room && me.as === "host") main.append(el("button", { class: "small", id: "count-now", text: t("ballots.count_now"), on: () => answer({ t: "count" }) }));
  if (s.done) { main.append(el("p", { class: "big", id: "ballot-in", text: t("ballot.in") })); return; }
  if (s.double) main.append(el("p", { class: "note", id: "double", text: t("ballot.double") }));
  for (const c of s.choices) {
    const label = c.kind === "none" ? t("day.nobody_leaves") : t("day.expel", { name: c.name });
    const question = c.kind === "none" ? t("day.confirm_nobody") : t("day.confirm_expel", { name: c.name });
    main.append(el("button", { class: "choice", "data-value": c.value, text: label, on: () => ask(question, { t: "tap", q: s.q, value: c.value }) }));
  }
}
// Own devices, the host: how many have voted; the host may count before the last phone (it abstains).
function ballotsScreen(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  main.append(el("h1", { text: t("day.vote") }),
    el("p", { class: "big", id: "ballot-progress", text: t("ballot.progress", { done: s.cast, all: s.of }) }),
    el("button", { class: "primary", id: "count-now", text: t("ballots.count_now"), on: () => answer({ t: "count" }) }));
}
// Counted votes, two ways chosen here: hands counted per player, or secret ballots voter by voter.
// The engine counts the captain's double ballot and the votes a mark adds; the page only shows them.
function counted(main, s) {
  for (const note of s.count.notes) main.append(el("p", { class: "note", text: note }));
  const modes = el("div", { class: "modes", id: "vote-modes" }, el("span", { class: "muted", text: t("vote.how") }));
  const body = el("div", { class: "stack", id: "vote-body" });
  const pickMode = (mode) => {
    modes.querySelectorAll("button").forEach((b) => b.classList.toggle("on", b.dataset.mode === mode));
    body.replaceChildren();
    (mode === "ballots" ? ballots : hands)(body, s, modes);
  };
  for (const mode of ["hands", "ballots"]) {
    modes.append(el("button", { id: "mode-" + mode, "data-mode": mode, text: t("vote." + mode), on: () => pickMode(mode) }));
  }
  main.append(modes, body);
  pickMode("hands");
}
function badges(s, p) {
  const out = el("span", { class: "badges" });
  // the captain, so the table knows whose hand counts twice (a badge on a candidate counts nothing against them)
  if (p.captain) put(out, el("span", { class: "badge", "data-captain": "" }, picture(s.count.captain_icon, "small") || "★"));
  if (p.extra) put(out, el("span", { class: "badge", "data-extra": p.extra }, picture(s.count.extra_icon, "small"), "+" + p.extra));
  return out;
}
function hands(body, s) {
  const hands = {};
  const total = el("p", { class: "big", id: "hands" });
  const captain = s.count.seats.some((p) => p.captain);  // then `most` holds the captain's hand twice: say so
  const show = () => {
    total.textContent = t(captain ? "vote.total_captain" : "vote.total", { n: Object.values(hands).reduce((a, b) => a + b, 0), most: s.count.most });
  };
  body.append(el("p", { class: "muted", text: t("vote.hands_hint") + (captain ? " " + t("vote.captain_hand") : "") }));
  for (const p of s.count.seats) {
    hands[p.seat] = 0;
    const n = el("span", { class: "big", text: "0" });
    const change = (d) => () => { hands[p.seat] = Math.max(0, hands[p.seat] + d); n.textContent = hands[p.seat]; show(); };
    body.append(el("div", { class: "row tally", "data-seat": p.seat }, el("span", { text: p.name }, badges(s, p)),
      el("button", { class: "small", text: "−", on: change(-1) }), n, el("button", { class: "small", text: "+", on: change(1) })));
  }
  show();
  const tally = () => Object.entries(hands).filter(([, n]) => n > 0).map(([seat, n]) => seat + "*" + n).join(",");
  body.append(total, el("button", { class: "primary sticky", id: "count-confirm", text: t("night.confirm"),
    on: () => ask(leaves(s, hands), { t: "tap", q: s.q, value: "day_vote:tally:" + tally() }) }),
    button(t("day.nobody_leaves"), { t: "tap", q: s.q, value: "day_vote:none" }, "", "nobody"));
}
// The confirm names who leaves by the hands counted (the raven's votes added, as the game counts them), or the tie.
function leaves(s, hands) {
  const votes = s.count.seats.map((p) => ({ name: p.name, n: hands[p.seat] + (p.extra || 0) }));
  const most = Math.max(0, ...votes.map((v) => v.n));
  if (most === 0) return t("day.confirm_none");  // no hand and no mark (the raven's counts as votes)
  const top = votes.filter((v) => v.n === most).map((v) => v.name);
  if (top.length === 1) return t("day.confirm_out", { name: top[0], votes: most });
  return t("day.confirm_tie", { names: top.join(", "), votes: most });
}
// The device goes round: each voter's screen shows the names and nothing of the ballots before.
function ballots(body, s, modes) {
  const voters = s.count.voters;
  const cast = [];
  const next = () => {
    body.replaceChildren();
    if (cast.length === voters.length) {
      body.append(el("p", { class: "big", text: t("ballot.done") }), el("button", { class: "primary", id: "ballots-confirm",
        text: t("ballot.count"), on: () => send({ t: "tap", q: s.q, value: "day_vote:ballots:" + cast.join(",") }) }));
      return;
    }
    const v = voters[cast.length];
    body.append(el("p", { class: "muted", id: "ballot-progress", text: t("ballot.progress", { done: cast.length, all: voters.length }) }),
      el("h2", { text: t("ballot.pass", { name: v.name }) }),
      el("button", { class: "primary", id: "ballot-open", "data-voter": v.seat, text: t("ballot.open", { name: v.name }), on: () => open(v) }));
  };
  // each ballot is confirmed before the device goes on: a slip of the finger is not cast
  const vote = (v, target, name) => () => ask(name === null ? t("ballot.confirm_abstain") : t("ballot.confirm", { name }),
    () => { cast.push(v.seat + ">" + target); next(); });
  const open = (v) => {
    modes.hidden = true;  // once the device goes round, the way of voting stays
    $("undo").hidden = true;  // and ↶ goes: in a voter's hands it would throw away the ballots cast so far
    body.replaceChildren(el("h2", { id: "ballot-voter", text: t("ballot.title", { name: v.name }) }));
    if (v.weight > 1) body.append(el("p", { class: "note", text: t("ballot.double") }));
    for (const p of s.count.seats) body.append(el("button", { class: "choice", "data-ballot": p.seat, text: p.name, on: vote(v, p.seat, p.name) }, badges(s, p)));
    body.append(el("button", { class: "choice", id: "abstain", "data-ballot": "-", text: t("ballot.abstain"), on: vote(v, "-", null) }));
  };
  next();
}
// The captain settles a tied vote alone.
function tiebreak(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  titled(main, s.icon, t("step." + s.step));
  main.append(el("p", { class: "big", id: "tied", text: s.tied }), el("p", { class: "note", text: s.ask }));
  for (const c of s.choices) {
    main.append(el("button", { class: "choice", "data-value": c.value, text: c.name, on: () => ask(t("tiebreak.confirm", { name: c.name }), { t: "tap", q: s.q, value: c.value }) }));
  }
}
// A question answered yes or no; yes sends `message`, or does it when it is a function (a ballot kept on the page).
function ask(question, message) {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = t("day.yes"); $("confirm-no").textContent = t("day.no");
  $("confirm-yes").onclick = () => { dialog.close(); if (typeof message === "function") message(); else send(message); };
  $("confirm-no").onclick = () => dialog.close();
  dialog.showModal();
}
function end(main, s) {
  main.append(el("div", { class: "banner", id: "banner", text: t("end." + s.winner) }), el("p", { class: "big", text: t("reason." + s.reason) }));
  // the cards the voice has revealed so far (`revealed`; every card without it): the screen follows the voice
  const shown = s.revealed ? s.cards.filter((c) => s.revealed.includes(c.seat)) : s.cards;
  main.append(el("h2", { text: t("end.cards") }), put(el("ol", { id: "cards" }), ...shown.map((c) => endCard(s, c))));
  if (shown.length < s.cards.length) { endButtons(main); return; }  // the story names the cards: once all are said
  const line = el("ol", { id: "timeline" });
  for (const p of s.timeline) {
    const item = el("li", { class: "period " + p.period, "data-period": p.period + "-" + p.n },
      el("h3", {}, picture(p.icon, "small"), el("span", { text: p.title })));
    for (const d of p.deaths) {
      item.append(el("div", { class: "death", "data-cause": d.cause }, picture(d.cause_icon, "small"), picture(d.icon, "small"),
        el("span", {}, el("b", { text: d.name }), ` (${d.role}): ${d.how}`)));
    }
    if (!p.deaths.length) item.append(el("p", { class: "muted", text: t("day.nobody_died") }));
    if (p.events.length) item.append(put(el("ul", { class: "log" }), ...p.events.map((e) => el("li", { text: e }))));
    line.append(item);
  }
  main.append(el("h2", { text: t("end.timeline") }), line, el("h2", { text: t("end.alive") }));
  if (s.alive.length) main.append(put(el("ul", { id: "alive" }), ...s.alive.map((a) => el("li", {}, picture(a.icon, "small"), el("span", { text: `${a.name} (${a.role})` })))));
  else main.append(el("p", { id: "alive", class: "muted", text: t("end.nobody_alive") }));
  endButtons(main);
}
function endButtons(main) {
  if (me.as === "host") main.append(el("div", { class: "row" }, button(t("end.rematch"), { t: "rematch" }, "primary", "rematch"),
    button(t("end.new_game"), { t: "new" }, "", "new-game")));
}
// One card of the end screen: its picture, who held it, and the marks (lovers, charmed, captain, winner).
function endCard(s, c) {
  const marks = el("span", { class: "marks" });
  if (c.won) put(marks, el("span", { class: "mark won" }, picture(s.won_icon, "small"), t("end.won")));
  for (const m of c.marks) put(marks, el("span", { class: "mark" }, picture(m.icon, "small"), m.label));
  return el("li", { class: "card" + (c.alive ? "" : " dead") + (c.won ? " won" : ""), "data-seat": c.seat }, picture(c.icon),
    el("span", { class: "who" }, el("b", { text: c.name }), el("span", { text: c.role }), c.dealt ? el("small", { class: "muted", text: c.dealt }) : null),
    marks);
}

// -- the natural-voice download banner on the setup screen (narrator/ui/web/voicedownload.py) --------
// Text, progress and buttons are exactly what the server sent; a button sends back its action.
let voiceBanner = null;
function drawVoiceBanner() {
  const old = $("voice-banner");
  if (old) old.remove();
  const main = $("screen");
  if (!voiceBanner || main.dataset.screen !== "setup") return;
  const box = el("div", { id: "voice-banner", class: "field", role: "status", style: "border: 2px solid var(--accent); border-radius: 12px; padding: 12px;" },
    el("p", { text: voiceBanner.text }));
  if (voiceBanner.progress !== null) box.append(el("progress", { max: "1", value: String(voiceBanner.progress), style: "width: 100%;" }));
  const row = el("div", { class: "row" });
  for (const b of voiceBanner.buttons) row.append(el("button", { class: b.primary ? "primary" : "", "data-action": b.action, text: b.label, on: () => send({ t: "voice_download", action: b.action }) }));
  if (voiceBanner.buttons.length) box.append(row);
  main.insertBefore(box, main.children[1] || null);  // under the title
}
// -- end of the voice download banner --------------------------------------------------------------

$("undo").onclick = () => send({ t: "undo" });
$("help").onclose = () => $("help-body").replaceChildren();  // a closed help card leaves no role's name behind
// After the page's other scripts (an online room's room.js, a module, runs before DOMContentLoaded): the first
// frames (the voice chat's `open`s) must find its hooks in place.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connect); else connect();
