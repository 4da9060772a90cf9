import { describe, expect, it } from 'vitest';
import { md4 } from './md4.js';
import { ntHash } from './ntlm.js';

describe('md4', () => {
  it('matches the RFC 1320 test suite', () => {
    const suite: [string, string][] = [
      ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
      ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
      ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
      ['message digest', 'd9130a8164549fe818874806e1c7014b'],
      ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
      ['1234567890'.repeat(8), 'e33b4ddc9c38f2199c3e7b164fcc0536'],
    ];
    for (const [input, digest] of suite) expect(md4(Buffer.from(input)).toString('hex')).toBe(digest);
  });

  it('gives the well-known NT hash of "password"', () => {
    expect(ntHash('password').toString('hex')).toBe('8846f7eaee8fb117ad06bdd830b7586c');
  });
});
