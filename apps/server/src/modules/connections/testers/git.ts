import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskUrl } from '@mc/contracts';
import { runInProcessGroup } from '../../../platform/process-group.js';
import { checkedGitRemote, gitCurlResolve, gitSshCommand } from '../git-remote.js';
import type { ConnectionTester } from './tester.js';

/** Runs git in its own process group, so a timeout also ends the transport it started. */
async function run(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  const done = await runInProcessGroup('git', args, { env, timeoutMs, maxOutputBytes: 1024 * 1024 });
  if (done.stopped === 'timeout') throw new Error(`no answer within ${timeoutMs} ms`);
  if (done.stopped === 'output') throw new Error('git printed more than 1 MiB');
  if (done.code === 0) return done.stdout;
  throw new Error(done.stderr.trim().split('\n').pop() || `git exited with code ${done.code}`);
}

/**
 * Runs `git ls-remote <url> <ref>` with a timeout. Only https and ssh transports are allowed
 * (GIT_ALLOW_PROTOCOL; no file://, ext:: or local paths), the host is checked by the egress guard and
 * git connects to that checked address (curl's resolve pin for https, ssh's HostName for ssh), and
 * https redirects are not followed. Basic credentials or an SSH key authenticate.
 */
export const testGit: ConnectionTester = async (connection, { timeoutMs, guard }) => {
  const raw = connection.url ?? '';
  if (!raw) throw new Error('Git: the URL is empty');
  const ref = String(connection.properties.ref || 'main');
  const shownUrl = maskUrl(raw);
  const home = await mkdtemp(join(tmpdir(), 'mc-git-'));
  try {
    const { remote, address } = await checkedGitRemote(raw, guard, 'Git');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_ALLOW_PROTOCOL: remote.transport,
    };
    const config = ['-c', 'http.followRedirects=false', '-c', 'core.askPass='];
    let url = raw;
    if (remote.transport === 'https') {
      config.push('-c', `http.curloptResolve=${gitCurlResolve(remote, address)}`);
      if (connection.username) {
        const parsed = new URL(raw);
        parsed.username = encodeURIComponent(connection.username);
        parsed.password = encodeURIComponent(connection.password ?? '');
        url = parsed.toString();
      }
    } else {
      env.GIT_SSH_COMMAND = await gitSshCommand(home, remote, address, connection.certificate);
    }
    let out: string;
    try {
      out = await run([...config, 'ls-remote', '--', url, ref], env, timeoutMs);
    } catch (error) {
      // run() rejects with Errors only; credentials put into the URL never reach the message.
      throw new Error(`Git: ${(error as Error).message.replaceAll(url, shownUrl)}`);
    }
    if (out.trim() === '') throw new Error(`Git: ${shownUrl} is reachable but has no ref '${ref}'`);
    return `Git repository ${shownUrl} answered; ref '${ref}' exists`;
  } finally {
    await rm(home, { recursive: true, force: true });
  }
};
