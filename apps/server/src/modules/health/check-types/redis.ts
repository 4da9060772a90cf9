/**
 * Redis check (ioredis): connects to `url` (redis:// or rediss://), `addr` (host:port) or a stored
 * connection at the checked address, sends PING and, when given, `command` (our extension, e.g.
 * ["GET", "key"]) whose reply the test expression reads. No retries: one run, one answer. Expression
 * variables: ping, reply.
 */
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
): Promise<{ target: RedisTarget; insecure: boolean }> {
  const conn = await resolveConnectionValues(spec, ctx);
  const location = conn.url ?? spec.addr;
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
  if (target.db !== undefined && !Number.isInteger(target.db)) throw new CheckConfigError('db must be a number');
  return { target, insecure: conn.insecureTLS };
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
  const { target, insecure } = await resolveTarget(spec, ctx);
  const { address } = await guardTarget(target.host, ctx);
  const where = `${target.host}:${target.port}`;
  const client = new Redis({
    host: address,
    port: target.port,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.db !== undefined ? { db: target.db } : {}),
    ...(target.tls ? { tls: { servername: target.host, rejectUnauthorized: !insecure } } : {}),
    lazyConnect: true,
    connectTimeout: ctx.timeoutMs,
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
