import { z } from 'zod';
import { FEATURE_PARENTS } from './interface.js';

/**
 * Properties are named runtime settings; those named `<feature>.disable` with value `true` turn a
 * feature off (spec 001 §6). A disabled parent disables its children.
 */

/** Suffix of a feature-flag property name. */
export const FEATURE_DISABLE_SUFFIX = '.disable';

/** A property row as the API returns it. */
export const propertySchema = z.object({
  name: z.string(),
  value: z.string(),
  created_by: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
/** A property. */
export type Property = z.infer<typeof propertySchema>;

const PROPERTY_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/;

/** Body of a create: a name (letters, digits, `_ . - /`) and a text value. */
export const propertyInputSchema = z.object({
  name: z
    .string({ message: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(255, 'Name is at most 255 characters')
    .regex(PROPERTY_NAME, 'Name may hold letters, digits, _ . - and /'),
  value: z.union([z.string(), z.number(), z.boolean()], { message: 'This field is required' }).transform(String),
});
/** Body of an edit by name: the new value. */
export const propertyUpdateSchema = propertyInputSchema.pick({ value: true });

/** The features a property set disables: each `<feature>.disable=true`, plus every child of a disabled parent. */
export function disabledFeatures(properties: readonly { name: string; value: string }[]): Set<string> {
  const disabled = new Set<string>();
  for (const property of properties) {
    if (property.name.endsWith(FEATURE_DISABLE_SUFFIX) && property.value.trim().toLowerCase() === 'true') {
      disabled.add(property.name.slice(0, -FEATURE_DISABLE_SUFFIX.length));
    }
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (const [child, parent] of Object.entries(FEATURE_PARENTS)) {
      if (disabled.has(parent) && !disabled.has(child)) {
        disabled.add(child);
        changed = true;
      }
    }
  }
  return disabled;
}

/** True when `feature` is off, directly or through its parent. */
export function isFeatureDisabled(feature: string, properties: readonly { name: string; value: string }[]): boolean {
  return disabledFeatures(properties).has(feature);
}

/**
 * Security properties: each widens or narrows what the server reads, sends or executes — the egress
 * policy and its allow-list (`health.egress.`), the folders file log backends (`logs.file.`), file
 * scrapers (`catalog.scraper.file.`) and folder checks (`health.folder.`) may read, the email connection every person's and team's mail goes
 * through (`notifications.smtp.`). Only an administrator may create, change, rename or delete them, on
 * every path (`/api/properties`, `/api/db/properties`), whatever permission rows say: an editor who could
 * rewrite them could aim the server at its own network, its host's files or its people's mail. Matched
 * case-insensitively by prefix. (The exec switch is no property: `MC_EXEC_CHECKS` is the host's.)
 */
export const ADMIN_ONLY_PROPERTY_PREFIXES = [
  'health.egress.',
  'health.folder.',
  'logs.file.',
  'catalog.scraper.file.',
  'notifications.smtp.',
] as const;

/** The message a non-administrator gets when writing one of {@link ADMIN_ONLY_PROPERTY_PREFIXES}. */
export const ADMIN_ONLY_PROPERTY_MESSAGE = (name: string) => `Only an administrator may change the property '${name}'`;

/** True when `name` is a security property only administrators may write. */
export function isAdminOnlyProperty(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return ADMIN_ONLY_PROPERTY_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** Properties holding the folders file readers are confined to: absolute paths, comma- or newline-separated. */
export const FOLDER_LIST_PROPERTIES: readonly string[] = [
  'logs.file.roots',
  'catalog.scraper.file.roots',
  'health.folder.roots',
];

/**
 * Why `value` cannot be stored in property `name`, or undefined. A folder list must hold absolute paths
 * only: a relative one would depend on the server's working folder, and a reader ignoring it would
 * silently read less (or nothing) than the administrator meant.
 */
export function propertyValueIssue(name: string, value: string): string | undefined {
  if (!FOLDER_LIST_PROPERTIES.includes(name.trim().toLowerCase())) return undefined;
  const relative = value
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .find((entry) => entry !== '' && !entry.startsWith('/'));
  return relative === undefined
    ? undefined
    : `The property '${name}' holds absolute folders separated by commas; '${relative}' is not one`;
}

/** `GET /api/properties` answer: every property and feature flag. */
export const propertyListSchema = z.array(propertySchema);

/** `GET /api/properties/feature-flags` answer: the features disabled by `<feature>.disable` properties. */
export const featureFlagsSchema = z.object({ disabled: z.array(z.string()) });
