import { parseEnvVar } from '@mc/contracts';
import type { ValueSourceReader } from './value-sources.js';
import { folderValueReader } from './value-sources.js';

/**
 * Resolves `secret://<name>/<key>` and `configmap://<name>/<key>` values of connections through the
 * value-source reader (value-sources.ts: the folder `MC_SECRET_REFS_DIR`, or the cluster's API), in the
 * service account's namespace; static values pass through (see docs/connections.md).
 */
export type ReferenceResolver = (value: string) => Promise<string>;

/** A resolver reading references with `read`. */
export function referenceResolverFrom(read: ValueSourceReader): ReferenceResolver {
  return async (value) => {
    const source = parseEnvVar(value);
    if (source.kind === 'static') return value;
    return read({ kind: source.kind, name: source.name, key: source.key });
  };
}

/** A resolver reading mounted files under `root`; static values pass through. */
export function fileReferenceResolver(root: string): ReferenceResolver {
  return referenceResolverFrom(folderValueReader(root));
}
