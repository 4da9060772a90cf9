/**
 * Sends one send-history row: re-checks a wait-for (is the resource still failing? silenced since? a
 * repeat?), resolves the rule's destination and calls its channel — or runs the rule's playbook. The row
 * ends `sent` (with its duration; a playbook's run linked), or keeps its error for the job's next
 * attempt, or ends `error` after the last one (at once when the playbook run is refused).
 */
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { connectionsServiceFor } from '../connections/index.js';
import type { FinishStatement } from '../jobs/index.js';
import type { ChannelContext, OutgoingMessage } from './channels/channel.js';
import { channelFor } from './channels/registry.js';
import { ancestorsMemo, coveringSilence, type Hold, repeatMs } from './decide.js';
import { loadEventResource, stillHolds } from './event-resources.js';
import {
  type HistoryRow,
  historyWithRule,
  lastDelivered,
  markSilenced,
  settleGroupMembers,
  settleHistory,
  settleHistoryStatement,
} from './history.repo.js';
import { activeMaintenance } from './maintenance-port.js';
import { runRulePlaybook } from './playbook-recipient.js';
import { destinationOf } from './recipients.js';
import type { RuleRow } from './rules.repo.js';
import { activeSilences } from './silences.repo.js';

/** How long one provider call may take. */
export const CHANNEL_TIMEOUT_MS = 10_000;

const endpointOverrides = new WeakMap<Database, (url: string) => string>();

/**
 * Test double of the providers' hosts: every channel URL of `database` goes to `endpoint(url)` instead
 * (a local server standing in for slack.com, api.telegram.org…). Never called outside tests.
 */
export function redirectProvidersForTests(database: Database, endpoint: (url: string) => string): void {
  endpointOverrides.set(database, endpoint);
}

/** The URL mapping of `database`'s channels: the URL itself unless a test redirected the providers. */
export function providerEndpoint(database: Database): (url: string) => string {
  return endpointOverrides.get(database) ?? ((url) => url);
}

/** What a delivery attempt needs. */
export interface DeliveryDeps {
  database: Database;
  config: Config;
  signal: AbortSignal;
  attempt: number;
  maxAttempts: number;
  now?: Date;
  timeoutMs?: number;
}

function messageOf(row: HistoryRow): OutgoingMessage {
  const payload = row.payload ?? {};
  const title = typeof payload.title === 'string' ? payload.title : row.source_event;
  const grouped = Array.isArray(payload.grouped) ? (payload.grouped as { name?: string }[]) : [];
  const body = grouped.length
    ? `${row.body ?? ''}\n\nAlso in this group (${grouped.length}): ${grouped.map((item) => item.name ?? '').join(', ')}`
    : (row.body ?? '');
  return { title: grouped.length ? `${title} (+${grouped.length} more)` : title, body };
}

async function settleGroup(deps: DeliveryDeps, row: HistoryRow, status: 'sent' | 'error', error: string | null) {
  if (!row.group_id) return;
  await settleGroupMembers(deps.database.pool, row.id, row.group_id, status, error);
}

/** Re-checks a wait-for; returns the status that ends it early, or undefined to send. */
async function recheck(
  deps: DeliveryDeps,
  row: HistoryRow,
  rule: RuleRow,
  now: Date,
): Promise<HistoryRow['status'] | undefined> {
  const pool = deps.database.pool;
  const resource = await loadEventResource(pool, {
    id: row.id,
    name: row.source_event,
    properties: { id: row.resource_id },
    attempts: 0,
    created_at: row.created_at,
  });
  if (!resource || !stillHolds(row.source_event, resource)) return 'skipped';
  const windows = (await activeMaintenance(pool, now)).map((window) => ({ ...window, maintenance: true }));
  const holds: Hold[] = [...(await activeSilences(pool, now)), ...windows];
  const silence = await coveringSilence(holds, resource, ancestorsMemo(pool, resource));
  if (silence) {
    await markSilenced(pool, row.id, silence.id, silence.maintenance);
    return 'silenced';
  }
  const repeat = repeatMs(rule);
  if (
    repeat > 0 &&
    (await lastDelivered(
      pool,
      row.notification_id,
      row.resource_id,
      row.source_event,
      new Date(now.getTime() - repeat),
      row.id,
    ))
  ) {
    return 'repeat-interval';
  }
  return undefined;
}

async function sendToChannel(deps: DeliveryDeps, row: HistoryRow, rule: RuleRow): Promise<void> {
  const destination = await destinationOf(deps.database.pool, connectionsServiceFor(deps), rule);
  const channel = channelFor(destination.connection.type);
  if (!channel) throw new Error(`Connection type ${destination.connection.type} cannot send notifications`);
  const ctx: ChannelContext = {
    guard: egressGuardFor(deps.database),
    signal: deps.signal,
    timeoutMs: deps.timeoutMs ?? CHANNEL_TIMEOUT_MS,
    endpoint: providerEndpoint(deps.database),
  };
  await channel(destination.connection, { ...messageOf(row), to: destination.to }, ctx);
}

/**
 * Delivers history row `id`: a message through the rule's channel, or a run of the rule's playbook
 * (the row then links the run). Safe to run twice: a row no longer pending is left alone. Throws on a
 * failure that another attempt may fix (the job retries it with backoff). With `settle`, a sent plain
 * message's settling statement goes to it instead of running (see {@link deliverHistoryWithJob}).
 */
export async function deliverHistory(
  deps: DeliveryDeps,
  id: string,
  settle?: (statement: FinishStatement) => void,
): Promise<HistoryRow['status'] | 'gone'> {
  const pool = deps.database.pool;
  const found = await historyWithRule(pool, id);
  const row = found?.row;
  if (!row || (row.status !== 'pending' && row.status !== 'evaluating-waitfor')) return 'gone';
  const now = deps.now ?? new Date();
  const rule = found?.rule;
  if (!rule) {
    await settleHistory(pool, id, { status: 'skipped', error: 'The rule was deleted before the message was sent' });
    return 'skipped';
  }
  if (row.status === 'evaluating-waitfor') {
    const early = await recheck(deps, row, rule, now);
    if (early) {
      await settleHistory(pool, id, { status: early });
      return early;
    }
  }
  const started = Date.now();
  let playbookRunId: string | undefined;
  try {
    if (rule.playbook_id) playbookRunId = await runRulePlaybook(deps.database, row, rule);
    else await sendToChannel(deps, row, rule);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The run service refusing a run (4xx) is final: no retry would change its answer.
    const refused = rule.playbook_id !== null && error instanceof AppError;
    const last = refused || deps.attempt >= deps.maxAttempts;
    await settleHistory(pool, id, {
      status: last ? 'error' : row.status,
      error: message,
      retries: deps.attempt - 1 + (last ? 0 : 1),
      durationMs: Date.now() - started,
    });
    if (last) await settleGroup(deps, row, 'error', message);
    if (refused) return 'error';
    throw error;
  }
  const sent = { status: 'sent', error: null, durationMs: Date.now() - started, retries: deps.attempt - 1 } as const;
  // A plain message's row may settle with its job's completion (one round trip); a group's members and
  // a playbook's run link settle here, as before.
  if (settle && !row.group_id && !rule.playbook_id) {
    settle(settleHistoryStatement(id, sent));
    return 'sent';
  }
  await settleHistory(pool, id, { ...sent, playbookRunId });
  await settleGroup(deps, row, 'sent', null);
  return 'sent';
}

/**
 * {@link deliverHistory} for the send job: a message that was sent is not settled here but handed back
 * as the statement that settles it, for the job to run with its own completion (`JobResult.finishWith`;
 * issue 32 item 5: one round trip fewer per message).
 */
export async function deliverHistoryWithJob(
  deps: DeliveryDeps,
  id: string,
): Promise<{ status: HistoryRow['status'] | 'gone'; finishWith?: FinishStatement }> {
  let finishWith: FinishStatement | undefined;
  const status = await deliverHistory(deps, id, (statement) => {
    finishWith = statement;
  });
  return { status, finishWith };
}
