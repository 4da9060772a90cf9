import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';
import { routeMatchesToRe2 } from './linear-matches.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('matches() through RE2', () => {
  it('keeps CEL matches semantics (a search, RE2 syntax as cel-go)', () => {
    expect(cel('"apple".matches("^a.*e$") && "order 66".matches("\\\\d+") && !"x".matches("^y")')).toBe(true);
    expect(cel('content.matches("(?i)HEALTHY")', { content: 'all healthy' })).toBe(true);
    expect(() => cel('"a".matches("(?=a)")')).toThrow(/matches: /);
  });

  it('answers a backtracking pattern over a long line at once', () => {
    const started = performance.now();
    expect(cel('line.matches("^(a|aa)+$")', { line: `${'a'.repeat(5000)}!` })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rewrites calls only outside string literals', () => {
    expect(routeMatchesToRe2('s.matches("x") && t == ".matches(" && u . matches (r\'.matches(\')')).toBe(
      's.re2Matches("x") && t == ".matches(" && u . re2Matches (r\'.matches(\')',
    );
    expect(routeMatchesToRe2('"""a.matches(""" + \'\\\'.matches(\'')).toBe('"""a.matches(""" + \'\\\'.matches(\'');
    expect(cel('"has .matches( inside".contains(".matches(")')).toBe(true);
  });
});
