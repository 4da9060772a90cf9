import { describe, expect, it } from 'vitest';
import { listParams } from './list-params';

describe('incident list query', () => {
  it('bounds the list by a quick range (Yesterday) as by relative and absolute ones', () => {
    const params = new URLSearchParams('status=open');
    const yesterday = listParams(params, { type: 'mapped', display: 'Yesterday' });
    expect(yesterday.status).toBe('open');
    expect(yesterday.from).toBeTruthy();
    expect(yesterday.to).toBeTruthy();
    expect(Date.parse(yesterday.to ?? '') - Date.parse(yesterday.from ?? '')).toBeGreaterThan(23 * 3_600_000);
    expect(listParams(params, undefined).from).toBeUndefined();
  });
});
