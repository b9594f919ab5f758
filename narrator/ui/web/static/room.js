// An online room's page: app.js draws the game's screens; this adds the voice chat (push to talk, on the
// channels the server opens), the speaking list and who may talk. Nothing here decides who hears whom:
// the server opens and closes each pair's connection (narrator/online/voice.py).
import { VoiceChat, pushToTalkButton } from "/static/voice.js";
import { secondsUntil, serverOffset, speakingPanel, sundial } from "/static/sundial.js";

const w = window.wolfcall;
let ice = [];
let chat = null;
let queue = Promise.resolve();
let channel = "none";
let speaking = null;

function voice() {
  if (!chat) {
    chat = new VoiceChat((m) => w.send(m), ice);
    window.wolfcallVoice = chat;  // for the browser tests: inbound bytes per peer
    queue = queue.then(() => chat.start()).catch(() => showBar(true));
  }
  return chat;
}

w.hooks.message.push((m) => {
  if (m.t === "ice") ice = m.servers || [];
  else if (m.t === "rtc") { const c = voice(); queue = queue.then(() => c.onMessage(m)).catch(() => {}); }
  else if (m.t === "screen") {
    channel = m.voice || "none";
    speaking = m.speaking || null;
    showBar(false);
  }
});

// May this page talk now: it has a channel, and with the speaking list on, it is the one called (or nobody is).
function mayTalk() {
  if (channel === "none" || channel === "elsewhere") return false;
  if (channel === "village" && speaking && speaking.on && speaking.seat != null) return speaking.seat === w.me().seat;
  return true;
}

function showBar(noMic) {
  const bar = document.getElementById("voice-bar");
  bar.replaceChildren();
  bar.hidden = !w.me().room;
  if (bar.hidden) return;
  const label = document.createElement("span");
  label.id = "channel";
  label.className = "muted small";
  label.textContent = noMic ? w.t("voice.no_mic") : w.t("voice.channel." + channel);
  bar.append(label);
  if (channel === "none" || channel === "elsewhere" || noMic) return;
  const talk = pushToTalkButton(voice(), w.t("voice.talk"));
  talk.id = "talk";
  talk.disabled = !mayTalk();
  if (talk.disabled && chat) chat.talk(false);
  bar.append(talk);
}

let dialTimer = null;
w.hooks.render.push((main, s) => {
  if (s.speaking && s.speaking.on) main.append(speakingPanel(s, (m) => w.send(m), w.me(), w.t));
  clearInterval(dialTimer);
  if (s.debate) {  // the debate's time left on the screens that are not the day's own (the dead's, a ballot)
    const offset = serverOffset(s.now), slot = document.createElement("div");
    slot.id = "sundial";
    const draw = () => slot.replaceChildren(sundial(secondsUntil(s.debate.ends, offset), s.debate.total));
    draw();
    dialTimer = setInterval(draw, 1000);
    main.append(slot);
  }
});

// A browser plays sound only after a tap on the page: until then the narrator's lines wait for this button.
w.hooks.blocked.push((m) => {
  if (document.getElementById("sound-on")) return;
  const on = document.createElement("button");
  on.id = "sound-on";
  on.className = "primary";
  on.textContent = w.t("voice.sound_on");
  on.onclick = () => { on.remove(); new Audio(m.url).play().catch(() => {}); };
  document.getElementById("voice-bar").prepend(on);
  document.getElementById("voice-bar").hidden = false;
});
