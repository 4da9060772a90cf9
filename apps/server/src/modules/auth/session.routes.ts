import type { OpenAPIHono } from '@hono/zod-openapi';
import { ORY_BASE_PATH } from '@mc/contracts';
import type { AppEnv } from '../../platform/request-context.js';
import { type AuthDeps, flowContext } from './auth-context.js';
import { flowErrorJson } from './flows/flow-engine.js';
import { baseUrlOf, clearSessionCookie, readSubmission, sessionTokenOf, wantsJson } from './flows/flow-http.js';
import { identityHasSecondFactor } from './flows/login.flow.js';
import { KRATOS_ERRORS } from './kratos/kratos-error.js';
import {
  endSessionByLogoutToken,
  endSessionByToken,
  findSession,
  issueLogoutToken,
  sessionJson,
} from './session.service.js';

/**
 * Kratos's session endpoints: who-am-I (with aal: a session below the identity's highest available
 * level answers 403 session_aal2_required), the logout URL and token, logout, api logout, and
 * stored flow errors.
 */
export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AuthDeps): void {
  const db = deps.database.db;

  app.get(`${ORY_BASE_PATH}/sessions/whoami`, async (c) => {
    const current = await findSession(db, sessionTokenOf(c));
    if (!current) return c.json(KRATOS_ERRORS.noSession().body(), 401);
    const base = baseUrlOf(c, deps.config);
    if (current.session.aal === 'aal1' && (await identityHasSecondFactor(db, current.identity.id))) {
      return c.json(
        KRATOS_ERRORS.aal2Required(`${base}${ORY_BASE_PATH}/self-service/login/browser?aal=aal2`).body(),
        403,
      );
    }
    return c.json(await sessionJson(db, current.session, current.identity, base), 200);
  });

  app.get(`${ORY_BASE_PATH}/self-service/logout/browser`, async (c) => {
    const current = await findSession(db, sessionTokenOf(c));
    if (!current) return c.json(KRATOS_ERRORS.noSession().body(), 401);
    const logoutToken = await issueLogoutToken(db, current.session.id);
    const base = baseUrlOf(c, deps.config);
    const returnTo = c.req.query('return_to');
    const suffix = returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : '';
    return c.json(
      {
        logout_token: logoutToken,
        logout_url: `${base}${ORY_BASE_PATH}/self-service/logout?token=${logoutToken}${suffix}`,
      },
      200,
    );
  });

  app.get(`${ORY_BASE_PATH}/self-service/logout`, async (c) => {
    const ctx = await flowContext(c, deps, 'browser');
    const token = c.req.query('token') ?? '';
    if (!token || !(await endSessionByLogoutToken(db, token, 'GET /api/.ory/self-service/logout', c.var.requestId))) {
      const error = KRATOS_ERRORS.badRequest('The logout token is invalid or the session has already ended.');
      return c.json(error.body(), 400);
    }
    clearSessionCookie(c);
    if (wantsJson(c)) return c.body(null, 204);
    const returnTo = c.req.query('return_to');
    const safe =
      returnTo?.startsWith('/') && !returnTo.startsWith('//') ? `${ctx.baseUrl}${returnTo}` : `${ctx.baseUrl}/login`;
    return c.redirect(safe, 303);
  });

  app.delete(`${ORY_BASE_PATH}/self-service/logout/api`, async (c) => {
    const body = await readSubmission(c).catch(() => ({}) as Record<string, string>);
    const token = body.session_token ?? '';
    if (!token) return c.json(KRATOS_ERRORS.badRequest('Property session_token is missing.').body(), 400);
    if (!(await endSessionByToken(db, token, 'DELETE /api/.ory/self-service/logout/api', c.var.requestId)))
      return c.json(KRATOS_ERRORS.noSession().body(), 403);
    return c.body(null, 204);
  });

  app.get(`${ORY_BASE_PATH}/self-service/errors`, async (c) => {
    const error = await flowErrorJson(db, c.req.query('id') ?? '');
    if (!error) return c.json(KRATOS_ERRORS.notFound().body(), 404);
    return c.json(error, 200);
  });
}
