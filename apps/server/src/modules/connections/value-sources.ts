/**
 * The one reader of value sources (canary-checker's `valueFrom`, and `secret://` / `configmap://`
 * references of connections): a secret's or config map's key, a service account's token, a Helm
 * release's value. Where they come from is the administrator's choice:
 * - `MC_SECRET_REFS_DIR` set: files laid out as Kubernetes mounts them, `<dir>/secret/<name>/<key>` and
 *   `<dir>/configmap/<name>/<key>`, read confined to that folder (platform/file-confinement.ts: no `..`,
 *   no symbolic link leading out, no link swapped in before the open), at most {@link MAX_VALUE_BYTES};
 * - else, in a cluster (kubernetes-value-sources.ts): the Kubernetes API;
 * - else the folder `<MC_DATA_DIR>/refs`.
 * Service-account tokens and Helm values exist only in a cluster; elsewhere they are refused by name.
 */
import { join } from 'node:path';
import { AppError } from '../../platform/errors.js';
import {
  confinedRealPath,
  type FileConfinement,
  FileConfinementError,
  fileConfinement,
  openConfined,
} from '../../platform/file-confinement.js';
import {
  accountNamespace,
  helmValue,
  type KubernetesApi,
  kubernetesApiFromEnv,
  kubernetesKey,
  serviceAccountToken,
} from './kubernetes-value-sources.js';

/** The largest value file read. */
export const MAX_VALUE_BYTES = 1024 * 1024;

/** One value source: `key` is the secret/config-map key or the Helm value path (unused for a token). */
export interface ValueSourceRef {
  kind: 'secret' | 'configmap' | 'serviceaccount' | 'helm';
  name: string;
  key: string;
  /** The namespace of what refers to it (a canary's); absent: the service account's. */
  namespace?: string | undefined;
}

/**
 * Reads one value. A source that refers to nothing is an `unprocessable` AppError; a refused file
 * `forbidden`; a source this server cannot read `bad_request`; a cluster that failed `bad_gateway`.
 */
export type ValueSourceReader = (ref: ValueSourceRef) => Promise<string>;

const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;
const safe = (segment: string) => SAFE_SEGMENT.test(segment) && segment !== '.' && segment !== '..';

/** Why a source is not available outside a cluster, or undefined when it is. */
export function clusterOnlyReason(kind: ValueSourceRef['kind'], env: NodeJS.ProcessEnv = process.env) {
  if (kind !== 'serviceaccount' && kind !== 'helm') return undefined;
  if (kubernetesApiFromEnv(env)) return undefined;
  const what = kind === 'helm' ? 'helmRef' : 'serviceAccount';
  return `${what} needs the Kubernetes API and no cluster is configured (KUBERNETES_SERVICE_HOST with a service account, or MC_KUBERNETES_API)`;
}

async function readConfined(path: string, confinement: FileConfinement): Promise<string> {
  const real = await confinedRealPath(path, confinement);
  if (!real) throw new Error('missing');
  const handle = await openConfined(path, real, confinement);
  try {
    const buffer = Buffer.alloc(MAX_VALUE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_VALUE_BYTES) throw new FileConfinementError(`${path} is larger than ${MAX_VALUE_BYTES} bytes`);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A reader of files under `root` (only secrets and config maps; a trailing newline is dropped). */
export function folderValueReader(root: string): ValueSourceReader {
  let confinement: Promise<FileConfinement> | undefined;
  return async (ref) => {
    const refusal = clusterOnlyReason(ref.kind, {});
    if (refusal) throw new AppError('bad_request', refusal);
    const what = `${ref.kind}://${ref.name}/${ref.key}`;
    if (!safe(ref.name) || !safe(ref.key))
      throw new AppError('bad_request', `${what} is not a valid ${ref.kind} reference`);
    confinement ??= fileConfinement([root], ['/proc', '/sys', '/dev'], 'no value folder');
    try {
      return (await readConfined(join(root, ref.kind, ref.name, ref.key), await confinement)).replace(/\n$/, '');
    } catch (error) {
      confinement = undefined; // the folder may appear later; judge it again next time
      // The refusal names server paths; the canary's editor learns only that the file is out of bounds.
      if (error instanceof FileConfinementError) {
        throw new AppError('forbidden', `${what} is refused: it leads outside the value folder or is too large`);
      }
      throw new AppError(
        'unprocessable',
        `${what} refers to nothing: no ${ref.kind} '${ref.name}' with key '${ref.key}'`,
      );
    }
  };
}

/** A reader asking the Kubernetes API of `api`. */
export function kubernetesValueReader(api: KubernetesApi): ValueSourceReader {
  return async (ref) => {
    const namespace = ref.namespace || (await accountNamespace(api));
    if (ref.kind === 'serviceaccount') return serviceAccountToken(api, namespace, ref.name);
    if (ref.kind === 'helm') return helmValue(api, namespace, ref.name, ref.key);
    return kubernetesKey(api, { kind: ref.kind, namespace, name: ref.name, key: ref.key });
  };
}

/** The reader the administrator configured (see the file's comment for the order). */
export function valueSourceReaderFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): ValueSourceReader {
  const api = kubernetesApiFromEnv(env);
  if (!env.MC_SECRET_REFS_DIR) return api ? kubernetesValueReader(api) : folderValueReader(join(dataDir, 'refs'));
  const folder = folderValueReader(env.MC_SECRET_REFS_DIR);
  if (!api) return folder;
  const cluster = kubernetesValueReader(api);
  return (ref) => (ref.kind === 'secret' || ref.kind === 'configmap' ? folder(ref) : cluster(ref));
}
