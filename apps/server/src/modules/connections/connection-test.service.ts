import { type ConnectionTestResult, connectionType } from '@mc/contracts';
import { AppError } from '../../platform/errors.js';
import { SecretError } from '../../platform/secrets.js';
import { CONNECTION_TESTERS } from './connection-testers.js';
import type { ConnectionsService } from './connections.service.js';

/** How long one test may take before it counts as failed. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/**
 * `POST /api/connection/test/{id}`: resolves the connection (decrypting its secrets here, server side)
 * and reaches its target when a tester exists for the type; otherwise reports what was validated.
 */
export function connectionTestService(connections: ConnectionsService, timeoutMs = CONNECTION_TEST_TIMEOUT_MS) {
  return {
    async test(id: string): Promise<ConnectionTestResult> {
      const started = performance.now();
      const stored = await connections.get(id);
      const elapsed = () => Math.round(performance.now() - started);
      let resolved: Awaited<ReturnType<ConnectionsService['resolveConnection']>>;
      try {
        resolved = await connections.resolveConnection(stored.id);
      } catch (error) {
        // A dangling reference (AppError) or a secret of a key this server lacks (SecretError) fails the test.
        if ((error instanceof AppError && error.code !== 'not_found') || error instanceof SecretError) {
          return { ok: false, message: error.message, mode: 'validated', duration_ms: elapsed() };
        }
        throw error;
      }
      const tester = CONNECTION_TESTERS[stored.type];
      if (!tester) {
        const label = connectionType(stored.type)?.label ?? stored.type;
        return {
          ok: true,
          mode: 'validated',
          message: `${label} connection is valid: its required fields are set and its references resolve. This server does not reach ${label} to test it.`,
          duration_ms: elapsed(),
        };
      }
      try {
        const message = await tester(resolved, { timeoutMs });
        return { ok: true, mode: 'reached', message, duration_ms: elapsed() };
      } catch (error) {
        // Testers reject with Errors whose message is meant for the user.
        return { ok: false, mode: 'reached', message: (error as Error).message, duration_ms: elapsed() };
      }
    },
  };
}
