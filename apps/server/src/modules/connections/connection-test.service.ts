import { type ConnectionTestResult, connectionType, testUnavailableMessage } from '@mc/contracts';
import type { Database } from '@mc/db';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { SecretError } from '../../platform/secrets.js';
import { CONNECTION_TESTERS, UNAVAILABLE_REASONS } from './connection-testers.js';
import type { ConnectionsService, ResolvedConnection } from './connections.service.js';
import { TestUnavailableError } from './testers/tester.js';

/** How long one test may take before it counts as failed. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/**
 * Connection tests: `test(id)` tests the saved connection, `testInput(body, id?)` the values of a form
 * being edited (masked secrets taken from the saved connection `id`). Secrets are decrypted here, server
 * side. A type with a tester is dialled through the database's egress guard — the same guard and policy
 * as health checks — and the answer says what happened; a type without one answers `unavailable`.
 */
export function connectionTestService(
  connections: ConnectionsService,
  database: Database,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
) {
  const guard = egressGuardFor(database);

  /** `invalidCodes`: the AppError codes that make the test fail as `invalid` rather than answer 4xx. */
  async function run(
    resolve: () => Promise<ResolvedConnection>,
    invalidCodes: readonly string[],
  ): Promise<ConnectionTestResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let resolved: ResolvedConnection;
    try {
      resolved = await resolve();
    } catch (error) {
      // A dangling reference (AppError) or a secret of a key this server lacks (SecretError) fails the test.
      if ((error instanceof AppError && invalidCodes.includes(error.code)) || error instanceof SecretError) {
        return { ok: false, message: error.message, mode: 'invalid', duration_ms: elapsed() };
      }
      throw error;
    }
    const tester = CONNECTION_TESTERS[resolved.type];
    if (!tester) {
      const label = connectionType(resolved.type)?.label ?? resolved.type;
      return {
        ok: false,
        mode: 'unavailable',
        message: testUnavailableMessage(label, UNAVAILABLE_REASONS[resolved.type]),
        duration_ms: elapsed(),
      };
    }
    try {
      const message = await tester(resolved, { timeoutMs, guard });
      return { ok: true, mode: 'reached', message, duration_ms: elapsed() };
    } catch (error) {
      if (error instanceof TestUnavailableError) {
        const label = connectionType(resolved.type)?.label ?? resolved.type;
        return {
          ok: false,
          mode: 'unavailable',
          message: testUnavailableMessage(label, error.message),
          duration_ms: elapsed(),
        };
      }
      // Testers reject with Errors whose message is meant for the user.
      return { ok: false, mode: 'reached', message: (error as Error).message, duration_ms: elapsed() };
    }
  }

  return {
    async test(id: string): Promise<ConnectionTestResult> {
      const stored = await connections.get(id);
      // A saved connection's references may have gone since it was saved: that is a failed test, not a 4xx.
      return run(() => connections.resolveConnection(stored.id, null), ['bad_request', 'unprocessable']);
    },
    async testInput(body: unknown, id?: string): Promise<ConnectionTestResult> {
      // Bad form values answer 400 exactly as saving them would.
      return run(() => connections.resolveInput(body, id), ['unprocessable']);
    },
  };
}
