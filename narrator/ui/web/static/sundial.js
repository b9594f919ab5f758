// The sundial: the debate time left, drawn on every screen and counted from the server's clock; and the
// speaking list's panel (Meldeliste). An ES module: the page (a classic script) loads it with import().
// A frame carries `now` (the server's ms when it was sent) and `ends` (the server's ms when the debate ends):
// the page takes `serverOffset(frame.now)` once per frame and counts down to `ends + offset` on its own clock.

const SVG = "http://www.w3.org/2000/svg";

// This page's clock minus the server's, taken once per frame (the frame's travel time is counted as zero).
export function serverOffset(serverNowMs, localNowMs = Date.now()) {
  return localNowMs - serverNowMs;
}

// Whole seconds left until the server's `endsMs`, on this page's clock (never below zero).
export function secondsUntil(endsMs, offsetMs, localNowMs = Date.now()) {
  return Math.max(0, Math.round((endsMs + offsetMs - localNowMs) / 1000));
}

export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function node(tag, attrs) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

// A round dial: the shadow sector, clockwise from twelve o'clock, is the part of the debate already used;
// the minutes:seconds left stand in its middle.
export function sundial(leftSeconds, totalSeconds) {
  const total = Math.max(1, totalSeconds);
  const left = Math.min(total, Math.max(0, leftSeconds));
  const used = 1 - left / total;
  const svg = node("svg", { viewBox: "0 0 100 100", class: "sundial", role: "img", "aria-label": clockText(left) });
  svg.append(node("circle", { cx: 50, cy: 50, r: 46, class: "sundial-face", fill: "none", stroke: "currentColor", "stroke-width": 2 }));
  if (used >= 1) {
    svg.append(node("circle", { cx: 50, cy: 50, r: 45, class: "sundial-shadow", fill: "currentColor", "fill-opacity": 0.35 }));
  } else if (used > 0) {
    const a = used * 2 * Math.PI;
    const x = 50 + 45 * Math.sin(a), y = 50 - 45 * Math.cos(a);
    svg.append(node("path", {
      d: `M50 50 L50 5 A45 45 0 ${used > 0.5 ? 1 : 0} 1 ${x.toFixed(2)} ${y.toFixed(2)} Z`,
      class: "sundial-shadow", fill: "currentColor", "fill-opacity": 0.35,
    }));
  }
  const text = node("text", { x: 50, y: 50, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 20,
    class: "sundial-left", fill: "currentColor" });
  text.textContent = clockText(left);
  svg.append(text);
  return svg;
}

function html(tag, attrs, ...kids) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "on") n.addEventListener("click", v);
    else if (k === "text") n.textContent = v;
    else n.setAttribute(k, v);
  }
  for (const kid of kids) if (kid) n.append(kid);
  return n;
}

// The speaking list as every screen shows it: who speaks and for how long, the raised hands in order, this
// seat's hand (raise, lower, or "done" while speaking) and, for the host, "next". `frame.speaking` is the
// server's fragment; `frame.at` (this page's ms when the frame came) lets the speaker's seconds count down.
export function speakingPanel(frame, send, me, t) {
  const sp = frame && frame.speaking;
  if (!sp || !sp.on) return null;
  const panel = html("section", { id: "speaking", class: "speaking" }, html("h2", { text: t("speaking.title") }));
  const current = html("p", { id: "speaker", class: "big" });
  const since = frame.at || Date.now();
  const show = () => {
    if (sp.now === null || sp.now === undefined) { current.textContent = t("speaking.open"); return; }
    const left = Math.max(0, (sp.left || 0) - Math.floor((Date.now() - since) / 1000));
    current.textContent = t("speaking.now", { name: sp.now, left: clockText(left) });
  };
  show();
  if (sp.left) {
    const every = setInterval(() => { if (!panel.isConnected) clearInterval(every); else show(); }, 1000);
  }
  panel.append(current);
  const queue = html("ol", { id: "hands", class: "hands" });
  for (const h of sp.hands || []) queue.append(html("li", { "data-seat": h.seat, class: h.seat === me.seat ? "me" : "", text: h.name }));
  panel.append(queue.children.length ? queue : html("p", { class: "note", id: "no-hands", text: t("speaking.no_hands") }));
  if (me.seat !== null && me.seat !== undefined && me.as !== "spectator") {
    const speaking = sp.seat === me.seat;
    const up = (sp.hands || []).some((h) => h.seat === me.seat);
    const label = speaking ? t("speaking.done") : up ? t("speaking.lower") : t("speaking.raise");
    panel.append(html("button", { id: "hand", class: up || speaking ? "on" : "primary", text: label,
      on: () => send({ t: "hand", up: !(up || speaking) }) }));
  }
  if (me.as === "host") {
    const b = html("button", { id: "next-speaker", text: t("speaking.next"), on: () => send({ t: "next_speaker" }) });
    if (!(sp.hands || []).length && (sp.seat === null || sp.seat === undefined)) b.setAttribute("disabled", "");
    panel.append(b);
  }
  panel.append(html("p", { class: "note", id: "speaking-rule", text: t("speaking.rule") }));
  return panel;
}
