/**
 * Where a playbook applies: its `configs`, `components` and `checks` selectors against one resource.
 * Every field a selector gives must match (name and type accept `*` wildcards; labels, tags and
 * `labelSelector`/`tagSelector` as `k=v,k2=v2`); a playbook without a selector for a kind does not
 * apply to that kind. Wildcards go through the shared linear-time matcher, never a regular expression, so
 * a crafted name cannot hold the HTTP thread (issue 25).
 */
import { wildcardMatch } from '../../../platform/wildcard-match.js';

/** A resource a playbook may run on, as the selectors read it. */
export interface SelectableResource {
  kind: 'check' | 'config' | 'component';
  id: string;
  name: string;
  type: string | null;
  namespace: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
}

type Selector = Record<string, unknown>;

function glob(pattern: string, value: string | null): boolean {
  return value !== null && wildcardMatch(pattern, value);
}

function pairs(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [key = '', ...rest] = part.split('=');
        return [key.trim(), rest.join('=').trim()];
      }),
  );
}

function contains(have: Record<string, string>, want: unknown): boolean {
  if (typeof want !== 'object' || want === null) return true;
  return Object.entries(want).every(([k, v]) => have[k] === String(v));
}

function matches(selector: Selector, resource: SelectableResource): boolean {
  if (typeof selector.id === 'string' && selector.id !== resource.id) return false;
  if (typeof selector.name === 'string' && !glob(selector.name, resource.name)) return false;
  if (typeof selector.namespace === 'string' && !glob(selector.namespace, resource.namespace)) return false;
  if (typeof selector.type === 'string' && !glob(selector.type, resource.type)) return false;
  if (Array.isArray(selector.types) && !selector.types.some((t) => glob(String(t), resource.type))) return false;
  if (!contains(resource.labels, selector.labels) || !contains(resource.tags, selector.tags)) return false;
  if (typeof selector.labelSelector === 'string' && !contains(resource.labels, pairs(selector.labelSelector))) {
    return false;
  }
  if (typeof selector.tagSelector === 'string' && !contains(resource.tags, pairs(selector.tagSelector))) return false;
  return true;
}

const SELECTOR_KEY = { check: 'checks', config: 'configs', component: 'components' } as const;

/** The spec key of a resource kind's selector list (`checks`, `configs`, `components`). */
export function selectorKeyOf(kind: SelectableResource['kind']): string {
  return SELECTOR_KEY[kind];
}

/** Whether one of a playbook's selectors for the resource's kind (its `spec[selectorKeyOf(kind)]`) matches it. */
export function selectorsApply(selectors: unknown, resource: SelectableResource): boolean {
  if (!Array.isArray(selectors)) return false;
  return selectors.some((s) => typeof s === 'object' && s !== null && matches(s as Selector, resource));
}

/** Whether a playbook spec applies to the resource. */
export function appliesTo(spec: Record<string, unknown>, resource: SelectableResource): boolean {
  return selectorsApply(spec[SELECTOR_KEY[resource.kind]], resource);
}

/** Whether a playbook declares no selector at all (it then runs without a resource). */
export function appliesNowhere(spec: Record<string, unknown>): boolean {
  return Object.values(SELECTOR_KEY).every((key) => !Array.isArray(spec[key]) || spec[key].length === 0);
}
