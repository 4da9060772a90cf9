import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';
import { foldZero } from './cel-fold.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe("gomplate's fold macro", () => {
  it('folds lists from the zero value of the first element', () => {
    expect(cel('[4, 5, 6].fold(n, total, total + n)')).toBe(15);
    // The accumulator starts as the first element's zero value: {} for maps, so map first.
    expect(() => cel('samples.fold(s, sum, sum + s.v)', { samples: [{ v: 0.5 }] })).toThrow(/no such overload/);
    expect(cel('dyn(samples).map(s, s.v).fold(v, sum, sum + v)', { samples: [{ v: 0.5 }, { v: 1.25 }] })).toBe(1.75);
    expect(cel('[[1, 2], [3]].map(l, l.fold(e, acc, acc + e))')).toEqual([3, 3]);
    expect(cel('[].fold(e, acc, acc)')).toBeNull();
  });

  it('folds maps in key order and builds maps with merge', () => {
    expect(cel('{"b": "banana", "a": "apple"}.fold(k, v, acc, acc + k + "=" + v + ";")')).toBe('a=apple;b=banana;');
    const tags = [
      { key: 'team', value: 'core' },
      { key: 'env', value: 'prod' },
    ];
    expect(cel('dyn(tags).fold(t, acc, merge(acc, {t.key: t.value}))', { tags })).toEqual({
      team: 'core',
      env: 'prod',
    });
    expect(() => cel('"text".fold(e, acc, acc)')).toThrow();
  });

  it('starts from the zero value of each type', () => {
    expect([foldZero(3n), foldZero(1.5), foldZero('x'), foldZero(true), foldZero([1]), foldZero({ a: 1 })]).toEqual([
      0n,
      0,
      '',
      false,
      [],
      {},
    ]);
  });
});
