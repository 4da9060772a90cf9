/**
 * The `transform.mask` entries of a whole ScrapeConfig, for the places that see a scrape's items without
 * knowing which entry produced each: the stored side of a change diff, and an agent's pushed items.
 */
import type { ConfigMask } from '../kinds/config-mask.js';
import type { BaseEntry } from '../kinds/item-fields.js';
import { SCRAPER_KINDS, type ScraperKindName } from '../kinds/registry.js';
import type { ScrapeConfigDocument } from '../scrapers/scrape-config.js';

/** Every mask of the document, entry by entry in the order the entries run. */
export function documentMasks(doc: ScrapeConfigDocument): ConfigMask[] {
  return (Object.keys(SCRAPER_KINDS) as ScraperKindName[]).flatMap((name) =>
    // Every kind's entry schema carries the base fields' transform (item-fields.ts; system: mask only).
    ((doc.spec[name] ?? []) as BaseEntry[]).flatMap((entry) => entry.transform?.mask ?? []),
  );
}
