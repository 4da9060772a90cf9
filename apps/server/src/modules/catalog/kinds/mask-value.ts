/**
 * The replacement values of `transform.mask` (config-mask.ts). config-db hashes a value's text form: a
 * string as it is, any other value as the JSON config-db writes for it (keys sorted, object members that
 * are null left out, two-space indent, `<`, `>`, `&`, U+2028, U+2029 and DEL escaped), so the same secret
 * gives the same hash here as there.
 */
import { createHash } from 'node:crypto';

/**
 * Hash functions a mask's `value` may name. config-db knows `md5sum`; `sha256sum` is this server's
 * addition (config-db would store that word as fixed text), for owners who want no MD5 in their catalog.
 */
export const MASK_HASH_FUNCTIONS = ['md5sum', 'sha256sum'] as const;
type MaskHashFunction = (typeof MASK_HASH_FUNCTIONS)[number];

const ALGORITHM: Record<MaskHashFunction, string> = { md5sum: 'md5', sha256sum: 'sha256' };

/**
 * Names that read as a hash function but are none of ours (`md5`, `sha1sum`, `sha512`…): refused at save,
 * since config-db would store the word itself and the owner meant a hash.
 */
const HASH_LIKE =
  /^(md5|sha|sha-?1|sha-?224|sha-?256|sha-?384|sha-?512|sha3-?\d+|blake2[bs]?|crc32|xxhash\d*|murmur3?)(sum)?$/i;

/** Whether `value` names one of {@link MASK_HASH_FUNCTIONS}. */
export function isHashFunction(value: string): value is MaskHashFunction {
  return (MASK_HASH_FUNCTIONS as readonly string[]).includes(value);
}

/** Whether `value` looks like a hash function's name but is not one this server has. */
export function unsupportedHashName(value: string): boolean {
  return !isHashFunction(value) && HASH_LIKE.test(value.trim());
}

/** Drops null object members at every level and sorts keys, as config-db's JSON writer does. */
function goShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(goShape);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, goShape(v)]);
    return Object.fromEntries(entries);
  }
  return value;
}

const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
  '\u007f': '\\u007f',
};

/** The text a mask hashes: a string as it is, anything else as config-db's JSON of it. */
export function maskedText(value: unknown): string {
  if (typeof value === 'string') return value;
  const json = JSON.stringify(goShape(value), null, 2) ?? 'null';
  return json.replace(/[<>&\u2028\u2029\u007f]/g, (char) => GO_ESCAPES[char] ?? char);
}

/** The hex digest a hash mask stores in place of a value. */
export function hashOfValue(fn: MaskHashFunction, value: unknown): string {
  return createHash(ALGORITHM[fn]).update(maskedText(value), 'utf8').digest('hex');
}
