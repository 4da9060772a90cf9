import { describe, expect, it } from 'vitest';
import {
  InvalidScheduleError,
  isNeverSchedule,
  jitterOffset,
  nextOccurrence,
  nextRun,
  parseDuration,
  parseSchedule,
} from './schedule-spec.js';

const at = (iso: string) => new Date(iso);

describe('parseSchedule', () => {
  it('reads @every durations', () => {
    expect(parseSchedule('@every 30s')).toEqual({ kind: 'every', intervalMs: 30_000 });
    expect(parseSchedule('@every 5m')).toEqual({ kind: 'every', intervalMs: 300_000 });
    expect(parseSchedule('@every 1h30m')).toEqual({ kind: 'every', intervalMs: 5_400_000 });
    expect(parseDuration('250ms')).toBe(250);
  });

  it('reads 5- and 6-field cron and the @ shorthands', () => {
    expect(parseSchedule('*/5 * * * *')).toEqual({ kind: 'cron', expression: '*/5 * * * *' });
    expect(parseSchedule('*/10 * * * * *')).toEqual({ kind: 'cron', expression: '*/10 * * * * *' });
    expect(parseSchedule('@hourly')).toEqual({ kind: 'cron', expression: '0 * * * *' });
    expect(parseSchedule('@daily')).toEqual({ kind: 'cron', expression: '0 0 * * *' });
  });

  it('reads what canary-checker’s robfig/cron parser reads: Go durations, names, ?, time-zone prefixes, @never', () => {
    expect(parseSchedule('@every 1.5m')).toEqual({ kind: 'every', intervalMs: 90_000 });
    expect(parseSchedule('@every 1h0m0s')).toEqual({ kind: 'every', intervalMs: 3_600_000 });
    // under a second runs every second, fractions of a second are dropped (robfig's Every)
    expect(parseSchedule('@every 500ms')).toEqual({ kind: 'every', intervalMs: 1_000 });
    expect(parseSchedule('@every 2500ms')).toEqual({ kind: 'every', intervalMs: 2_000 });
    expect(parseSchedule('@every 90000000us')).toEqual({ kind: 'every', intervalMs: 90_000 });
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseSchedule('0 0 ? * MON')).toEqual({ kind: 'cron', expression: '0 0 ? * MON' });
    expect(parseSchedule('TZ=Asia/Tokyo 0 9 * * *')).toEqual({
      kind: 'cron',
      expression: '0 9 * * *',
      tz: 'Asia/Tokyo',
    });
    expect(parseSchedule('CRON_TZ=Europe/Paris @daily')).toEqual({
      kind: 'cron',
      expression: '0 0 * * *',
      tz: 'Europe/Paris',
    });
    expect(parseSchedule('@never')).toEqual({ kind: 'never' });
    expect(isNeverSchedule('TZ=UTC @never')).toBe(true);
    expect(isNeverSchedule('every 30 @minutes')).toBe(false);
  });

  it.each([
    '@every',
    '@every 10x',
    '@every 1 minute',
    '@sometimes',
    '* * *',
    '61 * * * *',
    '',
    'every 30 @minutes',
    'TZ=Mars/Olympus 0 9 * * *',
  ])('refuses %j', (text) => {
    expect(() => parseSchedule(text)).toThrow(InvalidScheduleError);
  });

  it('refuses upstream fixtures’ `every 30 @minutes` with the cron message, as robfig refuses it', () => {
    expect(() => parseSchedule('every 30 @minutes')).toThrow(
      '"every 30 @minutes": a cron expression has 5 or 6 fields',
    );
  });
});

describe('next ticks', () => {
  it('computes cron occurrences in UTC', () => {
    const spec = parseSchedule('0 * * * *');
    expect(nextOccurrence(spec, at('2026-01-01T10:15:00Z')).toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(nextOccurrence(spec, at('2026-01-01T11:00:00Z')).toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });

  it('computes cron occurrences in the zone a TZ prefix names, and never for @never', () => {
    const tokyo = parseSchedule('TZ=Asia/Tokyo 0 9 * * *');
    expect(nextOccurrence(tokyo, at('2026-01-01T10:15:00Z')).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(nextOccurrence(parseSchedule('@never'), at('2026-01-01T10:15:00Z')).getUTCFullYear()).toBe(9999);
  });

  it('ticks interval schedules on an epoch-aligned grid, so they never drift', () => {
    const spec = parseSchedule('@every 30s');
    expect(nextRun(spec, 's', 0, at('2026-01-01T10:00:00.400Z')).toISOString()).toBe('2026-01-01T10:00:30.000Z');
    expect(nextRun(spec, 's', 0, at('2026-01-01T10:00:30.000Z')).toISOString()).toBe('2026-01-01T10:01:00.000Z');
  });

  it('collapses missed ticks into one and resumes from now', () => {
    const now = at('2026-01-01T12:00:10Z');
    expect(nextRun(parseSchedule('@every 1m'), 's', 0, now).toISOString()).toBe('2026-01-01T12:01:00.000Z');
    expect(nextRun(parseSchedule('*/5 * * * *'), 's', 0, now).toISOString()).toBe('2026-01-01T12:05:00.000Z');
  });

  it('spreads schedules by a stable per-name offset within the jitter', () => {
    const offsets = new Set(Array.from({ length: 200 }, (_, i) => jitterOffset(`canary:${i}`, 60_000)));
    expect(offsets.size).toBeGreaterThan(150);
    for (const offset of offsets) expect(offset).toBeGreaterThanOrEqual(0);
    for (const offset of offsets) expect(offset).toBeLessThan(60_000);
    expect(jitterOffset('a', 60_000)).toBe(jitterOffset('a', 60_000));
    for (const text of ['@hourly', '@every 1h']) {
      const spec = parseSchedule(text);
      const offset = jitterOffset('a', 60_000);
      const first = nextRun(spec, 'a', 60_000, at('2026-01-01T10:15:00Z'));
      expect(first.getTime()).toBe(at('2026-01-01T11:00:00Z').getTime() + offset);
      const second = nextRun(spec, 'a', 60_000, new Date(first.getTime() + 5));
      expect(second.getTime()).toBe(at('2026-01-01T12:00:00Z').getTime() + offset);
    }
  });
});
