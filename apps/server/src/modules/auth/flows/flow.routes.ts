import type { OpenAPIHono } from '@hono/zod-openapi';
import { AUTH_ROUTES, ORY_BASE_PATH } from '@mc/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../../platform/request-context.js';
import { randomToken } from '../../../platform/tokens.js';
import { type AuthDeps, flowContext } from '../auth-context.js';
import { KratosError } from '../kratos/kratos-error.js';
import { signedInAnswer } from '../session.service.js';
import type { FlowContext, FlowHandler } from './flow-context.js';
import { createFlow, loadFlow, publicFlow, recordFlowError, storedFlow, submitFlow } from './flow-engine.js';
import { ensureCsrfCookie, readSubmission, setSessionCookie, wantsJson } from './flow-http.js';

/**
 * Answers a provider error as Kratos does: JSON for api clients and for browsers asking for JSON;
 * for plain browser navigations a redirect (home when already signed in, the fresh flow when one
 * expired, otherwise the flow-error page).
 */
export async function answerError(
  c: Context<AppEnv>,
  ctx: FlowContext,
  handler: FlowHandler | undefined,
  error: unknown,
): Promise<Response> {
  if (!(error instanceof KratosError)) throw error;
  if (ctx.type === 'api' || wantsJson(c)) return c.json(error.body(), error.code as 400);
  if (error.errorId === 'session_already_available') return c.redirect(ctx.baseUrl, 303);
  if (error.errorId === 'self_service_flow_expired' && handler && error.extra.use_flow_id) {
    return c.redirect(`${ctx.baseUrl}${handler.uiPath}?flow=${String(error.extra.use_flow_id)}`, 303);
  }
  if (typeof error.extra.redirect_browser_to === 'string') return c.redirect(error.extra.redirect_browser_to, 303);
  const id = await recordFlowError(ctx, error.body().error as Record<string, unknown>);
  return c.redirect(`${ctx.baseUrl}${AUTH_ROUTES.error}?id=${id}`, 303);
}

function routesFor(app: OpenAPIHono<AppEnv>, deps: AuthDeps, handler: FlowHandler): void {
  const base = `${ORY_BASE_PATH}/self-service/${handler.kind}`;

  app.get(`${base}/browser`, async (c) => {
    const ctx = await flowContext(c, deps, 'browser');
    ctx.csrfToken = ensureCsrfCookie(c, () => randomToken('', 32));
    try {
      const flow = await createFlow(ctx, handler, new URL(c.req.url).searchParams);
      if (!wantsJson(c)) return c.redirect(`${ctx.baseUrl}${handler.uiPath}?flow=${flow.id}`, 303);
      return c.json(await publicFlow(ctx, handler, flow), 200);
    } catch (error) {
      return answerError(c, ctx, handler, error);
    }
  });

  app.get(`${base}/api`, async (c) => {
    const ctx = await flowContext(c, deps, 'api');
    try {
      const flow = await createFlow(ctx, handler, new URL(c.req.url).searchParams);
      return c.json(await publicFlow(ctx, handler, flow), 200);
    } catch (error) {
      return answerError(c, ctx, handler, error);
    }
  });

  app.get(`${base}/flows`, async (c) => {
    const id = c.req.query('id');
    const stored = id ? await storedFlow(deps.database.db, id) : undefined;
    const ctx = await flowContext(c, deps, stored?.type ?? 'api');
    try {
      const flow = await loadFlow(ctx, handler, id);
      return c.json(await publicFlow(ctx, handler, flow), 200);
    } catch (error) {
      return answerError(c, { ...ctx, type: 'api' }, handler, error);
    }
  });

  app.post(base, async (c) => {
    const id = c.req.query('flow');
    const stored = id ? await storedFlow(deps.database.db, id) : undefined;
    const ctx = await flowContext(c, deps, stored?.type ?? 'api');
    try {
      const body = await readSubmission(c);
      const { flow, outcome } = await submitFlow(ctx, handler, id, body);
      const json = ctx.type === 'api' || wantsJson(c);
      if (outcome.kind === 'updated' && outcome.issued)
        setSessionCookie(c, outcome.issued.token, outcome.issued.session.expires_at);
      if (outcome.kind === 'invalid' || outcome.kind === 'updated') {
        if (!json) return c.redirect(`${ctx.baseUrl}${handler.uiPath}?flow=${flow.id}`, 303);
        const status = outcome.kind === 'updated' ? 200 : (outcome.status ?? 400);
        return c.json(await publicFlow(ctx, handler, flow), status);
      }
      if (outcome.kind === 'continue') {
        // show_verification_ui carries the verification flow with its console url
        const next = (outcome.continueWith[0]?.flow as { url?: string } | undefined)?.url ?? ctx.baseUrl;
        return json ? c.json({ continue_with: outcome.continueWith }, 200) : c.redirect(next, 303);
      }
      const issued = outcome.issued;
      if (issued && ctx.type === 'browser') setSessionCookie(c, issued.token, issued.session.expires_at);
      const redirectTo = outcome.kind === 'redirect' ? outcome.to : (flow.return_to ?? ctx.baseUrl);
      if (!json) return c.redirect(redirectTo, 303);
      if (outcome.kind === 'redirect' && ctx.type === 'browser') {
        return c.json(
          new KratosError(422, 'browser_location_change_required', 'browser location change required', undefined, {
            redirect_browser_to: redirectTo,
          }).body(),
          422,
        );
      }
      const continueWith = [...(outcome.continueWith ?? [])];
      if (ctx.type === 'browser') continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: redirectTo });
      if (!issued) return c.json({ continue_with: continueWith }, 200);
      const answer = await signedInAnswer(ctx.db, issued, ctx.baseUrl, {
        continueWith,
        withIdentity: handler.kind === 'registration',
        withToken: ctx.type === 'api',
      });
      return c.json(answer, 200);
    } catch (error) {
      return answerError(c, ctx, handler, error);
    }
  });
}

/** Mounts Kratos's self-service endpoints of every flow handler under /api/.ory. */
export function registerFlowRoutes(app: OpenAPIHono<AppEnv>, deps: AuthDeps, handlers: readonly FlowHandler[]): void {
  for (const handler of handlers) routesFor(app, deps, handler);
}
