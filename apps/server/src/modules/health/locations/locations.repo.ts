/** SQL of multi-location checks: each location's latest result and the canary's quorum rule. */
import { AGENT_HEALTHY_WITHIN_SECONDS, AGENT_RUN_REQUEST_TTL_SECONDS } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

/** A location's latest result, as stored. */
export interface LocationResultWrite {
  checkId: string;
  time: Date;
  status: 'healthy' | 'unhealthy';
  duration: number;
  message: string;
  error: string | null;
}

/** One named location of a check with its agent and latest result. */
export interface LocationRow {
  name: string;
  agent_id: string | null;
  agent_online: boolean;
  status: 'healthy' | 'unhealthy' | null;
  time: Date | null;
  duration: number | null;
  message: string | null;
  error: string | null;
}

/** Keeps each location's newest result per check (an older one arriving late changes nothing). */
export async function upsertLocationResults(
  db: Kysely<Tables>,
  agentId: string,
  results: readonly LocationResultWrite[],
): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map((r) => ({
    c: r.checkId,
    t: r.time.toISOString(),
    s: r.status,
    d: r.duration,
    m: r.message,
    e: r.error,
  }));
  await sql`INSERT INTO check_location_statuses (check_id, agent_id, time, status, duration, message, error)
    SELECT DISTINCT ON (v.c) v.c, ${agentId}::uuid, v.t, v.s, v.d, v.m, v.e
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(c uuid, t timestamptz, s text, d integer, m text, e text)
     ORDER BY v.c, v.t DESC
    ON CONFLICT (check_id, agent_id) DO UPDATE SET time = EXCLUDED.time, status = EXCLUDED.status,
      duration = EXCLUDED.duration, message = EXCLUDED.message, error = EXCLUDED.error, updated_at = now()
    WHERE check_location_statuses.time < EXCLUDED.time`.execute(db);
}

/** The live multi-location checks among these ids that name the agent as a location, with their rule. */
export async function locatedChecks(
  db: Kysely<Tables>,
  agentName: string,
  checkIds: readonly string[],
): Promise<Map<string, { locations: string[]; quorum: number | null }>> {
  if (checkIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; locations: string[]; quorum: number | null }>`
    SELECT k.id, c.spec -> 'locations' AS locations, (c.spec ->> 'quorum')::int AS quorum
      FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE k.id = ANY(${[...checkIds]}::uuid[]) AND k.deleted_at IS NULL AND c.deleted_at IS NULL
       AND jsonb_typeof(c.spec -> 'locations') = 'array' AND (c.spec -> 'locations') ? ${agentName}`.execute(db);
  return new Map(rows.map((row) => [row.id, { locations: row.locations, quorum: row.quorum }]));
}

/** A check's rule and each of its named locations with its agent and latest result, in the spec's order. */
export async function checkLocationRows(
  db: Kysely<Tables>,
  checkId: string,
): Promise<{ canaryId: string; quorum: number | null; count: number; rows: LocationRow[] } | undefined> {
  const { rows: rule } = await sql<{ canary_id: string; locations: unknown; quorum: number | null }>`
    SELECT c.id AS canary_id, c.spec -> 'locations' AS locations, (c.spec ->> 'quorum')::int AS quorum
      FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE k.id = ${checkId} AND k.deleted_at IS NULL`.execute(db);
  if (!rule[0]) return undefined;
  const canaryId = rule[0].canary_id;
  if (!Array.isArray(rule[0].locations)) return { canaryId, quorum: null, count: 0, rows: [] };
  const { rows } = await sql<LocationRow>`
    SELECT l.name, a.id AS agent_id,
           coalesce(a.last_seen > now() - make_interval(secs => ${AGENT_HEALTHY_WITHIN_SECONDS}), false) AS agent_online,
           s.status, s.time, s.duration, s.message, s.error
      FROM jsonb_array_elements_text(${JSON.stringify(rule[0].locations)}::jsonb) WITH ORDINALITY AS l(name, n)
      LEFT JOIN agents a ON a.name = l.name AND a.deleted_at IS NULL
      LEFT JOIN check_location_statuses s ON s.check_id = ${checkId} AND s.agent_id = a.id
     ORDER BY l.n`.execute(db);
  return { canaryId, quorum: rule[0].quorum, count: rule[0].locations.length, rows };
}

/** A multi-location check whose verdict counted a location that has gone stale since, and when it did. */
export interface StaleQuorum {
  check_id: string;
  stale_at: Date;
}

/**
 * The live multi-location checks whose last verdict may have counted a location that no longer agrees:
 * a healthy location whose agent went stale (not seen within the health window, or deleted) after that
 * verdict's time. Only those need deciding again; `stale_at` is when the last of them went stale, to the
 * millisecond: the verdict is stored at that time through a JavaScript Date, and a microsecond more would
 * find the same check stale again at the next tick (PostgreSQL keeps microseconds).
 */
export async function staleQuorumChecks(db: Kysely<Tables>): Promise<StaleQuorum[]> {
  const { rows } = await sql<StaleQuorum>`
    SELECT s.check_id, max(x.stale_at) AS stale_at
      FROM agents a
      CROSS JOIN LATERAL (SELECT date_trunc('milliseconds', least(coalesce(a.last_seen, a.created_at)
        + make_interval(secs => ${AGENT_HEALTHY_WITHIN_SECONDS}), coalesce(a.deleted_at, 'infinity'))) AS stale_at) x
      JOIN check_location_statuses s ON s.agent_id = a.id AND s.status = 'healthy'
      JOIN checks k ON k.id = s.check_id AND k.deleted_at IS NULL
      JOIN canaries c ON c.id = k.canary_id AND c.deleted_at IS NULL AND jsonb_typeof(c.spec -> 'locations') = 'array'
     WHERE x.stale_at <= now() AND x.stale_at > coalesce(k.last_runtime, '-infinity')
     GROUP BY s.check_id`.execute(db);
  return rows;
}

/** One named location of a check as Run Now found it: its live agent (null for none). */
export interface RunRequestTarget {
  name: string;
  agent_id: string | null;
}

/**
 * Asks each named location's live agent to run the check at its next poll (one row per agent and check:
 * a second click before the poll asks once), after dropping requests no poll fetched in time. Answers
 * every location with the agent it names, or null for a name that names no agent.
 */
export async function queueRunRequests(
  db: Kysely<Tables>,
  checkId: string,
  locations: readonly string[],
): Promise<RunRequestTarget[]> {
  await sql`DELETE FROM agent_run_requests
    WHERE requested_at < now() - make_interval(secs => ${AGENT_RUN_REQUEST_TTL_SECONDS})`.execute(db);
  const { rows } = await sql<RunRequestTarget>`
    SELECT l.name, a.id AS agent_id
      FROM jsonb_array_elements_text(${JSON.stringify(locations)}::jsonb) WITH ORDINALITY AS l(name, n)
      LEFT JOIN agents a ON a.name = l.name AND a.deleted_at IS NULL
     ORDER BY l.n`.execute(db);
  const agents = rows.flatMap((row) => (row.agent_id ? [row.agent_id] : []));
  if (agents.length > 0) {
    await sql`INSERT INTO agent_run_requests (agent_id, check_id)
      SELECT unnest(${agents}::uuid[]), ${checkId}::uuid
      ON CONFLICT (agent_id, check_id) DO UPDATE SET requested_at = now()`.execute(db);
  }
  return rows;
}
