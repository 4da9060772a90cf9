import { tcpCheckSchema } from '@mc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { runCheck } from './registry.js';
import { closedPort, guardFor, noteAbsent, portOpen } from './testing/targets.js';

// These tests use exec checks as the simplest check type; exec checks are off unless the host enables them.
process.env.MC_EXEC_CHECKS = 'on';

const pgUp = await portOpen('127.0.0.1', 5432);
noteAbsent('PostgreSQL at 127.0.0.1:5432', pgUp);

const egress = guardFor();
const exec = (spec: Record<string, unknown>) => runCheck('exec', { name: 'e', ...spec }, { egress });

describe('runCheck', () => {
  it('answers an unknown type and an invalid spec as invalid, unhealthy results', async () => {
    expect(await runCheck('ftp', {}, { egress })).toMatchObject({
      status: 'unhealthy',
      message: "unknown check type 'ftp'",
      invalid: true,
    });
    expect(await runCheck('tcp', { name: 't' }, { egress })).toMatchObject({
      message: 'invalid tcp check spec: endpoint: Endpoint is required',
      invalid: true,
    });
  });

  it('validates a spec object once; a changed definition, a new object, is validated again', async () => {
    const parse = vi.spyOn(tcpCheckSchema, 'safeParse');
    try {
      const spec = { name: 't', endpoint: `127.0.0.1:${await closedPort()}`, display: { expr: '"seen " + host' } };
      const first = await runCheck('tcp', spec, { egress });
      expect(first).toMatchObject({ status: 'unhealthy', message: 'seen 127.0.0.1' });
      expect(await runCheck('tcp', spec, { egress })).toMatchObject({ status: 'unhealthy', message: 'seen 127.0.0.1' });
      expect(parse).toHaveBeenCalledTimes(1);
      const edited = { ...spec, endpoint: '' };
      const refused = { message: 'invalid tcp check spec: endpoint: Endpoint is required' };
      expect(await runCheck('tcp', edited, { egress })).toMatchObject({ ...refused, invalid: true });
      expect(await runCheck('tcp', edited, { egress })).toMatchObject({ ...refused, invalid: true });
      expect(parse).toHaveBeenCalledTimes(2);
      // The same object as another type's spec is validated as that type.
      expect(await runCheck('http', spec, { egress })).toMatchObject({ invalid: true });
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses jsonPath expression blocks instead of skipping them', async () => {
    expect((await exec({ script: 'true', test: { jsonPath: '$.ok' } })).message).toBe(
      'test.jsonPath is not supported by this server; write test.expr (CEL) instead',
    );
  });

  it('applies display, then transform, with check and canary variables', async () => {
    const shown = await runCheck(
      'exec',
      {
        name: 'disk',
        labels: { team: 'ops' },
        script: 'echo 81',
        display: { expr: 'check.name + " at " + stdout.trim() + "% on " + canary.name' },
      },
      { egress, canary: { name: 'infra' } },
    );
    expect(shown.message).toBe('disk at 81% on infra');
    const transformed = await exec({
      script: 'echo 81',
      transform: { expr: '{"pass": int(stdout.trim()) < 80, "message": "usage " + stdout.trim() + "%"}' },
    });
    expect(transformed).toMatchObject({ status: 'unhealthy', message: 'usage 81%' });
  });

  it('keeps a failed test reason in error when display rewrites the message', async () => {
    const result = await exec({
      script: 'echo 7',
      test: { expr: 'int(stdout.trim()) < 5' },
      display: { expr: '"queue " + stdout.trim()' },
    });
    expect(result).toMatchObject({
      status: 'unhealthy',
      message: 'queue 7',
      error: 'test expression returned false: int(stdout.trim()) < 5',
    });
  });

  it('returns named transform entries beside its own result; a caller that cannot store them fails the run', async () => {
    const spec = {
      name: 'x',
      script: 'printf "a\\nb\\n"',
      transform: { expr: 'stdout.trim().split("\\n").map(n, {"name": "disk-" + n, "pass": true})' },
    };
    const stored = await runCheck('exec', spec, { egress, storesTransformed: true });
    expect(stored).toMatchObject({ status: 'healthy', transformed: [{ name: 'disk-a' }, { name: 'disk-b' }] });
    const result = await exec(spec);
    expect(result).toMatchObject({
      status: 'unhealthy',
      message:
        'transform returned 2 named check entries; transformed checks are stored only by the server, not by an agent',
    });
    expect(result.transformed).toEqual([
      { name: 'disk-a', pass: true },
      { name: 'disk-b', pass: true },
    ]);
  });

  it('reports a failing or non-boolean test clearly', async () => {
    expect((await exec({ script: 'echo x', test: { expr: 'stdout' } })).message).toBe(
      'test expression must return true or false, got "x": stdout',
    );
    expect((await exec({ script: 'echo x', test: { expr: 'nope > 1' } })).message).toBe(
      'expression failed: Unknown variable: nope',
    );
  });

  it('trims long strings in stored details', async () => {
    const result = await exec({ script: 'head -c 10000 /dev/zero | tr "\\0" a' });
    expect(String(result.details.stdout)).toMatch(/^a{4096}… \(10000 characters, truncated\)$/);
  });

  it.skipIf(!pgUp)('keeps stored details under the byte limit, naming what was left out', async () => {
    const result = await runCheck(
      'postgres',
      {
        name: 'p',
        url: 'postgres://root@127.0.0.1:5432/test',
        query: 'SELECT g, md5(g::text) FROM generate_series(1, 5000) g',
        results: 5000,
      },
      { egress },
    );
    expect(result.status).toBe('healthy');
    expect(result.details.rows).toMatch(/^\(omitted from storage: \d+ bytes\)$/);
    expect(result.details.count).toBe(5000);
    expect(JSON.stringify(result.details).length).toBeLessThanOrEqual(64 * 1024);
  });

  it("ends a check at its own timeout only; the caller's other checks go on, and its abort ends them", async () => {
    const tick = new AbortController();
    const options = { egress, signal: tick.signal };
    const [short, long] = await Promise.all([
      runCheck('exec', { name: 'short', script: 'sleep 5' }, { ...options, timeoutMs: 100 }),
      runCheck('exec', { name: 'long', script: 'sleep 0.4; echo done' }, { ...options, timeoutMs: 5_000 }),
    ]);
    expect(short.message).toBe('timed out after 100 ms');
    expect(long).toMatchObject({ status: 'healthy', details: { stdout: 'done' } });
    setTimeout(() => tick.abort(), 100);
    const cut = await runCheck('exec', { name: 'cut', script: 'sleep 5' }, { ...options, timeoutMs: 5_000 });
    expect(cut.message).toBe('cancelled before it finished');
    expect((await runCheck('exec', { name: 'late', script: 'true' }, options)).message).toBe(
      'cancelled before it finished',
    );
  });

  it('stops at the caller signal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runCheck('exec', { name: 'e', script: 'sleep 5' }, { egress, signal: controller.signal });
    expect(result.message).toBe('cancelled before it finished');
  });
});
