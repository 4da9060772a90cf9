/**
 * The log search routes (issue 17; spec 000 §7 `POST /logs {name, id, query}`): the search, the
 * backends the console offers, and the live tail as server-sent events. Every route needs read on
 * logging_backends, and a backend reading the server's own lines needs read on server_logs too
 * (server-logs-access.ts); bad input is a 400 before any backend is asked.
 */
import type { LogLineLevel } from '@mc/contracts';
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import { TAIL_POLL_LIMIT, tailLines } from './log-tail.js';
import { logsService } from './logs.service.js';
import { assertServerLogsReadable, visibleBackends } from './server-logs-access.js';

async function body(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

/** The backend a search body names (the search itself validates the body). */
function nameOf(request: unknown): unknown {
  return typeof request === 'object' && request !== null ? (request as { name?: unknown }).name : undefined; // any object: only `name` is read
}

/** The tail's query string as a search request (`levels` comma-separated, `labels` a JSON object). */
function tailRequest(c: Context<AppEnv>) {
  const q = c.req.query();
  const known = new Set(['name', 'id', 'text', 'levels', 'labels']);
  const unknown = Object.keys(q).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new AppError('bad_request', `Invalid request: unknown parameter ${unknown.join(', ')}`);
  let labels: unknown;
  if (q.labels !== undefined) {
    try {
      labels = JSON.parse(q.labels);
    } catch {
      throw new AppError('bad_request', 'Invalid request: labels: must be a JSON object');
    }
  }
  const levels = q.levels?.split(',').filter(Boolean);
  return {
    name: q.name,
    ...(q.id !== undefined ? { id: q.id } : {}),
    query: {
      ...(q.text !== undefined ? { text: q.text } : {}),
      ...(levels ? { levels: levels as LogLineLevel[] } : {}), // checked against LOG_LINE_LEVELS by the schema
      ...(labels !== undefined ? { labels } : {}),
    },
  };
}

/** Mounts the log routes. */
export function registerLogsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const logs = logsService(deps);
  const read = requirePermission('logging_backends', 'read');
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The log routes need the access policy (ModuleDeps.dataAccess)');
  // `id` narrows to a component or catalog item the caller may read (docs/logs.md)
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);

  app.get('/api/logs/backends', read, async (c) => c.json(await visibleBackends(c, await logs.backends())));
  app.post('/api/logs', read, async (c) => {
    const request = await body(c);
    await assertServerLogsReadable(c, deps.database, nameOf(request));
    return c.json(await logs.search(request, await reachOf(c), c.req.raw.signal));
  });
  app.get('/api/logs/tail', read, async (c) => {
    const request = tailRequest(c);
    await assertServerLogsReadable(c, deps.database, request.name);
    const reach = await reachOf(c);
    const startedAt = new Date();
    // the first search proves the request, the backend and its entries before the stream opens
    const probe = (start: Date, end: Date, signal?: AbortSignal) =>
      logs.search(
        {
          ...request,
          query: { ...request.query, start: start.toISOString(), end: end.toISOString(), limit: TAIL_POLL_LIMIT },
        },
        reach,
        signal,
      );
    await probe(startedAt, startedAt, c.req.raw.signal);
    return streamSSE(c, (stream) => tailLines(stream, probe, { startedAt }));
  });
}
