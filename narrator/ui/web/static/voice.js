// Voice chat in a mesh: one RTCPeerConnection per seat this page may hear, as the server says. The server
// relays the signalling and decides the pairs; this page only follows its `rtc` messages:
//   {t:"rtc", kind:"open", peer, offer}  connect to `peer` (make the offer if `offer`)
//   {t:"rtc", kind:"close", peer}        close that connection and forget it
//   {t:"rtc", kind:"sdp"|"ice", peer, data}  the peer's offer/answer (an SDP string) or ICE candidate
// and sends {t:"rtc", kind:"sdp"|"ice", to, data}. Push to talk: while the button is up the sender has no
// track at all (replaceTrack(null)), so the page sends no audio packets, not even silence.
"use strict";

export class VoiceChat {
  constructor(send, iceServers) {
    this.send = send;  // (msgObj) => sends it over the page's WebSocket as JSON
    this.iceServers = iceServers || [];
    this.mic = null;  // the microphone's track, asked for once
    this.talking = false;
    this.peers = new Map();  // seat -> {pc, offerer, sender, audio, queue}
  }

  async start() {
    if (!this.mic) {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      this.mic = stream.getAudioTracks()[0];
      for (const p of this.peers.values()) this._track(p);
    }
    return this.mic;
  }

  // Handle one `rtc` message from the server (others are ignored). Each peer's messages are applied in
  // order, one after the other (setRemoteDescription is async; a candidate must wait for it).
  onMessage(m) {
    if (!m || m.t !== "rtc" || typeof m.peer !== "number") return Promise.resolve();
    if (m.kind === "open") { this._open(m.peer, !!m.offer); return this.peers.get(m.peer).queue; }
    if (m.kind === "close") { this._close(m.peer); return Promise.resolve(); }
    const p = this.peers.get(m.peer);
    if (!p) return Promise.resolve();  // a late message for a connection already closed
    const step = m.kind === "sdp" ? () => this._sdp(p, m.data) : m.kind === "ice" ? () => this._ice(p, m.data) : null;
    if (step) p.queue = p.queue.then(step).catch((e) => console.warn("voice", m.peer, m.kind, e));
    return p.queue;
  }

  talk(on) {
    this.talking = !!on;
    for (const p of this.peers.values()) this._track(p);
  }

  // {peerSeat: bytesReceived} of the audio this page received from each connected peer (getStats inbound-rtp).
  async inboundBytes() {
    const out = {};
    for (const [seat, p] of this.peers) {
      let bytes = 0;
      const stats = await p.pc.getStats();
      stats.forEach((r) => { if (r.type === "inbound-rtp" && r.kind === "audio") bytes += r.bytesReceived || 0; });
      out[seat] = bytes;
    }
    return out;
  }

  close() { for (const seat of [...this.peers.keys()]) this._close(seat); }

  _open(seat, offerer) {
    this._close(seat);  // a fresh start: the server reopens a pair when either page reconnects
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const audio = document.createElement("audio");
    audio.autoplay = true;
    audio.dataset.peer = String(seat);
    audio.hidden = true;
    document.body.append(audio);
    const p = { seat, pc, offerer, sender: null, audio, early: [], queue: Promise.resolve() };
    this.peers.set(seat, p);
    pc.onicecandidate = (e) => {
      if (!e.candidate || this.peers.get(seat) !== p) return;
      const c = e.candidate;
      this.send({ t: "rtc", kind: "ice", to: seat, data: { candidate: c.candidate, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex } });
    };
    pc.ontrack = (e) => { audio.srcObject = e.streams[0] || new MediaStream([e.track]); };
    if (offerer) {
      const tr = pc.addTransceiver("audio", { direction: "sendrecv" });
      p.sender = tr.sender;
      this._track(p);
      p.queue = p.queue.then(async () => {
        await pc.setLocalDescription(await pc.createOffer());
        if (this.peers.get(seat) === p) this.send({ t: "rtc", kind: "sdp", to: seat, data: pc.localDescription.sdp });
      }).catch((e) => console.warn("voice offer", seat, e));
    }
  }

  async _sdp(p, sdp) {
    if (p.offerer) { await p.pc.setRemoteDescription({ type: "answer", sdp }); await this._early(p); return; }
    await p.pc.setRemoteDescription({ type: "offer", sdp });
    await this._early(p);
    const tr = p.pc.getTransceivers().find((t) => t.receiver.track.kind === "audio");
    if (tr) { tr.direction = "sendrecv"; p.sender = tr.sender; this._track(p); }
    await p.pc.setLocalDescription(await p.pc.createAnswer());
    if (this.peers.get(p.seat) === p) this.send({ t: "rtc", kind: "sdp", to: p.seat, data: p.pc.localDescription.sdp });
  }

  // A candidate that comes before the peer's description waits for it.
  async _ice(p, data) {
    if (!p.pc.remoteDescription) { p.early.push(data); return; }
    await p.pc.addIceCandidate(data);
  }

  async _early(p) {
    for (const c of p.early.splice(0)) await p.pc.addIceCandidate(c).catch((e) => console.warn("voice ice", p.seat, e));
  }

  _track(p) {
    if (!p.sender) return;
    const track = this.talking && this.mic ? this.mic : null;
    if (p.sender.track !== track) p.sender.replaceTrack(track).catch((e) => console.warn("voice track", p.seat, e));
  }

  _close(seat) {
    const p = this.peers.get(seat);
    if (!p) return;
    this.peers.delete(seat);
    p.pc.onicecandidate = p.pc.ontrack = null;
    p.pc.close();
    p.audio.srcObject = null;
    p.audio.remove();
  }
}

// A big push-to-talk button: held down (finger, mouse or the space bar), this page talks.
export function pushToTalkButton(chat, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "primary ptt";
  b.textContent = label;
  b.setAttribute("aria-pressed", "false");
  b.style.touchAction = "none";
  b.style.userSelect = "none";
  const set = (on) => { chat.talk(on); b.setAttribute("aria-pressed", on ? "true" : "false"); };
  b.addEventListener("pointerdown", (e) => { e.preventDefault(); if (b.setPointerCapture) try { b.setPointerCapture(e.pointerId); } catch (_) { /* gone */ } set(true); });
  for (const ev of ["pointerup", "pointerleave", "pointercancel", "blur"]) b.addEventListener(ev, () => set(false));
  b.addEventListener("contextmenu", (e) => e.preventDefault());  // a long press is not a right click
  b.addEventListener("keydown", (e) => { if (e.code === "Space" || e.key === " ") { e.preventDefault(); if (!e.repeat) set(true); } });
  b.addEventListener("keyup", (e) => { if (e.code === "Space" || e.key === " ") { e.preventDefault(); set(false); } });
  return b;
}
