/**
 * Health API: canaries (YAML or JSON Canary documents), Run Now, the summary, graph and checks (`/api`) of
 * canary-checker's API under `/api/canary/`, and `/api/canary/about`. Reads of checks and results go through the data
 * API (`/api/db/checks`, `/api/db/check_statuses`, …).
 */
import { hostname } from 'node:os';
import { CHECK_TYPES } from '@mc/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { negotiateEncoding } from '../../platform/accept-encoding.js';
import { artifactHeaders } from '../../platform/artifact-download.js';
import { COMPRESS_MIN_BYTES } from '../../platform/compress-json.js';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission, UNAUTHORIZED_MESSAGE } from '../../platform/require-permission.js';
import { loadGrants } from '../rbac/index.js';
import { canariesService, parseCanaryText, type WriteContext } from './canaries/canaries.service.js';
import { checkLocations } from './locations/locations.service.js';
import { checkArtifactFile, checkArtifacts } from './results/check-artifacts.service.js';
import { HEALTH_CONCURRENCY } from './runner/check-runner.js';
import { runCheckNow } from './runner/run-now.service.js';
import { checksApi } from './summary/checks-api.service.js';
import { checkGraph } from './summary/graph.service.js';
import { parseSummaryRequest, type SummaryRequest, summaryReader } from './summary/summary.service.js';
import { type SummaryScope, summaryScope, UNRESTRICTED_SCOPE } from './summary/summary-scope.js';

/** Roles allowed to Run Now (spec 000 §2). */
export const RUN_NOW_ROLES = ['admin', 'editor', 'responder', 'commander'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireRunNowRole(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = c.var.actor;
    if (actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
    if (actor.kind === 'person' && !actor.roles.some((role) => (RUN_NOW_ROLES as readonly string[]).includes(role))) {
      throw new AppError('forbidden', 'You do not have permission to run checks');
    }
    await next();
  };
}

async function bodyText(c: Context<AppEnv>): Promise<string> {
  const text = await c.req.text();
  if (!text.trim()) throw new AppError('bad_request', 'The body must be a Canary document in YAML or JSON');
  return text;
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

const ctx = (c: Context<AppEnv>): WriteContext => ({ actor: c.var.actor, requestId: c.var.requestId });

function idParam(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AppError('bad_request', `'${id}' is not a valid id`);
  return id;
}

/** Mounts the health routes. */
export function registerHealthRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const canaries = canariesService(deps.database);
  const read = requirePermission('canaries', 'read');
  const write = requirePermission('canaries', 'write');
  const summaries = summaryReader(deps.database);
  // The caller's deny rows, read per request so a new row applies at once (the answer itself may be cached).
  const scopeOf = async (c: Context<AppEnv>): Promise<SummaryScope> => {
    const actor = c.var.actor;
    if (actor.kind !== 'person') return UNRESTRICTED_SCOPE;
    return summaryScope(actor, await loadGrants(deps.database.db, actor.id));
  };
  // The cached answer goes out as stored: its JSON, or its bytes compressed once for every caller.
  const summary = async (c: Context<AppEnv>, request: SummaryRequest) => {
    const answer = await summaries.answer(request, await scopeOf(c));
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (!coding || answer.json.length < COMPRESS_MIN_BYTES) {
      return c.body(answer.json, 200, { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' });
    }
    return c.body(new Uint8Array(await answer.encoded(coding)), 200, {
      'Content-Type': 'application/json',
      'Content-Encoding': coding,
      Vary: 'Accept-Encoding',
    });
  };

  app.get('/api/canaries', read, async (c) => c.json(await canaries.list()));
  app.get('/api/canaries/:id', read, async (c) => c.json(await canaries.get(idParam(c))));
  app.post('/api/canaries', write, async (c) => {
    const created = await canaries.create(parseCanaryText(await bodyText(c)), ctx(c));
    summaries.invalidate();
    return c.json(created, 201);
  });
  app.put('/api/canaries/:id', write, async (c) => {
    const id = idParam(c);
    const updated = await canaries.update(id, parseCanaryText(await bodyText(c)), ctx(c));
    summaries.invalidate();
    return c.json(updated);
  });
  app.delete('/api/canaries/:id', write, async (c) => {
    await canaries.remove(idParam(c), ctx(c));
    summaries.invalidate();
    return c.body(null, 204);
  });

  app.post('/api/canary/run/check/:id', requireRunNowRole(), async (c) => {
    const outcome = await runCheckNow(deps, idParam(c), { actor: c.var.actor, requestId: c.var.requestId });
    if ('asked' in outcome) return c.json(outcome.asked, 202);
    summaries.invalidate();
    return c.json(outcome.ran);
  });

  app.get('/api/canary/api/summary', read, async (c) => {
    const query = c.req.query();
    let labels: unknown;
    if (query.labels) {
      try {
        labels = JSON.parse(query.labels);
      } catch {
        throw new AppError('bad_request', 'labels must be a JSON object of strings');
      }
    }
    return summary(c, parseSummaryRequest({ ...query, ...(labels === undefined ? {} : { labels }) }));
  });
  app.post('/api/canary/api/summary', read, async (c) => summary(c, parseSummaryRequest(await jsonBody(c))));
  app.get('/api/canary/api/graph', read, async (c) => c.json(await checkGraph(deps.database, c.req.query())));
  app.get('/api/canary/api', read, async (c) =>
    c.json(await checksApi(deps.database, c.req.query(), await scopeOf(c))),
  );
  app.get('/api/checks/:id/locations', read, async (c) =>
    c.json(await checkLocations(deps.database.db, idParam(c), await scopeOf(c))),
  );
  app.get('/api/checks/:id/artifacts', read, async (c) =>
    c.json(await checkArtifacts(deps.database.db, idParam(c), await scopeOf(c))),
  );
  app.get('/api/checks/:id/artifacts/:artifactId', read, async (c) => {
    const artifactId = c.req.param('artifactId') ?? '';
    if (!UUID.test(artifactId)) throw new AppError('bad_request', `'${artifactId}' is not a valid id`);
    const artifact = await checkArtifactFile(deps.database.db, idParam(c), artifactId, await scopeOf(c));
    return c.body(new Uint8Array(artifact.content), 200, artifactHeaders(artifact));
  });

  app.get('/api/canary/about', read, (c) =>
    c.json({
      name: 'mission-control health',
      version: deps.version,
      runnerName: hostname(),
      checkTypes: CHECK_TYPES,
      concurrency: HEALTH_CONCURRENCY,
    }),
  );
}
