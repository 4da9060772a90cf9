import { z } from 'zod';
import { type ConnectionField, type ConnectionFieldPath, connectionType } from './connection-types.js';
import { urlIssue } from './connection-url-rules.js';

export * from './connection-messages.js';
export * from './connection-types.js';
export * from './connection-url-rules.js';
export * from './connection-urls.js';

/** What the API shows instead of a stored secret value (spec: secrets are never sent to the browser). */
export const SECRET_MASK = '********';
/** Generic form messages (spec 001 §5). */
export const FIELD_REQUIRED = 'This field is required';
export const FIELD_NOT_A_NUMBER = 'This field must be a number';
/** Namespace of a connection when none is given (spec 001 §3). */
export const DEFAULT_NAMESPACE = 'default';

/**
 * Where a secret-like value comes from: typed in (static), or a key of a config map or secret. It is
 * stored as one string — the value itself, `configmap://<name>/<key>` or `secret://<name>/<key>` — so
 * a field keeps one column and references survive a round trip through the form.
 */
export type EnvVarSource =
  | { kind: 'static'; value: string }
  | { kind: 'configmap' | 'secret'; name: string; key: string };

const REFERENCE = /^(configmap|secret):\/\/([^/]*)\/?(.*)$/;

/** Reads a stored field value as its env-var source. */
export function parseEnvVar(value: string): EnvVarSource {
  const match = REFERENCE.exec(value);
  if (!match) return { kind: 'static', value };
  // The regex only matches the two reference kinds.
  return { kind: match[1] as 'configmap' | 'secret', name: match[2] ?? '', key: match[3] ?? '' };
}

/** Writes an env-var source as the string stored in the field. */
export function formatEnvVar(source: EnvVarSource): string {
  return source.kind === 'static' ? source.value : `${source.kind}://${source.name}/${source.key}`;
}

/** A reference to another connection: `connection://<type>/<name>` or `connection://<namespace>/<name>`. */
export const CONNECTION_REF = /^connection:\/\/([^/]+)\/([^/]+)$/;

const nullableText = z.string().nullish();

/** The body of a create or update: connection columns plus type-specific properties. */
export const connectionInputSchema = z.object({
  name: z.string({ message: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED),
  namespace: z.string().trim().min(1, FIELD_REQUIRED).default(DEFAULT_NAMESPACE),
  type: z.string({ message: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED),
  url: nullableText,
  username: nullableText,
  password: nullableText,
  certificate: nullableText,
  insecure_tls: z.boolean().default(false),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
});
/** A validated connection body. */
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

/** A connection as the API returns it: secrets replaced by {@link SECRET_MASK}. */
export const connectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  certificate: z.string().nullable(),
  insecure_tls: z.boolean(),
  properties: z.record(z.string(), z.unknown()),
  source: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A connection as the API returns it. */
export type Connection = z.infer<typeof connectionSchema>;

/**
 * How a connection test went: `reached` — the server dialled the target through the egress guard (`ok`
 * says whether it answered as expected; a refusal by the guard is a failed `reached`); `invalid` — the
 * values cannot be used (a reference resolves to nothing, a secret cannot be decrypted), nothing was
 * dialled; `unavailable` — this server has no test for the type (`ok` is false, shown as information).
 */
export const CONNECTION_TEST_MODES = ['reached', 'invalid', 'unavailable'] as const;

/** Result of `POST /api/connection/test` and `POST /api/connection/test/{id}`. */
export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  mode: z.enum(CONNECTION_TEST_MODES),
  duration_ms: z.number(),
});

/** The message of a type without a test. */
export const testUnavailableMessage = (label: string, why?: string) =>
  `A connection test is not available for ${label} connections${why ? `: ${why}` : ''}`;
/** Result of a connection test. */
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

/** A field-level problem: which field (its storage path) and the message to show beside it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** Any connection-shaped object: a form's values, an API body or a stored row. */
export interface ConnectionLike {
  type?: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean | null;
  properties?: Record<string, unknown> | null;
}

/** Reads a field's value from a connection-shaped object. */
export function fieldValue(input: ConnectionLike, path: ConnectionFieldPath): unknown {
  if (path.startsWith('properties.')) return input.properties?.[path.slice('properties.'.length)];
  // The other paths are the column names of ConnectionLike.
  return input[path as Exclude<keyof ConnectionLike, 'properties'>];
}

/** Whether a field applies given the other values (fields with `showWhen` may be hidden). */
export function fieldVisible(
  field: ConnectionField,
  input: ConnectionLike,
  fields: readonly ConnectionField[],
): boolean {
  if (!field.showWhen) return true;
  const controller = fields.find((candidate) => candidate.path === field.showWhen?.path);
  const current = fieldValue(input, field.showWhen.path) ?? controller?.default;
  return field.showWhen.equals.includes(String(current ?? ''));
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Field rules of one connection type: required fields, numbers, and well-formed references
 * (`secret://name/key`, `configmap://name/key`, `connection://…`). The form and the server both call it.
 */
export function validateConnectionFields(input: ConnectionLike): FieldIssue[] {
  const definition = connectionType(input.type ?? '');
  if (!definition) return [{ path: 'type', message: `Unknown connection type '${input.type ?? ''}'` }];
  const issues: FieldIssue[] = [];
  for (const field of definition.fields) {
    if (!fieldVisible(field, input, definition.fields)) continue;
    const value = fieldValue(input, field.path);
    if (isBlank(value)) {
      if (field.required) issues.push({ path: field.path, message: FIELD_REQUIRED });
      continue;
    }
    if (field.kind === 'number' && !Number.isFinite(Number(value))) {
      issues.push({ path: field.path, message: FIELD_NOT_A_NUMBER });
    }
    if (typeof value === 'string') {
      const source = parseEnvVar(value);
      const badUrl =
        field.path === 'url' && source.kind === 'static' && urlIssue(definition.type, definition.label, value);
      if (badUrl) issues.push({ path: field.path, message: badUrl });
      if (source.kind !== 'static' && (!source.name || !source.key)) {
        issues.push({
          path: field.path,
          message: `A ${source.kind} reference needs a name and a key: ${source.kind}://<name>/<key>`,
        });
      }
      if (field.kind === 'connection' && !CONNECTION_REF.test(value)) {
        issues.push({
          path: field.path,
          message: 'Must be a connection reference: connection://<type or namespace>/<name>',
        });
      }
    }
  }
  return issues;
}

/** `GET /api/connections` answer, secrets masked. */
export const connectionListSchema = z.array(connectionSchema);
