import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInProcessGroup } from './process-group.js';

const env = { PATH: process.env.PATH };
/** A shell that starts a background child, prints its pid and then waits. */
const withChild = ['-c', 'sleep 30 & echo $!; sleep 30'];

/** Whether `pid` still runs (a killed child whose parent is gone may linger as a zombie: not running). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('runInProcessGroup', () => {
  it('answers output and exit code', async () => {
    const run = await runInProcessGroup('sh', ['-c', 'echo out; echo err >&2; exit 3'], {
      env,
      timeoutMs: 5_000,
      maxOutputBytes: 1024,
    });
    expect(run).toEqual({ stdout: 'out\n', stderr: 'err\n', code: 3, stopped: undefined });
  });

  it('a timeout kills the program and what it started', async () => {
    let child = 0;
    const started = Date.now();
    const run = await runInProcessGroup('sh', withChild, { env, timeoutMs: 300, maxOutputBytes: 1024 });
    child = Number.parseInt(run.stdout, 10);
    expect(run.stopped).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(child).toBeGreaterThan(0);
    await expect.poll(() => alive(child)).toBe(false);
  });

  it('an abort kills the group', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 200);
    const run = await runInProcessGroup('sh', withChild, {
      env,
      timeoutMs: 10_000,
      maxOutputBytes: 1024,
      signal: controller.signal,
    });
    expect(run.stopped).toBe('aborted');
    await expect.poll(() => alive(Number.parseInt(run.stdout, 10))).toBe(false);
  });

  it('too much output kills the group and keeps what fit', async () => {
    const run = await runInProcessGroup('sh', ['-c', 'yes'], { env, timeoutMs: 10_000, maxOutputBytes: 64 * 1024 });
    expect(run.stopped).toBe('output');
    expect(run.stdout.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('a child left running after the program exits is killed too', async () => {
    const run = await runInProcessGroup('sh', ['-c', 'sleep 30 >/dev/null 2>&1 & echo $!'], {
      env,
      timeoutMs: 5_000,
      maxOutputBytes: 1024,
    });
    expect(run.code).toBe(0);
    await expect.poll(() => alive(Number.parseInt(run.stdout, 10))).toBe(false);
  });

  it('rejects a program that does not exist', async () => {
    await expect(
      runInProcessGroup('no-such-program-here', [], { env, timeoutMs: 1_000, maxOutputBytes: 1024 }),
    ).rejects.toThrow(/ENOENT/);
  });
});
