import { FEATURE_PARENTS } from '@mc/contracts';

/** A row of GET /api/db/properties. */
export interface PropertyRow {
  name: string;
  value: string;
}

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
