import { randomUUID } from 'node:crypto';
import { AUTH_ROUTES } from '@mc/contracts';
import { sha256 } from '../../../platform/tokens.js';
import { assignRoles } from '../../rbac/index.js';
import { type Db, findAddress, markAddressVerified } from '../identity.repo.js';
import { acceptPendingInviteOf } from '../invites.repo.js';
import { addFieldMessage, clearMessages, csrfNode, input } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { beginAttempt, mayMail } from './attempts.js';
import { consumeCode } from './code.repo.js';
import { mailFlowCode } from './emailed-code.js';
import { type FlowRow, insertFlow } from './flow.repo.js';
import type { FlowContext, FlowHandler, FlowOutcome } from './flow-context.js';
import { newUi } from './flow-context.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailNodes() {
  return [
    input('code', 'email', 'email', { required: true, autocomplete: 'email', label: TEXT.email() }),
    input('code', 'method', 'submit', { value: 'code', label: TEXT.submit() }),
  ];
}

function codeNodes(email: string) {
  return [
    input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code', label: TEXT.verificationCode() }),
    input('code', 'method', 'hidden', { value: 'code' }),
    input('code', 'method', 'submit', { value: 'code', label: TEXT.submit() }),
    input('code', 'email', 'submit', { value: email, label: TEXT.resendCode() }),
  ];
}

/** What a verification flow mails first: a code, or (registration of a taken address) a notice. */
type FirstMail = 'code' | 'existing-account';

/** Tells the owner of an address that someone tried to register it (instead of an error that reveals the account). */
async function sendExistingAccountNotice(ctx: FlowContext, email: string): Promise<void> {
  if (!(await mayMail(ctx.db, 'verification', email))) return;
  await ctx.mailer.send({
    to: email,
    subject: 'Someone tried to create an account with your email address',
    text: `Hi,\n\nsomeone tried to create a Mission Control account with this email address, which already has an account. If it was you, sign in at ${ctx.baseUrl}${AUTH_ROUTES.login} or recover access at ${ctx.baseUrl}${AUTH_ROUTES.recovery}.\n\nIf it was not you, ignore this message.\n`,
  });
}

/**
 * Marks an address verified; an invitation still pending for its person is accepted now (the code
 * proved the address), so its role replaces the default role the person registered with.
 */
async function verifyAddress(db: Db, address: string, identityId: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await markAddressVerified(trx, address);
    const role = identityId ? await acceptPendingInviteOf(trx, identityId) : undefined;
    if (identityId && role) await assignRoles(trx, identityId, [role]);
  });
}

/** Emails a verification code for `email` when an identity has it; silently nothing otherwise. */
async function sendCode(ctx: FlowContext, flow: FlowRow, email: string): Promise<void> {
  flow.internal = { ...flow.internal, address: email.toLowerCase() };
  if (!(await mayMail(ctx.db, 'verification', email))) return;
  const address = await findAddress(ctx.db, email);
  if (!address) return;
  await mailFlowCode(ctx, flow.id, address, (code) => ({
    subject: 'Please verify your email address',
    text: `Hi,\n\nplease verify your account by entering the following code:\n\n${code}\n\nor open this link: ${ctx.baseUrl}${AUTH_ROUTES.verification}?flow=${flow.id}&code=${code}\n`,
  }));
}

/** The verification flow: email → code by mail → address verified. */
export const verificationFlow: FlowHandler = {
  kind: 'verification',
  uiPath: AUTH_ROUTES.verification,
  needsSession: false,
  expiredText: (minutes) => TEXT.verificationExpired(minutes),

  async init() {
    return { state: 'choose_method', nodes: emailNodes() };
  },

  async submit(ctx, flow, body): Promise<FlowOutcome> {
    clearMessages(flow.ui);
    const csrf = flow.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token');
    const code = (body.code ?? '').trim();
    if (code && flow.state === 'sent_email') {
      const attempt = await beginAttempt(ctx, `verification:${flow.id}`);
      if (attempt === 'locked') {
        addFieldMessage(flow.ui, 'code', TEXT.tooManyAttempts());
        return { kind: 'invalid', status: 429 };
      }
      const used = await consumeCode(ctx.db, flow.id, sha256(code));
      if (!used) {
        const locked = await attempt.failed();
        addFieldMessage(flow.ui, 'code', locked ? TEXT.tooManyAttempts() : TEXT.invalidVerificationCode());
        return { kind: 'invalid', ...(locked ? { status: 429 as const } : {}) };
      }
      await attempt.succeeded();
      await verifyAddress(ctx.db, used.address, used.identity_id);
      flow.state = 'passed_challenge';
      flow.ui.nodes = [
        ...(csrf ? [csrf] : []),
        input('code', 'continue', 'submit', { value: 'continue', label: TEXT.continue() }),
      ];
      flow.ui.messages = [TEXT.verifiedEmail()];
      return { kind: 'updated' };
    }
    const email = (body.email ?? '').trim();
    if (!EMAIL.test(email)) {
      addFieldMessage(flow.ui, 'email', TEXT.validation(`"${email}" is not valid "email"`));
      return { kind: 'invalid' };
    }
    await sendCode(ctx, flow, email);
    flow.state = 'sent_email';
    flow.ui.nodes = [...(csrf ? [csrf] : []), ...codeNodes(email)];
    flow.ui.messages = [TEXT.verificationCodeSent()];
    return { kind: 'updated' };
  },
};

/**
 * Starts a verification flow for a registered address and emails the code (registration's
 * after-hook) — or, for an address that already had an account, the notice, behind the same answer.
 * Returns the continue_with entry Kratos adds to the registration answer.
 */
export async function startVerification(
  ctx: FlowContext,
  email: string,
  csrfToken: string,
  first: FirstMail = 'code',
): Promise<Record<string, unknown>> {
  const id = randomUUID();
  const nodes = [...(ctx.type === 'browser' ? [csrfNode(csrfToken)] : []), ...codeNodes(email)];
  const flow = await insertFlow(ctx.db, {
    id,
    kind: 'verification',
    type: ctx.type,
    state: 'sent_email',
    csrf_token: csrfToken,
    request_url: ctx.requestUrl,
    return_to: null,
    ui: newUi(ctx.baseUrl, 'verification', id, { state: 'sent_email', nodes, messages: [TEXT.verificationCodeSent()] }),
    expires_at: new Date(Date.now() + ctx.config.MC_AUTH_FLOW_LIFESPAN_MS),
  });
  if (first === 'code') await sendCode(ctx, flow, email);
  else await sendExistingAccountNotice(ctx, email);
  return {
    action: 'show_verification_ui',
    flow: { id, verifiable_address: email.toLowerCase(), url: `${ctx.baseUrl}${AUTH_ROUTES.verification}?flow=${id}` },
  };
}
