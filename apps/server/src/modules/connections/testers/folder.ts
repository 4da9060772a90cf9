import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import type { ConnectionTester } from './tester.js';

/** Checks that the path exists on this server and can be read (a folder is listed). */
export const testFolder: ConnectionTester = async (connection) => {
  const path = connection.url ?? '';
  if (!path) throw new Error('Folder: the path is empty');
  try {
    await access(path, constants.R_OK);
    const info = await stat(path);
    if (!info.isDirectory()) return `${path} exists and is a readable file`;
    const entries = await readdir(path);
    return `${path} exists and is readable (${entries.length} entries)`;
  } catch (error) {
    // fs/promises rejects with Node system errors.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`Folder: ${path} does not exist`);
    if (code === 'EACCES') throw new Error(`Folder: ${path} is not readable by the server`);
    // Any other fs failure is still an Error.
    throw new Error(`Folder: ${(error as Error).message}`);
  }
};
