/**
 * Confinement of every read of a file a caller names (the file scraper's `paths`, the file log
 * backend's `paths`): nothing is read unless an administrator named the folders reads may happen below
 * (the roots); each path is resolved with `realpath` — after globbing, so a symbolic link inside a root
 * is judged by where it leads — and refused outside the roots; the server's own folders (its data folder
 * with the secret key and the embedded database, /proc, /sys, /dev) are refused whatever the roots say.
 * The file is then opened without following a link and, where the system tells (Linux), the open
 * descriptor's own path is checked again, so a link swapped in between the check and the open is
 * refused too. A refusal names the path, so whoever configured it can see what to fix.
 */
import { constants, type FileHandle, open, readlink, realpath } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';

/** The folders reads may happen below and the folders they never reach, both as given and as resolved. */
export interface FileConfinement {
  /** Real paths of the allowed folders. */
  readonly roots: readonly string[];
  /** The allowed folders as configured and as resolved (a glob walk matches the names it lists). */
  readonly namedRoots: readonly string[];
  /** Folders never read, as configured and as resolved. */
  readonly denied: readonly string[];
}

/** A read the confinement refuses; the message names the path (and never the file's content). */
export class FileConfinementError extends Error {
  override name = 'FileConfinementError';
}

const GLOB_CHARS = /[*?[{]/;

/**
 * The server's own folders no caller-named read reaches: the data folder (secret key, embedded
 * database, agent buffer), the PostgreSQL data folder when the environment names it, and the kernel's
 * pseudo file systems (which expose every process's environment and memory).
 */
export function serverOwnFolders(dataDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [resolve(dataDir), ...(env.PGDATA ? [resolve(env.PGDATA)] : []), '/proc', '/sys', '/dev'];
}

/** True when `path` is `folder` or below it. */
export function isBelow(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

async function asNamedAndReal(paths: readonly string[]): Promise<{ named: string[]; real: string[] }> {
  const named = paths.map((path) => resolve(path));
  const real = await Promise.all(named.map((path) => realpath(path).catch(() => path)));
  return { named, real };
}

/**
 * The confinement of `roots` (absolute folders; an administrator's setting) and `denied`; throws
 * {@link FileConfinementError} with `noRootsMessage` when no root is set, since nothing may be read then.
 */
export async function fileConfinement(
  roots: readonly string[],
  denied: readonly string[],
  noRootsMessage: string,
): Promise<FileConfinement> {
  if (roots.length === 0) throw new FileConfinementError(noRootsMessage);
  const allowed = await asNamedAndReal(roots);
  const refused = await asNamedAndReal(denied);
  return {
    roots: [...new Set(allowed.real)],
    namedRoots: [...new Set([...allowed.named, ...allowed.real])],
    denied: [...new Set([...refused.named, ...refused.real])],
  };
}

function refusal(named: string, real: string, confinement: FileConfinement): FileConfinementError | undefined {
  const linked = named !== real;
  if (confinement.denied.some((folder) => isBelow(real, folder))) {
    return new FileConfinementError(
      `path ${named} ${linked ? 'leads into' : 'is inside'} a folder this server never reads (its data folder, its database, /proc, /sys or /dev)`,
    );
  }
  if (!confinement.roots.some((root) => isBelow(real, root))) {
    return new FileConfinementError(
      `path ${named} ${linked ? 'leads' : 'is'} outside the folders this server may read (${confinement.roots.join(', ')})`,
    );
  }
  return undefined;
}

async function realOf(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // fs errors carry a code
    throw error;
  }
}

/**
 * The absolute form of a pattern (relative ones are below `cwd`), refused unless the folder it names
 * before its first glob character — or the whole path, without one — resolves below a root. A pattern
 * naming something that does not exist is judged by its name.
 */
export async function confinedPattern(pattern: string, confinement: FileConfinement, cwd = process.cwd()) {
  const absolute = isAbsolute(pattern) ? resolve(pattern) : resolve(cwd, pattern);
  const parts = absolute.split(sep);
  const globAt = parts.findIndex((part) => GLOB_CHARS.test(part));
  const literal = globAt === -1 ? absolute : parts.slice(0, globAt).join(sep) || sep;
  const real = (await realOf(literal)) ?? literal;
  const refused = refusal(globAt === -1 ? absolute : pattern, real, confinement);
  if (refused) throw refused;
  return { absolute, isGlob: globAt !== -1 };
}

/**
 * Where a matched path really is, refused (thrown) when that is outside the roots or inside a denied
 * folder; undefined when it does not exist (a dangling link, a vanished file).
 */
export async function confinedRealPath(path: string, confinement: FileConfinement): Promise<string | undefined> {
  const real = await realOf(path);
  if (real === undefined) return undefined;
  const refused = refusal(path, real, confinement);
  if (refused) throw refused;
  return real;
}

/**
 * Opens a regular file at its real path for reading: without following a link, without blocking on a
 * pipe, and checked again through the open descriptor where the system exposes it. Something that is
 * not a regular file is a plain Error (a problem of that file, not a refusal).
 */
export async function openConfined(named: string, real: string, confinement: FileConfinement): Promise<FileHandle> {
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`path ${named} is not a regular file`);
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined); // Linux only
    const refused = opened === undefined ? undefined : refusal(named, opened, confinement);
    if (refused) throw refused;
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
