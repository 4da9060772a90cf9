/**
 * `groupBy` (upstream's injectTagFilter): a copy of the spec for one value of the grouping tag, whose
 * config selectors (`configs[].tagSelector`), component selectors (`selectors[].labelSelector`) and
 * catalog lookups (`lookup.catalog[].selector[].tagSelector`) also ask for `<tag>=<value>`, on every
 * component of the tree.
 */
import type { TopologyComponentSpec, TopologySpec } from '@mc/contracts';

/** `selector` with `key=value` added (replacing another value of `key`). */
export function withTerm(selector: string | undefined, key: string, value: string): string {
  const terms = (selector ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term && term.split(/!?==?/)[0]?.trim() !== key);
  return [...terms, `${key}=${value}`].join(',');
}

function narrow<T extends TopologyComponentSpec | TopologySpec>(component: T, tag: string, value: string): T {
  const catalog = component.lookup?.catalog?.map((entry) => ({
    ...entry,
    selector: entry.selector.map((s) => ({ ...s, tagSelector: withTerm(s.tagSelector, tag, value) })),
  }));
  return {
    ...component,
    configs: component.configs?.map((c) => ({ ...c, tagSelector: withTerm(c.tagSelector, tag, value) })),
    selectors: component.selectors?.map((s) => ({ ...s, labelSelector: withTerm(s.labelSelector, tag, value) })),
    ...(component.lookup ? { lookup: { ...component.lookup, ...(catalog ? { catalog } : {}) } } : {}),
    components: component.components?.map((child) => narrow(child, tag, value)),
  };
}

/** The spec narrowed to one value of the grouping tag. */
export function groupSpec(spec: TopologySpec, tag: string, value: string): TopologySpec {
  return narrow(spec, tag, value);
}
