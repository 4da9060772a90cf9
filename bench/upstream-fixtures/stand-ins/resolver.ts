/**
 * Where the fixtures' outside hosts go: every host name resolves to 127.0.0.1, where the stand-ins
 * listen on the ports the fixtures name (a cluster service name reaches the machine's PostgreSQL,
 * MariaDB or Redis on its usual port). Two ways in, both keeping every other rule of the egress guard:
 * a test guard with this resolver (for the scraper kinds, which take the guard in their context), and,
 * for the canary runner (which builds the database's own guard, resolving with the system's
 * `dns.promises.lookup`), that lookup answering loopback inside this replay process only.
 */
import dns from 'node:dns/promises';
import { syncBuiltinESMExports } from 'node:module';
import { guardFor } from '../../../apps/server/src/modules/health/check-types/testing/targets.js';
import type { EgressGuard } from '../../../apps/server/src/platform/egress/egress-guard.js';

/** The guard a replayed scrape dials through. */
export function standInEgress(): EgressGuard {
  return guardFor('allow-private', '', async () => ['127.0.0.1']);
}

/** Makes the process's system lookup answer 127.0.0.1 for every name (this replay process only). */
export function resolveEveryNameToLoopback(): void {
  const loopback = async (_name: string, options?: { all?: boolean }) =>
    options?.all ? [{ address: '127.0.0.1', family: 4 }] : { address: '127.0.0.1', family: 4 };
  // The replacement answers the shapes the guard asks for ({ all: true }) and the single form.
  (dns as { lookup: unknown }).lookup = loopback;
  syncBuiltinESMExports();
}
