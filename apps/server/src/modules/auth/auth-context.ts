import type { Database } from '@mc/db';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Config } from '../../platform/config.js';
import type { Mailer } from '../../platform/mailer.js';
import type { AppEnv } from '../../platform/request-context.js';
import type { FlowContext } from './flows/flow-context.js';
import { baseUrlOf, CSRF_COOKIE, sessionTokenOf, sourceAddressOf } from './flows/flow-http.js';
import { findSession } from './session.service.js';

/** What the identity provider's routes need. */
export interface AuthDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
}

/**
 * The flow context of a request. Browser flows read the session from the cookie (or a token
 * header); api flows only from `X-Session-Token` / `Authorization: Bearer`.
 */
export async function flowContext(c: Context<AppEnv>, deps: AuthDeps, type: 'browser' | 'api'): Promise<FlowContext> {
  const token = sessionTokenOf(c, type === 'browser');
  const current = await findSession(deps.database.db, token);
  return {
    db: deps.database.db,
    config: deps.config,
    log: c.var.log,
    mailer: deps.mailer,
    current,
    baseUrl: baseUrlOf(c, deps.config),
    requestUrl: c.req.url,
    type,
    csrfToken: getCookie(c, CSRF_COOKIE) ?? '',
    userAgent: c.req.header('user-agent')?.slice(0, 300),
    ip: sourceAddressOf(c),
    requestId: c.var.requestId,
  };
}
