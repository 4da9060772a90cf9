/**
 * Every key of a ScrapeConfig is honoured or refused when the scraper is saved (never accepted and
 * ignored): an entry's schema is a strict object, and a key it does not list is a 400 naming it
 * (`spec.file.0: ignore is not supported by this server`). docs/catalog.md lists each key's fate.
 */
import { z } from 'zod';

/** The refusal of keys a schema does not list, in the wording every definition uses. */
export function unsupportedKeysMessage(keys: readonly string[]): string {
  return `${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} not supported by this server`;
}

/** A strict object whose unknown keys are refused by name. */
export function strictEntry<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unsupportedKeysMessage(issue.keys) : undefined),
  });
}

/** A known key refused with a reason (config-db has it; this server does not do what it asks). */
export function refusedKey(name: string, reason: string) {
  return z
    .unknown()
    .refine((value) => value === undefined, { message: `${name} is not supported by this server: ${reason}` })
    .optional();
}
