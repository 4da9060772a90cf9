/**
 * Notification rules: create, replace, soft-delete and test, each one audited transaction. A body is a
 * `kind: Notification` document (YAML or JSON); its recipients are resolved and its filter compiled
 * before anything is stored.
 */

import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, recordAudit } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/sql-transaction.js';
import { assertMayReferenceAll, connectionsServiceFor, savedByOf } from '../connections/index.js';
import { channelFor } from './channels/registry.js';
import { CHANNEL_TIMEOUT_MS, providerEndpoint } from './deliver.js';
import type { MayRunPlaybook } from './playbook-recipient.js';
import { destinationOf } from './recipients.js';
import { columnsOf, documentOf, parseRuleDocument } from './rule-document.js';
import { insertRule, type RuleRow, ruleById, setRuleSaver, softDeleteRule, updateRule } from './rules.repo.js';
import { countsInRange, type RuleCounts } from './summary.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A rule as the API answers it: its row and its document. */
export interface RuleView {
  rule: RuleRow;
  document: Record<string, unknown>;
}

const view = (rule: RuleRow): RuleView => ({ rule, document: documentOf(rule) });

/** Without a permission check from the route, only the system may name a playbook recipient. */
const systemOnly =
  (ctx: AuditContext): MayRunPlaybook =>
  async () =>
    ctx.actor.kind === 'system';

function uniqueName(error: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    throw new AppError('conflict', 'A notification rule with this namespace and name already exists');
  }
  throw error;
}

/** The rules service of a database. */
export function rulesService(deps: { database: Database; config: Config }) {
  const pool = deps.database.pool;
  async function mustGet(id: string): Promise<RuleRow> {
    if (!UUID.test(id)) throw new AppError('bad_request', `Invalid notification id '${id.slice(0, 64)}'`);
    const rule = await ruleById(pool, id);
    if (!rule) throw new AppError('not_found', 'Notification rule not found');
    return rule;
  }
  return {
    /** Sends, errors and silences per rule between `from` and `to` (the console's summary cards). */
    summary(from: Date, to: Date): Promise<RuleCounts[]> {
      return countsInRange(pool, from, to);
    },
    /** One live rule with its document. */
    async get(id: string): Promise<RuleView> {
      return view(await mustGet(id));
    },
    /** Creates a rule from its document; `mayRun` answers whether the author may run a named playbook. */
    async create(body: unknown, ctx: AuditContext, mayRun: MayRunPlaybook = systemOnly(ctx)): Promise<RuleView> {
      const doc = parseRuleDocument(body);
      const columns = await columnsOf(pool, doc, mayRun);
      await assertMayReferenceAll(deps.database.db, ctx.actor, columns);
      const rule = await inTransaction(pool, async (client) => {
        const row = await insertRule(client, columns, actorPersonId(ctx)).catch(uniqueName);
        await setRuleSaver(client, row.id, savedByOf(ctx.actor));
        await recordAudit(client, { ...ctx, action: 'create', target: 'notifications', ids: [row.id], after: row });
        return row;
      });
      return view(rule);
    },
    /** Replaces a rule's document (`mayRun` as for {@link create}). */
    async update(
      id: string,
      body: unknown,
      ctx: AuditContext,
      mayRun: MayRunPlaybook = systemOnly(ctx),
    ): Promise<RuleView> {
      const before = await mustGet(id);
      const doc = parseRuleDocument(body);
      const columns = await columnsOf(pool, doc, mayRun);
      await assertMayReferenceAll(deps.database.db, ctx.actor, columns);
      const rule = await inTransaction(pool, async (client) => {
        const row = await updateRule(client, id, columns).catch(uniqueName);
        if (!row) throw new AppError('not_found', 'Notification rule not found');
        await setRuleSaver(client, id, savedByOf(ctx.actor));
        await recordAudit(client, { ...ctx, action: 'update', target: 'notifications', ids: [id], before, after: row });
        return row;
      });
      return view(rule);
    },
    /** Soft-deletes a rule (its history stays). */
    async remove(id: string, ctx: AuditContext): Promise<void> {
      await mustGet(id);
      await inTransaction(pool, async (client) => {
        const row = await softDeleteRule(client, id);
        if (!row) throw new AppError('not_found', 'Notification rule not found');
        await recordAudit(client, {
          ...ctx,
          action: 'delete',
          target: 'notifications',
          ids: [id],
          before: row,
          after: null,
        });
      });
    },
    /**
     * Sends a sample message to the rule's recipients now (the console's Test): answers what happened,
     * the provider's error included. Nothing is written to the send history. A playbook recipient is
     * refused (400): a sample event must not start a real run.
     */
    async test(id: string): Promise<{ status: 'sent' | 'error'; error?: string; durationMs: number }> {
      const rule = await mustGet(id);
      if (rule.playbook_id) {
        throw new AppError(
          'bad_request',
          'Test sends a sample message; a rule with a playbook recipient runs its playbook only for a real event',
        );
      }
      const started = Date.now();
      try {
        const destination = await destinationOf(pool, connectionsServiceFor(deps), rule);
        const channel = channelFor(destination.connection.type);
        if (!channel)
          throw new AppError('bad_request', `Connection type ${destination.connection.type} cannot send notifications`);
        await channel(
          destination.connection,
          {
            title: `[Test] ${rule.name}`,
            body: `A test message of the notification rule ${rule.namespace}/${rule.name} (events: ${rule.events.join(', ')}).`,
            to: destination.to,
          },
          {
            guard: egressGuardFor(deps.database),
            signal: AbortSignal.timeout(CHANNEL_TIMEOUT_MS * 2),
            timeoutMs: CHANNEL_TIMEOUT_MS,
            endpoint: providerEndpoint(deps.database),
          },
        );
        return { status: 'sent', durationMs: Date.now() - started };
      } catch (error) {
        return {
          status: 'error',
          error: error instanceof Error ? error.message : String(error),
          durationMs: Date.now() - started,
        };
      }
    },
  };
}
