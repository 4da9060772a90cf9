import { describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { guardFor } from './testing/targets.js';

const egress = guardFor();
const NOW = Date.parse('2026-06-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

/** A scheduled run of a webhook check whose last stored call is `call` (none: never called). */
const run = (spec: Record<string, unknown>, call?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  runCheck(
    'webhook',
    { name: 'nightly-backup', ...spec },
    { egress, now: NOW, lastResult: async () => ({ results: call ? { heartbeat: call, ...extra } : {} }) },
  );

describe('webhook (heartbeat) check', () => {
  it('passes while calls arrive within interval + grace, and fails once they stop', async () => {
    const spec = { interval: '5m', grace: '1m' };
    expect(await run(spec, { at: minutesAgo(2), status: 'ok', message: '' })).toMatchObject({
      status: 'healthy',
      message: `Last call at ${minutesAgo(2)}`,
    });
    expect(await run(spec, { at: minutesAgo(5.9), status: 'ok', message: 'backup 2 GB' })).toMatchObject({
      status: 'healthy',
      message: 'backup 2 GB',
    });
    const silent = await run(spec, { at: minutesAgo(7), status: 'ok', message: '' });
    expect(silent.status).toBe('unhealthy');
    expect(silent.message).toBe(`No call for 420 s: expected every 5m (grace 1m); last call at ${minutesAgo(7)}`);
  });

  it('fails before any call, and when the last call reported a failure', async () => {
    expect(await run({})).toMatchObject({ status: 'unhealthy', message: 'No call has arrived yet' });
    expect(await run({}, { at: minutesAgo(1), status: 'fail', message: 'disk full' })).toMatchObject({
      status: 'unhealthy',
      message: 'disk full',
    });
  });

  it("judges the last call's JSON body with test.expr", async () => {
    const spec = { test: { expr: 'json.copied > 0' } };
    const call = { at: minutesAgo(1), status: 'ok', message: '' };
    expect((await run(spec, call, { json: { copied: 12 } })).status).toBe('healthy');
    expect((await run(spec, call, { json: { copied: 0 } })).status).toBe('unhealthy');
  });

  it('refuses an interval that is not a duration', async () => {
    expect((await run({ interval: 'daily' })).message).toBe(
      'invalid webhook check spec: interval: interval must be a duration of at least 1s, such as 5m or 1h',
    );
  });
});
