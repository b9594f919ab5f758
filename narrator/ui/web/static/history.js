// The group's history (narrator/ui/web/historyview.py): the host opens it from the setup screen; the server sends
// the finished games and each player's numbers, and this page draws them, the rates as small SVG bar charts.
"use strict";
(() => {
  const w = window.wolfcall;
  const t = (k, v) => w.t(k, v);
  const SVG = "http://www.w3.org/2000/svg";
  const el = w.el;  // the page's own (app.js)
  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }
  const pct = (r) => new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent", maximumFractionDigits: 0 }).format(r);  // "48 %" in German and Spanish (the browser's CLDR data)
  // One bar per row: its label, the share filled, "wins/games" at its end.
  function bars(rows, cls) {
    const H = 18, W = 300, L = 110;
    const box = svg("svg", { viewBox: `0 0 ${W} ${rows.length * H}`, class: "chart " + cls, role: "img" });
    rows.forEach(([label, part, whole], i) => {
      const y = i * H, full = W - L - 50, rate = whole ? part / whole : 0;
      const text = svg("text", { x: 0, y: y + 13, class: "chart-label" }); text.textContent = label; box.append(text);
      box.append(svg("rect", { x: L, y: y + 3, width: full, height: H - 6, class: "chart-back" }));
      box.append(svg("rect", { x: L, y: y + 3, width: Math.round(full * rate), height: H - 6, class: "chart-bar", "data-rate": rate.toFixed(4) }));
      const end = svg("text", { x: L + full + 4, y: y + 13, class: "chart-value" }); end.textContent = `${part}/${whole}`; box.append(end);
    });
    return box;
  }
  function dialog() {
    let box = document.getElementById("history");
    if (!box) { box = el("dialog", { id: "history" }); document.body.append(box); }
    return box;
  }
  function game(g) {
    const when = new Date(g.ended * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
    const who = g.seats.map((s) => `${s.name || s.seat} (${t("role." + s.role)})${s.won ? " ★" : ""}`).join(", ");
    const del = el("button", { class: "small", text: t("history.delete"), "data-game": g.id, on: () => { if (confirm(t("history.delete_confirm"))) w.send({ t: "history", action: "delete", game: g.id }); } });
    return el("li", { class: "history-game", "data-game": g.id },
      el("b", { text: `${t("end." + g.winner)}` }), el("span", { class: "muted small", text: ` ${when} · ${t("history.nights", { n: g.nights })}` }),
      el("div", { class: "small", text: who }), del);
  }
  function player(p) {
    const card = el("section", { class: "history-player", "data-name": p.name });
    const rename = el("button", { class: "small", text: t("history.rename"), on: () => {
      const name = prompt(t("history.rename_prompt", { name: p.name }), p.name);
      if (name && name.trim() && name.trim() !== p.name) w.send({ t: "history", action: "rename", old: p.name, new: name.trim() });
    } });
    card.append(el("h3", { text: p.name }), el("p", { class: "small", text: `${t("history.played")} ${p.games} · ${t("history.wins")} ${p.wins} (${pct(p.win_rate)})` }));
    card.append(bars([[t("history.wins"), p.wins, p.games], [t("history.survival"), p.survived, p.games], [t("history.voted_out"), p.voted_out, p.games]], "overall"));
    card.append(el("h4", { text: t("history.by_side") }), bars(Object.entries(p.sides).map(([k, v]) => [t("history.side." + k), v.wins, v.games]), "sides"));
    card.append(el("h4", { text: t("history.by_role") }), bars(Object.entries(p.roles).map(([k, v]) => [t("role." + k), v.wins, v.games]), "roles"));
    card.append(rename);
    return card;
  }
  function download(text) {
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "wolfcall-history.json" });
    document.body.append(a); a.click(); a.remove();
  }
  // Import: the file chosen is posted to the server as JSON with the ticket this screen came with
  // (narrator/ui/web/historyimport.py); the server checks it whole, and sends the screen again.
  let last = null, notice = null;
  function why(r) {
    const p = Object.assign({}, r.params || {});
    if (p.wanted) p.wanted = t("history.file.wanted." + p.wanted);
    const words = t("history.file." + r.file, p);
    return words === "history.file." + r.file ? r.text : words;
  }
  async function importFile(file) {
    let answer;
    notice = null;  // the answer to this file, not to the one before
    try {
      const res = await fetch("/history/import", { method: "POST", body: await file.text(),
        headers: { "Content-Type": "application/json", "X-Wolfcall-Ticket": last.ticket || "" } });
      const body = await res.json();
      answer = res.ok ? { ok: true, text: t("history.imported_page", body) }
        : { ok: false, text: body.rule === "history.file" ? t("history.import_refused", { why: why(body) })
                                                          : t("history.import_again") };
    } catch (e) {
      answer = { ok: false, text: t("history.import_again") };
    }
    notice = answer;
    if (last) draw(last);
  }
  function importer() {
    const input = el("input", { type: "file", id: "history-file", accept: ".json,application/json", hidden: "" });
    input.addEventListener("change", () => { if (input.files.length) importFile(input.files[0]); });
    const button = el("button", { id: "history-import", text: t("history.import"), on: () => input.click() });
    return [input, button];
  }
  function draw(m) {
    if (m.file) download(m.file);
    last = m;
    const box = dialog(), d = m.data;
    box.replaceChildren(el("h1", { text: t("history.title") }));
    if (!d.games.length) box.append(el("p", { id: "history-empty", text: t("history.empty") }));
    else {
      box.append(el("p", { class: "muted", text: t("history.count", { n: d.count }) }));
      box.append(el("h2", { text: t("history.players") }), ...d.players.map(player));
      box.append(el("h2", { text: t("history.games") }), el("ul", { id: "history-games" }, ...d.games.map(game)));
      box.append(el("button", { id: "history-export", text: t("history.export"), on: () => w.send({ t: "history", action: "export" }) }));
    }
    const said = notice && el("p", { id: "history-notice", class: notice.ok ? "" : "refusal", role: "status", text: notice.text });
    if (said) box.append(said);  // by the Import button the host has just pressed
    box.append(...importer());
    box.append(el("button", { id: "history-close", class: "primary", text: t("history.back"), on: () => { notice = null; box.close(); } }));
    if (!box.open) box.showModal();
    if (said) said.scrollIntoView({ block: "nearest" });
  }
  w.hooks.message.push((m) => { if (m.t === "history") draw(m); });
  w.hooks.render.push((main, s) => {
    if (s.screen !== "setup" || !w.me() || w.me().as !== "host") return;
    const deal = main.querySelector("#deal");
    const open = el("button", { id: "history-open", text: t("history.open"), on: () => w.send({ t: "history" }) });
    if (deal) deal.after(open); else main.append(open);
  });
})();
