/**
 * DNS check: asks `server`:`port` (default the system's resolvers, port 53) for `query` of `querytype`
 * (A, AAAA, CNAME, MX, TXT, SRV, NS, PTR) and compares the answers with `minrecords` and `exactreply`
 * (order-insensitive and case-insensitive, as canary-checker compares). Answers are written as
 * canary-checker (Go's resolver) reports them: A answers every address of the name (IPv4 and IPv6, as
 * Go's LookupHost); names are fully qualified with a trailing dot (CNAME, NS, PTR, the MX host, the SRV
 * target); MX as "host. preference"; TXT records with their strings joined; SRV (which canary-checker
 * never compares) as "priority weight port target.". Lists in messages read as Go prints them, `[a b]`.
 * The resolver server goes through the egress guard. Expression variables: records, server, querytype.
 */
import { Resolver } from 'node:dns/promises';
import { type DnsCheckSpec, dnsCheckSchema } from '@mc/contracts';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { guardTarget } from './guard-target.js';
import { errorCode, errorText } from './network-errors.js';

const DNS_PORT = 53;

const DNS_ERRORS: Record<string, string> = {
  ENOTFOUND: 'no such name',
  ENODATA: 'no records of that type',
  ETIMEOUT: 'no answer (timed out)',
  ECONNREFUSED: 'connection refused',
  ESERVFAIL: 'server failure',
  EREFUSED: 'query refused',
};

/** A name as Go's resolver reports it: fully qualified, with its trailing dot. */
const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/** Every address of the name, IPv4 then IPv6; an error only when neither family has one. */
async function addresses(resolver: Resolver, name: string): Promise<string[]> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
  const found = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
  if (found.length === 0 && v4.status === 'rejected') throw v4.reason;
  return found;
}

async function query(resolver: Resolver, type: string, name: string): Promise<string[]> {
  switch (type) {
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return (await resolver.resolveCname(name)).map(fqdn);
    case 'MX':
      return (await resolver.resolveMx(name)).map((mx) => `${fqdn(mx.exchange)} ${mx.priority}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    case 'SRV':
      return (await resolver.resolveSrv(name)).map(
        (srv) => `${srv.priority} ${srv.weight} ${srv.port} ${fqdn(srv.name)}`,
      );
    case 'NS':
      return (await resolver.resolveNs(name)).map(fqdn);
    case 'PTR':
      return (await resolver.reverse(name)).map(fqdn);
    default:
      return addresses(resolver, name);
  }
}

function sameAnswers(got: string[], expected: string[]): boolean {
  const a = got.map((value) => value.toLowerCase()).sort();
  const b = expected.map((value) => value.toLowerCase()).sort();
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

async function run(spec: DnsCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const type = (spec.querytype ?? 'A').toUpperCase();
  const timeoutMs = spec.timeout ? Math.min(spec.timeout * 1000, ctx.timeoutMs) : ctx.timeoutMs;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  let server = 'system resolver';
  if (spec.server) {
    const port = spec.port ?? DNS_PORT;
    const target = await guardTarget(spec.server, ctx);
    server = target.family === 6 ? `[${target.address}]:${port}` : `${target.address}:${port}`;
    resolver.setServers([server]);
  }
  const label = `${type} ${spec.query} on ${server}`;
  const started = performance.now();
  const onAbort = () => resolver.cancel();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  let records: string[];
  try {
    records = await query(resolver, type, spec.query);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const code = errorCode(error);
    const reason = (code && DNS_ERRORS[code]) ?? errorText(error);
    return unhealthy(`${label}: ${reason}`, { server, querytype: type, records: [] }, errorText(error));
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
  const elapsed = Math.round(performance.now() - started);
  const details = { server, querytype: type, query: spec.query, records };
  const list = `[${records.join(' ')}]`;
  let failure: string | null = null;
  if (spec.minrecords !== undefined && records.length < spec.minrecords) {
    failure = `${label}: returned ${records.length} results, expecting ${spec.minrecords}`;
  } else if (spec.exactreply?.length && !sameAnswers(records, spec.exactreply)) {
    failure = `${label}: got ${list}, expected [${spec.exactreply.join(' ')}]`;
  } else if (spec.thresholdMillis && elapsed > spec.thresholdMillis) {
    failure = `threshold exceeded: ${elapsed} ms > ${spec.thresholdMillis} ms`;
  }
  const output = failure ? unhealthy(failure, details) : healthy(`got ${list}`, details);
  return { ...output, duration: elapsed };
}

/** The dns check type. */
export const dnsCheckType: CheckTypeDefinition<DnsCheckSpec> = { type: 'dns', schema: dnsCheckSchema, run };
