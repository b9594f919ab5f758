// The QR code full screen (/join): what the server says in /join.json, looked at again every few seconds, so
// a new address or a room code follows. Tapping anywhere goes back to the game's page.
"use strict";
const $ = (id) => document.getElementById(id);
// The room code is served only to this machine's own screen, or to a page that names it: the host's page
// opens /join#code=... (the part after # never leaves the browser).
const named = new URLSearchParams(location.hash.slice(1)).get("code");
const query = named ? "code=" + encodeURIComponent(named) + "&" : "";
let shown = "";
function draw(card) {
  const text = JSON.stringify(card);
  if (text === shown) return;
  shown = text;
  document.documentElement.lang = card.lang;
  $("join-title").textContent = card.title;
  $("join-address").textContent = card.address;
  $("join-local").textContent = card.local;
  $("join-qr").hidden = !card.lan;
  if (card.lan) { $("join-qr").src = "/qr.svg?" + query + "at=" + Date.now(); $("join-qr").alt = card.lan; }
  $("join-code-box").hidden = !card.code;
  $("join-code-label").textContent = card.code_label;
  $("join-code").textContent = card.code || "";
  if (card.code) $("join-code").setAttribute("aria-label", card.code.split("").join(" "));
}
function look() { fetch("/join.json?" + query, { cache: "no-store" }).then((r) => r.json()).then(draw).catch(() => {}); }
document.body.addEventListener("click", () => { location.href = "/"; });
look();
setInterval(look, 5000);
