import { describe, expect, it } from 'vitest';
import { layoutProblem, MAX_GO_LAYOUT, parseGoTime } from './go-time-layout.js';

/** The parsed instant as ISO text, or the reason it failed. */
function read(layout: string, value: string, zone: 'UTC' | 'local' = 'UTC'): string {
  const parsed = parseGoTime(layout, value, zone);
  return parsed.ok ? parsed.time.toISOString() : `error: ${parsed.reason}`;
}

describe('Go time layouts', () => {
  it('reads numeric fields, in UTC unless the value carries a zone', () => {
    expect(read('2006-01-02 15:04:05', '2024-03-01 10:00:00')).toBe('2024-03-01T10:00:00.000Z');
    expect(read('2006-01-02', '2023-09-26')).toBe('2023-09-26T00:00:00.000Z');
    expect(read('02/01/2006 15:04 -0700', '26/09/2023 14:30 +0200')).toBe('2023-09-26T12:30:00.000Z');
    expect(read('2006-01-02T15:04:05Z07:00', '2023-09-26T14:30:00Z')).toBe('2023-09-26T14:30:00.000Z');
    expect(read('2006-01-02T15:04:05Z07:00', '2023-09-26T14:30:00-01:30')).toBe('2023-09-26T16:00:00.000Z');
    expect(read('2006-01-02 15:04 -07', '2023-09-26 14:30 +03')).toBe('2023-09-26T11:30:00.000Z');
  });

  it('reads month names, two-digit years, unpadded fields, 12-hour clocks and skipped day and zone names', () => {
    expect(read('02 Jan 06 15:04 -0700', '26 Sep 23 14:30 +0200')).toBe('2023-09-26T12:30:00.000Z');
    expect(read('January 2, 2006', 'march 7, 2024')).toBe('2024-03-07T00:00:00.000Z');
    expect(read('Mon Jan _2 15:04:05 2006', 'Tue Mar  5 08:09:10 2024')).toBe('2024-03-05T08:09:10.000Z');
    expect(read('Monday 1/2/06 3:04PM MST', 'Friday 12/31/99 11:05PM UTC')).toBe('1999-12-31T23:05:00.000Z');
    expect(read('2006-01-02 03:04 pm', '2024-01-02 12:15 am')).toBe('2024-01-02T00:15:00.000Z');
    expect(read('2006-01-02 03:04 pm', '2024-01-02 12:15 pm')).toBe('2024-01-02T12:15:00.000Z');
    expect(read('2006-01-02 03:04', '2024-01-02 12:15')).toBe('2024-01-02T12:15:00.000Z');
    expect(read('06-01-02', '68-01-02')).toBe('2068-01-02T00:00:00.000Z');
    expect(read('06-01-02', '69-01-02')).toBe('1969-01-02T00:00:00.000Z');
    expect(read('2006-01-02', '0023-01-02')).toBe('0023-01-02T00:00:00.000Z');
  });

  it('reads fixed and optional fractions to the millisecond, truncating finer digits', () => {
    expect(read('2006-01-02 15:04:05.000', '2024-01-02 03:04:05.291')).toBe('2024-01-02T03:04:05.291Z');
    expect(read('2006-01-02 15:04:05.000000', '2024-01-02 03:04:05.123999')).toBe('2024-01-02T03:04:05.123Z');
    expect(read('15:04:05.999999999 2006-01-02', '03:04:05.5 2024-01-02')).toBe('2024-01-02T03:04:05.500Z');
    expect(read('15:04:05.999 2006-01-02', '03:04:05 2024-01-02')).toBe('2024-01-02T03:04:05.000Z');
    expect(read('2006-01-02 15:04:05.000', '2024-01-02 03:04:05.12')).toMatch(/no match/);
  });

  it('refuses text that does not fit and values out of range, in Go’s wording', () => {
    expect(read('2006-01-02', '26/09/2023')).toBe('error: parsing time "26/09/2023" as "2006-01-02": no match');
    expect(read('2006-01-02', '2023-13-01')).toBe('error: parsing time "2023-13-01": value out of range');
    expect(read('2006-01-02', '2023-02-29')).toMatch(/out of range/);
    expect(read('2006-01-02', '2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(read('2006-01-02 15:04', '2024-02-01 24:00')).toMatch(/out of range/);
    expect(read('2006-01-02 03:04', '2024-02-01 13:00')).toMatch(/out of range/);
    expect(read('Jan 2006', 'Jax 2024')).toMatch(/out of range/);
    expect(read('January 2006', 'Ja 2024')).toMatch(/out of range/);
    expect(read('x'.repeat(MAX_GO_LAYOUT + 1), 'x')).toMatch(/time layout longer than 128/);
    expect(read('2006', '2'.repeat(10_000))).toMatch(/no match/);
  });

  it('takes the server zone as the default for ParseLocal, a zone in the value still winning', () => {
    const local = new Date(2024, 0, 2, 3, 4, 0).toISOString();
    expect(read('2006-01-02 15:04', '2024-01-02 03:04', 'local')).toBe(local);
    expect(read('2006-01-02 15:04 -0700', '2024-01-02 03:04 +0000', 'local')).toBe('2024-01-02T03:04:00.000Z');
  });

  it('names what a layout lacks: it needs a year and a month', () => {
    expect(layoutProblem('2006-01-02 15:04:05')).toBeNull();
    expect(layoutProblem('02 Jan 06')).toBeNull();
    expect(layoutProblem('January 2006')).toBeNull();
    expect(layoutProblem('yyyy-MM-dd')).toMatch(/^must be a Go layout with the year/);
    expect(layoutProblem('15:04:05')).toMatch(/^must be a Go layout/);
    expect(layoutProblem('2006'.repeat(40))).toBe(`must be at most ${MAX_GO_LAYOUT} characters`);
  });
});
