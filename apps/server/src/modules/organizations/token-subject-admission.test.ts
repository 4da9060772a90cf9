import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitTokenSubject } from './organizations.service.js';

/** An organisation token's subject becomes a backend person with an audit row; a known subject writes none. */
describe('admitting an organisation token subject', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const auditOf = async (id: string) =>
    (
      await sql<{ action: string; actor_id: string; organization_id: string | null; changes: unknown }>`
        SELECT action, actor_id, organization_id, changes FROM audit_log WHERE ${id} = ANY(target_ids) ORDER BY id`.execute(
        database.db,
      )
    ).rows;
  const org = { roles: ['viewer'], organization: 'org-acme' };

  it('creates the person on first sight and audits it, then writes nothing for the same subject', async () => {
    const id = await admitTokenSubject(database, 'user_1', { name: 'Ada', email: 'ada@example.com' }, org);
    const again = await admitTokenSubject(database, 'user_1', { name: 'Ada', email: 'ada@example.com' }, org);
    expect(again).toBe(id);
    const rows = await auditOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'person.create', actor_id: id, organization_id: 'org-acme' });
    expect(JSON.stringify(rows[0]?.changes)).toContain('user_1');
  });

  it('links an existing person by email and audits the link', async () => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO people (name, email, type) VALUES ('Grace', 'grace@example.com', 'user') RETURNING id`.execute(
      database.db,
    );
    const existing = (rows[0] as { id: string }).id;
    const id = await admitTokenSubject(database, 'user_2', { name: 'Grace', email: 'grace@example.com' }, org);
    expect(id).toBe(existing);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['person.link']);
  });
});
