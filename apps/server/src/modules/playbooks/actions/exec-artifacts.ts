/**
 * The artifacts of an exec action: its stdout and stderr (when not empty) and the files its
 * `artifacts` entries declare — paths relative to the script's working directory, `*` allowed in the
 * last segment (the shared linear-time wildcard matcher) — read without following symbolic links out of
 * that directory, at most {@link EXEC_ARTIFACT_MAX_FILES} files of {@link EXEC_ARTIFACT_MAX_BYTES} each.
 */
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { wildcardMatch } from '../../../platform/wildcard-match.js';
import type { NewArtifact } from './artifacts.repo.js';

/** The most declared files kept per attempt. */
export const EXEC_ARTIFACT_MAX_FILES = 20;
/** The largest declared file kept; a larger one is listed as skipped. */
export const EXEC_ARTIFACT_MAX_BYTES = 5 * 1024 * 1024;

async function matches(root: string, declared: string): Promise<string[]> {
  const clean = normalize(declared);
  if (isAbsolute(clean) || clean === '..' || clean.startsWith(`..${sep}`)) return [];
  const dir = dirname(clean);
  const name = clean.slice(dir === '.' ? 0 : dir.length + 1);
  if (!name.includes('*')) return [clean];
  const entries = await readdir(join(root, dir)).catch(() => [] as string[]);
  return entries.filter((entry) => wildcardMatch(name, entry)).map((entry) => (dir === '.' ? entry : join(dir, entry)));
}

/** A text file with the run's secrets replaced; a binary file, or one holding none, byte for byte as written. */
function redactFile(content: Buffer, redact: (text: string) => string): Buffer {
  if (content.includes(0)) return content;
  const text = content.toString('utf8');
  const redacted = redact(text);
  return redacted === text ? content : Buffer.from(redacted);
}

/**
 * Reads the declared files under `root` and the output streams, with the run's secrets replaced by
 * `redact` in every text; `skipped` says what was left out and why.
 */
export async function execArtifacts(
  root: string,
  declared: string[],
  output: { stdout: string; stderr: string },
  redact: (text: string) => string = (text) => text,
): Promise<{ artifacts: NewArtifact[]; skipped: string[] }> {
  const artifacts: NewArtifact[] = [];
  const skipped: string[] = [];
  const text = (value: string) => Buffer.from(redact(value));
  if (output.stdout) artifacts.push({ path: 'stdout', content: text(output.stdout), contentType: 'text/plain' });
  if (output.stderr) artifacts.push({ path: 'stderr', content: text(output.stderr), contentType: 'text/plain' });
  const realRoot = await realpath(root);
  let files = 0;
  for (const entry of declared) {
    for (const path of await matches(root, entry)) {
      const full = join(root, path);
      const stat = await lstat(full).catch(() => undefined);
      const real = await realpath(full).catch(() => '');
      if (!stat?.isFile() || !real.startsWith(`${realRoot}${sep}`)) {
        skipped.push(`${path}: not a file inside the working directory`);
      } else if (stat.size > EXEC_ARTIFACT_MAX_BYTES) {
        skipped.push(`${path}: larger than ${EXEC_ARTIFACT_MAX_BYTES} bytes`);
      } else if (files >= EXEC_ARTIFACT_MAX_FILES) {
        skipped.push(`${path}: more than ${EXEC_ARTIFACT_MAX_FILES} files`);
      } else {
        artifacts.push({ path, content: redactFile(await readFile(full), redact) });
        files += 1;
      }
    }
  }
  return { artifacts, skipped };
}
