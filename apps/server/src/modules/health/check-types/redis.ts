/**
 * Redis check (ioredis): connects to `url` (redis:// or rediss://), `addr` (host:port) or a stored
 * connection at the checked address, sends PING and, when given, `command` (our extension, e.g.
 * ["GET", "key"]) whose reply the test expression reads. `tlsConfig` is canary-checker's switchable
 * one: `enable`, `insecureSkipVerify`, `ca` or `cert` turns TLS on (as does rediss://); `cert` + `key` give
 * a client certificate; `handshakeTimeout` bounds connect + handshake. No retries: one run, one answer.
 * Expression variables: ping, reply.
 */
import { isIP } from 'node:net';
import { maskUrl, type RedisCheckSpec, redisCheckSchema } from '@mc/contracts';
import { Redis } from 'ioredis';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import {
  type CheckContext,
  CheckFailure,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
} from './check-context.js';
import { resolveConnectionValues } from './connection-fields.js';
import { parseHostPort } from './endpoint.js';
import { guardTarget } from './guard-target.js';
import { describeNetworkError, errorText } from './network-errors.js';
import { plainValue } from './sql-check.js';
import { resolveTlsOptions, type TlsOptions } from './tls-options.js';

const REDIS_PORT = 6379;

interface RedisTarget {
  host: string;
  port: number;
  tls: boolean;
  username?: string;
  password?: string;
  db?: number;
}

async function resolveTarget(
  spec: RedisCheckSpec,
  ctx: CheckContext,
): Promise<{ target: RedisTarget; tls: TlsOptions }> {
  // upstream: `addr` stands in for `url` when that is empty, also beside a stored connection
  const addr = spec.addr && !/^[a-z][a-z0-9+.-]*:\/\//i.test(spec.addr) ? `redis://${spec.addr}` : spec.addr;
  const conn = await resolveConnectionValues({ ...spec, url: spec.url || addr }, ctx);
  const location = conn.url;
  if (!location) throw new CheckConfigError('no url, addr or connection specified');
  let target: RedisTarget;
  if (/^rediss?:\/\//i.test(location)) {
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      throw new CheckConfigError(`invalid url '${maskUrl(location)}'`);
    }
    target = {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(url.port || REDIS_PORT),
      tls: url.protocol === 'rediss:',
    };
    if (url.username) target.username = decodeURIComponent(url.username);
    if (url.password) target.password = decodeURIComponent(url.password);
    const db = url.pathname.replace(/^\//, '');
    if (db) target.db = Number(db);
  } else {
    const { host, port } = parseHostPort(location, REDIS_PORT);
    target = { host, port, tls: false };
  }
  if (conn.username) target.username = conn.username;
  if (conn.password) target.password = conn.password;
  if (spec.db !== undefined) target.db = spec.db;
  else if (target.db === undefined && /^\d+$/.test(conn.properties.db ?? '')) target.db = Number(conn.properties.db);
  if (target.db !== undefined && !Number.isInteger(target.db)) throw new CheckConfigError('db must be a number');
  const config = spec.tlsConfig;
  // upstream: enable, insecureSkipVerify, ca or cert imply TLS; handshakeTimeout and key alone do not
  if (config && (config.enable || config.insecureSkipVerify || config.ca || config.cert)) target.tls = true;
  if (config?.handshakeTimeout && !target.tls) {
    throw new CheckConfigError('tlsConfig.handshakeTimeout needs TLS: set tlsConfig.enable (or use rediss://)');
  }
  const tls = await resolveTlsOptions(config, ctx, { ca: conn.certificate, insecureSkipVerify: conn.insecureTLS });
  return { target, tls };
}

function redisTls(host: string, tls: TlsOptions) {
  return {
    ...(isIP(host) ? {} : { servername: host }),
    rejectUnauthorized: !tls.insecureSkipVerify,
    ...(tls.ca ? { ca: tls.ca } : {}),
    ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
  };
}

function failure(error: unknown, where: string): CheckFailure {
  const text = errorText(error);
  if (/WRONGPASS|NOAUTH|invalid password|AUTH .*called without/i.test(text)) {
    return new CheckFailure(`authentication failed: ${text}`, text);
  }
  if (/timed? ?out/i.test(text)) return new CheckFailure(`timed out talking to ${where}`, text);
  return new CheckFailure(describeNetworkError(error, where), text);
}

async function run(spec: RedisCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const { target, tls } = await resolveTarget(spec, ctx);
  const { address } = await guardTarget(target.host, ctx);
  const where = `${target.host}:${target.port}`;
  const client = new Redis({
    host: address,
    port: target.port,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.db !== undefined ? { db: target.db } : {}),
    ...(target.tls ? { tls: redisTls(target.host, tls) } : {}),
    lazyConnect: true,
    // upstream: an explicit handshakeTimeout becomes the dial timeout, which covers the TLS handshake
    connectTimeout:
      target.tls && spec.tlsConfig?.handshakeTimeout ? Math.min(ctx.timeoutMs, tls.handshakeTimeoutMs) : ctx.timeoutMs,
    commandTimeout: ctx.timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
    enableReadyCheck: false,
    // After a graceful QUIT/FIN, destroy the socket soon instead of ioredis's 2 s default.
    disconnectTimeout: 100,
  });
  // ioredis reports the real cause (e.g. WRONGPASS) as an 'error' event, then rejects with "Connection is closed".
  let cause: unknown;
  client.on('error', (error) => {
    cause ??= error;
  });
  const onAbort = () => client.disconnect();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    const ping = await client.ping();
    const details: Record<string, unknown> = { ping };
    if (spec.command) {
      const [name, ...args] = spec.command;
      details.reply = plainValue(await client.call(name ?? '', ...args));
    }
    return healthy(`${where} answered ${ping}${spec.command ? ` and ${spec.command[0]}` : ''}`, details);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw failure(cause ?? error, where);
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    client.disconnect();
  }
}

/** The redis check type. */
export const redisCheckType: CheckTypeDefinition<RedisCheckSpec> = { type: 'redis', schema: redisCheckSchema, run };
