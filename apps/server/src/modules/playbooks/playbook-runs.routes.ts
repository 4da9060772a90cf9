/**
 * The playbook run endpoints of spec 000 §7 under /api/playbook: playbooks applicable to a resource,
 * their parameters for it, run, approve and cancel. Definitions are written through /api/db/playbooks
 * (playbooks-write.hook.ts); runs and their actions are read through /api/db.
 */
import { playbookResourceSchema, playbookRunRequestSchema } from '@mc/contracts';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import type { ModuleDeps } from '../register-modules.js';
import { playbookRunsService } from './runs/playbook-runs.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idParam(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AppError('bad_request', `'${id}' is not a valid id`);
  return id;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const words = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    throw new AppError('bad_request', `Invalid request: ${words.join('; ')}`, parsed.error.issues);
  }
  return parsed.data;
}

async function body(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

const ctx = (c: Context<AppEnv>) => ({ actor: c.var.actor, requestId: c.var.requestId });

/** Mounts the playbook run routes. */
export function registerPlaybookRunRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const runs = playbookRunsService(deps.database);
  const read = requirePermission('playbooks', 'read');

  app.get('/api/playbook/list', read, async (c) =>
    c.json(await runs.listFor(parse(playbookResourceSchema.strict(), c.req.query()))),
  );
  app.post('/api/playbook/:id/params', read, async (c) => {
    const input = await body(c); // read first, so a refused id does not leave the upload unread
    return c.json(await runs.paramsFor(idParam(c), parse(playbookResourceSchema, input)));
  });
  app.post('/api/playbook/run', requirePermission('playbooks', 'playbook:run'), async (c) =>
    c.json(await runs.run(parse(playbookRunRequestSchema, await body(c)), ctx(c)), 201),
  );
  app.post('/api/playbook/run/approve/:id', requirePermission('playbooks', 'playbook:approve'), async (c) =>
    c.json(await runs.approve(idParam(c), ctx(c))),
  );
  app.post('/api/playbook/run/cancel/:id', requirePermission('playbook_runs', 'write'), async (c) =>
    c.json(await runs.cancel(idParam(c), ctx(c))),
  );
}
