/** Reads the live checks a run needs, with their canary's name, namespace and labels. */
import { type Database, preparedReadsOf, type Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import type { RunnableCheck } from './check-runner.js';

/** A read row: the check with its spec still the stored JSON text (null for none). */
type StoredCheck = Omit<RunnableCheck, 'spec'> & { spec: string | null };

const COLUMNS = sql`k.id, k.type, k.name, k.spec::text AS spec, k.transformed, k.description, k.endpoint,
    k.owner, k.severity, c.name AS canary_name,
    c.namespace AS canary_namespace, c.labels AS canary_labels, c.id AS canary_id, c.saved_by`;
const FROM = sql`FROM checks k JOIN canaries c ON c.id = k.canary_id`;
const SELECT = sql`SELECT ${COLUMNS} ${FROM}`;

/**
 * Which of a canary's checks its runs run: the live ones of a live canary, by name; none for a canary
 * assigned to a remote agent, nor for a multi-location canary (its locations, agents, run them); no
 * transformed check (its parent's run stores it).
 */
const RUNNABLE_OF = (canaryId: string) => sql`WHERE k.canary_id = ${canaryId} AND k.deleted_at IS NULL
    AND c.deleted_at IS NULL AND NOT k.transformed AND c.agent_id = '00000000-0000-0000-0000-000000000000'
    AND jsonb_typeof(c.spec -> 'locations') IS DISTINCT FROM 'array' ORDER BY k.name`;

/** Most check specs kept between reads (twice the 50,000 checks one process was measured running). */
export const KEPT_SPECS_MAX = 100_000;

/** The spec objects of each canary's checks as last read, with the text each was parsed from, by check id. */
const keptSpecs = new Map<string, Map<string, { text: string; spec: unknown }>>();
let keptCount = 0;

/**
 * Each row's spec as an object, the same object as the last read's while the check's stored text is
 * unchanged: the check-type registry validates a spec object once (registry.ts), so a canary's ticks
 * parse neither its JSON nor its schema again; an edited check reads as a new object and is validated
 * afresh. The canary's kept specs are replaced by this read's (a deleted check's leave with it); the
 * canaries read longest ago leave first when more than {@link KEPT_SPECS_MAX} specs are kept.
 */
function withKeptSpecs(canaryId: string, rows: (StoredCheck & { next_runtime?: Date | null })[]): RunnableCheck[] {
  const before = keptSpecs.get(canaryId);
  const kept = new Map<string, { text: string; spec: unknown }>();
  const checks = rows.map(({ spec: text, next_runtime: _tick, ...check }): RunnableCheck => {
    if (text === null) return { ...check, spec: null };
    const known = before?.get(check.id);
    const spec = known?.text === text ? known.spec : JSON.parse(text);
    kept.set(check.id, { text, spec });
    return { ...check, spec };
  });
  keptCount += kept.size - (before?.size ?? 0);
  // Re-inserted so the map's order is least recently read first.
  keptSpecs.delete(canaryId);
  if (kept.size > 0) keptSpecs.set(canaryId, kept);
  for (const [oldest, specs] of keptSpecs) {
    if (keptCount <= KEPT_SPECS_MAX || oldest === canaryId) break;
    keptSpecs.delete(oldest);
    keptCount -= specs.size;
  }
  return checks;
}

/** The checks a canary's run runs ({@link RUNNABLE_OF}). */
export async function runnableChecksOf(db: Kysely<Tables>, canaryId: string): Promise<RunnableCheck[]> {
  const { rows } = await sql<StoredCheck>`${SELECT} ${RUNNABLE_OF(canaryId)}`.execute(db);
  return withKeptSpecs(canaryId, rows);
}

/** What a canary's tick reads before it runs: its checks, and its schedule's next tick. */
export interface CanaryTick {
  checks: RunnableCheck[];
  /** When the schedule fires next (each result's `next_runtime`); null when it is disabled or gone, or no check runs. */
  nextRuntime: Date | null;
}

/**
 * A tick's reads in one statement: the checks a run runs ({@link RUNNABLE_OF}) and the next tick of the
 * canary's schedule `scheduleName` (the jobs module's `schedules` row, read once for the statement, as
 * system/metrics.repo.ts reads it) — a round trip and a statement fewer per tick than reading the
 * schedule after the checks. Prepared on each PostgreSQL connection once hot (every tick sends the same
 * text), so it is planned once per connection instead of on every tick.
 */
export async function canaryTickOf(
  database: Pick<Database, 'engine' | 'pool' | 'db'>,
  canaryId: string,
  scheduleName: string,
): Promise<CanaryTick> {
  const { sql: text, parameters } = sql`SELECT ${COLUMNS},
      (SELECT CASE WHEN s.enabled THEN s.next_run_at END FROM schedules s WHERE s.name = ${scheduleName}) AS next_runtime
    ${FROM} ${RUNNABLE_OF(canaryId)}`.compile(database.db);
  const { rows } = await preparedReadsOf(database).query<StoredCheck & { next_runtime: Date | null }>(text, parameters);
  return { checks: withKeptSpecs(canaryId, rows), nextRuntime: rows[0]?.next_runtime ?? null };
}

/**
 * One live check of a live canary, or undefined; with its canary's `locations` (the agents that run a
 * multi-location check, null for any other), so Run Now can refuse what this server never runs.
 */
export async function runnableCheck(
  db: Kysely<Tables>,
  checkId: string,
): Promise<(RunnableCheck & { canary_id: string; locations: string[] | null }) | undefined> {
  const { rows } = await sql<StoredCheck & { canary_id: string; locations: string[] | null }>`SELECT q.*,
      CASE WHEN jsonb_typeof(c.spec -> 'locations') = 'array' THEN c.spec -> 'locations' END AS locations
    FROM (${SELECT} WHERE k.id = ${checkId} AND k.deleted_at IS NULL AND c.deleted_at IS NULL) q
    JOIN canaries c ON c.id = q.canary_id`.execute(db);
  const row = rows[0];
  return row && { ...row, spec: row.spec === null ? null : JSON.parse(row.spec) };
}
