import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp } from '../testing/catalog-test-app.js';
import { PROGRESS_INTERVAL_MS, startProgress } from './scrape-progress.js';

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(() => t.close());

const SCRAPER = '00000000-0000-4000-8000-0000000000aa';
const running = () =>
  t.rows<{
    status: string;
    resource_type: string;
    details: { progress: { phase: string; done: number; total: number } };
  }>("SELECT status, resource_type, details FROM job_history WHERE resource_id = $1 AND status = 'RUNNING'", [SCRAPER]);

describe('scrape progress', () => {
  it('shows a RUNNING history row with the phase and counts while a scrape runs, and removes it at the end', async () => {
    const progress = await startProgress(t.database, 'run_scraper', SCRAPER);
    expect(await running()).toEqual([
      {
        status: 'RUNNING',
        resource_type: 'config_scraper',
        details: { progress: { phase: 'scrape', done: 0, total: 0 } },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_INTERVAL_MS + 50));
    progress.report('insert', 500, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await running())[0]?.details.progress).toEqual({ phase: 'insert', done: 500, total: 10_000 });
    await progress.finish();
    expect(await running()).toEqual([]);
  });
});
