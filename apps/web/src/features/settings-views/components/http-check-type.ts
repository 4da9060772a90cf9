import type { FieldDef, SpecType } from './resource-model';
import { HTTP_METHODS, HTTP_RESPONSE_CODES } from './schedules';

type Spec = Record<string, unknown>;
type Entry = Record<string, unknown>;

/** The methods that carry a request body (001 §9: "The body is only offered for POST and PUT"). */
export const BODY_METHODS = ['POST', 'PUT'] as const;

/** Auth types of the HTTP check form (001 §9), 'None' first. */
export const HTTP_AUTH_TYPES = ['None', 'Basic', 'NTLM', 'NTLMv2'] as const;

/** Script modes (001 §9), each with the key of canary-checker's Template it writes. */
export const SCRIPT_MODES = {
  None: undefined,
  'Go Template': 'template',
  Javascript: 'javascript',
  Expr: 'expr',
  JSONPath: 'jsonPath',
} as const;
type ScriptMode = keyof typeof SCRIPT_MODES;
const MODE_NAMES = Object.keys(SCRIPT_MODES) as ScriptMode[];

/** What a JSONPath script meets on save: the server refuses it rather than ignore it (docs/health-checks.md). */
export const JSONPATH_HINT = 'This server does not run JSONPath scripts and refuses them on save; write Expr (CEL).';

/** The three script blocks of a check and their form labels (the upstream form's words). */
export const SCRIPT_BLOCKS = [
  { block: 'test', label: 'Script' },
  { block: 'display', label: 'Customize Response' },
  { block: 'transform', label: 'Transform Response' },
] as const;

const firstOf = (spec: Spec, key: string): Entry => {
  const list = spec[key];
  const first = Array.isArray(list) ? list[0] : undefined;
  return typeof first === 'object' && first !== null ? (first as Entry) : {}; // checked object above
};
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const asEntry = (value: unknown): Entry => (typeof value === 'object' && value !== null ? (value as Entry) : {}); // checked object

const credentials = HTTP_AUTH_TYPES.filter((type) => type !== 'None');

function scriptFields(): FieldDef[] {
  return SCRIPT_BLOCKS.flatMap(({ block, label }) => [
    {
      key: `${block}Mode`,
      label,
      kind: 'select' as const,
      options: MODE_NAMES,
      defaultValue: 'None',
      hintFor: { JSONPath: JSONPATH_HINT },
    },
    {
      key: `${block}Script`,
      label: `${label} Code`,
      kind: 'textarea' as const,
      showWhen: { key: `${block}Mode`, values: MODE_NAMES.filter((mode) => mode !== 'None') },
    },
  ]);
}

const httpFields: readonly FieldDef[] = [
  { key: 'url', label: 'URL', kind: 'text', required: true },
  { key: 'method', label: 'Method', kind: 'select', options: HTTP_METHODS, defaultValue: 'GET' },
  { key: 'body', label: 'Body', kind: 'textarea', showWhen: { key: 'method', values: BODY_METHODS } },
  { key: 'auth', label: 'Authentication', kind: 'select', options: HTTP_AUTH_TYPES, defaultValue: 'None' },
  { key: 'username', label: 'Username', kind: 'text', showWhen: { key: 'auth', values: credentials } },
  { key: 'password', label: 'Password', kind: 'text', secret: true, showWhen: { key: 'auth', values: credentials } },
  { key: 'responseCode', label: 'Response Code', kind: 'select', options: HTTP_RESPONSE_CODES, defaultValue: '200' },
  { key: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number', required: true, defaultValue: '5000' },
  ...scriptFields(),
];

/** A credential as canary-checker's EnvVar: typed text as `value`; a stored `valueFrom` kept while the field is blank. */
function credential(typed: string | undefined, stored: unknown): Entry | undefined {
  if (typed) return { value: typed };
  const previous = asEntry(stored);
  return previous.valueFrom ? previous : undefined;
}

function authOf(fields: Record<string, string>, base: Entry): Entry {
  const auth = fields.auth || 'None';
  if (auth === 'None') return {};
  const username = credential(fields.username, base.username);
  const password = credential(fields.password, base.password);
  return {
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(auth === 'NTLM' ? { ntlm: true } : {}),
    ...(auth === 'NTLMv2' ? { ntlmv2: true } : {}),
  };
}

function scriptsOf(fields: Record<string, string>): Entry {
  const blocks: Entry = {};
  for (const { block } of SCRIPT_BLOCKS) {
    const key = SCRIPT_MODES[(fields[`${block}Mode`] || 'None') as ScriptMode];
    const source = fields[`${block}Script`] ?? '';
    if (key && source.trim()) blocks[block] = { [key]: source };
  }
  return blocks;
}

function authFrom(check: Entry): Record<string, string> {
  const auth = check.ntlmv2 ? 'NTLMv2' : check.ntlm ? 'NTLM' : check.username || check.password ? 'Basic' : 'None';
  return { auth, username: text(asEntry(check.username).value), password: text(asEntry(check.password).value) };
}

function scriptsFrom(check: Entry): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { block } of SCRIPT_BLOCKS) {
    const template = asEntry(check[block]);
    const mode = MODE_NAMES.find((name) => {
      const key = SCRIPT_MODES[name];
      return key !== undefined && typeof template[key] === 'string' && template[key] !== '';
    });
    fields[`${block}Mode`] = mode ?? 'None';
    fields[`${block}Script`] = mode ? text(template[SCRIPT_MODES[mode] as string]) : '';
  }
  return fields;
}

/**
 * The HTTP check form (001 §2, §9): URL, method (a body only for POST and PUT), authentication (None,
 * Basic, NTLM, NTLMv2 with username and password), the expected response code and time, and the test,
 * display and transform scripts in one of the spec's modes. Every field lands on a key of the server's
 * http check schema (`@mc/contracts` httpCheckSchema); the check's other keys are kept as they were.
 */
export const httpCheck: SpecType = {
  id: 'http',
  label: 'HTTP',
  kind: 'form',
  fields: httpFields,
  specField: false,
  template: (name) => ({ http: [{ name, url: '', responseCodes: [200], thresholdMillis: 5000 }] }),
  toSpec: (fields, name, base) => {
    const {
      endpoint: _endpoint,
      body: _body,
      username: _username,
      password: _password,
      ntlm: _ntlm,
      ntlmv2: _ntlmv2,
      test: _test,
      display: _display,
      transform: _transform,
      ...kept
    } = firstOf(base, 'http');
    const previous = firstOf(base, 'http');
    const method = fields.method || 'GET';
    const body = (BODY_METHODS as readonly string[]).includes(method) ? (fields.body ?? '') : '';
    return {
      ...base,
      http: [
        {
          ...kept,
          name,
          url: fields.url ?? '',
          method,
          ...(body ? { body } : {}),
          ...authOf(fields, previous),
          responseCodes: [Number(fields.responseCode || 200)],
          thresholdMillis: Number(fields.thresholdMillis),
          ...scriptsOf(fields),
        },
      ],
    };
  },
  fromSpec: (spec) => {
    const check = firstOf(spec, 'http');
    const codes = Array.isArray(check.responseCodes) ? check.responseCodes : [];
    return {
      url: text(check.url ?? check.endpoint),
      method: text(check.method).toUpperCase() || 'GET',
      body: text(check.body),
      responseCode: text(codes[0]) || '200',
      thresholdMillis: text(check.thresholdMillis),
      ...authFrom(check),
      ...scriptsFrom(check),
    };
  },
};
