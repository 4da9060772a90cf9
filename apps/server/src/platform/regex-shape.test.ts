import { describe, expect, it } from 'vitest';
import { regexShapeProblem } from './regex-shape.js';

describe('regexShapeProblem', () => {
  it.each(['^vault', 'a+b*c?', '(ab)+', '[a-z]{1,50}x', 'a{1,255}b{1,255}', '\\(a+\\)+'])('lets %s through', (p) => {
    expect(regexShapeProblem(p, 256)).toBeUndefined();
  });

  it.each(['(a+)+', '(a*)*b', '(a{1,30}){1,30}', '((a{1,30}){1,30}){1,30}b', '(?:a*)*', '(a)\\1', '(?<x>a)\\k<x>'])(
    'refuses %s',
    (p) => {
      expect(regexShapeProblem(p, 256)).toMatch(/nests quantifiers or uses back-references/);
    },
  );

  it('refuses a pattern over the bound, and judges a long one quickly', () => {
    expect(regexShapeProblem('a'.repeat(257), 256)).toBe('the pattern is longer than 256 characters');
    const started = performance.now();
    regexShapeProblem(`(${'a'.repeat(254)}`, 256);
    regexShapeProblem(`${'('.repeat(128)}${'a'.repeat(128)}`, 256);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
