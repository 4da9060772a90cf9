import type { Context, Hono } from 'hono';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import type { WriteContext } from './incident-tx.js';
import { incidentsService } from './incidents.service.js';
import { investigationService } from './investigation.service.js';
import { linkService } from './link.service.js';
import { participationService } from './participation.service.js';

/** Largest timeline page. */
const MAX_HISTORY = 1000;

async function body(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

const ctx = (c: Context<AppEnv>): WriteContext => ({ actor: c.var.actor, requestId: c.var.requestId });

/**
 * Incidents API (spec 000 §7 Incidents, 001 §4 link flow). Reads are also served by the data API
 * (incident_summary, incident_histories, …); writes come here so each is one audited transaction.
 * The database triggers keep the same rules and histories for writes through the data API.
 */
export function registerIncidentsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const db = deps.database.db;
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The incidents routes need the access policy (ModuleDeps.dataAccess)');
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);
  const incidents = incidentsService(deps.database);
  const investigation = investigationService(db);
  const participation = participationService(db);
  const links = linkService(db);
  const read = requirePermission('incident', 'read');
  const write = requirePermission('incident', 'write');

  app.get('/api/incidents', read, async (c) => c.json(await incidents.list(c.req.query())));
  app.post('/api/incidents', write, async (c) => c.json(await incidents.create(await body(c), ctx(c)), 201));
  app.post('/api/incidents/link', write, async (c) =>
    c.json(await links.link(await body(c), ctx(c), await reachOf(c)), 201),
  );
  app.get('/api/incidents/:id', read, async (c) => c.json(await incidents.detail(c.req.param('id'), await reachOf(c))));
  app.patch('/api/incidents/:id', write, async (c) =>
    c.json(await incidents.update(c.req.param('id'), await body(c), ctx(c))),
  );
  app.get('/api/incidents/:id/history', read, async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? MAX_HISTORY) || MAX_HISTORY, 1), MAX_HISTORY);
    return c.json(await incidents.history(c.req.param('id'), limit));
  });

  app.get('/api/incidents/:id/hypotheses', read, async (c) =>
    c.json(await investigation.listHypotheses(c.req.param('id'))),
  );
  app.post('/api/incidents/:id/hypotheses', write, async (c) =>
    c.json(await investigation.createHypothesis(c.req.param('id'), await body(c), ctx(c)), 201),
  );
  app.patch('/api/incidents/:id/hypotheses/:hid', write, async (c) =>
    c.json(await investigation.updateHypothesis(c.req.param('id'), c.req.param('hid'), await body(c), ctx(c))),
  );
  app.delete('/api/incidents/:id/hypotheses/:hid', write, async (c) =>
    c.json(await investigation.deleteHypothesis(c.req.param('id'), c.req.param('hid'), ctx(c))),
  );

  app.post('/api/incidents/:id/evidences', write, async (c) =>
    c.json(await investigation.createEvidence(c.req.param('id'), await body(c), ctx(c), await reachOf(c)), 201),
  );
  app.patch('/api/incidents/:id/evidences/:eid', write, async (c) =>
    c.json(
      await investigation.updateEvidence(
        c.req.param('id'),
        c.req.param('eid'),
        await body(c),
        ctx(c),
        await reachOf(c),
      ),
    ),
  );
  app.delete('/api/incidents/:id/evidences/:eid', write, async (c) => {
    await investigation.deleteEvidence(c.req.param('id'), c.req.param('eid'), ctx(c));
    return c.body(null, 204);
  });

  app.post('/api/incidents/:id/comments', write, async (c) =>
    c.json(await participation.comment(c.req.param('id'), await body(c), ctx(c)), 201),
  );
  app.post('/api/incidents/:id/responders', write, async (c) =>
    c.json(await participation.addResponder(c.req.param('id'), await body(c), ctx(c)), 201),
  );
  app.delete('/api/incidents/:id/responders/:rid', write, async (c) => {
    await participation.removeResponder(c.req.param('id'), c.req.param('rid'), ctx(c));
    return c.body(null, 204);
  });
}
