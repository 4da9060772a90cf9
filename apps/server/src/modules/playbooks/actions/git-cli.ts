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
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { runInProcessGroup } from '../../../platform/process-group.js';
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

/** One git command, its transport children included, killed whole (platform/process-group.ts). */
async function runGit(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  timeoutMs: number,
  secrets: (string | undefined)[],
): Promise<string> {
  signal.throwIfAborted();
  const run = await runInProcessGroup('git', args, {
    cwd,
    env,
    signal,
    timeoutMs,
    maxOutputBytes: GIT_MAX_OUTPUT,
  }).catch((error: Error) => {
    throw new Error(redactSecrets(`git ${args[0]}: ${error.message}`, secrets));
  });
  if (run.stopped === 'aborted') throw signal.reason;
  if (run.stopped === 'timeout') throw new Error(`git ${args[0]} did not finish within ${timeoutMs} ms`);
  if (run.stopped === 'output') throw new Error(`git ${args[0]} printed more than ${GIT_MAX_OUTPUT} bytes`);
  if (run.code === 0) return run.stdout;
  const said = run.stderr.trim().split('\n').slice(-2).join(' ') || `exited with code ${run.code}`;
  throw new Error(redactSecrets(`git ${args[0]}: ${said}`, secrets));
}
