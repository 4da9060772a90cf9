import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { guardFor } from './testing/targets.js';

const egress = guardFor();

/** True while the process runs; a killed child may linger as a zombie until reaped, which counts as gone. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
const exec = (spec: Record<string, unknown>, timeoutMs = 10_000) =>
  runCheck('exec', { name: 'e', ...spec }, { egress, timeoutMs });

const planted = { MC_SECRET_KEY: 'planted-secret-key', DATABASE_URL: 'postgres://planted:secret@db/prod' };

beforeAll(() => {
  Object.assign(process.env, planted);
});

afterAll(() => {
  for (const key of Object.keys(planted)) delete process.env[key];
});

describe('exec check running bash scripts', () => {
  it('passes on exit code 0 and shows the last line of output', async () => {
    const result = await exec({ script: 'echo starting; echo all good' });
    expect(result).toMatchObject({ status: 'healthy', message: 'all good' });
    expect(result.details.results).toEqual({ stdout: 'starting\nall good\n', stderr: '', exitCode: 0 });
  });

  it('fails on a non-zero exit code with the last stderr line', async () => {
    const result = await exec({ script: 'echo "disk almost full" >&2; exit 3' });
    expect(result).toMatchObject({ status: 'unhealthy', message: 'exit code 3: disk almost full' });
  });

  it('lets a CEL test judge exit code and output instead', async () => {
    const spec = { script: 'echo "queue=12"; exit 1' };
    expect(
      (await exec({ ...spec, test: { expr: 'results.exitCode == 1 && stdout.contains("queue=12")' } })).status,
    ).toBe('healthy');
    const failed = await exec({ ...spec, test: { expr: 'stdout.contains("queue=0")' } });
    expect(failed.message).toBe('test expression returned false: stdout.contains("queue=0")');
  });

  it('gives the script none of the server environment, only PATH, HOME, LANG and its own env', async () => {
    const result = await exec({ script: 'env | sort', env: [{ name: 'GREETING', value: 'hi' }] });
    const names = String(result.details.stdout)
      .trim()
      .split('\n')
      .map((line) => line.split('=')[0]);
    expect(names.filter((name) => !['PWD', 'SHLVL', '_'].includes(name ?? ''))).toEqual([
      'GREETING',
      'HOME',
      'LANG',
      'PATH',
    ]);
    expect(result.details.stdout).not.toContain('planted');
  });

  it('kills the whole process group on timeout', async () => {
    const marker = join(tmpdir(), `mc-exec-child-${process.pid}-${Date.now()}`);
    const result = await exec({ script: `sleep 30 & echo $! > ${marker}; wait` }, 500);
    expect(result).toMatchObject({ status: 'unhealthy', message: 'timed out after 500 ms' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(marker)).toBe(true);
    const child = Number(readFileSync(marker, 'utf8'));
    expect(running(child)).toBe(false);
  });

  it('refuses config-map values when no resolver is injected, and resolves them when one is', async () => {
    const spec = {
      script: 'echo "$TOKEN"',
      env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
    };
    expect((await exec(spec)).message).toBe(
      'env TOKEN: secret sources are not available (no secret resolver on this server)',
    );
    const resolved = await runCheck(
      'exec',
      { name: 'e', ...spec },
      {
        egress,
        resolveEnvSource: async (ref) =>
          ref.kind === 'secret' && ref.name === 'api' && ref.key === 'token' ? 'tok-1' : undefined,
      },
    );
    expect(resolved).toMatchObject({ status: 'healthy', message: 'tok-1' });
  });
});
