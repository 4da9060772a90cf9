/**
 * Finds system executables (ping, unshare) on PATH and the usual system directories, so a check can
 * say "not installed" instead of failing obscurely.
 */
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** The usual system directories, also searched when PATH lacks them. */
export const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The full path of an executable, or null when none is installed. */
export async function findExecutable(name: string): Promise<string | null> {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...SYSTEM_PATH.split(':')].filter(Boolean);
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}
