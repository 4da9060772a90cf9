/**
 * The canary a new install starts with: 'mission-control' (source System) with one http check of the
 * server's own `/health`, so the health page shows a live check from the first minute. Created once;
 * a later start leaves it (and any edit an admin made) alone.
 */
import type { Database } from '@mc/db';
import type { Logger } from '../../../platform/logger.js';
import { systemCanaryExists } from './canaries.repo.js';
import { canariesService } from './canaries.service.js';
import { CANARY_API_VERSION, type CanaryDocument } from './canary-schema.js';

/** Name of the system canary. */
export const SYSTEM_CANARY_NAME = 'mission-control';

/** The system canary's document for a server reachable at `baseUrl`. */
export function systemCanary(baseUrl: string): CanaryDocument {
  return {
    apiVersion: CANARY_API_VERSION,
    kind: 'Canary',
    metadata: { name: SYSTEM_CANARY_NAME, namespace: 'default', labels: { app: 'mission-control' } },
    spec: {
      schedule: '@every 1m',
      http: [
        {
          name: 'mission-control-health',
          description: 'This server answers its /health endpoint',
          endpoint: `${baseUrl.replace(/\/$/, '')}/health`,
          responseCodes: [200],
          thresholdMillis: 5000,
        },
      ],
    },
  };
}

/** Adds the system canary unless one exists (live or deleted by an admin: a deletion is respected). */
export async function ensureSystemCanary(database: Database, baseUrl: string, logger: Logger): Promise<void> {
  if (await systemCanaryExists(database.db, SYSTEM_CANARY_NAME)) return;
  try {
    await canariesService(database).create(
      systemCanary(baseUrl),
      { actor: { kind: 'system', name: 'health' } },
      'System',
    );
    logger.info('health: added the system canary', { url: `${baseUrl}/health` });
  } catch (error) {
    // Two replicas starting together: the unique index lets one win; the other's conflict is fine.
    logger.debug('health: system canary not added', { error: String(error) });
  }
}
