import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskUrl } from '@mc/contracts';
import { type ConnectionTester, checkHost, describeError } from './tester.js';

/** scp-like SSH addresses: `user@host:path`. */
const SCP_LIKE = /^([a-z0-9._-]+)@([a-z0-9.-]+):(.+)$/i;

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

/** Host names and IP literals only: the host also goes into the ssh command line. */
const SAFE_HOST = /^([a-z0-9._-]+|\[[0-9a-f:.]+\])$/i;

/** The transport and host of a git URL; only https and ssh (URL or scp-like) are accepted. */
export function gitRemote(raw: string): { transport: 'https' | 'ssh'; host: string; port: number } {
  const remote = parseRemote(raw);
  if (!SAFE_HOST.test(remote.host)) throw new Error('the URL names no valid host');
  return { ...remote, host: remote.host.replace(/^\[(.*)\]$/, '$1') };
}

function parseRemote(raw: string): { transport: 'https' | 'ssh'; host: string; port: number } {
  const scp = SCP_LIKE.exec(raw);
  if (scp && !raw.includes('://')) return { transport: 'ssh', host: scp[2] ?? '', port: 22 };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('only https:// and ssh URLs are accepted (not local paths)');
  }
  if (url.protocol === 'https:') return { transport: 'https', host: url.hostname, port: Number(url.port || 443) };
  if (url.protocol === 'ssh:') return { transport: 'ssh', host: url.hostname, port: Number(url.port || 22) };
  throw new Error(`${url.protocol}// is not accepted; only https:// and ssh URLs are`);
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
    let remote: ReturnType<typeof gitRemote>;
    let address: string;
    try {
      remote = gitRemote(raw);
      address = (await checkHost(guard, remote.host)).address;
    } catch (error) {
      throw new Error(`Git: ${describeError(error)}`);
    }
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
      const pinned = address.includes(':') ? `[${address}]` : address;
      config.push('-c', `http.curloptResolve=${remote.host}:${remote.port}:${pinned}`);
      if (connection.username) {
        const parsed = new URL(raw);
        parsed.username = encodeURIComponent(connection.username);
        parsed.password = encodeURIComponent(connection.password ?? '');
        url = parsed.toString();
      }
    } else {
      const ssh = [
        'ssh',
        `-o HostName=${address}`,
        `-o HostKeyAlias=${remote.host}`,
        '-o StrictHostKeyChecking=accept-new',
        '-o BatchMode=yes',
        `-o UserKnownHostsFile=${join(home, 'known_hosts')}`,
      ];
      if (connection.certificate) {
        const keyPath = join(home, 'id');
        await writeFile(keyPath, `${connection.certificate.trim()}\n`, { mode: 0o600 });
        ssh.push(`-i ${keyPath}`, '-o IdentitiesOnly=yes');
      }
      env.GIT_SSH_COMMAND = ssh.join(' ');
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
