/**
 * Playbooks as the console and the server both see them: mission-control's Playbook parameter shape
 * (spec 001 §3) and the parameter rules of 001 §5, so the Run Playbook dialog and `POST /api/playbook/run`
 * refuse the same values with the same words.
 */
import { z } from 'zod';

/** The API version of mission-control's Playbook resource. */
export const PLAYBOOK_API_VERSION = 'mission-control.flanksource.com/v1';

/** Parameter types of upstream's Go constants (api/v1/playbook_types.go). */
export const PLAYBOOK_PARAMETER_TYPES = [
  'text',
  'checkbox',
  'list',
  'code',
  'config',
  'configs',
  'component',
  'check',
  'people',
  'team',
  'duration',
  'secret',
  'bytes',
  'millicores',
] as const;

/** One of {@link PLAYBOOK_PARAMETER_TYPES}. */
export type PlaybookParameterType = (typeof PLAYBOOK_PARAMETER_TYPES)[number];

/** The nine action types of spec 000 §3, keyed as in a Playbook's `actions[]` entries. */
export const PLAYBOOK_ACTION_TYPES = [
  'ai',
  'notification',
  'exec',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'http',
  'sql',
  'pod',
] as const;

/** One of {@link PLAYBOOK_ACTION_TYPES}. */
export type PlaybookActionType = (typeof PLAYBOOK_ACTION_TYPES)[number];

/** Sizes of the Run Playbook dialog (001 §9). */
export const PLAYBOOK_DIALOG_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;

/** The dialog's two empty messages (001 §2). */
export const PLAYBOOK_PARAMS_EMPTY = {
  noParameters: 'No parameters for this playbook.',
  noResource: 'Please select a resource to see the parameters.',
} as const;

/** Text formats a parameter may declare in `properties.format` (001 §5). */
export const PLAYBOOK_PARAMETER_FORMATS = ['bytes', 'millicores', 'dns1123'] as const;

/** Messages of the parameter rules: 001 §5 gives the required one; the others are ours (docs/playbooks.md). */
export const PLAYBOOK_PARAMETER_MESSAGES = {
  required: 'This field is required',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  regex: (pattern: string) => `Must match the pattern ${pattern}`,
  number: 'This field must be a number',
  min: (n: number) => `Must be at least ${n}`,
  max: (n: number) => `Must be at most ${n}`,
  bytes: 'Must be a number with the unit Mi, Gi or Ti (default Mi), e.g. 512Mi',
  millicores: 'Must be a number with the suffix m, e.g. 500m',
  dns1123: 'Must be lower-case letters, digits, "-" or "." starting and ending with a letter or digit',
  option: 'Must be one of the options',
} as const;

const BYTES = /^\d+(\.\d+)?(Mi|Gi|Ti)?$/;
const MILLICORES = /^\d+m$/;
/** The DNS-1123 subdomain pattern (lower-case alphanumerics, hyphens and dots), at most 253 characters. */
const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** A parameter's `properties` (001 §3). */
export const playbookParameterPropertiesSchema = z
  .object({
    size: z.string().max(64).optional(),
    language: z.string().max(64).optional(),
    jsonSchemaUrl: z.string().max(2048).optional(),
    options: z
      .array(z.object({ label: z.string().max(256).optional(), value: z.string().max(1024) }))
      .max(500)
      .optional(),
    filter: z.unknown().optional(),
    multiline: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    maxLength: z.coerce.number().int().nonnegative().optional(),
    minLength: z.coerce.number().int().nonnegative().optional(),
    regex: z
      .string()
      .max(1024)
      .refine(
        (value) => {
          try {
            new RegExp(value);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'is not a valid regular expression' },
      )
      .optional(),
    format: z.enum(PLAYBOOK_PARAMETER_FORMATS).optional(),
    min: z.coerce.number().optional(),
    max: z.coerce.number().optional(),
  })
  .loose();

/** One parameter of a playbook (001 §3): name, label, type, default, required, properties. */
export const playbookParameterSchema = z.object({
  name: z
    .string()
    .min(1, 'is required')
    .max(128)
    .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'must be letters, digits, "_" or "-" starting with a letter or "_"'),
  label: z.string().max(256).optional(),
  description: z.string().max(4096).optional(),
  type: z.enum(PLAYBOOK_PARAMETER_TYPES).default('text'),
  default: z.unknown().optional(),
  required: z.boolean().optional(),
  icon: z.string().max(256).optional(),
  properties: playbookParameterPropertiesSchema.optional(),
});

/** A parameter as the dialog and the run endpoint read it. */
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function numberProblem(value: unknown, props: NonNullable<PlaybookParameter['properties']>): string | undefined {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return PLAYBOOK_PARAMETER_MESSAGES.number;
  if (props.min !== undefined && n < props.min) return PLAYBOOK_PARAMETER_MESSAGES.min(props.min);
  if (props.max !== undefined && n > props.max) return PLAYBOOK_PARAMETER_MESSAGES.max(props.max);
  return undefined;
}

function formatProblem(text: string, type: string, format: string | undefined): string | undefined {
  if ((type === 'bytes' || format === 'bytes') && !BYTES.test(text)) return PLAYBOOK_PARAMETER_MESSAGES.bytes;
  if ((type === 'millicores' || format === 'millicores') && !MILLICORES.test(text)) {
    return PLAYBOOK_PARAMETER_MESSAGES.millicores;
  }
  if (format === 'dns1123' && (text.length > 253 || !DNS1123.test(text))) return PLAYBOOK_PARAMETER_MESSAGES.dns1123;
  return undefined;
}

/**
 * Whether a parameter's `properties.regex` matches a value anywhere in it. The browser uses JS RegExp (no
 * new code in the console's bundle); the server passes a linear-time RE2 matcher, because there an editor's
 * pattern runs on the HTTP thread for whoever runs the playbook (issue 25).
 */
export type PatternTest = (pattern: string, text: string) => boolean;

const jsPatternTest: PatternTest = (pattern, text) => new RegExp(pattern).test(text);

function textProblem(text: string, parameter: PlaybookParameter, patternTest: PatternTest): string | undefined {
  const props = parameter.properties ?? {};
  if (props.minLength !== undefined && text.length < props.minLength) {
    return PLAYBOOK_PARAMETER_MESSAGES.minLength(props.minLength);
  }
  if (props.maxLength !== undefined && text.length > props.maxLength) {
    return PLAYBOOK_PARAMETER_MESSAGES.maxLength(props.maxLength);
  }
  if (props.regex !== undefined && !patternTest(props.regex, text)) {
    return PLAYBOOK_PARAMETER_MESSAGES.regex(props.regex);
  }
  const format = formatProblem(text, parameter.type, props.format);
  if (format) return format;
  if (props.min !== undefined || props.max !== undefined) return numberProblem(text, props);
  return undefined;
}

/**
 * The rule a value breaks for a parameter (001 §5), in the spec's words, or undefined. Checkbox
 * values are booleans; list values must be one of the options when options are declared. `patternTest`
 * runs `properties.regex` (JS RegExp unless given, see {@link PatternTest}).
 */
export function playbookParameterProblem(
  parameter: PlaybookParameter,
  value: unknown,
  patternTest: PatternTest = jsPatternTest,
): string | undefined {
  if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) {
    return parameter.required ? PLAYBOOK_PARAMETER_MESSAGES.required : undefined;
  }
  if (parameter.type === 'checkbox') {
    return typeof value === 'boolean' || value === 'true' || value === 'false' ? undefined : 'Must be true or false';
  }
  const options = parameter.properties?.options;
  if (parameter.type === 'list' && options && options.length > 0) {
    const values = Array.isArray(value) ? value : [value];
    return values.every((v) => options.some((o) => o.value === String(v)))
      ? undefined
      : PLAYBOOK_PARAMETER_MESSAGES.option;
  }
  if (typeof value === 'number') return numberProblem(value, parameter.properties ?? {});
  if (typeof value !== 'string') return parameter.type === 'code' ? undefined : 'Must be text';
  return textProblem(value, parameter, patternTest);
}

/** Every problem of a set of parameter values, keyed by parameter name (empty when all hold). */
export function playbookParamsProblems(
  parameters: readonly PlaybookParameter[],
  values: Readonly<Record<string, unknown>>,
  patternTest: PatternTest = jsPatternTest,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of parameters) {
    const problem = playbookParameterProblem(parameter, values[parameter.name] ?? parameter.default, patternTest);
    if (problem) problems[parameter.name] = problem;
  }
  return problems;
}

/**
 * Most playbooks `GET /playbook/list` reads and answers (in category and title order): the request
 * matches each playbook's selectors on the HTTP thread, so the work per request stays bounded (issue 25).
 */
export const PLAYBOOK_LIST_MAX = 500;

/** Playbooks `GET /playbook/list` reads from the database at a time, handing the event loop back between. */
export const PLAYBOOK_LIST_PAGE = 5;

/**
 * Longest JSON text of a playbook's spec: `GET /playbook/list` reads a page of specs at a time on the HTTP
 * thread (embedded PostgreSQL runs in it), so a page stays small (issue 25).
 */
export const PLAYBOOK_SPEC_MAX_CHARS = 256 * 1024;

/**
 * Longest JSON text of one selector list of a playbook (`configs`, `components` or `checks`): the list
 * reads and matches every playbook's list on the HTTP thread, so each stays small (issue 25).
 */
export const PLAYBOOK_SELECTORS_MAX_CHARS = 16_384;

/** Statuses of a playbook run (000 §4 leaves them unsaid; upstream's words, see docs/playbooks.md). */
export const PLAYBOOK_RUN_STATUSES = [
  'pending_approval',
  'scheduled',
  'running',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;

/** One of {@link PLAYBOOK_RUN_STATUSES}. */
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** Statuses a run never leaves. */
export const PLAYBOOK_RUN_FINAL_STATUSES: readonly PlaybookRunStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
];

/** Statuses of one action of a run. */
export const PLAYBOOK_ACTION_STATUSES = [
  'running',
  'completed',
  'failed',
  'skipped',
  'cancelled',
  'timed_out',
] as const;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');

/** The resource a playbook runs on or is listed for: at most one of check, component, config. */
export const playbookResourceSchema = z.object({
  check_id: uuid.optional(),
  component_id: uuid.optional(),
  config_id: uuid.optional(),
});

/** The Playbook run request of 001 §3: id, component_id, check_id, config_id, params. */
export const playbookRunRequestSchema = playbookResourceSchema.extend({
  id: uuid,
  params: z.record(z.string(), z.unknown()).optional(),
});

/** A parsed run request. */
export type PlaybookRunRequest = z.infer<typeof playbookRunRequestSchema>;

/** One playbook of `GET /api/playbook/list`: those that apply to the resource, in category and title order. */
export const listedPlaybookSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string(),
  spec: z.record(z.string(), z.unknown()),
});

/** `GET /api/playbook/list` answer. */
export const playbookListSchema = z.array(listedPlaybookSchema);

/** `POST /api/playbook/{id}/params` answer: the playbook's parameters for the resource. */
export const playbookParamsSchema = z.object({ params: z.array(playbookParameterSchema) });

/** `POST /api/playbook/run` answer. */
export const playbookRunStartedSchema = z.object({ run_id: z.string() });

/** `POST /api/playbook/run/approve/{id}` and `…/cancel/{id}` answer: the run and its status now. */
export const playbookRunStatusSchema = z.object({ run_id: z.string(), status: z.string() });

const namedRef = z.object({ id: z.string(), name: z.string() });

/** `GET /api/playbook/run/{id}/history` answer: the requester, every status change and the approvals. */
export const playbookRunHistorySchema = z.object({
  requested_by: namedRef.nullable(),
  transitions: z.array(
    z.object({
      from_status: z.string().nullable(),
      to_status: z.string(),
      at: z.string(),
      actor: namedRef.nullable(),
    }),
  ),
  approvals: z.array(z.object({ at: z.string(), person: namedRef.nullable(), team: namedRef.nullable() })),
});
