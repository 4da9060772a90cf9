import {
  EVIDENCE_TYPES,
  HYPOTHESIS_STATUSES,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  unknownValueMessage,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from './testing/incidents-test-app.js';

let database: Database;
let person: string;
let f: ReturnType<typeof factories>;

const one = async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows[0] as T;
const refusal = async (text: string, params: unknown[] = []) => {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(text, params);
    return 'accepted';
  } catch (error) {
    return (error as Error).message; // a pg error carries the trigger's message
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
};
const newIncident = (extra = '') =>
  one<{ id: string }>(
    `INSERT INTO incidents (title, type, severity, created_by${extra ? ', status' : ''})
    VALUES ('Raw', 'availability', 'low', $1${extra ? `, '${extra}'` : ''}) RETURNING id`,
    [person],
  );

beforeAll(async () => {
  database = await createTestDatabase();
  f = factories(database);
  person = await f.person(['admin'], 'Direct Writer');
});
afterAll(async () => {
  await database.close();
});

describe('incident rules on any write path (the data API writes rows directly)', () => {
  it('refuses unknown enum values with the same messages as the contracts', async () => {
    expect(
      await refusal(
        "INSERT INTO incidents (title, type, severity, created_by, status) VALUES ('x', 'cost', 'low', $1, 'zzz')",
        [person],
      ),
    ).toBe(unknownValueMessage('incident status', 'zzz', INCIDENT_STATUSES));
    expect(
      await refusal("INSERT INTO incidents (title, type, severity, created_by) VALUES ('x', 'cost', 'zzz', $1)", [
        person,
      ]),
    ).toBe(unknownValueMessage('incident severity', 'zzz', INCIDENT_SEVERITIES));
    expect(
      await refusal("INSERT INTO incidents (title, type, severity, created_by) VALUES ('x', 'zzz', 'low', $1)", [
        person,
      ]),
    ).toBe(unknownValueMessage('incident type', 'zzz', INCIDENT_TYPES));
    const { id } = await newIncident();
    expect(
      await refusal("INSERT INTO hypotheses (incident_id, title, created_by, status) VALUES ($1, 'h', $2, 'zzz')", [
        id,
        person,
      ]),
    ).toBe(unknownValueMessage('hypothesis status', 'zzz', HYPOTHESIS_STATUSES));
    const h = await one<{ id: string }>(
      "INSERT INTO hypotheses (incident_id, title, created_by) VALUES ($1, 'h', $2) RETURNING id",
      [id, person],
    );
    expect(
      await refusal("INSERT INTO evidences (hypothesis_id, type, created_by) VALUES ($1, 'zzz', $2)", [h.id, person]),
    ).toBe(unknownValueMessage('evidence type', 'zzz', EVIDENCE_TYPES));
  });

  it('defaults a new incident to open, a new hypothesis to root and possible, and records history without the server', async () => {
    const { id } = await newIncident();
    expect((await one<{ status: string }>('SELECT status FROM incidents WHERE id = $1', [id])).status).toBe('open');
    const h = await one<{ type: string; status: string }>(
      "INSERT INTO hypotheses (incident_id, title, created_by) VALUES ($1, 'h', $2) RETURNING type, status",
      [id, person],
    );
    expect(h).toEqual({ type: 'root', status: 'possible' });
    await database.pool.query("UPDATE incidents SET status = 'investigating' WHERE id = $1", [id]);
    const types = await database.pool.query(
      'SELECT type FROM incident_histories WHERE incident_id = $1 ORDER BY created_at',
      [id],
    );
    expect(types.rows.map((r) => r.type)).toEqual([
      'incident.created',
      'hypothesis.created',
      'incident.status_updated',
    ]);
    const stamped = await one<{ acknowledged: Date | null }>('SELECT acknowledged FROM incidents WHERE id = $1', [id]);
    expect(stamped.acknowledged).not.toBeNull();
  });

  it('refuses a comment or child hypothesis crossing incidents, and cascades a hypothesis delete', async () => {
    const a = await newIncident();
    const b = await newIncident();
    const root = await one<{ id: string }>(
      "INSERT INTO hypotheses (incident_id, title, created_by) VALUES ($1, 'r', $2) RETURNING id",
      [a.id, person],
    );
    expect(
      await refusal("INSERT INTO comments (incident_id, hypothesis_id, comment, created_by) VALUES ($1, $2, 'c', $3)", [
        b.id,
        root.id,
        person,
      ]),
    ).toBe('The hypothesis belongs to another incident');
    expect(
      await refusal(
        "INSERT INTO hypotheses (incident_id, parent_id, type, title, created_by) VALUES ($1, $2, 'factor', 'f', $3)",
        [b.id, root.id, person],
      ),
    ).toBe('The parent hypothesis belongs to another incident');
    await database.pool.query(
      "INSERT INTO comments (incident_id, hypothesis_id, comment, created_by) VALUES ($1, $2, 'c', $3)",
      [a.id, root.id, person],
    );
    await database.pool.query("INSERT INTO evidences (hypothesis_id, type, created_by) VALUES ($1, 'log', $2)", [
      root.id,
      person,
    ]);
    await database.pool.query('DELETE FROM hypotheses WHERE id = $1', [root.id]);
    const left = await one<{ n: number }>(
      'SELECT (SELECT count(*) FROM comments WHERE hypothesis_id = $1) + (SELECT count(*) FROM evidences WHERE hypothesis_id = $1) AS n',
      [root.id],
    );
    expect(Number(left.n)).toBe(0);
  });

  it('serves incidents_by_component and incidents_by_config (directly and through changes and insights)', async () => {
    const { id } = await newIncident();
    const h = await one<{ id: string }>(
      "INSERT INTO hypotheses (incident_id, title, created_by) VALUES ($1, 'h', $2) RETURNING id",
      [id, person],
    );
    const component = await f.component();
    const config = await f.config();
    const changed = await f.config();
    const change = await f.change(changed);
    for (const [type, column, value] of [
      ['topology', 'component_id', component],
      ['config', 'config_id', config],
      ['config_change', 'config_change_id', change],
    ] as const) {
      await database.pool.query(
        `INSERT INTO evidences (hypothesis_id, type, ${column}, created_by) VALUES ($1, $2, $3, $4)`,
        [h.id, type, value, person],
      );
    }
    const byComponent = await database.pool.query('SELECT id FROM incidents_by_component WHERE component_id = $1', [
      component,
    ]);
    expect(byComponent.rows).toEqual([{ id }]);
    const byConfig = await database.pool.query(
      'SELECT config_id FROM incidents_by_config WHERE id = $1 ORDER BY config_id',
      [id],
    );
    expect(byConfig.rows.map((r) => r.config_id).sort()).toEqual([config, changed].sort());
  });
});
