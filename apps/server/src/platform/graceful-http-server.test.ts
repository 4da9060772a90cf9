import { Agent, request } from 'node:http';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterEach, describe, expect, it } from 'vitest';
import { type GracefulHttpServer, gracefulHttpServer } from './graceful-http-server.js';

/**
 * The listener's graceful stop in-process, with real sockets: what the process test
 * (src/graceful-shutdown.test.ts) cannot arrange precisely — an answer still being computed, an event
 * stream, a connection whose request arrives after the drain, and the deadline.
 */

let release: () => void = () => {};
/** Whether the /slow handler is running (its request accepted and waiting for `release`). */
let slowRunning = false;
/** Whether an /events stream has written its first event. */
let eventsRunning = false;
let server: GracefulHttpServer | undefined;

async function slowArrived(): Promise<void> {
  while (!slowRunning) await new Promise((resolve) => setTimeout(resolve, 5));
}

function app(): Hono {
  const hono = new Hono();
  hono.get('/quick', (c) => c.text('quick'));
  hono.get('/slow', async (c) => {
    await new Promise<void>((resolve) => {
      release = resolve;
      slowRunning = true;
    });
    return c.text('slow');
  });
  hono.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      while (!stream.aborted) {
        await stream.writeSSE({ data: 'tick' });
        eventsRunning = true;
        await stream.sleep(20);
      }
    }),
  );
  return hono;
}

async function start(): Promise<string> {
  server = gracefulHttpServer(app().fetch, '127.0.0.1');
  const address = await server.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${address.port}`;
}

function get(url: string, agent?: Agent): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: agent ?? false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

afterEach(async () => {
  release();
  slowRunning = false;
  await server?.close(Date.now());
  server = undefined;
});

describe('gracefulHttpServer', () => {
  it('answers a request that was running at the drain with Connection: close, and closes once it is answered', async () => {
    const url = await start();
    const slow = get(`${url}/slow`);
    await slowArrived();
    server?.drain();
    const closed = server?.close(Date.now() + 10_000);
    let closedAt = 0;
    void closed?.then(() => {
      closedAt = Date.now();
    });
    // Still listening while the slow answer is computed: a probe gets its answer, closing its connection.
    expect(await get(`${url}/quick`)).toEqual({ status: 200, connection: 'close', body: 'quick' });
    const releasedAt = Date.now();
    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'slow' });
    await closed;
    expect(closedAt - releasedAt).toBeLessThan(1_000);
    await expect(get(`${url}/quick`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('ends event streams at the drain and those opened while draining, so they do not hold the shutdown', async () => {
    const url = await start();
    const events = get(`${url}/events`);
    while (!eventsRunning) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    server?.drain();
    const answer = await events;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('data: tick');
    const late = await get(`${url}/events`);
    expect([late.status, late.connection]).toEqual([200, 'close']);
    await server?.close(Date.now() + 10_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps idle kept-alive connections while draining: the next request gets Connection: close, the unused close at the close', async () => {
    const url = await start();
    const used = new Agent({ keepAlive: true, maxSockets: 1 });
    const unused = new Agent({ keepAlive: true, maxSockets: 1 });
    const closedAt = (agent: Agent) => {
      const socket = Object.values(agent.freeSockets).flat()[0];
      return new Promise<number>((resolve) => socket?.once('close', () => resolve(Date.now())));
    };
    try {
      expect(await get(`${url}/quick`, used)).toMatchObject({ status: 200, connection: 'keep-alive' });
      expect(await get(`${url}/quick`, unused)).toMatchObject({ status: 200, connection: 'keep-alive' });
      const usedClosed = closedAt(used);
      const unusedClosed = closedAt(unused);
      const slow = get(`${url}/slow`);
      await slowArrived();
      const closed = server?.close(Date.now() + 10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await get(`${url}/quick`, used)).toEqual({ status: 200, connection: 'close', body: 'quick' });
      const usedAt = await usedClosed;
      const releasedAt = Date.now();
      release();
      await slow;
      await closed;
      expect(usedAt).toBeLessThanOrEqual(releasedAt); // closed by its own answer, before the slow one ended
      expect(await unusedClosed).toBeGreaterThanOrEqual(releasedAt);
    } finally {
      used.destroy();
      unused.destroy();
    }
  });

  it('cuts what is left at the deadline', async () => {
    const url = await start();
    const slow = get(`${url}/slow`);
    slow.catch(() => {});
    await slowArrived();
    const started = Date.now();
    await server?.close(Date.now() + 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
