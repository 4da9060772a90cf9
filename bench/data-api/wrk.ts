import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from './measure.js';

/** Whether `wrk` (Debian's package) is on PATH. */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version: only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A wrk run's figures with the load generator's own CPU, in ms. */
export interface WrkResult extends CaseResult {
  /** Answers other than 2xx/3xx, and socket errors (connect, read, write, timeout). */
  errors: number;
  clientCpuMs: number;
}

/** Seconds of a bash `times` line (`0m1.234s 0m0.456s`): user + system. */
function timesSeconds(line: string): number {
  let total = 0;
  for (const [, m, s] of line.matchAll(/(\d+)m([\d.]+)s/g)) total += Number(m) * 60 + Number(s);
  return total;
}

/** A latency of wrk's `--latency` table (`99%   12.34ms`) in ms. */
function latencyMs(output: string, percent: string): number {
  const m = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
}

/**
 * Drives `paths` (round-robin) on 127.0.0.1:`port` with wrk — one thread, `concurrency` kept-alive
 * connections, for `seconds` — after a 2 s warm-up run. wrk is C and spends a few tens of µs per
 * request, where the bench's Node client spent ~300: on two cores the load generator's CPU is taken
 * from the server it measures. `onWindow` brackets the timed run (for CPU figures).
 */
export async function runWrk(options: {
  name: string;
  port: number;
  paths: readonly string[];
  headers: Record<string, string>;
  concurrency: number;
  seconds: number;
  onWindow?: (edge: 'start' | 'end') => void;
}): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-wrk-'));
  try {
    const script = join(dir, 'paths.lua');
    writeFileSync(
      script,
      [
        `local paths = { ${options.paths.map((p) => JSON.stringify(p)).join(', ')} }`,
        'local i = 0',
        'request = function()',
        '  i = i + 1',
        '  return wrk.format("GET", paths[(i % #paths) + 1])',
        'end',
      ].join('\n'),
    );
    const run = (seconds: number) => {
      const args = ['-t1', `-c${options.concurrency}`, `-d${seconds}s`, '--latency', '-s', script];
      for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
      args.push(`http://127.0.0.1:${options.port}`);
      return new Promise<string>((resolve, reject) => {
        // wrk's arguments reach it as bash's positional parameters, never parsed by the shell
        const child = spawn('bash', ['-c', 'wrk "$@"; times', 'bash', ...args]);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
      });
    };
    await run(2);
    options.onWindow?.('start');
    const out = await run(options.seconds);
    options.onWindow?.('end');
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
    const lines = out.trim().split('\n');
    return {
      name: options.name,
      requests,
      perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      p50: latencyMs(out, '50'),
      p99: latencyMs(out, '99'),
      errors: non2xx + socketErrors,
      // `times` prints the shell's own times, then its children's (wrk's) on the last line.
      clientCpuMs: timesSeconds(lines.at(-1) ?? '') * 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
