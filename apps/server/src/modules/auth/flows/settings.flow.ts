import { AUTH_LIMITS, AUTH_ROUTES, ORY_BASE_PATH } from '@mc/contracts';
import {
  deleteCredential,
  displayName,
  findPersonByEmail,
  getIdentity,
  listCredentials,
  replaceAddress,
  type Traits,
  updateTraits,
  upsertCredential,
} from '../identity.repo.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { addFieldMessage, clearMessages, csrfNode } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { linkedProviders, unlinkAccount } from '../oidc/oidc-identity.js';
import { oidcSettingsNodes } from '../oidc/oidc-nodes.js';
import { oidcProviders } from '../oidc/oidc-providers.js';
import { startOidc } from '../oidc/oidc-start.js';
import { hashPassword, passwordPolicyViolation } from '../password.js';
import { lookupConfigOf, newLookupCodes, newTotpSecret, totpStep } from '../second-factor.js';
import { revokeOtherSessions } from '../session.repo.js';
import { identityJson, issueSession, methodNow } from '../session.service.js';
import { keysOf, registrationOptions, verifyRegistration } from '../webauthn.js';
import type { FlowRow } from './flow.repo.js';
import type { FlowContext, FlowHandler, FlowOutcome, Submission } from './flow-context.js';
import { lookupNodes, passwordNodes, profileNodes, totpNodes } from './settings-nodes.js';
import { webauthnSettingsNodes } from './webauthn-nodes.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Rebuilds every node group from the identity's current state (after a change or at start). */
async function buildNodes(
  ctx: FlowContext,
  flow: Pick<FlowRow, 'csrf_token' | 'type' | 'internal'>,
  identityId: string,
) {
  const identity = await getIdentity(ctx.db, identityId);
  if (!identity) throw KRATOS_ERRORS.noSession();
  const credentials = await listCredentials(ctx.db, identityId);
  const secret = typeof flow.internal.totp_secret === 'string' ? flow.internal.totp_secret : newTotpSecret();
  flow.internal = { ...flow.internal, totp_secret: secret };
  const pending = Array.isArray(flow.internal.lookup_codes) ? (flow.internal.lookup_codes as string[]) : undefined;
  const keys = keysOf(credentials.find((c) => c.type === 'webauthn'));
  const user = { id: identityId, email: identity.traits.email, name: displayName(identity.traits) };
  const options = await registrationOptions(ctx.baseUrl, user, keys);
  flow.internal = { ...flow.internal, webauthn_challenge: options.challenge };
  return [
    ...(flow.type === 'browser' ? [csrfNode(flow.csrf_token)] : []),
    ...profileNodes(identity.traits),
    ...passwordNodes(),
    ...(await totpNodes(credentials, secret, identity.traits.email)),
    ...lookupNodes(pending),
    ...webauthnSettingsNodes(keys, options),
    ...oidcSettingsNodes(oidcProviders(ctx.config), linkedProviders(credentials)),
  ];
}

/** Password, TOTP and backup-code changes need a recent sign-in (Kratos's privileged session). */
function requirePrivileged(ctx: FlowContext, flow: FlowRow): void {
  const current = ctx.current;
  if (!current) throw KRATOS_ERRORS.noSession();
  if (Date.now() - current.session.authenticated_at.getTime() <= AUTH_LIMITS.privilegedSessionMs) return;
  const returnTo = encodeURIComponent(`${ctx.baseUrl}${AUTH_ROUTES.settings}?flow=${flow.id}`);
  throw KRATOS_ERRORS.refreshRequired(
    `${ctx.baseUrl}${ORY_BASE_PATH}/self-service/login/browser?refresh=true&return_to=${returnTo}`,
  );
}

/**
 * A privilege change rotates a browser session (new token, cookie replaced) at the given level;
 * an api client keeps its token, so its session is left as is.
 */
async function rotate(ctx: FlowContext, aal: 'aal1' | 'aal2', method?: 'totp' | 'webauthn') {
  const current = ctx.current;
  if (!current || ctx.type !== 'browser') return undefined;
  return issueSession(ctx.db, current.identity.id, {
    aal,
    methods: method ? [...current.session.methods, methodNow(method, 'aal2')] : current.session.methods,
    authenticatedAt: current.session.authenticated_at,
    replaces: current.session.id,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
}

async function saveProfile(
  ctx: FlowContext,
  flow: FlowRow,
  body: Submission,
  identityId: string,
): Promise<FlowOutcome> {
  const identity = await getIdentity(ctx.db, identityId);
  if (!identity) throw KRATOS_ERRORS.noSession();
  const traits: Traits = {
    email: (body['traits.email'] ?? identity.traits.email).trim().toLowerCase(),
    name: { first: (body['traits.name.first'] ?? '').trim(), last: (body['traits.name.last'] ?? '').trim() },
  };
  if (!EMAIL.test(traits.email)) {
    addFieldMessage(flow.ui, 'traits.email', TEXT.validation(`"${traits.email}" is not valid "email"`));
    return { kind: 'invalid' };
  }
  const emailChanged = traits.email !== identity.traits.email;
  if (emailChanged) {
    requirePrivileged(ctx, flow);
    const other = await findPersonByEmail(ctx.db, traits.email);
    if (other && other.id !== identityId) {
      flow.ui.messages = [TEXT.duplicate()];
      return { kind: 'invalid' };
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await updateTraits(trx, identityId, traits);
    if (emailChanged) {
      await replaceAddress(trx, identityId, traits.email);
      const password = (await listCredentials(trx, identityId)).find((c) => c.type === 'password');
      if (password) await upsertCredential(trx, identityId, 'password', password.config, [traits.email]);
    }
  });
  return { kind: 'updated' };
}

async function savePassword(
  ctx: FlowContext,
  flow: FlowRow,
  body: Submission,
  identityId: string,
): Promise<FlowOutcome> {
  requirePrivileged(ctx, flow);
  const password = body.password ?? '';
  const identity = await getIdentity(ctx.db, identityId);
  const violation = password ? passwordPolicyViolation(password, identity?.traits.email ?? '') : undefined;
  if (!password || violation) {
    addFieldMessage(
      flow.ui,
      'password',
      password ? TEXT.passwordPolicy(violation as string) : TEXT.required('password'),
    ); // set when password is non-empty here
    return { kind: 'invalid' };
  }
  await upsertCredential(ctx.db, identityId, 'password', { hashed_password: await hashPassword(password) }, [
    identity?.traits.email ?? '',
  ]);
  const issued = await rotate(ctx, ctx.current?.session.aal ?? 'aal1');
  await revokeOtherSessions(ctx.db, identityId, issued?.session.id ?? ctx.current?.session.id ?? null);
  return { kind: 'updated', issued };
}

async function saveTotp(ctx: FlowContext, flow: FlowRow, body: Submission, identityId: string): Promise<FlowOutcome> {
  requirePrivileged(ctx, flow);
  if (body.totp_unlink === 'true') {
    await deleteCredential(ctx.db, identityId, 'totp');
    flow.internal = { ...flow.internal, totp_secret: newTotpSecret() };
    return { kind: 'updated', issued: await rotate(ctx, 'aal1') };
  }
  const secret = String(flow.internal.totp_secret ?? '');
  const step = secret ? totpStep(secret, (body.totp_code ?? '').trim()) : null;
  if (step === null) {
    addFieldMessage(flow.ui, 'totp_code', TEXT.invalidTotp());
    return { kind: 'invalid' };
  }
  await upsertCredential(ctx.db, identityId, 'totp', { secret, last_step: step });
  return { kind: 'updated', issued: await rotate(ctx, 'aal2', 'totp') };
}

async function saveLookup(ctx: FlowContext, flow: FlowRow, body: Submission, identityId: string): Promise<FlowOutcome> {
  requirePrivileged(ctx, flow);
  if (body.lookup_secret_confirm === 'true' && Array.isArray(flow.internal.lookup_codes)) {
    const codes = flow.internal.lookup_codes as string[]; // checked by Array.isArray above
    await upsertCredential(ctx.db, identityId, 'lookup_secret', lookupConfigOf(codes));
    const { lookup_codes: _shown, ...rest } = flow.internal;
    flow.internal = rest;
    return { kind: 'updated' };
  }
  if (body.lookup_secret_regenerate === 'true') {
    flow.internal = { ...flow.internal, lookup_codes: newLookupCodes() };
    return { kind: 'updated' };
  }
  flow.ui.messages = [TEXT.noLoginStrategy()];
  return { kind: 'invalid' };
}

/**
 * Adds a security key (verified against the flow's challenge; the session becomes aal2 as when
 * TOTP is linked, since whoami asks for the highest level) or removes one by id.
 */
async function saveWebauthn(
  ctx: FlowContext,
  flow: FlowRow,
  body: Submission,
  identityId: string,
): Promise<FlowOutcome> {
  requirePrivileged(ctx, flow);
  const credential = (await listCredentials(ctx.db, identityId)).find((c) => c.type === 'webauthn');
  const keys = keysOf(credential);
  if (body.webauthn_remove) {
    const left = keys.filter((key) => key.id !== body.webauthn_remove);
    if (left.length === keys.length) {
      flow.ui.messages = [TEXT.noLoginStrategy()];
      return { kind: 'invalid' };
    }
    if (left.length) await upsertCredential(ctx.db, identityId, 'webauthn', { credentials: left });
    else await deleteCredential(ctx.db, identityId, 'webauthn');
    return { kind: 'updated', issued: await rotate(ctx, ctx.current?.session.aal ?? 'aal1') };
  }
  const challenge = typeof flow.internal.webauthn_challenge === 'string' ? flow.internal.webauthn_challenge : '';
  const name = (body.webauthn_register_displayname ?? '').trim().slice(0, 100) || 'Security key';
  const key = await verifyRegistration(ctx.baseUrl, challenge, body.webauthn_register ?? '', name);
  if (!key) {
    addFieldMessage(flow.ui, 'webauthn_register_displayname', TEXT.webauthnFailed());
    return { kind: 'invalid' };
  }
  await upsertCredential(ctx.db, identityId, 'webauthn', { credentials: [...keys, key] });
  return { kind: 'updated', issued: await rotate(ctx, 'aal2', 'webauthn') };
}

/** Links a provider (off to its authorization page; the callback finishes) or unlinks one. */
async function saveOidc(ctx: FlowContext, flow: FlowRow, body: Submission, identityId: string): Promise<FlowOutcome> {
  requirePrivileged(ctx, flow);
  if (body.link) return startOidc(ctx, flow, body.link);
  if (body.unlink && (await unlinkAccount(ctx.db, identityId, body.unlink)) === 'unlinked') return { kind: 'updated' };
  flow.ui.messages = [
    body.unlink
      ? TEXT.validation('can not unlink the OpenID Connect connection because it is the last way to sign in')
      : TEXT.noLoginStrategy(),
  ];
  return { kind: 'invalid' };
}

/** Rebuilds the nodes of a settings flow after a change and marks it saved (also used by the OIDC callback). */
export async function markSettingsSaved(ctx: FlowContext, flow: FlowRow, method: string): Promise<void> {
  flow.ui.nodes = await buildNodes(ctx, flow, flow.identity_id as string); // settings flows always belong to an identity
  flow.ui.messages = [TEXT.settingsSaved()];
  flow.state = 'success';
  flow.active = method;
}

/** The settings flow: profile, password, TOTP with a QR code, backup recovery codes, security keys, social sign-in. */
export const settingsFlow: FlowHandler = {
  kind: 'settings',
  uiPath: AUTH_ROUTES.settings,
  needsSession: true,
  expiredText: (minutes) => TEXT.settingsExpired(minutes),

  async init(ctx) {
    const current = ctx.current;
    if (!current) throw KRATOS_ERRORS.noSession();
    // createFlow adds the csrf node itself, so the nodes are built as for an api flow here.
    const draft = { csrf_token: '', type: 'api' as const, internal: {} };
    const nodes = await buildNodes(ctx, draft, current.identity.id);
    return {
      state: 'show_form',
      nodes,
      internal: draft.internal,
      identityId: current.identity.id,
      sessionId: current.session.id,
    };
  },

  async submit(ctx, flow, body): Promise<FlowOutcome> {
    clearMessages(flow.ui);
    const identityId = flow.identity_id as string; // settings flows always belong to an identity
    // as in Kratos, the security-key buttons stand for their method when none is sent
    const method =
      body.method ||
      (body.webauthn_register || body.webauthn_remove ? 'webauthn' : body.link || body.unlink ? 'oidc' : '');
    const handlers: Record<string, typeof saveProfile> = {
      profile: saveProfile,
      password: savePassword,
      totp: saveTotp,
      lookup_secret: saveLookup,
      webauthn: saveWebauthn,
      oidc: saveOidc,
    };
    const handler = handlers[method];
    if (!handler) {
      flow.ui.messages = [TEXT.noLoginStrategy()];
      return { kind: 'invalid' };
    }
    const outcome = await handler(ctx, flow, body, identityId);
    if (outcome.kind === 'updated') await markSettingsSaved(ctx, flow, method);
    return outcome;
  },

  async extras(ctx, flow) {
    const identity = flow.identity_id ? await getIdentity(ctx.db, flow.identity_id) : undefined;
    return identity ? { identity: await identityJson(ctx.db, identity, ctx.baseUrl) } : {};
  },
};
