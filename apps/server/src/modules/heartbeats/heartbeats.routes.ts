import { HEARTBEAT_MAX_BODY_BYTES, HEARTBEAT_NOT_FOUND, HEARTBEAT_PATH } from '@mc/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { parseBoundedJson } from '../../platform/bounded-json.js';
import { AppError } from '../../platform/errors.js';
import { auditContext } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import { describeGuard } from '../../platform/route-permission.js';
import { heartbeatsService } from './heartbeats.service.js';

/** Anyone may call a heartbeat URL: the token in it (or its header) is the only credential. */
const anyone: MiddlewareHandler<AppEnv> = describeGuard<MiddlewareHandler<AppEnv>>(async (_c, next) => next(), {
  public: true,
});

/** The headers kept with a call's result: never credentials or cookies. */
const KEPT_HEADERS = ['content-type', 'user-agent'] as const;

async function callBody(c: Context<AppEnv>): Promise<{ json?: unknown; content?: string }> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > HEARTBEAT_MAX_BODY_BYTES)
    throw new AppError('bad_request', `The call body may be at most ${HEARTBEAT_MAX_BODY_BYTES} bytes`);
  const text = await c.req.text();
  if (text.length > HEARTBEAT_MAX_BODY_BYTES)
    throw new AppError('bad_request', `The call body may be at most ${HEARTBEAT_MAX_BODY_BYTES} bytes`);
  if (!text.trim()) return {};
  if ((c.req.header('content-type') ?? '').includes('json')) {
    return { json: parseBoundedJson(text, undefined, 'call body') };
  }
  return { content: text };
}

/**
 * Heartbeat (push) checks (docs/health-checks.md): `POST /webhook/{token}` or `POST /webhook` with a
 * `Webhook-Token` header (upstream canary-checker's URL; its `?token=` form too) records a call; the
 * token API under `/api/heartbeats` needs the canaries write right (read for the state) and a check the
 * caller may read.
 */
export function registerHeartbeatsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const heartbeats = heartbeatsService(deps.database);
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The heartbeats routes need the access policy (ModuleDeps.dataAccess)');
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);
  const read = requirePermission('canaries', 'read');
  const write = requirePermission('canaries', 'write');

  const take = async (c: Context<AppEnv>, token: string | undefined) => {
    if (!token || token.length > 200) throw new AppError('not_found', HEARTBEAT_NOT_FOUND);
    const body = await callBody(c);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = c.req.header(name);
      if (value) headers[name] = value.slice(0, 200);
    }
    const status = await heartbeats.call({
      token,
      status: c.req.query('status'),
      message: c.req.query('message') ?? c.req.query('msg'),
      headers,
      ...body,
    });
    return c.json({ message: 'ok' as const, status });
  };
  app.post(`${HEARTBEAT_PATH}/:token`, anyone, async (c) => take(c, c.req.param('token')));
  app.post(HEARTBEAT_PATH, anyone, async (c) => take(c, c.req.header('webhook-token') ?? c.req.query('token')));

  app.get('/api/heartbeats/:checkId', read, async (c) =>
    c.json(await heartbeats.state(c.req.param('checkId'), await reachOf(c))),
  );
  app.post('/api/heartbeats/:checkId/token', write, async (c) =>
    c.json(await heartbeats.issue(c.req.param('checkId'), auditContext(c), await reachOf(c)), 201),
  );
  app.delete('/api/heartbeats/:checkId/token', write, async (c) => {
    await heartbeats.revoke(c.req.param('checkId'), auditContext(c), await reachOf(c));
    return c.body(null, 204);
  });
}
