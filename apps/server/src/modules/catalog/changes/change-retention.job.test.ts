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

  it('finds the items over the count by their kept change counters, which follow every write', async () => {
    const counts = () =>
      t.rows<{ name: string; count: string }>(
        `SELECT ci.name, cc.count::text AS count FROM config_change_counts cc JOIN config_items ci ON ci.id = cc.config_id
          WHERE ci.name LIKE 'counted-%' ORDER BY ci.name`,
      );
    const items = await t.rows<{ id: string }>(
      `INSERT INTO config_items (config_class, type, name)
       VALUES ('Test', 'Test::Item', 'counted-a'), ('Test', 'Test::Item', 'counted-b') RETURNING id`,
    );
    const [a, b] = items.map((item) => item.id);
    await t.rows(
      `INSERT INTO config_changes (config_id, change_type, summary)
       SELECT $1::uuid, 'diff', 'a ' || g FROM generate_series(1, 6) g
       UNION ALL SELECT $2::uuid, 'diff', 'b ' || g FROM generate_series(1, 2) g`,
      [a, b],
    );
    expect(await counts()).toEqual([
      { name: 'counted-a', count: '6' },
      { name: 'counted-b', count: '2' },
    ]);
    // a change moved to the other item moves its count; an emptied counter is removed
    await t.rows("UPDATE config_changes SET config_id = $2 WHERE config_id = $1 AND summary = 'a 6'", [a, b]);
    await t.rows("DELETE FROM config_changes WHERE config_id = $1 AND summary = 'b 1'", [b]);
    expect(await counts()).toEqual([
      { name: 'counted-a', count: '5' },
      { name: 'counted-b', count: '2' },
    ]);
    // the counters say which items are over: only those lose changes, and their counters follow
    await t.rows(
      "INSERT INTO properties (name, value) VALUES ('catalog.changes.retention.count', '3') ON CONFLICT (name) DO UPDATE SET value = '3'",
    );
    expect((await applyChangeRetention(t.database)).by_count).toBe(2);
    expect(await counts()).toEqual([
      { name: 'counted-a', count: '3' },
      { name: 'counted-b', count: '2' },
    ]);
    // a hard-deleted item's changes go by the cascade, and its counter with them
    await t.rows('DELETE FROM config_items WHERE id = $1', [a]);
    const left = await t.rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM config_change_counts WHERE config_id = $1',
      [a],
    );
    expect(left[0]?.n).toBe(0);
  });
});
