/**
 * Value sources read from the Kubernetes API of the cluster this server runs in (duty's
 * GetEnvValueFromCache): a secret's or config map's key, a service account's token (a TokenRequest)
 * and a Helm release's value (the deployed `helm.sh/release.v1` secret's chart values merged with its
 * config). The cluster is the one the pod's service account names — `KUBERNETES_SERVICE_HOST` and
 * the token and CA under /var/run/secrets/kubernetes.io/serviceaccount — or `MC_KUBERNETES_API` (with
 * `MC_KUBERNETES_SERVICEACCOUNT_DIR` for its token and CA), which tests point at a local double.
 * Values never reach a log or an error message; a name that refers to nothing is `unprocessable`.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppError } from '../../platform/errors.js';

/** Where the pod's service account is mounted. */
const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
/** The most of one answer read (a Helm release secret can be large). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** How long one call may take. */
const CALL_TIMEOUT_MS = 10_000;

/** The API server and the service-account folder a call uses. */
export interface KubernetesApi {
  server: string;
  accountDir: string;
}

/** The cluster this server runs in, or undefined when none is configured. */
export function kubernetesApiFromEnv(env: NodeJS.ProcessEnv = process.env): KubernetesApi | undefined {
  const accountDir = env.MC_KUBERNETES_SERVICEACCOUNT_DIR || SERVICE_ACCOUNT_DIR;
  if (env.MC_KUBERNETES_API) return { server: env.MC_KUBERNETES_API.replace(/\/$/, ''), accountDir };
  if (!env.KUBERNETES_SERVICE_HOST) return undefined;
  const host = env.KUBERNETES_SERVICE_HOST.includes(':')
    ? `[${env.KUBERNETES_SERVICE_HOST}]`
    : env.KUBERNETES_SERVICE_HOST;
  return { server: `https://${host}:${env.KUBERNETES_SERVICE_PORT || '443'}`, accountDir };
}

/** The namespace of the service account (the default namespace of a value source). */
export async function accountNamespace(api: KubernetesApi): Promise<string> {
  return (await readFile(join(api.accountDir, 'namespace'), 'utf8').catch(() => 'default')).trim() || 'default';
}

/** One call; answers the status and the parsed JSON body. */
async function call(api: KubernetesApi, method: string, path: string, body?: unknown) {
  const token = (await readFile(join(api.accountDir, 'token'), 'utf8')).trim();
  const ca = await readFile(join(api.accountDir, 'ca.crt'), 'utf8').catch(() => undefined);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      `${api.server}${path}`,
      {
        method,
        ...(ca ? { ca } : {}),
        timeout: CALL_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('the Kubernetes API answer is too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // a non-JSON answer: its status says what happened
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`the Kubernetes API did not answer within ${CALL_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const seg = encodeURIComponent;

/** Answers the JSON of a 2xx call; a 404 becomes "refers to nothing", anything else names the status. */
async function fetchJson(api: KubernetesApi, what: string, method: string, path: string, body?: unknown) {
  const { status, json } = await call(api, method, path, body).catch((error: Error) => {
    throw new AppError('bad_gateway', `${what}: the Kubernetes API could not be reached (${error.message})`);
  });
  if (status === 404) throw new AppError('unprocessable', `${what} refers to nothing`);
  if (status < 200 || status > 299) {
    throw new AppError('bad_gateway', `${what}: the Kubernetes API answered ${status}`);
  }
  return json;
}

const decode = (value: unknown) => Buffer.from(String(value), 'base64').toString('utf8');

/** A secret's key (base64-decoded) or a config map's key (`data`, else `binaryData`). */
export async function kubernetesKey(
  api: KubernetesApi,
  ref: { kind: 'secret' | 'configmap'; namespace: string; name: string; key: string },
): Promise<string> {
  const what = `${ref.kind} ${ref.namespace}/${ref.name}`;
  const collection = ref.kind === 'secret' ? 'secrets' : 'configmaps';
  const json = await fetchJson(
    api,
    what,
    'GET',
    `/api/v1/namespaces/${seg(ref.namespace)}/${collection}/${seg(ref.name)}`,
  );
  const data = (json.data ?? {}) as Record<string, unknown>; // the object's `data` map
  const binary = (json.binaryData ?? {}) as Record<string, unknown>; // a config map's `binaryData` map
  if (ref.kind === 'secret' && ref.key in data) return decode(data[ref.key]);
  if (ref.kind === 'configmap' && ref.key in data) return String(data[ref.key]);
  if (ref.kind === 'configmap' && ref.key in binary) return decode(binary[ref.key]);
  throw new AppError('unprocessable', `${what} has no key '${ref.key}'`);
}

/** A fresh token of a service account (a TokenRequest, as duty's GetServiceAccountTokenFromCache). */
export async function serviceAccountToken(api: KubernetesApi, namespace: string, name: string): Promise<string> {
  const what = `service account ${namespace}/${name}`;
  const json = await fetchJson(
    api,
    what,
    'POST',
    `/api/v1/namespaces/${seg(namespace)}/serviceaccounts/${seg(name)}/token`,
    { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
  );
  const token = (json.status as { token?: unknown } | undefined)?.token; // a TokenRequest's status
  if (typeof token !== 'string') throw new AppError('bad_gateway', `${what}: the Kubernetes API returned no token`);
  return token;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `config` over `values`, maps merged key by key (Helm's own precedence). */
function merge(values: unknown, config: unknown): unknown {
  if (!isObject(values) || !isObject(config)) return config === undefined ? values : config;
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(config)) out[key] = merge(values[key], value);
  return out;
}

/** The value at a JSONPath-like key (`$.db.password`, `.db.password`, `db.hosts[0]`). */
function at(value: unknown, key: string): unknown {
  const parts = key.replace(/^\$?\.?/, '').match(/[^.[\]]+/g) ?? [];
  let current = value;
  for (const part of parts) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

/** A value of the deployed Helm release `name` (chart values merged with the release's config). */
export async function helmValue(api: KubernetesApi, namespace: string, name: string, key: string): Promise<string> {
  const what = `helm release ${namespace}/${name}`;
  const query = `fieldSelector=${seg('type=helm.sh/release.v1')}&labelSelector=${seg(`status=deployed,name=${name}`)}&limit=1`;
  const list = await fetchJson(api, what, 'GET', `/api/v1/namespaces/${seg(namespace)}/secrets?${query}`);
  const item = (list.items as { data?: { release?: unknown } }[] | undefined)?.[0]; // a SecretList's items
  if (!item?.data?.release) throw new AppError('unprocessable', `${what} refers to nothing (no deployed release)`);
  let release: { chart?: { values?: unknown }; config?: unknown };
  try {
    // The secret's data is base64; Helm's release inside is base64 again, gzip, JSON.
    release = JSON.parse(gunzipSync(Buffer.from(decode(item.data.release), 'base64')).toString('utf8'));
  } catch {
    throw new AppError('bad_gateway', `${what}: the release secret could not be decoded`);
  }
  const value = at(merge(release.chart?.values ?? {}, release.config), key);
  if (value === undefined) throw new AppError('unprocessable', `${what} has no value '${key}'`);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
