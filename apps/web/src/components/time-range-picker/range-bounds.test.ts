import { describe, expect, it } from 'vitest';
import { futureBound, rangeBounds } from './range-bounds';

const now = Date.parse('2026-03-10T12:34:56.789Z');

describe('rangeBounds', () => {
  it('turns a relative range into a lower bound rounded down to the minute', () => {
    expect(rangeBounds({ type: 'relative', display: 'Last 2 hours', range: 'now-2h' }, now)).toEqual({
      from: '2026-03-10T10:34:00.000Z',
    });
    expect(rangeBounds({ type: 'relative', display: 'Last month', range: 'now-1mo' }, now)).toEqual({
      from: '2026-02-08T12:34:00.000Z',
    });
    expect(rangeBounds({ type: 'relative', display: 'Never', range: 'indefinitely' }, now)).toEqual({});
  });

  it('keeps the absolute bounds that parse and drops the others', () => {
    expect(rangeBounds({ type: 'absolute', from: '2026-03-01T00:00:00Z', to: 'soon' }, now)).toEqual({
      from: '2026-03-01T00:00:00.000Z',
    });
  });

  it('resolves a quick range at now, and nothing without a range', () => {
    const { from, to } = rangeBounds({ type: 'mapped', display: 'Yesterday' }, now);
    expect(Date.parse(to ?? '') - Date.parse(from ?? '')).toBe(86400e3 - 1);
    expect(rangeBounds(undefined, now)).toEqual({});
  });
});

describe('futureBound', () => {
  it('ends a future preset that long after now, and Indefinitely (or anything else) never', () => {
    expect(futureBound('now+1h', now)).toBe('2026-03-10T13:34:56.789Z');
    expect(futureBound('now+7d', now)).toBe('2026-03-17T12:34:56.789Z');
    expect(futureBound('indefinitely', now)).toBeNull();
    expect(futureBound('now-1h', now)).toBeNull();
  });
});
