/**
 * What a folder check lists, confined like every caller-named read (platform/file-confinement.ts): the
 * path — or, for a glob (`/data/*.zip`, `/etc/**\/*`), the folder before its first glob character — must
 * resolve below a root, or the run is refused naming it. Folders are walked by their real paths, never
 * through a link, and a folder the server never reads (its data folder, its database, /proc, /sys, /dev)
 * is skipped though a root contains it. Only names, sizes, modes and times are read, never contents.
 * A symbolic link is listed as what it leads to when that is inside the roots, else as the link itself,
 * so nothing outside the roots is even measured. `recursive` descends into subfolders (canary-checker's
 * stated intent; its local listing only counts the subfolders); a glob's `**` does too. Bounded by
 * {@link MAX_FOLDER_ENTRIES} entries and {@link MAX_FOLDER_DEPTH} levels.
 */
import type { Stats } from 'node:fs';
import { lstat, readdir, realpath, stat, statfs } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import {
  confinedPattern,
  confinedRealPath,
  type FileConfinement,
  FileConfinementError,
  isBelow,
} from '../../../platform/file-confinement.js';
import { pathGlob } from '../../../platform/path-glob.js';

/** Most entries one folder check lists; the rest are left out and said so. */
export const MAX_FOLDER_ENTRIES = 10_000;
/** Deepest subfolder a recursive listing or a `**` glob descends into. */
export const MAX_FOLDER_DEPTH = 16;

const GLOB_CHARS = /[*?[{]/;

/** One listed entry: its name (as upstream reports it), path and what `stat` said. */
export interface FolderEntry {
  name: string;
  path: string;
  stats: Stats;
}

/** A listing: its entries, the folder itself (absent for a glob or a folder that does not exist), its file system. */
export interface FolderListing {
  entries: FolderEntry[];
  folder?: FolderEntry;
  /** Bytes free to the server and in total on the folder's file system; undefined when it cannot tell. */
  space?: { available: number; total: number };
  truncated: boolean;
}

/** `stat` of an entry: through a link only when it leads inside the roots, else the link itself. */
async function entryOf(path: string, named: string, confinement: FileConfinement): Promise<FolderEntry | undefined> {
  const own = await lstat(path).catch(() => undefined);
  if (!own) return undefined; // vanished while listed
  if (!own.isSymbolicLink()) return { name: basename(named), path: named, stats: own };
  let real: string | undefined;
  try {
    real = await confinedRealPath(path, confinement);
  } catch (error) {
    if (!(error instanceof FileConfinementError)) throw error;
  }
  const target = real ? await stat(real).catch(() => undefined) : undefined;
  return { name: basename(named), path: named, stats: target ?? own };
}

async function spaceOf(folder: string): Promise<FolderListing['space']> {
  try {
    const fs = await statfs(folder);
    return { available: fs.bavail * fs.bsize, total: fs.blocks * fs.bsize };
  } catch {
    return undefined;
  }
}

interface Walk {
  confinement: FileConfinement;
  /** How many levels of subfolders to descend into (0: the folder alone). */
  depth: number;
  /** Whether a non-folder entry (by the path the caller named) is listed. */
  wanted: (named: string) => boolean;
  listing: FolderListing;
}

/** Walks `real` (a real folder path) named `named`, collecting the wanted entries. */
async function walk(real: string, named: string, depth: number, state: Walk): Promise<void> {
  if (depth > state.depth || state.listing.truncated) return;
  if (state.confinement.denied.some((folder) => isBelow(real, folder))) return;
  // a subfolder swapped for a link since it was listed is not followed
  if (depth > 0 && (await realpath(real).catch(() => undefined)) !== real) return;
  const dirents = await readdir(real, { withFileTypes: true });
  // by name, as Go's os.ReadDir lists them
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of dirents) {
    const path = join(real, dirent.name);
    const name = join(named, dirent.name);
    if (dirent.isDirectory()) {
      if (depth < state.depth) await walk(path, name, depth + 1, state).catch(() => undefined); // an unreadable subfolder
      continue;
    }
    if (!state.wanted(name)) continue;
    if (state.listing.entries.length >= MAX_FOLDER_ENTRIES) {
      state.listing.truncated = true;
      return;
    }
    const entry = await entryOf(path, name, state.confinement);
    if (entry && !entry.stats.isDirectory()) state.listing.entries.push(entry);
  }
}

/** The folder before a pattern's first glob character, and how deep below it the pattern reaches. */
function globStart(absolute: string): { folder: string; depth: number } {
  const parts = absolute.split(sep);
  const globAt = parts.findIndex((part) => GLOB_CHARS.test(part));
  const rest = parts.slice(globAt);
  const depth = rest.includes('**') ? MAX_FOLDER_DEPTH : Math.min(MAX_FOLDER_DEPTH, rest.length - 1);
  return { folder: parts.slice(0, globAt).join(sep) || sep, depth };
}

/**
 * Lists `path` (a folder, or a glob) within `confinement`; throws FileConfinementError naming a refused
 * path, and an Error for a path that is not a folder or cannot be read.
 */
export async function listFolder(
  path: string,
  recursive: boolean,
  confinement: FileConfinement,
): Promise<FolderListing> {
  const { absolute, isGlob } = await confinedPattern(path, confinement);
  const listing: FolderListing = { entries: [], truncated: false };
  if (isGlob) {
    const { folder: named, depth } = globStart(absolute);
    const real = await confinedRealPath(named, confinement);
    if (real === undefined) return listing;
    const matches = pathGlob(absolute.split(sep).join('/'));
    const wanted = (entry: string) => matches(entry.split(sep).join('/'));
    await walk(real, named, 0, { confinement, depth, wanted, listing });
    listing.space = await spaceOf(real);
    return listing;
  }
  const real = await confinedRealPath(absolute, confinement);
  if (real === undefined) return listing; // no such folder: an empty listing, as upstream
  const folder = await stat(real);
  if (!folder.isDirectory()) throw new Error(`path ${path} is not a folder`);
  const depth = recursive ? MAX_FOLDER_DEPTH : 0;
  await walk(real, absolute, 0, { confinement, depth, wanted: () => true, listing });
  listing.folder = { name: basename(absolute), path: absolute, stats: folder };
  listing.space = await spaceOf(real);
  return listing;
}
