/**
 * Multi-location checks (docs/agents.md "Locations"): a canary whose spec names `locations` (agents)
 * is run by each of them; every location's latest result is kept, and the check's own status follows
 * the quorum — healthy when at least `quorum` locations (default: a majority) report healthy from an
 * agent seen within the health window. Each push of location results stores one result for the check:
 * that verdict, with the locations in its details.
 */
import { type CheckLocations, defaultQuorum, type LocationRunAnswer } from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { type AuditContext, recordAuditIn } from '../../../platform/audit.js';
import { AppError } from '../../../platform/errors.js';
import { recordResults } from '../results/results.repo.js';
import type { SummaryScope } from '../summary/summary-scope.js';
import {
  checkLocationRows,
  type LocationResultWrite,
  type LocationRow,
  locatedChecks,
  queueRunRequests,
  staleQuorumChecks,
  upsertLocationResults,
} from './locations.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Locations that agree the check is healthy: a healthy latest result from an agent that is online. */
const agrees = (row: LocationRow) => row.agent_online && row.status === 'healthy';

function describe(row: LocationRow): string {
  if (!row.agent_id) return `${row.name}: no such agent`;
  if (row.status === null) return `${row.name}: no result yet`;
  if (!row.agent_online) return `${row.name}: agent offline`;
  return `${row.name}: ${row.status === 'healthy' ? 'healthy' : row.error || row.message || 'unhealthy'}`;
}

/** Of these check ids, the multi-location ones that name the agent (their results are votes). */
export function locatedChecksOf(db: Kysely<Tables>, agentName: string, checkIds: readonly string[]) {
  return locatedChecks(db, agentName, checkIds);
}

/**
 * Stores an agent's results of multi-location checks as its location's latest, then one verdict per
 * check under the quorum, at the time of the newest of these results. Call it in the push's transaction.
 */
export async function recordLocationResults(
  db: Kysely<Tables>,
  agentId: string,
  results: readonly LocationResultWrite[],
): Promise<void> {
  if (results.length === 0) return;
  await upsertLocationResults(db, agentId, results);
  const newest = new Map<string, LocationResultWrite>();
  for (const result of results) {
    const seen = newest.get(result.checkId);
    if (!seen || seen.time < result.time) newest.set(result.checkId, result);
  }
  await decideQuorums(
    db,
    [...newest.values()].map((latest) => ({ checkId: latest.checkId, time: latest.time, duration: latest.duration })),
  );
}

/**
 * Stores one verdict per check under its quorum, as of now's locations, at the given time: healthy
 * when at least `quorum` locations report healthy from an online agent, with the others in its error.
 */
async function decideQuorums(
  db: Kysely<Tables>,
  decisions: readonly { checkId: string; time: Date; duration: number }[],
): Promise<void> {
  const verdicts = [];
  for (const { checkId, time, duration } of decisions) {
    const located = await checkLocationRows(db, checkId);
    if (!located || located.count === 0) continue;
    const quorum = located.quorum ?? defaultQuorum(located.count);
    const healthy = located.rows.filter(agrees).length;
    const passed = healthy >= quorum;
    const failing = located.rows.filter((row) => !agrees(row)).map(describe);
    verdicts.push({
      checkId,
      time,
      nextRuntime: null,
      result: {
        status: passed ? ('healthy' as const) : ('unhealthy' as const),
        duration,
        message: `${healthy} of ${located.count} locations healthy (quorum ${quorum})`,
        ...(passed || failing.length === 0 ? {} : { error: failing.join('; ') }),
        details: {
          quorum,
          locations: located.rows.map((row) => ({
            name: row.name,
            status: row.status,
            online: row.agent_online,
            time: row.time,
          })),
        },
      },
    });
  }
  await recordResults(db, verdicts);
}

/**
 * Decides again the multi-location checks whose last verdict counted a healthy location whose agent
 * has gone stale since (silent past the health window, or deleted): without it such a check would
 * keep its verdict until another location votes. Each new verdict is stored at the time the location
 * went stale, so a vote run after that still counts as newer. Answers how many checks were decided.
 */
export async function redecideStaleQuorums(db: Kysely<Tables>): Promise<number> {
  const stale = await staleQuorumChecks(db);
  await decideQuorums(
    db,
    stale.map((row) => ({ checkId: row.check_id, time: new Date(row.stale_at), duration: 0 })),
  );
  return stale.length;
}

/**
 * A check's locations for the check modal; 404 for no such check, and for one the caller's deny rows
 * hide (as the health summary leaves it out), so its existence does not leak.
 */
export async function checkLocations(
  db: Kysely<Tables>,
  checkId: string,
  hidden: Pick<SummaryScope, 'deniedCanaries' | 'deniedChecks'> = { deniedCanaries: [], deniedChecks: [] },
): Promise<CheckLocations> {
  const located = UUID.test(checkId) ? await checkLocationRows(db, checkId) : undefined;
  const denied = located && (hidden.deniedChecks.includes(checkId) || hidden.deniedCanaries.includes(located.canaryId));
  if (!located || denied) throw new AppError('not_found', `Check '${checkId}' not found`);
  if (located.count === 0) return { quorum: null, healthy: 0, locations: [] };
  return {
    quorum: located.quorum ?? defaultQuorum(located.count),
    healthy: located.rows.filter(agrees).length,
    locations: located.rows.map((row) => ({
      name: row.name,
      agent_id: row.agent_id,
      agent_online: row.agent_online,
      status: row.status,
      time: row.time ? new Date(row.time).toISOString() : null,
      duration: row.duration,
      message: row.message,
      error: row.error,
    })),
  };
}

/**
 * Run Now on a multi-location check: this server never runs it, so each location's agent is asked to
 * run it at its next poll (`GET /api/upstream/run-requests`); their votes then decide the check as
 * usual. Answers who was asked and who could not be (a location naming no agent); 409 when none can be.
 */
export async function requestLocationRuns(
  db: Kysely<Tables>,
  check: { id: string; name: string; locations: readonly string[] },
  audit: AuditContext,
): Promise<LocationRunAnswer> {
  return db.transaction().execute(async (trx) => {
    const targets = await queueRunRequests(trx, check.id, check.locations);
    const requested = targets.filter((target) => target.agent_id).map((target) => target.name);
    const skipped = targets
      .filter((target) => !target.agent_id)
      .map((target) => ({ name: target.name, reason: 'no such agent' }));
    if (requested.length === 0) {
      throw new AppError(
        'conflict',
        `Check '${check.name}' runs from its locations (${check.locations.join(', ')}), and none of them names a registered agent to run it`,
      );
    }
    await recordAuditIn(trx, {
      ...audit,
      action: 'check.run',
      target: 'POST /api/canary/run/check/:id',
      ids: [check.id],
      after: { requested, skipped },
    });
    const notAsked =
      skipped.length > 0 ? `; not asked: ${skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}` : '';
    return {
      id: check.id,
      message: `Asked ${requested.join(', ')} to run '${check.name}' at their next poll${notAsked}`,
      requested,
      skipped,
    };
  });
}
