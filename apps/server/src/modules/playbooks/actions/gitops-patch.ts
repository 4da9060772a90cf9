/**
 * How the gitops action changes files of a cloned repository: whole files (`files`: content, or the
 * upstream directive `$delete`), YAML path edits (`yq: '.spec.replicas = 3'`, one or more assignments
 * joined by `|`; comments and layout of the rest of the file are kept) and RFC 6902 JSON patches
 * (`jsonPatch`, on YAML or JSON files). Paths stay inside the repository: no absolute paths, no `..`,
 * no symbolic links followed, files read up to {@link GITOPS_MAX_FILE_BYTES}.
 */
import { lstat, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { Document, isMap, isSeq, parseDocument } from 'yaml';

/** The largest file a patch reads or a file entry writes. */
export const GITOPS_MAX_FILE_BYTES = 1024 * 1024;

/** One whole-file change. */
export interface FileChange {
  path: string;
  content: string;
}

/** One patch of a file. */
export interface FilePatch {
  path: string;
  yq?: string | undefined;
  jsonPatch?: Operation[] | undefined;
}

/** The absolute path of `relative` inside `root`, refusing anything that would leave it. */
async function inside(root: string, relative: string): Promise<string> {
  const clean = normalize(relative);
  if (isAbsolute(clean) || clean === '..' || clean.startsWith(`..${sep}`) || clean.split(sep).includes('.git')) {
    throw new Error(`path ${relative} must be a relative path inside the repository (not .git)`);
  }
  const full = join(root, clean);
  const realRoot = await realpath(root);
  let dir = dirname(full);
  for (;;) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined) {
      if (real !== realRoot && !real.startsWith(`${realRoot}${sep}`))
        throw new Error(`path ${relative} leaves the repository`);
      break;
    }
    dir = dirname(dir);
  }
  const stat = await lstat(full).catch(() => undefined);
  if (stat?.isSymbolicLink()) throw new Error(`path ${relative} is a symbolic link; it is not followed`);
  return full;
}

async function readBounded(full: string, relative: string): Promise<string> {
  const stat = await lstat(full).catch(() => undefined);
  if (!stat?.isFile()) throw new Error(`file ${relative} does not exist in the repository`);
  if (stat.size > GITOPS_MAX_FILE_BYTES)
    throw new Error(`file ${relative} is larger than ${GITOPS_MAX_FILE_BYTES} bytes`);
  return readFile(full, 'utf8');
}

/** Parses `.a.b[0].c = value` into a path and a value (the value read as YAML: 3, "x", true, {a: 1}). */
export function parseAssignment(expression: string): { path: (string | number)[]; value: unknown } {
  const match = /^\s*((?:\.[A-Za-z0-9_-]+|\.?\[\d+\]|\.?\["[^"]+"\])+)\s*=\s*(.+?)\s*$/s.exec(expression);
  if (!match?.[1] || match[2] === undefined) {
    throw new Error(`yq '${expression.slice(0, 100)}' is not an assignment such as .spec.replicas = 3`);
  }
  const path: (string | number)[] = [];
  for (const [, key, index, quoted] of match[1].matchAll(/\.([A-Za-z0-9_-]+)|\[(\d+)\]|\["([^"]+)"\]/g)) {
    if (key !== undefined) path.push(key);
    else if (index !== undefined) path.push(Number(index));
    else if (quoted !== undefined) path.push(quoted);
  }
  const valueDoc = parseDocument(match[2]);
  if (valueDoc.errors.length > 0) throw new Error(`yq value '${match[2].slice(0, 100)}' is not valid YAML`);
  return { path, value: valueDoc.toJS() };
}

function applyYq(text: string, expression: string, relative: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`file ${relative} is not valid YAML: ${doc.errors[0]?.message ?? ''}`);
  for (const part of expression.split('|')) {
    const { path, value } = parseAssignment(part);
    const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
    if (path.length > 1 && parent !== undefined && !isMap(parent) && !isSeq(parent)) {
      throw new Error(`yq ${part.trim()}: ${path.slice(0, -1).join('.')} of ${relative} is not a map or list`);
    }
    doc.setIn(path, value);
  }
  return doc.toString();
}

function applyJsonPatch(text: string, operations: Operation[], relative: string): string {
  const json = /\.json$/i.test(relative);
  let value: unknown;
  try {
    value = json ? JSON.parse(text) : parseDocument(text).toJS();
  } catch {
    throw new Error(`file ${relative} is not valid ${json ? 'JSON' : 'YAML'}`);
  }
  let patched: unknown;
  try {
    patched = jsonPatch.applyPatch(value, operations, true, false).newDocument;
  } catch (error) {
    throw new Error(
      `jsonPatch of ${relative}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  if (json) return `${JSON.stringify(patched, null, 2)}\n`;
  return new Document(patched).toString();
}

/** Writes, deletes and patches files under `root`; answers the paths it changed. */
export async function changeFiles(root: string, files: FileChange[], patches: FilePatch[]): Promise<string[]> {
  const changed: string[] = [];
  for (const file of files) {
    const full = await inside(root, file.path);
    if (file.content === '$delete') {
      await rm(full, { force: true });
    } else {
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, file.content);
    }
    changed.push(file.path);
  }
  for (const patch of patches) {
    const full = await inside(root, patch.path);
    let text = await readBounded(full, patch.path);
    if (patch.yq) text = applyYq(text, patch.yq, patch.path);
    if (patch.jsonPatch) text = applyJsonPatch(text, patch.jsonPatch, patch.path);
    await writeFile(full, text);
    changed.push(patch.path);
  }
  return [...new Set(changed)];
}
