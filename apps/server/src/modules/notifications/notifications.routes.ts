import type { Context, Hono } from 'hono';
import { parseBoundedJson } from '../../platform/bounded-json.js';
import { parseBoundedYaml } from '../../platform/bounded-yaml.js';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import type { MayRunPlaybook } from './playbook-recipient.js';
import { rulesService } from './rules.service.js';
import { silencesService } from './silences.service.js';

const ctx = (c: Context<AppEnv>) => ({ actor: c.var.actor, requestId: c.var.requestId });

/** Whether the caller may run a playbook (`playbook:run`, named), asked when a rule names one. */
const mayRunPlaybook =
  (c: Context<AppEnv>): MayRunPlaybook =>
  async (playbookId) =>
    c.var.actor.kind === 'system' ||
    (c.var.checkPermission !== undefined &&
      (await c.var.checkPermission(c.var.actor, {
        resource: 'playbooks',
        action: 'playbook:run',
        named: { field: 'playbook_id', id: playbookId },
      })));

/** A rule document: YAML or JSON, within the document bounds. */
async function documentBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) throw new AppError('bad_request', 'The request body must be a Notification document');
  return parseBoundedYaml(text, undefined, 'Notification document');
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) throw new AppError('bad_request', 'The request body must be JSON');
  return parseBoundedJson(text, undefined, 'request body');
}

function range(c: Context<AppEnv>): { from: Date; to: Date } {
  const to = c.req.query('to') ? new Date(String(c.req.query('to'))) : new Date();
  const from = c.req.query('from') ? new Date(String(c.req.query('from'))) : new Date(to.getTime() - 86_400_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    throw new AppError('bad_request', 'from and to must be ISO date-times');
  }
  if (from >= to) throw new AppError('bad_request', 'from must be before to');
  return { from, to };
}

/**
 * Notifications API (spec 000 §7 Notifications; upstream `/notification/*`). Rules, silences and the
 * send history are read through the data API (`notifications_summary`, `notification_silences`,
 * `notification_send_history_summary`); writes come here, each one audited transaction.
 */
export function registerNotificationsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const rules = rulesService(deps);
  const silences = silencesService(deps.database);
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The notifications routes need the access policy (ModuleDeps.dataAccess)');
  // a silence names only resources its caller may read (docs/notifications.md)
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);
  const read = requirePermission('notifications', 'read');
  const write = requirePermission('notifications', 'write');

  app.get('/api/notification/summary', read, async (c) => {
    const { from, to } = range(c);
    return c.json(await rules.summary(from, to));
  });
  app.post('/api/notification/rules', write, async (c) =>
    c.json(await rules.create(await documentBody(c), ctx(c), mayRunPlaybook(c)), 201),
  );
  app.get('/api/notification/rules/:id', read, async (c) => c.json(await rules.get(c.req.param('id'))));
  app.put('/api/notification/rules/:id', write, async (c) =>
    c.json(await rules.update(c.req.param('id'), await documentBody(c), ctx(c), mayRunPlaybook(c))),
  );
  app.delete('/api/notification/rules/:id', write, async (c) => {
    await rules.remove(c.req.param('id'), ctx(c));
    return c.body(null, 204);
  });
  app.post('/api/notification/rules/:id/test', write, async (c) => c.json(await rules.test(c.req.param('id'))));

  app.post('/api/notification/silence', write, async (c) =>
    c.json(await silences.create(await jsonBody(c), ctx(c), await reachOf(c)), 201),
  );
  app.patch('/api/notification/silence/:id', write, async (c) =>
    c.json(await silences.patch(c.req.param('id'), await jsonBody(c), ctx(c), await reachOf(c))),
  );
  app.delete('/api/notification/silence/:id', write, async (c) => {
    await silences.remove(c.req.param('id'), ctx(c));
    return c.body(null, 204);
  });
  app.post('/api/notification/silence_preview', read, async (c) =>
    c.json(await silences.preview(await jsonBody(c), await reachOf(c))),
  );
}
