import { describe, expect, it } from 'vitest';
import { MAX_WILDCARD_PATTERN_CHARS, MAX_WILDCARD_TEXT_CHARS, wildcardMatch } from './wildcard-match.js';

describe('wildcardMatch', () => {
  it.each([
    ['*', '', true],
    ['*', 'anything', true],
    ['nginx', 'nginx', true],
    ['nginx', 'nginx-1', false],
    ['nginx-*', 'nginx-1', true],
    ['*-1', 'nginx-1', true],
    ['ng*x*1', 'nginx-1', true],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*ab*ab*', 'xabyab', true],
    ['*ab*ab*', 'xaby', false],
    ['*b*', 'ab', true],
    ['a**b', 'ab', true],
  ])('%s against %s is %s', (pattern, text, expected) => {
    expect(wildcardMatch(pattern, text)).toBe(expected);
  });

  it('takes every other character literally, so regular-expression syntax matches only itself', () => {
    expect(wildcardMatch('a.c', 'abc')).toBe(false);
    expect(wildcardMatch('a.c', 'a.c')).toBe(true);
    expect(wildcardMatch('a?c', 'abc')).toBe(false);
    expect(wildcardMatch('(a+)+$*', '(a+)+$ tail')).toBe(true);
    expect(wildcardMatch('[ab]*', 'a')).toBe(false);
  });

  it('does not let the last piece overlap a middle one', () => {
    expect(wildcardMatch('*aa*aa', 'aaa')).toBe(false);
    expect(wildcardMatch('*aa*aa', 'aaaa')).toBe(true);
  });

  it('matches a text longer than the bound only by a lone *, so one match never scans a crafted name', () => {
    const long = 'a'.repeat(MAX_WILDCARD_TEXT_CHARS + 1);
    expect(wildcardMatch('*', long)).toBe(true);
    expect(wildcardMatch('**', long)).toBe(true);
    expect(wildcardMatch('a*', long)).toBe(false);
    expect(wildcardMatch('a*', 'a'.repeat(MAX_WILDCARD_TEXT_CHARS))).toBe(true);
  });

  it.each([
    ['many stars (a backtracking RegExp of it takes seconds)', `${'*a'.repeat(126)}*c*b`],
    ['a long piece that almost matches everywhere', `*${'a'.repeat(252)}c*b`],
  ])('answers a hostile pattern with %s in linear time', (_, pattern) => {
    expect(pattern.length).toBeLessThanOrEqual(MAX_WILDCARD_PATTERN_CHARS);
    const text = `${'a'.repeat(MAX_WILDCARD_TEXT_CHARS - 1)}b`;
    let matched = 0;
    const started = performance.now();
    for (let i = 0; i < 1_000; i++) if (wildcardMatch(pattern, text)) matched++;
    // 1,000 matches: ~5 ms on an idle machine; the bound leaves margin for a loaded one (one match of
    // such a pattern by a backtracking RegExp takes seconds)
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(matched).toBe(0);
  });

  it('still finds a match that needs every piece in order', () => {
    const text = `${'a'.repeat(1000)}cb`;
    expect(wildcardMatch(`${'*a'.repeat(126)}*c*b`, text)).toBe(true);
    expect(wildcardMatch(`*${'a'.repeat(253)}c*b`, text)).toBe(true);
  });
});
