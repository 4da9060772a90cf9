/**
 * The git command line as the gitops action runs it: a fixed program with fixed arguments (never a
 * script of the playbook), so it is not under the exec switch — but confined all the same: a fresh
 * HOME, no system or global config, hooks off, only the https or ssh transport (GIT_ALLOW_PROTOCOL: no
 * file://, ext:: or local paths), the host checked by the egress guard and git pinned to the checked
 * address (curl's resolve for https, ssh's HostName), no redirects, no prompt, a timeout and the
 * caller's abort signal, each command in its own process group and killed whole. Credentials go in
 * through the environment (GIT_CONFIG_* headers, an ssh key file in the temporary HOME), never the
 * command line, and are scrubbed from every message.
 */
import { spawn } from 'node:child_process';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { checkedGitRemote, gitCurlResolve, gitSshCommand } from '../../connections/index.js';
import { redactSecrets } from '../secret-redaction.js';

/** The most output one git command may print. */
const GIT_MAX_OUTPUT = 1024 * 1024;

/** How git reaches and authenticates to the remote. */
export interface GitAccess {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  sshKey?: string | undefined;
  insecureSkipVerify?: boolean | undefined;
}

/** A git runner bound to one remote, its environment and its secrets. */
export interface Git {
  run(args: string[], cwd: string): Promise<string>;
}

/** Prepares git for `access` inside `home` (a fresh temporary directory the caller removes). */
export async function gitFor(
  access: GitAccess,
  home: string,
  guard: EgressGuard,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Git> {
  const { remote, address } = await checkedGitRemote(access.url, guard, 'git');
  const secrets = [access.password, access.sshKey];
  const config: [string, string][] = [
    ['core.hooksPath', '/dev/null'],
    ['protocol.file.allow', 'never'],
    ['http.followRedirects', 'false'],
    ['core.askPass', ''],
    ['credential.helper', ''],
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ALLOW_PROTOCOL: remote.transport,
  };
  if (remote.transport === 'https') {
    config.push(['http.curloptResolve', gitCurlResolve(remote, address)]);
    if (access.insecureSkipVerify) config.push(['http.sslVerify', 'false']);
    if (access.password) {
      const basic = Buffer.from(`${access.username || 'git'}:${access.password}`).toString('base64');
      secrets.push(basic);
      config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
    }
  } else {
    env.GIT_SSH_COMMAND = await gitSshCommand(home, remote, address, access.sshKey);
  }
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return { run: (args, cwd) => runGit(args, cwd, env, signal, timeoutMs, secrets) };
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/**
 * One git command in its own process group: git hands the transport to a child (git-remote-https,
 * ssh) that outlives a killed git and would hold its connection to a hanging server, so a timeout,
 * an abort, too much output and git's own exit all kill the whole group.
 */
function runGit(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  timeoutMs: number,
  secrets: (string | undefined)[],
): Promise<string> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const child = spawn('git', args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let stopped: 'timeout' | 'output' | undefined;
    const stop = (why: 'timeout' | 'output') => {
      stopped ??= why;
      killGroup(child.pid);
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > GIT_MAX_OUTPUT) return stop('output');
      into.push(chunk);
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => killGroup(child.pid);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      settle();
      reject(new Error(redactSecrets(`git ${args[0]}: ${error.message}`, secrets)));
    });
    child.once('exit', () => killGroup(child.pid));
    child.once('close', (code) => {
      settle();
      if (signal.aborted) return reject(signal.reason);
      if (stopped === 'timeout') return reject(new Error(`git ${args[0]} did not finish within ${timeoutMs} ms`));
      if (stopped === 'output') return reject(new Error(`git ${args[0]} printed more than ${GIT_MAX_OUTPUT} bytes`));
      const stdout = Buffer.concat(out).toString('utf8');
      if (code === 0) return resolve(stdout);
      const stderr = Buffer.concat(err).toString('utf8').trim();
      const reason = `git ${args[0]}: ${stderr.split('\n').slice(-2).join(' ') || `exited with code ${code}`}`;
      reject(new Error(redactSecrets(reason, secrets)));
    });
  });
}
