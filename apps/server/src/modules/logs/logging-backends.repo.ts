/** SQL of the stored log backends (`logging_backends`, soft-deleted) and of the targets a search narrows to. */
import type { Queryable } from '@mc/db';

/** A stored backend. */
export interface LoggingBackendRow {
  id: string;
  name: string;
  spec: Record<string, unknown>;
  source: string | null;
  /** The agent that runs it (the all-zero id: this server). */
  agent_id: string;
  /** Who last saved it (null: the system): its connections are resolved with their rights. */
  saved_by: string | null;
}

/** Most backends listed for the console's picker. */
export const MAX_LISTED_BACKENDS = 500;

/** Backends not deleted, by name. */
export async function listBackends(db: Queryable): Promise<LoggingBackendRow[]> {
  const { rows } = await db.query<LoggingBackendRow>(
    `SELECT id, name, spec, source, agent_id, saved_by FROM logging_backends WHERE deleted_at IS NULL ORDER BY name, id LIMIT ${MAX_LISTED_BACKENDS}`,
  );
  return rows;
}

/** The backend called `nameOrId` (its name, or its id), the oldest when two share a name. */
export async function backendByNameOrId(db: Queryable, nameOrId: string): Promise<LoggingBackendRow | undefined> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(nameOrId);
  const { rows } = await db.query<LoggingBackendRow>(
    `SELECT id, name, spec, source, agent_id, saved_by FROM logging_backends
     WHERE deleted_at IS NULL AND ${isId ? 'id = $1::uuid' : 'name = $1'} ORDER BY created_at LIMIT 1`,
    [nameOrId],
  );
  return rows[0];
}

/** A component's log selectors (`[{name, labels}]`), or undefined when there is no such component. */
export async function componentLogSelectors(db: Queryable, id: string): Promise<unknown[] | undefined> {
  const { rows } = await db.query<{ log_selectors: unknown }>(
    'SELECT log_selectors FROM components WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  if (!rows[0]) return undefined;
  return Array.isArray(rows[0].log_selectors) ? rows[0].log_selectors : [];
}

/** A catalog item's name, type and tags, or undefined. */
export async function configTarget(
  db: Queryable,
  id: string,
): Promise<{ name: string | null; type: string; tags: Record<string, string> | null } | undefined> {
  const { rows } = await db.query<{ name: string | null; type: string; tags: Record<string, string> | null }>(
    'SELECT name, type, tags FROM config_items WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  return rows[0];
}
