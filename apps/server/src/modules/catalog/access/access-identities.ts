/**
 * External users, groups and roles of a scrape, kept as config-db keeps them: aliases normalised
 * (trimmed, lower-case, distinct, sorted); entries of one scrape that share an id or an alias are one;
 * an entry without an id takes the id of the live row its aliases overlap, else its first UUID-shaped
 * alias, else a new one; an entry whose id no row has but whose aliases overlap a live row becomes that
 * row (upstream merges the two; here the stored row wins and the scraped id is mapped onto it). An entry
 * with neither id nor aliases is skipped with a warning. References (`user: alice`, an id) resolve
 * against the stored rows after the write.
 */
import { randomUUID } from 'node:crypto';
import type { ScrapedAccess } from '@mc/contracts';
import {
  type AccessSql,
  findIdentities,
  type IdentityKind,
  type IdentityWrite,
  insertStubs,
  upsertIdentities,
} from './access.repo.js';
import { isUuid } from './access-entries.js';

type ScrapedIdentity = ScrapedAccess['users'][number];

/** Aliases as upstream stores them: trimmed, lower-case, distinct, sorted, no empty one. */
export function normaliseAliases(aliases: readonly string[]): string[] {
  return [...new Set(aliases.map((alias) => alias.trim().toLowerCase()).filter((alias) => alias !== ''))].sort();
}

interface Merged {
  ids: string[];
  aliases: string[];
  entry: ScrapedIdentity;
}

/** Folds entries sharing an id or an alias into one (the later entry's fields win). */
function mergeEntries(entries: readonly ScrapedIdentity[]): Merged[] {
  const groups: Merged[] = [];
  const owner = new Map<string, Merged>();
  for (const entry of entries) {
    const keys = [...(entry.id ? [`id:${entry.id}`] : []), ...normaliseAliases(entry.aliases).map((a) => `a:${a}`)];
    const found = [...new Set(keys.map((key) => owner.get(key)).filter((group) => group !== undefined))];
    const target: Merged = found[0] ?? { ids: [], aliases: [], entry };
    if (found.length === 0) groups.push(target);
    for (const other of found.slice(1)) {
      target.ids.push(...other.ids);
      target.aliases.push(...other.aliases);
      groups.splice(groups.indexOf(other), 1);
    }
    if (entry.id) target.ids.push(entry.id);
    target.aliases = normaliseAliases([...target.aliases, ...entry.aliases]);
    target.entry = entry;
    for (const key of [...target.ids.map((id) => `id:${id}`), ...target.aliases.map((a) => `a:${a}`)])
      owner.set(key, target);
  }
  return groups;
}

/** The id a merged entry is stored under, given the stored rows its ids and aliases reach. */
function idOf(group: Merged, stored: readonly { id: string; aliases: string[] | null; live: boolean }[]): string {
  const byId = group.ids.find((id) => stored.some((row) => row.id === id));
  if (byId) return byId;
  const overlap = stored.find((row) => row.live && (row.aliases ?? []).some((alias) => group.aliases.includes(alias)));
  if (overlap) return overlap.id;
  return group.ids[0] ?? group.aliases.find((alias) => isUuid(alias)) ?? randomUUID();
}

/**
 * Writes one kind's scraped identities; answers the map from each scraped id to the id it is stored
 * under (for references by id).
 */
export async function syncIdentities(
  sql: AccessSql,
  kind: IdentityKind,
  scraperId: string,
  entries: readonly ScrapedIdentity[],
  warnings: string[],
): Promise<Map<string, string>> {
  const remap = new Map<string, string>();
  const usable = entries.filter((entry) => {
    if (entry.id || normaliseAliases(entry.aliases).length > 0) return true;
    warnings.push(`external ${kind.slice(0, -1)} ${entry.name || '(no name)'} has no id and no aliases: skipped`);
    return false;
  });
  const groups = mergeEntries(usable);
  if (groups.length === 0) return remap;
  const stored = await findIdentities(
    sql,
    kind,
    groups.flatMap((group) => group.aliases),
    groups.flatMap((group) => group.ids),
  );
  const rows: IdentityWrite[] = [];
  for (const group of groups) {
    const id = idOf(group, stored);
    for (const scraped of group.ids) remap.set(scraped, id);
    const { entry } = group;
    rows.push({
      id,
      aliases: group.aliases,
      name: entry.name || group.aliases[0] || '',
      account_id: entry.accountId,
      type: entry.type,
      email: entry.email,
      description: entry.description,
    });
  }
  await upsertIdentities(sql, kind, scraperId, rows);
  return remap;
}

/** A reference to an identity: by id, or by aliases. */
export interface IdentityRef {
  id: string | null;
  aliases: readonly string[];
}

/** How unknown references are treated: left unresolved, stubbed (ids), or created (aliases). */
export interface ResolveOptions {
  /** An id no row has gets a stub row (config access, as upstream). */
  stubIds?: boolean;
  /** Aliases no live row has make a new row named after the first alias (access logs, as upstream). */
  createFromAliases?: boolean;
}

/** Resolves references of one kind to stored ids (null when unknown), after the scrape's own identities. */
export async function resolveIdentities(
  sql: AccessSql,
  kind: IdentityKind,
  scraperId: string,
  refs: readonly IdentityRef[],
  remap: ReadonlyMap<string, string>,
  options: ResolveOptions = {},
): Promise<(string | null)[]> {
  const ids = refs.flatMap((ref) => (ref.id ? [remap.get(ref.id) ?? ref.id] : []));
  const aliases = [...new Set(refs.flatMap((ref) => (ref.id ? [] : normaliseAliases(ref.aliases))))];
  if (ids.length === 0 && aliases.length === 0) return refs.map(() => null);
  const stored = await findIdentities(sql, kind, aliases, ids);
  const known = new Set(stored.filter((row) => row.live || options.stubIds).map((row) => row.id));
  const byAlias = new Map<string, string>();
  for (const row of stored)
    if (row.live) for (const alias of row.aliases ?? []) if (!byAlias.has(alias)) byAlias.set(alias, row.id);
  const stubs = options.stubIds ? [...new Set(ids.filter((id) => !known.has(id)))] : [];
  await insertStubs(sql, kind, scraperId, stubs);
  for (const id of stubs) known.add(id);
  const created: ScrapedIdentity[] = [];
  const out = refs.map((ref) => {
    if (ref.id) {
      const id = remap.get(ref.id) ?? ref.id;
      return known.has(id) ? id : null;
    }
    const names = normaliseAliases(ref.aliases);
    const hit = names.map((alias) => byAlias.get(alias)).find((id) => id !== undefined);
    if (hit || !options.createFromAliases || names.length === 0) return hit ?? null;
    const id = randomUUID();
    for (const alias of names) byAlias.set(alias, id);
    created.push({ id, aliases: names, name: names[0] ?? '', accountId: '', type: '', email: null, description: null });
    return id;
  });
  if (created.length > 0) await syncIdentities(sql, kind, scraperId, created, []);
  return out;
}
