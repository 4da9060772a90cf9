import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** Minimal CBOR encoding of what an attestation object needs: maps, text, bytes and small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [key, inner] of value) parts.push(cbor(key), cbor(inner));
    return Buffer.concat(parts);
  }
  throw new Error('unsupported CBOR value');
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/**
 * A software security key for server tests (a test double of a FIDO2 authenticator): one P-256 key,
 * "none" attestation, a signature counter. It answers the JSON that @simplewebauthn/browser would.
 */
export function virtualAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const rpIdHash = sha256(new URL(origin).hostname);
  let counter = 0;
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(counter);
    return out;
  };
  return {
    id: credentialId.toString('base64url'),
    /** The answer to registration options (navigator.credentials.create). */
    register(challenge: string): string {
      const cose = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x41]),
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        cbor(cose),
      ]);
      const attestation = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return JSON.stringify({
        id: credentialId.toString('base64url'),
        rawId: credentialId.toString('base64url'),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.create', challenge).toString('base64url'),
          attestationObject: attestation.toString('base64url'),
          transports: ['usb'],
        },
      });
    },
    /** The answer to authentication options (navigator.credentials.get); the counter goes up. */
    authenticate(challenge: string): string {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x01]), counterBytes()]);
      const data = clientData('webauthn.get', challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return JSON.stringify({
        id: credentialId.toString('base64url'),
        rawId: credentialId.toString('base64url'),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: data.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
      });
    },
  };
}

/** The challenge inside a WebAuthn trigger node's `onclick` (`window.oryWebAuthn…({publicKey})`). */
export function challengeOf(onclick: string): string {
  const json = onclick.slice(onclick.indexOf('(') + 1, onclick.lastIndexOf(')'));
  return (JSON.parse(json) as { publicKey: { challenge: string } }).publicKey.challenge; // the provider's options
}
