import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 11, "operate it": one defect that killed the process left the console down, since `npm start`
 * exited with its child. The start script now supervises the server: restarts with backoff, gives up
 * after repeated fast crashes, forwards SIGTERM/SIGINT without restarting.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
  waitFor(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

function npmStart(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const text = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          lines.push(JSON.parse(text) as Record<string, unknown>); // server and supervisor log JSON lines
        } catch {
          lines.push({ msg: text });
        }
        for (const wake of waiters.splice(0)) wake();
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor: Started['waitFor'] = (predicate, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out; log:\n${JSON.stringify(lines, null, 1)}`)),
        timeoutMs,
      );
      const check = () => {
        const found = lines.find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return { child, lines, exited, waitFor };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let databaseEnv: Record<string, string>;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (testEngine() === 'postgres') {
    const created = await createPostgresTestUrl();
    drop = created.drop;
    databaseEnv = { DATABASE_URL: created.url };
  } else {
    databaseEnv = { MC_DATA_DIR: mkdtempSync(join(tmpdir(), 'mc-start-')) };
  }
});

afterAll(async () => {
  await drop?.();
});

describe('npm start supervises the server', () => {
  it('restarts a server killed with SIGKILL (the console answers again), then stops on SIGTERM without restarting', async () => {
    const port = await freePort();
    const started = npmStart({ ...databaseEnv, PORT: String(port), MC_RESTART_BACKOFF_MS: '200' });
    try {
      const first = await started.waitFor((line) => line.msg === 'server started');
      await started.waitFor((line) => line.msg === 'http listening');
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

      process.kill(Number(first.pid), 'SIGKILL');
      const restart = await started.waitFor((line) => line.msg === 'server exited unexpectedly; restarting');
      expect(restart).toMatchObject({ level: 'error', signal: 'SIGKILL', restartInMs: 200 });
      const second = await started.waitFor((line) => line.msg === 'server started' && line.pid !== first.pid);
      await started.waitFor(
        (line) => line.msg === 'http listening' && started.lines.indexOf(line) > started.lines.indexOf(second),
      );
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      expect(started.lines.filter((line) => line.msg === 'server started')).toHaveLength(2);
      expect(() => process.kill(Number(second.pid), 0)).toThrow();
    } finally {
      started.child.kill('SIGKILL');
    }
  }, 120_000);

  it('gives up with a clear message after repeated fast crashes', async () => {
    // Nothing listens on port 1, so each start fails at once: the database cannot be reached.
    const started = npmStart({
      DATABASE_URL: 'postgres://root@127.0.0.1:1/none',
      PORT: '0',
      MC_RESTART_BACKOFF_MS: '50',
    });
    expect(await started.exited).toBe(1);
    expect(started.lines.at(-1)?.msg).toBe('server crashed 5 times in a row within 30 s of starting; giving up');
    expect(started.lines.filter((line) => line.msg === 'server exited unexpectedly; restarting')).toHaveLength(4);
    expect(started.lines.filter((line) => line.msg === 'server started')).toHaveLength(5);
  }, 120_000);

  it('does not restart a server that refuses its configuration', async () => {
    const started = npmStart({ ...databaseEnv, PORT: 'abc' });
    expect(await started.exited).toBe(2);
    expect(started.lines.some((line) => String(line.msg).startsWith('server refused its configuration'))).toBe(true);
  }, 60_000);
});
