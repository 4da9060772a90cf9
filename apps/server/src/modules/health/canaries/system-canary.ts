/**
 * The canary a new install starts with: 'mission-control' (source System) with one http check of the
 * server's own `/health`, so the health page shows a live check from the first minute. Created once;
 * a later start on another address (another PORT, PORT=0, a new MC_PUBLIC_URL) moves its endpoint there,
 * unless an admin edited or deleted it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '@mc/db';
import type { Logger } from '../../../platform/logger.js';
import { findCanaryByName, systemCanaryExists } from './canaries.repo.js';
import { canariesService } from './canaries.service.js';
import { CANARY_API_VERSION, type CanaryDocument } from './canary-schema.js';

/** Name of the system canary. */
export const SYSTEM_CANARY_NAME = 'mission-control';
const SYSTEM_NAMESPACE = 'default';
const HEALTH_PATH = '/health';
const SYSTEM_ACTOR = { actor: { kind: 'system', name: 'health' } } as const;

/** The system canary's document for a server reachable at `baseUrl`. */
export function systemCanary(baseUrl: string): CanaryDocument {
  const endpoint = `${baseUrl.replace(/\/$/, '')}${HEALTH_PATH}`;
  return {
    apiVersion: CANARY_API_VERSION,
    kind: 'Canary',
    metadata: { name: SYSTEM_CANARY_NAME, namespace: SYSTEM_NAMESPACE, labels: { app: 'mission-control' } },
    spec: {
      schedule: '@every 1m',
      http: [
        {
          name: 'mission-control-health',
          description: 'This server answers its /health endpoint',
          endpoint,
          responseCodes: [200],
          thresholdMillis: 5000,
        },
      ],
    },
  };
}

/**
 * The address a stored system canary spec checks, when the spec is still exactly what
 * {@link systemCanary} wrote for it; undefined once an admin changed anything else.
 */
function untouchedBaseUrl(spec: unknown): string | undefined {
  const endpoint = (spec as CanaryDocument['spec'] | null)?.http?.[0]?.endpoint; // read, then compared whole below
  if (typeof endpoint !== 'string' || !endpoint.endsWith(HEALTH_PATH)) return undefined;
  const baseUrl = endpoint.slice(0, -HEALTH_PATH.length);
  return isDeepStrictEqual(spec, systemCanary(baseUrl).spec) ? baseUrl : undefined;
}

/**
 * Adds the system canary unless one exists (live or deleted by an admin: a deletion is respected). A live
 * one still as the server wrote it follows the server to `baseUrl`: it was written at the first start's
 * address, and a later start elsewhere left it dialling nothing, so the landing page showed this server
 * unhealthy while it answered (issue 30). Its check keeps its id and history.
 */
export async function ensureSystemCanary(database: Database, baseUrl: string, logger: Logger): Promise<void> {
  const live = await findCanaryByName(database.db, SYSTEM_CANARY_NAME, SYSTEM_NAMESPACE, 'System');
  if (live) {
    await followServer(database, live, baseUrl, logger);
    return;
  }
  if (await systemCanaryExists(database.db, SYSTEM_CANARY_NAME)) return;
  try {
    await canariesService(database).create(systemCanary(baseUrl), SYSTEM_ACTOR, 'System');
    logger.info('health: added the system canary', { url: `${baseUrl}${HEALTH_PATH}` });
  } catch (error) {
    // Two replicas starting together: the unique index lets one win; the other's conflict is fine.
    logger.debug('health: system canary not added', { error: String(error) });
  }
}

async function followServer(
  database: Database,
  live: { id: string; spec: unknown },
  baseUrl: string,
  logger: Logger,
): Promise<void> {
  const wanted = systemCanary(baseUrl);
  const was = untouchedBaseUrl(live.spec);
  if (was === undefined || isDeepStrictEqual(live.spec, wanted.spec)) return;
  await canariesService(database).update(live.id, wanted, SYSTEM_ACTOR);
  logger.info('health: the system canary follows this server', { from: was, to: baseUrl.replace(/\/$/, '') });
}
