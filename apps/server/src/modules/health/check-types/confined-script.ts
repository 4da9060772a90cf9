/**
 * The one runner of operator-allowed bash scripts, shared by exec checks (exec.ts) and the playbooks'
 * exec action, so both get the same confinement: a fresh temporary HOME (removed afterwards), an
 * allow-listed environment (PATH, HOME, LANG plus the caller's own variables, none of the server's
 * secrets), isolation where the system allows (process-isolation.ts, data directories covered), its own
 * process group killed on abort and once the script exits, and stdout and stderr each capped.
 * The switch (MC_EXEC_CHECKS, exec-policy.ts) stays with the callers, which word their refusal.
 */
import { spawn } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hiddenDirectories } from './exec-policy.js';
import { SYSTEM_PATH } from './executables.js';
import { execIsolation, type IsolationLevel } from './process-isolation.js';

/** The environment a script starts from: nothing of the server's but PATH, plus HOME and LANG. */
export function baseEnvironment(home: string): Record<string, string> {
  return { PATH: process.env.PATH || SYSTEM_PATH, HOME: home, LANG: 'C.UTF-8' };
}

/** What a script did: its output (each stream cut at the cap), exit code, and the isolation it ran under. */
export interface ScriptRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  truncated: boolean;
  isolation: IsolationLevel;
  /** The script's working directory and HOME, until the caller's `use` returns. */
  home: string;
}

/** How to run one script. */
export interface ScriptOptions {
  /** The script's own variables, over the base environment. */
  env?: Record<string, string> | undefined;
  /** Prefix of the temporary HOME's name (`mc-exec-`, `mc-playbook-`). */
  homePrefix: string;
  /** The most of stdout (and of stderr) kept. */
  maxOutputBytes: number;
  /** Aborting kills the script's process group; the run then rejects with the signal's reason. */
  signal: AbortSignal;
  /** Receives every chunk of output as it comes (a live log), before the cap. */
  log?: ((text: string) => void) | undefined;
}

interface Sink {
  text: string;
  bytes: number;
  cut: boolean;
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

function collect(stream: NodeJS.ReadableStream | null, sink: Sink, max: number, log?: (text: string) => void): void {
  stream?.on('data', (chunk: Buffer) => {
    log?.(chunk.toString('utf8'));
    const room = max - sink.bytes;
    if (room <= 0) {
      sink.cut = true;
      return;
    }
    sink.text += chunk.subarray(0, room).toString('utf8');
    sink.bytes += Math.min(room, chunk.length);
    if (chunk.length > room) sink.cut = true;
  });
}

function spawnScript(command: string[], env: Record<string, string>, cwd: string, options: ScriptOptions) {
  const { signal, maxOutputBytes, log } = options;
  return new Promise<{ stdout: string; stderr: string; exitCode: number; truncated: boolean }>((resolve, reject) => {
    const [program = 'bash', ...args] = command;
    const child = spawn(program, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Sink = { text: '', bytes: 0, cut: false };
    const err: Sink = { text: '', bytes: 0, cut: false };
    collect(child.stdout, out, maxOutputBytes, log);
    collect(child.stderr, err, maxOutputBytes, log);
    const onAbort = () => killGroup(child.pid);
    signal.addEventListener('abort', onAbort, { once: true });
    let exitCode = -1;
    child.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('exit', (code, killedBy) => {
      exitCode = code ?? (killedBy ? 128 : -1);
      killGroup(child.pid);
    });
    child.once('close', () => {
      signal.removeEventListener('abort', onAbort);
      resolve({ stdout: out.text, stderr: err.text, exitCode, truncated: out.cut || err.cut });
    });
  });
}

/**
 * Runs `script` with bash, confined as the file's comment says, and hands the run to `use` while its
 * HOME still exists (the exec action keeps files from it); the HOME is removed once `use` settles.
 * Throws the abort reason when the signal fired during the run.
 */
export async function runConfinedScript<T>(
  script: string,
  options: ScriptOptions,
  use: (run: ScriptRun) => T | Promise<T>,
): Promise<T> {
  const home = await mkdtemp(join(tmpdir(), options.homePrefix));
  try {
    const isolation = await execIsolation();
    if (isolation?.uid !== undefined) await chown(home, isolation.uid, isolation.uid);
    const program = ['bash', '-c', script];
    const command = isolation ? isolation.command(hiddenDirectories(), program) : program;
    const result = await spawnScript(command, { ...baseEnvironment(home), ...options.env }, home, options);
    options.signal.throwIfAborted();
    return await use({ ...result, isolation: isolation?.level ?? 'none', home });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
