/**
 * config-db's ScrapeConfig resource (`apiVersion: configs.flanksource.com/v1`, `kind: ScrapeConfig`), so
 * users bring their files unchanged. Each kind's entries are validated with that kind's schema (one file
 * per kind under `../kinds/`); a kind this server does not scrape (aws, azure, github…) is refused by
 * name rather than silently ignored.
 */
import { z } from 'zod';
import { parseBoundedYaml } from '../../../platform/bounded-yaml.js';
import { AppError } from '../../../platform/errors.js';
import { SCRAPER_KINDS, type ScraperKindName } from '../kinds/registry.js';
import { refusedKey, strictEntry } from '../kinds/strict-entry.js';

/** The API version of config-db's ScrapeConfig resource. */
export const SCRAPE_CONFIG_API_VERSION = 'configs.flanksource.com/v1';

/** Schedule of a scraper without one (config-db's global default is `@every 60m`). */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 60m';

/** config-db's scraper kinds this server does not run: named in the refusal so a user knows why. */
const UNSUPPORTED_KINDS = [
  'aws',
  'azure',
  'gcp',
  'github',
  'githubActions',
  'azureDevops',
  'postgres',
  'clickhouse',
  'slack',
  'trivy',
  'terraform',
  'logs',
  'pubsub',
  'exec',
  'playwright',
] as const;

const nameRule = z
  .string()
  .min(1, 'is required')
  .max(253, 'must be at most 253 characters')
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'must be lower-case letters, digits, "-" or "." (a DNS-1123 name)');

const durationRule = z.string().regex(/^\d+(ms|s|m|h|d)$/, 'must be a duration such as 30m, 12h or 7d');

const DURATION_UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A validated duration (`30m`) in milliseconds; undefined for anything else. */
export function parseDurationMs(value: string | undefined): number | undefined {
  const match = value ? /^(\d+)(ms|s|m|h|d)$/.exec(value) : null;
  return match ? Number(match[1]) * (DURATION_UNIT_MS[match[2] ?? ''] ?? 0) : undefined;
}

/** Longest `spec.timeout`: the scrape job's own limit (run-scraper.job.ts). */
export const MAX_SCRAPE_TIMEOUT = '30m';

/** `retention` of config-db: per change type by age and count; its other keys are refused by name. */
export const retentionSchema = strictEntry({
  changes: z
    .array(
      strictEntry({
        name: z.string().min(1, 'is required'),
        age: durationRule.optional(),
        count: z.number().int().positive().optional(),
      }),
    )
    .optional(),
  staleItemAge: refusedKey(
    'staleItemAge',
    'an item gone from its source is soft-deleted at the next successful scrape',
  ),
  types: refusedKey('types', 'items are kept by the catalog retention properties, not per type'),
  staleAnalysisAge: refusedKey('staleAnalysisAge', 'an insight closes when its rule no longer fires'),
});

const unsupportedKindKeys = Object.fromEntries(UNSUPPORTED_KINDS.map((kind) => [kind, z.unknown().optional()]));

/** config-db's `system: true` (its built-in system scraper) is one system entry here. */
const systemList = z.preprocess(
  (value) => (value === true ? [{}] : value === false ? [] : value),
  SCRAPER_KINDS.system.schema.array(),
);

const kindLists = Object.fromEntries(
  Object.entries(SCRAPER_KINDS).map(([name, kind]) => [name, z.array(kind.schema).optional()]),
) as { [K in ScraperKindName]: z.ZodOptional<z.ZodArray<(typeof SCRAPER_KINDS)[K]['schema']>> };

/** The ScrapeConfig document as accepted by the API, the data API and the watched folder. */
export const scrapeConfigSchema = z.object({
  apiVersion: z.literal(SCRAPE_CONFIG_API_VERSION, { message: `must be ${SCRAPE_CONFIG_API_VERSION}` }),
  kind: z.literal('ScrapeConfig', { message: 'must be ScrapeConfig' }),
  metadata: z.object({
    name: nameRule,
    namespace: nameRule.optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: strictEntry({
    schedule: z.string().min(1, 'must not be empty').optional(),
    timeout: durationRule
      .refine((value) => (parseDurationMs(value) ?? 0) <= (parseDurationMs(MAX_SCRAPE_TIMEOUT) ?? 0), {
        message: `must be at most ${MAX_SCRAPE_TIMEOUT}, the scrape job's own limit`,
      })
      .optional(),
    full: z.boolean().optional(),
    retention: retentionSchema.optional(),
    ...kindLists,
    system: systemList.optional(),
    ...unsupportedKindKeys,
    /** Scraped `MissionControl::Playbook` items become playbooks (scrape/crd-sync.ts). */
    crdSync: z.boolean().optional(),
    logLevel: refusedKey('logLevel', "a scraper's log level is the server's (MC_LOG_LEVEL)"),
  }),
});

/** A validated ScrapeConfig document. */
export type ScrapeConfigDocument = z.infer<typeof scrapeConfigSchema>;
/** Its spec. */
export type ScraperSpec = ScrapeConfigDocument['spec'];

/** Validation outcome: the document, or the problems in words (`spec.file[0].paths: is required`). */
export type ScrapeConfigValidation = { ok: true; config: ScrapeConfigDocument } | { ok: false; errors: string[] };

function kindProblems(spec: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const kind of UNSUPPORTED_KINDS) {
    if (spec[kind] !== undefined) {
      problems.push(
        `spec.${kind}: the ${kind} scraper is not supported by this server (supported: ${Object.keys(SCRAPER_KINDS).join(', ')})`,
      );
    }
  }
  const entries = Object.keys(SCRAPER_KINDS).reduce(
    (sum, kind) => sum + (Array.isArray(spec[kind]) ? (spec[kind] as unknown[]).length : 0),
    0,
  );
  if (spec.full !== true) {
    for (const kind of Object.keys(SCRAPER_KINDS)) {
      const list = Array.isArray(spec[kind]) ? (spec[kind] as { transform?: { changes?: unknown } }[]) : [];
      list.forEach((entry, index) => {
        if (entry?.transform?.changes !== undefined) {
          problems.push(
            `spec.${kind}.${index}.transform.changes: applies to full mode's changes only; set spec.full: true`,
          );
        }
      });
    }
  }
  if (problems.length === 0 && entries === 0) {
    problems.push(`spec: at least one scraper entry is required (${Object.keys(SCRAPER_KINDS).join(', ')})`);
  }
  return problems;
}

/** Validates a parsed value as a ScrapeConfig. */
export function validateScrapeConfig(raw: unknown): ScrapeConfigValidation {
  const parsed = scrapeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.message}`),
    };
  }
  const problems = kindProblems(parsed.data.spec as Record<string, unknown>); // the unsupported kinds pass zod to be named here
  if (problems.length > 0) return { ok: false, errors: problems };
  return { ok: true, config: parsed.data };
}

/** Validates or throws a 400 naming every problem. */
export function mustValidateScrapeConfig(raw: unknown): ScrapeConfigDocument {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AppError('bad_request', 'The body must be a ScrapeConfig object (apiVersion, kind, metadata, spec)');
  }
  const result = validateScrapeConfig(raw);
  if (!result.ok) {
    throw new AppError('bad_request', `Invalid scraper: ${result.errors.slice(0, 10).join('; ')}`, result.errors);
  }
  return result.config;
}

/** Parses a YAML or JSON body within the request limits and validates it as a ScrapeConfig (400 otherwise). */
export function parseScrapeConfigText(text: string): ScrapeConfigDocument {
  return mustValidateScrapeConfig(parseBoundedYaml(text, undefined, 'body'));
}

/** The scraper's schedule: its own, else config-db's default. */
export function scraperSchedule(spec: ScraperSpec): string {
  return spec.schedule?.trim() || DEFAULT_SCRAPE_SCHEDULE;
}
