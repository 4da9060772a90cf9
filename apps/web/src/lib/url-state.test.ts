import { describe, expect, it } from 'vitest';
import { applyParamUpdates, parseQuery } from './url-state';

describe('URL state', () => {
  it('ignores __proto__ and constructor when parsing a query', () => {
    const parsed = parseQuery('?a=1&__proto__=x&constructor=y&b=2');
    expect(Object.keys(parsed)).toEqual(['a', 'b']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('merges updates, deletes empty values and the reset keys', () => {
    const next = applyParamUpdates(new URLSearchParams('pageIndex=3&status=a:1'), { status: 'b:1', q: '' }, [
      'pageIndex',
    ]);
    expect(next.toString()).toBe('status=b%3A1');
  });
});
