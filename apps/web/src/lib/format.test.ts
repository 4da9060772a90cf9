import { describe, expect, it } from 'vitest';
import { clampProgress, formatBytes, formatDuration, initials, truncateText } from './format';
import { relativeTime } from './relative-time';

describe('formatters', () => {
  it('formats bytes from B to YB in steps of 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });

  it('shows durations in ms, s, m or h', () => {
    expect(formatDuration(250)).toBe('250ms');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(90_000)).toBe('1.5m');
    expect(formatDuration(2 * 3_600_000)).toBe('2h');
    expect(formatDuration(undefined)).toBe('');
  });

  it('shortens relative time to 1m, 1h, 1d, 1mo, 1y', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(relativeTime(ago(30), now)).toBe('<1m');
    expect(relativeTime(ago(60), now)).toBe('1m');
    expect(relativeTime(ago(3600), now)).toBe('1h');
    expect(relativeTime(ago(86_400), now)).toBe('1d');
    expect(relativeTime(ago(30 * 86_400), now)).toBe('1mo');
    expect(relativeTime(ago(365 * 86_400), now)).toBe('1y');
    expect(relativeTime(new Date(now.getTime() + 7200_000), now)).toBe('in 2h');
  });

  it('truncates with an ellipsis past the maximum', () => {
    expect(truncateText('abcdef', 3)).toBe('abc…');
    expect(truncateText('abc', 3)).toBe('abc');
  });

  it('takes initials of the first two words of the name, else the email, else ?', () => {
    expect(initials('Ada King Lovelace', 'a@x.io')).toBe('AK');
    expect(initials('', 'bob@example.com')).toBe('B');
    expect(initials(null, null)).toBe('?');
  });

  it('clamps progress between 5 and 100', () => {
    expect(clampProgress(0)).toBe(5);
    expect(clampProgress(42)).toBe(42);
    expect(clampProgress(250)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(5);
  });
});
