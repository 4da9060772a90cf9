import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';
import { timezoneOptions, zoneOffsetMinutes } from './timezones';

const instant = '2025-01-01T10:30:01.999Z';

describe('the one date formatter', () => {
  it('renders the four formats of the preferences menu', () => {
    expect(formatDateTime(instant, 'timestamp', 'UTC')).toBe('2025-01-01 10:30:01.999');
    expect(formatDateTime(instant, 'full', 'UTC')).toBe('Jan 1 10:30:01.999');
    expect(formatDateTime(instant, 'medium', 'UTC')).toBe('Wed 10:30:01');
    expect(formatDateTime(instant, 'short', 'UTC', new Date('2025-01-01T11:30:02Z'))).toBe('1h');
  });

  it('honours the display timezone', () => {
    expect(formatDateTime(instant, 'timestamp', 'Asia/Kolkata')).toBe('2025-01-01 16:00:01.999');
    expect(formatDateTime(instant, 'timestamp', 'America/New_York')).toBe('2025-01-01 05:30:01.999');
  });

  it("reads the browser's zone from the date's own getters with the same result as the named zone", () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const formats = ['timestamp', 'full', 'medium'] as const;
    for (let step = 0; step < 200; step += 1) {
      const value = new Date(Date.UTC(1999, 0, 1) + step * 4_321_987_654).toISOString();
      for (const format of formats) {
        expect(formatDateTime(value, format)).toBe(formatDateTime(value, format, browserZone));
      }
    }
  });

  it('gives an empty text for empty or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('timezone choices', () => {
  it('lists Browser first, then every zone sorted by UTC offset and labelled with it', () => {
    const at = new Date('2025-01-15T00:00:00Z');
    const options = timezoneOptions(at);
    expect(options[0]?.value).toBe('Browser');
    const zones = options.slice(1);
    expect(zones.length).toBeGreaterThan(300);
    for (let index = 1; index < zones.length; index += 1) {
      expect(zones[index]?.offsetMinutes).toBeGreaterThanOrEqual(zones[index - 1]?.offsetMinutes ?? 0);
    }
    expect(options.find((zone) => zone.value === 'Asia/Tokyo')?.label).toBe('(UTC+09:00) Asia/Tokyo');
    expect(zoneOffsetMinutes('America/New_York', at)).toBe(-300);
  });
});
