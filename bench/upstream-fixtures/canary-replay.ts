/**
 * Replays one canary-checker fixture document as a migrating user would meet it: saved through
 * `POST /api/canaries` (the real validators; a 400 names the refused field), then, when it needs no
 * cluster or cloud, run once in-process by the health module's own `run_canary` job handler (the
 * scheduler's run: dependency order and outputs, value sources, the check types, CEL test/display/
 * transform, results stored) against the stand-ins, and each check's stored status compared with
 * upstream's intent.
 */
import { healthModule } from '../../apps/server/src/modules/health/index.js';
import type { Config } from '../../apps/server/src/platform/config.js';
import type { Logger } from '../../apps/server/src/platform/logger.js';
import type { TestApp } from '../../apps/server/src/test/test-app.js';
import { type Intent, intentOf, matchesIntent, upstreamRefusesSchedule } from './fixture-intent.js';
import { outOfReachReasons } from './reach.js';
import type { Outcome, ReplayRow, SaveClient } from './replay-types.js';

/** What a replay needs: the signed-in client, the app (its database) and the DNS stand-in's port. */
export interface CanaryReplayDeps {
  client: SaveClient;
  app: TestApp;
  config: Config;
  logger: Logger;
  dnsPort: number;
  /** The `connection://` references the stand-ins answer (stand-ins/connections.ts). */
  connections: ReadonlySet<string>;
}

interface Doc {
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

interface CheckOutcome {
  name: string;
  healthy: boolean;
  message: string;
}

const RUN_TIMEOUT_MS = 120_000;

/** DNS checks ask the resolver they name (8.8.8.8, 1.1.1.1): the replay asks the DNS stand-in instead. */
function pointAtStandIns(doc: Doc, dnsPort: number): Doc {
  const dns = doc.spec?.dns;
  if (!Array.isArray(dns)) return doc;
  const pointed = dns.map((entry: Record<string, unknown>) =>
    entry.server ? { ...entry, server: '127.0.0.1', port: dnsPort } : entry,
  );
  return { ...doc, spec: { ...doc.spec, dns: pointed } };
}

/** Runs the saved canary once through the job handler and reads each check's stored result. */
async function runOnce(canaryId: string, deps: CanaryReplayDeps): Promise<CheckOutcome[]> {
  const job = healthModule.jobs.find((definition) => definition.name === 'run_canary');
  if (!job) throw new Error('the health module has no run_canary job');
  await job.handler({
    // The face lists jobs of several payload types (a union); run_canary, found by name, takes this one.
    payload: { canaryId } as never,
    signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
    job: { id: `replay-${canaryId}`, name: job.name, attempt: 1, maxAttempts: 1 },
    deps: { config: deps.config, database: deps.app.database, logger: deps.logger },
  });
  const rows = await deps.app.database.db
    .selectFrom('checks')
    .leftJoin('check_statuses', 'check_statuses.check_id', 'checks.id')
    .select(['checks.name', 'checks.type', 'check_statuses.status', 'check_statuses.message', 'check_statuses.error'])
    .where('checks.canary_id', '=', canaryId)
    .where('checks.deleted_at', 'is', null)
    .execute();
  // resultMode: junit stores one combined result on its junit check, which upstream's harness judges alone
  const junit = rows.filter((row) => row.type === 'junit');
  return (junit.length > 0 ? junit : rows).map((row) => ({
    name: `${row.type}/${row.name}`,
    healthy: row.status === true,
    message: String(row.error || row.message || (row.status === null ? 'no result stored' : '')),
  }));
}

function judged(intent: Intent, results: CheckOutcome[]): { outcome: Outcome; detail: string } {
  const summary = `${results.filter((r) => r.healthy).length}/${results.length} healthy`;
  if (intent === 'none') {
    const failed = results.find((r) => !r.healthy);
    return { outcome: 'ran', detail: failed ? `${summary}; ${failed.name}: ${failed.message}` : summary };
  }
  if (
    matchesIntent(
      intent,
      results.map((r) => r.healthy),
    )
  )
    return { outcome: 'as-intended', detail: summary };
  const off = results.find((r) => (intent === 'pass' ? !r.healthy : r.healthy));
  const why = off ? `${off.name}: ${off.healthy ? 'healthy' : off.message}` : 'no checks ran';
  return { outcome: 'wrong', detail: `${summary}; ${why}` };
}

/** Replays one document of `path` (its index within the file is `index`). */
export async function replayCanary(path: string, index: number, doc: Doc, deps: CanaryReplayDeps): Promise<ReplayRow> {
  const intent = intentOf(path, doc.metadata?.labels);
  const fixture = `${path.split('/').slice(2).join('/')}${index > 0 ? `#${index + 1}` : ''}`;
  const reach = outOfReachReasons(doc.spec ?? {}, deps.connections);
  const save = await deps.client.save('/api/canaries', reach.length > 0 ? doc : pointAtStandIns(doc, deps.dnsPort));
  const base = { fixture, intent, save: save.summary };
  if (!save.ok) {
    if (!reach.length && /^Invalid schedule/.test(save.message) && upstreamRefusesSchedule(doc.spec?.schedule)) {
      const why = "canary-checker's scheduler (robfig/cron, 5 fields or an @ descriptor) refuses it too";
      return { ...base, outcome: 'refused-as-upstream', detail: `${save.message}; ${why}` };
    }
    const outcome = reach.length ? 'out-of-reach' : 'refused-at-save';
    return { ...base, outcome, detail: reach.join(', ') || save.message };
  }
  try {
    if (reach.length > 0)
      return { ...base, outcome: 'out-of-reach', detail: `accepted at save; needs ${reach.join(', ')}` };
    return { ...base, ...judged(intent, await runOnce(String(save.body.id), deps)) };
  } finally {
    await deps.client.remove(`/api/canaries/${String(save.body.id)}`);
  }
}
