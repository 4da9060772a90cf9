import { SECRET_MASK } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { redactDeep, redactSecrets } from './secret-redaction.js';

describe('redactSecrets', () => {
  it('replaces every occurrence of a secret of 3 characters or more, and ignores shorter or empty ones', () => {
    expect(redactSecrets('key=abc, again abc', ['abc'])).toBe(`key=${SECRET_MASK}, again ${SECRET_MASK}`);
    expect(redactSecrets('a b ab', ['a', 'ab', '', null, undefined])).toBe('a b ab');
  });

  it('replaces the URL-encoded and JSON-escaped forms too', () => {
    const secret = 'p@ss w/rd"\\x';
    const url = `https://h/?token=${encodeURIComponent(secret)}`;
    const json = JSON.stringify({ echoed: secret });
    expect(redactSecrets(url, [secret])).toBe(`https://h/?token=${SECRET_MASK}`);
    expect(redactSecrets(json, [secret])).toBe(`{"echoed":"${SECRET_MASK}"}`);
    expect(redactSecrets(`raw ${secret}`, [secret])).toBe(`raw ${SECRET_MASK}`);
  });

  it('replaces the longest secret first, so one inside another leaves nothing of either', () => {
    expect(redactSecrets('token=abcdef', ['abc', 'abcdef'])).toBe(`token=${SECRET_MASK}`);
    expect(redactSecrets('token=abcdef', ['abcdef', 'abc'])).toBe(`token=${SECRET_MASK}`);
  });

  it('redacts every string inside an output, keys and other values untouched', () => {
    expect(redactDeep({ stdout: 'tok-123', rows: [{ v: 'x tok-123' }], exitCode: 0 }, ['tok-123'])).toEqual({
      stdout: SECRET_MASK,
      rows: [{ v: `x ${SECRET_MASK}` }],
      exitCode: 0,
    });
    const output = { a: 'tok-123' };
    expect(redactDeep(output, [])).toBe(output);
  });
});
