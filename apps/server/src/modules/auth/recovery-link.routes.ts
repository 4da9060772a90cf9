import { AUTH_ROUTES, createRecoveryLinkSchema, ORY_BASE_PATH } from '@mc/contracts';
import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { randomToken } from '../../platform/tokens.js';
import { type AuthDeps, flowContext } from './auth-context.js';
import { answerError } from './flows/flow.routes.js';
import { createFlow, saveFlowAudited, saveFlowMessages } from './flows/flow-engine.js';
import { baseUrlOf, ensureCsrfCookie, setSessionCookie } from './flows/flow-http.js';
import { signInRecovered } from './flows/recovered-session.js';
import { recoveryFlow } from './flows/recovery.flow.js';
import { jsonBody, onlyJson } from './json-body.js';
import { TEXT } from './kratos/ui-text.js';
import { createRecoveryLink, redeemRecoveryLink } from './recovery-link.service.js';

/**
 * `POST /api/auth/recovery_link` (administrators) and the link it answers,
 * `GET /api/.ory/self-service/recovery?flow=&token=` (Kratos's link method): a live token signs the
 * browser in as the person and sends it to set a new password; a used, expired or wrong one sends it to
 * a fresh recovery flow saying so. The token is never logged nor audited.
 */
export function registerRecoveryLinkRoutes(app: Hono<AppEnv>, deps: AuthDeps): void {
  app.post(
    '/api/auth/recovery_link',
    requirePermission('identities', 'write'),
    onlyJson,
    jsonBody(createRecoveryLinkSchema),
    async (c) => {
      const audit = { actor: c.var.actor, requestId: c.var.requestId };
      const { personId } = c.req.valid('json');
      return c.json(await createRecoveryLink(deps.database, personId, baseUrlOf(c, deps.config), audit), 201);
    },
  );

  app.get(`${ORY_BASE_PATH}/self-service/recovery`, async (c) => {
    const ctx = await flowContext(c, deps, 'browser');
    ctx.csrfToken = ensureCsrfCookie(c, () => randomToken('', 32));
    const flowId = c.req.query('flow') ?? '';
    const token = c.req.query('token') ?? '';
    const redeemed = await redeemRecoveryLink(ctx, flowId, token);
    if (!redeemed) {
      try {
        const fresh = await createFlow(ctx, recoveryFlow, new URLSearchParams());
        fresh.ui.messages = [TEXT.invalidRecoveryLink()];
        await saveFlowMessages(ctx, fresh);
        return c.redirect(`${ctx.baseUrl}${AUTH_ROUTES.recovery}?flow=${fresh.id}`, 303);
      } catch (error) {
        // a signed-in browser gets no fresh recovery flow (session_already_available), as on /recovery/browser
        return answerError(c, ctx, recoveryFlow, error);
      }
    }
    const { flow, identity } = redeemed;
    const { issued, url } = await signInRecovered(ctx, identity);
    flow.state = 'passed_challenge';
    await saveFlowAudited(ctx, flow, { identityId: identity.id, method: 'link', outcome: 'redirect' });
    setSessionCookie(c, issued.token, issued.session.expires_at);
    return c.redirect(url, 303);
  });
}
