import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';
import { humanDuration, parseExtendedDuration } from './cel-time.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL time functions', () => {
  it('parses durations with days, weeks and years (Duration, time.ParseDuration)', () => {
    expect(cel('Duration("7d") == duration("168h")')).toBe(true);
    expect(cel('time.ParseDuration("1w2d").getHours()')).toBe(216);
    expect(cel('Duration("nonsense") == duration("0s")')).toBe(true);
    expect(() => cel('time.ParseDuration("5 parsecs")')).toThrow(/invalid duration/);
    expect(parseExtendedDuration('-1h30m')).toBe(-5_400_000);
    expect(parseExtendedDuration('1.5s')).toBe(1500);
  });

  it('measures age, since and until against the clock', () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(cel('age(t) > duration("59m") && age(t) < duration("61m")', { t: hourAgo })).toBe(true);
    expect(cel('time.Since(timestamp(t)) > Duration("30m")', { t: hourAgo })).toBe(true);
    expect(cel('time.Until(timestamp("2999-01-01T00:00:00Z")) > Duration("52w")')).toBe(true);
    expect(cel('time.Now() > timestamp("2020-01-01T00:00:00Z")')).toBe(true);
    expect(cel('age(1500000000) == duration("1.5s")')).toBe(true);
  });

  it('parses Go layouts and prints as gomplate does', () => {
    expect(cel('string(time.Parse("2006-01-02", "2023-09-26"))')).toBe('2023-09-26T00:00:00Z');
    expect(cel('string(time.Parse("02 Jan 06 15:04 -0700", "26 Sep 23 14:30 +0200"))')).toBe('2023-09-26T12:30:00Z');
    expect(cel('string(time.Unix(0))')).toBe('1970-01-01T00:00:00Z');
    expect(() => cel('time.Parse("2006-01-02", "26/09/2023")')).toThrow(/no match/);
    expect(cel('HumanDuration(Duration("32h")) + " " + HumanDuration(75000000000)')).toBe('1d8h 1m15s');
    expect(humanDuration(320 * 3_600_000)).toBe('1w6d8h');
    expect(humanDuration(5)).toBe('5ms');
    expect(cel('HumanSize(1048576) + " " + HumanSize(1536) + " " + HumanSize(0)')).toBe('1M 1.5K 0B');
  });
});
