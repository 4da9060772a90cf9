/**
 * mission-control's Playbook resource (`apiVersion: mission-control.flanksource.com/v1`, `kind: Playbook`),
 * so users bring their files unchanged: where it applies (`configs`, `components`, `checks` selectors),
 * its parameters (001 §3), its approval and its actions in order. An action names exactly one of the nine
 * types of spec 000 §3; the server validates the shared fields (name, if, timeout, retry, delay) and keeps
 * each type's own fields for its runner.
 */
import {
  PLAYBOOK_ACTION_TYPES,
  PLAYBOOK_API_VERSION,
  PLAYBOOK_SELECTORS_MAX_CHARS,
  PLAYBOOK_SPEC_MAX_CHARS,
  type PlaybookActionType,
  playbookParameterSchema,
} from '@mc/contracts';
import { z } from 'zod';
import { parseBoundedYaml } from '../../platform/bounded-yaml.js';
import { AppError } from '../../platform/errors.js';
import { linearRegexProblem } from '../../platform/linear-regex.js';
import { MAX_WILDCARD_PATTERN_CHARS } from '../../platform/wildcard-match.js';

const nameRule = z
  .string()
  .min(1, 'is required')
  .max(253, 'must be at most 253 characters')
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'must be lower-case letters, digits, "-" or "." (a DNS-1123 name)');

const durationRule = z.string().regex(/^(\d+(ms|s|m|h))+$/, 'must be a duration such as 30s, 5m or 1h30m');

/** A `*` wildcard of a selector, bounded so its matching stays cheap (platform/wildcard-match.ts). */
const wildcardRule = z
  .string()
  .max(MAX_WILDCARD_PATTERN_CHARS, `must be at most ${MAX_WILDCARD_PATTERN_CHARS} characters (a "*" wildcard pattern)`);

/** A resource selector of `configs`, `components` or `checks`: type, name, labels, tags (any one narrows). */
const selectorSchema = z
  .object({
    id: z.string().max(64).optional(),
    name: wildcardRule.optional(),
    namespace: wildcardRule.optional(),
    type: wildcardRule.optional(),
    types: z.array(wildcardRule).max(50).optional(),
    labelSelector: z.string().max(1024).optional(),
    tagSelector: z.string().max(1024).optional(),
    labels: z.record(z.string(), z.string()).optional(),
    tags: z.record(z.string(), z.string()).optional(),
    agent: z.string().max(256).optional(),
  })
  .loose();

/** The selectors of one kind, bounded in count and in size (the list request matches them all, issue 25). */
const selectorListSchema = z
  .array(selectorSchema)
  .max(50)
  .refine((list) => JSON.stringify(list).length <= PLAYBOOK_SELECTORS_MAX_CHARS, {
    message: `must be at most ${PLAYBOOK_SELECTORS_MAX_CHARS} characters of JSON`,
  });

const approvalSchema = z.object({
  type: z.enum(['any', 'all'], { message: 'must be any or all' }).default('any'),
  approvers: z
    .object({
      people: z.array(z.string().min(1).max(256)).max(100).optional(),
      teams: z.array(z.string().min(1).max(256)).max(100).optional(),
    })
    .refine((a) => (a.people?.length ?? 0) + (a.teams?.length ?? 0) > 0, {
      message: 'name at least one person or team',
    }),
});

const retrySchema = z.object({
  limit: z.number().int().min(0).max(20),
  duration: durationRule.optional(),
  exponent: z
    .object({ multiplier: z.number().positive().max(10) })
    .loose()
    .optional(),
});

/** The fields every action shares; its type's own object sits under the type's key. */
const actionSchema = z
  .object({
    name: z.string().min(1, 'is required').max(128),
    if: z.string().max(2048).optional(),
    delay: z.string().max(256).optional(),
    timeout: durationRule.optional(),
    retry: retrySchema.optional(),
    idempotent: z.boolean().optional(),
  })
  .loose();

/** The Playbook's spec. */
export const playbookSpecSchema = z
  .object({
    title: z.string().max(256).optional(),
    description: z.string().max(4096).optional(),
    category: z.string().max(128).optional(),
    icon: z.string().max(256).optional(),
    timeout: durationRule.optional(),
    configs: selectorListSchema.optional(),
    components: selectorListSchema.optional(),
    checks: selectorListSchema.optional(),
    parameters: z.array(playbookParameterSchema).max(100).optional(),
    approval: approvalSchema.optional(),
    actions: z.array(actionSchema).min(1, 'at least one action is required').max(50),
  })
  .loose();

/** The Playbook document as the data API and a file give it. */
export const playbookDocumentSchema = z.object({
  apiVersion: z.literal(PLAYBOOK_API_VERSION, { message: `must be ${PLAYBOOK_API_VERSION}` }),
  kind: z.literal('Playbook', { message: 'must be Playbook' }),
  metadata: z.object({
    name: nameRule,
    namespace: nameRule.optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: playbookSpecSchema,
});

/** A validated Playbook document. */
export type PlaybookDocument = z.infer<typeof playbookDocumentSchema>;
/** Its spec. */
export type PlaybookSpec = PlaybookDocument['spec'];
/** One action of a spec. */
export type PlaybookAction = PlaybookSpec['actions'][number];

/** The type key of an action, or the problem: none, an unknown key, or more than one type. */
export function actionTypeOf(action: Record<string, unknown>): PlaybookActionType | string[] {
  const keys = PLAYBOOK_ACTION_TYPES.filter((type) => action[type] !== undefined);
  if (keys.length === 1 && keys[0]) {
    const body = action[keys[0]];
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return [`${keys[0]}: must be an object`];
    return keys[0];
  }
  if (keys.length > 1) return [`names more than one type (${keys.join(', ')}): an action has exactly one`];
  return [`needs exactly one type: ${PLAYBOOK_ACTION_TYPES.join(', ')}`];
}

function specProblems(spec: PlaybookSpec): string[] {
  const problems: string[] = [];
  if (JSON.stringify(spec).length > PLAYBOOK_SPEC_MAX_CHARS) {
    problems.push(`spec: must be at most ${PLAYBOOK_SPEC_MAX_CHARS} characters of JSON`);
  }
  const names = new Set<string>();
  spec.actions.forEach((action, index) => {
    const type = actionTypeOf(action);
    if (Array.isArray(type)) problems.push(...type.map((p) => `spec.actions.${index}: ${p}`));
    if (names.has(action.name)) problems.push(`spec.actions.${index}.name: '${action.name}' is used twice`);
    names.add(action.name);
  });
  const params = new Set<string>();
  (spec.parameters ?? []).forEach((parameter, index) => {
    if (params.has(parameter.name)) problems.push(`spec.parameters.${index}.name: '${parameter.name}' is used twice`);
    params.add(parameter.name);
    const regex = parameter.properties?.regex;
    const regexProblem = regex === undefined ? undefined : linearRegexProblem(regex);
    if (regexProblem) problems.push(`spec.parameters.${index}.properties.regex: ${regexProblem}`);
  });
  return problems;
}

/** Validation outcome: the document, or the problems in words (`spec.actions.0.name: is required`). */
export type PlaybookValidation = { ok: true; playbook: PlaybookDocument } | { ok: false; errors: string[] };

/** Validates a parsed value as a Playbook. */
export function validatePlaybook(raw: unknown): PlaybookValidation {
  const parsed = playbookDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.message}`),
    };
  }
  const problems = specProblems(parsed.data.spec);
  if (problems.length > 0) return { ok: false, errors: problems };
  return { ok: true, playbook: parsed.data };
}

/** Parses YAML or JSON text within the request limits and validates it as a Playbook (400 otherwise). */
export function parsePlaybookText(text: string): PlaybookDocument {
  const raw = parseBoundedYaml(text, undefined, 'body');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AppError('bad_request', 'The body must be a Playbook object (apiVersion, kind, metadata, spec)');
  }
  const result = validatePlaybook(raw);
  if (!result.ok) {
    throw new AppError('bad_request', `Invalid playbook: ${result.errors.slice(0, 10).join('; ')}`, result.errors);
  }
  return result.playbook;
}
