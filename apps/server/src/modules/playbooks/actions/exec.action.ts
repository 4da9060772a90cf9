/**
 * The exec action: a bash script under the same switch and confinement as exec checks — off unless the
 * host sets MC_EXEC_CHECKS=on; a fresh temporary HOME, an allow-listed environment (PATH, HOME, LANG
 * plus the action's own `env`), its own process group killed on timeout or cancel, isolation where the
 * system allows, stdout and stderr each capped at {@link EXEC_ACTION_MAX_OUTPUT}. A non-zero exit fails
 * the action with the last line of its output; the output is kept either way, and saved as artifacts
 * with the files the action declares (exec-artifacts.ts).
 */
import { spawn } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { baseEnvironment, execChecksDisabledReason, execIsolation, hiddenDirectories } from '../../health/index.js';
import { defineAction } from './action-kind.js';
import { saveArtifacts } from './artifacts.repo.js';
import { execArtifacts } from './exec-artifacts.js';

/** The most of stdout (and of stderr) kept as output. */
export const EXEC_ACTION_MAX_OUTPUT = 256 * 1024;

const schema = z.object({
  script: z
    .string()
    .min(1, 'is required')
    .max(64 * 1024),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().max(64 * 1024)).optional(),
  /** Files to keep as artifacts, relative to the script's working directory (`*` in the last segment). */
  artifacts: z
    .array(z.object({ path: z.string().min(1).max(1024) }))
    .max(50)
    .default([]),
});

interface Sink {
  text: string;
  bytes: number;
  cut: boolean;
}

function collect(stream: NodeJS.ReadableStream | null, sink: Sink, log?: (text: string) => void): void {
  stream?.on('data', (chunk: Buffer) => {
    log?.(chunk.toString('utf8')); // the live log, capped by the run's log writer
    const room = EXEC_ACTION_MAX_OUTPUT - sink.bytes;
    if (room <= 0) {
      sink.cut = true;
      return;
    }
    sink.text += chunk.subarray(0, room).toString('utf8');
    sink.bytes += Math.min(room, chunk.length);
    if (chunk.length > room) sink.cut = true;
  });
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

function runScript(
  command: string[],
  env: Record<string, string>,
  cwd: string,
  signal: AbortSignal,
  log?: (text: string) => void,
) {
  return new Promise<{ stdout: string; stderr: string; exitCode: number; truncated: boolean }>((resolve, reject) => {
    const [program = 'bash', ...args] = command;
    const child = spawn(program, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Sink = { text: '', bytes: 0, cut: false };
    const err: Sink = { text: '', bytes: 0, cut: false };
    collect(child.stdout, out, log);
    collect(child.stderr, err, log);
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

/** The exec action type. */
export const execAction = defineAction({
  type: 'exec',
  schema,
  disabledReason: () => execChecksDisabledReason()?.replace('exec checks are', 'exec checks and actions are') ?? null,
  async run(fields, ctx) {
    const disabled = execChecksDisabledReason();
    if (disabled) throw new Error(disabled);
    const home = await mkdtemp(join(tmpdir(), 'mc-playbook-'));
    try {
      const isolation = await execIsolation();
      if (isolation?.uid !== undefined) await chown(home, isolation.uid, isolation.uid);
      const program = ['bash', '-c', fields.script];
      const command = isolation ? isolation.command(hiddenDirectories(), program) : program;
      const result = await runScript(command, { ...baseEnvironment(home), ...fields.env }, home, ctx.signal, ctx.log);
      ctx.signal.throwIfAborted();
      const kept = await execArtifacts(
        home,
        fields.artifacts.map((artifact) => artifact.path),
        result,
        ctx.redact,
      );
      const artifacts = await saveArtifacts(ctx.database, ctx.run.actionId, kept.artifacts);
      const output = {
        ...result,
        isolation: isolation?.level ?? 'none',
        artifacts,
        ...(kept.skipped.length ? { artifacts_skipped: kept.skipped } : {}),
      };
      if (result.exitCode !== 0) {
        const last = (result.stderr.trim() || result.stdout.trim()).split('\n').at(-1) ?? '';
        throw Object.assign(new Error(`exit code ${result.exitCode}${last ? `: ${last}` : ''}`), { output });
      }
      return output;
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  },
});
