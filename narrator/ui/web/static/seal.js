// A page proves it holds its token without sending it: HMAC-SHA256(sha256(token), nonce), the nonce fresh for
// each connection (narrator/ui/web/guard.py `proof`). Written out here because a page on the table's Wi-Fi is
// plain http, where the browser's crypto.subtle is not there. ASCII text only (tokens, hashes and nonces are).
"use strict";
const SEAL_K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2];

function sealBytes(text) { return Array.from(text, (c) => c.charCodeAt(0) & 0xff); }
function sealHex(bytes) { return bytes.map((b) => b.toString(16).padStart(2, "0")).join(""); }

function sha256(bytes) {
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const m = bytes.concat([0x80]);
  while (m.length % 64 !== 56) m.push(0);
  const bits = bytes.length * 8;
  for (let i = 7; i >= 0; i--) m.push(i >= 4 ? 0 : (bits >>> (8 * i)) & 0xff);
  const w = new Array(64);
  const ror = (x, n) => (x >>> n) | (x << (32 - n));
  for (let at = 0; at < m.length; at += 64) {
    for (let i = 0; i < 16; i++) w[i] = (m[at + 4 * i] << 24) | (m[at + 4 * i + 1] << 16) | (m[at + 4 * i + 2] << 8) | m[at + 4 * i + 3];
    for (let i = 16; i < 64; i++) {
      const s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + SEAL_K[i] + w[i]) | 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, k].forEach((x, i) => { h[i] = (h[i] + x) | 0; });
  }
  return h.flatMap((x) => [x >>> 24, (x >>> 16) & 0xff, (x >>> 8) & 0xff, x & 0xff]);
}

function hmacSha256(key, message) {
  const k = key.length > 64 ? sha256(key) : key.slice();
  while (k.length < 64) k.push(0);
  const inner = sha256(k.map((b) => b ^ 0x36).concat(message));
  return sha256(k.map((b) => b ^ 0x5c).concat(inner));
}

// The answer to this connection's nonce, as the server computes it: hex HMAC keyed by the token's hex hash.
function seal(token, nonce) { return sealHex(hmacSha256(sealBytes(sealHex(sha256(sealBytes(token)))), sealBytes(nonce))); }
