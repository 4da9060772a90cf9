/**
 * MD4 (RFC 1320), which NTLM's password hash needs and OpenSSL 3 no longer offers by default
 * (`crypto.getHashes()` lacks it), so node:crypto cannot compute it.
 */

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));

function round(words: Uint32Array, state: Uint32Array): void {
  let [a, b, c, d] = state as unknown as [number, number, number, number]; // four words by construction
  const x = (i: number) => words[i] ?? 0;
  const f = (p: number, q: number, r: number) => (p & q) | (~p & r);
  const g = (p: number, q: number, r: number) => (p & q) | (p & r) | (q & r);
  const h = (p: number, q: number, r: number) => p ^ q ^ r;
  for (const i of [0, 4, 8, 12]) {
    a = rotl(a + f(b, c, d) + x(i), 3);
    d = rotl(d + f(a, b, c) + x(i + 1), 7);
    c = rotl(c + f(d, a, b) + x(i + 2), 11);
    b = rotl(b + f(c, d, a) + x(i + 3), 19);
  }
  for (const i of [0, 1, 2, 3]) {
    a = rotl(a + g(b, c, d) + x(i) + 0x5a827999, 3);
    d = rotl(d + g(a, b, c) + x(i + 4) + 0x5a827999, 5);
    c = rotl(c + g(d, a, b) + x(i + 8) + 0x5a827999, 9);
    b = rotl(b + g(c, d, a) + x(i + 12) + 0x5a827999, 13);
  }
  for (const i of [0, 2, 1, 3]) {
    a = rotl(a + h(b, c, d) + x(i) + 0x6ed9eba1, 3);
    d = rotl(d + h(a, b, c) + x(i + 8) + 0x6ed9eba1, 9);
    c = rotl(c + h(d, a, b) + x(i + 4) + 0x6ed9eba1, 11);
    b = rotl(b + h(c, d, a) + x(i + 12) + 0x6ed9eba1, 15);
  }
  state[0] = (state[0] ?? 0) + a;
  state[1] = (state[1] ?? 0) + b;
  state[2] = (state[2] ?? 0) + c;
  state[3] = (state[3] ?? 0) + d;
}

/** The 16-byte MD4 digest of `data`. */
export function md4(data: Buffer): Buffer {
  const padded = Buffer.alloc(Math.ceil((data.length + 9) / 64) * 64);
  data.copy(padded);
  padded[data.length] = 0x80;
  const bits = data.length * 8;
  padded.writeUInt32LE(bits >>> 0, padded.length - 8);
  padded.writeUInt32LE(Math.floor(bits / 2 ** 32), padded.length - 4);
  const state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  const words = new Uint32Array(16);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = padded.readUInt32LE(offset + i * 4);
    round(words, state);
  }
  const out = Buffer.alloc(16);
  for (let i = 0; i < 4; i++) out.writeUInt32LE(state[i] ?? 0, i * 4);
  return out;
}
