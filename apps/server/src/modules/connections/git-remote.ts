/**
 * The one reader of git remotes and builder of git's ssh command, shared by the git connection test
 * (testers/git.ts) and the playbooks' gitops action (playbooks/actions/git-cli.ts), so both accept the
 * same transports and reach the same checked address: only https and ssh remotes (URL or scp-like),
 * a host name or IP literal only (it goes into the ssh command line), the host checked by the egress
 * guard, curl and ssh pinned to that address with a throw-away known_hosts and the key in a file of the
 * caller's temporary HOME (never on the command line).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EgressGuard } from '../../platform/egress/egress-guard.js';
import { checkHost, describeError } from './testers/tester.js';

/** A git remote's transport, host (without IPv6 brackets) and port. */
export interface GitRemote {
  transport: 'https' | 'ssh';
  host: string;
  port: number;
}

/** scp-like SSH addresses: `user@host:path`. */
const SCP_LIKE = /^([a-z0-9._-]+)@([a-z0-9.-]+):(.+)$/i;

/** Host names and IP literals only: the host also goes into the ssh command line. */
const SAFE_HOST = /^([a-z0-9._-]+|\[[0-9a-f:.]+\])$/i;

/** The transport and host of a git URL; only https and ssh (URL or scp-like) are accepted. */
export function gitRemote(raw: string): GitRemote {
  const remote = parseRemote(raw);
  if (!SAFE_HOST.test(remote.host)) throw new Error('the URL names no valid host');
  return { ...remote, host: remote.host.replace(/^\[(.*)\]$/, '$1') };
}

function parseRemote(raw: string): GitRemote {
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
 * The remote of `raw` and the address the egress guard allows for its host; an Error prefixed with
 * `label` (`Git`, `git`) when the URL is refused or the host may not be reached.
 */
export async function checkedGitRemote(
  raw: string,
  guard: EgressGuard,
  label: string,
): Promise<{ remote: GitRemote; address: string }> {
  try {
    const remote = gitRemote(raw);
    return { remote, address: (await checkHost(guard, remote.host)).address };
  } catch (error) {
    throw new Error(`${label}: ${describeError(error)}`);
  }
}

/** git's `http.curloptResolve` for an https remote: curl connects to the checked `address` (`host:port:address`). */
export function gitCurlResolve(remote: GitRemote, address: string): string {
  const pinned = address.includes(':') ? `[${address}]` : address;
  return `${remote.host}:${remote.port}:${pinned}`;
}

/**
 * git's `GIT_SSH_COMMAND` for an ssh remote: connect to the checked `address` under the remote's host
 * name (HostKeyAlias), accept a new host key into `home`'s known_hosts, never prompt, and authenticate
 * with `sshKey` (written to a 0600 file in `home`) when there is one.
 */
export async function gitSshCommand(
  home: string,
  remote: GitRemote,
  address: string,
  sshKey: string | null | undefined,
): Promise<string> {
  const ssh = [
    'ssh',
    `-o HostName=${address}`,
    `-o HostKeyAlias=${remote.host}`,
    '-o StrictHostKeyChecking=accept-new',
    '-o BatchMode=yes',
    `-o UserKnownHostsFile=${join(home, 'known_hosts')}`,
  ];
  if (sshKey) {
    const keyPath = join(home, 'id');
    await writeFile(keyPath, `${sshKey.trim()}\n`, { mode: 0o600 });
    ssh.push(`-i ${keyPath}`, '-o IdentitiesOnly=yes');
  }
  return ssh.join(' ');
}
