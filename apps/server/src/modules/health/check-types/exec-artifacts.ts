/**
 * The files an exec check keeps (canary-checker's `artifacts: [{path}]`, duty's shell): `/dev/stdout`
 * and `/dev/stderr` keep the (trimmed) output; any other path is a glob (`*`, `**`, `?`, `[…]`, `{a,b}`;
 * platform/path-glob.ts) below the script's own temporary directory, where relative paths start. Reads
 * are confined to that directory (platform/file-confinement.ts): an absolute path or `..` matches
 * nothing, a symbolic link is never followed, and a file is opened without following links and checked
 * again through its descriptor. At most {@link CHECK_ARTIFACT_MAX_FILES} files of
 * {@link CHECK_ARTIFACT_MAX_BYTES} each are kept; the rest is listed in `skipped` with the reason.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { CHECK_ARTIFACT_MAX_BYTES, CHECK_ARTIFACT_MAX_FILES } from '@mc/contracts';
import { fileConfinement, openConfined } from '../../../platform/file-confinement.js';
import { pathGlob } from '../../../platform/path-glob.js';

/** A file to keep with the check's result. */
export interface NewCheckArtifact {
  path: string;
  content: Buffer;
  contentType: string;
}

/** Most directory entries looked at while matching (a script that writes millions of files). */
const MAX_ENTRIES_WALKED = 10_000;

/** Every regular file below `root` (links and special files left out), as paths relative to it. */
async function filesBelow(root: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [root];
  let walked = 0;
  while (pending.length > 0 && walked < MAX_ENTRIES_WALKED) {
    const dir = pending.shift() ?? root;
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      walked += 1;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) found.push(relative(root, full).split(sep).join('/'));
    }
  }
  return found.sort();
}

async function readKept(root: string, path: string): Promise<Buffer | string> {
  const confinement = await fileConfinement([root], [], 'no script directory');
  const full = join(root, path);
  const handle = await openConfined(full, full, confinement).catch(() => undefined);
  if (!handle) return 'not a file inside the script directory';
  try {
    const { size } = await handle.stat();
    if (size > CHECK_ARTIFACT_MAX_BYTES) return `larger than ${CHECK_ARTIFACT_MAX_BYTES} bytes`;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Reads what `declared` names from the script directory `root` and its output. */
export async function execArtifacts(
  root: string,
  declared: readonly { path: string }[],
  output: { stdout: string; stderr: string },
): Promise<{ artifacts: NewCheckArtifact[]; skipped: string[] }> {
  const artifacts: NewCheckArtifact[] = [];
  const skipped: string[] = [];
  const keep = (artifact: NewCheckArtifact) => {
    if (artifacts.length >= CHECK_ARTIFACT_MAX_FILES)
      skipped.push(`${artifact.path}: more than ${CHECK_ARTIFACT_MAX_FILES} files`);
    else artifacts.push(artifact);
  };
  let files: string[] | undefined;
  for (const { path } of declared) {
    if (path === '/dev/stdout' || path === '/dev/stderr') {
      const name = path === '/dev/stdout' ? 'stdout' : 'stderr';
      keep({ path: name, content: Buffer.from(output[name]), contentType: 'text/plain; charset=utf-8' });
      continue;
    }
    const pattern = path.replace(/^\.\//, '');
    if (pattern.startsWith('/') || pattern.split('/').includes('..')) {
      skipped.push(`${path}: not below the script directory`);
      continue;
    }
    let matches: (candidate: string) => boolean;
    try {
      matches = pathGlob(pattern);
    } catch (error) {
      skipped.push(`${path}: ${(error as Error).message}`); // PathGlobError: too long, too many alternatives
      continue;
    }
    files ??= await filesBelow(root);
    for (const file of files.filter((candidate) => matches(candidate))) {
      if (artifacts.some((kept) => kept.path === file)) continue;
      const content = await readKept(root, file);
      if (typeof content === 'string') skipped.push(`${file}: ${content}`);
      else keep({ path: file, content, contentType: 'application/octet-stream' });
    }
  }
  return { artifacts, skipped };
}
