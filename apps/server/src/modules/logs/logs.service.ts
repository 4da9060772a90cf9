/**
 * Log search (issue 17): `POST /api/logs {name, id, query}` resolves the backend by name (the built-in
 * `mission-control` backend needs no row), narrows it to a component's log selectors or a catalog
 * item's identity when `id` is given, validates each spec entry with its kind's schema, searches every
 * entry of a known kind and merges their lines newest first. A backend's own failure is answered with
 * its message: 400 when it refused the query or the entry, 502 when it failed; never a 500.
 */
import { resolve } from 'node:path';
import {
  BUILT_IN_LOG_BACKEND,
  LOG_BACKEND_KINDS,
  LOG_QUERY_HINTS,
  LOG_SEARCH_LIMITS,
  type LogBackendKind,
  type LogBackendSummary,
  type LogSearchRequest,
  type LogSearchResponse,
  logSearchRequestSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { connectionsServiceFor } from '../connections/connections.service.js';
import { propertiesService } from '../properties/properties.service.js';
import { type KindContext, type KindPage, LogBackendError } from './backends/backend-kind.js';
import { LOG_BACKEND_REGISTRY } from './backends/registry.js';
import { backendByNameOrId, componentLogSelectors, configTarget, listBackends } from './logging-backends.repo.js';

/** The property (admin-only) and variable naming the folders file backends may read. */
export const FILE_ROOTS_PROPERTY = 'logs.file.roots';
export const FILE_ROOTS_ENV = 'MC_LOG_FILE_ROOTS';
/** Longest a backend may take to answer one search. */
export const SEARCH_TIMEOUT_MS = 30_000;

/** A backend ready to search: its name and spec. */
interface ResolvedBackend {
  id: string;
  name: string;
  spec: Record<string, unknown>;
}

const BUILT_IN: ResolvedBackend = { id: BUILT_IN_LOG_BACKEND, name: BUILT_IN_LOG_BACKEND, spec: { postgres: [{}] } };

/** The kinds a spec holds, in the contract's order. */
export function kindsOf(spec: Record<string, unknown>): LogBackendKind[] {
  return LOG_BACKEND_KINDS.filter((kind) => Array.isArray(spec[kind]) && (spec[kind] as unknown[]).length > 0); // checked just before
}

function invalid(issues: { path: PropertyKey[]; message: string }[], prefix: string): AppError {
  const words = issues.map(
    (issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body'}: ${issue.message}`,
  );
  return new AppError('bad_request', `Invalid request: ${words.join('; ')}`, issues);
}

/** Parses the request (400 with every problem named). */
export function parseSearchRequest(body: unknown): LogSearchRequest {
  const parsed = logSearchRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(parsed.error.issues, '');
  return parsed.data;
}

function splitRoots(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,\n:]/)
    .map((root) => root.trim())
    .filter((root) => root.startsWith('/'))
    .map((root) => resolve(root));
}

/** Cursors of several entries travel as one opaque string. */
function decodeCursor(cursor: string | undefined, count: number): (string | null)[] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === count && parsed.every((c) => c === null || typeof c === 'string')) {
      return parsed as (string | null)[]; // checked element by element above
    }
  } catch {
    // reported below
  }
  throw new AppError('bad_request', 'Invalid request: query.cursor: not a cursor this search gave');
}

const encodeCursor = (cursors: (string | null)[]) =>
  cursors.some((cursor) => cursor !== null) ? Buffer.from(JSON.stringify(cursors)).toString('base64url') : null;

/** The log search service of a database. */
export function logsService(deps: { database: Database; config: Config }) {
  const { database } = deps;

  async function fileRoots(): Promise<string[]> {
    const property = await propertiesService(database)
      .get(FILE_ROOTS_PROPERTY)
      .then((p) => String(p.value))
      .catch(() => undefined);
    return [...new Set([...splitRoots(process.env[FILE_ROOTS_ENV]), ...splitRoots(property)])];
  }

  async function backendOf(name: string): Promise<ResolvedBackend> {
    if (name === BUILT_IN_LOG_BACKEND) return BUILT_IN;
    const row = await backendByNameOrId(database.pool, name);
    if (!row) throw new AppError('not_found', `Log backend '${name}' not found`);
    return { id: row.id, name: row.name, spec: row.spec ?? {} };
  }

  /** Labels a target adds: its selectors for this backend (component), or its identity (catalog item). */
  async function targetLabels(id: string, backend: ResolvedBackend): Promise<Record<string, string>> {
    const selectors = await componentLogSelectors(database.pool, id);
    if (selectors) {
      const labels: Record<string, string> = {};
      for (const selector of selectors) {
        if (typeof selector !== 'object' || selector === null) continue;
        const { name, labels: own } = selector as { name?: unknown; labels?: unknown }; // a stored JSON selector
        if (name !== undefined && name !== backend.name) continue;
        if (typeof own === 'object' && own !== null) {
          for (const [key, value] of Object.entries(own)) if (typeof value === 'string') labels[key] = value;
        }
      }
      return labels;
    }
    const item = await configTarget(database.pool, id);
    if (!item) throw new AppError('not_found', `No component or catalog item has the id ${id}`);
    if (item.type === 'Kubernetes::Pod' && item.name) {
      return { pod: item.name, ...(item.tags?.namespace ? { namespace: item.tags.namespace } : {}) };
    }
    return item.name ? { name: item.name } : {};
  }

  return {
    /** The backends the console offers: the built-in one first, then the stored ones by name. */
    async backends(): Promise<LogBackendSummary[]> {
      const rows = await listBackends(database.pool);
      return [
        { id: BUILT_IN.id, name: BUILT_IN.name, kinds: ['postgres'], hint: LOG_QUERY_HINTS.postgres, builtIn: true },
        ...rows.map((row) => {
          const kinds = kindsOf(row.spec ?? {});
          return { id: row.id, name: row.name, kinds, hint: kinds[0] ? LOG_QUERY_HINTS[kinds[0]] : '', builtIn: false };
        }),
      ];
    },

    /** One page of lines (see the module comment); `signal` stops the remote calls when the caller leaves. */
    async search(body: unknown, signal?: AbortSignal): Promise<LogSearchResponse> {
      const request = parseSearchRequest(body);
      const query = request.query ?? {};
      const backend = await backendOf(request.name);
      const end = query.end ? new Date(query.end) : new Date();
      const start = query.start ? new Date(query.start) : new Date(end.getTime() - LOG_SEARCH_LIMITS.defaultWindowMs);
      if (start > end) throw new AppError('bad_request', 'Invalid request: query.start: must not be after query.end');
      const labels = { ...(request.id ? await targetLabels(request.id, backend) : {}), ...(query.labels ?? {}) };
      const entries = kindsOf(backend.spec).flatMap(
        (kind) => (backend.spec[kind] as unknown[]).map((entry, index) => ({ kind, index, entry })), // kindsOf checked the array
      );
      if (entries.length === 0) {
        throw new AppError(
          'bad_request',
          `Log backend '${backend.name}' has no entry of a known kind (${LOG_BACKEND_KINDS.join(', ')})`,
        );
      }
      const cursors = decodeCursor(query.cursor, entries.length);
      const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
      const ctx: KindContext = {
        database,
        egress: egressGuardFor(database),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        resolveConnection: (ref) => connectionsServiceFor(deps).resolveConnection(ref),
        fileRoots: await fileRoots(),
        deniedRoots: [resolve(deps.config.MC_DATA_DIR), '/proc', '/sys', '/dev'],
      };
      const pages: (KindPage | null)[] = [];
      for (const [position, { kind, index, entry }] of entries.entries()) {
        const cursor = cursors ? (cursors[position] ?? null) : null;
        if (cursors && cursor === null) {
          pages.push(null); // this entry has no older lines
          continue;
        }
        const definition = LOG_BACKEND_REGISTRY[kind];
        const parsed = definition.schema.safeParse(entry ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues, `log backend '${backend.name}' spec.${kind}[${index}]`);
        try {
          pages.push(
            await definition.search(
              parsed.data,
              {
                text: query.text ?? '',
                start,
                end,
                levels: query.levels ?? [],
                labels,
                limit: query.limit ?? LOG_SEARCH_LIMITS.defaultLimit,
                cursor,
              },
              ctx,
            ),
          );
        } catch (error) {
          if (error instanceof LogBackendError) {
            throw new AppError(error.kind === 'query' ? 'bad_request' : 'bad_gateway', error.message);
          }
          if (timeout.aborted) {
            throw new AppError('bad_gateway', `${kind}: no answer within ${SEARCH_TIMEOUT_MS / 1000} s`);
          }
          throw error;
        }
      }
      const lines = pages
        .flatMap((page) => page?.lines ?? [])
        .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
      const totals = pages.map((page) => (page ? page.total : 0));
      return {
        backend: { name: backend.name, kinds: [...new Set(entries.map((e) => e.kind))] },
        lines,
        total: totals.every((total) => total !== null)
          ? totals.reduce<number>((sum, total) => sum + (total ?? 0), 0)
          : null,
        next: encodeCursor(pages.map((page) => page?.next ?? null)),
      };
    },
  };
}
