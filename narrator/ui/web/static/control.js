// Control of the table: the server is away (said over the whole page until it is back), an undo is under way
// (said at once, over the screen undone), and another device takes over the table with the code the table
// has (narrator/ui/web/takeover.py): a watcher asks and types it; the host's page shows it while it is open.
"use strict";
(() => {
  const w = window.wolfcall;
  const $ = (id) => document.getElementById(id);
  function overlay(id, text) {
    let box = $(id);
    if (!box) { box = document.createElement("div"); box.id = id; box.className = "overlay"; box.setAttribute("role", "status"); document.body.append(box); }
    box.textContent = text;
    box.hidden = false;
  }
  function hide(id) { const box = $(id); if (box) box.hidden = true; }
  w.hooks.closed.push((restarting) => overlay("offline", w.t(restarting ? "control.restarting" : "control.offline")));
  w.hooks.opened.push(() => { hide("offline"); hide("undoing"); });
  // A tap kept until the socket has said who this page is (app.js send): said at the top, over nothing to tap,
  // in the table's language once the server has sent it (before its first frame, an ellipsis).
  w.hooks.waiting.push((waiting) => {
    if (!waiting) { hide("connecting"); return; }
    let box = $("connecting");
    if (!box) { box = make("div", { id: "connecting", role: "status" }); document.body.append(box); }
    const text = w.t("control.connecting");
    box.textContent = text === "control.connecting" ? "…" : text;
    box.hidden = false;
  });

  let asked = false, typed = "", hostCode = null, hostLocked = false;
  w.hooks.message.push((m) => {
    if (m.t === "undoing") overlay("undoing", w.t("control.undoing"));
    // covered until the screen the undo brings back (its own line, said first, is none), or its refusal
    else if (m.t === "screen" || m.t === "refused") hide("undoing");
    else if (m.t === "takeover") { asked = true; redraw(); }
    else if (m.t === "takeover_code") { hostCode = m.code; banner(); }
    else if (m.t === "takeover_lock") { hostLocked = m.locked; banner(); }
    else if (m.t === "refused" && m.rule === "takeover.locked") { asked = false; redraw(); }
    else if (m.t === "refused" && m.rule === "takeover.void") { typed = ""; redraw(); }
    else if (m.t === "you" && m.as !== "spectator") { asked = false; typed = ""; }
  });
  w.hooks.render.push((main) => { const panel = takeover(); if (panel) main.append(panel); banner(); });

  // A watcher's way to run the table: ask, then type the code the table was given.
  function takeover() {
    const me = w.me();
    if (me.as !== "spectator" || me.room) return null;
    const box = document.createElement("section");
    box.id = "takeover";
    box.className = "stack";
    if (!asked) {
      box.append(make("button", { id: "takeover-ask", class: "link", text: w.t("takeover.ask") }, () => w.send({ t: "takeover" })));
      return box;
    }
    const code = make("input", { id: "takeover-code", class: "code", inputmode: "numeric", autocomplete: "off", maxlength: "4", "aria-label": w.t("takeover.code") });
    code.value = typed;
    code.oninput = () => { typed = code.value; };
    const form = make("form", { class: "stack" });
    form.append(make("p", { text: w.t("takeover.asked") }), code, make("button", { id: "takeover-send", class: "primary", type: "submit", text: w.t("takeover.send") }));
    form.onsubmit = (e) => { e.preventDefault(); w.send({ t: "takeover", code: code.value }); };
    box.append(form);
    return box;
  }
  function redraw() {
    const old = $("takeover"), panel = takeover();
    if (old && panel) old.replaceWith(panel); else if (old) old.remove(); else if (panel) $("screen").append(panel);
  }
  // The host's page: the code asked for, to say to whoever asked, while it is open; and a device barred for its
  // wrong codes, with the one button that lets every device try again.
  function banner() {
    let box = $("takeover-host");
    const host = w.me().as === "host", show = host && (hostCode || hostLocked);
    if (!box && !show) return;
    if (!box) { box = make("div", { id: "takeover-host", role: "alert" }); $("screen").before(box); }
    box.hidden = !show;
    box.replaceChildren();
    if (host && hostCode) box.append(make("p", { text: w.t("takeover.host", { code: hostCode }) }));
    if (host && hostLocked) {
      box.append(make("p", { text: w.t("takeover.locked") }),
        make("button", { id: "takeover-clear", class: "link", text: w.t("takeover.clear") }, () => w.send({ t: "takeover_clear" })));
    }
  }
  function make(tag, attrs, click) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    if (click) node.addEventListener("click", click);
    return node;
  }
})();
