/**
 * Reads one file inside a pod for the kubernetesFile scraper: `cat <path>` through the Kubernetes exec
 * API over a WebSocket (subprotocol `v4.channel.k8s.io`: each binary frame's first byte is the channel —
 * 1 stdout, 2 stderr, 3 the exec status). The host goes through the egress guard and the socket connects
 * to the checked address; the output is bounded.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import type { KubeTarget } from '../../connections/index.js';

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** What to read. */
export interface ExecRead {
  namespace: string;
  pod: string;
  container?: string;
  path: string;
  maxBytes: number;
}

/** Splits WebSocket frames (server frames; masked ones are unmasked) out of a growing buffer. */
function* frames(buffer: { data: Buffer }): Generator<{ opcode: number; payload: Buffer }> {
  for (;;) {
    const data = buffer.data;
    if (data.length < 2) return;
    const opcode = (data[0] ?? 0) & 0x0f;
    const masked = ((data[1] ?? 0) & 0x80) !== 0;
    let length = (data[1] ?? 0) & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (data.length < 4) return;
      length = data.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (data.length < 10) return;
      length = Number(data.readBigUInt64BE(2));
      offset = 10;
    }
    const maskKey = masked ? data.subarray(offset, offset + 4) : undefined;
    if (masked) offset += 4;
    if (data.length < offset + length) return;
    const payload = Buffer.from(data.subarray(offset, offset + length));
    if (maskKey) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] ?? 0) ^ (maskKey[i % 4] ?? 0);
    buffer.data = data.subarray(offset + length);
    yield { opcode, payload };
  }
}

/** The file's text; throws an Error naming the problem (refused, not found, too large). */
export async function readPodFile(
  target: KubeTarget,
  guard: EgressGuard,
  signal: AbortSignal,
  read: ExecRead,
): Promise<string> {
  const url = new URL(
    `${target.server}/api/v1/namespaces/${encodeURIComponent(read.namespace)}/pods/${encodeURIComponent(read.pod)}/exec`,
  );
  for (const part of ['cat', read.path]) url.searchParams.append('command', part);
  url.searchParams.set('stdout', 'true');
  url.searchParams.set('stderr', 'true');
  if (read.container) url.searchParams.set('container', read.container);
  const checked = await guard.check(url.hostname, signal);
  const key = randomBytes(16).toString('base64');
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    host: checked.address,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers: {
      ...target.headers,
      host: url.host,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': key,
      'sec-websocket-protocol': 'v4.channel.k8s.io',
    },
    signal,
    ...(secure
      ? {
          servername: url.hostname,
          rejectUnauthorized: !target.insecure,
          ...(target.ca ? { ca: target.ca } : {}),
          ...(target.cert && target.key ? { cert: target.cert, key: target.key } : {}),
        }
      : {}),
  };
  return new Promise<string>((resolve, reject) => {
    const req = (secure ? https : http).request(options);
    req.on('response', (res) => {
      res.resume();
      reject(new Error(`exec in ${read.namespace}/${read.pod} answered HTTP ${res.statusCode}`));
    });
    req.on('error', reject);
    req.on('upgrade', (res, socket, head) => {
      const accept = createHash('sha1')
        .update(key + WS_GUID)
        .digest('base64');
      if (res.headers['sec-websocket-accept'] !== accept) {
        socket.destroy();
        reject(new Error('exec: the API server answered a WebSocket handshake that does not match'));
        return;
      }
      const buffer = { data: Buffer.from(head) };
      const stdout: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let status = '';
      const finish = () => {
        socket.destroy();
        if (status && !/"status":\s*"Success"/.test(status)) {
          reject(new Error(`cat ${read.path} in ${read.namespace}/${read.pod} failed: ${stderr.trim() || status}`));
        } else resolve(Buffer.concat(stdout).toString('utf8'));
      };
      const drain = () => {
        for (const frame of frames(buffer)) {
          if (frame.opcode === 8) return finish();
          if (frame.opcode !== 2 && frame.opcode !== 0) continue;
          const channel = frame.payload[0];
          const body = frame.payload.subarray(1);
          if (channel === 1) {
            size += body.length;
            if (size > read.maxBytes) {
              socket.destroy();
              reject(
                new Error(`${read.path} in ${read.namespace}/${read.pod} is over the ${read.maxBytes}-byte limit`),
              );
              return;
            }
            stdout.push(body);
          } else if (channel === 2) stderr += body.toString('utf8');
          else if (channel === 3) status += body.toString('utf8');
        }
      };
      socket.on('data', (chunk: Buffer) => {
        buffer.data = Buffer.concat([buffer.data, chunk]);
        drain();
      });
      socket.on('end', finish);
      socket.on('error', reject);
      drain();
    });
    req.end();
  });
}
