import type { RowScope } from '../../platform/access.js';
import { resolveEmbed } from './embed-resolver.js';
import { PgrstError } from './pgrst-error.js';
import type { SelectItem } from './query-types.js';
import type { SchemaCache, TableInfo } from './schema-cache.js';

/**
 * The access policy's answer for every table a request embeds: its row scopes (undefined: every row).
 * A table missing from the map was never authorised, and the builder refuses to embed it.
 */
export type EmbedScopes = ReadonlyMap<string, readonly RowScope[] | undefined>;

/**
 * Every table a select tree embeds, at any depth and in both directions (`!inner` and `rel()` included),
 * resolved exactly as the SQL builder resolves them, so nothing is embedded that was not asked about.
 */
export function embeddedTables(
  cache: SchemaCache,
  table: TableInfo,
  items: readonly SelectItem[],
  out: Set<string> = new Set(),
): Set<string> {
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const embed = resolveEmbed(cache, table, item.relation, item.hint);
    out.add(embed.target.name);
    embeddedTables(cache, embed.target, item.select, out);
  }
  return out;
}

/** The row scopes of an embedded table; refuses (fail closed) a table the policy was not asked about. */
export function embedScopesOf(scopes: EmbedScopes, table: string): readonly RowScope[] | undefined {
  if (!scopes.has(table)) throw new PgrstError(403, '42501', `You do not have permission to read ${table}`);
  return scopes.get(table);
}
