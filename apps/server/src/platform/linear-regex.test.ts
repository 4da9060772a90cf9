import { describe, expect, it } from 'vitest';
import { linearPatternTest, linearRegexProblem, linearRegexTest } from './linear-regex.js';

describe('linear regex (RE2)', () => {
  it.each([
    ['^[a-z]+$', 'abc', true],
    ['^[a-z]+$', 'ab1', false],
    ['b', 'abc', true],
    ['^(a|aa)+$', 'aaaa', true],
  ])('%s against %s is %s, as RegExp.test', (pattern, text, expected) => {
    expect(linearRegexTest(pattern, text)).toBe(expected);
    expect(new RegExp(pattern).test(text)).toBe(expected);
  });

  it('matches a hostile text against an ambiguous pattern in linear time', () => {
    const started = performance.now();
    expect(linearRegexTest('^(a|aa)+$', `${'a'.repeat(100_000)}!`)).toBe(false);
    expect(linearRegexTest('^(a+)+$', `${'a'.repeat(100_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names what RE2 cannot run, and the server matcher refuses it with a 400', () => {
    expect(linearRegexProblem('^(?=.*[0-9]).+$')).toContain('is not a regular expression RE2 can run');
    expect(linearRegexProblem('(a)\\1')).toContain('is not a regular expression RE2 can run');
    expect(linearRegexProblem('^[a-z]+$')).toBeUndefined();
    expect(() => linearPatternTest('(?<=a)b', 'ab')).toThrow(/properties\.regex is not a regular expression/);
  });
});
