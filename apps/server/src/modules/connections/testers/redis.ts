import { Redis } from 'ioredis';
import { type ConnectionTester, checkHost, describeError, withTimeout } from './tester.js';

const REDIS_PORT = 6379;

/** Host, port, TLS and URL credentials of `redis://…`, `rediss://…` or a bare `host:port`. */
function target(raw: string) {
  const url = new URL(/^rediss?:\/\//i.test(raw) ? raw : `redis://${raw}`);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port || REDIS_PORT),
    tls: url.protocol === 'rediss:',
    username: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    db: url.pathname.replace(/^\//, ''),
  };
}

/** Connects with ioredis (no retries) to the address the egress guard checked and sends PING. */
export const testRedis: ConnectionTester = async (connection, { timeoutMs, guard }) => {
  let client: Redis | undefined;
  let cause: unknown;
  try {
    const where = target(connection.url ?? '');
    const checked = await checkHost(guard, where.host);
    const db = Number(connection.properties.db ?? (where.db || 0));
    client = new Redis({
      host: checked.address,
      port: where.port,
      username: connection.username || where.username,
      password: connection.password || where.password,
      db: Number.isFinite(db) ? db : 0,
      connectTimeout: timeoutMs,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
      ...(where.tls ? { tls: { servername: where.host, rejectUnauthorized: !connection.insecure_tls } } : {}),
    });
    client.on('error', (error) => {
      cause ??= error;
    });
    await withTimeout(client.connect(), timeoutMs, 'Redis');
    const pong = await withTimeout(client.ping(), timeoutMs, 'Redis');
    return `Redis answered ${pong}`;
  } catch (error) {
    throw new Error(`Redis: ${describeError(cause ?? error)}`);
  } finally {
    client?.disconnect();
  }
};
