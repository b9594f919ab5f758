// The page renders what the server sends; it decides nothing. Secrets live only inside #secret
// and are dropped (DOM and variables) the moment the card is covered or the page is hidden.
"use strict";
let T = {};
let ws = null;
let screen = null;
let timer = null;
const $ = (id) => document.getElementById(id);
const t = (key, vars) => (T[key] || key).replace(/\{(\w+)\}/g, (_, k) => (vars && k in vars ? vars[k] : ""));

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
function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function button(label, msg, cls, id) {
  return el("button", Object.assign({ class: cls || "", text: label, on: () => send(msg) }, id ? { id } : {}));
}

function connect() {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => setTimeout(connect, 1000);
}

function receive(m) {
  if (m.t === "ui") { T = m.strings; document.documentElement.lang = m.lang; if (screen) render(screen); }
  else if (m.t === "screen") { screen = m; render(m); }
  else if (m.t === "caption") $("caption").textContent = m.text;
  else if (m.t === "private") showSecret(m);
  else if (m.t === "refused") toast(m.text);
  else if (m.t === "audio") new Audio(m.url).play().catch(() => {});
}

function toast(text) {
  const box = $("toast");
  box.textContent = text; box.hidden = false;
  clearTimeout(box.timer); box.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

// -- secrets ----------------------------------------------------------------------------
function showSecret(m) {
  const box = $("secret");
  box.replaceChildren();
  box.dataset.kind = m.kind;
  if (m.kind === "card") {
    box.append(el("h2", { text: t("deal.card") }), el("div", { class: "role", text: m.role }));
    if (m.pack.length) box.append(el("p", { text: t("deal.pack") + ": " + m.pack.join(", ") }));
    box.append(el("button", { class: "primary", id: "cover", text: t("deal.cover"), on: () => cover(true) }));
  } else if (m.result !== "werewolf" && m.result !== "village") {  // the extended seer sees the card itself
    box.append(el("h2", { text: m.target }), el("div", { class: "role", text: m.role }),
      el("button", { class: "primary", id: "cover", text: t("night.got_it"), on: () => cover(false) }));
  } else {
    const wolf = m.result === "werewolf";
    box.append(el("h2", { text: m.target }), el("div", { class: "thumb", text: wolf ? "👎" : "👍" }),
      el("p", { class: "big", text: t(wolf ? "night.answer_werewolf" : "night.answer_village") }),
      el("button", { class: "primary", id: "cover", text: t("night.got_it"), on: () => cover(false) }));
  }
  box.hidden = false;
  m = null;
}
function cover(isCard) {
  const box = $("secret");
  const wasCard = box.dataset.kind === "card";
  box.replaceChildren(); box.hidden = true; delete box.dataset.kind;
  if (isCard || wasCard) send({ t: "cover" });
}
document.addEventListener("visibilitychange", () => { if (document.hidden && !$("secret").hidden) cover(false); });

// -- screens ----------------------------------------------------------------------------
function render(s) {
  clearInterval(timer);
  const main = $("screen");
  main.replaceChildren();
  main.dataset.screen = s.screen;
  main.dataset.gen = String(+(main.dataset.gen || 0) + 1);
  $("undo").hidden = !["night", "day", "vote", "hunter", "listen", "end"].includes(s.screen) || s.phase === "deal";
  $("phase").textContent = "";
  const draw = { setup, resume, deal, narrator, listen, night, hunter, day, vote, end }[s.screen];
  if (draw) draw(main, s);
}

function setup(main, s) {
  const d = s.draft;
  main.append(el("h1", { text: t("setup.title") }));
  main.append(choose("ruleset", t("setup.ruleset"), [["classic", t("setup.ruleset.classic")], ["extended", t("setup.ruleset.extended")]], d.ruleset, (v) => ({ t: "ruleset", ruleset: v })));
  const players = el("select", { id: "players" });
  for (let n = d.range[0]; n <= d.range[1]; n++) players.append(el("option", Object.assign({ value: n, text: n }, n === d.players ? { selected: "" } : {})));
  players.onchange = () => send({ t: "players", players: +players.value });
  main.append(el("div", { class: "field" }, el("label", { text: t("setup.players") }), players));
  const names = el("div", { class: "grid" });
  for (let i = 0; i < d.players; i++) {
    const input = el("input", { placeholder: t("setup.name", { n: i + 1 }), value: d.names[i] || "", "aria-label": t("setup.name", { n: i + 1 }) });
    input.onchange = () => send({ t: "names", names: [...names.querySelectorAll("input")].map((x) => x.value) });
    names.append(input);
  }
  main.append(el("div", { class: "field" }, el("label", { text: t("setup.names") }), names));
  const cards = el("div", { class: "field" }, el("label", { text: t("setup.cards") }));
  for (const r of d.roles) {  // the server lists the ruleset's cards; the page knows no role
    if (r.min_players > d.players || r.own_devices_only) continue;
    const row = el("div", { class: "count" }, el("span", { text: t("role." + r.id) }));
    if (r.adjustable) row.append(button("−", { t: "adjust", role: r.id, delta: -1 }));
    row.append(el("b", { text: String(d.counts[r.id] || 0), "data-role": r.id }));
    if (r.adjustable) row.append(button("+", { t: "adjust", role: r.id, delta: 1 }));
    cards.append(row);
  }
  main.append(cards);
  const h = d.house;
  main.append(el("h2", { text: t("setup.house") }));
  main.append(choose("win", t("setup.win"), [["number", t("setup.win.number")], ["side", t("setup.win.side")]], h.win, (v) => ({ t: "house", win: v })));
  if (d.house_rules.includes("captain")) main.append(choose("captain", t("setup.captain"), [["no", t("day.no")], ["yes", t("day.yes")]], h.captain ? "yes" : "no", (v) => ({ t: "house", captain: v === "yes" })));
  if (d.house_rules.includes("witch_one_potion_per_night")) main.append(choose("one-potion", t("setup.one_potion"), [["no", t("day.no")], ["yes", t("day.yes")]], h.witch_one_potion_per_night ? "yes" : "no", (v) => ({ t: "house", witch_one_potion_per_night: v === "yes" })));
  main.append(choose("heal", t("setup.self_heal"), [["yes", t("day.yes")], ["no", t("day.no")]], h.witch_self_heal_first_night ? "yes" : "no", (v) => ({ t: "house", witch_self_heal_first_night: v === "yes" })));
  main.append(choose("step", t("setup.step_seconds"), [0, 4, 6, 10].map((n) => [n, String(n)]), h.step_seconds, (v) => ({ t: "house", step_seconds: +v })));
  main.append(choose("timer", t("setup.day_timer"), [["off", t("setup.off")], ...[3, 5, 8].map((n) => [n, t("setup.minutes", { n })])], h.day_timer_minutes || "off", (v) => ({ t: "house", day_timer_minutes: v === "off" ? null : +v })));
  main.append(choose("lang", t("setup.language"), [["en", "English"], ["de", "Deutsch"], ["es", "Español"]], d.lang, (v) => ({ t: "lang", lang: v })));
  main.append(choose("voice", t("setup.voice"), s.voices.filter((v) => v.lang === d.lang).map((v) => [v.name, v.persona]), d.voice, (v) => ({ t: "voice", voice: v })));
  main.append(choose("sound", t("setup.sound"), [["server", t("setup.sound.server")], ["browser", t("setup.sound.browser")]], d.sound, (v) => ({ t: "sound", sound: v })));
  main.append(el("button", { class: "primary", id: "deal", text: t("setup.start"), on: () => send({ t: "deal" }) }));
  if (s.lan) main.append(el("div", { class: "field" }, el("label", { text: t("lan") }), el("img", { src: "/qr.svg", alt: s.lan, width: "180" }), el("p", { class: "muted", text: s.lan })));
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
  main.append(el("h1", { text: t("deal.pass", { name: s.name }) }), el("button", { class: "primary", id: "show", text: t("deal.show", { name: s.name }), on: () => send({ t: "show" }) }));
}
function narrator(main) {
  main.append(el("p", { class: "big", text: t("deal.narrator") }), button(t("deal.start"), { t: "start" }, "primary", "start"));
}
function listen(main, s) {
  main.append(el("p", { class: "big muted", text: s.phase === "night" ? t("night.waiting") : "…" }));
}
function choiceButtons(main, choices, label) {
  for (const c of choices) main.append(el("button", { class: "choice", "data-value": c.value, text: label(c), on: () => send({ t: "tap", value: c.value }) }));
}
function night(main, s) {
  $("phase").textContent = t("night.title", { n: s.night });
  main.append(el("h1", { text: t("step." + s.step) }));
  if (s.pick) return pick(main, s);
  if (s.shape === "seconds") return hold(main, s);
  if (s.shape !== "potions") return choiceButtons(main, s.choices, (c) => c.label);
  if ("attacked" in s) main.append(el("p", { class: "big", text: s.attacked ? t("night.attacked", { name: s.attacked }) : t("night.attacked_nobody") }));
  const picked = { heal: null, poison: null };
  const confirm = el("button", { class: "primary", id: "brew", text: t("night.confirm"), disabled: "" });
  const toggle = (kind, c, btn) => {
    picked[kind] = picked[kind] === c.target ? null : c.target;
    main.querySelectorAll(`button[data-kind=${kind}]`).forEach((b) => b.classList.toggle("on", +b.dataset.target === picked[kind]));
    confirm.disabled = !picked.heal && !picked.poison;
  };
  for (const c of s.choices.filter((c) => c.kind === "heal")) {
    const b = el("button", { class: "choice", "data-kind": "heal", "data-target": c.target, text: t("night.heal", { name: c.name }) });
    b.onclick = () => toggle("heal", c, b); main.append(b);
  }
  const poisons = s.choices.filter((c) => c.kind === "poison");
  if (poisons.length) main.append(el("h2", { text: t("night.poison") }));
  for (const c of poisons) {
    const b = el("button", { class: "choice", "data-kind": "poison", "data-target": c.target, text: c.name });
    b.onclick = () => toggle("poison", c, b); main.append(b);
  }
  confirm.onclick = () => {
    const parts = [];
    if (picked.heal) parts.push("heal:" + picked.heal);
    if (picked.poison) parts.push("poison:" + picked.poison);
    send({ t: "tap", value: s.step + ":" + parts.join("+") });
  };
  main.append(confirm, button(t("night.pass"), { t: "tap", value: s.step + ":pass" }, "", "pass"));
}
// Seats picked one by one (cupid's two lovers, the piper's charms): the server says how many.
function pick(main, s) {
  const chosen = [];
  const confirm = el("button", { class: "primary", id: "pick-confirm", text: t("night.confirm"), disabled: "" });
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
  confirm.onclick = () => send({ t: "tap", value: s.step + ":" + chosen.join(",") + (chosen.length === 1 ? "," : "") });
  main.append(confirm);
  choiceButtons(main, s.choices, (c) => c.label);
}
// Press and hold: the seconds held are the answer (the little girl peeking).
function hold(main, s) {
  let since = 0;
  const b = el("button", { class: "primary", id: "hold", text: t("step." + s.step) });
  b.onpointerdown = () => { since = Date.now(); };
  b.onpointerup = () => { const held = Math.min(10, Math.round((Date.now() - since) / 1000)); send({ t: "tap", value: s.step + ":held:" + held }); };
  main.append(b);
}
function hunter(main, s) {
  main.append(el("h1", { text: t("hunter.title", { name: s.name }) }));
  choiceButtons(main, s.choices, (c) => (c.kind === "none" ? t("night.nobody") : c.name));
}
function day(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  main.append(el("p", { class: "big", text: s.deaths.length ? t("day.dead", { names: s.deaths.join(", ") }) : t("day.nobody_died") }));
  if (s.timer) {
    const clock = el("p", { class: "big", id: "timer" });
    const end = s.started * 1000 + s.timer * 60000;
    const tick = () => { const left = Math.max(0, Math.round((end - Date.now()) / 1000)); clock.textContent = `${t("day.timer")}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`; };
    tick(); timer = setInterval(tick, 1000); main.append(clock);
  }
  main.append(button(t("day.to_vote"), { t: "vote" }, "primary", "to-vote"));
}
function vote(main, s) {
  $("phase").textContent = t("day.title", { n: s.day });
  main.append(el("h1", { text: t("day.vote") }));
  if (s.count) return count(main, s);
  for (const c of s.choices) {
    const label = c.kind === "none" ? t("day.nobody_leaves") : t("day.expel", { name: c.name });
    const question = c.kind === "none" ? t("day.confirm_nobody") : t("day.confirm_expel", { name: c.name });
    main.append(el("button", { class: "choice", "data-value": c.value, text: label, on: () => ask(question, { t: "tap", value: c.value }) }));
  }
}
// Hands counted per player; the server counts the captain's double vote and the raven's two.
function count(main, s) {
  const hands = {};
  const total = el("p", { class: "big", id: "hands" });
  const show = () => { total.textContent = Object.values(hands).reduce((a, b) => a + b, 0) + " / " + s.count.most; };
  for (const p of s.count.seats) {
    hands[p.seat] = 0;
    const n = el("span", { class: "big", text: "0" });
    const change = (d) => () => { hands[p.seat] = Math.max(0, hands[p.seat] + d); n.textContent = hands[p.seat]; show(); };
    main.append(el("div", { class: "row", "data-seat": p.seat }, el("span", { text: p.name }),
      el("button", { class: "small", text: "−", on: change(-1) }), n, el("button", { class: "small", text: "+", on: change(1) })));
  }
  show();
  const tally = () => Object.entries(hands).filter(([, n]) => n > 0).map(([seat, n]) => seat + "*" + n).join(",");
  main.append(total, el("button", { class: "primary", id: "count-confirm", text: t("night.confirm"),
    on: () => ask(t("day.confirm_count"), { t: "tap", value: "day_vote:tally:" + tally() }) }),
    button(t("day.nobody_leaves"), { t: "tap", value: "day_vote:none" }, "", "nobody"));
}
function ask(question, message) {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = t("day.yes"); $("confirm-no").textContent = t("day.no");
  $("confirm-yes").onclick = () => { dialog.close(); send(message); };
  $("confirm-no").onclick = () => dialog.close();
  dialog.showModal();
}
function end(main, s) {
  main.append(el("div", { class: "banner", id: "banner", text: t("end." + s.winner) }), el("p", { class: "big", text: t("reason." + s.reason) }));
  const cards = el("ol", { id: "cards" });
  main.append(el("h2", { text: t("end.cards") }), cards);
  s.cards.forEach((c, i) => setTimeout(() => cards.append(el("li", { text: `${c.name}: ${c.role}` })), 400 * i));
  const log = el("ul", { id: "log" });
  for (const line of s.log) log.append(el("li", { text: line }));
  main.append(el("h2", { text: t("end.log") }), log, button(t("end.rematch"), { t: "rematch" }, "primary", "rematch"));
}

$("undo").onclick = () => send({ t: "undo" });
connect();
