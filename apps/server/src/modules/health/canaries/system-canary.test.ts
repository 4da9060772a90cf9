import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { ensureSystemCanary, SYSTEM_CANARY_NAME } from './system-canary.js';

interface SystemCheck {
  id: string;
  endpoint: string;
  spec_endpoint: string;
}

describe('the system canary', () => {
  let database: Database;
  const logger = createLogger('error', {}, () => undefined);
  const read = async (): Promise<SystemCheck | undefined> => {
    const { rows } = await database.pool.query<SystemCheck>(
      `SELECT k.id, k.spec->>'endpoint' AS endpoint, c.spec->'http'->0->>'endpoint' AS spec_endpoint
       FROM canaries c JOIN checks k ON k.canary_id = c.id AND k.deleted_at IS NULL
       WHERE c.name = $1 AND c.source = 'System' AND c.deleted_at IS NULL`,
      [SYSTEM_CANARY_NAME],
    );
    return rows[0];
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("checks this server's /health at the address of the first start", async () => {
    await ensureSystemCanary(database, 'http://127.0.0.1:8080', logger);
    expect(await read()).toMatchObject({ spec_endpoint: 'http://127.0.0.1:8080/health' });
  });

  it('follows the server to the address of a later start, keeping its check and history', async () => {
    const first = await read();
    // e.g. `PORT=0` or another free port after `npm run seed:demo`: the old address answers nothing
    await ensureSystemCanary(database, 'http://127.0.0.1:39001/', logger);
    const moved = await read();
    expect(moved).toEqual({
      id: first?.id,
      endpoint: 'http://127.0.0.1:39001/health',
      spec_endpoint: 'http://127.0.0.1:39001/health',
    });
  });

  it("leaves an admin's edit alone, and does not bring back a canary an admin deleted", async () => {
    await database.pool.query(
      `UPDATE canaries SET spec = jsonb_set(spec, '{http,0,thresholdMillis}', '9000') WHERE source = 'System'`,
    );
    await ensureSystemCanary(database, 'http://127.0.0.1:39002', logger);
    expect((await read())?.spec_endpoint).toBe('http://127.0.0.1:39001/health');
    await database.pool.query("UPDATE canaries SET deleted_at = now() WHERE source = 'System'");
    await ensureSystemCanary(database, 'http://127.0.0.1:39003', logger);
    const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM canaries WHERE source = 'System'");
    expect(rows[0].n).toBe(1);
    expect(await read()).toBeUndefined();
  });
});
