/**
 * A minimal Kubernetes API client for the kubernetes scraper: reads a kubeconfig (its current context's
 * server, CA, and bearer token, client certificate or basic credentials — exec and auth-provider plugins
 * are never run, they would execute commands on this server) and lists resources page by page through
 * the egress guard.
 */
import { MAX_DOCUMENT_DEPTH, parseBoundedJson } from '../../../platform/bounded-json.js';
import { parseBoundedYaml } from '../../../platform/bounded-yaml.js';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';

/** Largest page answer read. */
const MAX_PAGE_BYTES = 32 * 1024 * 1024;
/** Items per list page. */
export const KUBE_PAGE_SIZE = 500;

interface Named<T> {
  name?: string;
  cluster?: T;
  user?: T;
  context?: T;
}

interface Kubeconfig {
  'current-context'?: string;
  clusters?: Named<{ server?: string; 'certificate-authority-data'?: string; 'insecure-skip-tls-verify'?: boolean }>[];
  users?: Named<{
    token?: string;
    'client-certificate-data'?: string;
    'client-key-data'?: string;
    username?: string;
    password?: string;
    exec?: unknown;
    'auth-provider'?: unknown;
  }>[];
  contexts?: Named<{ cluster?: string; user?: string }>[];
}

/** Where and how to call a cluster. */
export interface KubeTarget {
  server: string;
  headers: Record<string, string>;
  ca?: string;
  cert?: string;
  key?: string;
  insecure: boolean;
}

const pem = (data: string | undefined) => (data ? Buffer.from(data, 'base64').toString('utf8') : undefined);

/** Reads a kubeconfig's current context into a target; throws an Error naming what is missing. */
export function kubeTargetOf(kubeconfigText: string, insecureTLS = false): KubeTarget {
  const parsed = parseBoundedYaml(kubeconfigText, undefined, 'kubeconfig');
  if (typeof parsed !== 'object' || parsed === null) throw new Error('the kubeconfig is not a YAML object');
  const config = parsed as Kubeconfig; // read field by field below
  const contextName = config['current-context'];
  const context = config.contexts?.find((e) => e.name === contextName)?.context ?? config.contexts?.[0]?.context;
  const cluster = config.clusters?.find((e) => e.name === context?.cluster)?.cluster ?? config.clusters?.[0]?.cluster;
  const user = config.users?.find((e) => e.name === context?.user)?.user ?? config.users?.[0]?.user ?? {};
  if (!cluster?.server) throw new Error('the kubeconfig names no cluster server');
  if (user.exec || user['auth-provider']) {
    throw new Error(
      'the kubeconfig user authenticates through an exec or auth-provider plugin, which this server never runs',
    );
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (user.token) headers.authorization = `Bearer ${user.token}`;
  else if (user.username) {
    headers.authorization = `Basic ${Buffer.from(`${user.username}:${user.password ?? ''}`).toString('base64')}`;
  }
  const ca = pem(cluster['certificate-authority-data']);
  const cert = pem(user['client-certificate-data']);
  const key = pem(user['client-key-data']);
  return {
    server: cluster.server.replace(/\/$/, ''),
    headers,
    insecure: insecureTLS || cluster['insecure-skip-tls-verify'] === true,
    ...(ca ? { ca } : {}),
    ...(cert && key ? { cert, key } : {}),
  };
}

/** One object of a list answer. */
export type KubeObject = Record<string, unknown> & {
  metadata?: {
    uid?: string;
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    creationTimestamp?: string;
    ownerReferences?: { kind?: string; uid?: string; name?: string; controller?: boolean }[];
  };
};

/** Lists every object at `path` (e.g. `/apis/apps/v1/deployments`), following `continue` tokens up to `max`. */
export async function listAll(
  target: KubeTarget,
  path: string,
  guard: EgressGuard,
  signal: AbortSignal,
  max: number,
): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  let token: string | undefined;
  do {
    const url = new URL(`${target.server}${path}`);
    url.searchParams.set('limit', String(KUBE_PAGE_SIZE));
    if (token) url.searchParams.set('continue', token);
    const response = await guardedRequest({
      url: url.href,
      method: 'GET',
      headers: target.headers,
      followRedirects: false,
      maxRedirects: 0,
      insecureSkipVerify: target.insecure,
      ...(target.ca ? { ca: target.ca } : {}),
      ...(target.cert ? { cert: target.cert } : {}),
      ...(target.key ? { key: target.key } : {}),
      maxBodyBytes: MAX_PAGE_BYTES,
      signal,
      guard,
    });
    if (response.status === 404) return out; // an API group this cluster does not serve
    if (response.status !== 200) throw new Error(`${path} answered HTTP ${response.status}`);
    const page = parseBoundedJson(
      response.body.toString('utf8'),
      { maxBytes: MAX_PAGE_BYTES, maxDepth: MAX_DOCUMENT_DEPTH },
      `answer of ${path}`,
    ) as { items?: KubeObject[]; metadata?: { continue?: string } }; // a Kubernetes List
    out.push(...(page.items ?? []));
    token = page.metadata?.continue || undefined;
  } while (token && out.length < max);
  return out.slice(0, max);
}
