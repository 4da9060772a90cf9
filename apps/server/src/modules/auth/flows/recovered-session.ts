import { AUTH_ROUTES } from '@mc/contracts';
import type { IdentityRow } from '../identity.repo.js';
import { TEXT } from '../kratos/ui-text.js';
import { revokeOtherSessions } from '../session.repo.js';
import { type IssuedSession, issueSession, methodNow } from '../session.service.js';
import { saveFlow } from './flow.repo.js';
import type { FlowContext } from './flow-context.js';
import { createFlow } from './flow-engine.js';
import { settingsFlow } from './settings.flow.js';

/**
 * What a proven recovery does, by emailed code or by an administrator's recovery link alike: a new
 * session for the identity (its other sessions end) and a privileged settings flow to set a new password.
 */
export async function signInRecovered(
  ctx: FlowContext,
  identity: IdentityRow,
): Promise<{ issued: IssuedSession; settingsId: string; url: string }> {
  const issued = await issueSession(ctx.db, identity.id, {
    aal: 'aal1',
    methods: [methodNow('code_recovery', 'aal1')],
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  await revokeOtherSessions(ctx.db, identity.id, issued.session.id);
  const settings = await createFlow(
    { ...ctx, current: { token: issued.token, session: issued.session, identity } },
    settingsFlow,
    new URLSearchParams(),
  );
  settings.ui.messages = [TEXT.recovered()];
  await saveFlow(ctx.db, settings);
  return { issued, settingsId: settings.id, url: `${ctx.baseUrl}${AUTH_ROUTES.settings}?flow=${settings.id}` };
}
