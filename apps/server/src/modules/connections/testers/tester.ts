import type { EgressGuard, EgressTarget } from '../../../platform/egress/egress-guard.js';
import type { ResolvedConnection } from '../connections.service.js';

/** What every tester receives: its time budget and the egress guard every dial goes through. */
export interface TesterOptions {
  timeoutMs: number;
  guard: EgressGuard;
}

/**
 * Reaches a connection's target and answers what it found. Resolves with a success message; rejects
 * with an Error whose message says what failed (shown to the user as is). Every host is checked by
 * `options.guard` first and the socket connects to the address the guard checked.
 */
export type ConnectionTester = (connection: ResolvedConnection, options: TesterOptions) => Promise<string>;

/**
 * Thrown by a tester when the connection's configuration has no test here (e.g. a Kubernetes method
 * that needs a cloud SDK): the answer is `unavailable`, with this message as the reason.
 */
export class TestUnavailableError extends Error {
  override name = 'TestUnavailableError';
}

/** Asks the egress guard about `host` (brackets of an IPv6 literal allowed); rejects when refused. */
export function checkHost(guard: EgressGuard, host: string): Promise<EgressTarget> {
  return guard.check(host.replace(/^\[(.*)\]$/, '$1'));
}

/** Rejects after `ms` with a message naming what timed out, unless `work` settles first. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Describes a network error plainly: "connection refused at host:port" rather than a code. */
export function describeError(error: unknown): string {
  // Drivers reject with Node system errors, sometimes wrapped in an AggregateError.
  const err = error as NodeJS.ErrnoException & { address?: string; port?: number; errors?: unknown[] };
  // AggregateError (several addresses tried) keeps the first cause.
  if (err && Array.isArray(err.errors) && err.errors.length > 0 && !err.code) return describeError(err.errors[0]);
  const where = err?.address ? ` at ${err.address}${err.port ? `:${err.port}` : ''}` : '';
  switch (err?.code) {
    case 'ECONNREFUSED':
      return `Connection refused${where}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Host not found${err.message.includes(' ') ? `: ${err.message.split(' ').pop()}` : ''}`;
    case 'ETIMEDOUT':
      return `Connection timed out${where}`;
    case 'ECONNRESET':
      return `Connection reset${where}`;
    default: {
      // Some clients (nodemailer) wrap the socket error and keep only its text: "connect ECONNREFUSED host:port".
      const wrapped = /connect (ECONNREFUSED|ETIMEDOUT) (\S+)/.exec(err?.message ?? '');
      if (wrapped)
        return `${wrapped[1] === 'ECONNREFUSED' ? 'Connection refused' : 'Connection timed out'} at ${wrapped[2]}`;
      return err?.message || String(error);
    }
  }
}
