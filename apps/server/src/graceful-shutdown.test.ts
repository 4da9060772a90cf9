import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, type ClientRequest, request } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { expect, test } from 'vitest';
import { type ServerProcess, spawnServer } from './test/server-process.js';

/**
 * A graceful shutdown of the real server process (issue 31 item 4), measured from outside: clients
 * polling `/readyz` over kept-alive connections, one idle kept-alive connection, and a sign-in whose
 * body is still arriving when SIGTERM comes (an accepted request whose handler is waiting for it). Before this, the server kept answering busy keep-alive
 * connections for the whole MC_SHUTDOWN_TIMEOUT_MS and then reset the requests in flight.
 */

const SHUTDOWN_TIMEOUT_MS = 20_000;
/** How long the slow request's body keeps arriving after SIGTERM was seen. */
const SLOW_BODY_AFTER_SIGTERM_MS = 1_000;
const POLLERS = 4;
const ADMIN = { email: 'shutdown@example.com', password: 'shutdown-admin-password' };

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  sentAt: number;
}
interface Failure {
  code: string;
  reusedSocket: boolean;
  sentAt: number;
}

/** One HTTP request over `agent` (a fresh connection when absent); `write` sends the body. */
function send(
  url: string,
  options: { method?: string; agent?: Agent; headers?: Record<string, string> },
  write: (req: ClientRequest) => void = (req) => req.end(),
): Promise<Answer> {
  const sentAt = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      agent: options.agent ?? false,
      headers: options.headers,
    });
    req.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body, sentAt }),
      );
      response.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { reusedSocket: req.reusedSocket, sentAt })),
    );
    write(req);
  });
}

/**
 * Polls `/readyz` over one kept-alive connection (reconnecting when it is closed), as a load balancer's
 * traffic does: until `/readyz` says the process is not ready or refuses the connection, or `stop()`.
 */
function poller(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Answer[] = [];
  const failures: Failure[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        const answer = await send(`${url}/readyz`, { agent });
        answers.push(answer);
        if (answer.status === 503) running = false;
      } catch (error) {
        const { code = 'unknown', reusedSocket, sentAt } = error as NodeJS.ErrnoException & Failure;
        failures.push({ code, reusedSocket, sentAt });
        if (code === 'ECONNREFUSED') running = false;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    agent.destroy();
  })();
  return {
    answers,
    failures,
    stop: () => {
      running = false;
      return done;
    },
  };
}

async function signIn(url: string): Promise<boolean> {
  const flow = JSON.parse((await send(`${url}/api/.ory/self-service/login/api`, {})).body) as { id: string };
  const answer = await send(
    `${url}/api/.ory/self-service/login?flow=${flow.id}`,
    { method: 'POST', headers: { 'content-type': 'application/json' } },
    (req) => req.end(JSON.stringify({ method: 'password', identifier: ADMIN.email, password: ADMIN.password })),
  );
  return answer.status === 200;
}

/** Resolves when the server has logged `msg`. */
async function logged(server: ServerProcess, msg: string): Promise<number> {
  while (!server.logs.some((entry) => entry.msg === msg)) await new Promise((resolve) => setTimeout(resolve, 10));
  return Date.now();
}

async function databaseEnv(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (testEngine() === 'postgres') {
    const created = await createPostgresTestUrl();
    return { env: { DATABASE_URL: created.url }, cleanup: created.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'mc-shutdown-'));
  return { env: { MC_DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

test('SIGTERM: readiness fails at once, connections close after their answer, nothing accepted is cut, the exit follows the last answer', {
  timeout: 120_000,
}, async () => {
  const database = await databaseEnv();
  const server = spawnServer({
    ...database.env,
    MC_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    MC_ADMIN_EMAIL: ADMIN.email,
    MC_ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const url = await server.url;
    await logged(server, 'job thread started'); // start-up is over: a signal now stops at once
    // The administrator is created while the server starts.
    while (!(await signIn(url))) await new Promise((resolve) => setTimeout(resolve, 200));
    const pollers = Array.from({ length: POLLERS }, () => poller(url));
    // The slow request: a sign-in whose body arrives in two parts, the second well after SIGTERM.
    const flow = JSON.parse((await send(`${url}/api/.ory/self-service/login/api`, {})).body) as { id: string };
    const body = JSON.stringify({ method: 'password', identifier: ADMIN.email, password: ADMIN.password });
    let sendRest: () => void = () => {};
    const slow = send(
      `${url}/api/.ory/self-service/login?flow=${flow.id}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
      (req) => {
        req.write(body.slice(0, 10));
        sendRest = () => req.end(body.slice(10));
      },
    );
    slow.catch(() => {}); // awaited below; a failure before then must not go unhandled
    // Every poller has its kept-alive connection.
    while (pollers.some((p) => p.answers.length < 2)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      pollers.every((p) => p.answers.at(-1)?.status === 200 && p.answers.at(-1)?.connection === 'keep-alive'),
    ).toBe(true);

    // An idle kept-alive connection: one answer, then nothing (made last: Node closes a kept-alive
    // connection idle for 5 s by itself).
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await send(`${url}/livez`, { agent: idleAgent });
    expect(idle.connection).toBe('keep-alive');
    const idleSocket = (Object.values(idleAgent.freeSockets)[0] ?? [])[0] as Socket;
    const idleClosed = new Promise<number>((resolve) => idleSocket.once('close', () => resolve(Date.now())));
    server.child.kill('SIGTERM');
    const sigtermSeen = await logged(server, 'shutting down');
    const readyAfter = await send(`${url}/readyz`, {});
    expect(readyAfter.status).toBe(503);
    expect(readyAfter.connection).toBe('close');
    expect(JSON.parse(readyAfter.body)).toMatchObject({ status: 'not ready', failed: [{ condition: 'draining' }] });

    await new Promise((resolve) => setTimeout(resolve, SLOW_BODY_AFTER_SIGTERM_MS));
    sendRest();
    const slowAnswer = await slow;
    const slowDone = Date.now();
    const idleClosedAt = await idleClosed;
    const exitCode = await server.exited;
    const exitedAt = Date.now();
    await Promise.all(pollers.map((p) => p.stop()));
    idleAgent.destroy();

    console.info(
      `graceful shutdown: idle connection closed ${idleClosedAt - slowDone} ms after the slow answer; ` +
        `exit ${exitedAt - slowDone} ms after the slow answer (${exitedAt - sigtermSeen} ms after SIGTERM, timeout ${SHUTDOWN_TIMEOUT_MS} ms)`,
    );
    expect(slowAnswer.status).toBe(200);
    expect(slowAnswer.connection).toBe('close');
    // The idle connection is kept while work is in flight (closing it under a client writing on it
    // would reset that request), then closed with the listener.
    expect(idleClosedAt).toBeGreaterThanOrEqual(slowDone - 50);
    expect(exitCode).toBe(0);
    expect(exitedAt - slowDone).toBeLessThan(5_000);

    const answers = pollers.flatMap((p) => p.answers);
    const failures = pollers.flatMap((p) => p.failures);
    const afterSigterm = answers.filter((a) => a.sentAt > sigtermSeen);
    console.info(
      `graceful shutdown: ${answers.length} poll answers (${afterSigterm.length} sent after SIGTERM was logged); ` +
        `failures: ${JSON.stringify(failures.map((f) => `${f.code}${f.reusedSocket ? ' (reused socket)' : ''}`))}`,
    );
    // Every poller was told "not ready" while the process still answered, with its connection closing.
    for (const p of pollers) expect(p.answers.at(-1), JSON.stringify(p.answers.at(-1))).toMatchObject({ status: 503 });
    for (const answer of answers.filter((a) => a.status === 503)) expect(answer.connection).toBe('close');
    for (const answer of afterSigterm) expect([answer.status, answer.connection]).toEqual([503, 'close']);
    // Nothing failed: no reset, not even of a request written on a kept-alive connection at SIGTERM.
    expect(failures).toEqual([]);
    expect(server.logs.some((entry) => entry.msg === 'stopped')).toBe(true);
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
    await database.cleanup();
  }
});
