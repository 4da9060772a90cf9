/**
 * The folders an administrator migrating folder canaries lets them list (`MC_HEALTH_FOLDER_ROOTS`): the
 * local folders the fixtures' folder checks name — each path up to its first glob segment — and no
 * more. Remote paths (s3://, gcs://, smb, sftp) are not folders of this machine and are left out.
 */
import { resolve } from 'node:path';

function rootOf(path: string): string | null {
  if (!path.startsWith('/')) return null;
  const segments = path.split('/');
  const glob = segments.findIndex((segment) => /[*?[{]/.test(segment));
  const kept = glob === -1 ? segments : segments.slice(0, glob);
  return resolve(kept.join('/') || '/');
}

/** The roots of the folder checks in `documents` (canary-checker Canary documents), sorted. */
export function folderRootsOf(documents: Record<string, unknown>[]): string[] {
  const roots = new Set<string>();
  for (const doc of documents) {
    const spec = (doc.spec ?? {}) as Record<string, unknown>;
    const folders: unknown[] = Array.isArray(spec.folder) ? spec.folder : [];
    for (const entry of folders) {
      const path = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).path : undefined;
      const root = typeof path === 'string' ? rootOf(path) : null;
      if (root && root !== '/') roots.add(root);
    }
  }
  return [...roots].sort();
}
