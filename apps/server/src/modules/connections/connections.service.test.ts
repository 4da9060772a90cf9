import { randomBytes } from 'node:crypto';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/secrets.js';
import { connectionsService } from './connections.service.js';
import { fileReferenceResolver } from './reference-resolver.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const SYSTEM = { actor: { kind: 'system', name: 'test' } } as const;

const serviceWith = (box: ReturnType<typeof createSecretBox>) =>
  connectionsService({
    database,
    secretBox: () => box,
    resolveReference: fileReferenceResolver('/nonexistent'),
  });

describe('key rotation', () => {
  it('re-encrypts secrets of the previous key with the new one', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = serviceWith(createSecretBox(oldKey));
    const created = await before.create(
      { name: 'rot', type: 'http', url: 'http://x', username: 'u', password: 'pw' },
      SYSTEM,
    );
    await before.create({ name: 'hook', type: 'slack', password: 'xoxb-t', properties: { channel: 'ops' } }, SYSTEM);

    const rotating = serviceWith(createSecretBox(newKey, [oldKey]));
    expect(await rotating.reencryptAll()).toBe(2);
    expect(await rotating.reencryptAll()).toBe(0);

    const after = serviceWith(createSecretBox(newKey));
    expect((await after.resolveConnection(created.id, null)).password).toBe('pw');
    expect((await after.resolveConnection('connection://slack/hook', null)).url).toBe('slack://xoxb:t@ops');
    const { rows } = await database.pool.query("SELECT password FROM connections WHERE name = 'rot'");
    expect(rows[0].password).toMatch(new RegExp(`^mcenc:v1:${createSecretBox(newKey).currentKeyId}:`));
  });
});
