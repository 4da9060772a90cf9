/**
 * The fingerprint of a run's answer, for keeping a result's details only when the answer changed: a
 * 64-bit hash of its details without the parts that differ on every run of an unchanged answer — the
 * measured timings (`elapsed`, `connectMs`, round-trip times, `duration`), the certificate's remaining
 * days, and response headers that carry the moment or a request id (`Date`, `Age`, `Expires`,
 * `Set-Cookie`, request and trace ids, server timings).
 */
import { hash } from 'node:crypto';

const VOLATILE_KEYS = new Set(['elapsed', 'connectMs', 'duration', 'rttMin', 'rttAvg', 'rttMax', 'sslExpiryDays']);

const VOLATILE_HEADERS = new Set([
  'date',
  'age',
  'expires',
  'set-cookie',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'x-amzn-requestid',
  'x-amz-request-id',
  'x-amz-cf-id',
  'cf-ray',
  'traceparent',
  'tracestate',
  'server-timing',
  'x-runtime',
  'x-response-time',
]);

function stable(details: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    if (VOLATILE_KEYS.has(key)) continue;
    if (key === 'headers' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const headers: Record<string, unknown> = {};
      for (const [name, header] of Object.entries(value)) {
        if (!VOLATILE_HEADERS.has(name.toLowerCase())) headers[name] = header;
      }
      kept[key] = headers;
    } else {
      kept[key] = value;
    }
  }
  return kept;
}

/**
 * A signed 64-bit decimal string (checks.details_hash is a bigint). The one-shot `hash` makes no Hash
 * object per run (the same SHA-1 as createHash's, so stored fingerprints still match).
 */
export function detailsFingerprint(details: Record<string, unknown>): string {
  return hash('sha1', JSON.stringify(stable(details)), 'buffer')
    .readBigInt64BE(0)
    .toString();
}
