import { AUTH_LIMITS } from '@mc/contracts';
import { numericCode, sha256 } from '../../../platform/tokens.js';
import { insertCode } from './code.repo.js';
import type { FlowContext } from './flow-context.js';

/** The identity address a code goes to, as `findAddress` returns it. */
interface CodeAddress {
  identity_id: string;
  value: string;
}

/**
 * Issues a one-time code for a flow: stores only its hash with the code lifespan, then mails it.
 * Shared by recovery and verification, which differ only in the mail they send.
 */
export async function mailFlowCode(
  ctx: FlowContext,
  flowId: string,
  address: CodeAddress,
  mail: (code: string) => { subject: string; text: string },
): Promise<void> {
  const code = numericCode();
  await insertCode(ctx.db, {
    flowId,
    identityId: address.identity_id,
    address: address.value,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + AUTH_LIMITS.codeLifespanMs),
  });
  await ctx.mailer.send({ to: address.value, ...mail(code) });
}
