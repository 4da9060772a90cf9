/**
 * Where folder checks may list: only below the folders an administrator named (the environment variable
 * {@link FOLDER_ROOTS_ENV}, set by whoever runs the server — the only source on an agent — and the
 * admin-only property {@link FOLDER_ROOTS_PROPERTY}); none by default, so nothing is listed until then.
 * The server's own folders (data folder, database, /proc, /sys, /dev) are never listed whatever the roots
 * say. The confinement is the one the file scraper and the file log backend use
 * (platform/file-confinement.ts); read at each run, so an administrator's change applies at the next one.
 */
import { isAbsolute, resolve } from 'node:path';
import type { Database } from '@mc/db';
import { type FileConfinement, fileConfinement, serverOwnFolders } from '../../../platform/file-confinement.js';
import { propertiesService } from '../../properties/index.js';

/** Property (admin-only: contracts' `health.folder.` prefix) naming the folders folder checks may list. */
export const FOLDER_ROOTS_PROPERTY = 'health.folder.roots';
/** Environment variable naming the same folders. */
export const FOLDER_ROOTS_ENV = 'MC_HEALTH_FOLDER_ROOTS';

/** The message of a folder check while no root is set. */
export const NO_FOLDER_ROOTS_MESSAGE = `folder checks may list only below configured folders, and none are set: an administrator sets ${FOLDER_ROOTS_ENV} or the property ${FOLDER_ROOTS_PROPERTY}`;

/** Absolute folders of a comma- or newline-separated list; a relative entry is ignored (it would depend on the cwd). */
export function splitFolderRoots(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,\n]/)
    .map((root) => root.trim())
    .filter((root) => isAbsolute(root))
    .map((root) => resolve(root));
}

/** Builds a run's confinement; throws FileConfinementError with {@link NO_FOLDER_ROOTS_MESSAGE} when no root is set. */
export type FolderConfinementSource = () => Promise<FileConfinement>;

/**
 * The confinement source of a server or an agent: the roots of `env` and of `readProperty` (absent on an
 * agent), the server's own folders of `dataDir` refused.
 */
export function folderConfinementSource(options: {
  dataDir: string;
  readProperty?: () => Promise<string | undefined>;
  env?: NodeJS.ProcessEnv;
}): FolderConfinementSource {
  const env = options.env ?? process.env;
  return async () => {
    const property = options.readProperty ? await options.readProperty() : undefined;
    const roots = [...new Set([...splitFolderRoots(env[FOLDER_ROOTS_ENV]), ...splitFolderRoots(property)])];
    return fileConfinement(roots, serverOwnFolders(options.dataDir, env), NO_FOLDER_ROOTS_MESSAGE);
  };
}

/** The confinement source of this server: {@link FOLDER_ROOTS_ENV} and the live {@link FOLDER_ROOTS_PROPERTY}. */
export function serverFolderConfinement(database: Database, dataDir: string): FolderConfinementSource {
  const readProperty = () =>
    propertiesService(database)
      .get(FOLDER_ROOTS_PROPERTY)
      .then((property) => String(property.value))
      .catch(() => undefined); // not set: only the environment's roots
  return folderConfinementSource({ dataDir, readProperty });
}
