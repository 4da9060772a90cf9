/**
 * IP literal parsing and classification for the egress policy. Parsing accepts every form a resolver
 * or URL parser would turn into an address — inet_aton's decimal, hex, octal and short forms
 * (2852039166, 0xA9FEA9FE, 0251.0376.0251.0376, 169.254.43518), bracketed IPv6, zone ids, IPv4-mapped
 * and other IPv6 forms that embed an IPv4 address — so a policy check cannot be sidestepped by spelling.
 */
import { isIPv6 } from 'node:net';

/** A parsed address: 4 or 16 bytes, and the IPv4 address an IPv6 one embeds (mapped, NAT64, 6to4…). */
export interface ParsedIp {
  family: 4 | 6;
  bytes: Uint8Array;
  /** Canonical text (dotted quad, or compressed lower-case IPv6). */
  text: string;
  /** For IPv6 forms that carry an IPv4 address, that address and how it is carried. */
  embedded?: { ip: ParsedIp; how: string };
}

const IPV4_PART = /^(0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i;

function parsePart(part: string): number | null {
  if (!IPV4_PART.test(part)) return null;
  if (/^0x/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (part.length > 1 && part.startsWith('0')) return Number.parseInt(part.slice(1), 8);
  return Number.parseInt(part, 10);
}

/** Parses inet_aton IPv4 forms: 1 to 4 parts, each decimal, 0x-hex or 0-octal; the last part fills the rest. */
export function parseIPv4(input: string): ParsedIp | null {
  const text = input.endsWith('.') ? input.slice(0, -1) : input;
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parsePart(part);
    if (value === null || !Number.isFinite(value)) return null;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((value) => value > 255)) return null;
  const lastBytes = 4 - values.length;
  if (last >= 256 ** lastBytes) return null;
  const bytes = new Uint8Array(4);
  values.forEach((value, index) => {
    bytes[index] = value;
  });
  for (let i = 0; i < lastBytes; i++) bytes[3 - i] = Math.floor(last / 256 ** i) % 256;
  return ipv4FromBytes(bytes);
}

function ipv4FromBytes(bytes: Uint8Array): ParsedIp {
  return { family: 4, bytes, text: Array.from(bytes).join('.') };
}

function formatIPv6(bytes: Uint8Array): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function expandIPv6(text: string): Uint8Array | null {
  let head = text;
  let tailV4: Uint8Array | null = null;
  const lastColon = head.lastIndexOf(':');
  const tail = head.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(tail) ? parseIPv4(tail) : null;
    if (!v4) return null;
    tailV4 = v4.bytes;
    head = `${head.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = toGroups(halves[0]);
  const right = toGroups(halves[1]);
  const missing = 8 - left.length - right.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  if (tailV4) bytes.set(tailV4, 12);
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);

function embeddedIPv4(bytes: Uint8Array): ParsedIp['embedded'] {
  const v4At = (offset: number) => ipv4FromBytes(bytes.slice(offset, offset + 4));
  const zeros10 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  if (startsWith(bytes, [...zeros10, 0xff, 0xff])) return { ip: v4At(12), how: 'IPv4-mapped' };
  if (startsWith(bytes, [...zeros10, 0, 0]) && bytes.slice(12).some((byte, i) => byte !== 0 && (i < 3 || byte > 1))) {
    return { ip: v4At(12), how: 'IPv4-compatible' };
  }
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return { ip: v4At(12), how: 'NAT64' };
  if (startsWith(bytes, [0x20, 0x02])) return { ip: v4At(2), how: '6to4' };
  return undefined;
}

/** Parses an IPv6 literal, with or without brackets and zone id. */
export function parseIPv6(input: string): ParsedIp | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!isIPv6(text)) return null;
  const bytes = expandIPv6(text.toLowerCase());
  if (!bytes) return null;
  const parsed: ParsedIp = { family: 6, bytes, text: formatIPv6(bytes) };
  const embedded = embeddedIPv4(bytes);
  if (embedded) parsed.embedded = embedded;
  return parsed;
}

/** Parses any IP literal form; null when the input is a hostname. */
export function parseIpLiteral(input: string): ParsedIp | null {
  if (input.includes(':') || input.startsWith('[')) return parseIPv6(input);
  return parseIPv4(input);
}

/** A CIDR block: network bytes and prefix length. */
export interface Cidr {
  family: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

/** Parses `a.b.c.d/n`, `v6/n` or a bare address (a full-length block); null when invalid. */
export function parseCidr(input: string): Cidr | null {
  const slash = input.lastIndexOf('/');
  const address = slash >= 0 ? input.slice(0, slash) : input;
  const ip = address.includes(':') ? parseIPv6(address) : /^[0-9.]+$/.test(address) ? parseIPv4(address) : null;
  if (!ip) return null;
  const max = ip.family === 4 ? 32 : 128;
  const prefixText = slash >= 0 ? input.slice(slash + 1) : String(max);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > max) return null;
  return { family: ip.family, bytes: ip.bytes, prefix };
}

/** True when the address lies inside the block (same family only). */
export function cidrContains(cidr: Cidr, ip: ParsedIp): boolean {
  if (cidr.family !== ip.family) return false;
  for (let bit = 0; bit < cidr.prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((cidr.bytes[byte] ?? 0) & mask) !== ((ip.bytes[byte] ?? 0) & mask)) return false;
  }
  return true;
}

const block = (text: string): Cidr => {
  const parsed = parseCidr(text);
  if (!parsed) throw new Error(`bad built-in CIDR ${text}`);
  return parsed;
};

/** Cloud metadata endpoints (AWS, GCP, Azure, Alibaba, AWS ECS credentials), blocked unless listed. */
export const METADATA_ADDRESSES = ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'] as const;

/** Metadata hostnames, blocked before any lookup unless listed. */
export const METADATA_HOSTNAMES = ['metadata.google.internal'] as const;

const METADATA_BLOCKS = METADATA_ADDRESSES.map(block);

const PRIVATE_BLOCKS: readonly { cidr: Cidr; label: string }[] = (
  [
    ['0.0.0.0/8', 'a "this network" address'],
    ['10.0.0.0/8', 'a private (RFC 1918) address'],
    ['100.64.0.0/10', 'a carrier-grade NAT address'],
    ['127.0.0.0/8', 'a loopback address'],
    ['169.254.0.0/16', 'a link-local address'],
    ['172.16.0.0/12', 'a private (RFC 1918) address'],
    ['192.0.0.0/24', 'an IETF protocol address'],
    ['192.0.2.0/24', 'a documentation address'],
    ['192.88.99.0/24', 'a 6to4 relay address'],
    ['192.168.0.0/16', 'a private (RFC 1918) address'],
    ['198.18.0.0/15', 'a benchmarking address'],
    ['198.51.100.0/24', 'a documentation address'],
    ['203.0.113.0/24', 'a documentation address'],
    ['224.0.0.0/4', 'a multicast address'],
    ['240.0.0.0/4', 'a reserved address'],
    ['::/128', 'the unspecified address'],
    ['::1/128', 'a loopback address'],
    ['64:ff9b:1::/48', 'a local NAT64 address'],
    ['100::/64', 'a discard-only address'],
    ['2001::/32', 'a Teredo tunnel address'],
    ['2001:db8::/32', 'a documentation address'],
    ['fc00::/7', 'a unique local address'],
    ['fe80::/10', 'a link-local address'],
    ['fec0::/10', 'a site-local address'],
    ['ff00::/8', 'a multicast address'],
  ] as const
).map(([cidr, label]) => ({ cidr: block(cidr), label }));

/** What an address is, for the policy: a metadata endpoint, a private/reserved address, or public. */
export interface AddressClass {
  kind: 'metadata' | 'private' | 'public';
  /** e.g. "a cloud metadata address", "a loopback address". */
  label: string;
  /** The address the class was decided on (the embedded IPv4 address for mapped forms). */
  decidedOn: ParsedIp;
}

function classifyOne(ip: ParsedIp): AddressClass {
  if (METADATA_BLOCKS.some((cidr) => cidrContains(cidr, ip))) {
    return { kind: 'metadata', label: 'a cloud metadata address', decidedOn: ip };
  }
  const match = PRIVATE_BLOCKS.find(({ cidr }) => cidrContains(cidr, ip));
  if (match) return { kind: 'private', label: match.label, decidedOn: ip };
  return { kind: 'public', label: 'a public address', decidedOn: ip };
}

/** Classifies an address; an IPv6 form that embeds IPv4 is judged by the stricter of the two. */
export function classifyIp(ip: ParsedIp): AddressClass {
  const own = classifyOne(ip);
  if (!ip.embedded) return own;
  const inner = classifyOne(ip.embedded.ip);
  const rank = { metadata: 2, private: 1, public: 0 } as const;
  return rank[inner.kind] >= rank[own.kind] && inner.kind !== 'public' ? inner : own;
}

/** True when the hostname is a metadata hostname (case and a trailing dot ignored). */
export function isMetadataHostname(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  // Widened to test membership of any string.
  return (METADATA_HOSTNAMES as readonly string[]).includes(name);
}
