/**
 * Adapters from the connections module's exported service to the resolver interfaces of the check
 * context, so the scheduler can inject them in one line: a not-found connection becomes null (the
 * check then says "not found"), and a config-map/secret key becomes a `kind://name/key` reference
 * read by the connections module's reference resolver (a missing key becomes undefined).
 */
import { AppError } from '../../../platform/errors.js';
import type { ConnectionResolver, EnvSourceResolver, ResolvedConnection } from './check-context.js';

/** Anything with the connections service's `resolveConnection(ref, savedBy)`. */
export interface ConnectionSource {
  resolveConnection(ref: string, savedBy: string | null): Promise<ResolvedConnection>;
}

/**
 * Wraps the connections service for a check whose canary `savedBy` last saved (null: the system):
 * `not_found` answers null, other errors (a saver who may not read the connection) propagate.
 */
export function connectionResolverFrom(source: ConnectionSource, savedBy: string | null): ConnectionResolver {
  return async (ref) => {
    try {
      return await source.resolveConnection(ref, savedBy);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    }
  };
}

/** Wraps a `kind://name/key` reference reader: a key that refers to nothing answers undefined. */
export function envSourceResolverFrom(readReference: (value: string) => Promise<string>): EnvSourceResolver {
  return async (ref) => {
    try {
      return await readReference(`${ref.kind}://${ref.name}/${ref.key}`);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'unprocessable' || error.code === 'not_found')) return undefined;
      throw error;
    }
  };
}
