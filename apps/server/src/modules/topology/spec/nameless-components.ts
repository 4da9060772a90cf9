/**
 * Upstream accepts a component without a name when it only selects other components
 * (`- selectors: [{labelSelector: …}]`). Such a component is given the name `selectors-<n>` (its place
 * among its siblings, from 1) before validation, so it has a stable identity across builds; a nameless
 * component without selectors is still refused (`name` required).
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function nameList(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((entry, index) => {
    if (!isRecord(entry)) return entry;
    const named =
      (entry.name === undefined || entry.name === '') && Array.isArray(entry.selectors) && entry.selectors.length > 0
        ? { ...entry, name: `selectors-${index + 1}` }
        : entry;
    return withNamedChildren(named);
  });
}

function withNamedChildren(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...entry };
  if ('components' in entry) out.components = nameList(entry.components);
  if (isRecord(entry.forEach) && 'components' in entry.forEach) {
    out.forEach = { ...entry.forEach, components: nameList(entry.forEach.components) };
  }
  return out;
}

/** A copy of a raw spec whose nameless selecting components carry their given names. */
export function namelessSelectorComponents(spec: unknown): unknown {
  return isRecord(spec) ? withNamedChildren(spec) : spec;
}
