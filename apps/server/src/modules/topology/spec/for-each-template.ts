/**
 * The templates of a `forEach`: upstream templates forEach's strings with the component a lookup found
 * (`$(.component.name)`, `$(.properties.region)`). We evaluate those two forms only — no gomplate, no
 * functions — and a forEach using anything else is refused when the topology is saved.
 */
import type { TopologyComponentSpec, TopologyProperty } from '@mc/contracts';

/** Component fields a forEach template may read. */
const COMPONENT_FIELDS = ['name', 'type', 'icon', 'owner', 'description', 'text', 'status'] as const;

const TEMPLATE = /\$\(([^)]*)\)/g;
const SUPPORTED = new RegExp(`^\\s*\\.(component\\.(${COMPONENT_FIELDS.join('|')})|properties\\.[A-Za-z0-9_.-]+)\\s*$`);

/** The first template in `text` this server cannot evaluate, or undefined when every one is supported. */
export function unsupportedTemplate(text: string): string | undefined {
  for (const match of text.matchAll(TEMPLATE)) {
    if (!SUPPORTED.test(match[1] ?? '')) return match[0];
  }
  return undefined;
}

/** What a template reads: the component's own fields and its properties by name. */
export type TemplateSubject = Pick<TopologyComponentSpec, (typeof COMPONENT_FIELDS)[number]> & {
  properties?: readonly Pick<TopologyProperty, 'name' | 'text' | 'value'>[] | undefined;
};

function evaluate(expression: string, subject: TemplateSubject): string {
  const path = expression.trim().slice(1);
  if (path.startsWith('component.')) {
    const field = path.slice('component.'.length) as (typeof COMPONENT_FIELDS)[number]; // checked at save
    return String(subject[field] ?? '');
  }
  const name = path.slice('properties.'.length);
  const property = subject.properties?.find((p) => p.name === name);
  return String(property?.text ?? property?.value ?? '');
}

/** A deep copy of `value` with every string's templates replaced by the subject's values. */
export function applyTemplates<T>(value: T, subject: TemplateSubject): T {
  if (typeof value === 'string') {
    // A string stays a string.
    return value.replace(TEMPLATE, (_all, expression: string) => evaluate(expression, subject)) as T;
  }
  if (Array.isArray(value)) return value.map((entry) => applyTemplates(entry, subject)) as T; // same shape
  if (value && typeof value === 'object') {
    // Same keys, templated values.
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, applyTemplates(entry, subject)])) as T;
  }
  return value;
}
