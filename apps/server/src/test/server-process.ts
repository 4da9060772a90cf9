import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Every server this test process started, killed when it exits so a timed-out test leaves no orphan. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A real server process started from main.ts, with its parsed JSON log lines. */
export interface ServerProcess {
  child: ChildProcess;
  url: Promise<string>;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/**
 * Spawns `node --import tsx apps/server/src/main.ts` with `env` (PORT defaults to 0) and resolves
 * `url` from its "http listening" log line. For tests that need real processes: restarts, signals,
 * several replicas on one database.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  const logs: Record<string, unknown>[] = [];
  let buffer = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>; // log lines are JSON objects
          logs.push(entry);
          if (entry.msg === 'http listening' && typeof entry.url === 'string') resolve(entry.url);
        } catch {
          // not a log line
        }
        newline = buffer.indexOf('\n');
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  url.catch(() => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url, logs, exited };
}
