/**
 * NTLM messages for the http check's `ntlm` / `ntlmv2` (MS-NLMP): the Negotiate (type 1) message, the
 * server's Challenge (type 2) parsed, and the Authenticate (type 3) message with an NTLMv1 or NTLMv2
 * response. As upstream, a `user@domain` username splits into user and domain.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { md4 } from './md4.js';

const SIGNATURE = Buffer.from('NTLMSSP\0', 'latin1');
// UNICODE | OEM | REQUEST_TARGET | NTLM | ALWAYS_SIGN | EXTENDED_SESSIONSECURITY (v2 only) | 128 | 56
const FLAGS_V1 = 0x00000001 | 0x00000002 | 0x00000004 | 0x00000200 | 0x00008000 | 0x20000000 | 0x80000000;
const FLAGS_V2 = FLAGS_V1 | 0x00080000 | 0x00800000;

/** The server's challenge: its 8-byte nonce and the target information NTLMv2 signs. */
export interface NtlmChallenge {
  serverChallenge: Buffer;
  targetInfo: Buffer;
  flags: number;
}

/** Who authenticates. */
export interface NtlmCredentials {
  username: string;
  password: string;
  version: 1 | 2;
}

/** The `Authorization: NTLM …` value of the Negotiate message. */
export function negotiateMessage(version: 1 | 2): string {
  const message = Buffer.alloc(32);
  SIGNATURE.copy(message);
  message.writeUInt32LE(1, 8);
  message.writeUInt32LE((version === 2 ? FLAGS_V2 : FLAGS_V1) >>> 0, 12);
  return `NTLM ${message.toString('base64')}`;
}

/** Parses a `WWW-Authenticate: NTLM <base64>` challenge; undefined when the header carries none. */
export function parseChallenge(header: string | undefined): NtlmChallenge | undefined {
  const match = /(?:^|,\s*)NTLM\s+([A-Za-z0-9+/=]+)/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const message = Buffer.from(match[1], 'base64');
  if (message.length < 32 || !message.subarray(0, 8).equals(SIGNATURE) || message.readUInt32LE(8) !== 2) {
    return undefined;
  }
  let targetInfo = Buffer.alloc(0);
  if (message.length >= 48) {
    const length = message.readUInt16LE(40);
    const offset = message.readUInt32LE(44);
    if (offset + length <= message.length) targetInfo = message.subarray(offset, offset + length);
  }
  return { serverChallenge: message.subarray(24, 32), targetInfo, flags: message.readUInt32LE(20) };
}

/** Splits `user@domain` as upstream does. */
export function splitUser(username: string): { user: string; domain: string } {
  const parts = username.split('@');
  return parts.length === 2 ? { user: parts[0] ?? '', domain: parts[1] ?? '' } : { user: username, domain: '' };
}

/** The NT password hash: MD4 of the UTF-16LE password. */
export function ntHash(password: string): Buffer {
  return md4(Buffer.from(password, 'utf16le'));
}

/** Spreads 7 key bytes over 8 DES key bytes (parity bits left zero; DES ignores them). */
function desKey(seven: Buffer): Buffer {
  const key = Buffer.alloc(8);
  key[0] = seven[0] ?? 0;
  for (let i = 1; i < 7; i++) key[i] = (((seven[i - 1] ?? 0) << (8 - i)) | ((seven[i] ?? 0) >> i)) & 0xff;
  key[7] = ((seven[6] ?? 0) << 1) & 0xff;
  return key;
}

/** DES of one block; single DES is triple DES with three equal keys (OpenSSL 3 keeps only the latter). */
function des(seven: Buffer, block: Buffer): Buffer {
  const key = desKey(seven);
  const cipher = createCipheriv('des-ede3-ecb', Buffer.concat([key, key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** NTLMv1 response: the challenge DES-encrypted under the three 7-byte thirds of the padded NT hash. */
export function ntlmV1Response(password: string, serverChallenge: Buffer): Buffer {
  const hash = Buffer.concat([ntHash(password), Buffer.alloc(5)]);
  return Buffer.concat([0, 7, 14].map((at) => des(hash.subarray(at, at + 7), serverChallenge)));
}

/** NTOWFv2: HMAC-MD5 under the NT hash of the upper-cased user and the domain. */
export function ntowfV2(user: string, domain: string, password: string): Buffer {
  return createHmac('md5', ntHash(password))
    .update(Buffer.from(user.toUpperCase() + domain, 'utf16le'))
    .digest();
}

/** NTLMv2 NT and LM responses for a challenge, with the given client nonce and timestamp. */
export function ntlmV2Responses(
  credentials: { user: string; domain: string; password: string },
  challenge: NtlmChallenge,
  clientChallenge: Buffer,
  timestamp: Buffer,
): { nt: Buffer; lm: Buffer } {
  const key = ntowfV2(credentials.user, credentials.domain, credentials.password);
  const blob = Buffer.concat([
    Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
    timestamp,
    clientChallenge,
    Buffer.alloc(4),
    challenge.targetInfo,
    Buffer.alloc(4),
  ]);
  const proof = createHmac('md5', key)
    .update(Buffer.concat([challenge.serverChallenge, blob]))
    .digest();
  const lm = createHmac('md5', key)
    .update(Buffer.concat([challenge.serverChallenge, clientChallenge]))
    .digest();
  return { nt: Buffer.concat([proof, blob]), lm: Buffer.concat([lm, clientChallenge]) };
}

/** Now as a Windows FILETIME (100 ns ticks since 1601), little-endian. */
function fileTime(): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE((BigInt(Date.now()) + 11_644_473_600_000n) * 10_000n);
  return out;
}

/** The `Authorization: NTLM …` value of the Authenticate message answering `challenge`. */
export function authenticateMessage(credentials: NtlmCredentials, challenge: NtlmChallenge): string {
  const { user, domain } = splitUser(credentials.username);
  let nt: Buffer;
  let lm: Buffer;
  if (credentials.version === 2) {
    ({ nt, lm } = ntlmV2Responses(
      { user, domain, password: credentials.password },
      challenge,
      randomBytes(8),
      fileTime(),
    ));
  } else {
    nt = ntlmV1Response(credentials.password, challenge.serverChallenge);
    lm = nt;
  }
  const fields = [lm, nt, Buffer.from(domain, 'utf16le'), Buffer.from(user, 'utf16le'), Buffer.alloc(0)];
  const header = Buffer.alloc(64);
  SIGNATURE.copy(header);
  header.writeUInt32LE(3, 8);
  let offset = header.length;
  fields.forEach((field, index) => {
    header.writeUInt16LE(field.length, 12 + index * 8);
    header.writeUInt16LE(field.length, 14 + index * 8);
    header.writeUInt32LE(offset, 16 + index * 8);
    offset += field.length;
  });
  header.writeUInt32LE(0, 52); // no session key: zero length, at the end of the payload
  header.writeUInt32LE(offset, 56);
  header.writeUInt32LE((credentials.version === 2 ? FLAGS_V2 : FLAGS_V1) >>> 0, 60);
  return `NTLM ${Buffer.concat([header, ...fields]).toString('base64')}`;
}
