import { AUTH_ROUTES } from '@mc/contracts';
import { type CredentialRow, type Db, findCredentialByIdentifier, listCredentials } from '../identity.repo.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { addFieldMessage, clearMessages, input, type UiNode } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { oidcStartNodes } from '../oidc/oidc-nodes.js';
import { oidcProviders } from '../oidc/oidc-providers.js';
import { startOidc } from '../oidc/oidc-start.js';
import { verifyPassword } from '../password.js';
import { consumeLookup, consumeTotp } from '../second-factor.js';
import { issueSession, methodNow } from '../session.service.js';
import { authenticationOptions, keysOf, verifyAuthentication } from '../webauthn.js';
import { type Attempt, beginAttempt } from './attempts.js';
import type { FlowRow } from './flow.repo.js';
import type { FlowContext, FlowHandler, FlowInit, FlowOutcome, Submission } from './flow-context.js';
import { webauthnLoginNodes } from './webauthn-nodes.js';

const SECOND_FACTORS = ['totp', 'lookup_secret', 'webauthn'] as const;

/** Whether an identity has a second factor (so aal2 is its highest available level). */
export function hasSecondFactor(credentials: CredentialRow[]): boolean {
  return credentials.some((c) => (SECOND_FACTORS as readonly string[]).includes(c.type));
}

/** Whether the identity has a second factor among its stored credentials (a session at aal1 must step up). */
export async function identityHasSecondFactor(db: Db, identityId: string): Promise<boolean> {
  return hasSecondFactor(await listCredentials(db, identityId));
}

function passwordNodes(identifier?: string): UiNode[] {
  return [
    identifier
      ? input('default', 'identifier', 'hidden', { value: identifier, required: true })
      : input('default', 'identifier', 'text', {
          value: '',
          required: true,
          autocomplete: 'username',
          label: TEXT.id(),
        }),
    input('password', 'password', 'password', {
      required: true,
      autocomplete: 'current-password',
      label: TEXT.password(),
    }),
    input('password', 'method', 'submit', { value: 'password', label: TEXT.signIn() }),
  ];
}

/** Second-factor nodes for the identity's factors; WebAuthn options come with their challenge. */
async function secondFactorNodes(
  ctx: FlowContext,
  credentials: CredentialRow[],
): Promise<{ nodes: UiNode[]; internal: Record<string, unknown> }> {
  const nodes: UiNode[] = [];
  const internal: Record<string, unknown> = {};
  const keys = keysOf(credentials.find((c) => c.type === 'webauthn'));
  if (keys.length) {
    const options = await authenticationOptions(ctx.baseUrl, keys);
    internal.webauthn_challenge = options.challenge;
    nodes.push(...webauthnLoginNodes(options));
  }
  if (credentials.some((c) => c.type === 'totp')) {
    nodes.push(
      input('totp', 'totp_code', 'text', { required: true, autocomplete: 'one-time-code', label: TEXT.totpLabel() }),
      input('totp', 'method', 'submit', { value: 'totp', label: TEXT.useAuthenticator() }),
    );
  }
  if (credentials.some((c) => c.type === 'lookup_secret')) {
    nodes.push(
      input('lookup_secret', 'lookup_secret', 'text', {
        required: true,
        autocomplete: 'off',
        label: TEXT.lookupLabel(),
      }),
      input('lookup_secret', 'method', 'submit', { value: 'lookup_secret', label: TEXT.useLookup() }),
    );
  }
  return { nodes, internal };
}

const lockKey = (identifier: string) => `login:${identifier.trim().toLowerCase()}`;

/** The "too many attempts" answer (429 with the flow), the same for known and unknown accounts. */
function tooMany(flow: FlowRow): FlowOutcome {
  flow.ui.messages = [TEXT.tooManyAttempts()];
  return { kind: 'invalid', status: 429 };
}

/** Reports a failed attempt and sets the flow's message: the same words for known and unknown accounts. */
async function failed(flow: FlowRow, attempt: Attempt, message = TEXT.invalidCredentials()): Promise<FlowOutcome> {
  if (await attempt.failed()) return tooMany(flow);
  flow.ui.messages = [message];
  return { kind: 'invalid' };
}

async function submitPassword(ctx: FlowContext, flow: FlowRow, body: Submission): Promise<FlowOutcome> {
  const identifier = (body.identifier ?? '').trim();
  if (!identifier) addFieldMessage(flow.ui, 'identifier', TEXT.required('identifier'));
  if (!body.password) addFieldMessage(flow.ui, 'password', TEXT.required('password'));
  if (!identifier || !body.password) return { kind: 'invalid' };
  const attempt = await beginAttempt(ctx, lockKey(identifier));
  if (attempt === 'locked') return tooMany(flow);
  const credential = await findCredentialByIdentifier(ctx.db, 'password', identifier);
  const hash = typeof credential?.config.hashed_password === 'string' ? credential.config.hashed_password : undefined;
  const ok = await verifyPassword(hash, body.password);
  if (!ok || !credential) return failed(flow, attempt);
  if (flow.refresh && ctx.current && ctx.current.identity.id !== credential.identity_id)
    throw KRATOS_ERRORS.identityMismatch();
  await attempt.succeeded();
  const keepAal2 = flow.refresh && ctx.current?.session.aal === 'aal2';
  const issued = await issueSession(ctx.db, credential.identity_id, {
    aal: keepAal2 ? 'aal2' : 'aal1',
    methods: [...(keepAal2 ? (ctx.current?.session.methods ?? []) : []), methodNow('password', 'aal1')],
    replaces: ctx.current?.session.id ?? null,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  return { kind: 'session', issued, identityId: credential.identity_id };
}

async function submitSecondFactor(
  ctx: FlowContext,
  flow: FlowRow,
  body: Submission,
  method: 'totp' | 'lookup_secret' | 'webauthn',
): Promise<FlowOutcome> {
  const current = ctx.current;
  if (!current) throw KRATOS_ERRORS.aal2WithoutSession();
  if (flow.identity_id && flow.identity_id !== current.identity.id) throw KRATOS_ERRORS.identityMismatch();
  const credential = (await listCredentials(ctx.db, current.identity.id)).find((c) => c.type === method);
  if (method !== 'webauthn' && !(method === 'totp' ? body.totp_code : body.lookup_secret)?.trim()) {
    const field = method === 'totp' ? 'totp_code' : 'lookup_secret';
    addFieldMessage(flow.ui, field, TEXT.required(field));
    return { kind: 'invalid' };
  }
  const attempt = await beginAttempt(ctx, `aal2:${current.identity.id}`);
  if (attempt === 'locked') return tooMany(flow);
  if (method === 'webauthn') {
    const challenge = typeof flow.internal.webauthn_challenge === 'string' ? flow.internal.webauthn_challenge : '';
    if (!(await verifyAuthentication(ctx.db, ctx.baseUrl, credential, challenge, body.webauthn_login ?? ''))) {
      return failed(flow, attempt, TEXT.webauthnFailed());
    }
    const { webauthn_challenge: _used, ...rest } = flow.internal;
    flow.internal = rest;
  } else if (method === 'totp') {
    const code = (body.totp_code ?? '').trim();
    if (!credential || !(await consumeTotp(ctx.db, credential, code))) {
      const outcome = await failed(flow, attempt, TEXT.invalidTotp());
      if (outcome.kind === 'invalid' && outcome.status !== 429) {
        flow.ui.messages = [];
        addFieldMessage(flow.ui, 'totp_code', TEXT.invalidTotp());
      }
      return outcome;
    }
  } else {
    const code = (body.lookup_secret ?? '').trim();
    const result = credential ? await consumeLookup(ctx.db, credential, code) : 'invalid';
    if (result !== 'ok') {
      const outcome = await failed(flow, attempt, result === 'used' ? TEXT.lookupAlreadyUsed() : TEXT.invalidLookup());
      if (outcome.kind === 'invalid' && outcome.status !== 429) {
        const message = result === 'used' ? TEXT.lookupAlreadyUsed() : TEXT.invalidLookup();
        flow.ui.messages = [];
        addFieldMessage(flow.ui, 'lookup_secret', message);
      }
      return outcome;
    }
  }
  await attempt.succeeded();
  const issued = await issueSession(ctx.db, current.identity.id, {
    aal: 'aal2',
    methods: [...current.session.methods, methodNow(method, 'aal2')],
    authenticatedAt: current.session.authenticated_at,
    replaces: current.session.id,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  return { kind: 'session', issued, identityId: current.identity.id };
}

/** The login flow: password (aal1), refresh re-authentication, and the second factor (aal2). */
export const loginFlow: FlowHandler = {
  kind: 'login',
  uiPath: AUTH_ROUTES.login,
  needsSession: false,
  expiredText: (minutes) => TEXT.loginExpired(minutes),

  async init(ctx, params): Promise<FlowInit> {
    const refresh = params.get('refresh') === 'true';
    const aal = params.get('aal') === 'aal2' ? 'aal2' : 'aal1';
    const current = ctx.current;
    if (aal === 'aal2') {
      if (!current) throw KRATOS_ERRORS.aal2WithoutSession();
      const credentials = await listCredentials(ctx.db, current.identity.id);
      if (!hasSecondFactor(credentials) || (current.session.aal === 'aal2' && !refresh))
        throw KRATOS_ERRORS.sessionAlreadyAvailable();
      const factors = await secondFactorNodes(ctx, credentials);
      return {
        state: 'choose_method',
        nodes: [input('default', 'identifier', 'hidden', { value: current.identity.traits.email }), ...factors.nodes],
        internal: factors.internal,
        messages: [TEXT.mfa()],
        requestedAal: 'aal2',
        refresh,
        identityId: current.identity.id,
        sessionId: current.session.id,
      };
    }
    if (current && !refresh) throw KRATOS_ERRORS.sessionAlreadyAvailable();
    if (current && refresh) {
      return {
        state: 'choose_method',
        nodes: passwordNodes(current.identity.traits.email),
        messages: [TEXT.reauth()],
        refresh: true,
        identityId: current.identity.id,
        sessionId: current.session.id,
      };
    }
    const social = ctx.type === 'browser' ? oidcStartNodes(oidcProviders(ctx.config), 'login') : [];
    return { state: 'choose_method', nodes: [...passwordNodes(), ...social] };
  },

  async submit(ctx, flow, body): Promise<FlowOutcome> {
    clearMessages(flow.ui);
    const method = body.method || (body.provider ? 'oidc' : '');
    if (method === 'oidc' && flow.requested_aal === 'aal1' && !flow.refresh) {
      if (ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
      return startOidc(ctx, flow, body.provider);
    }
    if (method === 'password' && flow.requested_aal === 'aal1') {
      for (const node of flow.ui.nodes) {
        const attributes = node.attributes as { name?: string; type?: string; value?: unknown };
        if (attributes.name === 'identifier' && attributes.type !== 'hidden') attributes.value = body.identifier ?? '';
      }
      if (!flow.refresh && ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
      return submitPassword(ctx, flow, body);
    }
    if ((method === 'totp' || method === 'lookup_secret' || method === 'webauthn') && flow.requested_aal === 'aal2') {
      return submitSecondFactor(ctx, flow, body, method);
    }
    flow.ui.messages = [TEXT.noLoginStrategy()];
    return { kind: 'invalid' };
  },
};
