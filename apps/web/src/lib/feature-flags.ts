import { FEATURE_PARENTS, type Property } from '@mc/contracts';

/** A row of GET /api/db/properties as the shell reads it (`select=name,value` of the property contract). */
export type PropertyRow = Pick<Property, 'name' | 'value'>;

/** Names of the features whose `<feature>.disable` property is 'true' (001 §6). */
export function disabledFeatures(rows: readonly PropertyRow[]): Set<string> {
  const disabled = new Set<string>();
  for (const row of rows) {
    if (row.name.endsWith('.disable') && String(row.value).trim().toLowerCase() === 'true') {
      disabled.add(row.name.slice(0, -'.disable'.length));
    }
  }
  return disabled;
}

/** Whether a feature is off: its own flag, or its parent's (settings.topology under topology…). */
export function isFeatureDisabled(feature: string, disabled: ReadonlySet<string>): boolean {
  if (disabled.has(feature)) return true;
  const parent = FEATURE_PARENTS[feature];
  return parent !== undefined && isFeatureDisabled(parent, disabled);
}
