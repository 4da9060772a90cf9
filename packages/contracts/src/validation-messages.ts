import { z } from 'zod';

/** Words of a field name written as people read them ('url' → 'URL'). */
const ACRONYMS: Record<string, string> = {
  api: 'API',
  dns: 'DNS',
  http: 'HTTP',
  https: 'HTTPS',
  icmp: 'ICMP',
  id: 'ID',
  ip: 'IP',
  json: 'JSON',
  sql: 'SQL',
  tcp: 'TCP',
  tls: 'TLS',
  ttl: 'TTL',
  url: 'URL',
  yaml: 'YAML',
};

/**
 * The field an issue is about, as a person reads it: the last named segment of its path with
 * snake_case, kebab-case and camelCase split into words ('first_name' → 'First name',
 * 'responseCodes' → 'Response codes'); 'Value' when the issue is about the whole input.
 */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const name = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!name) return 'Value';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word, index) => {
      const acronym = ACRONYMS[word.toLowerCase()];
      if (acronym) return acronym;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    });
  return words.join(' ') || 'Value';
}

function count(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toString() : value.toLocaleString('en-US');
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  date: 'a date',
};

function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

type RawIssue = z.core.$ZodRawIssue;

function sizeMessage(field: string, issue: Extract<RawIssue, { code: 'too_small' | 'too_big' }>): string | undefined {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  if (typeof limit !== 'number' && typeof limit !== 'bigint') return undefined;
  switch (issue.origin) {
    case 'string':
      if (small && Number(limit) <= 1) return `${field} is required`;
      return small
        ? `${field} is too short (${count(limit)} characters at least)`
        : `${field} is too long (${count(limit)} characters at most)`;
    case 'number':
    case 'int':
    case 'bigint':
      if (small)
        return issue.inclusive
          ? `${field} must be at least ${count(limit)}`
          : `${field} must be more than ${count(limit)}`;
      return issue.inclusive
        ? `${field} must be at most ${count(limit)}`
        : `${field} must be less than ${count(limit)}`;
    case 'array':
    case 'set':
      if (small)
        return Number(limit) <= 1
          ? `${field} needs at least one item`
          : `${field} needs at least ${count(limit)} items`;
      return `${field} has too many items (${count(limit)} at most)`;
    default:
      return undefined;
  }
}

function formatMessage(field: string, issue: Extract<RawIssue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'url':
      return `${field} must be a valid URL`;
    case 'email':
      return `${field} must be a valid email address`;
    case 'uuid':
    case 'guid':
      return `${field} must be a valid ID`;
    case 'datetime':
      return `${field} must be a date and time (ISO 8601)`;
    case 'date':
      return `${field} must be a date (YYYY-MM-DD)`;
    case 'starts_with':
      return 'prefix' in issue
        ? `${field} must start with '${String(issue.prefix)}'`
        : `${field} has an invalid format`;
    default:
      return `${field} has an invalid format`;
  }
}

/**
 * The human message of a validation problem that its schema gave no message for: 'Title is too long
 * (500 characters at most)' instead of 'Too big: expected string to have <=500 characters'. Messages
 * a schema states itself (the spec's exact texts, such as 'This field is required') always win, since
 * zod consults this map only for issues without one. Undefined keeps zod's own wording.
 */
export function humanIssueMessage(issue: RawIssue): string | undefined {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      return `${field} must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(field, issue);
    case 'invalid_format':
      return formatMessage(field, issue);
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${quoted(issue.values[0])}`
        : `${field} must be one of: ${issue.values.map(quoted).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return `${field} is not valid`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${count(issue.divisor)}`;
    case 'invalid_key':
    case 'invalid_element':
      return `${field} has an invalid entry`;
    default:
      return undefined;
  }
}

/**
 * Makes {@link humanIssueMessage} zod's message for every schema in this process (server and console
 * alike, so a form and the API it calls say the same thing). Runs when the contracts load; the console
 * calls it again from its entry because bundlers may drop a side-effect-only module.
 */
export function installValidationMessages(): void {
  z.config({ customError: humanIssueMessage });
}

installValidationMessages();
