import {
  buildNotificationUrl,
  type Connection,
  type ConnectionFieldPath,
  type ConnectionInput,
  type ConnectionTypeDefinition,
  connectionType,
  DEFAULT_NAMESPACE,
  FIELD_REQUIRED,
  fieldVisible,
  validateConnectionFields,
} from '@mc/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * What the connection form edits: the connection columns and its type-specific properties, all as
 * the inputs hold them (numbers as typed text, secrets as their env-var source string or the mask).
 */
export interface ConnectionFormValues {
  name: string;
  namespace: string;
  type: string;
  url: string;
  username: string;
  password: string;
  certificate: string;
  insecure_tls: boolean;
  properties: Record<string, string | boolean>;
}

const COLUMNS = ['url', 'username', 'password', 'certificate'] as const;
type Column = (typeof COLUMNS)[number];

const propertyKey = (path: ConnectionFieldPath) =>
  path.startsWith('properties.') ? path.slice('properties.'.length) : undefined;

const asText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A new connection of a type: namespace 'default' and every field's default (001 §3). */
export function emptyConnectionValues(definition: ConnectionTypeDefinition): ConnectionFormValues {
  const values: ConnectionFormValues = {
    name: '',
    namespace: DEFAULT_NAMESPACE,
    type: definition.type,
    url: '',
    username: '',
    password: '',
    certificate: '',
    insecure_tls: false,
    properties: {},
  };
  for (const field of definition.fields) {
    if (field.default === undefined) continue;
    const key = propertyKey(field.path);
    if (key) values.properties[key] = typeof field.default === 'boolean' ? field.default : String(field.default);
    else if (field.path === 'insecure_tls') values.insecure_tls = field.default === true;
    else values[field.path as Column] = String(field.default); // the other paths are the text columns
  }
  return values;
}

/** The form values of a stored connection; masked secrets stay masked, references stay visible. */
export function connectionToValues(connection: Connection): ConnectionFormValues {
  const definition = connectionType(connection.type);
  const base = definition
    ? emptyConnectionValues(definition)
    : emptyConnectionValues({ type: connection.type, label: connection.type, fields: [] });
  const properties = { ...base.properties };
  for (const [key, value] of Object.entries(connection.properties ?? {})) {
    properties[key] = typeof value === 'boolean' ? value : asText(value);
  }
  return {
    name: connection.name,
    namespace: connection.namespace,
    type: connection.type,
    url: asText(connection.url),
    username: asText(connection.username),
    password: asText(connection.password),
    certificate: asText(connection.certificate),
    insecure_tls: connection.insecure_tls,
    properties,
  };
}

/**
 * The API body of the form: only the fields the type shows (hidden kubernetes-method or git-auth
 * fields are dropped), numbers as numbers, blanks as null, and for notification types the provider
 * URL built from the fields on submit (001 §3); the server rebuilds it the same way.
 */
export function connectionBody(values: ConnectionFormValues): ConnectionInput {
  const definition = connectionType(values.type);
  const body: ConnectionInput = {
    name: values.name.trim(),
    namespace: values.namespace.trim() || DEFAULT_NAMESPACE,
    type: values.type,
    url: null,
    username: null,
    password: null,
    certificate: null,
    insecure_tls: false,
    properties: {},
  };
  for (const field of definition?.fields ?? []) {
    if (!fieldVisible(field, values, definition?.fields ?? [])) continue;
    const key = propertyKey(field.path);
    const raw = key
      ? values.properties[key]
      : field.path === 'insecure_tls'
        ? values.insecure_tls
        : values[field.path as Column];
    if (field.path === 'insecure_tls') body.insecure_tls = raw === true;
    else if (key && typeof raw === 'boolean') body.properties[key] = raw;
    else {
      const text = asText(raw).trim();
      const value = text === '' ? null : field.kind === 'number' ? Number(text) : text;
      if (key) {
        if (value !== null) body.properties[key] = value;
      } else body[field.path as Column] = value === null ? null : String(value);
    }
  }
  if (definition?.notification) {
    body.url = buildNotificationUrl(definition.type, body) ?? null;
  }
  return body;
}

function setError(errors: Record<string, unknown>, path: string, message: string): void {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) {
    node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
    node = node[part] as Record<string, unknown>; // built just above as a nested error object
  }
  node[parts.at(-1) ?? path] = { type: 'validate', message };
}

/**
 * Validates the form with the same rules the server applies (`validateConnectionFields` of the
 * contracts): name and namespace required, each type's required fields, numbers, references.
 */
export const connectionResolver: Resolver<ConnectionFormValues> = async (values) => {
  const errors: Record<string, unknown> = {};
  if (!values.name.trim()) setError(errors, 'name', FIELD_REQUIRED);
  if (!values.namespace.trim()) setError(errors, 'namespace', FIELD_REQUIRED);
  for (const issue of validateConnectionFields(values)) setError(errors, issue.path, issue.message);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: errors as FieldErrors<ConnectionFormValues> }; // nested like the field names
};
