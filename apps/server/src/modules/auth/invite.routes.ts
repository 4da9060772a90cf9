import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { inviteUserResultSchema, inviteUserSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { baseUrlOf } from './flows/flow-http.js';
import { inviteUser } from './invite.service.js';

const errorSchema = z.object({ code: z.string(), message: z.string() });

const inviteRoute = createRoute({
  method: 'post',
  path: '/api/auth/invite_user',
  summary: 'Invite a person with a role; mails a registration link, or answers it when it could not be mailed',
  middleware: [requirePermission('identities', 'write')] as const,
  request: { body: { content: { 'application/json': { schema: inviteUserSchema } }, required: true } },
  responses: {
    201: {
      description: 'Invited',
      content: { 'application/json': { schema: inviteUserResultSchema } },
    },
    400: { description: 'Bad input', content: { 'application/json': { schema: errorSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
    403: { description: 'Not allowed', content: { 'application/json': { schema: errorSchema } } },
    409: { description: 'Already a user', content: { 'application/json': { schema: errorSchema } } },
  },
});

/** `POST /api/auth/invite_user` (000 §7), for people who may write identities (admins). */
export function registerInviteRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { config: Config; database: Database; mailer: Mailer },
): void {
  app.openapi(
    inviteRoute,
    async (c) => {
      const actor = c.var.actor;
      const by = actor.kind === 'person' ? actor.id : null;
      if (!by) throw new AppError('forbidden', 'Only a person can invite');
      const audit = { actor, requestId: c.var.requestId };
      return c.json(await inviteUser(deps, c.req.valid('json'), by, baseUrlOf(c, deps.config), audit), 201);
    },
    (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        return c.json({ code: 'bad_request', message: issue?.message ?? 'Bad request' }, 400);
      }
      return undefined;
    },
  );
}
