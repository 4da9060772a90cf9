/**
 * Whether a caller may see one run, by the same answer `/api/db/playbook_runs` gets from the access
 * policy: refused outright (403), or limited to some rows by row scopes (permission rows naming
 * playbooks; deny rows win). A run outside the caller's scopes is answered as not found, so its
 * existence does not leak.
 */
import type { Database } from '@mc/db';
import type { MiddlewareHandler } from 'hono';
import type { DataAccessPolicy, RowScope } from '../../../platform/access.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor, AppEnv } from '../../../platform/request-context.js';
import { UNAUTHORIZED_MESSAGE } from '../../../platform/require-permission.js';
import { describeGuard } from '../../../platform/route-permission.js';

const RUN_NOT_FOUND = 'Playbook run not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `row` passes `scopes` as the data API's WHERE would: any keep scope, no drop scope. */
export function rowPassesScopes(row: Readonly<Record<string, unknown>>, scopes: readonly RowScope[]): boolean {
  // a subtree scope needs the component tree; none is given on runs, so it fails closed here
  const matches = (s: RowScope) =>
    s.match === undefined && Object.hasOwn(row, s.column) && s.values.includes(String(row[s.column]));
  const keep = scopes.filter((s) => !s.exclude);
  const drop = scopes.filter((s) => s.exclude);
  if (drop.some((s) => s.match !== undefined || !Object.hasOwn(row, s.column))) return false;
  if ((keep.length > 0 || drop.length === 0) && !keep.some(matches)) return false;
  return !drop.some(matches);
}

/** The caller's row scopes on runs (undefined: every run); 401 anonymous, 403 when they may read none. */
async function runScopes(policy: DataAccessPolicy, actor: Actor): Promise<readonly RowScope[] | undefined> {
  if (actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
  const decision = await policy({ actor, table: 'playbook_runs', action: 'read' });
  if (!decision.allow) throw new AppError(decision.status === 401 ? 'unauthorized' : 'forbidden', decision.message);
  return decision.rowScopes;
}

async function assertVisible(database: Database, scopes: readonly RowScope[] | undefined, runId: string) {
  const { rows } = await database.pool.query<Record<string, unknown>>(
    'SELECT id, playbook_id, check_id, config_id, component_id, created_by FROM playbook_runs WHERE id = $1',
    [runId],
  );
  const run = rows[0];
  if (!run || (scopes && !rowPassesScopes(run, scopes))) throw new AppError('not_found', RUN_NOT_FOUND);
}

/**
 * Route guard of a read of one run (`:id`): 401 without a session, 403 when the caller may read no run,
 * 400 for an id that is not one, 404 when the run is not visible to the caller. A person whose
 * permission rows name some playbooks reads their runs here as through the data API. Documented as
 * playbook_runs read.
 */
export function requireVisibleRun(database: Database, policy: DataAccessPolicy | undefined): MiddlewareHandler<AppEnv> {
  if (!policy) throw new Error('The playbook run routes need the access policy (ModuleDeps.dataAccess)');
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const scopes = await runScopes(policy, c.var.actor);
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw new AppError('bad_request', `'${id.slice(0, 64)}' is not a valid id`);
    await assertVisible(database, scopes, id);
    await next();
  };
  return describeGuard(guard, { resource: 'playbook_runs', action: 'read' });
}
