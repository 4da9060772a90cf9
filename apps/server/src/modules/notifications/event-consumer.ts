/**
 * The event consumer: claims events (see event-queue.repo.ts), decides each rule's outcome and, in one
 * transaction, removes the event, writes the send-history rows and queues their sends — so an event is
 * consumed exactly once even across replicas and crashes (an event whose lease was lost is left to its
 * new owner). A failure leaves the event with its error for a retry after backoff; after its last
 * attempt it stays as a dead letter, shown on the Event Queue page.
 */
import { EVENT_QUEUE_MAX_ATTEMPTS } from '@mc/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/sql-transaction.js';
import { type Backoff, backoffDelay, enqueue } from '../jobs/index.js';
import { consumeInOneStatement } from './consume.repo.js';
import { ancestorsMemo, type Decision, decide, type Hold } from './decide.js';
import { claimEventsWithVersion, completeEvent, failEvent } from './event-queue.repo.js';
import { type EventResource, loadEventResource, type QueuedEvent } from './event-resources.js';
import { type HistoryRow, insertHistory, joinGroup, type NewHistory, openGroupLead } from './history.repo.js';
import { activeMaintenance } from './maintenance-port.js';
import { renderPlaybookParams } from './playbook-recipient.js';
import { type RuleRow, recordRuleError, rulesForEvent } from './rules.repo.js';
import { rulesAt } from './rules-cache.js';
import { sendNotificationJob } from './send-notification.job.js';

/** Backoff between attempts of a failed event. */
export const EVENT_BACKOFF: Backoff = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** Events of different resources consumed side by side. */
const CONCURRENCY = 4;

/** What a drain needs. */
export interface ConsumerOptions {
  pool: pg.Pool;
  owner: string;
  leaseMs?: number;
  batch?: number;
  /** Stop claiming after this time (ms since epoch). */
  deadline?: number;
  /**
   * End the drain after a claim that returned fewer events than the batch when none of them left a
   * successor of its resource (and none failed or lost its lease): the claim after it would find only
   * what arrived since, and on PostgreSQL each new event wakes the consumer's loop, a wake during a
   * pass included (issue 32 item 5: that empty claim was one round trip per event at a steady rate).
   * Off: drain until a claim finds nothing (the embedded database's consumer polls).
   */
  endWhenShort?: boolean;
  now?: () => Date;
  signal?: AbortSignal;
}

/** What one drain did. */
export interface DrainResult {
  processed: number;
  failed: number;
  messages: number;
}

async function recordFilterError(pool: pg.Pool, rule: RuleRow, error: string): Promise<void> {
  await recordRuleError(pool, rule.id, error.slice(0, 1000));
}

function historyOf(
  rule: RuleRow,
  event: QueuedEvent,
  resource: EventResource,
  decision: Decision,
  now: Date,
): NewHistory {
  return {
    notification_id: rule.id,
    source_event: event.name,
    resource_id: resource.id,
    resource_health: resource.health,
    resource_status: resource.status,
    resource_health_description: resource.description,
    status: decision.status,
    body: decision.body,
    payload: {
      title: decision.title,
      event_id: event.id,
      resource_name: resource.name,
      ...(rule.playbook_id ? { params: renderPlaybookParams(rule, resource.env) } : {}),
    },
    not_before: decision.notBefore ?? null,
    person_id: rule.person_id,
    team_id: rule.team_id,
    connection_id: rule.custom_services?.[0]?.connection ?? null,
    silenced_by: decision.silencedBy ?? null,
    maintenance_window_id: decision.maintenanceWindowId ?? null,
    group_id: decision.groupId ?? null,
    parent_id: decision.parentId ?? null,
    error: decision.error ?? null,
    created_at: now,
  };
}

async function writeOutcome(
  client: pg.PoolClient,
  rule: RuleRow,
  event: QueuedEvent,
  resource: EventResource,
  decision: Decision,
  now: Date,
): Promise<HistoryRow> {
  const base = historyOf(rule, event, resource, decision, now);
  if (decision.groupId) {
    const lead = await openGroupLead(client, rule.id, decision.groupId, now);
    if (lead) {
      await joinGroup(client, lead.id, { id: resource.id, name: resource.name });
      return insertHistory(client, { ...base, parent_id: lead.id, not_before: lead.not_before });
    }
  }
  const row = await insertHistory(client, base);
  if (decision.status === 'pending' || decision.status === 'evaluating-waitfor') {
    await enqueue(
      client,
      sendNotificationJob,
      { historyId: row.id },
      { runAt: decision.notBefore, resource: { id: rule.id } },
    );
  }
  return row;
}

/** Consumes one claimed event; returns how many history rows it wrote (false: the lease was lost). */
export async function consumeEvent(
  pool: pg.Pool,
  event: QueuedEvent,
  owner: string,
  silences: readonly Hold[],
  now: Date,
  rulesOf: (event: string) => Promise<RuleRow[]> = (name) => rulesForEvent(pool, name),
  note: { successor: boolean } = { successor: false },
): Promise<number | false> {
  const resource = await loadEventResource(pool, event);
  const decisions: { rule: RuleRow; decision: Decision }[] = [];
  if (resource) {
    const ancestors = ancestorsMemo(pool, resource);
    for (const rule of await rulesOf(event.name)) {
      const decision = await decide(pool, rule, event.name, resource, silences, ancestors, now);
      if (!decision) continue;
      if (decision.error) {
        await recordFilterError(pool, rule, decision.error);
        continue;
      }
      decisions.push({ rule, decision });
    }
  }
  // Without a group to join, removing the event and writing its rows and sends is one statement.
  if (!decisions.some(({ decision }) => decision.groupId)) {
    const rows = decisions.map(({ rule, decision }) =>
      historyOf(rule, event, resource as EventResource, decision, now),
    );
    const { consumed, successor } = await consumeInOneStatement(pool, event.id, owner, rows, sendNotificationJob);
    note.successor = successor;
    return consumed ? decisions.length : false;
  }
  note.successor = true; // not asked on this path: assume one
  return inTransaction(pool, async (client) => {
    if (!(await completeEvent(client, event.id, owner))) return false;
    for (const { rule, decision } of decisions) {
      // resource is set whenever a decision exists
      await writeOutcome(client, rule, event, resource as EventResource, decision, now);
    }
    return decisions.length;
  });
}

/** Drains the queue until it is empty, the deadline passes or the signal aborts. */
export async function drainEvents(options: ConsumerOptions): Promise<DrainResult> {
  const { pool, owner } = options;
  const clock = options.now ?? (() => new Date());
  const result: DrainResult = { processed: 0, failed: 0, messages: 0 };
  const batch = options.batch ?? 50;
  for (;;) {
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() > options.deadline)) return result;
    const { events, version } = await claimEventsWithVersion(pool, owner, options.leaseMs ?? 60_000, batch);
    if (events.length === 0 || version === null) return result;
    // Rules and silences are kept while their version stands (rules-cache.ts).
    const kept = rulesAt(pool, version);
    // maintenance windows under way hold messages as silences do (maintenance-port.ts)
    const windows = (await activeMaintenance(pool, clock())).map((window) => ({ ...window, maintenance: true }));
    const silences: Hold[] = [...(await kept.silencesAt(clock())), ...windows];
    const rulesOf = kept.rulesOf;
    // Whether the queue may hold claimable events this claim did not return (see endWhenShort).
    let more = events.length >= batch;
    for (let start = 0; start < events.length; start += CONCURRENCY) {
      await Promise.all(
        events.slice(start, start + CONCURRENCY).map(async (event) => {
          try {
            const note = { successor: false };
            const written = await consumeEvent(pool, event, owner, silences, clock(), rulesOf, note);
            if (written === false || note.successor) more = true;
            if (written !== false) {
              result.processed += 1;
              result.messages += written;
            }
          } catch (error) {
            more = true;
            result.failed += 1;
            const message = error instanceof Error ? error.message : String(error);
            const delay = event.attempts >= EVENT_QUEUE_MAX_ATTEMPTS ? 0 : backoffDelay(EVENT_BACKOFF, event.attempts);
            await failEvent(pool, event.id, owner, message, delay);
          }
        }),
      );
    }
    if (options.endWhenShort && !more) return result;
  }
}
