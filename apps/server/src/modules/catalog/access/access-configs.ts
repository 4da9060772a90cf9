/**
 * Finds the config items access entries name, as config-db's ExternalID lookup does: a config id is
 * taken when it is a live item; an external id (compared as written and lower-cased) with its type, when
 * given, is looked up among the running scraper's live items, or among another scraper's (`scraper_id`
 * its id) or every scraper's (`scraper_id: all`), the most recently updated first. An entry whose item is
 * not found is skipped with a warning naming the reference.
 */
import type { ScrapedAccess } from '@mc/contracts';
import { type AccessSql, type ConfigLookup, findConfigs, liveConfigIds } from './access.repo.js';
import { isUuid } from './access-entries.js';

type ConfigRef = ScrapedAccess['configAccess'][number]['config'];

function scraperOf(ref: ConfigRef, scraperId: string): string {
  if (ref.scraperId === 'all') return 'all';
  return isUuid(ref.scraperId) ? ref.scraperId.toLowerCase() : scraperId;
}

function lookupOf(ref: ConfigRef, scraperId: string): ConfigLookup | null {
  if (ref.configId || !ref.externalId) return null;
  const scraper = scraperOf(ref, scraperId);
  const externalId = ref.externalId.trim();
  return {
    key: `${ref.configType ?? ''}\u001f${externalId}\u001f${scraper}`,
    external_id: externalId,
    config_type: ref.configType,
    scraper,
  };
}

function describe(ref: ConfigRef): string {
  if (ref.configId) return ref.configId;
  const named = `${ref.configType ? `${ref.configType}/` : ''}${ref.externalId ?? ''}`;
  return ref.scraperId === 'all' ? named : `${named} (set scraper_id: all to look in other scrapers' items)`;
}

/** The item id of each reference, or null (with a warning) when it names no live item. */
export async function resolveConfigs(
  sql: AccessSql,
  scraperId: string,
  refs: readonly ConfigRef[],
  warnings: string[],
  label: string,
): Promise<(string | null)[]> {
  const lookups = new Map<string, ConfigLookup>();
  for (const ref of refs) {
    const lookup = lookupOf(ref, scraperId);
    if (lookup) lookups.set(lookup.key, lookup);
  }
  const found = await findConfigs(sql, [...lookups.values()]);
  const live = await liveConfigIds(sql, [...new Set(refs.flatMap((ref) => (ref.configId ? [ref.configId] : [])))]);
  return refs.map((ref) => {
    const lookup = lookupOf(ref, scraperId);
    const id = ref.configId
      ? live.has(ref.configId)
        ? ref.configId
        : null
      : lookup
        ? (found.get(lookup.key) ?? null)
        : null;
    if (!id) warnings.push(`${label} references unknown config ${describe(ref)}`);
    return id;
  });
}
