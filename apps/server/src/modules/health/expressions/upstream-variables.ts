/**
 * The variables canary-checker gives a check's expressions, built from our run details so upstream
 * Canary files work unchanged. Every check sees `results` (an empty map when the type sets none),
 * `pass`, `message`, `error`, `errorType` and `duration`, as upstream's WithCheckResult does (the run's
 * details win over these, as upstream's data does). The http
 * check's `elapsed` and `sslAge` are durations there (`elapsed.getMilliseconds()`, `sslAge > Duration("7d")`)
 * and its `headers` carry Go's canonical names (`headers["Content-Type"]`); our own names stay: `elapsedMs`
 * for the number of milliseconds, the lower-case header names, `sslExpiryDays`.
 */
import { durationFromMs } from './cel-extensions/cel-values.js';

const DAY_MS = 86_400_000;

/** Go's textproto.CanonicalMIMEHeaderKey: "content-type" → "Content-Type". */
export function canonicalHeaderName(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

function httpVariables(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof details.elapsed === 'number') {
    out.elapsedMs = details.elapsed;
    out.elapsed = durationFromMs(details.elapsed);
  }
  // Reading one optional field off the details' certificate object; its type is checked next.
  const certificate = details.certificate as { daysRemaining?: unknown } | undefined;
  const days = typeof certificate?.daysRemaining === 'number' ? certificate.daysRemaining : 0;
  out.sslAge = durationFromMs(days * DAY_MS);
  if (details.headers && typeof details.headers === 'object') {
    // An object (checked above) of header names to values.
    const headers: Record<string, unknown> = { ...(details.headers as Record<string, unknown>) };
    for (const [name, value] of Object.entries(headers)) headers[canonicalHeaderName(name)] ??= value;
    out.headers = headers;
  }
  if (details.json === undefined) out.json = {};
  return out;
}

/** The run's outcome as upstream names it. */
export interface UpstreamOutcome {
  status: 'healthy' | 'unhealthy';
  message: string;
  error?: string;
  duration: number;
  details: Record<string, unknown>;
}

/** Variables for one check type's expressions: the details, upstream's names, and the outcome. */
export function upstreamVariables(type: string, outcome: UpstreamOutcome): Record<string, unknown> {
  const { details } = outcome;
  return {
    results: {},
    duration: outcome.duration,
    pass: outcome.status === 'healthy',
    message: outcome.message,
    error: outcome.error ?? '',
    errorType: '',
    ...details,
    ...(type === 'http' ? httpVariables(details) : {}),
  };
}
