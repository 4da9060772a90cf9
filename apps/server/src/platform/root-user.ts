/**
 * The server should not run as root: the file confinement (file-confinement.ts) refuses paths outside
 * the roots an administrator set, but what a read below those roots reaches — and what an exec check or
 * a mistake reaches — is bounded by the user the process runs as. Start-up says so in the log when the
 * process is root, so an operator sees it where they look.
 */

/** The warning logged at start-up by a process running as root. */
export const RUNNING_AS_ROOT_MESSAGE =
  'running as root: run Mission Control as an unprivileged user that owns MC_DATA_DIR, so no read or command it makes can reach what root can';

/** The warning for the process's user id (undefined where there are no user ids, or it is not root). */
export function runningAsRootWarning(uid: number | undefined): string | undefined {
  return uid === 0 ? RUNNING_AS_ROOT_MESSAGE : undefined;
}
