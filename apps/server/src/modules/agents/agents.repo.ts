import type { Database } from '@mc/db';
import { sql } from 'kysely';

/** An agents_summary row: the agent, its health and counts of what it reports. */
export interface AgentSummaryRow {
  id: string;
  name: string;
  description: string | null;
  properties: Record<string, string> | null;
  health: 'healthy' | 'unhealthy' | 'unknown';
  status: 'online' | 'offline' | 'unknown';
  last_seen: Date | null;
  config_count: number;
  config_scrapper_count: number;
  checks_count: number;
  playbook_runs_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Tables whose rows belong to an agent and are soft-deleted when it is deleted with cleanup. */
export const AGENT_OWNED_TABLES = [
  'canaries',
  'checks',
  'components',
  'config_items',
  'config_scrapers',
  'integrations',
  'logging_backends',
  'topologies',
] as const;

/** SQL of agents and their summary view. */
export function agentsRepo(database: Database) {
  return {
    async list(): Promise<AgentSummaryRow[]> {
      const { rows } = await database.pool.query<AgentSummaryRow>('SELECT * FROM agents_summary ORDER BY name');
      return rows;
    },
    async summary(id: string): Promise<AgentSummaryRow | undefined> {
      const { rows } = await database.pool.query<AgentSummaryRow>('SELECT * FROM agents_summary WHERE id = $1', [id]);
      return rows[0];
    },
    async nameTaken(name: string): Promise<boolean> {
      const row = await database.db
        .selectFrom('agents')
        .select('id')
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insert(values: {
      name: string;
      description: string | null;
      properties: Record<string, string>;
      username: string;
      tokenHash: string;
      createdBy: string | null;
    }): Promise<string> {
      const row = await database.db
        .insertInto('agents')
        .values({
          name: values.name,
          description: values.description,
          properties: JSON.stringify(values.properties),
          username: values.username,
          token_hash: values.tokenHash,
          created_by: values.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },
    async patch(
      id: string,
      values: { properties?: Record<string, string>; description?: string | null },
    ): Promise<boolean> {
      const set: Record<string, unknown> = {};
      if (values.properties !== undefined) set.properties = JSON.stringify(values.properties);
      if (values.description !== undefined) set.description = values.description;
      if (Object.keys(set).length === 0) set.updated_at = sql`now()`;
      const result = await database.db
        .updateTable('agents')
        .set(set)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Soft-deletes the agent (its token stops working) and, with cleanup, every resource it owns. Call it
     * on a repository of a transaction so the agent and its resources go together.
     */
    async softDelete(id: string, cleanup: boolean): Promise<{ deleted: boolean; cleaned: Record<string, number> }> {
      const result = await database.db
        .updateTable('agents')
        .set({ deleted_at: sql`now()`, token_hash: null, cleanup })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const cleaned: Record<string, number> = {};
      if (Number(result.numUpdatedRows) === 0) return { deleted: false, cleaned };
      if (cleanup) {
        for (const table of AGENT_OWNED_TABLES) {
          const marked = await database.db
            .updateTable(table)
            .set({ deleted_at: sql`now()` })
            .where('agent_id', '=', id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          cleaned[table] = Number(marked.numUpdatedRows);
        }
        await sql`DELETE FROM agent_push_receipts WHERE agent_id = ${id}`.execute(database.db);
      }
      return { deleted: true, cleaned };
    },
  };
}
