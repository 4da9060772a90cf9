/**
 * Adapters from the connections module's exported service to the resolver interfaces of the check
 * context, so the scheduler can inject them in one line: a not-found connection becomes null (the
 * check then says "not found"), and an env-var source is read by the connections module's value-source
 * reader (a source that refers to nothing becomes undefined; other failures keep their message).
 */
import { AppError } from '../../../platform/errors.js';
import {
  CheckFailure,
  type ConnectionResolver,
  type EnvSourceRef,
  type EnvSourceResolver,
  type ResolvedConnection,
} from './check-context.js';

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

/**
 * Wraps a value-source reader: a source that refers to nothing answers undefined; any other failure (a
 * cluster-only source outside a cluster, an API that answered 403) becomes a check failure with its message.
 */
export function envSourceResolverFrom(read: (ref: EnvSourceRef) => Promise<string>): EnvSourceResolver {
  return async (ref) => {
    try {
      return await read(ref);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'unprocessable' || error.code === 'not_found')) return undefined;
      if (error instanceof AppError) throw new CheckFailure(error.message);
      throw error;
    }
  };
}
