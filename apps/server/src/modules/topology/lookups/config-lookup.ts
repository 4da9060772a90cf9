/**
 * A property's `configLookup`, as upstream: the catalog item `config` matches — named, when `id` is
 * given, by the value of the component's property of that name — is shown through `display` over the
 * item's fields, `config` (its JSON) and `config_type`; the display's text is the property's `text`.
 * `jsonPath` reads that same map (JSONPath, script evaluation off). No item matched: the property keeps
 * its own fields, as upstream.
 */
import type { ConfigLookup, TopologyProperty, TopologyPropertySpec } from '@mc/contracts';
import { JSONPath } from 'jsonpath-plus';
import { firstConfigItem } from '../config-lookup.repo.js';
import type { LookupContext } from './lookup-context.js';
import { templateText } from './lookup-display.js';

/** The property's own fields (no lookups). */
function ownFields(property: TopologyPropertySpec): TopologyProperty {
  const { lookup: _lookup, configLookup: _configLookup, ...own } = property;
  return own;
}

function jsonPathText(path: string, value: Record<string, unknown>): string {
  const [first] = JSONPath({ path, json: value, wrap: true, eval: false }) as unknown[]; // wrap: always an array
  if (first === undefined || first === null) return '';
  return typeof first === 'object' ? JSON.stringify(first) : String(first);
}

/**
 * The property a config lookup makes, for a component whose properties so far are `current`; a display
 * that fails throws a LookupError naming the property.
 */
export async function lookupConfigProperty(
  ctx: LookupContext,
  property: TopologyPropertySpec & { configLookup: ConfigLookup },
  current: readonly TopologyProperty[],
): Promise<TopologyProperty> {
  const { config, display, id } = property.configLookup;
  const named = id ? current.find((p) => p.name === id) : undefined;
  const name = named ? String(named.text ?? named.value ?? '') : config.name;
  const item = await firstConfigItem(ctx.deps.database.db, { ...config, name });
  const own = ownFields(property);
  if (!item) return own;
  const { type, config: json, ...fields } = item;
  const variables: Record<string, unknown> = { ...fields, config: json ?? {}, config_type: type };
  const where = `property ${property.name}: configLookup`;
  const text =
    display.javascript || display.template || display.expr
      ? await templateText(display, variables, where)
      : jsonPathText(display.jsonPath ?? '$', variables);
  return { ...own, text: text.slice(0, 4096) };
}
