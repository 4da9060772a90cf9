/**
 * A minimal Kubernetes API client for the kubernetes scraper: the kubeconfig is read by the shared
 * reader (connections/kubeconfig.ts: never runs exec or auth-provider plugins) and resources are listed
 * page by page through the egress guard.
 */
import { MAX_DOCUMENT_DEPTH, parseBoundedJson } from '../../../platform/bounded-json.js';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import { type KubeTarget, kubeTargetOf } from '../../connections/index.js';
import type { KindContext } from './scraper-kind.js';

/** Largest page answer read. */
const MAX_PAGE_BYTES = 32 * 1024 * 1024;
/** Items per list page. */
export const KUBE_PAGE_SIZE = 500;

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

/**
 * The cluster a stored kubernetes connection's kubeconfig (its certificate field) points at, read by the
 * connections module's one kubeconfig reader; an Error naming the connection when it holds none.
 */
export async function connectionKubeTarget(
  ctx: Pick<KindContext, 'resolveConnection'>,
  ref: string,
): Promise<KubeTarget> {
  const stored = await ctx.resolveConnection(ref);
  if (!stored.certificate) throw new Error(`connection ${ref} holds no kubeconfig`);
  return kubeTargetOf(stored.certificate, stored.insecure_tls);
}

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
