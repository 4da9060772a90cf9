/** Selector keys of a playbook spec and the resource kind each names. */
const KINDS = [
  ['checks', 'checks'],
  ['configs', 'catalog items'],
  ['components', 'components'],
] as const;

function describeSelector(selector: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['type', 'types', 'name', 'namespace', 'labelSelector', 'tagSelector'] as const) {
    const value = selector[key];
    if (typeof value === 'string' && value) parts.push(`${key} ${value}`);
    if (Array.isArray(value) && value.length > 0) parts.push(`${key} ${value.join(', ')}`);
  }
  for (const key of ['labels', 'tags'] as const) {
    const value = selector[key];
    if (value && typeof value === 'object') {
      const pairs = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`);
      if (pairs.length > 0) parts.push(`${key} ${pairs.join(',')}`);
    }
  }
  return parts.length > 0 ? parts.join('; ') : 'any';
}

/**
 * Where a playbook applies, in words, from its `checks`, `configs` and `components` selectors
 * ("catalog items: type Kubernetes::Pod"); a playbook without selectors runs without a resource.
 */
export function appliesWhere(spec: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [key, words] of KINDS) {
    const selectors = spec[key];
    if (!Array.isArray(selectors)) continue;
    for (const selector of selectors) {
      if (selector && typeof selector === 'object') {
        lines.push(`${words}: ${describeSelector(selector as Record<string, unknown>)}`);
      }
    }
  }
  return lines.length > 0 ? lines : ['No resource: runs on its own'];
}
