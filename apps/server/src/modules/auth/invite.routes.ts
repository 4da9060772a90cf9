import { inviteUserSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { baseUrlOf } from './flows/flow-http.js';
import { inviteUser } from './invite.service.js';
import { jsonBody, onlyJson } from './json-body.js';

/** `POST /api/auth/invite_user` (000 §7), for people who may write identities (admins). */
export function registerInviteRoutes(
  app: Hono<AppEnv>,
  deps: { config: Config; database: Database; mailer: Mailer },
): void {
  app.post(
    '/api/auth/invite_user',
    requirePermission('identities', 'write'),
    onlyJson,
    jsonBody(inviteUserSchema),
    async (c) => {
      const actor = c.var.actor;
      const by = actor.kind === 'person' ? actor.id : null;
      if (!by) throw new AppError('forbidden', 'Only a person can invite');
      const audit = { actor, requestId: c.var.requestId };
      return c.json(await inviteUser(deps, c.req.valid('json'), by, baseUrlOf(c, deps.config), audit), 201);
    },
  );
}
