// The table's ambience in the browser: the bed (night, day, vote) loops under the narrator, crossfaded
// when it changes, and ducks under each line with WebAudio gain ramps (no click: 200 ms, as on the
// table's speaker, narrator/audio/mixer.py); the cues play once. The sounds are the server's
// (/ambience/<name>: the project's own, made with numpy), the moments come with each line's audio message.
"use strict";

const wolfcallAmbience = (() => {
  const FLOOR = Math.pow(10, -12 / 20);  // the bed under the voice: 12 dB down
  const RAMP = 0.2, FADE = 2.0, END = 3.0;  // seconds
  let ctx = null, duckGain = null, bed = null, meter = null;
  let wanted = null;  // the bed the last line asked for: told at once, while its sound may still be loading
  let levels = { voice: 1, bed: 0.36, cues: 0.64 };
  const buffers = {};
  const trace = [];  // [time, gain] read back by the tests as the duck moves

  function context() {
    if (!ctx) {
      ctx = new AudioContext();
      duckGain = ctx.createGain();
      duckGain.connect(ctx.destination);
      meter = ctx.createAnalyser();  // what the bed sends to the speaker, as the tests measure it
      duckGain.connect(meter);
    }
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  }

  function load(name) {
    if (!buffers[name]) {
      buffers[name] = fetch(`/ambience/${name}`).then(r => r.arrayBuffer()).then(b => context().decodeAudioData(b));
    }
    return buffers[name];
  }

  function ramp(param, to, seconds) {
    const now = ctx.currentTime;
    param.cancelScheduledValues(now);
    param.setValueAtTime(param.value, now);
    param.linearRampToValueAtTime(to, now + seconds);
  }

  async function playBed(name) {
    const old = bed;
    bed = null;
    if (old) { ramp(old.gain.gain, 0, name === "off" ? END : FADE); old.source.stop(ctx.currentTime + FADE + END); }
    if (name === "off" || levels.bed <= 0) return;
    const buffer = await load(`bed.${name}`);
    if (wanted !== name || (bed && bed.name === name)) return;  // another bed was asked for meanwhile
    const source = ctx.createBufferSource();
    const gain = ctx.createGain();
    source.buffer = buffer;
    source.loop = true;  // the server's bed is one period of a loop, crossfaded at its loop point
    gain.gain.value = 0;
    source.connect(gain).connect(duckGain);
    source.start();
    ramp(gain.gain, levels.bed, FADE);
    bed = { name, source, gain };
  }

  async function playCue(name) {
    if (levels.cues <= 0) return;
    const source = ctx.createBufferSource();
    const gain = ctx.createGain();
    source.buffer = await load(`cue.${name}`);
    gain.gain.value = levels.cues;
    source.connect(gain).connect(ctx.destination);
    source.start();
  }

  function duck(down) {
    if (!ctx) return;
    ramp(duckGain.gain, down ? FLOOR : 1, RAMP);
  }

  function watch() {  // the duck's gain as the page hears it, for the tests
    if (ctx) trace.push([ctx.currentTime, duckGain.gain.value]);
    if (trace.length > 5000) trace.splice(0, 1000);
    setTimeout(watch, 5);
  }

  // A line's audio element and its message ({url, bed, cue, levels}): the bed and cue change as it begins,
  // the bed ducks while it plays. Every line names the bed that plays (a page that has just connected starts
  // it there); only a bed other than the one asked for last starts anything.
  function line(audio, m) {
    context();
    if (m.levels) levels = m.levels;
    audio.volume = Math.min(1, levels.voice);
    if (m.bed && m.bed !== wanted) { wanted = m.bed; playBed(m.bed); }
    if (m.cue) playCue(m.cue);
    audio.addEventListener("playing", () => duck(true));
    for (const done of ["ended", "pause", "error"]) audio.addEventListener(done, () => duck(false));
  }

  function level() {  // the bed's output as the speaker gets it now: its RMS over the meter's last block
    if (!meter) return null;
    const block = new Float32Array(meter.fftSize);
    meter.getFloatTimeDomainData(block);
    return Math.sqrt(block.reduce((sum, x) => sum + x * x, 0) / block.length);
  }

  return { line, watch, trace, level, gain: () => (duckGain ? duckGain.gain.value : null), floor: FLOOR };
})();
