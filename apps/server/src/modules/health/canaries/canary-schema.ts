/**
 * canary-checker's Canary resource (`apiVersion: canaries.flanksource.com/v1`, `kind: Canary`), so its
 * users can bring their files unchanged. Each check list is validated with the contracts' spec schema of
 * its type; a check type this server does not run is refused by name rather than silently dropped.
 */
import { CHECK_SPEC_SCHEMAS, CHECK_TYPES, type CheckType, envVarSchema, MAX_CHECK_LOCATIONS } from '@mc/contracts';
import { z } from 'zod';

/** The API version of canary-checker's Canary resource. */
export const CANARY_API_VERSION = 'canaries.flanksource.com/v1';

/** Schedule of a canary with neither `schedule` nor `interval` (canary-checker's default interval). */
export const DEFAULT_CANARY_SCHEDULE = '@every 5m';

const nameRule = z
  .string()
  .min(1, 'is required')
  .max(253, 'must be at most 253 characters')
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'must be lower-case letters, digits, "-" or "." (a DNS-1123 name)');

/** Canary-level spec fields that are not check lists (canary-checker's CanarySpec). */
const canaryFields = {
  schedule: z.string().min(1).optional(),
  /** Deprecated in canary-checker: seconds between runs; used when `schedule` is absent. */
  interval: z.number().int().positive().optional(),
  /** 0 pauses the canary. */
  replicas: z.number().int().nonnegative().optional(),
  retries: z.unknown().optional(),
  env: z.record(z.string(), envVarSchema).optional(),
  icon: z.string().optional(),
  severity: z.string().optional(),
  owner: z.string().optional(),
  resultMode: z.string().optional(),
  agentSelector: z.array(z.string()).optional(),
  /**
   * Multi-location checks (docs/agents.md "Locations"): the agents (by name) that each run every check
   * of the canary; the check is healthy when at least `quorum` of them (default: a majority) report healthy.
   */
  locations: z
    .array(z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'must be an agent name'))
    .min(1, 'name at least one agent')
    .max(MAX_CHECK_LOCATIONS, `at most ${MAX_CHECK_LOCATIONS} locations`)
    .optional(),
  quorum: z.number().int().min(1, 'must be at least 1').optional(),
};

type CheckLists = { [K in CheckType]: z.ZodOptional<z.ZodArray<(typeof CHECK_SPEC_SCHEMAS)[K]>> };

// One optional list per check type; fromEntries cannot express the per-key types, the map above does.
const checkLists = Object.fromEntries(
  CHECK_TYPES.map((type) => [type, z.array(CHECK_SPEC_SCHEMAS[type]).optional()]),
) as CheckLists;

/** The Canary document as accepted by the API and the watched directory. */
export const canarySchema = z.object({
  apiVersion: z.literal(CANARY_API_VERSION, { message: `must be ${CANARY_API_VERSION}` }),
  kind: z.literal('Canary', { message: 'must be Canary' }),
  /** The agent that runs it (docs/agents.md); the all-zero id is this server; absent keeps the current one. */
  agent_id: z.guid('must be an agent id').optional(),
  metadata: z.object({
    name: nameRule,
    namespace: nameRule.optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: z.object({ ...canaryFields, ...checkLists }),
});

/** A validated Canary document. */
export type CanaryDocument = z.infer<typeof canarySchema>;

/** One check entry of a canary, as synced into the `checks` table. */
export interface CanaryCheckEntry {
  type: CheckType;
  name: string;
  spec: Record<string, unknown>;
}

/** Every check entry of a canary spec, in check-type order. */
export function canaryCheckEntries(spec: Record<string, unknown>): CanaryCheckEntry[] {
  const entries: CanaryCheckEntry[] = [];
  for (const type of CHECK_TYPES) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      // Entries were validated by the type's schema: an object with a non-empty name.
      const entry = item as Record<string, unknown> & { name: string };
      entries.push({ type, name: entry.name, spec: entry });
    }
  }
  return entries;
}

/** The schedule text of a canary: `schedule`, else `@every <interval>s`, else the default. */
export function canarySchedule(spec: { schedule?: string | undefined; interval?: number | undefined }): string {
  if (spec.schedule) return spec.schedule;
  if (spec.interval) return `@every ${spec.interval}s`;
  return DEFAULT_CANARY_SCHEDULE;
}

const KNOWN_SPEC_KEYS = new Set<string>([...Object.keys(canaryFields), ...CHECK_TYPES]);

/**
 * Validates a parsed document: the schema, then keys zod would strip silently (a check type this server
 * does not run) and duplicate check names within a type. Returns the document or a list of messages.
 */
export function validateCanary(raw: unknown): { ok: true; canary: CanaryDocument } | { ok: false; errors: string[] } {
  const parsed = canarySchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
    };
  }
  const errors: string[] = [];
  const rawSpec = (raw as { spec?: Record<string, unknown> }).spec ?? {}; // the schema accepted it as an object
  for (const key of Object.keys(rawSpec)) {
    if (!KNOWN_SPEC_KEYS.has(key)) {
      errors.push(`spec.${key}: unsupported check type or field (check types: ${CHECK_TYPES.join(', ')})`);
    }
  }
  const { locations, quorum } = parsed.data.spec;
  if (quorum !== undefined && !locations) errors.push('spec.quorum: needs spec.locations (the agents that vote)');
  if (locations && quorum !== undefined && quorum > locations.length) {
    errors.push(`spec.quorum: must be at most the number of locations (${locations.length})`);
  }
  if (locations && new Set(locations).size !== locations.length) errors.push('spec.locations: names an agent twice');
  const seen = new Set<string>();
  for (const entry of canaryCheckEntries(parsed.data.spec)) {
    const key = `${entry.type}/${entry.name}`;
    if (seen.has(key)) errors.push(`spec.${entry.type}: duplicate check name '${entry.name}'`);
    seen.add(key);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, canary: parsed.data };
}
