import { describe, expect, it } from 'vitest';
import { occurrencesBetween, rruleError, seriesEnd } from './recurrence.js';

const starts = (list: { start: Date }[]) => list.map((occurrence) => occurrence.start.toISOString());

describe('maintenance recurrence', () => {
  it('keeps 02:00 Europe/Berlin local across the spring change, and moves a start in the gap forward', () => {
    // Sunday 22 March 2026 02:00 CET = 01:00Z; DST begins Sunday 29 March (02:00 → 03:00)
    const timing = {
      startsAt: new Date('2026-03-22T01:00:00Z'),
      durationMinutes: 60,
      timezone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
    };
    expect(
      starts(occurrencesBetween(timing, new Date('2026-03-20T00:00:00Z'), new Date('2026-04-10T00:00:00Z'))),
    ).toEqual([
      '2026-03-22T01:00:00.000Z',
      '2026-03-29T01:00:00.000Z', // 02:00 does not exist that day: 03:00 CEST
      '2026-04-05T00:00:00.000Z', // 02:00 CEST
    ]);
  });

  it('keeps 01:30 America/New_York local across both 2026 changes', () => {
    const timing = {
      startsAt: new Date('2026-03-01T06:30:00Z'), // Sunday 01:30 EST
      durationMinutes: 30,
      timezone: 'America/New_York',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
    };
    expect(
      starts(occurrencesBetween(timing, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-16T00:00:00Z'))),
    ).toEqual([
      '2026-03-01T06:30:00.000Z',
      '2026-03-08T06:30:00.000Z', // still EST: the change is at 02:00 that day
      '2026-03-15T05:30:00.000Z', // EDT
    ]);
    expect(
      starts(occurrencesBetween(timing, new Date('2026-10-24T00:00:00Z'), new Date('2026-11-09T00:00:00Z'))),
    ).toEqual([
      '2026-10-25T05:30:00.000Z',
      '2026-11-01T05:30:00.000Z', // 01:30 happens twice on 1 November: the first (EDT)
      '2026-11-08T06:30:00.000Z', // EST
    ]);
  });

  it('lists an occurrence already under way and a one-off window only while it overlaps', () => {
    const daily = {
      startsAt: new Date('2026-01-01T10:00:00Z'),
      durationMinutes: 120,
      timezone: 'UTC',
      rrule: 'FREQ=DAILY',
    };
    expect(
      starts(occurrencesBetween(daily, new Date('2026-01-05T11:00:00Z'), new Date('2026-01-05T11:01:00Z'))),
    ).toEqual(['2026-01-05T10:00:00.000Z']);
    const once = { ...daily, rrule: null };
    expect(occurrencesBetween(once, new Date('2026-01-01T11:59:00Z'), new Date('2026-01-01T13:00:00Z'))).toHaveLength(
      1,
    );
    expect(occurrencesBetween(once, new Date('2026-01-01T12:00:00Z'), new Date('2026-01-01T13:00:00Z'))).toHaveLength(
      0,
    );
  });

  it('ends a counted series at its last occurrence and leaves an endless one open', () => {
    const timing = {
      startsAt: new Date('2026-03-22T01:00:00Z'),
      durationMinutes: 60,
      timezone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    };
    expect(seriesEnd(timing)?.toISOString()).toBe('2026-04-05T01:00:00.000Z');
    expect(seriesEnd({ ...timing, rrule: 'FREQ=WEEKLY' })).toBeNull();
    expect(seriesEnd({ ...timing, rrule: null })?.toISOString()).toBe('2026-03-22T02:00:00.000Z');
  });

  it('refuses rules that are not RRULEs, repeat more than hourly, or carry their own start or zone', () => {
    expect(rruleError('FREQ=WEEKLY;BYDAY=MO')).toBeUndefined();
    expect(rruleError('RRULE:FREQ=MONTHLY;BYDAY=1SU')).toBeUndefined();
    expect(rruleError('every sunday')).toMatch(/^rrule: FREQ is required/);
    expect(rruleError('FREQ=MINUTELY')).toBe('rrule: a window may repeat at most hourly');
    expect(rruleError('FREQ=WEEKLY;BYDAY=XX')).toBe('rrule: not a valid RFC 5545 recurrence rule');
    expect(rruleError('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toMatch(/DTSTART and TZID/);
    expect(rruleError('FREQ=DAILY;TZID=Europe/Paris')).toMatch(/DTSTART and TZID/);
  });
});
