/**
 * Saves the access entries of a scrape (full mode, access-entries.ts) in one transaction, after its
 * items, as config-db's SaveResults does: external users, groups and roles first (access-identities.ts),
 * then memberships (by ids or aliases; unresolved ones dropped with a warning; the scraper's memberships
 * missing from the scrape soft-deleted), then config access and access logs.
 *
 * Config access: principals by id (an unknown id gets a stub row) or aliases (an unknown alias drops the
 * entry), a role required, the item by its id or by external id and type among this scraper's items
 * (`scraper_id: all`: any scraper's). The row id is the entry's own or a UUID derived from (item, user,
 * role, group, scraper), so a re-scrape finds it. A new or revived row records a `PermissionAdded`
 * change on its item; when the scrape listed config access, the scraper's rows it no longer lists are
 * soft-deleted with a `PermissionRemoved` change. Access logs: upserted by (item, user, scraper); an
 * unknown user alias creates the user. Stale removals wait for a scrape without source errors, as item
 * deletions do.
 */
import type { ScrapedAccess } from '@mc/contracts';
import type { Database } from '@mc/db';
import { recordChange } from '../changes/changes.repo.js';
import type { ScrapedItem } from '../kinds/scraper-kind.js';
import { sha256 } from '../scrape/canonical.js';
import {
  type AccessSql,
  type AccessTouched,
  type AccessWrite,
  type MembershipWrite,
  removeStaleAccess,
  removeStaleMemberships,
  upsertAccess,
  upsertAccessLogs,
  upsertMemberships,
} from './access.repo.js';
import { resolveConfigs } from './access-configs.js';
import { resolveIdentities, syncIdentities } from './access-identities.js';

/** Change types upstream records when an access row appears or goes. */
export const PERMISSION_ADDED = 'PermissionAdded';
export const PERMISSION_REMOVED = 'PermissionRemoved';

/** What the save did, for the run's report. */
export interface AccessCounts {
  access: number;
  accessRemoved: number;
  accessLogs: number;
  /** Entries skipped as config-db skips them (unknown item, user or role): warnings of the run. */
  warnings: string[];
  /** Why the access save failed and was rolled back (an error of the run). */
  failure?: string;
}

/** All entries of the scrape's items, in item order. */
export function gatherAccess(items: readonly ScrapedItem[]): ScrapedAccess {
  const all: ScrapedAccess = { users: [], groups: [], roles: [], userGroups: [], configAccess: [], accessLogs: [] };
  for (const { access } of items) {
    if (!access) continue;
    for (const key of Object.keys(all) as (keyof ScrapedAccess)[]) (all[key] as unknown[]).push(...access[key]);
  }
  return all;
}

const isEmpty = (access: ScrapedAccess) => Object.values(access).every((list) => list.length === 0);

/** A UUID-shaped digest of the row's identity (upstream's deterministic access id). */
function accessId(row: Omit<AccessWrite, 'id' | 'source'>, scraperId: string): string {
  const hex = sha256(
    [row.config_id, row.external_user_id, row.external_role_id, row.external_group_id, scraperId]
      .map((v) => v ?? '')
      .join('\n'),
  );
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function summaryOf(type: string, row: AccessTouched): string {
  const parts = [
    row.user_name ? `user ${row.user_name}` : null,
    row.role_name ? `role ${row.role_name}` : null,
    row.group_name ? `group ${row.group_name}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${type}: ${parts.join(', ')}` : type;
}

async function recordPermissionChanges(sql: AccessSql, type: string, rows: readonly AccessTouched[], source: string) {
  for (const [index, row] of rows.entries()) {
    const summary = summaryOf(type, row);
    await recordChange(
      sql,
      {
        config_id: row.config_id,
        change_type: type,
        severity: 'info',
        source,
        summary,
        diff: null,
        patches: null,
        details: null,
        fingerprint: sha256(`${row.config_id}\n${summary}\n${Date.now()}\n${index}`),
      },
      0,
    );
  }
}

interface SaveContext {
  sql: AccessSql;
  scraperId: string;
  source: string;
  removeStale: boolean;
  counts: AccessCounts;
}

async function saveMemberships(ctx: SaveContext, access: ScrapedAccess, remap: Map<string, Map<string, string>>) {
  const { sql, scraperId } = ctx;
  const users = await resolveIdentities(
    sql,
    'users',
    scraperId,
    access.userGroups.map((m) => ({ id: m.userId, aliases: m.userAliases })),
    remap.get('users') ?? new Map(),
  );
  const groups = await resolveIdentities(
    sql,
    'groups',
    scraperId,
    access.userGroups.map((m) => ({ id: m.groupId, aliases: m.groupAliases })),
    remap.get('groups') ?? new Map(),
  );
  const rows = new Map<string, MembershipWrite>();
  let dropped = 0;
  for (const [index, userId] of users.entries()) {
    const groupId = groups[index];
    if (!userId || !groupId) dropped++;
    else rows.set(`${userId}|${groupId}`, { external_user_id: userId, external_group_id: groupId });
  }
  if (dropped > 0) ctx.counts.warnings.push(`dropped ${dropped} external_user_groups entries: user or group not found`);
  await upsertMemberships(sql, scraperId, [...rows.values()]);
  if (ctx.removeStale) await removeStaleMemberships(sql, scraperId, [...rows.values()]);
}

async function saveConfigAccess(ctx: SaveContext, access: ScrapedAccess, remap: Map<string, Map<string, string>>) {
  const { sql, scraperId, counts } = ctx;
  const entries = access.configAccess;
  if (entries.length === 0) return;
  // items first: an entry whose item is unknown is skipped, so its unknown ids get no stub row
  const configs = await resolveConfigs(
    sql,
    scraperId,
    entries.map((entry) => entry.config),
    counts.warnings,
    'config access',
  );
  const principal = async (
    kind: 'users' | 'groups' | 'roles',
    pick: (e: (typeof entries)[number]) => [string | null, string[]],
  ) =>
    resolveIdentities(
      sql,
      kind,
      scraperId,
      entries.map((entry, index) =>
        configs[index] ? { id: pick(entry)[0], aliases: pick(entry)[1] } : { id: null, aliases: [] },
      ),
      remap.get(kind) ?? new Map(),
      { stubIds: true },
    );
  const users = await principal('users', (e) => [e.userId, e.userAliases]);
  const groups = await principal('groups', (e) => [e.groupId, e.groupAliases]);
  const roles = await principal('roles', (e) => [e.roleId, e.roleAliases]);
  const rows = new Map<string, AccessWrite>();
  for (const [index, entry] of entries.entries()) {
    const user = users[index] ?? null;
    const group = groups[index] ?? null;
    const role = roles[index] ?? null;
    const configId = configs[index];
    if (!configId) continue; // resolveConfigs warned
    if (!user && !group) {
      counts.warnings.push(
        `config access skipped: user or group not found (${[...entry.userAliases, ...entry.groupAliases].join(', ')})`,
      );
      continue;
    }
    if (!role) {
      counts.warnings.push(
        `config access skipped: ${entry.roleId || entry.roleAliases.length > 0 ? 'role not found' : 'missing role'}`,
      );
      continue;
    }
    const row = { config_id: configId, external_user_id: user, external_group_id: group, external_role_id: role };
    const id = entry.id ?? accessId(row, scraperId);
    rows.set(id, { id, source: entry.source, ...row });
  }
  const keep = [...rows.values()];
  const added = keep.length > 0 ? await upsertAccess(sql, scraperId, keep) : [];
  counts.access = keep.length;
  await recordPermissionChanges(sql, PERMISSION_ADDED, added, ctx.source);
  if (!ctx.removeStale || keep.length === 0) return;
  const removed = await removeStaleAccess(sql, scraperId, keep);
  counts.accessRemoved = removed.length;
  await recordPermissionChanges(sql, PERMISSION_REMOVED, removed, ctx.source);
}

async function saveAccessLogs(ctx: SaveContext, access: ScrapedAccess, remap: Map<string, Map<string, string>>) {
  const { sql, scraperId, counts } = ctx;
  const logs = access.accessLogs;
  if (logs.length === 0) return;
  const users = await resolveIdentities(
    sql,
    'users',
    scraperId,
    logs.map((log) => ({ id: log.userId, aliases: log.userAliases })),
    remap.get('users') ?? new Map(),
    { createFromAliases: true },
  );
  const configs = await resolveConfigs(
    sql,
    scraperId,
    logs.map((log) => log.config),
    counts.warnings,
    'access log',
  );
  const rows = new Map<string, Parameters<typeof upsertAccessLogs>[2][number]>();
  for (const [index, log] of logs.entries()) {
    const user = users[index];
    const configId = configs[index];
    if (!user) {
      counts.warnings.push(`access log skipped: user ${log.userId ?? log.userAliases.join(', ')} not found`);
      continue;
    }
    if (!configId) continue;
    const key = `${configId}|${user}`;
    const before = rows.get(key);
    if (before?.created_at && (!log.createdAt || log.createdAt <= before.created_at)) continue; // keep the newest
    rows.set(key, {
      config_id: configId,
      external_user_id: user,
      mfa: log.mfa,
      properties: log.properties,
      count: log.count,
      created_at: log.createdAt,
    });
  }
  await upsertAccessLogs(sql, scraperId, [...rows.values()]);
  counts.accessLogs = rows.size;
}

/**
 * Saves the access entries the scrape's items carry (nothing to do without any). `removeStale` is false
 * when the scrape had source errors. A failure rolls the access save back and is answered as `failure`;
 * the items stay saved.
 */
export async function saveScrapedAccess(
  database: Database,
  items: readonly ScrapedItem[],
  options: { scraperId: string; source: string; removeStale: boolean },
): Promise<AccessCounts> {
  const counts: AccessCounts = { access: 0, accessRemoved: 0, accessLogs: 0, warnings: [] };
  const access = gatherAccess(items);
  if (isEmpty(access)) return counts;
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const ctx: SaveContext = { sql: client, ...options, counts };
    const remap = new Map<string, Map<string, string>>();
    for (const kind of ['users', 'groups', 'roles'] as const)
      remap.set(kind, await syncIdentities(client, kind, options.scraperId, access[kind], counts.warnings));
    await saveMemberships(ctx, access, remap);
    await saveConfigAccess(ctx, access, remap);
    await saveAccessLogs(ctx, access, remap);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    return {
      access: 0,
      accessRemoved: 0,
      accessLogs: 0,
      warnings: [],
      failure: `access entries not saved: ${(error as Error).message}`,
    };
  } finally {
    client.release();
  }
  return counts;
}
