/** Scraper kinds of a ScrapeConfig spec (config-db), in the order the list names them. */
const KINDS = ['file', 'sql', 'http', 'kubernetes', 'kubernetesFile', 'system'] as const;

/** The kinds a scraper's spec holds ('file', 'sql, http'…), or 'custom' when it names none we know. */
export function scraperKinds(spec: Record<string, unknown> | null | undefined): string {
  const found = KINDS.filter((kind) => Array.isArray(spec?.[kind]) || (spec?.[kind] && typeof spec[kind] === 'object'));
  return found.length ? found.join(', ') : 'custom';
}

/** The schedule a spec asks for, if any. */
export function scraperSchedule(spec: Record<string, unknown> | null | undefined): string {
  return typeof spec?.schedule === 'string' ? spec.schedule : '';
}
