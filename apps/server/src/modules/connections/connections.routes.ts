import type { Context, Hono } from 'hono';
import { AppError } from '../../platform/errors.js';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv, NamedResource } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { connectionTestService } from './connection-test.service.js';
import { connectionsServiceFor } from './connections.service.js';

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

/**
 * Connections API (spec 000 §7, 001 §3). Reading and writing need the connections resource (admins;
 * editors read); testing uses the stored credentials, so it needs write. Writes go through here rather
 * than the data API so secrets are encrypted before they reach the database; answers carry masked
 * secrets only. A test without a body tests the saved connection, one with a body the form's values.
 */
export function registerConnectionsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const connections = connectionsServiceFor(deps);
  const tests = connectionTestService(connections, deps.database);
  // A permission row on one connection (connection_id) can allow or deny the routes about it.
  const one = (c: Context<AppEnv>): NamedResource => ({ field: 'connection_id', id: c.req.param('id') ?? '' });

  app.get('/api/connections', requirePermission('connections', 'read'), async (c) =>
    c.json(await connections.list({ type: c.req.query('type'), namespace: c.req.query('namespace') })),
  );
  app.get('/api/connections/:id', requirePermission('connections', 'read', one), async (c) =>
    c.json(await connections.get(c.req.param('id'))),
  );
  app.post('/api/connections', requirePermission('connections', 'write'), async (c) =>
    c.json(await connections.create(await readJson(c), auditContext(c)), 201),
  );
  app.put('/api/connections/:id', requirePermission('connections', 'write', one), async (c) =>
    c.json(await connections.update(c.req.param('id'), await readJson(c), auditContext(c))),
  );
  app.delete('/api/connections/:id', requirePermission('connections', 'write', one), async (c) => {
    await connections.remove(c.req.param('id'), auditContext(c));
    return c.body(null, 204);
  });
  // The form's Test: the values being edited, unsaved. On /test/:id a masked secret is the saved one's.
  app.post('/api/connection/test', requirePermission('connections', 'write'), async (c) =>
    c.json(await tests.testInput(await readJson(c))),
  );
  app.post('/api/connection/test/:id', requirePermission('connections', 'write', one), async (c) => {
    const id = c.req.param('id');
    const text = await c.req.text();
    if (text.trim() === '') return c.json(await tests.test(id));
    return c.json(await tests.testInput(parseJsonText(text), id));
  });
}
