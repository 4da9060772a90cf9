import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXEC_CHECKS_DISABLED_MESSAGE } from './exec-policy.js';
import { runCheck } from './registry.js';
import { guardFor } from './testing/targets.js';

const egress = guardFor();
const exec = (spec: Record<string, unknown>, timeoutMs = 10_000) =>
  runCheck('exec', { name: 'e', ...spec }, { egress, timeoutMs });

/** PIDs (host view) of live processes whose command line holds `marker`; zombies count as gone. */
function livingWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (cmdline.includes(marker) && state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** A data directory like the server's: the secret key (0600) and a database file (0644). */
const dataDir = mkdtempSync(join(tmpdir(), 'mc-exec-data-'));
writeFileSync(join(dataDir, 'secret.key'), 'planted-key-file\n', { mode: 0o600 });
mkdirSync(join(dataDir, 'pglite'));
writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'planted-db-file\n', { mode: 0o644 });

const planted = {
  MC_SECRET_KEY: 'planted-secret-key',
  DATABASE_URL: 'postgres://planted:secret@db/prod',
  MC_DATA_DIR: dataDir,
  MC_EXEC_CHECKS: 'on',
};

beforeAll(() => {
  Object.assign(process.env, planted);
});

afterAll(() => {
  for (const key of Object.keys(planted)) delete process.env[key];
});

describe('exec checks switched off (the default)', () => {
  it('refuse to run and say how an administrator enables them', async () => {
    for (const value of [undefined, 'off', 'yes']) {
      if (value === undefined) delete process.env.MC_EXEC_CHECKS;
      else process.env.MC_EXEC_CHECKS = value;
      const marker = join(dataDir, `ran-${value}`);
      const result = await exec({ script: `touch ${marker}; echo ran` });
      expect(result.status).toBe('unhealthy');
      expect(result.message.startsWith(EXEC_CHECKS_DISABLED_MESSAGE)).toBe(true);
      expect(readdirSync(dataDir)).not.toContain(`ran-${value}`);
    }
    expect((await exec({ script: 'true' })).message).toMatch(/the current value 'yes' is neither on nor off$/);
    process.env.MC_EXEC_CHECKS = 'on';
  });
});

describe('exec check running bash scripts', () => {
  it('passes on exit code 0 and shows the last line of output', async () => {
    const result = await exec({ script: 'echo starting; echo all good' });
    expect(result).toMatchObject({ status: 'healthy', message: 'all good' });
    expect(result.details.results).toEqual({ stdout: 'starting\nall good', stderr: '', exitCode: 0 });
  });

  it('trims white space around stdout and stderr, as canary-checker does', async () => {
    const result = await exec({
      script: 'printf "\\n  8080 \\n\\n"; printf " warn \\n" >&2',
      test: { expr: "results.stdout == '8080'" },
    });
    expect(result.status).toBe('healthy');
    expect(result.details.results).toEqual({ stdout: '8080', stderr: 'warn', exitCode: 0 });
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
    const marker = `31.${process.pid}${Date.now() % 1000}`;
    const result = await exec({ script: `sleep ${marker} & sleep ${marker} & wait` }, 500);
    expect(result).toMatchObject({ status: 'unhealthy', message: 'timed out after 500 ms' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(livingWith(marker)).toEqual([]);
  });

  it('kills what a script leaves running when it exits', async () => {
    const marker = `32.${process.pid}${Date.now() % 1000}`;
    const result = await exec({ script: `(sleep ${marker} &) ; echo left` });
    expect(result.status).toBe('healthy');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(livingWith(marker)).toEqual([]);
  });

  it("hides the server's processes when the system allows namespaces", async () => {
    const result = await exec({ script: `test -e /proc/${process.pid}/environ && echo visible || echo hidden` });
    if (result.details.isolation === 'none') {
      console.warn('unshare cannot create namespaces here; exec scripts run without PID isolation');
      return;
    }
    expect(result.message).toBe('hidden');
  });

  it('cannot read the data directory: neither the secret key nor the database files', async () => {
    const result = await exec({
      script: `cat ${dataDir}/secret.key; cat ${dataDir}/pglite/PG_VERSION; ls -A ${dataDir}; umount ${dataDir} 2>&1; cat ${dataDir}/secret.key; echo done`,
    });
    if (result.details.isolation === 'none') {
      console.warn('this system allows no exec isolation; the data directory stays readable to scripts');
      return;
    }
    expect(result.message).toBe('done');
    expect(String(result.details.stdout)).not.toContain('planted');
    expect(String(result.details.stdout)).toMatch(
      /must be superuser to unmount|Operation not permitted|permission denied/i,
    );
  });

  it('runs in a fresh directory of its own, as an unprivileged user when the server is root', async () => {
    const result = await exec({ script: 'pwd; id -u; ls -A | wc -l; touch mine && echo writable' });
    const [cwd, uid, entries, writable] = String(result.details.stdout).trim().split('\n');
    expect(cwd).toMatch(new RegExp(`^${tmpdir()}/mc-exec-`));
    expect(cwd).not.toBe(process.cwd());
    expect(entries).toBe('0');
    expect(writable).toBe('writable');
    if (process.getuid?.() === 0 && result.details.isolation !== 'none') {
      expect(result.details.isolation).toBe('unprivileged-user');
      expect(uid).toBe('65534');
    }
    const again = await exec({ script: 'ls -A' });
    expect(again.details.stdout).toBe('');
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
