import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp } from '../testing/catalog-test-app.js';
import { type ChangesFilter, searchChanges } from './catalog-changes.repo.js';

let t: CatalogTestApp;
const HOUR = 3_600_000;
/** On a whole UTC hour, so windows can start and end exactly on one and a few minutes either side. */
const now = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);

beforeAll(async () => {
  t = await createCatalogTestApp();
  const [live, deleted] = await t.rows<{ id: string }>(
    `INSERT INTO config_items (config_class, type, name, deleted_at)
     VALUES ('Test', 'Test::Hours', 'live', NULL), ('Test', 'Test::Hours', 'gone', now()) RETURNING id`,
  );
  // every 7 minutes over 30 hours, types and severities in turn (some missing), on both items
  await t.rows(
    `INSERT INTO config_changes (config_id, change_type, severity, summary, created_at)
     SELECT CASE WHEN g % 5 = 0 THEN $2::uuid ELSE $1::uuid END,
       (ARRAY['diff', 'Pulled', NULL])[1 + g % 3], (ARRAY['high', 'info', NULL, 'critical'])[1 + g % 4],
       'change ' || g, $3::timestamptz - g * interval '7 minutes'
     FROM generate_series(0, 257) g`,
    [live?.id, deleted?.id, now.toISOString()],
  );
});
afterAll(() => t.close());

/** The count per change type straight from the changes (the search's meaning). */
async function counted(f: ChangesFilter, includeDeleted: boolean): Promise<Record<string, number>> {
  const rows = await t.rows<{ change_type: string | null; n: number }>(
    `SELECT cc.change_type, count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
      WHERE ci.type = 'Test::Hours' AND ($1::timestamptz IS NULL OR cc.created_at > $1)
        AND ($2::timestamptz IS NULL OR cc.created_at <= $2) AND ($3 OR ci.deleted_at IS NULL)
        AND ($4::text[] IS NULL OR cc.severity = ANY($4)) AND ($5::text IS NULL OR cc.change_type IS DISTINCT FROM $5)
      GROUP BY 1`,
    [
      f.from?.toISOString() ?? null,
      f.to?.toISOString() ?? null,
      includeDeleted,
      f.severity?.negated === false ? f.severity.names : null,
      f.changeType?.exclude[0] ?? null,
    ],
  );
  return Object.fromEntries(rows.map((r) => [r.change_type ?? '', r.n]));
}

const at = (hours: number, minutes = 0) => new Date(now.getTime() - hours * HOUR + minutes * 60_000);

/** Every window and filter below counts as the changes do, with deleted items' changes and without. */
async function expectCountsAsChanges(windows: { from?: Date; to?: Date }[]) {
  const kinds: Pick<ChangesFilter, 'severity' | 'changeType'>[] = [
    {},
    { severity: { negated: false, names: ['critical', 'high'] } },
    { changeType: { include: [], exclude: ['diff'] } },
  ];
  for (const window of windows)
    for (const kind of kinds)
      for (const includeDeleted of [false, true]) {
        const filter = { ...window, ...kind };
        const { byType } = await searchChanges(t.database, {
          filter,
          includeDeleted,
          orderBy: 'created_at',
          descending: true,
          limit: 1,
          offset: 0,
        });
        const summary = Object.fromEntries(byType.map((r) => [r.change_type ?? '', r.n]));
        expect(summary, JSON.stringify({ filter, includeDeleted })).toEqual(await counted(filter, includeDeleted));
      }
}

describe('the changes search total from the hourly counters', () => {
  it('counts as the changes do: whole hours, partial ends, exact hours, deleted items, missing types', async () => {
    const windows: { from?: Date; to?: Date }[] = [
      {},
      { from: at(24) },
      { from: at(24, 13) },
      { from: at(10, -1), to: at(3, 1) },
      { from: at(5), to: at(2) },
      { from: at(2, 10), to: at(1, 50) },
      { from: at(1, 10), to: at(1, 20) },
      { to: at(12, 30) },
    ];
    await expectCountsAsChanges(windows);
  });

  it('follows changes that are updated (type, severity, time) and deleted', async () => {
    await t.rows(
      `UPDATE config_changes SET severity = 'critical', created_at = created_at - interval '3 hours'
        WHERE summary IN ('change 3', 'change 40', 'change 41')`,
    );
    await t.rows("UPDATE config_changes SET change_type = NULL WHERE summary IN ('change 7', 'change 90')");
    await t.rows("UPDATE config_changes SET count = count + 1 WHERE summary LIKE 'change 1%'");
    await t.rows("DELETE FROM config_changes WHERE summary IN ('change 5', 'change 60', 'change 61')");
    await expectCountsAsChanges([{}, { from: at(24, 13) }, { from: at(10, -1), to: at(3, 1) }]);
  });
});
