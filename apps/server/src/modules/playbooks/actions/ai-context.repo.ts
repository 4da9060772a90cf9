/**
 * What the ai action tells the model about the run's resource — whatever exists of it: a config item's
 * fields and its config (capped), its recent changes and open insights; a check's latest results; a
 * component's status and the config and checks linked to it. Each list is bounded and newest first.
 */
import type { Database } from '@mc/db';
import { newestRunsBlockSql } from '../../health/index.js';
import type { ActionRun } from './action-kind.js';

/** Rows of each list given to the model. */
export const AI_CONTEXT_ROWS = 20;
/** The most of a config's JSON given to the model. */
export const AI_CONTEXT_CONFIG_CHARS = 16 * 1024;

type Row = Record<string, unknown>;

async function rows(database: Database, sql: string, values: unknown[]): Promise<Row[]> {
  return (await database.pool.query(sql, values)).rows as Row[];
}

function cappedJson(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const text = JSON.stringify(value);
  return text.length <= AI_CONTEXT_CONFIG_CHARS ? value : `${text.slice(0, AI_CONTEXT_CONFIG_CHARS)}… (truncated)`;
}

async function configContext(database: Database, id: string, sinceMs: number): Promise<Row | undefined> {
  const [item] = await rows(
    database,
    `SELECT id, name, type, config_class, status, health, description, labels, tags, config, created_at, updated_at
     FROM config_items WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  if (!item) return undefined;
  const since = new Date(Date.now() - sinceMs);
  const changes = await rows(
    database,
    `SELECT change_type, severity, source, summary, count, created_at FROM config_changes
     WHERE config_id = $1 AND created_at >= $2 ORDER BY created_at DESC LIMIT $3`,
    [id, since, AI_CONTEXT_ROWS],
  );
  const insights = await rows(
    database,
    `SELECT analyzer, analysis_type, severity, summary, message, status, last_observed FROM config_analysis
     WHERE config_id = $1 AND status = 'open' ORDER BY last_observed DESC NULLS LAST LIMIT $2`,
    [id, AI_CONTEXT_ROWS],
  );
  return { config: { ...item, config: cappedJson(item.config) }, changes, insights };
}

/**
 * The newest results of the checks together: each check's newest ones first, reading only the blocks that
 * hold them (health's newestRunsBlockSql), then the newest of those.
 */
async function checkResults(database: Database, checkIds: string[]): Promise<Row[]> {
  if (checkIds.length === 0) return [];
  return rows(
    database,
    `SELECT c.name AS check, s.time, s.status AS passed, s.message, s.error, s.duration
     FROM checks c CROSS JOIN LATERAL (SELECT s.time, s.status, s.message, s.error, s.duration FROM check_statuses s
       WHERE s.check_id = c.id AND s.time_block >= ${newestRunsBlockSql('c.id', '$2')}
       ORDER BY s.time DESC LIMIT $2) s
     WHERE c.id = ANY($1::uuid[]) ORDER BY s.time DESC LIMIT $2`,
    [checkIds, AI_CONTEXT_ROWS],
  );
}

/** The context of the run's resource (or of `configId` when the action names one); {} without either. */
export async function aiResourceContext(
  database: Database,
  resource: ActionRun['resource'],
  options: { configId?: string | undefined; changesSinceMs: number },
): Promise<Row> {
  if (options.configId) return (await configContext(database, options.configId, options.changesSinceMs)) ?? {};
  if (!resource) return {};
  if (resource.kind === 'config') return (await configContext(database, resource.id, options.changesSinceMs)) ?? {};
  if (resource.kind === 'check') {
    const [check] = await rows(
      database,
      `SELECT id, name, type, namespace, description, endpoint, status, severity, labels, last_runtime
       FROM checks WHERE id = $1 AND deleted_at IS NULL`,
      [resource.id],
    );
    return check ? { check, results: await checkResults(database, [resource.id]) } : {};
  }
  const [component] = await rows(
    database,
    `SELECT id, name, type, namespace, status, status_reason, health, description, labels, config_id
     FROM components WHERE id = $1 AND deleted_at IS NULL`,
    [resource.id],
  );
  if (!component) return {};
  const linked = await rows(
    database,
    'SELECT check_id FROM check_component_relationships WHERE component_id = $1 AND deleted_at IS NULL LIMIT $2',
    [resource.id, AI_CONTEXT_ROWS],
  );
  const config =
    typeof component.config_id === 'string'
      ? await configContext(database, component.config_id, options.changesSinceMs)
      : undefined;
  return {
    component,
    ...(config ?? {}),
    results: await checkResults(
      database,
      linked.map((row) => String(row.check_id)),
    ),
  };
}
