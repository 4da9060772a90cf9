/**
 * Catalog scrapers: create, replace and delete a ScrapeConfig, and Run Now. Each write is one
 * transaction: the scraper row, its named schedule on the job queue (`scraper:<id>`, first tick at once)
 * and the audit row, so a rejected schedule leaves nothing behind. Scrapers from the watched folder
 * (source `ConfigFile`) are read-only here, as canary files are.
 */

import { NIL_AGENT_ID } from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import type { Kysely, Transaction } from 'kysely';
import { recordAuditIn } from '../../../platform/audit.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/request-context.js';
import { recordSaver } from '../../connections/index.js';
import {
  deleteSchedule,
  enqueue,
  jobStatus,
  liveJobOf,
  scheduleSingletonKey,
  upsertSchedule,
} from '../../jobs/index.js';
import { forgetCrdPlaybooks } from '../scrape/crd-sync.js';
import { runScraperJob, scraperScheduleName } from '../scrape/run-scraper.job.js';
import { SCRAPE_CONFIG_API_VERSION, type ScrapeConfigDocument, scraperSchedule } from './scrape-config.js';
import {
  findScraper,
  findScraperByName,
  insertScraper,
  itemCounts,
  listScrapers,
  recentRuns,
  type ScraperRow,
  softDeleteScraper,
  updateScraper,
} from './scrapers.repo.js';

/** Scraper sources: the API or console, the server itself, or a watched file. */
export type ScraperSource = 'UI' | 'System' | 'ConfigFile';

/** Spreads scraper schedules over up to 30 s so many scrapers do not tick in the same millisecond. */
export const SCRAPER_JITTER_MS = 30_000;
/** Runs shown with a scraper. */
export const RECENT_RUNS = 10;
/** Longest Run Now waits for its run with `wait=true`. */
export const RUN_NOW_WAIT_MS = 60_000;

/** Who writes, for the audit row. */
export interface WriteContext {
  actor: Actor;
  requestId?: string | null;
}

const actorId = (actor: Actor) => (actor.kind === 'person' ? actor.id : null);

/** The scraper as a ScrapeConfig document plus its row fields. */
export function toApi(row: ScraperRow) {
  return {
    ...row,
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: 'ScrapeConfig',
    metadata: { name: row.name, namespace: row.namespace },
    schedule: scraperSchedule((row.spec ?? {}) as ScrapeConfigDocument['spec']),
  };
}

type Trx = Transaction<Tables> | Kysely<Tables>;

/**
 * Makes a written scraper row take effect inside the caller's transaction: its named schedule is set,
 * first tick now; a scraper assigned to a remote agent has none here, its agent runs it. Exported so a scraper written through the data API is scheduled exactly as one
 * written through `/api/catalog/scrapers`.
 */
export async function applyScraper(
  trx: Trx,
  row: Pick<ScraperRow, 'id'> & Partial<Pick<ScraperRow, 'agent_id'>>,
  doc: ScrapeConfigDocument,
): Promise<void> {
  if (row.agent_id !== undefined && row.agent_id !== NIL_AGENT_ID) {
    await unscheduleScraper(trx, row.id); // its agent runs it (docs/agents.md)
    return;
  }
  await upsertSchedule(trx, {
    name: scraperScheduleName(row.id),
    schedule: scraperSchedule(doc.spec),
    job: runScraperJob,
    payload: { scraperId: row.id },
    jitterMs: SCRAPER_JITTER_MS,
    resource: { id: row.id },
    startAt: new Date(),
  });
}

/** Removes a scraper's schedule (the scraper was deleted). */
export function unscheduleScraper(trx: Trx, id: string): Promise<boolean> {
  return deleteSchedule(trx, scraperScheduleName(id));
}

function writeOf(doc: ScrapeConfigDocument, source: ScraperSource) {
  return {
    name: doc.metadata.name,
    namespace: doc.metadata.namespace ?? 'default',
    description: doc.metadata.annotations?.description ?? null,
    spec: doc.spec,
    source,
  };
}

function readOnly(row: ScraperRow): AppError {
  return new AppError(
    'forbidden',
    `Scraper '${row.namespace}/${row.name}' comes from a file and is read-only; edit its file instead`,
  );
}

/** A scraper's row by id (live or deleted), or undefined: for modules that run scrapers (an agent's scrapes). */
export function findScraperRow(executor: Trx | Database['pool'], id: string): Promise<ScraperRow | undefined> {
  return findScraper(executor, id);
}

async function mustFind(executor: Trx | Database['pool'], id: string): Promise<ScraperRow> {
  const row = await findScraper(executor, id);
  if (!row) throw new AppError('not_found', `Scraper '${id}' not found`);
  return row;
}

/** Creates a scraper; 409 when a live one of that namespace and name exists. */
function createScraper(database: Database, doc: ScrapeConfigDocument, ctx: WriteContext, source: ScraperSource) {
  return database.db.transaction().execute(async (trx) => {
    const row = await insertScraper(trx, { ...writeOf(doc, source), createdBy: actorId(ctx.actor) });
    if (!row) {
      throw new AppError(
        'conflict',
        `Scraper '${doc.metadata.namespace ?? 'default'}/${doc.metadata.name}' already exists`,
      );
    }
    await recordSaver(trx, { table: 'config_scrapers', id: row.id, actor: ctx.actor, definition: doc.spec });
    await applyScraper(trx, row, doc);
    await recordAuditIn(trx, {
      actor: ctx.actor,
      requestId: ctx.requestId ?? null,
      action: 'create',
      target: 'config_scrapers',
      ids: [row.id],
      after: { name: row.name, namespace: row.namespace, source },
    });
    return toApi(row);
  });
}

/** Replaces a scraper's document; scrapers from files are read-only here. */
function replaceScraper(
  database: Database,
  id: string,
  doc: ScrapeConfigDocument,
  ctx: WriteContext,
  options: { fromFile?: boolean },
) {
  return database.db.transaction().execute(async (trx) => {
    const before = await mustFind(trx, id);
    if (before.source === 'ConfigFile' && !options.fromFile) throw readOnly(before);
    const clash = await findScraperByName(trx, doc.metadata.namespace ?? 'default', doc.metadata.name);
    if (clash && clash.id !== id) {
      throw new AppError('conflict', `Scraper '${clash.namespace}/${clash.name}' already exists`);
    }
    // The stored source is one of the three this service writes.
    const row = await updateScraper(trx, id, writeOf(doc, before.source as ScraperSource));
    if (!row) throw new AppError('not_found', `Scraper '${id}' not found`);
    await recordSaver(trx, { table: 'config_scrapers', id, actor: ctx.actor, definition: doc.spec });
    await applyScraper(trx, row, doc);
    await recordAuditIn(trx, {
      actor: ctx.actor,
      requestId: ctx.requestId ?? null,
      action: 'update',
      target: 'config_scrapers',
      ids: [id],
      before: { name: before.name, namespace: before.namespace, spec: before.spec },
      after: { name: row.name, namespace: row.namespace, spec: row.spec },
    });
    return toApi(row);
  });
}

/** Deletes a scraper (soft), its schedule, and soft-deletes its items, then the playbooks they made (crdSync). */
async function removeScraper(database: Database, id: string, ctx: WriteContext, options: { fromFile?: boolean }) {
  await database.db.transaction().execute(async (trx) => {
    const before = await mustFind(trx, id);
    if (before.source === 'ConfigFile' && !options.fromFile) throw readOnly(before);
    await softDeleteScraper(trx, id);
    await forgetCrdPlaybooks(trx, id, ctx.actor);
    await unscheduleScraper(trx, id);
    await recordAuditIn(trx, {
      actor: ctx.actor,
      requestId: ctx.requestId ?? null,
      action: 'delete',
      target: 'config_scrapers',
      ids: [id],
      before: { name: before.name, namespace: before.namespace, source: before.source },
    });
  });
}

/** Queues a scraper's run under its schedule's singleton key, audited; the job's id, or null when one is already queued. */
function queueRun(database: Database, id: string, ctx: WriteContext) {
  return database.db.transaction().execute(async (trx) => {
    const row = await mustFind(trx, id);
    const queued = await enqueue(
      trx,
      runScraperJob,
      { scraperId: row.id },
      {
        singletonKey: scheduleSingletonKey(scraperScheduleName(row.id)),
        resource: { id: row.id },
      },
    );
    await recordAuditIn(trx, {
      actor: ctx.actor,
      requestId: ctx.requestId ?? null,
      action: 'scraper.run',
      target: 'POST /api/catalog/scrapers/:id/run',
      ids: [row.id],
      after: { job_id: queued },
    });
    return queued;
  });
}

/**
 * Queues a run now under the schedule's singleton key, so it never runs beside a scheduled tick or a
 * second click, on any replica. With `wait`, answers once the run finished (or after
 * {@link RUN_NOW_WAIT_MS}) with its history row.
 */
async function runNow(database: Database, id: string, ctx: WriteContext, options: { wait?: boolean }) {
  const jobId = await queueRun(database, id, ctx);
  const pending = jobId ?? (await liveJobOf(database.pool, scheduleSingletonKey(scraperScheduleName(id)))) ?? null;
  const answer = { scraper_id: id, job_id: pending, queued: jobId !== null };
  if (!options.wait || !pending) return { ...answer, state: pending ? 'pending' : 'finished', run: null };
  const deadline = Date.now() + RUN_NOW_WAIT_MS;
  for (;;) {
    const job = await jobStatus(database.pool, pending);
    const done = !job || ['succeeded', 'dead', 'cancelled'].includes(job.state);
    if (done || Date.now() > deadline) {
      const [run] = done ? await recentRuns(database.pool, id, 1) : [undefined];
      return { ...answer, state: job?.state ?? 'finished', run: run ?? null };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The scrapers service of one database. */
export function scrapersService(database: Database) {
  return {
    async list() {
      return (await listScrapers(database.pool)).map((row) => ({
        ...toApi(row),
        items: row.items,
        last_run: row.last_run,
      }));
    },

    /** One scraper with its items by type and latest runs (a running one shows its progress). */
    async get(id: string) {
      const row = await mustFind(database.pool, id);
      const [types, runs] = await Promise.all([
        itemCounts(database.pool, id),
        recentRuns(database.pool, id, RECENT_RUNS),
      ]);
      return {
        ...toApi(row),
        items: types.reduce((sum, t) => sum + t.count, 0),
        item_types: types,
        runs,
        running: runs.find((run) => run.status === 'RUNNING') ?? null,
      };
    },

    /** Creates a scraper; 409 when a live one of that namespace and name exists. */
    create(doc: ScrapeConfigDocument, ctx: WriteContext, source: ScraperSource = 'UI') {
      return createScraper(database, doc, ctx, source);
    },

    /** Replaces a scraper's document; scrapers from files are read-only here. */
    update(id: string, doc: ScrapeConfigDocument, ctx: WriteContext, options: { fromFile?: boolean } = {}) {
      return replaceScraper(database, id, doc, ctx, options);
    },

    /** Deletes a scraper (soft), its schedule, and soft-deletes its items. */
    remove(id: string, ctx: WriteContext, options: { fromFile?: boolean } = {}) {
      return removeScraper(database, id, ctx, options);
    },

    /** Creates or replaces a scraper of a source by namespace and name (the watched folder, the system scraper). */
    async upsertFrom(source: ScraperSource, doc: ScrapeConfigDocument, ctx: WriteContext) {
      const existing = await findScraperByName(database.pool, doc.metadata.namespace ?? 'default', doc.metadata.name);
      if (!existing) return createScraper(database, doc, ctx, source);
      if (existing.source !== source) {
        throw new AppError(
          'conflict',
          `Scraper '${existing.namespace}/${existing.name}' already exists (source ${existing.source})`,
        );
      }
      return replaceScraper(database, existing.id, doc, ctx, { fromFile: true });
    },

    /** Queues a run now (see {@link runNow}); with `wait`, answers once it finished. */
    runNow(id: string, ctx: WriteContext, options: { wait?: boolean } = {}) {
      return runNow(database, id, ctx, options);
    },
  };
}
