import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnvVar } from '@mc/contracts';
import { AppError } from '../../platform/errors.js';

/**
 * Resolves `secret://<name>/<key>` and `configmap://<name>/<key>` values. Outside Kubernetes there is
 * no API to ask, so keys are read from files laid out the way Kubernetes mounts them:
 * `<root>/secret/<name>/<key>` and `<root>/configmap/<name>/<key>` (see docs/connections.md).
 */
export type ReferenceResolver = (value: string) => Promise<string>;

const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** A resolver reading mounted files under `root`; static values pass through. */
export function fileReferenceResolver(root: string): ReferenceResolver {
  return async (value) => {
    const source = parseEnvVar(value);
    if (source.kind === 'static') return value;
    if (!SAFE_SEGMENT.test(source.name) || !SAFE_SEGMENT.test(source.key) || source.name.startsWith('..')) {
      throw new AppError('bad_request', `${value} is not a valid ${source.kind} reference`);
    }
    const path = join(root, source.kind, source.name, source.key);
    try {
      return (await readFile(path, 'utf8')).replace(/\n$/, '');
    } catch {
      throw new AppError(
        'unprocessable',
        `${value} refers to nothing: no ${source.kind} '${source.name}' with key '${source.key}'`,
      );
    }
  };
}
