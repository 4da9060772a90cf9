/**
 * The one way the playbook runner removes secrets from text — the live log, an action's output and
 * error, artifacts, and answers of remote APIs (a token the remote echoes back). Every occurrence of a
 * secret is replaced by {@link SECRET_MASK}, as is its URL-encoded form (a token in a query string or
 * form body) and its JSON-escaped form (a secret with a quote or backslash inside a JSON answer). The
 * longest secret is replaced first, so a secret containing a shorter one is never left half shown.
 */
import { SECRET_MASK } from '@mc/contracts';

/** Secrets shorter than this are not replaced (replacing every "a" would hide the text, not a secret). */
export const MIN_SECRET_CHARS = 3;

/** The forms of each secret to look for, longest first, without duplicates or too-short values. */
function formsOf(secrets: readonly (string | null | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_CHARS) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret (as is, URL-encoded, JSON-escaped) in `text` with the mask. */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const form of formsOf(secrets)) {
    if (out.includes(form)) out = out.split(form).join(SECRET_MASK);
  }
  return out;
}

/** The same value with every string inside it redacted (an action's output before it is stored). */
export function redactDeep<T>(value: T, secrets: readonly (string | null | undefined)[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return redactSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)])) as T;
  }
  return value;
}
