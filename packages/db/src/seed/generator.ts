import type { Database } from '../database.js';
import { idPrefix, type SeedContext } from './context.js';
import { resetDemoData } from './reset.js';
import { seedCatalog } from './seed-catalog.js';
import { seedHealth } from './seed-health.js';
import { seedIncidents } from './seed-incidents.js';
import { seedNotifications } from './seed-notifications.js';
import { seedPeople } from './seed-people.js';
import { seedPlaybooks } from './seed-playbooks.js';
import { seedSystem } from './seed-system.js';
import { seedTopology } from './seed-topology.js';
import { resolveSizes, type SeedSizes } from './sizes.js';

/** Options of one demo batch. */
export interface SeedOptions {
  /** Wipe the demo data first (see {@link resetDemoData}), so counts match the sizes exactly. */
  reset?: boolean;
  /**
   * Check foreign keys row by row while loading. Off by default: the generator builds coherent rows by
   * construction and, where the role may, loads with `session_replication_role = replica` (as pg_restore
   * does) for speed. Tests turn it on to prove the data is coherent.
   */
  checkForeignKeys?: boolean;
  /** Called after each step, e.g. to print progress. */
  onStep?: (step: SeedStepReport) => void;
}

/** How long one step took. */
export interface SeedStepReport {
  step: string;
  millis: number;
}

/** What a batch did: its number (1 for the first since a reset), the sizes used and the timings. */
export interface SeedReport {
  batch: number;
  sizes: SeedSizes;
  steps: SeedStepReport[];
  totalMillis: number;
}

const STEPS: [string, (ctx: SeedContext) => Promise<void>][] = [
  ['people, teams, agents', seedPeople],
  ['canaries, checks, check history', seedHealth],
  ['catalog', seedCatalog],
  ['topology', seedTopology],
  ['incidents', seedIncidents],
  ['playbooks', seedPlaybooks],
  ['notifications', seedNotifications],
  ['connections, permissions, jobs, events', seedSystem],
];

async function nextBatch(ctx: SeedContext): Promise<number> {
  const { rows } = await ctx.client.query<{ value: string }>(
    `INSERT INTO properties (name, value) VALUES ('demo.seed.batches', '1')
     ON CONFLICT (name) DO UPDATE SET value = (properties.value::int + 1)::text RETURNING value`,
  );
  return Number(rows[0]?.value ?? 1);
}

/**
 * Generates a coherent demo data set across every entity, server-side (`INSERT … SELECT` over
 * `generate_series`), fast enough for benchmark sizes. Seeding again adds another batch with
 * distinct names (`-b2`…), so it never collides; pass `reset` for a clean slate.
 */
export async function seedDemo(
  database: Database,
  sizes: Partial<SeedSizes> = {},
  options: SeedOptions = {},
): Promise<SeedReport> {
  const started = performance.now();
  const client = await database.pool.connect();
  const steps: SeedStepReport[] = [];
  const record = (step: string, since: number) => {
    const report = { step, millis: Math.round(performance.now() - since) };
    steps.push(report);
    options.onStep?.(report);
  };
  try {
    if (database.engine === 'postgres') {
      await client.query('SET synchronous_commit = off');
      await client.query("SET maintenance_work_mem = '256MB'");
    }
    if (options.reset) {
      const since = performance.now();
      await resetDemoData(client);
      record('reset', since);
    }
    if (!options.checkForeignKeys) {
      await client.query('SET session_replication_role = replica').catch(() => {});
    }
    const now = new Date();
    const ctx: SeedContext = {
      client,
      sizes: resolveSizes(sizes),
      prefix: idPrefix(now),
      tag: '',
      now,
      people: [],
      teams: [],
      agents: [],
    };
    const batch = await nextBatch(ctx);
    ctx.tag = batch === 1 ? '' : `-b${batch}`;
    for (const [name, run] of STEPS) {
      const since = performance.now();
      await run(ctx);
      record(name, since);
    }
    const recount = performance.now();
    // Triggers did not fire under session_replication_role = replica: the catalog's counters are
    // recounted from the loaded rows, as its triggers would have kept them.
    await client.query('SELECT catalog_option_counts_rebuild()');
    record('catalog counters', recount);
    const since = performance.now();
    await client.query('ANALYZE');
    record('analyze', since);
    return { batch, sizes: ctx.sizes, steps, totalMillis: Math.round(performance.now() - started) };
  } finally {
    await client.query('RESET session_replication_role').catch(() => {});
    if (database.engine === 'postgres') await client.query('RESET ALL').catch(() => {});
    client.release();
  }
}
