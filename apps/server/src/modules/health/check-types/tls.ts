/**
 * TLS certificate check: completes a handshake with `endpoint` (host:port, default 443) at the checked
 * address and judges the peer certificate — validity dates, remaining days against `maxSSLExpiry`,
 * chain trust (system roots or `ca`; `insecureSkipVerify` skips only this part) and the host name
 * (`serverName`, default the endpoint host), which is always checked. Expression variables: subject,
 * issuer, validFrom, validTo, sslExpiryDays, subjectAltName, fingerprint256, authorized, protocol.
 */
import { isIP } from 'node:net';
import { checkServerIdentity, connect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { type TlsCheckSpec, tlsCheckSchema } from '@mc/contracts';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { parseHostPort } from './endpoint.js';
import { resolveEnvVar } from './env-vars.js';
import { guardTarget } from './guard-target.js';
import { describeNetworkError, errorText } from './network-errors.js';

const HTTPS_PORT = 443;

function handshake(options: { address: string; port: number; servername?: string; ca?: string; signal: AbortSignal }) {
  return new Promise<TLSSocket>((resolve, reject) => {
    const socket = connect({
      host: options.address,
      port: options.port,
      ...(options.servername ? { servername: options.servername } : {}),
      ...(options.ca ? { ca: options.ca } : {}),
      rejectUnauthorized: false,
    });
    const onAbort = () => socket.destroy(options.signal.reason instanceof Error ? options.signal.reason : undefined);
    options.signal.addEventListener('abort', onAbort, { once: true });
    socket.once('secureConnect', () => {
      options.signal.removeEventListener('abort', onAbort);
      resolve(socket);
    });
    socket.once('error', (error) => {
      options.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}

function judge(spec: TlsCheckSpec, cert: PeerCertificate, socket: TLSSocket, name: string, days: number) {
  const validFrom = new Date(cert.valid_from);
  const validTo = new Date(cert.valid_to);
  const now = Date.now();
  if (validTo.getTime() < now) return `TLS certificate expired on ${validTo.toISOString()}`;
  if (validFrom.getTime() > now) return `TLS certificate is not valid before ${validFrom.toISOString()}`;
  if (!spec.insecureSkipVerify && !socket.authorized) {
    const reason = describeNetworkError({ code: String(socket.authorizationError) });
    return reason.startsWith('TLS') ? reason : `TLS certificate is not trusted: ${reason}`;
  }
  const mismatch = checkServerIdentity(name, cert);
  if (mismatch) return `TLS certificate does not match ${name}: ${mismatch.message}`;
  if (spec.maxSSLExpiry && days < spec.maxSSLExpiry) {
    return `TLS certificate expires in ${Math.floor(days)} days (${validTo.toISOString()}), within maxSSLExpiry ${spec.maxSSLExpiry}`;
  }
  return null;
}

async function run(spec: TlsCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const { host, port } = parseHostPort(spec.endpoint, HTTPS_PORT);
  const name = spec.serverName ?? host;
  const ca = await resolveEnvVar(spec.ca, ctx, 'ca');
  const target = await guardTarget(host, ctx);
  const started = performance.now();
  let socket: TLSSocket;
  try {
    socket = await handshake({
      address: target.address,
      port,
      ...(isIP(name) ? {} : { servername: name }),
      ...(ca ? { ca } : {}),
      signal: ctx.signal,
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return unhealthy(describeNetworkError(error, `${host}:${port}`), { host, port }, errorText(error));
  }
  const handshakeMs = Math.round(performance.now() - started);
  try {
    const cert = socket.getPeerCertificate(false);
    if (!cert?.valid_to) return unhealthy(`no certificate presented by ${host}:${port}`, { host, port });
    const days = (new Date(cert.valid_to).getTime() - Date.now()) / 86_400_000;
    const details = {
      host,
      port,
      address: target.address,
      subject: cert.subject,
      issuer: cert.issuer,
      subjectAltName: cert.subjectaltname ?? '',
      validFrom: new Date(cert.valid_from).toISOString(),
      validTo: new Date(cert.valid_to).toISOString(),
      sslExpiryDays: Math.floor(days),
      fingerprint256: cert.fingerprint256,
      authorized: socket.authorized,
      protocol: socket.getProtocol(),
      handshakeMs,
    };
    const failure = judge(spec, cert, socket, name, days);
    if (failure) return unhealthy(failure, details);
    if (spec.thresholdMillis && handshakeMs > spec.thresholdMillis) {
      return unhealthy(`threshold exceeded: ${handshakeMs} ms > ${spec.thresholdMillis} ms`, details);
    }
    return healthy(`TLS certificate valid for ${Math.floor(days)} more days`, details);
  } finally {
    socket.destroy();
  }
}

/** The tls check type. */
export const tlsCheckType: CheckTypeDefinition<TlsCheckSpec> = { type: 'tls', schema: tlsCheckSchema, run };
