/**
 * The templated fields of a playbook's actions: `{{ .params.replicas }}`, `{{ .check.name }}`,
 * `{{ .config.name }}`, `{{ .component.name }}`, `{{ .run.id }}` and earlier actions' outputs as
 * `{{ .outputs.<action>.<field> }}`. Deliberately small — a dotted path inside `{{ }}` and nothing
 * else (no functions, no loops), so a definition cannot run code or reach the process environment
 * through a template. A missing value renders as the empty string; an object renders as JSON.
 */

const PLACEHOLDER = /\{\{\s*\.([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}/g;
const ANY_PLACEHOLDER = /\{\{[^}]*\}\}/g;
const ONE_PLACEHOLDER = /^\{\{\s*\.([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}$/;

/** What templates may read. */
export type TemplateData = Record<string, unknown>;

function lookup(data: TemplateData, path: string): unknown {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key]; // walked one own key of a plain object at a time
  }
  return value;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Renders one string; throws on a `{{ }}` that is not a dotted path so a typo is not sent as text. */
export function renderTemplate(text: string, data: TemplateData): string {
  for (const found of text.match(ANY_PLACEHOLDER) ?? []) {
    if (!ONE_PLACEHOLDER.test(found))
      throw new Error(`Unsupported template ${found}: use {{ .params.name }} style paths`);
  }
  return text.replace(PLACEHOLDER, (_match, path: string) => show(lookup(data, path)));
}

/** Renders every string of an action's fields (objects and lists walked, other values kept). */
export function renderFields(value: unknown, data: TemplateData): unknown {
  if (typeof value === 'string') return renderTemplate(value, data);
  if (Array.isArray(value)) return value.map((item) => renderFields(item, data));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderFields(item, data)]));
  }
  return value;
}
