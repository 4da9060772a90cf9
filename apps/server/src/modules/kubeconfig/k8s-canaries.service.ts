import type { Database } from '@mc/db';
import { type K8sCanaryRow, type K8sCursor, k8sCanariesRepo } from './k8s-canaries.repo.js';

/** Largest page; kubectl asks for 500 and follows `continue`. */
export const K8S_MAX_LIMIT = 500;

const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;

/** The query of a list request, as received. */
export interface K8sListQuery {
  namespace: string | undefined;
  limit: string | undefined;
  continueToken: string | undefined;
  labelSelector: string | undefined;
  fieldSelector: string | undefined;
  watch: string | undefined;
}

/** A failure kubectl understands: HTTP status, Kubernetes reason and message. */
export interface K8sFailure {
  ok: false;
  code: 400 | 404 | 405;
  reason: 'BadRequest' | 'NotFound' | 'MethodNotAllowed';
  message: string;
}

const bad = (message: string): K8sFailure => ({ ok: false, code: 400, reason: 'BadRequest', message });

/** `k=v,k2==v2` into a map; set-based and inequality selectors are refused by name. */
function parseLabelSelector(selector: string | undefined): { ok: true; labels: Record<string, string> } | K8sFailure {
  const labels: Record<string, string> = {};
  if (!selector) return { ok: true, labels };
  if (selector.length > 1024) return bad('labelSelector: at most 1024 characters');
  for (const term of selector.split(',')) {
    const match = /^\s*([^=!\s]+)\s*==?\s*([^=!\s]*)\s*$/.exec(term);
    const key = match?.[1];
    const value = match?.[2] ?? '';
    if (!key || !LABEL_KEY.test(key) || !LABEL_VALUE.test(value)) {
      return bad(`labelSelector: only key=value terms are supported, not '${term.trim()}'`);
    }
    labels[key] = value;
  }
  return { ok: true, labels };
}

/** `metadata.name=x` and `metadata.namespace=y` (what kubectl sends); anything else is refused. */
function parseFieldSelector(
  selector: string | undefined,
): { ok: true; fields: { name?: string; namespace?: string } } | K8sFailure {
  const fields: { name?: string; namespace?: string } = {};
  if (!selector) return { ok: true, fields };
  if (selector.length > 1024) return bad('fieldSelector: at most 1024 characters');
  for (const term of selector.split(',')) {
    const match = /^\s*metadata\.(name|namespace)\s*==?\s*(\S+)\s*$/.exec(term);
    if (!match?.[1] || !match[2]) {
      return bad(`fieldSelector: only metadata.name and metadata.namespace are supported, not '${term.trim()}'`);
    }
    fields[match[1] as 'name' | 'namespace'] = match[2]; // the group matches only these two words
  }
  return { ok: true, fields };
}

function encodeCursor(row: K8sCanaryRow): string {
  return Buffer.from(JSON.stringify({ namespace: row.namespace, name: row.name })).toString('base64url');
}

function decodeCursor(token: string): K8sCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { namespace, name } = value as Record<string, unknown>; // fields checked below
    return typeof namespace === 'string' && typeof name === 'string' ? { namespace, name } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rules of the Kubernetes-style canaries API: namespace names, paging with an opaque `continue` token
 * (keyset on namespace and name, so pages stay correct while canaries change), equality label
 * selectors, the two field selectors kubectl sends, and a clear refusal of `watch`.
 */
export function k8sCanariesService(database: Database) {
  const repo = k8sCanariesRepo(database);
  return {
    async list(
      query: K8sListQuery,
    ): Promise<{ ok: true; rows: K8sCanaryRow[]; continueToken: string | undefined } | K8sFailure> {
      if (query.watch && query.watch !== 'false' && query.watch !== '0') {
        return {
          ok: false,
          code: 405,
          reason: 'MethodNotAllowed',
          message: 'watch is not supported; list again instead',
        };
      }
      if (query.namespace !== undefined && (query.namespace.length > 63 || !NAMESPACE.test(query.namespace))) {
        return bad(`namespace '${query.namespace.slice(0, 63)}' is not a valid namespace name`);
      }
      let limit = K8S_MAX_LIMIT;
      if (query.limit !== undefined && query.limit !== '' && query.limit !== '0') {
        if (!/^\d{1,9}$/.test(query.limit)) return bad('limit must be a whole number');
        limit = Math.min(K8S_MAX_LIMIT, Number(query.limit));
      }
      const labelQuery = parseLabelSelector(query.labelSelector);
      if (!labelQuery.ok) return labelQuery;
      const fieldQuery = parseFieldSelector(query.fieldSelector);
      if (!fieldQuery.ok) return fieldQuery;
      const { labels } = labelQuery;
      const { fields } = fieldQuery;
      const namespace = query.namespace ?? fields.namespace;
      if (query.namespace !== undefined && fields.namespace !== undefined && fields.namespace !== query.namespace) {
        return { ok: true, rows: [], continueToken: undefined };
      }
      let after: K8sCursor | undefined;
      if (query.continueToken) {
        after = query.continueToken.length <= 2048 ? decodeCursor(query.continueToken) : undefined;
        if (!after) return bad('continue: the token is not one this server issued');
      }
      const rows = await repo.list({ namespace, name: fields.name, labels, after, limit });
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const last = page[page.length - 1];
      return { ok: true, rows: page, continueToken: more && last ? encodeCursor(last) : undefined };
    },
    async get(namespace: string, name: string): Promise<{ ok: true; row: K8sCanaryRow } | K8sFailure> {
      const notFound: K8sFailure = {
        ok: false,
        code: 404,
        reason: 'NotFound',
        message: `canaries.canaries.flanksource.com "${name.slice(0, 253)}" not found`,
      };
      if (namespace.length > 63 || !NAMESPACE.test(namespace) || name.length > 253) return notFound;
      const row = await repo.get(namespace, name);
      return row ? { ok: true, row } : notFound;
    },
  };
}
