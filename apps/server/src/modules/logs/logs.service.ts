/**
 * Log search (issue 17): `POST /api/logs {name, id, query}` resolves the backend by name (the built-in
 * `mission-control` backend needs no row), narrows it to a component's log selectors or a catalog
 * item's identity when `id` is given, validates each spec entry with its kind's schema, searches every
 * entry of a known kind and merges their lines newest first. A backend's own failure is answered with
 * its message: 400 when it refused the query or the entry, 502 when it failed; never a 500. A backend
 * assigned to an agent is searched by that agent: the query is relayed (docs/agents.md), and an agent
 * that is offline or does not answer in time is a 504 saying so.
 */
import { resolve } from 'node:path';
import {
  BUILT_IN_LOG_BACKEND,
  LOG_BACKEND_KINDS,
  LOG_QUERY_HINTS,
  LOG_SEARCH_LIMITS,
  type LogBackendSummary,
  type LogSearchRequest,
  type LogSearchResponse,
  logSearchRequestSchema,
  NIL_AGENT_ID,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { deadline } from '../../platform/deadline.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { serverOwnFolders } from '../../platform/file-confinement.js';
import { type ResourceReach, resourceVisible } from '../../platform/resource-visibility.js';
import { connectionsServiceFor } from '../connections/index.js';
import { propertiesService } from '../properties/index.js';
import { agentLogRelay } from './agent-relay/log-relay.service.js';
import { type KindContext, LogBackendError } from './backends/backend-kind.js';
import { backendByNameOrId, componentLogSelectors, configTarget, listBackends } from './logging-backends.repo.js';
import {
  decodeCursor,
  entriesOf,
  invalid,
  kindsOf,
  mergePages,
  SEARCH_TIMEOUT_MS,
  searchEntries,
} from './search-entries.js';

/** The property (admin-only) and variable naming the folders file backends may read. */
export const FILE_ROOTS_PROPERTY = 'logs.file.roots';
export const FILE_ROOTS_ENV = 'MC_LOG_FILE_ROOTS';

/** A backend ready to search: its name, spec and the agent that runs it. */
interface ResolvedBackend {
  id: string;
  name: string;
  spec: Record<string, unknown>;
  agentId: string;
  /** Whose rights its connections are resolved with (null: the system). */
  savedBy: string | null;
}

const BUILT_IN: ResolvedBackend = {
  id: BUILT_IN_LOG_BACKEND,
  name: BUILT_IN_LOG_BACKEND,
  spec: { postgres: [{}] },
  savedBy: null,
  agentId: NIL_AGENT_ID,
};

/** Parses the request (400 with every problem named). */
export function parseSearchRequest(body: unknown): LogSearchRequest {
  const parsed = logSearchRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(parsed.error.issues, '');
  return parsed.data;
}

/** Folders named in a roots list (comma, colon or newline separated); relative ones are ignored. */
export function splitRoots(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,\n:]/)
    .map((root) => root.trim())
    .filter((root) => root.startsWith('/'))
    .map((root) => resolve(root));
}

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
    return { id: row.id, name: row.name, spec: row.spec ?? {}, agentId: row.agent_id, savedBy: row.saved_by };
  }

  /**
   * Labels a target adds: its selectors for this backend (component), or its identity (catalog item).
   * A target the caller may not read (`reach`) answers as a missing one: no lines, no existence oracle.
   */
  async function targetLabels(
    id: string,
    backend: ResolvedBackend,
    reach: ResourceReach,
  ): Promise<Record<string, string>> {
    const missing = () => new AppError('not_found', `No component or catalog item has the id ${id}`);
    const selectors = await componentLogSelectors(database.pool, id);
    if (selectors) {
      if (!(await resourceVisible(database.db, reach, 'component', id))) throw missing();
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
    if (!item || !(await resourceVisible(database.db, reach, 'config', id))) throw missing();
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

    /**
     * One page of lines (see the module comment), of a target `reach` lets the caller read; `signal` stops
     * the remote calls when the caller leaves.
     */
    async search(body: unknown, reach: ResourceReach, signal?: AbortSignal): Promise<LogSearchResponse> {
      const request = parseSearchRequest(body);
      const query = request.query ?? {};
      const backend = await backendOf(request.name);
      const end = query.end ? new Date(query.end) : new Date();
      const start = query.start ? new Date(query.start) : new Date(end.getTime() - LOG_SEARCH_LIMITS.defaultWindowMs);
      if (start > end) throw new AppError('bad_request', 'Invalid request: query.start: must not be after query.end');
      const labels = { ...(request.id ? await targetLabels(request.id, backend, reach) : {}), ...(query.labels ?? {}) };
      const entries = entriesOf(backend.spec);
      if (entries.length === 0) {
        throw new AppError(
          'bad_request',
          `Log backend '${backend.name}' has no entry of a known kind (${LOG_BACKEND_KINDS.join(', ')})`,
        );
      }
      const cursors = decodeCursor(query.cursor, entries.length);
      const search = {
        text: query.text ?? '',
        start,
        end,
        levels: query.levels ?? [],
        labels,
        limit: query.limit ?? LOG_SEARCH_LIMITS.defaultLimit,
      };
      if (backend.agentId !== NIL_AGENT_ID) {
        const relay = agentLogRelay(database, { timeoutMs: deps.config.MC_AGENT_LOG_QUERY_TIMEOUT_MS });
        const pages = await relay.search(
          backend.agentId,
          {
            backend: { name: backend.name, spec: backend.spec },
            search: {
              ...search,
              start: start.toISOString(),
              end: end.toISOString(),
              levels: [...search.levels],
              cursors,
            },
          },
          signal,
        );
        if (pages.length !== entries.length) {
          throw new AppError('bad_gateway', `The agent answered ${pages.length} pages for ${entries.length} entries`);
        }
        return mergePages(backend.name, entries, pages);
      }
      const roots = await fileRoots();
      const limit = deadline(SEARCH_TIMEOUT_MS, signal);
      const ctx: KindContext = {
        database,
        egress: egressGuardFor(database),
        signal: limit.signal,
        resolveConnection: (ref) => connectionsServiceFor(deps).resolveConnection(ref, backend.savedBy),
        fileRoots: roots,
        deniedRoots: serverOwnFolders(deps.config.MC_DATA_DIR),
      };
      try {
        return mergePages(backend.name, entries, await searchEntries(backend.name, entries, search, cursors, ctx));
      } catch (error) {
        if (error instanceof LogBackendError) {
          throw new AppError(error.kind === 'query' ? 'bad_request' : 'bad_gateway', error.message);
        }
        throw error;
      } finally {
        limit.dispose();
      }
    },
  };
}
