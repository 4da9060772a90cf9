/**
 * A short-lived program run in its own process group and killed whole. Programs like git hand their
 * transport to a child (git-remote-https, ssh) that outlives a killed parent and would keep its
 * connection to a hanging server open; so a timeout, an abort, too much output and the program's own
 * exit each kill the group, and nothing it started is left behind.
 */
import { spawn } from 'node:child_process';

/** How one program runs. */
export interface GroupRunOptions {
  cwd?: string | undefined;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** The most of stdout and stderr together; past it the group is killed. */
  maxOutputBytes: number;
  signal?: AbortSignal | undefined;
}

/** What the program did; `stopped` says why it was killed, when it was. */
export interface GroupRun {
  stdout: string;
  stderr: string;
  code: number | null;
  stopped?: 'timeout' | 'output' | 'aborted' | undefined;
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** Runs `program` with `args`; rejects only when it cannot start (not found, bad directory). */
export function runInProcessGroup(program: string, args: string[], options: GroupRunOptions): Promise<GroupRun> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve({ stdout: '', stderr: '', code: null, stopped: 'aborted' });
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let stopped: GroupRun['stopped'];
    const stop = (why: NonNullable<GroupRun['stopped']>) => {
      stopped ??= why;
      killGroup(child.pid);
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > options.maxOutputBytes) return stop('output');
      into.push(chunk);
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    child.once('exit', () => killGroup(child.pid));
    child.once('close', (code) => {
      settle();
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        code,
        stopped,
      });
    });
  });
}
