// Keeps one child process running for `npm start`: restarts it with backoff when it exits
// unexpectedly, gives up after repeated fast crashes, forwards SIGTERM/SIGINT and then exits with it.
import { spawn } from 'node:child_process';

/** Exit code of a configuration error (main.ts): restarting cannot fix it. */
const CONFIG_ERROR_EXIT = 2;

/** One JSON log line on stderr, in the server's own format, so log collectors read both alike. */
function log(level, msg, fields = {}) {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, msg, service: 'mission-control', role: 'supervisor', ...fields })}\n`,
  );
}

/**
 * Runs `command args` and keeps it running. A run shorter than `stableMs` that ends in a crash counts
 * as a fast crash; after `maxFastCrashes` in a row the supervisor stops with a message. The delay
 * before a restart starts at `backoffMs`, doubles per fast crash up to `maxBackoffMs`, and resets after
 * a stable run. A clean exit (0) or a configuration error (2) is not restarted.
 */
export function supervise({
  command,
  args,
  backoffMs = 1_000,
  maxBackoffMs = 30_000,
  stableMs = 30_000,
  maxFastCrashes = 5,
}) {
  let child;
  let stopping = false;
  let fastCrashes = 0;
  let delay = backoffMs;
  let pending;

  const start = () => {
    pending = undefined;
    const startedAt = Date.now();
    child = spawn(command, args, { stdio: 'inherit' });
    log('info', 'server started', { pid: child.pid });
    child.on('exit', (code, signal) => {
      if (stopping) process.exit(code ?? (signal ? 1 : 0));
      if (code === 0) {
        log('info', 'server stopped', { code });
        process.exit(0);
      }
      if (code === CONFIG_ERROR_EXIT) {
        log('error', 'server refused its configuration; not restarting (fix the variables named above)', { code });
        process.exit(CONFIG_ERROR_EXIT);
      }
      const ranMs = Date.now() - startedAt;
      if (ranMs >= stableMs) {
        fastCrashes = 0;
        delay = backoffMs;
      }
      fastCrashes += ranMs < stableMs ? 1 : 0;
      if (fastCrashes >= maxFastCrashes) {
        log(
          'error',
          `server crashed ${fastCrashes} times in a row within ${stableMs / 1000} s of starting; giving up`,
          {
            code,
            signal,
          },
        );
        process.exit(1);
      }
      log('error', 'server exited unexpectedly; restarting', { code, signal, ranMs, restartInMs: delay });
      pending = setTimeout(start, delay);
      delay = Math.min(delay * 2, maxBackoffMs);
    });
  };

  for (const name of ['SIGTERM', 'SIGINT']) {
    process.on(name, () => {
      stopping = true;
      if (pending) {
        clearTimeout(pending);
        process.exit(0);
      }
      child?.kill(name);
    });
  }
  start();
}
