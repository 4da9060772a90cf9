/**
 * Rows written through `/api/db` that name a component, config item, check or canary (evidence,
 * silences) may name only one their writer may read — the rule the dedicated routes keep
 * (docs/security.md, "Resource ids in requests"). The row scopes of the data API judge an inserted row by
 * the id it names alone, so a component below a denied one, or a config item outside a row scope, passed.
 * A hidden id is refused with the very error a missing one gets from its foreign key, so the answer is no
 * existence oracle.
 */
import type { DataAccessPolicy } from '../../platform/access.js';
import { type LinkedKind, resourceReach, resourceVisible } from '../../platform/resource-visibility.js';
import { configIdOf, foreignKeyName } from './linked-resources.repo.js';
import { PgrstError } from './pgrst-error.js';
import type { WriteChange, WriteHook } from './write-handler.js';

/** A column naming a resource: the kind it names, or a row of `table` whose `config_id` is what counts. */
export type LinkColumn = { kind: LinkedKind; table: string } | { via: string; kind: 'config' };

/** The columns of a table that name a resource, and what each names. */
export type LinkColumns = Readonly<Record<string, LinkColumn>>;

/** Written tables whose rows name resources. */
export const LINKED_RESOURCE_COLUMNS: Readonly<Record<string, LinkColumns>> = {
  evidences: {
    component_id: { kind: 'component', table: 'components' },
    check_id: { kind: 'check', table: 'checks' },
    config_id: { kind: 'config', table: 'config_items' },
    config_change_id: { via: 'config_changes', kind: 'config' },
    config_analysis_id: { via: 'config_analysis', kind: 'config' },
  },
  notification_silences: {
    component_id: { kind: 'component', table: 'components' },
    check_id: { kind: 'check', table: 'checks' },
    config_id: { kind: 'config', table: 'config_items' },
    canary_id: { kind: 'canary', table: 'canaries' },
  },
};

/** The foreign-key error the database gives for a missing id in `column` of `table`, word for word. */
async function missingKeyError(change: WriteChange, column: string, target: string, id: string): Promise<PgrstError> {
  const constraint = (await foreignKeyName(change.trx, change.table, column)) ?? `${change.table}_${column}_fkey`;
  return new PgrstError(
    409,
    '23503',
    `insert or update on table "${change.table}" violates foreign key constraint "${constraint}"`,
    `Key (${column})=(${id}) is not present in table "${target}".`,
  );
}

/** The config item a change or insight belongs to. */
async function configOf(change: WriteChange, table: string, id: string): Promise<string | undefined> {
  return configIdOf(change.trx, table, id);
}

/**
 * The hook refusing written rows that name a resource their writer may not read: on insert every named
 * resource, on update those a column changes to. Deletes name nothing new.
 */
export function linkedResourcesHook(policy: DataAccessPolicy, columns: LinkColumns): WriteHook {
  return async (change) => {
    if (change.action === 'delete') return;
    const reach = await resourceReach(policy, change.actor);
    for (const [before, after] of change.images) {
      if (!after) continue;
      for (const [column, link] of Object.entries(columns)) {
        const value = after[column];
        if (typeof value !== 'string' || (before && before[column] === value)) continue;
        const target = 'via' in link ? link.via : link.table;
        const id = 'via' in link ? await configOf(change, link.via, value) : value;
        if (id === undefined || !(await resourceVisible(change.trx, reach, link.kind, id)))
          throw await missingKeyError(change, column, target, value);
      }
    }
  };
}

/** Runs `first`, then `second`: a table with its own hook and the linked-resources rule. */
export function bothHooks(first: WriteHook | undefined, second: WriteHook): WriteHook {
  return async (change) => {
    await first?.(change);
    await second(change);
  };
}
