import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionTester } from './tester.js';

function run(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { env, timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const reason = error.killed
        ? `no answer within ${timeoutMs} ms`
        : stderr.trim().split('\n').pop() || error.message;
      reject(new Error(reason));
    });
  });
}

/** Runs `git ls-remote <url> <ref>` with a timeout, using basic credentials or an SSH key. */
export const testGit: ConnectionTester = async (connection, { timeoutMs }) => {
  const raw = connection.url ?? '';
  if (!raw) throw new Error('Git: the URL is empty');
  const ref = String(connection.properties.ref || 'main');
  const ssh = connection.properties.authentication === 'SSH';
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0' };
  let url = raw;
  let keyDir: string | undefined;
  try {
    if (ssh && connection.certificate) {
      keyDir = await mkdtemp(join(tmpdir(), 'mc-git-'));
      const keyPath = join(keyDir, 'id');
      await writeFile(keyPath, `${connection.certificate.trim()}\n`, { mode: 0o600 });
      await chmod(keyPath, 0o600);
      env.GIT_SSH_COMMAND = `ssh -i ${keyPath} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o BatchMode=yes`;
    } else if (!ssh && connection.username && /^https?:\/\//.test(raw)) {
      const parsed = new URL(raw);
      parsed.username = connection.username;
      parsed.password = connection.password ?? '';
      url = parsed.toString();
    }
    let out: string;
    try {
      out = await run(['ls-remote', '--', url, ref], env, timeoutMs);
    } catch (error) {
      // run() rejects with Errors only.
      throw new Error(`Git: ${(error as Error).message.replaceAll(url, raw)}`);
    }
    const found = out.trim() !== '';
    if (!found) throw new Error(`Git: ${raw} is reachable but has no ref '${ref}'`);
    return `Git repository ${raw} answered; ref '${ref}' exists`;
  } finally {
    if (keyDir) await rm(keyDir, { recursive: true, force: true });
  }
};
