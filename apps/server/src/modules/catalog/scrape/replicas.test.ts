import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { fireDueSchedules, JobRegistry } from '../../jobs/index.js';
import { createJobTestKit, type JobTestKit, waitFor } from '../../jobs/testing/job-test-kit.js';
import { mustValidateScrapeConfig } from '../scrapers/scrape-config.js';
import { scrapersService } from '../scrapers/scrapers.service.js';
import { allowScraperFiles, scrapeConfig } from '../testing/catalog-test-app.js';
import { runScraperJob } from './run-scraper.job.js';

const logger = createLogger('error', {}, () => {});
const registry = new JobRegistry([runScraperJob]);
const system = { actor: { kind: 'system' as const, name: 'test' } };

let kit: JobTestKit;
let dir: string;
beforeAll(async () => {
  kit = await createJobTestKit();
  dir = await mkdtemp(join(tmpdir(), 'mc-scrape-replicas-'));
  await allowScraperFiles(kit.database, dir);
  await writeFile(join(dir, 'a.json'), JSON.stringify({ id: 'a', name: 'alpha' }));
});
afterAll(async () => {
  await kit.close();
  await rm(dir, { recursive: true, force: true });
});

const runs = (id: string) =>
  kit.rows<{ status: string; success_count: number; details: { scrape_summary?: Record<string, number> } }>(
    "SELECT status, success_count, details FROM job_history WHERE resource_id = $1 AND status <> 'RUNNING' ORDER BY time_start",
    [id],
  );

describe('scrapes across two replicas', () => {
  it('fires a scraper’s schedule and its Run Now exactly once, with counts in job history', async () => {
    const doc = scrapeConfig('replicated', {
      file: [{ type: 'Test::Thing', id: '$.id', name: '$.name', paths: [join(dir, '*.json')] }],
    });
    const scraper = await scrapersService(kit.database).create(mustValidateScrapeConfig(doc), system);
    // Both replicas' schedulers tick at once: the due first tick is enqueued once.
    const fired = await Promise.all([
      fireDueSchedules(kit.database.pool, registry, logger),
      fireDueSchedules(kit.database.pool, registry, logger),
    ]);
    expect(fired[0] + fired[1]).toBe(1);
    const workers = [kit.startWorker([runScraperJob]), kit.startWorker([runScraperJob])];
    const first = await waitFor(async () => ((await runs(scraper.id)).length === 1 ? runs(scraper.id) : undefined));
    expect(first[0]).toMatchObject({ status: 'SUCCESS', success_count: 1 });
    expect(first[0]?.details.scrape_summary).toMatchObject({
      created: 1,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      errors: 0,
    });

    // Run Now pressed on both replicas at once (workers paused, so the run cannot finish in between): one run.
    await Promise.all(workers.map((worker) => worker.stop(1_000)));
    const [a, b] = await Promise.all([
      scrapersService(kit.database).runNow(scraper.id, system),
      scrapersService(kit.database).runNow(scraper.id, system),
    ]);
    expect([a.queued, b.queued].filter(Boolean)).toHaveLength(1);
    expect(a.job_id).toBe(b.job_id);
    kit.startWorker([runScraperJob]);
    kit.startWorker([runScraperJob]);
    const both = await waitFor(async () => ((await runs(scraper.id)).length === 2 ? runs(scraper.id) : undefined));
    expect(both[1]?.details.scrape_summary).toMatchObject({ created: 0, unchanged: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await runs(scraper.id)).toHaveLength(2);
    const [items] = await kit.rows<{ n: number }>('SELECT count(*)::int AS n FROM config_items WHERE scraper_id = $1', [
      scraper.id,
    ]);
    expect(items?.n).toBe(1);
  });

  it('waits for the run with wait=true and answers its history row', async () => {
    const [row] = await kit.rows<{ id: string }>("SELECT id FROM config_scrapers WHERE name = 'replicated'");
    const answer = await scrapersService(kit.database).runNow(row?.id ?? '', system, { wait: true });
    expect(answer).toMatchObject({ state: 'succeeded', run: { status: 'SUCCESS' } });
  });
});
