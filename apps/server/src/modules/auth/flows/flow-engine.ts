import { randomUUID } from 'node:crypto';
import { type AuditEntry, recordAuditIn } from '../../../platform/audit.js';
import { safeEqual } from '../../../platform/tokens.js';
import type { Db } from '../identity.repo.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { csrfNode } from '../kratos/ui-node.js';
import { type FlowRow, getFlow, getFlowError, insertFlow, insertFlowError, saveFlow } from './flow.repo.js';
import type { FlowContext, FlowHandler, FlowOutcome, Submission } from './flow-context.js';
import { newUi } from './flow-context.js';
import { checkReturnTo } from './flow-http.js';

export type { FlowRow } from './flow.repo.js';

/** The flow as Kratos answers it (`LoginFlow`, `RegistrationFlow`… of @ory/client-fetch). */
export async function publicFlow(
  ctx: FlowContext,
  handler: FlowHandler,
  flow: FlowRow,
): Promise<Record<string, unknown>> {
  const base: Record<string, unknown> = {
    id: flow.id,
    type: flow.type,
    expires_at: flow.expires_at.toISOString(),
    issued_at: flow.issued_at.toISOString(),
    created_at: flow.issued_at.toISOString(),
    updated_at: flow.updated_at.toISOString(),
    request_url: flow.request_url,
    ...(flow.return_to ? { return_to: flow.return_to } : {}),
    ui: flow.ui,
    state: flow.state,
    organization_id: null,
    ...(flow.active ? { active: flow.active } : {}),
  };
  if (flow.kind === 'login') {
    base.refresh = flow.refresh;
    base.requested_aal = flow.requested_aal;
  }
  return handler.extras ? { ...base, ...(await handler.extras(ctx, flow)) } : base;
}

/** Starts a flow of `handler`'s kind: checks return_to and preconditions, builds the nodes, stores it. */
export async function createFlow(ctx: FlowContext, handler: FlowHandler, params: URLSearchParams): Promise<FlowRow> {
  const returnTo = checkReturnTo(params.get('return_to') ?? undefined, ctx.baseUrl, ctx.config);
  if (handler.needsSession && !ctx.current) throw KRATOS_ERRORS.noSession();
  const init = await handler.init(ctx, params);
  const id = randomUUID();
  const nodes = ctx.type === 'browser' ? [csrfNode(ctx.csrfToken), ...init.nodes] : init.nodes;
  return insertFlow(ctx.db, {
    id,
    kind: handler.kind,
    type: ctx.type,
    state: init.state,
    csrf_token: ctx.type === 'browser' ? ctx.csrfToken : '',
    request_url: ctx.requestUrl,
    return_to: returnTo,
    refresh: init.refresh ?? false,
    requested_aal: init.requestedAal ?? 'aal1',
    identity_id: init.identityId ?? ctx.current?.identity.id ?? null,
    session_id: init.sessionId ?? ctx.current?.session.id ?? null,
    internal: init.internal ?? {},
    ui: newUi(ctx.baseUrl, handler.kind, id, { ...init, nodes }),
    expires_at: new Date(Date.now() + ctx.config.MC_AUTH_FLOW_LIFESPAN_MS),
  });
}

/** A browser flow only answers the browser that holds its CSRF cookie. */
function checkCsrf(ctx: FlowContext, flow: FlowRow, submitted?: string): void {
  if (flow.type !== 'browser') return;
  if (!safeEqual(ctx.csrfToken, flow.csrf_token)) throw KRATOS_ERRORS.csrf();
  if (submitted !== undefined && !safeEqual(submitted, flow.csrf_token)) throw KRATOS_ERRORS.csrf();
}

/** Replaces an expired flow with a fresh one carrying the "expired" message, then raises the 410. */
async function expire(ctx: FlowContext, handler: FlowHandler, flow: FlowRow): Promise<never> {
  const params = new URLSearchParams();
  if (flow.return_to) params.set('return_to', flow.return_to);
  if (flow.refresh) params.set('refresh', 'true');
  if (flow.requested_aal === 'aal2') params.set('aal', 'aal2');
  const minutes = Math.max(0, Math.floor((Date.now() - flow.expires_at.getTime()) / 60_000));
  let replacement: FlowRow | undefined;
  try {
    replacement = await createFlow(ctx, handler, params);
  } catch {
    replacement = undefined;
  }
  if (replacement) {
    replacement.ui.messages = [handler.expiredText(minutes)];
    await saveFlow(ctx.db, replacement);
  }
  throw KRATOS_ERRORS.expired(replacement?.id ?? '', flow.expires_at);
}

/** Loads a flow of the handler's kind for the requesting browser or client (404, 403 or 410 otherwise). */
export async function loadFlow(ctx: FlowContext, handler: FlowHandler, id: string | undefined): Promise<FlowRow> {
  const flow = id ? await getFlow(ctx.db, id) : undefined;
  if (!flow || flow.kind !== handler.kind) throw KRATOS_ERRORS.notFound();
  checkCsrf(ctx, flow);
  if (flow.expires_at.getTime() <= Date.now()) return expire(ctx, handler, flow);
  if (handler.needsSession && flow.identity_id && ctx.current?.identity.id !== flow.identity_id)
    throw KRATOS_ERRORS.identityMismatch();
  return flow;
}

/** Processes a submission: CSRF, expiry, the handler's rules; the flow is saved with its new messages. */
export async function submitFlow(
  ctx: FlowContext,
  handler: FlowHandler,
  id: string | undefined,
  body: Submission,
): Promise<{ flow: FlowRow; outcome: FlowOutcome }> {
  const flow = id ? await getFlow(ctx.db, id) : undefined;
  if (!flow || flow.kind !== handler.kind) throw KRATOS_ERRORS.notFound();
  checkCsrf(ctx, flow, flow.type === 'browser' ? (body.csrf_token ?? '') : undefined);
  if (flow.expires_at.getTime() <= Date.now()) return expire(ctx, handler, flow);
  if (handler.needsSession) {
    if (!ctx.current) throw KRATOS_ERRORS.noSession();
    if (flow.identity_id !== ctx.current.identity.id) throw KRATOS_ERRORS.identityMismatch();
  }
  const outcome = await handler.submit(ctx, flow, body);
  if (outcome.kind === 'session' || outcome.kind === 'continue')
    flow.state = flow.kind === 'login' || flow.kind === 'registration' ? 'passed_challenge' : flow.state;
  if (outcome.kind === 'invalid') {
    await saveFlow(ctx.db, flow);
    return { flow, outcome };
  }
  const identityId = outcome.kind === 'session' || outcome.kind === 'continue' ? outcome.identityId : undefined;
  await saveFlowAudited(ctx, flow, { identityId, method: body.method, outcome: outcome.kind });
  return { flow, outcome };
}

/**
 * Saves a flow that moved on (signed in, registered, settings saved, code sent or used) with its audit
 * row in one transaction: who, which flow, method and outcome — never a submitted value, which may be a
 * password or a code.
 */
export async function saveFlowAudited(
  ctx: FlowContext,
  flow: FlowRow,
  what: { identityId?: string; method?: string; outcome: string },
): Promise<void> {
  const identityId = what.identityId ?? flow.identity_id ?? ctx.current?.identity.id ?? null;
  const entry: AuditEntry = {
    actor: identityId ? { kind: 'person', id: identityId, roles: [] } : { kind: 'anonymous' },
    action: `identity.${flow.kind}`,
    target: `POST /api/.ory/self-service/${flow.kind}`,
    ids: identityId ? [identityId] : [],
    after: { flow_id: flow.id, method: what.method ?? null, outcome: what.outcome },
    requestId: ctx.requestId ?? null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await saveFlow(trx, flow);
    await recordAuditIn(trx, entry);
  });
}

/** A stored flow error as Kratos answers it (`/self-service/errors?id=`), or undefined for an unknown id. */
export async function flowErrorJson(db: Db, id: string) {
  const error = await getFlowError(db, id);
  if (!error) return undefined;
  return {
    id: error.id,
    error: error.error,
    created_at: error.created_at.toISOString(),
    updated_at: error.updated_at.toISOString(),
  };
}

/** The stored flow of `id` as it is, before any check (the routes read its type to answer in kind). */
export function storedFlow(db: Db, id: string): Promise<FlowRow | undefined> {
  return getFlow(db, id);
}

/** Saves a flow's new messages or state when nothing happened that the audit trail records. */
export function saveFlowMessages(ctx: FlowContext, flow: FlowRow): Promise<void> {
  return saveFlow(ctx.db, flow);
}

/** Keeps a flow error for the console's error page (`/self-service/errors?id=`); returns its id. */
export function recordFlowError(ctx: FlowContext, error: Record<string, unknown>): Promise<string> {
  return insertFlowError(ctx.db, error);
}
