import { describe, expect, it } from 'vitest';
import { parseSelector } from './selector.js';
import { parseTimeExpression } from './time-expression.js';
import { parseValueFilter } from './value-filter.js';

describe('parseSelector', () => {
  it('reads equality, inequality, set, presence and absence requirements', () => {
    expect(parseSelector('app=web, tier!=db,zone in (a, b),team notin (red),owner,!legacy,env==prod')).toEqual([
      { op: 'in', key: 'app', values: ['web'] },
      { op: 'notin', key: 'tier', values: ['db'] },
      { op: 'in', key: 'zone', values: ['a', 'b'] },
      { op: 'notin', key: 'team', values: ['red'] },
      { op: 'exists', key: 'owner' },
      { op: 'absent', key: 'legacy' },
      { op: 'in', key: 'env', values: ['prod'] },
    ]);
    expect(parseSelector('kubernetes.io/name=x')).toEqual([{ op: 'in', key: 'kubernetes.io/name', values: ['x'] }]);
    expect(parseSelector('')).toEqual([]);
  });

  it('refuses what is not a selector', () => {
    for (const bad of ['a in (', 'a in ()', 'a=(b', '=x', 'a b', 'a=b)', "a'; drop=1", 'a in ((b))'])
      expect([bad, parseSelector(bad)]).toEqual([bad, undefined]);
  });
});

describe('parseTimeExpression', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('reads now with steps and RFC 3339 times', () => {
    expect(parseTimeExpression('now', now)).toEqual(now);
    expect(parseTimeExpression('now-2d', now)?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(parseTimeExpression('now-1h+30m', now)?.toISOString()).toBe('2026-11-25T11:30:00.000Z');
    expect(parseTimeExpression('now-1w', now)?.toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(parseTimeExpression('2026-11-01T08:00:00+02:00', now)?.toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(parseTimeExpression('2026-11-01', now)?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('refuses anything else', () => {
    for (const bad of ['yesterday', 'now-2y', 'now-', '2026-13-01', '2026-11-01T25:00:00Z', 'now - 2d', ''])
      expect([bad, parseTimeExpression(bad, now)]).toEqual([bad, undefined]);
  });
});

describe('parseValueFilter', () => {
  it('splits included and excluded values and ignores blanks', () => {
    expect(parseValueFilter('a, b,!c,, ! ,!d')).toEqual({ include: ['a', 'b'], exclude: ['c', 'd'] });
    expect(parseValueFilter('')).toEqual({ include: [], exclude: [] });
  });
});
