/**
 * The egress policy as the properties table holds it: `health.egress.policy` (allow-private,
 * deny-private or allow-list; default allow-private) and `health.egress.allow_list` (CIDRs, addresses
 * or hostnames, `*.` wildcards allowed, separated by commas or newlines). A bad value fails closed:
 * every target is refused with a message naming the property, rather than running with a guessed policy.
 */
import {
  DEFAULT_EGRESS_MODE,
  EGRESS_ALLOW_LIST_PROPERTY,
  EGRESS_MODES,
  EGRESS_POLICY_PROPERTY,
  type EgressMode,
} from '@mc/contracts';
import { type Cidr, parseCidr } from './ip-address.js';

/** Raw property values, as read from the properties table (absent = default). */
export interface EgressPolicySettings {
  policy?: string | null;
  allowList?: string | null;
}

/** Reads the current settings; called on every check so a property change applies at once. */
export type EgressPolicyGetter = () => EgressPolicySettings | Promise<EgressPolicySettings>;

/** A parsed allow-list entry. */
export type AllowListEntry =
  | { kind: 'cidr'; text: string; cidr: Cidr; exact: boolean }
  | { kind: 'host'; text: string; host: string; wildcard: boolean };

/** A policy ready to apply, or the reason the settings are unusable. */
export type ParsedEgressPolicy =
  | { ok: true; mode: EgressMode; allowList: AllowListEntry[] }
  | { ok: false; mode: string; reason: string };

const HOSTNAME = /^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,62})?)(\.[a-z0-9_]([a-z0-9_-]{0,62})?)*$/;

function parseEntry(text: string): AllowListEntry | null {
  const cidr = parseCidr(text);
  if (cidr) return { kind: 'cidr', text, cidr, exact: cidr.prefix === (cidr.family === 4 ? 32 : 128) };
  const host = text.toLowerCase().replace(/\.$/, '');
  if (!HOSTNAME.test(host)) return null;
  return host.startsWith('*.')
    ? { kind: 'host', text, host: host.slice(2), wildcard: true }
    : { kind: 'host', text, host, wildcard: false };
}

/** Parses the two properties; the mode is lower-cased and trimmed, list entries split on commas/newlines. */
export function parseEgressPolicy(settings: EgressPolicySettings): ParsedEgressPolicy {
  const rawMode = (settings.policy ?? '').trim().toLowerCase();
  const mode = rawMode === '' ? DEFAULT_EGRESS_MODE : rawMode;
  // Widened to test membership of any string.
  if (!(EGRESS_MODES as readonly string[]).includes(mode)) {
    return {
      ok: false,
      mode,
      reason: `property ${EGRESS_POLICY_PROPERTY} has an unknown value '${mode}' (expected ${EGRESS_MODES.join(', ')})`,
    };
  }
  const allowList: AllowListEntry[] = [];
  for (const text of (settings.allowList ?? '').split(/[,\n]/).map((entry) => entry.trim())) {
    if (!text) continue;
    const entry = parseEntry(text);
    if (!entry) {
      return { ok: false, mode, reason: `property ${EGRESS_ALLOW_LIST_PROPERTY} has an invalid entry '${text}'` };
    }
    allowList.push(entry);
  }
  // Narrowed by the includes() check above.
  return { ok: true, mode: mode as EgressMode, allowList };
}

/** True when the hostname matches an entry; `exact` is true only for a non-wildcard entry. */
export function matchHost(
  allowList: readonly AllowListEntry[],
  hostname: string,
): { matched: boolean; exact: boolean } {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  let matched = false;
  for (const entry of allowList) {
    if (entry.kind !== 'host') continue;
    if (!entry.wildcard && entry.host === host) return { matched: true, exact: true };
    if (entry.wildcard && host.endsWith(`.${entry.host}`)) matched = true;
  }
  return { matched, exact: false };
}
