import { Redis } from 'ioredis';
import { type ConnectionTester, describeError, withTimeout } from './tester.js';

/** Connects with ioredis (no retries) and sends PING. */
export const testRedis: ConnectionTester = async (connection, { timeoutMs }) => {
  const url = connection.url ?? '';
  const db = Number(connection.properties.db ?? 0);
  const client = new Redis(/^rediss?:\/\//.test(url) ? url : `redis://${url}`, {
    username: connection.username || undefined,
    password: connection.password || undefined,
    db: Number.isFinite(db) ? db : 0,
    connectTimeout: timeoutMs,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    ...(url.startsWith('rediss://') ? { tls: { rejectUnauthorized: !connection.insecure_tls } } : {}),
  });
  let cause: unknown;
  client.on('error', (error) => {
    cause ??= error;
  });
  try {
    await withTimeout(client.connect(), timeoutMs, 'Redis');
    const pong = await withTimeout(client.ping(), timeoutMs, 'Redis');
    return `Redis answered ${pong}`;
  } catch (error) {
    throw new Error(`Redis: ${describeError(cause ?? error)}`);
  } finally {
    client.disconnect();
  }
};
