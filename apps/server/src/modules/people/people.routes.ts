import type { Hono } from 'hono';
import { AppError } from '../../platform/errors.js';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { peopleService } from './people.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function personId(raw: string): string {
  if (!UUID.test(raw)) throw new AppError('bad_request', 'The id must be a UUID');
  return raw;
}

/**
 * People administration for the users page: change a person's role (upstream `POST /rbac/{id}/update_role`,
 * needs write on rbac), update a person (000 §7 `POST /people/update`: name, avatar, role, active; needs
 * write on identities, which only admins hold) and delete a person (000 §7 `DELETE /people/{id}`, needs
 * write on identities).
 * Listing goes through the data API (`/api/db/people_roles`), inviting through `POST /api/auth/invite_user`.
 */
export function registerPeopleRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const people = peopleService(deps.database);
  app.post('/api/rbac/:id/update_role', requirePermission('rbac', 'write'), async (c) => {
    const person = await people.updateRole(personId(c.req.param('id')), await readJson(c), auditContext(c));
    return c.json({ id: person.id, name: person.name, roles: person.roles });
  });
  app.post('/api/people/update', requirePermission('identities', 'write'), async (c) =>
    c.json(await people.update(await readJson(c), auditContext(c))),
  );
  app.delete('/api/people/:id', requirePermission('identities', 'write'), async (c) => {
    await people.remove(personId(c.req.param('id')), auditContext(c));
    return c.body(null, 204);
  });
}
