import { describe, expect, it } from 'vitest';
import {
  InvalidScheduleError,
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

  it.each(['@every', '@every 10x', '@every 500ms', '@sometimes', '* * *', '61 * * * *', ''])('refuses %j', (text) => {
    expect(() => parseSchedule(text)).toThrow(InvalidScheduleError);
  });
});

describe('next ticks', () => {
  it('computes cron occurrences in UTC', () => {
    const spec = parseSchedule('0 * * * *');
    expect(nextOccurrence(spec, at('2026-01-01T10:15:00Z')).toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(nextOccurrence(spec, at('2026-01-01T11:00:00Z')).toISOString()).toBe('2026-01-01T12:00:00.000Z');
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
