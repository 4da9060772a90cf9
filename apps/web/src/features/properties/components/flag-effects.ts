import { FEATURE_DISABLE_SUFFIX, FEATURE_PARENTS } from '@mc/contracts';

/** The feature a property names when it is a flag (`<feature>.disable`), else undefined. */
export function flagFeature(name: string): string | undefined {
  return name.endsWith(FEATURE_DISABLE_SUFFIX) ? name.slice(0, -FEATURE_DISABLE_SUFFIX.length) : undefined;
}

/** Whether a flag's value turns its feature off ('true' in any case, 001 §6). */
export function flagIsOn(value: string): boolean {
  return value.trim().toLowerCase() === 'true';
}

/** The features a disabled feature takes with it (settings.health and settings.job_history under health…). */
export function childFeatures(feature: string): string[] {
  return Object.entries(FEATURE_PARENTS)
    .filter(([, parent]) => parent === feature)
    .map(([child]) => child);
}

/** What a property does, in words, for the table: 'Disables health, settings.health, settings.job_history'. */
export function flagEffect(name: string, value: string): string {
  const feature = flagFeature(name);
  if (!feature) return '';
  if (!flagIsOn(value)) return `${feature} enabled (value is not 'true')`;
  return `Disables ${[feature, ...childFeatures(feature)].join(', ')}`;
}
