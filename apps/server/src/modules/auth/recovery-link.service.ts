import { randomUUID } from 'node:crypto';
import { AUTH_LIMITS, ORY_BASE_PATH, type RecoveryLink } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { consumeCode, insertCode } from './flows/code.repo.js';
import { type FlowRow, getFlow, insertFlow } from './flows/flow.repo.js';
import { type FlowContext, newUi } from './flows/flow-context.js';
import { getIdentity, type IdentityRow } from './identity.repo.js';

/** What marks a recovery flow an administrator created: only its link (never the code form) can finish it. */
export const ADMIN_LINK_FLOW = 'admin_link';

/**
 * An administrator's recovery link for a person (Kratos's admin "create recovery link"), for when mail
 * cannot reach them (no SMTP): a recovery flow of its own holding only the hash of a random single-use
 * token, valid {@link AUTH_LIMITS.recoveryLinkLifespanMs}; opening the link signs the person in and
 * continues to set a new password (recovery-link.routes.ts). Administrators only — the link is the
 * account — and the audit row names the person and the end, never the token.
 */
export async function createRecoveryLink(
  database: Database,
  personId: string,
  baseUrl: string,
  audit: AuditContext,
): Promise<RecoveryLink> {
  const actor = audit.actor;
  if (actor.kind !== 'person' || !actor.roles.includes('admin'))
    throw new AppError('forbidden', 'Only an administrator may create a recovery link');
  const identity = await getIdentity(database.db, personId);
  if (!identity) throw new AppError('not_found', 'This person has no account yet: invite them instead');
  const token = randomToken('', 32);
  const flowId = randomUUID();
  const expiresAt = new Date(Date.now() + AUTH_LIMITS.recoveryLinkLifespanMs);
  await auditedTransaction(database, audit, async ({ db: trx }) => {
    await insertFlow(trx, {
      id: flowId,
      kind: 'recovery',
      type: 'browser',
      state: 'sent_email',
      csrf_token: '',
      request_url: `${baseUrl}/api/auth/recovery_link`,
      return_to: null,
      identity_id: identity.id,
      internal: { [ADMIN_LINK_FLOW]: true },
      ui: newUi(baseUrl, 'recovery', flowId, { state: 'sent_email', nodes: [] }),
      expires_at: expiresAt,
    });
    await insertCode(trx, {
      flowId,
      identityId: identity.id,
      address: identity.traits.email,
      codeHash: sha256(token),
      expiresAt,
    });
    return {
      value: undefined,
      audit: {
        action: 'auth.recovery_link',
        target: 'identities',
        ids: [identity.id],
        after: { email: identity.traits.email, flow_id: flowId, expires_at: expiresAt.toISOString() },
      },
    };
  });
  const link = `${baseUrl}${ORY_BASE_PATH}/self-service/recovery?flow=${flowId}&token=${encodeURIComponent(token)}`;
  return { link, expiresAt: expiresAt.toISOString() };
}

/**
 * Redeems the token of an administrator's recovery link: the flow must be such a link's flow and the
 * token its live code (used up here, once). Undefined when the link is used, expired or wrong.
 */
export async function redeemRecoveryLink(
  ctx: FlowContext,
  flowId: string,
  token: string,
): Promise<{ flow: FlowRow; identity: IdentityRow } | undefined> {
  const flow = await getFlow(ctx.db, flowId);
  if (flow?.kind !== 'recovery' || flow.internal[ADMIN_LINK_FLOW] !== true || !token) return undefined;
  const used = await consumeCode(ctx.db, flowId, sha256(token));
  const identity = used?.identity_id ? await getIdentity(ctx.db, used.identity_id) : undefined;
  return identity ? { flow, identity } : undefined;
}
