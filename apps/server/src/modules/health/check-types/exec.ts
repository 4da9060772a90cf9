/**
 * Exec check: off unless the host's operator sets MC_EXEC_CHECKS=on (exec-policy.ts); then runs
 * `script` with bash in a fresh temporary directory, in its own process group, with an allow-listed
 * environment — PATH, HOME (the temporary directory) and LANG, plus the check's own `env` — so none of
 * the server's secrets (database URL, secret key…) reach the script. Where the system allows, the
 * script also runs as an unprivileged user in its own mount and PID namespaces with the data directory
 * covered (process-isolation.ts); `details.isolation` says which level ran. On timeout the whole
 * process group is killed; children left behind after the script exits are killed too. Without a test
 * expression the check passes on exit code 0 (canary-checker's default `results.exitCode == 0`).
 * Expression variables: results {stdout, stderr, exitCode}, and stdout, stderr, exitCode.
 */
import { spawn } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXEC_MAX_OUTPUT_BYTES, type ExecCheckSpec, execCheckSchema } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { resolveEnvList } from './env-vars.js';
import { execChecksDisabledReason, hiddenDirectories } from './exec-policy.js';
import { SYSTEM_PATH } from './executables.js';
import { execIsolation } from './process-isolation.js';

/** The environment a script starts from: nothing of the server's but PATH, plus HOME and LANG. */
export function baseEnvironment(home: string): Record<string, string> {
  return { PATH: process.env.PATH || SYSTEM_PATH, HOME: home, LANG: 'C.UTF-8' };
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

function collect(stream: NodeJS.ReadableStream | null, sink: { text: string; bytes: number; cut: boolean }) {
  stream?.on('data', (chunk: Buffer) => {
    if (sink.bytes >= EXEC_MAX_OUTPUT_BYTES) {
      sink.cut = true;
      return;
    }
    const room = EXEC_MAX_OUTPUT_BYTES - sink.bytes;
    sink.text += chunk.subarray(0, room).toString('utf8');
    sink.bytes += Math.min(room, chunk.length);
    if (chunk.length > room) sink.cut = true;
  });
}

function runScript(command: string[], env: Record<string, string>, cwd: string, signal: AbortSignal) {
  return new Promise<{ stdout: string; stderr: string; exitCode: number; truncated: boolean }>((resolve, reject) => {
    const [program = 'bash', ...args] = command;
    const child = spawn(program, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = { text: '', bytes: 0, cut: false };
    const err = { text: '', bytes: 0, cut: false };
    collect(child.stdout, out);
    collect(child.stderr, err);
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

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

async function run(spec: ExecCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const disabled = execChecksDisabledReason();
  if (disabled) return unhealthy(disabled, { disabled: true });
  for (const key of ['connections', 'checkout', 'artifacts'] as const) {
    if (spec[key] !== undefined) throw new CheckConfigError(`${key} is not supported by this server`);
  }
  const own = await resolveEnvList(spec.env, ctx, 'env');
  const home = await mkdtemp(join(tmpdir(), 'mc-exec-'));
  try {
    const isolation = await execIsolation();
    if (isolation?.uid !== undefined) await chown(home, isolation.uid, isolation.uid);
    const program = ['bash', '-c', spec.script];
    const command = isolation ? isolation.command(hiddenDirectories(), program) : program;
    const result = await runScript(command, { ...baseEnvironment(home), ...own }, home, ctx.signal);
    ctx.signal.throwIfAborted();
    const { stdout, stderr, exitCode } = result;
    const details = {
      results: { stdout, stderr, exitCode },
      stdout,
      stderr,
      exitCode,
      isolation: isolation?.level ?? 'none',
      ...(result.truncated ? { truncated: true } : {}),
    };
    if (!spec.test?.expr && exitCode !== 0) {
      const reason = lastLine(stderr) || lastLine(stdout);
      return unhealthy(`exit code ${exitCode}${reason ? `: ${reason}` : ''}`, details);
    }
    return healthy(lastLine(stdout) || `exit code ${exitCode}`, details);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** The exec check type. */
export const execCheckType: CheckTypeDefinition<ExecCheckSpec> = { type: 'exec', schema: execCheckSchema, run };
