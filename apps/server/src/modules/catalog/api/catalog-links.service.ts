import { CATALOG_API_MESSAGES, type ConfigRelationship, catalogLinkSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, auditedTransaction } from '../../../platform/audit.js';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from './catalog-input.js';
import { liveItemIds, liveRelationships, removeManualLink, upsertManualLink } from './catalog-links.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TARGET = 'config_relationships';

function itemId(id: string): string {
  if (!UUID.test(id)) throw new AppError('not_found', CATALOG_API_MESSAGES.notFound(id));
  return id.toLowerCase();
}

function toJson(row: {
  config_id: string;
  related_id: string;
  relation: string;
  hard: boolean;
  selector_id: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}): ConfigRelationship {
  return {
    config_id: row.config_id,
    related_id: row.related_id,
    relation: row.relation,
    hard: row.hard,
    selector_id: row.selector_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

/**
 * Soft relationships a person links by hand (issue 13 §4): from one item to another, relation 'soft',
 * selector 'manual'. Both items must exist and be live; removing one only ever removes a manual link —
 * scrapers own the others and would write them back. Each change is one audited transaction.
 */
export function catalogLinksService(database: Database) {
  return {
    async link(configId: string, body: unknown, context: AuditContext): Promise<ConfigRelationship> {
      const from = itemId(configId);
      const { related_id } = parseInput(catalogLinkSchema, body);
      const to = related_id.toLowerCase();
      if (from === to) throw new AppError('bad_request', CATALOG_API_MESSAGES.selfLink);
      return auditedTransaction(database, context, async (tx) => {
        const live = await liveItemIds(tx.db, [from, to]);
        for (const id of [from, to])
          if (!live.has(id)) throw new AppError('not_found', CATALOG_API_MESSAGES.notFound(id));
        const { before, after } = await upsertManualLink(tx.db, from, to);
        const id = `${from}:${to}:${after.relation}`;
        return {
          value: toJson(after),
          audit: {
            action: before && !before.deleted_at ? 'update' : 'create',
            target: TARGET,
            records: [{ id, before: before ? toJson(before) : null, after: toJson(after) }],
          },
        };
      });
    },

    async unlink(configId: string, relatedId: string, context: AuditContext): Promise<void> {
      const from = itemId(configId);
      const to = itemId(relatedId);
      await auditedTransaction(database, context, async (tx) => {
        const removed = await removeManualLink(tx.db, from, to);
        if (!removed) {
          const others = await liveRelationships(tx.db, from, to);
          if (others.length > 0) throw new AppError('conflict', CATALOG_API_MESSAGES.notManual);
          throw new AppError('not_found', `No manual link from ${from} to ${to}`);
        }
        const after = toJson(removed);
        return {
          value: undefined,
          audit: {
            action: 'delete',
            target: TARGET,
            records: [{ id: `${from}:${to}:${removed.relation}`, before: { ...after, deleted_at: null }, after }],
          },
        };
      });
    },
  };
}
