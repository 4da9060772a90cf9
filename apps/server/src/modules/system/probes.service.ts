import type { notReadySchema } from '@mc/contracts';
import { type Database, loadMigrations } from '@mc/db';
import type { z } from 'zod';
import type { Lifecycle } from '../../platform/lifecycle.js';
import { appliedMigrationCount } from './system.repo.js';
import { answerWithin } from './system.service.js';

/**
 * How long /readyz waits for the database. Shorter than /health's: a probe's own timeout is short
 * (Kubernetes' default is 1 s; docs/operations.md asks for 3 s), and a database this slow to answer
 * one indexed count is a reason to send traffic elsewhere.
 */
export const READINESS_DATABASE_TIMEOUT_MS = 2_000;

/** One condition /readyz found failing, with why. */
export type ReadinessFailure = z.infer<typeof notReadySchema>['failed'][number];

/** Checks whether the process should take traffic; `failures()` is empty when it should. */
export interface ReadinessProbe {
  failures(): Promise<ReadinessFailure[]>;
}

function isUndefinedTable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '42P01';
}

/**
 * Readiness as `/readyz` reports it: not draining (checked first, without touching the database, so
 * a shutdown fails readiness at once), then one round trip within {@link READINESS_DATABASE_TIMEOUT_MS}
 * that both proves the database answers and counts this build's migrations among the applied ones.
 * `migrationNames` defaults to the migration files this build ships.
 */
export function readinessProbe(
  database: Database,
  lifecycle: Lifecycle | undefined,
  migrationNames: readonly string[] = loadMigrations().map((migration) => migration.name),
): ReadinessProbe {
  return {
    async failures() {
      if (lifecycle?.draining) {
        return [{ condition: 'draining', message: 'The process is shutting down; it takes no new work' }];
      }
      try {
        const applied = await answerWithin(
          appliedMigrationCount(database, migrationNames),
          READINESS_DATABASE_TIMEOUT_MS,
        );
        if (applied >= migrationNames.length) return [];
        const missing = migrationNames.length - applied;
        return [
          {
            condition: 'migrations',
            message: `${missing} of this version's ${migrationNames.length} migrations are not applied`,
          },
        ];
      } catch (error) {
        if (isUndefinedTable(error)) {
          return [{ condition: 'migrations', message: 'No migration has been applied (schema_migrations is missing)' }];
        }
        const reason = error instanceof Error ? error.message : String(error);
        return [{ condition: 'database', message: `The database did not answer: ${reason}` }];
      }
    },
  };
}
