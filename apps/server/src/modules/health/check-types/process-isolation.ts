/**
 * Best-effort isolation of exec scripts. When util-linux `unshare` can create user, PID and mount
 * namespaces here (unprivileged user namespaces allowed), a script runs in its own PID namespace with its
 * own /proc: it cannot read the server's `/proc/<pid>/environ` nor signal the server's processes, and
 * everything it starts dies with it. Where that is not possible scripts run without it, and the result
 * says which (`details.isolation`). Probed once per process.
 */
import { execFile } from 'node:child_process';
import { findExecutable, SYSTEM_PATH } from './executables.js';

const UNSHARE_ARGS = ['--user', '--map-current-user', '--pid', '--fork', '--kill-child', '--mount-proc'];
const PROBE_TIMEOUT_MS = 3000;

let probed: Promise<string[] | null> | undefined;

async function probe(): Promise<string[] | null> {
  const unshare = await findExecutable('unshare');
  if (!unshare) return null;
  return new Promise((resolve) => {
    execFile(unshare, [...UNSHARE_ARGS, 'true'], { timeout: PROBE_TIMEOUT_MS, env: { PATH: SYSTEM_PATH } }, (error) =>
      resolve(error ? null : [unshare, ...UNSHARE_ARGS]),
    );
  });
}

/** The command prefix that runs a program in its own namespaces, or null when this system cannot. */
export function isolationPrefix(): Promise<string[] | null> {
  probed ??= probe();
  return probed;
}
