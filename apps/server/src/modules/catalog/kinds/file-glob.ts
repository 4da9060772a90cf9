/**
 * Glob matching for the file scraper (`*`, `**`, `?`, `{a,b}`, `[abc]`), walking only below the
 * pattern's literal prefix and bounded in depth and file count, so a pattern like `/**` cannot walk a
 * whole disk. Paths are matched by platform/path-glob.ts, never a regular expression, so a hostile
 * pattern cannot backtrack (issue 25). Paths under refused roots are skipped; with allowed roots set,
 * only paths below them match.
 * Symbolic links are matched as they are named, not followed: platform/file-confinement.ts resolves each
 * match and refuses one that leads out of the allowed folders.
 */
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { pathGlob } from '../../../platform/path-glob.js';

/** Most files one pattern may match. */
export const MAX_GLOB_FILES = 10_000;
/** Deepest folder below the literal prefix a `**` descends into. */
export const MAX_GLOB_DEPTH = 16;

const GLOB_CHARS = /[*?[{]/;

function literalPrefix(pattern: string): string {
  const parts = pattern.split('/');
  const literal: string[] = [];
  for (const part of parts) {
    if (GLOB_CHARS.test(part)) break;
    literal.push(part);
  }
  return literal.join('/') || (pattern.startsWith('/') ? '/' : '.');
}

/** True when `path` is `root` or below it. */
export function isBelow(path: string, root: string): boolean {
  const base = resolve(root);
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}

/** Where a pattern may look. */
export interface GlobBounds {
  allowedRoots?: readonly string[];
  deniedRoots: readonly string[];
}

/** True when the bounds let a scraper read `path`. */
export function mayRead(path: string, bounds: GlobBounds): boolean {
  if (bounds.deniedRoots.some((root) => isBelow(path, root))) return false;
  return !bounds.allowedRoots || bounds.allowedRoots.some((root) => isBelow(path, root));
}

/** The files matching `pattern` (absolute, or relative to `cwd`), sorted; at most {@link MAX_GLOB_FILES}. */
export async function globFiles(pattern: string, bounds: GlobBounds, cwd = process.cwd()): Promise<string[]> {
  const absolute = isAbsolute(pattern) ? pattern : join(cwd, pattern);
  const normalised = absolute.split(sep).join('/');
  const base = literalPrefix(normalised);
  const found: string[] = [];
  if (!GLOB_CHARS.test(normalised)) {
    const path = resolve(base);
    return mayRead(path, bounds) ? [path] : [];
  }
  const matchesGlob = pathGlob(normalised);
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_GLOB_DEPTH || found.length >= MAX_GLOB_FILES) return;
    if (bounds.deniedRoots.some((root) => isBelow(dir, root))) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable or vanished folder: nothing matches below it
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, depth + 1);
      // a symbolic link is a candidate, never a folder to descend: its reader resolves where it leads
      else if (
        (entry.isFile() || entry.isSymbolicLink()) &&
        matchesGlob(path.split(sep).join('/')) &&
        mayRead(path, bounds)
      ) {
        found.push(path);
        if (found.length >= MAX_GLOB_FILES) return;
      }
    }
  };
  await walk(resolve(base), 0);
  return found.sort();
}
