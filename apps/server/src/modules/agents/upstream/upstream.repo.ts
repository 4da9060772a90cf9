import type { Database, Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';

/** A live agent found by its token. */
export interface AgentPrincipal {
  id: string;
  name: string;
}

/** A canary assigned to an agent with its live checks. */
export interface AssignedCanaryRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  schedule: string | null;
  checks: { id: string; type: string; name: string; spec: unknown }[];
}

/** SQL of the agent side of the upstream API: token lookup, heartbeats, assigned canaries, receipts. */
export function upstreamRepo(database: Database) {
  return {
    async agentByTokenHash(hash: string): Promise<AgentPrincipal | undefined> {
      const { rows } = await database.pool.query<AgentPrincipal>(
        'SELECT id, name FROM agents WHERE token_hash = $1 AND deleted_at IS NULL',
        [hash],
      );
      return rows[0];
    },
    /** Notes the agent was seen now, with the version and host it reports. */
    async touch(id: string, seen: { version?: string; hostname?: string; received?: boolean }): Promise<void> {
      await database.pool.query(
        `UPDATE agents SET last_seen = now(), version = coalesce($2, version), hostname = coalesce($3, hostname),
           last_received = CASE WHEN $4 THEN now() ELSE last_received END
         WHERE id = $1`,
        [id, seen.version ?? null, seen.hostname ?? null, seen.received ?? false],
      );
    },
    /**
     * The live canaries assigned to the agent, and the multi-location ones that name it as a location,
     * with their live checks. The checks of an assigned canary take the agent's id first (a check written
     * by the canary editor starts as the local agent's), so every result the agent pushes is stored
     * against a check that carries its agent_id; a multi-location check stays the upstream's. The checks
     * are aggregated as `json`, not `jsonb`: the answer is only sent on, and building a 1,000-check canary as
     * jsonb cost ~7 ms of PostgreSQL a pull against ~4 (bench/agents, 2026-12-08).
     */
    async assignedCanaries(agent: AgentPrincipal): Promise<AssignedCanaryRow[]> {
      await database.pool.query(
        `UPDATE checks k SET agent_id = $1 FROM canaries c
         WHERE c.id = k.canary_id AND c.agent_id = $1 AND c.deleted_at IS NULL AND k.agent_id <> $1`,
        [agent.id],
      );
      const { rows } = await database.pool.query<AssignedCanaryRow>(
        `SELECT c.id, c.name, c.namespace, c.labels, coalesce(c.schedule, c.spec->>'schedule') AS schedule,
           coalesce((SELECT json_agg(json_build_object('id', k.id, 'type', k.type, 'name', k.name, 'spec', k.spec)
             ORDER BY k.name) FROM checks k WHERE k.canary_id = c.id AND k.deleted_at IS NULL AND NOT k.transformed),
             '[]'::json) AS checks
         FROM canaries c
         WHERE (c.agent_id = $1 OR (jsonb_typeof(c.spec -> 'locations') = 'array' AND (c.spec -> 'locations') ? $2))
           AND c.deleted_at IS NULL
         ORDER BY c.namespace, c.name`,
        [agent.id, agent.name],
      );
      return rows;
    },
    /**
     * Of these check ids, the live ones that belong to the agent, each with whether its canary names
     * locations (a multi-location canary: only then can the check also be one of the agent's locations).
     */
    async ownedChecks(db: Kysely<Tables>, agentId: string, checkIds: readonly string[]): Promise<Map<string, boolean>> {
      const { rows } = await sql<{ id: string; locations: boolean }>`SELECT k.id,
          jsonb_typeof(c.spec -> 'locations') IS NOT DISTINCT FROM 'array' AS locations
        FROM checks k JOIN canaries c ON c.id = k.canary_id
        WHERE k.id = ANY(${[...checkIds]}::uuid[]) AND k.agent_id = ${agentId} AND k.deleted_at IS NULL`.execute(db);
      return new Map(rows.map((row) => [row.id, row.locations]));
    },
    /**
     * Records idempotency keys; answers the ones received before (acknowledged, not stored again), so the
     * usual push — every key new — answers one row with an empty array, not a row per key to read back.
     */
    async receipt(db: Kysely<Tables>, agentId: string, keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      // The keys in the column's "C" collation (0260), so they compare with the inserted ones.
      const { rows } = await sql<{ seen: string[] }>`WITH k AS (SELECT unnest(${[...keys]}::text[]) COLLATE "C" AS key),
        fresh AS (INSERT INTO agent_push_receipts (agent_id, key) SELECT ${agentId}::uuid, key FROM k
          ON CONFLICT DO NOTHING RETURNING key)
        SELECT coalesce(array_agg(key), '{}') AS seen FROM k WHERE key NOT IN (SELECT key FROM fresh)`.execute(db);
      return new Set(rows[0]?.seen ?? []);
    },
  };
}

/** Deletes up to `limit` push receipts older than `days` (oldest first, by the received_at index); the count. */
export async function prunePushReceipts(pool: pg.Pool, days: number, limit: number): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM agent_push_receipts WHERE (agent_id, key) IN (
       SELECT agent_id, key FROM agent_push_receipts WHERE received_at < now() - make_interval(days => $1::int)
       ORDER BY received_at LIMIT $2)`,
    [days, limit],
  );
  return rowCount ?? 0;
}

/** A catalog scraper assigned to an agent. */
export interface AssignedScraperRow {
  id: string;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
}

/** SQL of the scrapers agents run and the scrapes they push. */
export function upstreamScrapesRepo(database: Database) {
  const pool = database.pool;
  return {
    /** The live scrapers assigned to the agent. */
    async assignedScrapers(agentId: string): Promise<AssignedScraperRow[]> {
      const { rows } = await pool.query<AssignedScraperRow>(
        `SELECT id, name, namespace, coalesce(spec, '{}'::jsonb) AS spec FROM config_scrapers
          WHERE agent_id = $1 AND deleted_at IS NULL ORDER BY namespace, name`,
        [agentId],
      );
      return rows;
    },
    /**
     * Claims a scrape's idempotency key; false when it was claimed before (the scrape was saved, or is
     * being saved by an earlier attempt of the same push).
     */
    async claim(agentId: string, key: string): Promise<boolean> {
      const { rows } = await pool.query(
        'INSERT INTO agent_push_receipts (agent_id, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING key',
        [agentId, key],
      );
      return rows.length > 0;
    },
    /** Gives a key back after its scrape failed to save, so the agent's retry saves it. */
    async release(agentId: string, key: string): Promise<void> {
      await pool.query('DELETE FROM agent_push_receipts WHERE agent_id = $1 AND key = $2', [agentId, key]);
    },
    /** Marks the scraper's items as the agent's (items carry the agent_id of whoever reported them). */
    async stampItems(agentId: string, scraperId: string): Promise<void> {
      await pool.query('UPDATE config_items SET agent_id = $1 WHERE scraper_id = $2 AND agent_id <> $1', [
        agentId,
        scraperId,
      ]);
    },
    /** The run's job_history row, as a scrape on this server writes one, so the integration shows its last status. */
    async recordRun(run: {
      scraperId: string;
      agentName: string;
      startedAt: Date;
      durationMs: number;
      successCount: number;
      errorCount: number;
      details: Record<string, unknown>;
    }): Promise<void> {
      const end = new Date(run.startedAt.getTime() + run.durationMs);
      await pool.query(
        `INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count, details,
                                  hostname, duration_millis, time_start, time_end)
         VALUES ('run_scraper', 'config_scraper', $1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
        [
          run.scraperId,
          run.errorCount > 0 ? 'WARNING' : 'SUCCESS',
          run.successCount,
          run.errorCount,
          JSON.stringify(run.details),
          `agent:${run.agentName}`,
          run.durationMs,
          run.startedAt.toISOString(),
          end.toISOString(),
        ],
      );
    },
  };
}
