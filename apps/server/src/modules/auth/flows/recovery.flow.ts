import { AUTH_ROUTES } from '@mc/contracts';
import { sha256 } from '../../../platform/tokens.js';
import { findAddress, getIdentity } from '../identity.repo.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { addFieldMessage, clearMessages, input } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { beginAttempt, mayMail } from './attempts.js';
import { consumeCode } from './code.repo.js';
import { mailFlowCode } from './emailed-code.js';
import type { FlowRow } from './flow.repo.js';
import type { FlowContext, FlowHandler, FlowOutcome } from './flow-context.js';
import { signInRecovered } from './recovered-session.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function codeNodes(email: string) {
  return [
    input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code', label: TEXT.recoveryCode() }),
    input('code', 'method', 'hidden', { value: 'code' }),
    input('code', 'method', 'submit', { value: 'code', label: TEXT.submit() }),
    input('code', 'email', 'submit', { value: email, label: TEXT.resendCode() }),
  ];
}

/** Sends a recovery code when the address belongs to an identity; the answer is the same either way. */
async function sendCode(ctx: FlowContext, flow: FlowRow, email: string): Promise<void> {
  if (!(await mayMail(ctx.db, 'recovery', email))) return;
  const address = await findAddress(ctx.db, email);
  if (!address) return;
  await mailFlowCode(ctx, flow.id, address, (code) => ({
    subject: 'Recover access to your account',
    text: `Hi,\n\nplease recover access to your account by entering the following code:\n\n${code}\n\nIf you did not ask for this, ignore this message.\n`,
  }));
}

/**
 * The recovery flow by emailed code. A right code signs the person in (ending their other
 * sessions) and continues to a privileged settings flow to set a new password; Kratos answers a
 * browser with 422 browser_location_change_required to that settings page.
 */
export const recoveryFlow: FlowHandler = {
  kind: 'recovery',
  uiPath: AUTH_ROUTES.recovery,
  needsSession: false,
  expiredText: (minutes) => TEXT.recoveryExpired(minutes),

  async init(ctx) {
    if (ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
    return {
      state: 'choose_method',
      nodes: [
        input('code', 'email', 'email', { required: true, autocomplete: 'email', label: TEXT.email() }),
        input('code', 'method', 'submit', { value: 'code', label: TEXT.submit() }),
      ],
    };
  },

  async submit(ctx, flow, body): Promise<FlowOutcome> {
    clearMessages(flow.ui);
    const csrf = flow.ui.nodes.filter((n) => (n.attributes as { name?: string }).name === 'csrf_token');
    const code = (body.code ?? '').trim();
    if (code && flow.state === 'sent_email') {
      const attempt = await beginAttempt(ctx, `recovery:${flow.id}`);
      if (attempt === 'locked') {
        addFieldMessage(flow.ui, 'code', TEXT.tooManyAttempts());
        return { kind: 'invalid', status: 429 };
      }
      const used = await consumeCode(ctx.db, flow.id, sha256(code));
      const identity = used?.identity_id ? await getIdentity(ctx.db, used.identity_id) : undefined;
      if (!used || !identity) {
        const locked = await attempt.failed();
        addFieldMessage(flow.ui, 'code', locked ? TEXT.tooManyAttempts() : TEXT.invalidRecoveryCode());
        return { kind: 'invalid', ...(locked ? { status: 429 as const } : {}) };
      }
      await attempt.succeeded();
      const { issued, settingsId, url } = await signInRecovered(ctx, identity);
      flow.state = 'passed_challenge';
      const continueWith: Record<string, unknown>[] = [{ action: 'show_settings_ui', flow: { id: settingsId, url } }];
      if (ctx.type === 'api')
        continueWith.unshift({ action: 'set_ory_session_token', ory_session_token: issued.token });
      return { kind: 'redirect', to: url, issued, continueWith };
    }
    const email = (body.email ?? '').trim().toLowerCase();
    if (!EMAIL.test(email)) {
      addFieldMessage(flow.ui, 'email', TEXT.validation(`"${email}" is not valid "email"`));
      return { kind: 'invalid' };
    }
    await sendCode(ctx, flow, email);
    flow.state = 'sent_email';
    flow.ui.nodes = [...csrf, ...codeNodes(email)];
    flow.ui.messages = [TEXT.recoveryCodeSent()];
    return { kind: 'updated' };
  },
};
