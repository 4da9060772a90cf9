import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { whoamiSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import type { AccessControl } from '../rbac/index.js';
import { type ActorProfile, profileOf } from './actor-resolver.js';

const errorSchema = z.object({ code: z.string(), message: z.string() });

const whoamiRoute = createRoute({
  method: 'get',
  path: '/api/auth/whoami',
  summary: 'The signed-in user, their roles and effective permissions',
  middleware: [requireSignIn()] as const,
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: whoamiSchema } } },
    401: { description: 'No session or token', content: { 'application/json': { schema: errorSchema } } },
  },
});

/** The people row of an actor authenticated without a session (an API token). */
async function findProfile(database: Database, personId: string): Promise<ActorProfile | undefined> {
  const { rows } = await sql<ActorProfile>`
    SELECT name, email, avatar FROM people WHERE id = ${personId} AND deleted_at IS NULL`.execute(database.db);
  return rows[0];
}

/**
 * `GET /api/auth/whoami` (spec 000 §6): any signed-in person may ask who they are. With a session the
 * answer is built from what authentication already read (no further query).
 */
export function registerWhoamiRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { database: Database; access: AccessControl },
): void {
  app.openapi(whoamiRoute, async (c) => {
    const actor = c.var.actor;
    if (actor.kind !== 'person') throw new AppError('unauthorized', 'Unauthorized');
    const person = profileOf(actor) ?? (await findProfile(deps.database, actor.id));
    if (!person) throw new AppError('unauthorized', 'Unauthorized');
    const grants = await deps.access.grantsOf(actor);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        user: {
          id: actor.id,
          name: person.name,
          email: person.email ?? '',
          ...(person.avatar ? { avatar: person.avatar } : {}),
        },
        roles: grants.roles,
        permissions: deps.access.effectivePermissions(grants),
      },
      200,
    );
  });
}
