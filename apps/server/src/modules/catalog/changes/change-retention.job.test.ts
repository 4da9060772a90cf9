import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp } from '../testing/catalog-test-app.js';
import { applyChangeRetention } from './change-retention.job.js';

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(() => t.close());

describe('change retention', () => {
  it('deletes changes past the age and beyond the per-item count, by properties', async () => {
    const [item] = await t.rows<{ id: string }>(
      "INSERT INTO config_items (config_class, type, name) VALUES ('Test', 'Test::Item', 'kept') RETURNING id",
    );
    for (let i = 0; i < 5; i++) {
      await t.rows(
        `INSERT INTO config_changes (config_id, change_type, summary, created_at) VALUES ($1, 'diff', $2, now() - $3::int * interval '1 hour')`,
        [item?.id, `change ${i}`, i],
      );
    }
    await t.rows(
      "INSERT INTO config_changes (config_id, change_type, summary, created_at) VALUES ($1, 'diff', 'ancient', now() - interval '400 days')",
      [item?.id],
    );
    expect(await applyChangeRetention(t.database)).toEqual({ by_age: 1, by_count: 0 });
    await t.rows("INSERT INTO properties (name, value) VALUES ('catalog.changes.retention.count', '3')");
    expect(await applyChangeRetention(t.database)).toEqual({ by_age: 0, by_count: 2 });
    const left = await t.rows<{ summary: string }>(
      'SELECT summary FROM config_changes WHERE config_id = $1 ORDER BY created_at DESC',
      [item?.id],
    );
    expect(left.map((row) => row.summary)).toEqual(['change 0', 'change 1', 'change 2']);
    await t.rows("INSERT INTO properties (name, value) VALUES ('catalog.changes.retention.age', '90m')");
    expect(await applyChangeRetention(t.database)).toEqual({ by_age: 1, by_count: 0 });
  });
});
