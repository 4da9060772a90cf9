/** Start-up and key-rotation passes over every stored connection (connections.service.ts delegates here). */
import { connectionType, fieldValue } from '@mc/contracts';
import type { SecretBox } from '../../platform/secrets.js';
import { embedsPassword, open, seal, secretPaths } from './connection-secrets.js';
import { values } from './connection-values.js';
import type { ConnectionsRepo } from './connections.repo.js';

/**
 * Encrypts URLs stored before their embedded passwords were secrets (`postgres://u:p@…` in plain
 * text); run at start-up. Returns how many rows changed; a second run changes none.
 */
export async function sealEmbeddedPasswords(repo: ConnectionsRepo, secretBox: () => SecretBox): Promise<number> {
  let changed = 0;
  for (const row of await repo.all()) {
    const definition = connectionType(row.type);
    if (!definition || secretPaths(definition).includes('url') || !embedsPassword(row.url)) continue;
    await repo.setUrl(row.id, secretBox().encrypt(row.url));
    changed += 1;
  }
  return changed;
}

/** Re-encrypts secrets written with an older key; returns how many rows changed (rotation, docs/secrets.md). */
export async function reencryptAll(repo: ConnectionsRepo, secretBox: () => SecretBox): Promise<number> {
  let changed = 0;
  for (const row of await repo.all()) {
    const definition = connectionType(row.type);
    if (!definition) continue;
    const paths = secretPaths(definition);
    const current = values(row);
    const stale = [...paths, 'url' as const].some((path) => {
      const value = fieldValue(current, path);
      return typeof value === 'string' && secretBox().isStale(value);
    });
    if (!stale) continue;
    const resealed = seal(open(current, paths, secretBox), paths, secretBox);
    await repo.update(row.id, { ...resealed, name: row.name, namespace: row.namespace, type: row.type });
    changed += 1;
  }
  return changed;
}
