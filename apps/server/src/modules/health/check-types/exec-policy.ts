/**
 * Whether exec checks may run, and what their scripts must not see. A script runs with the server's
 * privileges unless isolated, so exec checks are off until the operator of the host turns them on with
 * `MC_EXEC_CHECKS=on` (an environment variable, not a property: nobody signed in to the console can
 * switch it). Read at every run, so a test or a restart with a new value applies at once.
 */
import { realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The variable that turns exec checks on. */
export const EXEC_CHECKS_VARIABLE = 'MC_EXEC_CHECKS';

/** The message of an exec check while they are off. */
export const EXEC_CHECKS_DISABLED_MESSAGE =
  'exec checks are disabled; an administrator can enable them with MC_EXEC_CHECKS=on in the server environment (see docs/security.md)';

/** Off (default), or on; any other value keeps them off and says why. */
export function execChecksDisabledReason(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = (env[EXEC_CHECKS_VARIABLE] ?? '').trim().toLowerCase();
  if (value === 'on') return null;
  if (value === '' || value === 'off') return EXEC_CHECKS_DISABLED_MESSAGE;
  return `${EXEC_CHECKS_DISABLED_MESSAGE}; the current value '${value}' is neither on nor off`;
}

function existingDirectory(path: string): string | null {
  try {
    const real = realpathSync(path);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/**
 * Directories hidden from scripts: the data directory (`MC_DATA_DIR`, default ./data: the secret key,
 * the embedded database's files, the reference files) and `MC_SECRET_REFS_DIR` when it lies elsewhere.
 */
export function hiddenDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  const dataDir = resolve(env.MC_DATA_DIR || './data');
  const candidates = [dataDir, resolve(env.MC_SECRET_REFS_DIR || join(dataDir, 'refs'))];
  const found = candidates.map(existingDirectory).filter((path): path is string => path !== null);
  return [...new Set(found)].filter(
    (path, _, all) => !all.some((other) => other !== path && path.startsWith(`${other}/`)),
  );
}
