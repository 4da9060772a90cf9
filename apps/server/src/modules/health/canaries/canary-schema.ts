/**
 * canary-checker's Canary resource (`apiVersion: canaries.flanksource.com/v1`, `kind: Canary`), so its
 * users can bring their files unchanged. Each check list is validated with the contracts' spec schema of
 * its type; a check type this server does not run is refused by name rather than silently dropped.
 */
import {
  CHECK_SPEC_SCHEMAS,
  CHECK_TYPES,
  type CheckType,
  MAX_CHECK_LOCATIONS,
  NIL_AGENT_ID,
  UNSUPPORTED_FIELD_MESSAGE,
  unknownFieldErrors,
} from '@mc/contracts';
import { z } from 'zod';
import { refusedExpressionErrors } from '../expressions/check-expressions.js';
import { templateExpressionErrors } from '../expressions/template-save-checks.js';
import { dependencyProblems } from '../runner/check-order.js';
import { refusedFieldErrors } from './refused-fields.js';

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
  severity: z.string().optional(),
  owner: z.string().optional(),
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
  /**
   * canary-checker's result mode: `junit` combines the run's results into one, on the canary's `junit`
   * check (runner/junit-result.ts); absent, each check keeps its own result.
   */
  resultMode: z.literal('junit', { message: 'must be junit' }).optional(),
};

/**
 * canary-checker's Canary-level fields this server refuses at save, with why (rule zero: never accept
 * and ignore). canary-checker itself stores `retries`, `env` and `icon` without acting on them.
 */
const REFUSED_CANARY_FIELDS: Record<string, string> = {
  retries: 'a check runs once per schedule',
  env: 'give each check its own env',
  icon: 'set icon on each check',
  agentSelector: 'use agent_id, or spec.locations to run the checks on several agents',
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

/** The spec of a document that failed validation, as far as it is an object (its refusals still count). */
function rawSpecOf(raw: unknown): Record<string, unknown> {
  const spec = (raw as { spec?: unknown } | null)?.spec;
  return spec && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Record<string, unknown>) : {};
}

/** A check entry's `dependsOn` (validated by its schema as a list of names). */
function depsOf(spec: Record<string, unknown>): string[] | undefined {
  return Array.isArray(spec.dependsOn) ? spec.dependsOn.map(String) : undefined;
}

/**
 * Keys zod would strip silently: a spec key that is no check type or canary field, and (rule zero) any
 * field anywhere inside a check or canary field that its schema does not declare.
 */
function unknownKeyErrors(raw: unknown): string[] {
  const rawSpec = (raw as { spec?: unknown } | null)?.spec;
  if (typeof rawSpec !== 'object' || rawSpec === null || Array.isArray(rawSpec)) return [];
  const errors: string[] = [];
  for (const [key, value] of Object.entries(rawSpec)) {
    const refused = REFUSED_CANARY_FIELDS[key];
    if (refused) {
      errors.push(`spec.${key}: ${UNSUPPORTED_FIELD_MESSAGE} (${refused})`);
      continue;
    }
    const schema = canarySchema.shape.spec.shape[key as keyof typeof canarySchema.shape.spec.shape];
    if (schema) errors.push(...unknownFieldErrors(schema, value, `spec.${key}`));
    else errors.push(`spec.${key}: unsupported check type or field (check types: ${CHECK_TYPES.join(', ')})`);
  }
  return errors;
}

/**
 * Validates a parsed document: the schema, then keys zod would strip silently (a check type this server
 * does not run, a field it does not honour) and duplicate check names within a type. Returns the document
 * or a list of messages.
 */
export function validateCanary(raw: unknown): { ok: true; canary: CanaryDocument } | { ok: false; errors: string[] } {
  const parsed = canarySchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    return { ok: false, errors: [...issues, ...unknownKeyErrors(raw), ...refusedFieldErrors(rawSpecOf(raw))] };
  }
  const errors = unknownKeyErrors(raw);
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
  const entries = canaryCheckEntries(parsed.data.spec);
  errors.push(...dependencyProblems(entries.map(({ type, name, spec }) => ({ type, name, dependsOn: depsOf(spec) }))));
  const byAgents = Boolean(parsed.data.spec.locations) || (parsed.data.agent_id ?? NIL_AGENT_ID) !== NIL_AGENT_ID;
  errors.push(...refusedFieldErrors(parsed.data.spec, byAgents));
  errors.push(...refusedExpressionErrors(parsed.data.spec, CHECK_TYPES));
  errors.push(...templateExpressionErrors(parsed.data.spec, CHECK_TYPES));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, canary: parsed.data };
}
