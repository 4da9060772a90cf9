import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../registry.js';
import {
  guardFor,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
  type TestServer,
} from '../testing/targets.js';
import { md4 } from './md4.js';

const PASSWORD = 'Pa55-w0rd!';
const TARGET_INFO = Buffer.from([2, 0, 8, 0, ...Buffer.from('CORP', 'utf16le'), 0, 0, 0, 0]);

function challengeMessage(serverChallenge: Buffer): string {
  const message = Buffer.alloc(48);
  message.write('NTLMSSP\0', 'latin1');
  message.writeUInt32LE(2, 8);
  message.writeUInt32LE(0x00088201, 20);
  serverChallenge.copy(message, 24);
  message.writeUInt16LE(TARGET_INFO.length, 40);
  message.writeUInt16LE(TARGET_INFO.length, 42);
  message.writeUInt32LE(48, 44);
  return `NTLM ${Buffer.concat([message, TARGET_INFO]).toString('base64')}`;
}

function field(message: Buffer, at: number): Buffer {
  const length = message.readUInt16LE(at);
  const offset = message.readUInt32LE(at + 4);
  return message.subarray(offset, offset + length);
}

/** The server's check of an Authenticate message, from MS-NLMP, written for the test. */
function verifyAuthenticate(message: Buffer, serverChallenge: Buffer): string {
  if (message.readUInt32LE(8) !== 3) return 'not type 3';
  const nt = field(message, 20);
  const domain = field(message, 28).toString('utf16le');
  const user = field(message, 36).toString('utf16le');
  const hash = md4(Buffer.from(PASSWORD, 'utf16le'));
  if (nt.length === 24) {
    const padded = Buffer.concat([hash, Buffer.alloc(5)]);
    const expected = Buffer.concat(
      [0, 7, 14].map((at) => {
        const seven = padded.subarray(at, at + 7);
        // 56 key bits, 7 per DES key byte, each shifted over its parity bit
        const bits = BigInt(`0x${seven.toString('hex')}`)
          .toString(2)
          .padStart(56, '0');
        const key = Buffer.from(
          Array.from({ length: 8 }, (_, i) => Number.parseInt(bits.slice(i * 7, i * 7 + 7), 2) << 1),
        );
        const cipher = createCipheriv('des-ede3-ecb', Buffer.concat([key, key, key]), null).setAutoPadding(false);
        return Buffer.concat([cipher.update(serverChallenge), cipher.final()]);
      }),
    );
    return expected.equals(nt) ? `v1 ${user}@${domain}` : 'bad v1 response';
  }
  const key = createHmac('md5', hash)
    .update(Buffer.from(user.toUpperCase() + domain, 'utf16le'))
    .digest();
  const blob = nt.subarray(16);
  if (!blob.includes(TARGET_INFO)) return 'target info not signed';
  const proof = createHmac('md5', key)
    .update(Buffer.concat([serverChallenge, blob]))
    .digest();
  return proof.equals(nt.subarray(0, 16)) ? `v2 ${user}@${domain}` : 'bad v2 response';
}

let server: TestServer;
let secure: TestServer;
const challenges = new WeakMap<Socket, Buffer>();

const handler: Parameters<typeof startHttpServer>[0] = (req, res) => {
  const header = req.headers.authorization ?? '';
  const message = header.startsWith('NTLM ') ? Buffer.from(header.slice(5), 'base64') : undefined;
  if (message?.readUInt32LE(8) === 1) {
    const serverChallenge = randomBytes(8);
    challenges.set(req.socket, serverChallenge); // the answer must come on this connection
    res.writeHead(401, { 'www-authenticate': challengeMessage(serverChallenge) }).end();
    return;
  }
  const serverChallenge = challenges.get(req.socket);
  if (message && serverChallenge) {
    const verdict = verifyAuthenticate(message, serverChallenge);
    res.writeHead(verdict.startsWith('v') ? 200 : 401).end(verdict);
    return;
  }
  res.writeHead(401, { 'www-authenticate': 'NTLM' }).end('negotiate first');
};

beforeAll(async () => {
  server = await startHttpServer(handler);
  secure = await startHttpsServer(selfSignedCertificate(2), handler);
});
afterAll(async () => {
  await server.close();
  await secure.close();
});

const run = (spec: Record<string, unknown>) =>
  runCheck('http', { name: 'n', url: server.url, ...spec }, { egress: guardFor(), timeoutMs: 5000 });

describe('http check with NTLM against a server running the type 1/2/3 exchange', () => {
  it('authenticates with NTLMv2, user@domain split as upstream', async () => {
    const result = await run({
      ntlmv2: true,
      username: { value: 'bob@CORP' },
      password: { value: PASSWORD },
      responseContent: 'v2 bob@CORP',
    });
    expect(result.status).toBe('healthy');
  });

  it('keeps the exchange on one TLS connection over https', async () => {
    const result = await run({
      url: `https://localhost:${secure.port}/`,
      tlsConfig: { insecureSkipVerify: true },
      ntlmv2: true,
      username: { value: 'eve@LAB' },
      password: { value: PASSWORD },
      responseContent: 'v2 eve@LAB',
    });
    expect(result.status).toBe('healthy');
  });

  it('authenticates with NTLM (v1)', async () => {
    const result = await run({
      ntlm: true,
      username: { value: 'bob' },
      password: { value: PASSWORD },
      responseContent: 'v1 bob@',
    });
    expect(result.status).toBe('healthy');
  });

  it('fails with a wrong password and never shows it', async () => {
    const result = await run({ ntlmv2: true, username: { value: 'bob' }, password: { value: 'wrong-zz7' } });
    expect(result).toMatchObject({ status: 'unhealthy', message: 'expected status 401 to be 200..299' });
    expect(JSON.stringify(result)).not.toContain('wrong-zz7');
  });

  it('asks for credentials when none are given', async () => {
    expect(await run({ ntlm: true })).toMatchObject({
      message: 'ntlm: username and password are needed',
      invalid: true,
    });
  });
});
