import type { Hono } from 'hono';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { permissionsService } from './permissions.service.js';

/**
 * Writing a permission row is granting access, so it needs write on `rbac` (administrators, or whoever an
 * administrator granted rbac to), not the matrix's `permissions` column, which editors hold.
 */
const grant = requirePermission('rbac', 'write');

/**
 * The permissions page's API (001 §7 'Permissions: create, update, delete by id, paginated summary'; the
 * spec leaves paths open): `GET /api/permissions?pageIndex&pageSize[&person_id=…]` → `{data, totalEntries}`,
 * `POST /api/permissions`, `PATCH /api/permissions/{id}`, `DELETE /api/permissions/{id}`.
 */
export function registerPermissionsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const permissions = permissionsService(deps.database);
  app.get('/api/permissions', requirePermission('permissions', 'read'), async (c) =>
    c.json(await permissions.list(c.req.query())),
  );
  app.post('/api/permissions', grant, async (c) =>
    c.json(await permissions.create(await readJson(c), auditContext(c)), 201),
  );
  app.patch('/api/permissions/:id', grant, async (c) =>
    c.json(await permissions.update(c.req.param('id'), await readJson(c), auditContext(c))),
  );
  app.delete('/api/permissions/:id', grant, async (c) => {
    await permissions.remove(c.req.param('id'), auditContext(c));
    return c.body(null, 204);
  });
}
