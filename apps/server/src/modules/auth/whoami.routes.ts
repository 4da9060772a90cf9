import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import type { AccessControl } from '../rbac/index.js';
import { whoami } from './whoami.service.js';

/** `GET /api/auth/whoami` (spec 000 §6): any signed-in person may ask who they are. */
export function registerWhoamiRoutes(app: Hono<AppEnv>, deps: { database: Database; access: AccessControl }): void {
  app.get('/api/auth/whoami', requireSignIn(), async (c) => {
    const answer = await whoami(deps, c.var.actor);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });
}
