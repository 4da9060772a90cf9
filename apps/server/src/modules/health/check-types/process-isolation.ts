/**
 * Isolation of exec scripts, probed once per process; `details.isolation` of every exec result says
 * which level ran. With util-linux `unshare` and `setpriv`:
 *
 * - `unprivileged-user` (the server runs as root): new mount and PID namespaces with their own /proc;
 *   the data directories are covered by an empty tmpfs; then the script drops to uid/gid 65534
 *   (nobody), with no supplementary groups, no capabilities and no-new-privs. It cannot read the
 *   secret key or the database files, cannot see or signal the server's processes, and cannot undo the
 *   mounts.
 * - `user-namespace` (the server runs as another user and unprivileged user namespaces are allowed): the
 *   same namespaces and tmpfs covers inside a user namespace, then every capability is dropped, so the
 *   script cannot unmount the covers; it keeps the server's uid on the rest of the file system.
 * - `none`: neither works here; the script still gets a minimal environment and its own directory.
 *
 * Not isolated at any level: the network (scripts reach what the host reaches; the egress policy does
 * not apply to them), and files outside the hidden directories that the script's user may read.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable, SYSTEM_PATH } from './executables.js';

/** The uid and gid scripts run as when the server is root (nobody/nogroup). */
export const EXEC_UID = 65534;

/** The isolation level of a run. */
export type IsolationLevel = 'unprivileged-user' | 'user-namespace' | 'none';

/** How to start a script: the level, the command that wraps it, and the uid its directory must belong to. */
export interface Isolation {
  level: Exclude<IsolationLevel, 'none'>;
  /** The full command running `program` with `hidden` directories covered. */
  command(hidden: readonly string[], program: readonly string[]): string[];
  /** Owner to give the script's working directory, when the script runs as another user. */
  uid?: number;
}

/** Covers each directory with an empty tmpfs, then runs the rest of the arguments. */
const COVER_AND_RUN =
  'n=$1; shift; i=0; while [ "$i" -lt "$n" ]; do mount -t tmpfs -o size=16k,mode=0755 mc-hidden "$1" || exit 125; shift; i=$((i+1)); done; exec "$@"';
const NAMESPACES = ['--mount', '--pid', '--fork', '--kill-child', '--mount-proc'];
const DROP_ALL = ['--inh-caps=-all', '--bounding-set=-all', '--no-new-privs'];
const PROBE_TIMEOUT_MS = 3000;

function build(unshare: string, setpriv: string, userns: boolean): Isolation {
  const namespaces = userns ? ['--user', '--map-root-user', ...NAMESPACES] : NAMESPACES;
  const drop = userns ? DROP_ALL : [`--reuid=${EXEC_UID}`, `--regid=${EXEC_UID}`, '--clear-groups', ...DROP_ALL];
  return {
    level: userns ? 'user-namespace' : 'unprivileged-user',
    command: (hidden, program) => [
      unshare,
      ...namespaces,
      '--',
      '/bin/sh',
      '-c',
      COVER_AND_RUN,
      'mc-exec',
      String(hidden.length),
      ...hidden,
      setpriv,
      ...drop,
      '--',
      ...program,
    ],
    ...(userns ? {} : { uid: EXEC_UID }),
  };
}

function works(command: string[]): Promise<boolean> {
  const [program = '', ...args] = command;
  return new Promise((resolve) => {
    execFile(program, args, { timeout: PROBE_TIMEOUT_MS, env: { PATH: SYSTEM_PATH } }, (error) => resolve(!error));
  });
}

async function probe(): Promise<Isolation | null> {
  const [unshare, setpriv] = await Promise.all([findExecutable('unshare'), findExecutable('setpriv')]);
  if (!unshare || !setpriv) return null;
  const scratch = await mkdtemp(join(tmpdir(), 'mc-exec-probe-'));
  try {
    const candidates = process.getuid?.() === 0 ? [build(unshare, setpriv, false)] : [];
    candidates.push(build(unshare, setpriv, true));
    for (const candidate of candidates) {
      if (await works(candidate.command([scratch], ['/bin/true']))) return candidate;
    }
    return null;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

let probed: Promise<Isolation | null> | undefined;

/** The strongest isolation this system allows, or null when it allows none. */
export function execIsolation(): Promise<Isolation | null> {
  probed ??= probe();
  return probed;
}
