/**
 * The egress guard every network check goes through: it resolves a target name once, checks EVERY
 * address it resolves to against the policy, and hands back one address to connect to, so DNS
 * rebinding cannot swap the address between the check and the connection. Cloud metadata endpoints are
 * refused under every mode unless the allow-list names them exactly. A refusal names the rule.
 */
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import {
  type EgressPolicyGetter,
  type EgressPolicySettings,
  matchHost,
  type ParsedEgressPolicy,
  parseEgressPolicy,
} from './egress-policy.js';
import {
  type AddressClass,
  cidrContains,
  classifyIp,
  isMetadataHostname,
  type ParsedIp,
  parseIpLiteral,
} from './ip-address.js';

/** Thrown when the policy refuses a target; `rule` is the reason without the prefix. */
export class EgressRefusedError extends Error {
  override name = 'EgressRefusedError';
  constructor(
    readonly rule: string,
    readonly mode: string,
  ) {
    super(`egress refused: ${rule} (policy: ${mode})`);
  }
}

/** Resolves a hostname to its addresses (every family). Injected in tests to use a local DNS server. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** A checked target: the name asked for, every address it resolved to, and the one to connect to. */
export interface EgressTarget {
  host: string;
  readonly addresses: readonly string[];
  address: string;
  family: 4 | 6;
}

/** What check types use: `check` before connecting, then connect to `target.address` (or via `pinnedLookup`). */
export interface EgressGuard {
  check(host: string, signal?: AbortSignal): Promise<EgressTarget>;
}

/** The system resolver (getaddrinfo), every address in resolver order. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describe(ip: ParsedIp, cls: AddressClass): string {
  const carried = ip.embedded && cls.decidedOn === ip.embedded.ip ? ` (${ip.embedded.how} ${ip.embedded.ip.text})` : '';
  return `${ip.text}${carried}`;
}

function judge(
  policy: ParsedEgressPolicy & { ok: true },
  ip: ParsedIp,
  hostMatch: { matched: boolean; exact: boolean },
) {
  const cls = classifyIp(ip);
  const listed = policy.allowList.filter((entry) => entry.kind === 'cidr');
  const inCidr = (exactOnly: boolean) =>
    listed.some(
      (entry) =>
        entry.kind === 'cidr' &&
        (!exactOnly || entry.exact) &&
        (cidrContains(entry.cidr, ip) || (ip.embedded !== undefined && cidrContains(entry.cidr, ip.embedded.ip))),
    );
  if (cls.kind === 'metadata' && !hostMatch.exact && !inCidr(true)) return { cls, allowed: false };
  if (cls.kind === 'metadata') return { cls, allowed: true };
  if (policy.mode === 'allow-private') return { cls, allowed: true };
  if (policy.mode === 'deny-private' && cls.kind === 'public') return { cls, allowed: true };
  return { cls, allowed: hostMatch.matched || inCidr(false) };
}

function refusal(mode: string, subject: string, cls: AddressClass): string {
  if (mode === 'allow-list' && cls.kind !== 'metadata') return `${subject} is not on the allow-list`;
  return `${subject} is ${cls.label}`;
}

/** Address literals whose allowed target is kept per parsed policy (one per http check's host, at most). */
const LITERAL_TARGETS_MAX = 10_000;

/**
 * Builds a guard that reads the policy through `getPolicy` on every check. The settings are parsed once
 * per distinct pair of property values, and an address literal the policy allowed answers its target
 * again without parsing and judging it (both pure functions of the policy and the text): every http check
 * run asked both anew (issue 32 item 2). A name is resolved and judged on every check.
 */
export function createEgressGuard(options: { getPolicy: EgressPolicyGetter; resolve?: HostResolver }): EgressGuard {
  const resolve = options.resolve ?? systemResolver;
  let parsed: { policy?: string | null; allowList?: string | null; result: ParsedEgressPolicy } | undefined;
  let literalTargets = new Map<string, EgressTarget>();
  const policyOf = (settings: EgressPolicySettings): ParsedEgressPolicy => {
    if (!parsed || parsed.policy !== settings.policy || parsed.allowList !== settings.allowList) {
      parsed = { policy: settings.policy, allowList: settings.allowList, result: parseEgressPolicy(settings) };
      literalTargets = new Map();
    }
    return parsed.result;
  };
  return {
    async check(rawHost, signal) {
      const policy = policyOf(await options.getPolicy());
      if (!policy.ok) throw new EgressRefusedError(policy.reason, policy.mode);
      const known = literalTargets.get(rawHost);
      if (known) return known;
      const host = rawHost.startsWith('[') && rawHost.endsWith(']') ? rawHost.slice(1, -1) : rawHost;
      if (!host) throw new EgressRefusedError('empty host', policy.mode);
      const literal = parseIpLiteral(host);
      const hostMatch = literal ? { matched: false, exact: false } : matchHost(policy.allowList, host);
      if (!literal && isMetadataHostname(host) && !hostMatch.exact) {
        throw new EgressRefusedError(`${host} is a cloud metadata host`, policy.mode);
      }
      const texts = literal ? [literal.text] : await abortable(resolve(host), signal);
      if (texts.length === 0) throw new Error(`could not resolve ${host}: no addresses`);
      const addresses: ParsedIp[] = [];
      for (const text of texts) {
        const ip = parseIpLiteral(text);
        if (!ip) throw new EgressRefusedError(`${host} resolved to an unparseable address '${text}'`, policy.mode);
        const verdict = judge(policy, ip, hostMatch);
        if (!verdict.allowed) {
          const subject = literal
            ? describe(ip, verdict.cls)
            : `${host} resolves to ${describe(ip, verdict.cls)}, which`;
          throw new EgressRefusedError(refusal(policy.mode, subject, verdict.cls), policy.mode);
        }
        addresses.push(ip);
      }
      // Non-empty: texts.length > 0 and each text produced one entry or threw.
      const first = addresses[0] as ParsedIp;
      const connectTo = first.family === 6 && first.embedded?.how === 'IPv4-mapped' ? first.embedded.ip : first;
      const target: EgressTarget = Object.freeze({
        host,
        addresses: Object.freeze(addresses.map((ip) => ip.text)),
        address: connectTo.text,
        family: connectTo.family,
      });
      if (literal && literalTargets.size < LITERAL_TARGETS_MAX) literalTargets.set(rawHost, target);
      return target;
    },
  };
}

/**
 * A `lookup` for http/https/net/tls that answers every name with the checked address, so the socket
 * connects exactly where the guard looked (Node calls it with `all: true` when happy-eyeballs is on).
 */
export function pinnedLookup(target: EgressTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (typeof options === 'object' && options !== null && options.all) {
      // Node's overloads: with all: true the callback takes the address list.
      (callback as unknown as (err: null, list: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
      return;
    }
    callback(null, target.address, target.family);
  };
}
