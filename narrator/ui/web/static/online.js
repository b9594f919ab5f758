// The online rooms' front page. Signed out: sign in (or sign up). Signed in: open a room or join one by its code;
// both go to /r/<code>. The server decides everything and refuses with {rule, text}; the page shows its own words
// for the rule (from /api/strings), else the server's English text. The session is an HttpOnly cookie: this page
// never sees it.
"use strict";
const $ = (id) => document.getElementById(id);
const LANG = ((navigator.language || "en").slice(0, 2).toLowerCase().match(/^(de|es)$/) || ["en"])[0];
let T = {};
let mode = "signin";  // or "signup": which of the two the account form does
let busy = false;  // a request is on its way: a second tap sends nothing
const t = (key, vars) => (key in T ? T[key] : key).replace(/\{(\w+)\}/g, (_, k) => (vars && k in vars ? vars[k] : ""));

// GET, or POST with a JSON body; never throws: {ok, status, data}, with {rule: "offline"} when nothing answered.
async function api(path, body) {
  const init = { credentials: "same-origin", cache: "no-store" };
  if (body !== undefined) Object.assign(init, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let response;
  try { response = await fetch(path, init); } catch (e) { return { ok: false, status: 0, data: { rule: "offline" } }; }
  let data = {};
  try { data = await response.json(); } catch (e) { /* not JSON: a proxy's page, say */ }
  return { ok: response.ok, status: response.status, data: data || {} };
}

function showError(refusal) {
  const box = $("error");
  const rule = (refusal && refusal.rule) || "server.error";
  box.textContent = rule === "offline" ? t("online.offline")
    : T["online.rule." + rule] || T["refusal." + rule] || (refusal && refusal.text) || t("online.rule.server.error");
  box.dataset.rule = rule;
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}
function clearError() { $("error").hidden = true; $("error").textContent = ""; delete $("error").dataset.rule; }

function words() {
  document.documentElement.lang = LANG;
  document.title = t("online.title");
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("account-title").textContent = t(mode === "signup" ? "online.signup.title" : "online.signin.title");
}

function showAccount(which) {
  mode = which;
  const up = which === "signup";
  $("account").hidden = false; $("rooms").hidden = true;
  $("me").hidden = true; $("signout").hidden = true;
  $("signin").hidden = up; $("to-signup").hidden = up;
  $("signup").hidden = !up; $("to-signin").hidden = !up;
  $("password").setAttribute("autocomplete", up ? "new-password" : "current-password");
  $("account-title").textContent = t(up ? "online.signup.title" : "online.signin.title");
}

function showRooms(name) {
  $("account").hidden = true; $("rooms").hidden = false;
  $("password").value = "";
  $("me").textContent = t("online.me", { name });
  $("me").hidden = false; $("signout").hidden = false;
  myHistory();
}

// The account's own finished games (GET /api/history: only the games it sat in): its numbers, the win rate by
// side and by role as small SVG bar charts drawn here, and its last games.
async function myHistory() {
  const answer = await api("/api/history");
  const box = $("my-history");
  if (!answer.ok) return;
  const d = answer.data, me = d.players[0];
  box.replaceChildren();
  const h = document.createElement("h2"); h.textContent = t("history.title"); box.append(h);
  const line = (text, cls) => { const p = document.createElement("p"); p.textContent = text; if (cls) p.className = cls; box.append(p); return p; };
  if (!me) { line(t("history.empty"), "muted"); box.hidden = false; return; }
  line(t("history.player_line", { name: me.name, games: me.games, wins: me.wins, rate: Math.round(me.win_rate * 100) + "%",
    survived: me.survived, voted: me.voted_out })).id = "my-numbers";
  const NS = "http://www.w3.org/2000/svg";
  const bars = (kind, heading, rows, label) => {  // one bar per side or role: its wins out of its games
    const chart = document.createElementNS(NS, "svg");
    chart.setAttribute("viewBox", `0 0 300 ${rows.length * 18}`); chart.setAttribute("class", "chart " + kind);
    rows.forEach(([key, v], i) => {
      const add = (tag, attrs, text) => { const n = document.createElementNS(NS, tag); for (const [k, x] of Object.entries(attrs)) n.setAttribute(k, x); if (text) n.textContent = text; chart.append(n); };
      const rate = v.games ? v.wins / v.games : 0;
      add("text", { x: 0, y: i * 18 + 13, class: "chart-label" }, label(key));
      add("rect", { x: 110, y: i * 18 + 3, width: 140, height: 12, class: "chart-back" });
      add("rect", { x: 110, y: i * 18 + 3, width: Math.round(140 * rate), height: 12, class: "chart-bar", "data-rate": rate.toFixed(4) });
      add("text", { x: 254, y: i * 18 + 13, class: "chart-value" }, `${v.wins}/${v.games}`);
    });
    const by = document.createElement("h3"); by.textContent = t(heading); box.append(by, chart);
  };
  bars("sides", "history.by_side", Object.entries(me.sides), (side) => t("history.side." + side));
  bars("roles", "history.by_role", Object.entries(me.roles), (role) => t("role." + role));
  const list = document.createElement("ul"); list.id = "my-games";
  for (const g of d.games) { const li = document.createElement("li"); li.textContent = `${t("end." + g.winner)} · ${t("history.nights", { n: g.nights })}`; list.append(li); }
  const last = document.createElement("h3"); last.textContent = t("history.games"); box.append(last, list);
  box.hidden = false;
}

// One request at a time; `then` gets the answer's data when it succeeded, else the refusal is shown.
async function submit(path, body, then) {
  if (busy) return;
  busy = true; clearError();
  for (const b of document.querySelectorAll("button")) b.disabled = true;
  try {
    const answer = await api(path, body);
    if (answer.ok) { then(answer.data); return; }
    if (answer.data.rule === "signin.required") showAccount("signin");
    showError(answer.data);
  } finally {
    busy = false;
    for (const b of document.querySelectorAll("button")) b.disabled = false;
  }
}
function toRoom(data) {
  if (data && typeof data.code === "string" && data.code) location.href = "/r/" + encodeURIComponent(data.code);
  else showError({ rule: "server.error" });
}

$("account-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const body = { name: $("name").value, password: $("password").value };
  submit(mode === "signup" ? "/api/signup" : "/api/signin", body, (data) => showRooms(data.name));
});
$("to-signup").addEventListener("click", () => { clearError(); showAccount("signup"); $("name").focus(); });
$("to-signin").addEventListener("click", () => { clearError(); showAccount("signin"); $("name").focus(); });
$("open-form").addEventListener("submit", (e) => {
  e.preventDefault();
  submit("/api/rooms", { ruleset: $("ruleset").value, lang: $("lang").value, voice: $("voice").value.trim() }, toRoom);
});
$("join-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("code").value.replace(/[^0-9a-z]/gi, "").toUpperCase().slice(0, 16);
  submit(`/r/${encodeURIComponent(code || "-")}/join`, {}, toRoom);  // the code in the path: a router routes on it
});
$("signout").addEventListener("click", () => submit("/api/signout", {}, () => { $("name").value = ""; showAccount("signin"); }));

async function start() {
  $("lang").value = LANG;
  const code = new URLSearchParams(location.hash.slice(1) || location.search).get("code");
  if (code) $("code").value = code.toUpperCase();
  const strings = await api("/api/strings?lang=" + LANG);
  if (strings.ok) T = strings.data;
  words();
  const me = await api("/api/me");
  if (me.ok && me.data.name) showRooms(me.data.name);
  else {
    showAccount("signin");
    if (me.status !== 401) showError(me.data);  // 401 is only "signed out"; anything else is worth saying
  }
}
start();
