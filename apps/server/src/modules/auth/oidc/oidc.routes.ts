import type { OpenAPIHono } from '@hono/zod-openapi';
import { ORY_BASE_PATH } from '@mc/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../../platform/request-context.js';
import { safeEqual } from '../../../platform/tokens.js';
import { type AuthDeps, flowContext } from '../auth-context.js';
import { answerError } from '../flows/flow.routes.js';
import type { FlowContext, FlowHandler } from '../flows/flow-context.js';
import { type FlowRow, loadFlow, saveFlowAudited, saveFlowMessages, storedFlow } from '../flows/flow-engine.js';
import { setSessionCookie } from '../flows/flow-http.js';
import { loginFlow } from '../flows/login.flow.js';
import { registrationFlow } from '../flows/registration.flow.js';
import { selfRegistrationEnabled } from '../flows/self-registration.js';
import { markSettingsSaved, settingsFlow } from '../flows/settings.flow.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { TEXT } from '../kratos/ui-text.js';
import { issueSession, methodNow } from '../session.service.js';
import { exchangeCode, type IdClaims, type OidcPending } from './oidc-client.js';
import { identityOfAccount, linkAccount, registerFromClaims } from './oidc-identity.js';
import { findProvider } from './oidc-providers.js';

const HANDLERS: Record<string, FlowHandler> = {
  login: loginFlow,
  registration: registrationFlow,
  settings: settingsFlow,
};

/** Back to the flow's console page, which shows the flow's (new) messages. */
async function backToFlow(c: Context<AppEnv>, ctx: FlowContext, handler: FlowHandler, flow: FlowRow) {
  await saveFlowMessages(ctx, flow);
  return c.redirect(`${ctx.baseUrl}${handler.uiPath}?flow=${flow.id}`, 303);
}

/** Signs in (login or registration): a linked account signs its identity in; a new one registers. */
async function signIn(
  c: Context<AppEnv>,
  ctx: FlowContext,
  handler: FlowHandler,
  flow: FlowRow,
  provider: string,
  claims: IdClaims,
) {
  let identityId = await identityOfAccount(ctx.db, provider, claims.sub);
  if (!identityId) {
    const registered = await registerFromClaims(ctx.db, provider, claims, {
      defaultRole: ctx.config.MC_DEFAULT_ROLE,
      selfRegistration: selfRegistrationEnabled(ctx.config),
    });
    if (typeof registered === 'string') {
      flow.ui.messages = [
        registered === 'exists'
          ? TEXT.oidcDuplicate()
          : registered === 'disabled'
            ? TEXT.validation(
                'Registration is not allowed because it was disabled. Ask an administrator for an invitation.',
              )
            : TEXT.validation(`${provider} did not share an email address, which an account needs`),
      ];
      return backToFlow(c, ctx, handler, flow);
    }
    identityId = registered.identityId;
  }
  const issued = await issueSession(ctx.db, identityId, {
    aal: 'aal1',
    methods: [methodNow('oidc', 'aal1')],
    replaces: ctx.current?.session.id ?? null,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  flow.state = 'passed_challenge';
  await saveFlowAudited(ctx, flow, { identityId, method: 'oidc', outcome: 'session' });
  setSessionCookie(c, issued.token, issued.session.expires_at);
  return c.redirect(flow.return_to ?? ctx.baseUrl, 303);
}

/**
 * Kratos's OIDC callback: the state names the flow and must equal the one stored with it (used once),
 * the browser must hold the flow's CSRF cookie, the code is exchanged with the PKCE verifier and the
 * id_token verified. Then the login or registration signs in, or the settings flow links the account.
 */
async function callback(c: Context<AppEnv>, deps: AuthDeps): Promise<Response> {
  const ctx = await flowContext(c, deps, 'browser');
  const state = c.req.query('state') ?? '';
  const stored = await storedFlow(ctx.db, state.split('.')[0] ?? '');
  const handler = stored ? HANDLERS[stored.kind] : undefined;
  try {
    const pending = stored?.internal.oidc as OidcPending | undefined; // written by startOidc
    const provider = findProvider(ctx.config, c.req.param('provider'));
    if (
      !stored ||
      !handler ||
      !pending ||
      !provider ||
      pending.provider !== provider.id ||
      !safeEqual(pending.state, state)
    )
      throw KRATOS_ERRORS.badRequest(
        'The OpenID Connect state is unknown, was used already, or belongs to another provider.',
      );
    const flow = await loadFlow(ctx, handler, stored.id);
    const { oidc: _used, ...rest } = flow.internal;
    flow.internal = rest;
    const code = c.req.query('code');
    if (!code) {
      flow.ui.messages = [
        TEXT.validation(`${provider.id} answered: ${c.req.query('error') ?? 'no authorization code'}`),
      ];
      return backToFlow(c, ctx, handler, flow);
    }
    let claims: IdClaims;
    try {
      claims = await exchangeCode(provider, ctx.baseUrl, code, pending);
    } catch (error) {
      ctx.log.warn('OpenID Connect sign-in failed', { provider: provider.id, error });
      flow.ui.messages = [TEXT.validation(`Signing in with ${provider.id} failed, please try again.`)];
      return backToFlow(c, ctx, handler, flow);
    }
    if (flow.kind !== 'settings') return signIn(c, ctx, handler, flow, provider.id, claims);
    const identityId = flow.identity_id as string; // settings flows always belong to an identity
    if ((await linkAccount(ctx.db, identityId, provider.id, claims.sub)) === 'taken') {
      flow.ui.messages = [TEXT.validation(`This ${provider.id} account is linked to another account already.`)];
      return backToFlow(c, ctx, handler, flow);
    }
    await markSettingsSaved(ctx, flow, 'oidc');
    await saveFlowAudited(ctx, flow, { identityId, method: 'oidc', outcome: 'linked' });
    return c.redirect(`${ctx.baseUrl}${handler.uiPath}?flow=${flow.id}`, 303);
  } catch (error) {
    return answerError(c, ctx, handler, error);
  }
}

/** Mounts Kratos's OIDC callback (`/self-service/methods/oidc/callback/{provider}`). */
export function registerOidcRoutes(app: OpenAPIHono<AppEnv>, deps: AuthDeps): void {
  app.get(`${ORY_BASE_PATH}/self-service/methods/oidc/callback/:provider`, (c) => callback(c, deps));
}
