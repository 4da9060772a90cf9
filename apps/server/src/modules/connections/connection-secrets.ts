import {
  type ConnectionFieldPath,
  type ConnectionInput,
  type ConnectionTypeDefinition,
  maskUrl,
  parseEnvVar,
  SECRET_MASK,
  urlPassword,
  withUrlPassword,
} from '@mc/contracts';
import type { SecretBox } from '../../platform/secrets.js';

/** The secret-bearing values of a connection, keyed like the stored row. */
export interface ConnectionValues {
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: Record<string, unknown>;
}

/**
 * Paths that hold secrets for a type: every `secret` field, plus `url` for notification types (their
 * built provider URL carries tokens and passwords).
 */
export function secretPaths(definition: ConnectionTypeDefinition): ConnectionFieldPath[] {
  const paths = definition.fields.filter((field) => field.kind === 'secret').map((field) => field.path);
  if (definition.notification) paths.push('url');
  return [...new Set(paths)];
}

const read = (values: ConnectionValues, path: ConnectionFieldPath): unknown =>
  path.startsWith('properties.')
    ? values.properties[path.slice('properties.'.length)]
    : // The other paths are the column names of ConnectionValues.
      values[path as keyof Omit<ConnectionValues, 'properties'>];

const write = (values: ConnectionValues, path: ConnectionFieldPath, value: unknown): void => {
  if (path.startsWith('properties.')) {
    values.properties[path.slice('properties.'.length)] = value;
  } else if (path !== 'insecure_tls') {
    // url, username, password and certificate are text columns.
    values[path as 'url' | 'username' | 'password' | 'certificate'] = value as string | null;
  }
};

const clone = (values: ConnectionValues): ConnectionValues => ({ ...values, properties: { ...values.properties } });

/** True for a reference to a config map or secret: stored as is, since it holds no secret itself. */
export const isReference = (value: unknown): boolean =>
  typeof value === 'string' && parseEnvVar(value).kind !== 'static';

/**
 * The plaintext an update means: a secret sent back as the mask (or left out) keeps the stored value,
 * decrypted so rules and URL building can read it. `stored` is the row before the update, if any;
 * without it a mask counts as empty, so it can never be saved as the secret itself.
 */
export function mergePlain(
  input: ConnectionInput,
  stored: ConnectionValues | undefined,
  paths: readonly ConnectionFieldPath[],
  box: () => SecretBox,
): ConnectionValues {
  const merged: ConnectionValues = {
    url: input.url ?? null,
    username: input.username ?? null,
    password: input.password ?? null,
    certificate: input.certificate ?? null,
    insecure_tls: input.insecure_tls,
    properties: { ...input.properties },
  };
  if (!paths.includes('url') && merged.url && urlPassword(merged.url) === SECRET_MASK) {
    // A URL sent back with its password masked keeps the stored URL's password (the same rule as a field).
    const kept = stored?.url ? urlPassword(openValue(stored.url, box)) : null;
    merged.url = withUrlPassword(merged.url, kept ?? '');
  }
  for (const path of paths) {
    const incoming = read(merged, path);
    if (incoming !== SECRET_MASK && incoming !== undefined) continue;
    if (!stored) {
      // Nothing to keep (a new connection, or the type changed): the mask is no value, never a secret.
      if (incoming === SECRET_MASK) write(merged, path, null);
      continue;
    }
    const previous = read(stored, path);
    write(merged, path, typeof previous === 'string' ? openValue(previous, box) : (previous ?? null));
  }
  return merged;
}

/** Decrypts a stored value if it is ciphertext; references and plain values come back unchanged. */
export function openValue(value: string, box: () => SecretBox): string {
  return value.startsWith('mcenc:') ? box().decrypt(value) : value;
}

/** True for a plain URL that embeds a password (`postgres://user:pass@…`, `password=…`): stored encrypted. */
export const embedsPassword = (url: string | null): url is string =>
  typeof url === 'string' && !url.startsWith('mcenc:') && !isReference(url) && urlPassword(url) !== null;

/**
 * Encrypts every static secret value for storage; references and empty values stay as they are. A URL
 * that embeds a password is encrypted whole, whatever the type (its host shows again once decrypted and
 * masked by {@link mask}).
 */
export function seal(
  plain: ConnectionValues,
  paths: readonly ConnectionFieldPath[],
  box: () => SecretBox,
): ConnectionValues {
  const sealed = clone(plain);
  if (!paths.includes('url') && embedsPassword(sealed.url)) sealed.url = box().encrypt(sealed.url);
  for (const path of paths) {
    const value = read(sealed, path);
    if (typeof value !== 'string' || value === '' || isReference(value)) continue;
    write(sealed, path, box().encrypt(value));
  }
  return sealed;
}

/** Decrypts every secret value (for resolving, never for answering the browser). */
export function open(
  stored: ConnectionValues,
  paths: readonly ConnectionFieldPath[],
  box: () => SecretBox,
): ConnectionValues {
  const opened = clone(stored);
  if (opened.url) opened.url = openValue(opened.url, box);
  for (const path of paths) {
    const value = read(opened, path);
    if (typeof value === 'string') write(opened, path, openValue(value, box));
  }
  return opened;
}

/** A stored URL as the API shows it; one this server cannot decrypt (its key is missing) is all mask. */
function maskedUrl(url: string, box: () => SecretBox): string {
  if (!url.startsWith('mcenc:')) return maskUrl(url);
  try {
    return maskUrl(box().decrypt(url));
  } catch {
    return SECRET_MASK;
  }
}

/**
 * Replaces every stored secret with the mask; references stay visible so the form can show their
 * source. A URL's embedded password is masked in place (`postgres://user:********@host/db`), so the form
 * still shows where the connection points.
 */
export function mask(
  stored: ConnectionValues,
  paths: readonly ConnectionFieldPath[],
  box: () => SecretBox,
): ConnectionValues {
  const masked = clone(stored);
  if (!paths.includes('url') && masked.url) masked.url = maskedUrl(masked.url, box);
  for (const path of paths) {
    const value = read(masked, path);
    if (typeof value === 'string' && value !== '' && !isReference(value)) write(masked, path, SECRET_MASK);
  }
  return masked;
}
