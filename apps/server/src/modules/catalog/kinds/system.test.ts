import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { ensureSystemScraper } from '../scrapers/system-scraper.js';
import { type CatalogTestApp, createCatalogTestApp } from '../testing/catalog-test-app.js';

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(() => t.close());

const logger = createLogger('error', {}, () => {});

describe('system scraper', () => {
  it('is ensured once at start, scheduled to run at once, and a deletion is respected', async () => {
    await ensureSystemScraper(t.database, logger);
    await ensureSystemScraper(t.database, logger);
    const rows = await t.rows<{ id: string; source: string }>(
      "SELECT id, source FROM config_scrapers WHERE name = 'system'",
    );
    expect(rows).toEqual([{ id: expect.any(String), source: 'System' }]);
    const [schedule] = await t.rows<{ next_run_at: Date }>('SELECT next_run_at FROM schedules WHERE name = $1', [
      `scraper:${rows[0]?.id}`,
    ]);
    expect(schedule?.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('scrapes this host and installation', async () => {
    const [row] = await t.rows<{ id: string }>("SELECT id FROM config_scrapers WHERE name = 'system'");
    const outcome = await t.scrape(row?.id ?? '');
    expect(outcome.errors).toEqual([]);
    const items = await t.rows<{ type: string; name: string; parent_id: string | null }>(
      'SELECT type, name, parent_id FROM config_items WHERE scraper_id = $1',
      [row?.id],
    );
    const types = new Set(items.map((item) => item.type));
    for (const type of [
      'System::Host',
      'System::NetworkInterface',
      'System::Disk',
      'System::ListeningPort',
      'MissionControl::Server',
      'MissionControl::Database',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
    expect(items.find((item) => item.type === 'System::Host')?.name).toBe(hostname());
    expect(items.filter((item) => item.type !== 'System::Host').every((item) => item.parent_id !== null)).toBe(true);
    const again = await t.scrape(row?.id ?? '');
    const [hostChanges] = await t.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes c JOIN config_items i ON i.id = c.config_id
        WHERE i.scraper_id = $1 AND i.type IN ('System::Host', 'MissionControl::Server', 'MissionControl::Database')`,
      [row?.id],
    );
    expect(again.counts.unchanged).toBeGreaterThan(0);
    expect(hostChanges?.n).toBe(0);
  });
});
